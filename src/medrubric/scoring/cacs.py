"""ClinConsensus metrics for binary, equal-weight rubrics: CACS@k, rubric accuracy, pass@k.

CACS@k counts hits against an absolute threshold, so dropping an errored criterion would
move the case across it: a case with any verdict in error is unscorable and counted.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from typing_extensions import TypedDict  # pydantic reads it (ScoreResult) on Python 3.11

from medrubric.data.models import CaseGrade
from medrubric.scoring.formulas import (
    CACS_NEEDS_N_AT_LEAST_K,
    cacs_scores,
    passes_at_k,
    rubric_accuracies,
)
from medrubric.scoring.records import Interval
from medrubric.stats import bootstrap_ci, wilson_interval


class CacsSummary(TypedDict):
    k: int
    n_grades: int
    n_cases: int
    n_cases_unscorable: int
    n_response_errors: int
    n_errors: int
    mean_hits: float | None
    cacs_at_k: float | None
    cacs_at_k_ci95: Interval | None
    rubric_accuracy: float | None
    rubric_accuracy_ci95: Interval | None
    pass_at_k: float | None
    pass_at_k_ci95: Interval | None


def _check_binary_rubric(grade: CaseGrade, k: int) -> None:
    weights = {v.weight for v in grade.criteria}
    if len(weights) != 1 or next(iter(weights)) <= 0:
        raise ValueError(
            f"case {grade.case_id!r}: CACS needs equal positive weights, got {sorted(weights)}"
        )
    if len(grade.criteria) < k:
        n = len(grade.criteria)
        raise ValueError(
            f"case {grade.case_id!r}: k={k} exceeds its {n} criteria; {CACS_NEEDS_N_AT_LEAST_K}"
        )


def summarize_cacs(
    grades: Sequence[CaseGrade], k: int, *, seed: int = 0, n_resamples: int = 10_000
) -> CacsSummary:
    """Means over cases with 95% CIs: percentile bootstrap for CACS@k and rubric accuracy,
    Wilson for pass@k (a proportion of cases)."""
    hits: list[int] = []
    totals: list[int] = []
    unscorable = response_errors = n_errors = 0
    for grade in grades:
        if grade.response_error is not None:
            response_errors += 1
            continue
        errors = sum(v.error is not None for v in grade.criteria)
        n_errors += errors
        if errors or not grade.criteria:
            unscorable += 1
            continue
        _check_binary_rubric(grade, k)
        hits.append(sum(bool(v.met) for v in grade.criteria))
        totals.append(len(grade.criteria))

    empty: CacsSummary = {
        "k": k,
        "n_grades": len(grades),
        "n_cases": len(hits),
        "n_cases_unscorable": unscorable,
        "n_response_errors": response_errors,
        "n_errors": n_errors,
        "mean_hits": None,
        "cacs_at_k": None,
        "cacs_at_k_ci95": None,
        "rubric_accuracy": None,
        "rubric_accuracy_ci95": None,
        "pass_at_k": None,
        "pass_at_k_ci95": None,
    }
    if not hits:
        return empty
    cacs = cacs_scores(hits, totals, k)
    accuracy = rubric_accuracies(hits, totals)
    passed = passes_at_k(hits, k)
    return {
        **empty,
        "mean_hits": float(np.mean(hits)),
        "cacs_at_k": float(cacs.mean()),
        "cacs_at_k_ci95": bootstrap_ci(cacs, n_resamples=n_resamples, seed=seed),
        "rubric_accuracy": float(accuracy.mean()),
        "rubric_accuracy_ci95": bootstrap_ci(accuracy, n_resamples=n_resamples, seed=seed),
        "pass_at_k": float(passed.mean()),
        "pass_at_k_ci95": wilson_interval(int(passed.sum()), len(hits)),
    }
