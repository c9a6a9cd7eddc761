"""Benchmark score of one model's grades, with bootstrap CIs and breakdowns (SPEC §2).

A verdict in error is left out of its case's score (never read as Not Met) and counted;
a case left with no positive criterion is unscorable and counted; an answer that failed to
generate is counted apart. Nothing is dropped without a count in the Summary.

With several answers per case (`--epochs K`), a case's score is the mean over its scored
answers, the overall CI comes from a bootstrap over cases with epochs nested, and worst-at-k,
reliability@k and the per-case SD say how much the answers to one case vary
(`scoring.epochs`). With K = 1 every figure is the single-answer one.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Container, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from medrubric.data.models import Case, CaseGrade, Response, tag_values
from medrubric.data.vocab import AXES, THEMES
from medrubric.scoring.epochs import (
    complete_matrix,
    nested_bootstrap_ci,
    per_case_sd,
    reliability_at_k,
    worst_at_k,
)
from medrubric.scoring.grades import one_model
from medrubric.scoring.length import length_bias
from medrubric.scoring.records import Stratum, Summary, VarianceSplit
from medrubric.scoring.resample import bootstrap_means_of
from medrubric.scoring.scored import CaseStrata, ScoredGrade, scored_grade
from medrubric.stats import percentile_interval
from medrubric.stats.blas import one_blas_thread
from medrubric.stats.variance import variance_components

SEED, N_RESAMPLES = 0, 10_000  # summary.json's bootstrap
BIAS_THREADS = 2  # the length bias's threads (its figures do not depend on them)


def _clip01(x: float) -> float:
    return min(1.0, max(0.0, x))


def _stratum(values: Sequence[float], means: np.ndarray) -> Stratum:
    """Mean clipped to [0, 1] (a no-op for clipped case scores; HealthBench's rule otherwise),
    with the percentile interval of its bootstrap `means`.

    Clipping is monotone, so clipping the percentile bounds equals the percentile interval
    of the clipped bootstrap means.
    """
    lo, hi = percentile_interval(means, 0.95)
    return Stratum(
        score=_clip01(float(np.mean(values))), ci95=(_clip01(lo), _clip01(hi)), n=len(values)
    )


def _key_order(key: str, preferred: Sequence[str]) -> tuple[int, str]:
    return (preferred.index(key) if key in preferred else len(preferred), key)


class _Strata:
    """The strata of one summary, each bootstrapped once per distinct list of case scores:
    a run of one language, theme or specialty has those strata equal to the whole run (the
    same scores in the same order, so the same figures), and the bootstrap is most of the
    time a summary takes. Lists of one size are bootstrapped together, each block of
    indices drawn once for all of them (`bootstrap_means_of`)."""

    def __init__(self, lists: Iterable[Sequence[float]], seed: int, n_resamples: int) -> None:
        by_size: dict[int, dict[tuple[float, ...], None]] = defaultdict(dict)
        for values in lists:
            if values:
                by_size[len(values)][tuple(values)] = None
        self._done: dict[tuple[float, ...], Stratum] = {}
        for distinct in by_size.values():
            keys = list(distinct)
            for key, means in zip(keys, bootstrap_means_of(keys, seed, n_resamples), strict=True):
                self._done[key] = _stratum(key, means)

    def one(self, values: Sequence[float]) -> Stratum:
        return self._done[tuple(values)]

    def by(
        self, groups: dict[str, list[float]], preferred: Sequence[str] = ()
    ) -> dict[str, Stratum]:
        ordered = sorted(groups, key=lambda k: _key_order(k, preferred))
        return {k: self.one(groups[k]) for k in ordered}


def _mean(values: Sequence[float]) -> float:
    """`numpy.mean` of the values; one value (a case answered once: most per-case means) is
    its own mean (`+ 0.0` turns -0.0 into 0.0 as numpy's sum does) without numpy's ~8 us."""
    if len(values) == 1:
        return float(values[0]) + 0.0
    return float(np.mean(values))


def epoch_variance(per_case: Sequence[Sequence[float]]) -> VarianceSplit | None:
    """The cases/epochs split of the variance of the mean score, on the cases scored in
    every epoch (None for fewer than two such cases)."""
    matrix = complete_matrix(per_case)
    if matrix.shape[0] < 2:
        return None
    return variance_split(matrix[:, :, None])


def variance_split(scores: np.ndarray) -> VarianceSplit:
    """summary.json's `variance` from case scores [case, epoch, repeat] (a complete table)."""
    parts = variance_components(scores)
    return VarianceSplit(
        n_cases=parts.n_cases,
        n_epochs=parts.n_epochs,
        n_repeats=parts.n_repeats,
        components={"cases": parts.case, "epochs": parts.epoch, "grading": parts.grading},
        of_mean=parts.of_mean(),
        shares=parts.shares(),
    )


def expected_strata_sizes(cases: Iterable[Case]) -> set[int]:
    """The sizes of the strata `summarize` bootstraps for the grades of these cases (each
    answered once or more) when every answer and verdict succeeds: known before the grades,
    so their index tables can be drawn while the calls are in flight. A verdict or answer in
    error can make a stratum smaller, a size this cannot know: it is drawn when needed."""
    overall = 0
    counts: dict[tuple[str, str], int] = defaultdict(int)
    for case in cases:
        positive = {c.axis for c in case.rubric if c.weight > 0}
        if not positive:  # unscorable
            continue
        overall += 1
        for stratum in (
            ("theme", case.theme), ("specialty", case.specialty), ("language", case.language),
            *(("axis", axis) for axis in positive),
        ):  # fmt: skip
            counts[stratum] += 1
    return {overall, *counts.values()} - {0}


def expected_lengths(answers: Iterable[Response], scorable: Container[str]) -> list[float]:
    """The case lengths `summarize` passes to the length bias when every answer and verdict
    succeeds (`answers` in the order their grades reach it: `runner.GradeLedger`'s), so the
    bias's lengths side can be computed while the calls are in flight; a run that ends
    otherwise computes it at the end."""
    per_case: dict[str, list[float]] = defaultdict(list)
    for answer in answers:
        if answer.response is not None and answer.case_id in scorable:
            per_case[answer.case_id].append(len(answer.response))
    return [_mean(lengths) for lengths in per_case.values()]


def summarize(
    grades: Iterable[CaseGrade | ScoredGrade],
    *,
    clip: bool = True,
    seed: int = SEED,
    n_resamples: int = N_RESAMPLES,
    tags: Sequence[str] = (),
    pass_threshold: float = 0.5,
    lengths: Mapping[tuple[str, int], int] | None = None,
    temperature: float | None = None,
) -> Summary:
    """Score one model's grades: overall, per axis, theme, specialty, language and tag key.

    ``clip=True`` is the LiveMedBench score (each case clipped to [0, 1]); ``clip=False`` is
    HealthBench parity (raw case ratios, only the means clipped to [0, 1]). Several grades of
    one case (epochs) are averaged into its case score. ``lengths`` ((case id, epoch) ->
    answer characters) adds the length bias. `grades` is read once, so a generator over a
    grades log keeps only per-case scores in memory; they may come already scored
    (`scored_grade`, with the same `clip`).
    """
    models: set[str] = set()
    graders: set[str] = set()
    seen: set[tuple[str, int]] = set()
    repeated: tuple[str, int] | None = None
    n_grades = 0
    per_case: dict[str, list[float]] = defaultdict(list)
    per_case_axis: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    case_lengths: dict[str, list[int]] = defaultdict(list)
    strata: dict[str, CaseStrata] = {}
    epochs = 1
    unscorable = response_errors = n_criteria = n_errors = 0

    for grade in grades:
        one = grade if isinstance(grade, ScoredGrade) else scored_grade(grade, clip)
        if one.clip != clip:
            raise ValueError("grades scored with another clip than the summary's")
        n_grades += 1
        models.add(one.model)
        if one.grader:
            graders.add(one.grader)
        if (one.case_id, one.epoch) in seen and repeated is None:
            repeated = (one.case_id, one.epoch)
        seen.add((one.case_id, one.epoch))
        epochs = max(epochs, one.epoch + 1)
        if one.response_error is not None:
            response_errors += 1
            continue
        n_criteria += one.n_criteria
        n_errors += one.n_errors
        if one.score is None:
            unscorable += 1
            continue
        per_case[one.case_id].append(one.score)
        if one.case_id not in strata:
            strata[one.case_id] = one.strata
        if lengths is not None and (one.case_id, one.epoch) in lengths:
            case_lengths[one.case_id].append(lengths[(one.case_id, one.epoch)])
        for axis, axis_score in one.axes:
            per_case_axis[one.case_id][axis].append(axis_score)

    overall: list[float] = []
    by_axis: dict[str, list[float]] = defaultdict(list)
    by_theme: dict[str, list[float]] = defaultdict(list)
    by_specialty: dict[str, list[float]] = defaultdict(list)
    by_language: dict[str, list[float]] = defaultdict(list)
    by_tag: dict[str, dict[str, list[float]]] = {key: defaultdict(list) for key in tags}
    for case_id, scores in per_case.items():
        where, score = strata[case_id], _mean(scores)
        overall.append(score)
        by_theme[where.theme].append(score)
        by_specialty[where.specialty].append(score)
        by_language[where.language or "unknown"].append(score)
        for key in tags:
            for value in tag_values(where.tags, key):
                by_tag[key][value].append(score)
        for axis_name, axis_scores in per_case_axis[case_id].items():
            by_axis[axis_name].append(_mean(axis_scores))

    model = one_model(models, repeated, n_grades)
    measured = [c for c in per_case if case_lengths.get(c)]
    # the length bias (on two threads: `length_bias`) beside this thread's bootstraps of the
    # strata and of the epochs: numpy work that releases the GIL, so the machine's cores
    # share it, and neither reads what the other computes; their dot products each on
    # their own thread (a BLAS thread would compete with them). Its error is raised here
    # (`result`), after them, never written as a figure.
    with one_blas_thread(), ThreadPoolExecutor(1, thread_name_prefix="medrubric-length") as pool:
        bias = pool.submit(
            length_bias,
            [_mean(case_lengths[c]) for c in measured],
            [_mean(per_case[c]) for c in measured],
            n_resamples=n_resamples,
            seed=seed,
            threads=BIAS_THREADS,
        )
        groups = [by_axis, by_theme, by_specialty, by_language, *by_tag.values()]
        strata_of = _Strata([overall, *(v for g in groups for v in g.values())], seed, n_resamples)
        total = strata_of.one(overall) if overall else None
        answers = list(per_case.values())
        if total is not None and epochs > 1:
            lo, hi = nested_bootstrap_ci(answers, n_resamples, seed)
            total = Stratum(score=total.score, ci95=(_clip01(lo), _clip01(hi)), n=total.n)
        length = bias.result()
    matrix = complete_matrix(answers) if epochs > 1 else np.array(overall).reshape(-1, 1)
    return Summary(
        model=model,
        graders=sorted(graders),
        clip=clip,
        seed=seed,
        n_resamples=n_resamples,
        score=total.score if total else None,
        ci95=total.ci95 if total else None,
        n_grades=n_grades,
        n_cases=len(overall),
        n_cases_unscorable=unscorable,
        n_response_errors=response_errors,
        n_criteria=n_criteria,
        n_verdicts=n_criteria - n_errors,
        n_errors=n_errors,
        by_axis=strata_of.by(by_axis, AXES),
        by_theme=strata_of.by(by_theme, THEMES),
        by_specialty=strata_of.by(by_specialty),
        by_language=strata_of.by(by_language),
        by_tag={key: strata_of.by(by_tag[key]) for key in tags},
        epochs=epochs,
        temperature=temperature,
        pass_threshold=pass_threshold,
        per_case_sd=per_case_sd(answers),
        n_cases_all_epochs=int(matrix.shape[0]),
        worst_at_k=worst_at_k(matrix) or None,
        reliability_at_k=reliability_at_k(matrix, pass_threshold) or None,
        variance=epoch_variance(answers) if epochs > 1 else None,
        length=length,
    )
