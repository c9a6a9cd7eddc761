"""summarize_cacs on binary equal-weight rubrics, with CIs checked against statsmodels/scipy."""

import numpy as np
import pytest
from scipy import stats as scipy_stats
from statsmodels.stats.proportion import proportion_confint

from medrubric.data.models import CaseGrade, Verdict
from medrubric.scoring import summarize_cacs


def binary_grade(case_id, hits, n, errors=0, weight=1):
    verdicts = [
        Verdict(criterion_id=f"r{i}", weight=weight, met=bool(i < hits)) for i in range(n - errors)
    ]
    verdicts += [
        Verdict(criterion_id=f"e{i}", weight=weight, error="timeout") for i in range(errors)
    ]
    return CaseGrade(case_id=case_id, model="m", criteria=verdicts)


def test_worked_example_with_errors_and_failed_answers():
    grades = [
        binary_grade("a", 1, 4),  # below k=2: CACS 0, accuracy 0.25
        binary_grade("b", 2, 4),  # (2 - 2 + 1) / (4 - 2 + 1) = 1/3, accuracy 0.5
        binary_grade("c", 4, 4),  # 1, accuracy 1
        binary_grade("d", 3, 4, errors=1),  # any error: unscorable for a threshold metric
        CaseGrade(case_id="e", model="m", response_error="HTTP 503"),
    ]
    s = summarize_cacs(grades, k=2, n_resamples=500)
    assert (s["n_grades"], s["n_cases"], s["n_cases_unscorable"], s["n_response_errors"]) == (
        5, 3, 1, 1)  # fmt: skip
    assert s["n_errors"] == 1
    assert s["cacs_at_k"] == pytest.approx((0 + 1 / 3 + 1) / 3)
    assert s["rubric_accuracy"] == pytest.approx((0.25 + 0.5 + 1) / 3)
    assert s["pass_at_k"] == pytest.approx(2 / 3)
    assert s["mean_hits"] == pytest.approx(7 / 3)
    assert s["pass_at_k_ci95"] == pytest.approx(proportion_confint(2, 3, method="wilson"))


def test_thirty_criteria_table_10_cases():
    grades = [binary_grade(str(s), s, 30) for s in (9, 10, 15, 30)]
    s = summarize_cacs(grades, k=10, n_resamples=100)
    assert s["cacs_at_k"] == pytest.approx((0 + 1 / 21 + 6 / 21 + 1) / 4)
    assert s["rubric_accuracy"] == pytest.approx((9 + 10 + 15 + 30) / 120)
    assert s["pass_at_k"] == 0.75


def test_bootstrap_ci_agrees_with_scipy():
    rng = np.random.default_rng(11)
    hits = rng.binomial(30, 0.45, size=250)
    s = summarize_cacs([binary_grade(f"c{i}", h, 30) for i, h in enumerate(hits)], k=10)
    cacs = np.where(hits < 10, 0.0, (hits - 9) / 21)
    ref = scipy_stats.bootstrap(
        (cacs,), np.mean, n_resamples=10_000, method="percentile", random_state=2
    ).confidence_interval
    assert s["cacs_at_k"] == pytest.approx(cacs.mean())
    assert s["cacs_at_k_ci95"][0] == pytest.approx(ref.low, abs=0.006)
    assert s["cacs_at_k_ci95"][1] == pytest.approx(ref.high, abs=0.006)


def test_weighted_rubrics_and_small_rubrics_are_rejected():
    mixed = binary_grade("a", 2, 4)
    mixed.criteria[0] = Verdict(criterion_id="r0", weight=5, met=True)
    with pytest.raises(ValueError, match="equal positive weights"):
        summarize_cacs([mixed], k=2)
    with pytest.raises(ValueError, match="equal positive weights"):
        summarize_cacs([binary_grade("n", 0, 3, weight=-1)], k=2)
    with pytest.raises(ValueError, match="exceeds"):
        summarize_cacs([binary_grade("s", 3, 5)], k=10)
    with pytest.raises(ValueError, match="'t': k=6 exceeds its 5 criteria; CACS@k needs"):
        summarize_cacs([binary_grade("s", 3, 6), binary_grade("t", 5, 5)], k=6)


def test_nothing_scorable():
    s = summarize_cacs([binary_grade("d", 3, 4, errors=1)], k=2)
    assert s["n_cases"] == 0 and s["cacs_at_k"] is None and s["pass_at_k_ci95"] is None
