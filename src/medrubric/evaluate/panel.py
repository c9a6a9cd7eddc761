"""Who graded, in numbers: each jury grader's own score, their agreement and spread, grading
noise across repeats, and self-preference (docs/scoring.md states each definition).

Every figure is computed from the run's recorded verdicts (verdicts.jsonl, one GradingCall
per call with its grader and repeat), so it can be recomputed from the run folder alone.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from medrubric.data.models import CaseGrade, Verdict, add_costs
from medrubric.evaluate.jury import Rater, jury_members, rater_grades, rater_verdicts
from medrubric.evaluate.panel_records import (
    Agreement,
    GraderNoise,
    GraderScore,
    JuryReport,
    NoiseReport,
    SelfPreference,
    Spread,
)
from medrubric.evaluate.profiles import GraderSetup
from medrubric.evaluate.rundir import GradingCall
from medrubric.llm.family import model_family
from medrubric.scoring.records import VarianceSplit
from medrubric.scoring.scored import score_verdicts
from medrubric.scoring.summary import summarize, variance_split
from medrubric.stats import (
    cluster_bootstrap_ci,
    cluster_totals_distribution,
    defined_percentile_interval,
    fleiss_kappa,
    gwet_ac1,
    gwet_ac1_from_sums,
    gwet_ac1_terms,
    paired_bootstrap_diff_ci,
    percentile_interval,
    raw_agreement,
)
from medrubric.stats.agreement import fleiss_kappa_from_sums

Graded = list[CaseGrade]


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def _interval(lo: float, hi: float) -> tuple[float, float] | None:
    return (lo, hi) if math.isfinite(lo) and math.isfinite(hi) else None


def answered(grades: Sequence[CaseGrade]) -> Graded:
    return [g for g in grades if g.response_error is None]


def _met(v: Verdict) -> bool | None:
    return None if v.error is not None else v.met


def agreement(by_rater: Sequence[Graded], n_resamples: int, seed: int) -> Agreement:
    """Fleiss' kappa and Gwet's AC1 over (case, criterion) items, a verdict in error counting
    as a missing rating (Gwet's handling of missing ratings); CIs by a bootstrap over cases."""
    ratings: list[list[bool | None]] = []
    case_of: list[str] = []
    for grades in zip(*by_rater, strict=True):
        for verdicts in zip(*(g.criteria for g in grades), strict=True):
            ratings.append([_met(v) for v in verdicts])
            case_of.append(grades[0].case_id)
    n_raters = len(by_rater)
    rated = [r for r in ratings if sum(x is not None for x in r) >= 2]
    if not rated:
        return Agreement(n_items=0, n_raters=n_raters, raw_agreement=None, fleiss_kappa=None,
                         fleiss_kappa_ci95=None, gwet_ac1=None, gwet_ac1_ci95=None)  # fmt: skip
    scale = (True, False)
    terms = gwet_ac1_terms(ratings, scale)
    cases = sorted(set(case_of))
    row = {case: n for n, case in enumerate(cases)}
    by_case = np.zeros((len(cases), terms.shape[1]))
    np.add.at(by_case, [row[c] for c in case_of], terms)

    def both(sums: np.ndarray) -> np.ndarray:
        return np.column_stack([fleiss_kappa_from_sums(sums), gwet_ac1_from_sums(sums)])

    draws = cluster_totals_distribution(by_case, both, n_resamples, seed)
    kappa_ci = defined_percentile_interval(draws[:, 0])
    ac1_ci = defined_percentile_interval(draws[:, 1])
    return Agreement(
        n_items=len(rated),
        n_raters=n_raters,
        raw_agreement=_finite(raw_agreement(ratings)),
        fleiss_kappa=_finite(fleiss_kappa(ratings, scale).statistic),
        fleiss_kappa_ci95=_interval(*kappa_ci),
        gwet_ac1=_finite(gwet_ac1(ratings, scale).statistic),
        gwet_ac1_ci95=_interval(*ac1_ci),
    )


def case_score_table(by_rater: Sequence[Graded], clip: bool) -> tuple[list[str], np.ndarray]:
    """Case ids scored by every rater, and their scores (cases x raters)."""
    ids, rows = [], []
    for grades in zip(*by_rater, strict=True):
        scores = [score_verdicts(g.criteria, clip) for g in grades]
        if all(s is not None for s in scores):
            ids.append(grades[0].case_id)
            rows.append(scores)
    return ids, np.array(rows, dtype=float).reshape(len(rows), len(by_rater))


def spread(by_rater: Sequence[Graded], clip: bool, n_resamples: int, seed: int) -> Spread | None:
    """Range and SD of the graders' mean scores over the cases all of them scored; the
    range's percentile CI resamples those cases."""
    _, table = case_score_table(by_rater, clip)
    if table.shape[0] == 0:
        return None
    means = table.mean(axis=0)

    def score_range(sums: np.ndarray) -> np.ndarray:
        resampled = sums[:, 1:] / sums[:, :1]  # each grader's mean over the drawn cases
        out: np.ndarray = resampled.max(axis=1) - resampled.min(axis=1)
        return out

    totals = np.column_stack([np.ones(table.shape[0]), table])  # a case count, then scores
    ranges = cluster_totals_distribution(totals, score_range, n_resamples, seed)
    return Spread(
        n_cases=int(table.shape[0]),
        range=float(means.max() - means.min()),
        range_ci95=_interval(*percentile_interval(ranges)),
        sd=float(means.std(ddof=1)),
    )


def grader_score(
    grades: Graded, label: str, calls: Sequence[GradingCall], clip: bool, seed: int, n: int,
    validity: dict[str, Any] | None = None,
) -> GraderScore:  # fmt: skip
    scored = summarize(grades, clip=clip, seed=seed, n_resamples=n) if grades else None
    own = [c for c in calls if c.grader == label]
    made = [c for c in own if not c.cached]
    return GraderScore(
        score=scored.score if scored else None,
        ci95=scored.ci95 if scored else None,
        n_cases=scored.n_cases if scored else 0,
        n_errors=scored.n_errors if scored else 0,
        calls=sum(c.calls for c in made),
        cached=sum(c.calls for c in own if c.cached),
        cost_usd=add_costs(*(c.cost_usd for c in made)),
        validity=validity,
    )


def noise(by_repeat: Sequence[Graded], clip: bool, n_resamples: int, seed: int) -> GraderNoise:
    """Flip rate over (case, criterion) items with a verdict in two repeats or more, with a
    bootstrap CI over cases; the per-case variance of the score across repeats."""
    flips: list[float] = []
    case_of: list[str] = []
    for grades in zip(*by_repeat, strict=True):
        for verdicts in zip(*(g.criteria for g in grades), strict=True):
            given = [m for v in verdicts if (m := _met(v)) is not None]
            if len(given) >= 2:
                flips.append(float(len(set(given)) > 1))
                case_of.append(grades[0].case_id)
    _, table = case_score_table(by_repeat, clip)
    repeat_scores = [summarize(g, clip=clip, n_resamples=1).score if g else None
                     for g in by_repeat]  # fmt: skip
    case_sd = score_sd = None
    if table.shape[0]:
        variance = float(table.var(axis=1, ddof=1).mean())
        case_sd = math.sqrt(variance)
        score_sd = math.sqrt(variance / table.shape[0])
    ci = cluster_bootstrap_ci(flips, case_of, n_resamples=n_resamples, seed=seed) if flips else None
    return GraderNoise(
        n_items=len(flips),
        flip_rate=float(np.mean(flips)) if flips else None,
        flip_rate_ci95=_interval(*ci) if ci else None,
        repeat_scores=repeat_scores,
        n_cases=int(table.shape[0]),
        case_sd=case_sd,
        score_sd=score_sd,
    )


def family_flag(candidate: str, labels: Sequence[str]) -> SelfPreference:
    """The graders among `labels` of the candidate's provider family (a jury's grade label,
    `jury:rule(a, b)`, stands for its members), flagged when there is one."""
    graders = [member for label in labels for member in jury_members(label)]
    family = model_family(candidate)
    same = [label for label in graders if family is not None and model_family(label) == family]
    return SelfPreference(candidate_family=family, same_family=same, flagged=bool(same))


def self_preference(
    candidate: str, labels: Sequence[str], by_rater: Sequence[Graded], clip: bool,
    n_resamples: int, seed: int,
) -> SelfPreference:  # fmt: skip
    """Graders of the candidate's family; with graders of both kinds, the mean over cases of
    (own-family graders' mean case score - other graders' mean case score), paired CI."""
    out = family_flag(candidate, labels)
    same = out.same_family
    if not same or len(same) == len(labels):
        return out
    _, table = case_score_table(by_rater, clip)
    if table.shape[0] == 0:
        return out
    own = np.array([label in same for label in labels])
    a, b = table[:, own].mean(axis=1), table[:, ~own].mean(axis=1)
    lo, hi = paired_bootstrap_diff_ci(a, b, n_resamples=n_resamples, seed=seed)
    return out.model_copy(update={"n_cases": int(table.shape[0]),
                                  "own_minus_other": float((a - b).mean()),
                                  "ci95": _interval(lo, hi)})  # fmt: skip


def repeat_variance(by_repeat: Sequence[Graded], clip: bool) -> VarianceSplit | None:
    """The cases / epochs / grading split of the variance of the mean score from one grader's
    case scores at every (epoch, repeat), on the cases scored in all of them (None for fewer
    than two such cases)."""
    cells: dict[str, dict[tuple[int, int], float]] = {}
    for repeat, grades in enumerate(by_repeat):
        for g in grades:
            score = score_verdicts(g.criteria, clip)
            if score is not None:
                cells.setdefault(g.case_id, {})[(g.epoch, repeat)] = score
    epochs = sorted({epoch for found in cells.values() for epoch, _ in found})
    full = [found for found in cells.values() if len(found) == len(epochs) * len(by_repeat)]
    if len(full) < 2:
        return None
    table = [[[found[(e, r)] for r in range(len(by_repeat))] for e in epochs] for found in full]
    return variance_split(np.array(table, dtype=float))


def panel_figures(
    grades: Sequence[CaseGrade],
    calls: Sequence[GradingCall],
    setup: GraderSetup,
    labels: Sequence[str],
    *,
    candidate: str | None = None,
    seed: int = 0,
    n_resamples: int = 10_000,
    validity: Mapping[str, dict[str, Any]] | None = None,
) -> dict[str, object]:
    """summary.json's `jury`, `grading_noise` and `self_preference` fields (and, with repeats,
    `variance` split into cases, epochs and grading); `candidate` is the
    graded model (default: that of the first grade); `validity` each jury grader's agreement
    with physicians by label."""
    graded = answered(grades)
    single = len(set(labels)) == 1

    def rated(label: str, repeat: int) -> Graded:
        found = rater_verdicts(calls, Rater(label, label, repeat), only_grader=single)
        return rater_grades(graded, found, label)

    first = [rated(label, 0) for label in labels]
    if candidate is None:
        candidate = grades[0].model if grades else ""
    out: dict[str, object] = {
        "self_preference": self_preference(candidate, labels, first, setup.clip, n_resamples, seed),
        "jury": None,
        "grading_noise": None,
    }
    if len(labels) > 1:
        out["jury"] = JuryReport(
            rule=setup.jury,
            graders={
                label: grader_score(
                    g, label, calls, setup.clip, seed, n_resamples, (validity or {}).get(label)
                )
                for label, g in zip(labels, first, strict=True)
            },
            agreement=agreement(first, n_resamples, seed),
            spread=spread(first, setup.clip, n_resamples, seed),
        )
    if setup.repeats > 1:
        # the first grader's scores at every epoch and repeat split the variance three ways
        # (it replaces the cases/epochs split `summarize` made)
        out["variance"] = repeat_variance(
            [rated(labels[0], r) for r in range(setup.repeats)], setup.clip
        )
        out["grading_noise"] = NoiseReport(
            repeats=setup.repeats,
            temperature=setup.repeat_temperature,
            by_grader={
                label: noise(
                    [rated(label, r) for r in range(setup.repeats)], setup.clip, n_resamples, seed
                )
                for label in labels
            },
        )
    return out
