"""Repeated answers: worst-at-k and reliability@k against brute-force enumeration of every
k-subset, the nested bootstrap against its closed-form variance, and summarize with epochs."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from medrubric.data.models import CaseGrade, Verdict
from medrubric.scoring import summarize
from medrubric.scoring.epochs import (
    complete_matrix,
    nested_bootstrap_distribution,
    per_case_sd,
    reliability_at_k,
    worst_at_k,
)


def _brute(matrix: np.ndarray, k: int, reduce) -> float:
    per_case = [
        np.mean([reduce(subset) for subset in itertools.combinations(row, k)]) for row in matrix
    ]
    return float(np.mean(per_case))


@pytest.mark.parametrize("n_epochs", [1, 2, 3, 5, 7])
def test_worst_at_k_equals_the_mean_minimum_over_every_k_subset(n_epochs):
    rng = np.random.default_rng(n_epochs)
    matrix = rng.choice([0.0, 0.25, 0.5, 0.75, 1.0], size=(9, n_epochs))  # ties included
    got = worst_at_k(matrix)
    assert sorted(got) == list(range(1, n_epochs + 1))
    for k in got:
        assert got[k] == pytest.approx(_brute(matrix, k, min), abs=1e-12)
    assert got[1] == pytest.approx(matrix.mean())
    assert all(got[k] >= got[k + 1] for k in range(1, n_epochs))  # never rises with k


@pytest.mark.parametrize("threshold", [0.3, 0.5, 0.8])
def test_reliability_at_k_is_the_expected_all_pass_share_over_k_subsets(threshold):
    rng = np.random.default_rng(4)
    matrix = rng.random((11, 5))
    matrix[0] = threshold  # exactly at the threshold passes
    got = reliability_at_k(matrix, threshold)
    for k in got:
        expected = _brute(matrix, k, lambda s: all(x >= threshold for x in s))
        assert got[k] == pytest.approx(expected, abs=1e-12)
    assert got[5] == np.mean((matrix >= threshold).all(axis=1))


def test_nested_bootstrap_variance_matches_its_closed_form():
    """Resampling cases, then answers within each case, gives the mean a variance of
    (Var_i(m_i) + mean_i(s_i^2 / K_i)) / n (population variances): planted data with
    large within-case spread, ragged epochs."""
    rng = np.random.default_rng(0)
    per_case = [list(rng.normal(rng.normal(0.5, 0.1), 0.3, size=k)) for k in [3] * 20 + [2] * 10]
    means = np.array([np.mean(s) for s in per_case])
    within = np.array([np.var(s) / len(s) for s in per_case])
    expected = (np.var(means) + within.mean()) / len(per_case)
    draws = nested_bootstrap_distribution(per_case, n_resamples=40_000, seed=1)
    assert draws.mean() == pytest.approx(means.mean(), abs=0.003)
    assert draws.var() == pytest.approx(expected, rel=0.04)
    cases_only = np.var(means) / len(per_case)  # what a bootstrap over case means would say
    assert draws.var() > 1.5 * cases_only


def test_nested_bootstrap_is_reproducible_and_rejects_empty_cases():
    data = [[0.1, 0.9], [0.5, 0.4], [1.0, 0.0]]
    a = nested_bootstrap_distribution(data, 500, seed=3)
    assert np.array_equal(a, nested_bootstrap_distribution(data, 500, seed=3))
    with pytest.raises(ValueError):
        nested_bootstrap_distribution([[0.1], []], 10)


def test_per_case_sd_pools_variances_and_complete_matrix_keeps_full_cases():
    data = [[0.0, 1.0], [0.5, 0.5], [0.2]]
    assert per_case_sd(data) == pytest.approx(np.sqrt((0.5 + 0.0) / 2))
    assert per_case_sd([[0.3], [0.4]]) is None
    assert complete_matrix(data).shape == (2, 2)


def _grade(case_id: str, epoch: int, met: list[bool], weights=(4, 2, 2)) -> CaseGrade:
    return CaseGrade(
        case_id=case_id,
        model="m",
        epoch=epoch,
        criteria=[
            Verdict(criterion_id=f"{case_id}-{i}", weight=w, met=m)
            for i, (w, m) in enumerate(zip(weights, met, strict=True))
        ],
    )


def test_summarize_scores_cases_by_their_mean_over_epochs():
    plan = {  # case -> met patterns per epoch (scores 1, .5, .25, 0 ...)
        "a": [[True, True, True], [True, False, False], [False, True, True]],
        "b": [[False, False, False], [False, True, False], [True, True, True]],
        "c": [[True, True, False], [True, True, False], [True, True, False]],
    }
    grades = [_grade(c, e, met) for c, rows in plan.items() for e, met in enumerate(rows)]
    summary = summarize(grades, n_resamples=2000)
    scores = {c: [sum(w * m for w, m in zip((4, 2, 2), r, strict=True)) / 8 for r in rows]
              for c, rows in plan.items()}  # fmt: skip
    matrix = np.array(list(scores.values()))
    assert summary.epochs == 3 and summary.n_cases == 3 and summary.n_grades == 9
    assert summary.score == pytest.approx(matrix.mean(axis=1).mean())
    assert summary.worst_at_k == pytest.approx(worst_at_k(matrix))
    assert summary.reliability_at_k == pytest.approx(reliability_at_k(matrix, 0.5))
    assert summary.per_case_sd == pytest.approx(per_case_sd(matrix.tolist()))
    assert summary.variance is not None and summary.variance.n_epochs == 3
    assert sum(summary.variance.shares.values()) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="more than once in epoch 1"):
        summarize([*grades, _grade("a", 1, [True, True, True])])


def test_one_epoch_summary_keeps_its_single_answer_figures():
    grades = [_grade(c, 0, [c != "b", True, False]) for c in "abcd"]
    summary = summarize(grades, n_resamples=500)
    assert summary.epochs == 1 and summary.variance is None and summary.per_case_sd is None
    assert summary.worst_at_k == {1: pytest.approx(summary.score)}
    assert summary.reliability_at_k == {1: 0.75}
