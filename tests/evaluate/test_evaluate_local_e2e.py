"""End to end through a real llama.cpp server running SmolLM2-135M (a plumbing model):
complete, schema-valid run files and a self-contained report, never medical quality."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from medrubric.analysis.runs import load_run
from medrubric.cli.main import app
from medrubric.data.jsonl import load_models
from medrubric.data.models import Case, CaseGrade, Response, RunRecord
from medrubric.evaluate.rundir import GradingCall, RunSummary

# what a browser would fetch or follow: links, scripts, stylesheets, fonts, remote images
EXTERNAL = re.compile(
    r"""(?:src|href|action)\s*=\s*(?!["']?(?:data:|#))|<script\b[^>]*\bsrc|<link|@import|url\(""",
    re.I,
)
CASES = ["syn-en-029", "syn-zh-011"]  # the smallest rubrics per language: a CPU-only model is slow


def test_eval_with_local_model_writes_a_complete_run(local_llm_spec, tmp_path, monkeypatch):
    monkeypatch.setenv("MEDRUBRIC_META_EVAL", str(tmp_path / "no-registry.json"))
    out = tmp_path / "run"
    args = ["eval", "--cases", "sample", "--model", local_llm_spec, "--grader", local_llm_spec,
            "--mode", "batched", "--cases-filter", f"id={','.join(CASES)}",
            "--max-tokens", "32", "--grader-max-tokens", "256", "--timeout", "600",
            "--cache-dir", str(tmp_path / "cache"), "--out", str(out),
            # SmolLM2-135M often breaks the verdict JSON: errors are expected, not a failed run
            "--max-error-rate", "1"]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "SMOKE TEST MODEL" in result.output
    assert result.output.strip().endswith("report.html")

    cases = load_models(out / "cases.jsonl", Case)
    responses = load_models(out / "responses.jsonl", Response)
    grades = load_models(out / "grades.jsonl", CaseGrade)
    calls = load_models(out / "verdicts.jsonl", GradingCall)
    assert sorted(c.id for c in cases) == CASES
    assert {r.case_id for r in responses} == {c.id for c in cases} == {g.case_id for g in grades}
    assert {r.prompt_version for r in responses} == {"generate.en@1", "generate.zh@1"}
    # llama.cpp ends a reply at --max-tokens 32 with finish_reason "length": marked and counted
    assert any(r.truncated for r in responses), [r.usage for r in responses]
    assert all(r.usage.completion_tokens == 32 for r in responses if r.truncated)
    assert f"{sum(r.truncated for r in responses)} cut off at --max-tokens" in result.output
    for grade in grades:
        case = next(c for c in cases if c.id == grade.case_id)
        if grade.response_error is None:
            assert [v.criterion_id for v in grade.criteria] == [c.id for c in case.rubric]
            assert all((v.met is None) != (v.error is None) for v in grade.criteria)
    assert {c.prompt_version for c in calls} <= {"grade_batched.en@1", "grade_batched.zh@1"}

    summary = json.loads((out / "summary.json").read_text())
    typed = RunSummary.model_validate(summary)  # every key has its typed place, none extra
    assert typed.schema_version == 1 and typed.calls is not None and typed.grading is not None
    record = RunRecord.model_validate(summary["provenance"])
    assert record.models["candidate"]["smoke_test"] and record.models["grader"]["smoke_test"]
    assert record.models["candidate"]["model"] == "smollm2" and record.git_revision
    assert set(record.prompt_versions) >= {"generate.en", "generate.zh"}
    assert summary["n_errors"] == sum(v.error is not None for g in grades for v in g.criteria)
    assert summary["calls"]["made"] + summary["calls"]["cached"] >= len(responses) + len(calls)
    assert summary["grader_validity"]["validated"] is False  # no meta-eval of this grader

    html = (out / "report.html").read_text()
    assert not EXTERNAL.search(html), EXTERNAL.search(html)
    assert "SMOKE TEST" in html and html.count("<details") == 2
    assert "Grader not validated" in html
    assert "# Leaderboard" in (out / "leaderboard.md").read_text()


def test_short_per_criterion_template_through_the_local_model(local_llm_spec, tmp_path):
    from medrubric.data.sample import responses_path

    out = tmp_path / "run"
    args = ["grade", "--responses", str(responses_path("demo-hasty")), "--cases", "sample",
            "--cases-filter", f"id={CASES[0]}", "--grader", local_llm_spec,
            "--mode", "per-criterion", "--grader-prompt-version", "2",
            "--grader-max-tokens", "128", "--timeout", "600", "--max-error-rate", "1",
            "--cache-dir", str(tmp_path / "cache"), "--out", str(out), "--quiet"]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    (grade,) = load_models(out / "grades.jsonl", CaseGrade)
    calls = load_models(out / "verdicts.jsonl", GradingCall)
    assert {c.prompt_version for c in calls} == {"grade_criterion.en@2"}
    assert len(calls) == len(grade.criteria) > 0
    assert all((v.met is None) != (v.error is None) for v in grade.criteria)


def test_epochs_through_the_local_model(local_llm_spec, tmp_path):
    """Two sampled answers to one case from the real server: one per epoch, the second asked
    with its own seed, the temperature recorded in the answers and in run.json."""
    out = tmp_path / "run"
    args = ["generate", "--cases", "sample", "--model", local_llm_spec,
            "--cases-filter", f"id={CASES[0]}", "--epochs", "2", "--temperature", "0.8",
            "--max-tokens", "16", "--timeout", "600", "--cache-dir", str(tmp_path / "cache"),
            "--out", str(out), "--quiet"]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    responses = sorted(load_models(out / "responses.jsonl", Response), key=lambda r: r.epoch)
    assert [(r.case_id, r.epoch) for r in responses] == [(CASES[0], 0), (CASES[0], 1)]
    assert [r.params.get("seed") for r in responses] == [None, 1]
    assert all(r.params["temperature"] == 0.8 and r.error is None for r in responses)
    assert json.loads((out / "run.json").read_text())["temperature"] == 0.8


def test_two_grader_jury_through_the_local_model(local_llm_spec, tmp_path):
    """The same local model under two names is a two-grader jury: each keeps its verdicts,
    and summary.json carries both graders' scores and their agreement."""
    from medrubric.data.sample import responses_path

    url = local_llm_spec.partition("@")[2]
    config = tmp_path / "medrubric.toml"
    config.write_text(
        "".join(
            f'[models.{name}]\nprovider = "openai"\nmodel = "smollm2"\nbase_url = "{url}"\n'
            f'label = "{name}"\n'
            for name in ("judge-a", "judge-b")
        ),
        encoding="utf-8",
    )
    out = tmp_path / "run"
    args = ["grade", "--responses", str(responses_path("demo-hasty")), "--cases", "sample",
            "--cases-filter", f"id={CASES[0]}", "--grader", "judge-a", "--grader", "judge-b",
            "--jury", "majority", "--mode", "batched", "--grader-max-tokens", "128",
            "--timeout", "600", "--max-error-rate", "1", "--config", str(config),
            "--cache-dir", str(tmp_path / "cache"), "--out", str(out), "--quiet"]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    calls = load_models(out / "verdicts.jsonl", GradingCall)
    assert sorted(c.grader for c in calls) == ["judge-a", "judge-b"]
    (grade,) = load_models(out / "grades.jsonl", CaseGrade)
    assert grade.grader == "jury:majority(judge-a, judge-b)"
    by = {c.grader: {v.criterion_id: v for v in c.verdicts} for c in calls}
    for v in grade.criteria:  # two graders: a verdict only where both gave the same one
        a, b = by["judge-a"][v.criterion_id], by["judge-b"][v.criterion_id]
        if a.error is None and b.error is None and a.met == b.met:
            assert v.met is a.met
        else:
            assert v.error is not None and v.met is None
    summary = RunSummary.model_validate_json((out / "summary.json").read_text())
    assert summary.jury is not None and set(summary.jury.graders) == {"judge-a", "judge-b"}
    assert summary.self_preference is not None

    # a judge change: the same answers graded again by one of the names alone (a cache of its
    # own, so the model answers again), twice (a grading repeat at temperature > 0) and with
    # the criteria in a seeded order, then the paired difference of the two runs
    again, compared_json = tmp_path / "regraded", tmp_path / "compare.json"
    args = ["regrade", str(out), "--grader", "judge-b", "--grader-repeats", "2",
            "--shuffle-criteria", "7", "--timeout", "600", "--max-error-rate", "1",
            "--config", str(config), "--cache-dir", str(tmp_path / "cache-b"), "--out",
            str(again), "--quiet"]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    (regraded,) = load_models(again / "grades.jsonl", CaseGrade)
    assert regraded.grader == "judge-b" and regraded.case_id == grade.case_id
    recalls = load_models(again / "verdicts.jsonl", GradingCall)
    assert sorted((c.grader, c.repeat) for c in recalls) == [("judge-b", 0), ("judge-b", 1)]
    assert all(
        sorted(v.criterion_id for v in c.verdicts) == sorted(v.criterion_id for v in grade.criteria)
        for c in recalls
    )
    resummary = RunSummary.model_validate_json((again / "summary.json").read_text())
    assert resummary.grading.shuffle_seed == 7 and resummary.grading.repeats == 2
    assert resummary.grading_noise is not None
    assert set(resummary.grading_noise.by_grader) == {"judge-b"}
    args = ["compare", str(out), str(again), "--out", str(compared_json)]
    result = CliRunner().invoke(app, args)
    if not (load_run(out).scores() and load_run(again).scores()):
        # The plumbing model's verdicts may leave no positive criterion to score in a run (its
        # sampled output unreadable each time): compare then has no pair and refuses.
        assert result.exit_code != 0 and "share no scored case id" in str(result.exception)
        return
    assert result.exit_code == 0, result.output
    compared = json.loads(compared_json.read_text(encoding="utf-8"))
    assert compared["same_answers"] is True and compared["grading_changes"]
    assert compared["n_pairs"] == len(compared["pairs"]) <= 1
    assert {"theme", "axis"} <= set(compared["by"])
    for pair in compared["pairs"]:
        assert pair["diff"] == pytest.approx(pair["score_b"] - pair["score_a"])
    if compared["n_pairs"]:
        assert compared["mean_diff"] == pytest.approx(compared["pairs"][0]["diff"])
