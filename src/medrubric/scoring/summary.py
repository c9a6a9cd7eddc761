"""Benchmark score of one model's grades, with bootstrap CIs and breakdowns (SPEC §2).

A verdict in error is left out of its case's score (never read as Not Met) and counted;
a case left with no positive criterion is unscorable and counted; an answer that failed to
generate is counted apart. Nothing is dropped without a count in the Summary.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

import numpy as np

from medrubric.data.models import CaseGrade, Verdict, tag_values
from medrubric.data.vocab import AXES, THEMES
from medrubric.scoring.formulas import case_score
from medrubric.scoring.grades import graded_model
from medrubric.scoring.records import Stratum, Summary
from medrubric.stats import bootstrap_ci


def score_verdicts(verdicts: Iterable[Verdict], clip: bool = True) -> float | None:
    """Case score over the verdicts that are not errors; None if no positive one is left."""
    usable = [v for v in verdicts if v.error is None]
    if not any(v.weight > 0 for v in usable):
        return None
    met = [bool(v.met) if v.share is None else v.share for v in usable]
    return case_score([v.weight for v in usable], met, clip)


def _clip01(x: float) -> float:
    return min(1.0, max(0.0, x))


def _stratum(values: Sequence[float], seed: int, n_resamples: int) -> Stratum:
    """Mean clipped to [0, 1] (a no-op for clipped case scores; HealthBench's rule otherwise).

    Clipping is monotone, so clipping the percentile bounds equals the percentile interval
    of the clipped bootstrap means.
    """
    lo, hi = bootstrap_ci(values, n_resamples=n_resamples, seed=seed)
    return Stratum(
        score=_clip01(float(np.mean(values))), ci95=(_clip01(lo), _clip01(hi)), n=len(values)
    )


def _key_order(key: str, preferred: Sequence[str]) -> tuple[int, str]:
    return (preferred.index(key) if key in preferred else len(preferred), key)


def _strata(
    groups: dict[str, list[float]],
    seed: int,
    n_resamples: int,
    preferred: Sequence[str] = (),
) -> dict[str, Stratum]:
    ordered = sorted(groups, key=lambda k: _key_order(k, preferred))
    return {k: _stratum(groups[k], seed, n_resamples) for k in ordered}


def summarize(
    grades: Sequence[CaseGrade],
    *,
    clip: bool = True,
    seed: int = 0,
    n_resamples: int = 10_000,
    tags: Sequence[str] = (),
) -> Summary:
    """Score one model's grades: overall, per axis, theme, specialty, language and tag key.

    ``clip=True`` is the LiveMedBench score (each case clipped to [0, 1]); ``clip=False`` is
    HealthBench parity (raw case ratios, only the means clipped to [0, 1]).
    """
    model = graded_model(grades)
    overall: list[float] = []
    by_axis: dict[str, list[float]] = defaultdict(list)
    by_theme: dict[str, list[float]] = defaultdict(list)
    by_specialty: dict[str, list[float]] = defaultdict(list)
    by_language: dict[str, list[float]] = defaultdict(list)
    by_tag: dict[str, dict[str, list[float]]] = {key: defaultdict(list) for key in tags}
    unscorable = response_errors = n_criteria = n_errors = 0

    for grade in grades:
        if grade.response_error is not None:
            response_errors += 1
            continue
        n_criteria += len(grade.criteria)
        n_errors += sum(v.error is not None for v in grade.criteria)
        score = score_verdicts(grade.criteria, clip)
        if score is None:
            unscorable += 1
            continue
        overall.append(score)
        by_theme[grade.theme].append(score)
        by_specialty[grade.specialty].append(score)
        by_language[grade.language or "unknown"].append(score)
        for key in tags:
            for value in tag_values(grade.tags, key):
                by_tag[key][value].append(score)
        for axis in {v.axis for v in grade.criteria}:
            axis_score = score_verdicts((v for v in grade.criteria if v.axis == axis), clip)
            if axis_score is not None:
                by_axis[axis].append(axis_score)

    total = _stratum(overall, seed, n_resamples) if overall else None
    return Summary(
        model=model,
        graders=sorted({g.grader for g in grades if g.grader}),
        clip=clip,
        seed=seed,
        n_resamples=n_resamples,
        score=total.score if total else None,
        ci95=total.ci95 if total else None,
        n_grades=len(grades),
        n_cases=len(overall),
        n_cases_unscorable=unscorable,
        n_response_errors=response_errors,
        n_criteria=n_criteria,
        n_verdicts=n_criteria - n_errors,
        n_errors=n_errors,
        by_axis=_strata(by_axis, seed, n_resamples, AXES),
        by_theme=_strata(by_theme, seed, n_resamples, THEMES),
        by_specialty=_strata(by_specialty, seed, n_resamples),
        by_language=_strata(by_language, seed, n_resamples),
        by_tag={key: _strata(by_tag[key], seed, n_resamples) for key in tags},
    )
