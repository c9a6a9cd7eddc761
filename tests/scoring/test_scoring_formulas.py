"""Scoring formulas against hand-computed values and ClinConsensus Table 10."""

import numpy as np
import pytest

from medrubric.scoring import (
    cacs_at_k,
    cacs_scores,
    case_score,
    pass_at_k,
    passes_at_k,
    rubric_accuracies,
    rubric_accuracy,
)


def test_case_score_met_negative_subtracts():
    # (5 - 4) / (5 + 3)
    assert case_score([5, 3, -4], [True, False, True]) == pytest.approx(0.125)


def test_case_score_unmet_negative_costs_nothing():
    assert case_score([5, 3, -4], [True, True, False]) == pytest.approx(1.0)


def test_case_score_net_negative_clipped_by_default_raw_in_healthbench_mode():
    assert case_score([5, -8], [False, True]) == 0.0
    assert case_score([5, -8], [False, True], clip=False) == pytest.approx(-1.6)


def test_case_score_partial_positive():
    assert case_score([4, 6, 2, -10], [False, True, True, False]) == pytest.approx(8 / 12)


def test_case_score_undefined_without_positive_weight():
    with pytest.raises(ValueError, match="undefined"):
        case_score([-3, -1], [True, False])
    with pytest.raises(ValueError, match="differ in length"):
        case_score([3], [True, False])


@pytest.mark.parametrize(
    ("hits", "expected_accuracy", "expected_pass", "expected_cacs"),
    [(9, 0.300, 0.0, 0.0), (10, 0.333, 1.0, 0.048), (15, 0.500, 1.0, 0.286), (30, 1.0, 1.0, 1.0)],
)
def test_clinconsensus_table_10(hits, expected_accuracy, expected_pass, expected_cacs):
    assert rubric_accuracy(hits, 30) == pytest.approx(expected_accuracy, abs=5e-4)
    assert pass_at_k(hits, 10) == expected_pass
    assert cacs_at_k(hits, 30, 10) == pytest.approx(expected_cacs, abs=5e-4)


@pytest.mark.parametrize(
    ("hits", "n", "k", "expected"),
    [(1, 5, 2, 0.0), (2, 5, 2, 1 / 4), (4, 5, 2, 3 / 4), (5, 5, 2, 1.0), (8, 12, 6, 3 / 7),
     (1, 1, 1, 1.0), (0, 1, 1, 0.0), (3, 3, 3, 1.0), (2, 3, 3, 0.0)],
)  # fmt: skip
def test_cacs_other_n(hits, n, k, expected):
    assert cacs_at_k(hits, n, k) == pytest.approx(expected)


def test_vectorised_forms_match_scalars():
    hits = np.array([0, 3, 9, 10, 17, 30])
    n = np.array([30, 30, 30, 30, 20, 30])
    assert cacs_scores(hits, n, 10).tolist() == [
        cacs_at_k(h, m, 10) for h, m in zip(hits, n, strict=True)
    ]
    assert rubric_accuracies(hits, n).tolist() == [
        rubric_accuracy(h, m) for h, m in zip(hits, n, strict=True)
    ]
    assert passes_at_k(hits, 10).tolist() == [0, 0, 0, 1, 1, 1]


def test_cacs_refuses_rubrics_shorter_than_k():
    """N = k − 1 would score every answer 0 by the formula (s ≤ N < k): refused, named."""
    assert cacs_at_k(10, 10, 10) == 1.0 and cacs_at_k(9, 10, 10) == 0.0  # N = k is defined
    for hits in range(10):
        with pytest.raises(ValueError, match=r"k=10 exceeds N=9: CACS@k needs at least k"):
            cacs_at_k(hits, 9, 10)
    with pytest.raises(ValueError, match="exceeds N=9"):
        cacs_scores([3, 12], [9, 30], 10)


@pytest.mark.parametrize(
    "call",
    [lambda: cacs_at_k(31, 30, 10), lambda: cacs_at_k(5, 8, 10), lambda: cacs_at_k(5, 30, 0),
     lambda: rubric_accuracy(-1, 30), lambda: rubric_accuracy(0, 0), lambda: pass_at_k(3, 0),
     lambda: pass_at_k(-1, 2)],
)  # fmt: skip
def test_invalid_counts_raise(call):
    with pytest.raises(ValueError):
        call()
