"""Error rates per axis, bottom-N overlap and group correlations against hand counts and scipy."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from scipy import stats as sps

from medrubric.analysis.errors import bottom_overlap, correlation_matrix, error_rates
from medrubric.analysis.runs import Run, load_runs
from medrubric.data.models import CaseGrade, Verdict


def _v(cid: str, weight: int, axis: str, met: bool | None) -> Verdict:
    if met is None:
        return Verdict(criterion_id=cid, weight=weight, axis=axis, error="grader timeout")  # type: ignore[arg-type]
    return Verdict(criterion_id=cid, weight=weight, axis=axis, met=met)  # type: ignore[arg-type]


def test_error_rate_per_axis_counts_unmet_positive_and_met_negative() -> None:
    grade = CaseGrade(
        case_id="c1",
        model="m",
        criteria=[
            _v("a", 5, "accuracy", True),  # fine
            _v("b", 3, "accuracy", False),  # error: unmet positive
            _v("c", -4, "safety", True),  # error: met negative
            _v("d", -2, "safety", False),  # fine
            _v("e", 2, "safety", None),  # grader error: left out, counted
        ],
    )
    failed = CaseGrade(case_id="c2", model="m", response_error="boom")
    rates = error_rates(Run(path=Path("."), model="m", grader="g", grades=[grade, failed]))
    assert (rates.overall.errors, rates.overall.judged, rates.overall.grader_errors) == (2, 4, 1)
    assert rates.by_axis["accuracy"].rate == pytest.approx(0.5)
    assert rates.by_axis["safety"].rate == pytest.approx(0.5)
    assert rates.by_axis["safety"].grader_errors == 1
    lo, hi = rates.overall.ci95  # type: ignore[misc]
    assert lo < 0.5 < hi


def test_bottom_overlap_is_jaccard_of_lowest_cases(make_run) -> None:  # type: ignore[no-untyped-def]
    a = [{"case_id": f"c{i}", "hits": i} for i in range(8)]  # c0..c7 ascending
    b = [{"case_id": f"c{i}", "hits": (i + 2) % 8} for i in range(8)]  # lowest: c6, c7, c0
    runs = load_runs([make_run("a", a), make_run("b", b)])
    result = bottom_overlap(runs, n=3)
    # bottom-3 of a: {c0, c1, c2}; of b: {c6, c7, c0} -> 1 / 5
    assert result.n == 3 and result.n_common_cases == 8
    assert result.matrix[0][1] == pytest.approx(1 / 5) and result.mean == pytest.approx(1 / 5)
    assert bottom_overlap(runs, n=100).n == 8  # capped by the cases both answered


def test_specialty_correlation_matches_scipy(make_run) -> None:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(0)
    specialties = ["cardiology", "dermatology", "neurology"]
    runs = []
    for m in range(5):
        specs = [
            {"case_id": f"{s}-{i}", "hits": int(rng.integers(0, 11)), "specialty": s}
            for s in specialties
            for i in range(4)
        ]
        runs.append(make_run(f"model{m}", specs))
    loaded = load_runs(runs)
    matrix = correlation_matrix(loaded, "specialty")
    assert matrix.groups == specialties and matrix.n_models == 5
    means = {
        s: [np.mean([v for c, v in r.scores().items() if c.startswith(s)]) for r in loaded]
        for s in specialties
    }
    expected = sps.pearsonr(means["cardiology"], means["neurology"])
    assert matrix.r[0][2] == pytest.approx(expected.statistic)
    assert matrix.p[0][2] == pytest.approx(expected.pvalue)
    assert matrix.r[1][1] == pytest.approx(1.0)
