"""`score --calibrate`: physician verdicts (the review export CSV) become physician case
scores with the grades' weights, and the calibrated score is PPI++ on case scores, equal to
ppi_python's."""

from __future__ import annotations

import csv

import numpy as np
import pytest

from medrubric.analysis.calibration import calibrate, physician_scores
from medrubric.data.models import CaseGrade, Verdict
from medrubric.errors import InputError
from medrubric.scoring import case_score

WEIGHTS = (5, 3, -4)


def _grades(n: int, rng: np.random.Generator) -> list[CaseGrade]:
    return [
        CaseGrade(
            case_id=f"c{i}",
            model="m",
            epoch=epoch,
            criteria=[
                Verdict(criterion_id=f"c{i}-k{j}", weight=w, met=bool(rng.random() < 0.6))
                for j, w in enumerate(WEIGHTS)
            ],
        )
        for i in range(n)
        for epoch in (0, 1)
    ]


def test_review_export_verdicts_calibrate_like_ppi_python(tmp_path):
    ppi_py = pytest.importorskip("ppi_py")
    rng = np.random.default_rng(3)
    grades = _grades(30, rng)
    labels = tmp_path / "review-export.csv"
    physician_met: dict[str, dict[str, list[bool]]] = {}
    with labels.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["case_id", "criterion_id", "rater", "met", "model"])
        for i in range(12):  # 12 of 30 cases labelled, by two physicians
            for rater in ("dr-a", "dr-b"):
                row = [bool(rng.random() < 0.5) for _ in WEIGHTS]
                physician_met.setdefault(f"c{i}", {})[rater] = row
                for j, met in enumerate(row):
                    writer.writerow([f"c{i}", f"c{i}-k{j}", rater, "yes" if met else "no", "m"])
    expected_y = {
        case: float(np.mean([case_score(list(WEIGHTS), met) for met in raters.values()]))
        for case, raters in physician_met.items()
    }
    assert physician_scores(labels, grades) == pytest.approx(expected_y)

    grader = {}
    for g in grades:
        grader.setdefault(g.case_id, []).append(
            case_score([v.weight for v in g.criteria], [bool(v.met) for v in g.criteria])
        )
    yhat_all = np.array([np.mean(s) for s in grader.values()])
    labelled = sorted(expected_y)
    y = np.array([expected_y[c] for c in labelled])
    yhat = np.array([np.mean(grader[c]) for c in labelled])
    result = calibrate(grades, labels)
    assert result.n_labelled == 12
    assert result.estimate == pytest.approx(
        float(np.squeeze(ppi_py.ppi_mean_pointestimate(y, yhat, yhat_all))), abs=1e-9
    )
    lo, hi = ppi_py.ppi_mean_ci(y, yhat, yhat_all, alpha=0.05)
    assert result.ci95 == pytest.approx((float(np.squeeze(lo)), float(np.squeeze(hi))), abs=1e-9)
    assert result.labels_only == pytest.approx(y.mean())
    assert result.grader_on_labelled == pytest.approx(yhat.mean())


def test_labels_of_other_cases_are_an_input_error(tmp_path):
    grades = _grades(3, np.random.default_rng(0))
    labels = tmp_path / "scores.csv"
    labels.write_text("case_id,score\nelsewhere,0.4\nc1,0.5\n", encoding="utf-8")
    with pytest.raises(InputError, match="1 labelled case"):
        calibrate(grades, labels)
