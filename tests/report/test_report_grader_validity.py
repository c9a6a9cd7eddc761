"""A run's summary.json and report.html carry its grader's agreement with physicians from the
meta-eval registry, or say the grader is not validated (real HTTP through the replay server)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from medrubric.analysis.labels import load_labels
from medrubric.analysis.metaeval import meta_eval
from medrubric.analysis.registry import record, validity_line
from medrubric.analysis.runs import Run
from medrubric.cli.main import app
from medrubric.data.formats import load_meta_eval
from medrubric.data.models import CaseGrade, Verdict
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer

META_ROWS = Path(__file__).parents[1] / "analysis" / "fixtures" / "meta_eval_small.jsonl"


def _validate(grader: str, registry: Path) -> None:
    """A meta-eval of `grader` on the small HealthBench-style fixture, recorded."""
    rows = load_meta_eval(META_ROWS)
    grades: dict[str, CaseGrade] = {}
    for i, row in enumerate(rows):
        grade = grades.setdefault(
            row.completion_id,
            CaseGrade(case_id=row.prompt_id, model=row.completion_id, grader=grader),
        )
        grade.criteria.append(Verdict(criterion_id=row.criterion_id, weight=1, met=i % 3 != 1))
    runs = [Run(path=META_ROWS, model=m, grader=grader, grades=[g]) for m, g in grades.items()]
    report = meta_eval(load_labels(META_ROWS), runs, method="healthbench", n_resamples=300)
    record(report, registry)


def _grade(spec: str, out: Path, answers: Path) -> dict:
    args = ["grade", "--responses", str(answers), "--cases", "sample", "--grader", spec,
            "--out", str(out), "--quiet"]  # fmt: skip
    result = CliRunner().invoke(app, args, env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert f"grader {validity_line(summary['grader_validity'])}" in result.output
    return summary


def _score(grades: Path, out: Path) -> tuple[dict, str]:
    args = ["score", str(grades), "--out", str(out), "--resamples", "50"]
    result = CliRunner().invoke(app, args, env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.output
    return json.loads((out / "summary.json").read_text(encoding="utf-8")), result.output


def test_report_shows_validity_figures_or_not_validated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    registry = tmp_path / "registry.json"
    monkeypatch.setenv("MEDRUBRIC_META_EVAL", str(registry))
    answers = tmp_path / "answers.jsonl"
    answers.write_text('{"case_id": "syn-en-001", "response": "Call an ambulance now."}\n')
    with ReplayServer(rubric_replay_handler) as server:
        spec = f"openai:replay@{server.base_url}"
        before = _grade(spec, tmp_path / "run", answers)
        html_before = (tmp_path / "run" / "report.html").read_text(encoding="utf-8")
        calls = server.total
        scored_before, said_before = _score(tmp_path / "run" / "grades.jsonl", tmp_path / "s1")
        _validate(spec, registry)
        after = _grade(spec, tmp_path / "run", answers)  # the finished run, run again
        assert server.total == calls  # nothing graded again: only summary and report rebuilt

    assert before["grader_validity"]["validated"] is False
    assert before["grader_validity"]["note"].startswith("grader not validated")
    assert "Grader not validated" in html_before

    v = after["grader_validity"]
    entry = json.loads(registry.read_text())[spec]
    assert v["measured"] is True and v["grader"] == spec and v["method"] == "healthbench"
    # measured on a small fixture: far below the stated bar, so not validated, and it says why
    assert v["validated"] is False and v["n_items"] < 100
    assert v["bar"] == "Macro F1 at least the physicians' own, on at least 100 labelled criteria"
    assert v["verdict"].startswith("does not clear the bar")
    assert f"only {v['n_items']}" in v["verdict"]
    hb = entry["healthbench"]
    assert (v["macro_f1"], v["cohen_kappa"], v["gwet_ac1"]) == (
        hb["macro_f1"], hb["cohen_kappa"], hb["gwet_ac1"]
    )  # fmt: skip
    assert v["macro_f1_ci95"] == hb["macro_f1_ci95"] and v["gwet_ac1_ci95"] is not None
    assert v["labels"] == str(META_ROWS) and v["date"] == entry["date"]
    assert v["source"] == str(registry) and v["physician_macro_f1"] == hb["physician_macro_f1"]
    html = (tmp_path / "run" / "report.html").read_text(encoding="utf-8")
    lo, hi = v["macro_f1_ci95"]
    assert f"Macro F1 {v['macro_f1']:.3f} [{lo:.3f}, {hi:.3f}]" in html
    assert "healthbench meta-eval" in html and entry["date"] in html
    assert "Not validated: the grader does not clear the bar" in html

    # `medrubric score` knows the grader by the name its grades carry (a bare grades file has
    # no spec): not validated until a meta-eval records that name, then its figures
    grades_file = tmp_path / "run" / "grades.jsonl"
    label = json.loads(grades_file.read_text(encoding="utf-8").splitlines()[0])["grader"]
    assert scored_before["grader_validity"]["validated"] is False
    assert f"grader {label}: grader not validated" in said_before
    _validate(label, registry)
    scored_after, said_after = _score(grades_file, tmp_path / "s2")
    w = scored_after["grader_validity"]
    assert w["measured"] is True and w["grader"] == label and w["macro_f1"] == v["macro_f1"]
    line = f"grader {label} vs physicians: Macro F1 {w['macro_f1']:.2f} [{lo:.2f}, {hi:.2f}]"
    assert line in said_after and "NOT validated: does not clear the bar" in said_after


def test_a_jury_records_and_shows_each_graders_validity(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every jury grader is looked up: the registry holds the second grader's meta-eval only,
    so summary.json and report.html carry its figures and say the first is not validated."""
    registry = tmp_path / "registry.json"
    monkeypatch.setenv("MEDRUBRIC_META_EVAL", str(registry))
    answers = tmp_path / "answers.jsonl"
    answers.write_text('{"case_id": "syn-en-001", "response": "Call an ambulance now."}\n')
    with ReplayServer(rubric_replay_handler) as server:
        first, second = (f"openai:{name}@{server.base_url}" for name in ("replay", "other"))
        _validate(second, registry)
        args = ["grade", "--responses", str(answers), "--cases", "sample", "--grader", first,
                "--grader", second, "--jury", "any", "--out", str(tmp_path / "run"),
                "--quiet"]  # fmt: skip
        result = CliRunner().invoke(app, args, env={"COLUMNS": "400"})
        assert result.exit_code == 0, result.output
    summary = json.loads((tmp_path / "run" / "summary.json").read_text(encoding="utf-8"))
    graders = summary["jury"]["graders"]
    assert list(graders) == ["openai:replay", "openai:other"]
    unmeasured, measured = graders["openai:replay"]["validity"], graders["openai:other"]["validity"]
    assert unmeasured["measured"] is False and unmeasured["grader"] == first
    assert measured["measured"] is True and measured["grader"] == second
    assert measured["source"] == str(registry) and measured["validated"] is False
    hb = json.loads(registry.read_text())[second]["healthbench"]
    assert measured["macro_f1"] == hb["macro_f1"]
    assert summary["grader_validity"] == unmeasured  # the run's field: the first grader's
    html = (tmp_path / "run" / "report.html").read_text(encoding="utf-8")
    table = html[html.index("<th>Agreement with physicians</th>") :]
    table = table[: table.index("</table>")]
    lo, hi = measured["macro_f1_ci95"]
    row = table[table.index("<td>openai:other</td>") :]
    assert f"Macro F1 {measured['macro_f1']:.3f} [{lo:.3f}, {hi:.3f}]" in row.split("</tr>")[0]
    assert "not validated</td>" in table[table.index("<td>openai:replay</td>") :].split("</tr>")[0]


@pytest.mark.parametrize(
    ("figures", "validated", "why"),
    [
        ({"n_items": 22, "macro_f1": 0.31, "physician_macro_f1": 0.7}, False, "only 22"),
        ({"n_items": 400, "macro_f1": 0.65, "physician_macro_f1": 0.7}, False, "below"),
        ({"n_items": 400, "macro_f1": 0.72, "physician_macro_f1": None}, False, "no physician"),
        ({"n_items": 100, "macro_f1": 0.72, "physician_macro_f1": 0.7}, True, "clears"),
    ],
)
def test_the_bar_a_measured_grader_must_clear(figures, validated, why) -> None:
    from medrubric.analysis.registry import bar_verdict

    ok, verdict = bar_verdict(figures)
    assert ok is validated and why in verdict
