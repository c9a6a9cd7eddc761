"""`medrubric rubric lint --runs`: the item analysis finds a criterion whose verdicts run
against answer quality, and flags nothing when verdicts carry no signal."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest
from scipy.stats import pointbiserialr
from typer.testing import CliRunner

from medrubric.cli.main import app
from medrubric.data.models import Case, CaseGrade, Verdict
from medrubric.rubric.items import fisher_interval, item_analysis, item_findings
from medrubric.scoring import score_verdicts

WEIGHTS = {"c1": 5, "c2": 4, "c3": 3, "c4": -4, "c5": 5}
N_ANSWERS = 20


def approx(value: float) -> object:
    return pytest.approx(value, rel=1e-9, abs=1e-12)


def _grades(met_of: dict[str, list[bool]]) -> list[CaseGrade]:
    return [
        CaseGrade(
            case_id="p1",
            model=f"answer-{i:02d}",
            criteria=[
                Verdict(criterion_id=cid, weight=WEIGHTS[cid], met=met_of[cid][i])
                for cid in WEIGHTS
            ],
        )
        for i in range(N_ANSWERS)
    ]


def _planted() -> list[CaseGrade]:
    """Answer quality rises with i: good criteria are met by better answers, the negative c4 by
    poor ones, and c5 (+5) by poor ones: a flipped sign."""
    rng = random.Random(7)
    quality = [i / (N_ANSWERS - 1) for i in range(N_ANSWERS)]
    noisy = [q + rng.uniform(-0.15, 0.15) for q in quality]
    return _grades(
        {
            "c1": [q > 0.3 for q in noisy],
            "c2": [q > 0.5 for q in noisy],
            "c3": [q > 0.7 for q in noisy],
            "c4": [q < 0.35 for q in noisy],
            "c5": [q < 0.45 for q in quality],
        }
    )


def _null() -> list[CaseGrade]:
    rng = random.Random(11)
    return _grades({cid: [rng.random() < 0.5 for _ in range(N_ANSWERS)] for cid in WEIGHTS})


def test_planted_flip_is_found_with_p_below_001() -> None:
    items = {i.criterion_id: i for i in item_analysis(_planted())}
    flip = items["c5"]
    assert flip.n == N_ANSWERS and flip.pvalue is not None and flip.pvalue < 0.01
    assert flip.discrimination is not None and flip.discrimination < 0
    findings = item_findings(list(items.values()))
    assert [(f.criterion_id, f.check, f.severity) for f in findings] == [
        ("c5", "negative_discrimination", "error")
    ]
    # the negative criterion c4 is met by poor answers: it discriminates the right way
    assert items["c4"].discrimination is not None and items["c4"].discrimination > 0


def test_discrimination_matches_scipy_point_biserial() -> None:
    grades = _planted()
    met = [int(bool(next(v for v in g.criteria if v.criterion_id == "c2").met)) for g in grades]
    rest = [score_verdicts([v for v in g.criteria if v.criterion_id != "c2"], True) for g in grades]
    expected = pointbiserialr(met, rest)
    item = next(i for i in item_analysis(grades) if i.criterion_id == "c2")
    assert item.discrimination == approx(expected.statistic)
    assert item.pvalue == approx(expected.pvalue)
    z, half = math.atanh(expected.statistic), 1.959963984540054 / math.sqrt(N_ANSWERS - 3)
    assert item.ci95 == (approx(math.tanh(z - half)), approx(math.tanh(z + half)))
    assert fisher_interval(1.0, 10) == (1.0, 1.0)


def test_a_null_flags_nothing() -> None:
    assert item_findings(item_analysis(_null())) == []


def test_met_by_every_answer_is_a_note() -> None:
    always = _grades(
        {cid: [cid == "c3" or i % 2 == 0 for i in range(N_ANSWERS)] for cid in WEIGHTS}
    )
    notes = [f for f in item_findings(item_analysis(always)) if f.check == "no_information"]
    assert [(f.criterion_id, f.severity) for f in notes] == [("c3", "note")]


def test_the_command_reads_graded_runs(tmp_path: Path) -> None:
    rubric = [
        {"id": cid, "text": f"Criterion {cid} names a concrete step", "weight": w}
        for cid, w in WEIGHTS.items()
    ]
    case = Case.model_validate({"id": "p1", "language": "en", "query": "q", "rubric": rubric})
    cases, grades = tmp_path / "cases.jsonl", tmp_path / "grades.jsonl"
    cases.write_text(case.model_dump_json() + "\n", "utf-8")
    grades.write_text("".join(g.model_dump_json() + "\n" for g in _planted()), "utf-8")
    out = tmp_path / "lint"
    argv = ["rubric", "lint", str(cases), "--runs", str(grades), "--out", str(out)]
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 1, result.output
    rows = [json.loads(line) for line in (out / "lint.jsonl").read_text("utf-8").splitlines()]
    flips = [r for r in rows if r["check"] == "negative_discrimination"]
    assert [(r["criterion_id"], r["family"]) for r in flips] == [("c5", "runs")]
    assert "discrimination" in flips[0]["evidence"]
    items = (out / "items.jsonl").read_text("utf-8").splitlines()
    assert len(items) == len(WEIGHTS)
    assert "Item analysis" in (out / "lint.html").read_text("utf-8")
