"""The engine over real HTTP (the replay server): faults, resume, secrets, dry run."""

from __future__ import annotations

import asyncio
import hashlib
import json
import re

import pytest
from typer.testing import CliRunner

from medrubric.cli.main import app
from medrubric.data.jsonl import load_models
from medrubric.data.models import CaseGrade, Response
from medrubric.evaluate.profiles import resolve_setup
from medrubric.evaluate.rundir import RunDir
from medrubric.evaluate.runner import RunOptions
from medrubric.evaluate.runner import run_eval as run_stages
from medrubric.report.run import write_run_reports
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import FaultPlan, ReplayServer


async def run_eval(opts):
    """The engine as `medrubric eval` runs it: the stages, then the reports."""
    result = await run_stages(opts)
    write_run_reports(result)
    return result.summary.model_dump(mode="json"), result.progress


def _options(server, tmp_path, mode="batched", **extra):
    spec = f"openai:replay@{server.base_url}"
    fields = {"cases": "sample", "out": tmp_path / "run", "limit": 4, "model": spec}
    fields |= {"cache_dir": tmp_path / "cache", "show_progress": False}
    return RunOptions(setup=resolve_setup(None, spec, mode), **(fields | extra))


def _criterion_met(criterion_id):
    return hashlib.sha256(criterion_id.encode()).digest()[0] % 2 == 0


def test_faults_end_as_errors_or_true_verdicts_never_silent_not_met(tmp_path):
    plan = FaultPlan(
        rate_429=0.15, rate_500=0.15, rate_hang=0.1, rate_malformed=0.15, seed=7, hang_s=5
    )
    with ReplayServer(rubric_replay_handler, faults=plan) as server:
        opts = _options(server, tmp_path, timeout=0.5, max_attempts=2, backoff_s=0.01, limit=6)
        summary, _ = asyncio.run(run_eval(opts))
    run = RunDir(opts.out)
    grades = load_models(run.grades, CaseGrade)
    responses = {r.case_id: r for r in load_models(run.responses, Response)}
    assert len(grades) == 6 == len(responses)
    verdict_errors = 0
    for grade in grades:
        if grade.response_error is not None:
            assert grade.criteria == [] and responses[grade.case_id].error == grade.response_error
            continue
        for v in grade.criteria:
            assert (v.met is None) != (v.error is None)
            if v.error is None:  # a true verdict is the one the grader gave, never a default
                assert v.met is _criterion_met(v.criterion_id)
            verdict_errors += v.error is not None
    assert verdict_errors > 0, "the fault plan should leave some verdicts in error"
    assert summary["n_errors"] == verdict_errors
    assert summary["n_response_errors"] == sum(g.response_error is not None for g in grades)
    assert summary["n_verdicts"] + summary["n_errors"] == summary["n_criteria"]
    assert json.loads(run.summary.read_text())["n_errors"] == verdict_errors
    assert "ERROR" in run.report.read_text()


@pytest.mark.parametrize("mode", ["per-criterion", "batched"])
def test_rerun_makes_no_call_and_extending_only_adds_new_work(tmp_path, mode):
    with ReplayServer(rubric_replay_handler) as server:
        first = _options(server, tmp_path, mode=mode, limit=2, no_cache=True)
        asyncio.run(run_eval(first))
        made = server.total
        wider = first.model_copy(update={"limit": 4})
        summary, progress = asyncio.run(run_eval(wider))
        assert max(server.counts.values()) == 1, "a finished call was repeated"
        assert progress.tally.calls_made == server.total - made > 0
        before = server.total
        again, progress = asyncio.run(run_eval(wider))
        assert server.total == before
        assert progress.tally.calls_made == 0 and progress.tally.calls_cached == 0
    assert again["score"] == summary["score"] and summary["n_cases"] == 4
    assert again["calls"]["made"] == server.total


def test_api_key_never_written(tmp_path, monkeypatch):
    secret = "sk-test-SECRET-4242424242424242"
    monkeypatch.setenv("OPENAI_API_KEY", secret)
    plan = FaultPlan(rate_500=0.3, seed=3)
    with ReplayServer(rubric_replay_handler, faults=plan) as server:
        opts = _options(server, tmp_path, mode="per-criterion", max_attempts=2, backoff_s=0.01)
        asyncio.run(run_eval(opts))
    written = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert any(p.name == "report.html" for p in written)
    for path in written:
        assert secret.encode() not in path.read_bytes(), path


def test_dry_run_counts_calls_and_prices_without_calling(tmp_path):
    with ReplayServer(rubric_replay_handler) as server:
        config = tmp_path / "medrubric.toml"
        config.write_text(
            "[models.cand]\nprovider = 'openai'\nmodel = 'replay'\n"
            f"base_url = '{server.base_url}'\n"
            "price_input_per_1m = 2.0\nprice_output_per_1m = 8.0\n",
            encoding="utf-8",
        )
        args = ["eval", "--cases", "sample", "--model", "cand", "--grader", "cand", "--limit", "3",
                "--out", str(tmp_path / "run"), "--config", str(config), "--dry-run"]  # fmt: skip
        result = CliRunner().invoke(app, args)
        assert server.total == 0
    assert result.exit_code == 0, result.output
    from medrubric.data.formats import load_cases

    criteria = sum(len(c.rubric) for c in load_cases("sample")[:3])
    rows = {line.split("│")[1].strip(): line for line in result.output.splitlines() if "│" in line}
    assert f" {criteria} " in rows["grade"] and " 3 " in rows["generate"]
    assert "~0.0" in rows["total"] and "0.0000 " not in rows["total"]


def test_grade_answers_made_elsewhere(tmp_path):
    answers = tmp_path / "answers.jsonl"
    answers.write_text(
        '{"case_id": "syn-en-001", "response": "Call an ambulance now."}\n'
        '{"case_id": "syn-zh-001", "response": "请尽快就医。"}\n',
        encoding="utf-8",
    )
    with ReplayServer(rubric_replay_handler) as server:
        spec = f"openai:replay@{server.base_url}"
        args = ["grade", "--responses", str(answers), "--cases", "sample", "--grader", spec,
                "--out", str(tmp_path / "run"), "--quiet"]  # fmt: skip
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, result.output
        from medrubric.data.formats import load_cases

        by_id = {c.id: c for c in load_cases("sample")}
        assert server.total == len(by_id["syn-en-001"].rubric) + len(by_id["syn-zh-001"].rubric)
    summary = json.loads((tmp_path / "run" / "summary.json").read_text())
    assert summary["model"] == "external" and summary["n_cases"] == 2
    assert (
        summary["calls"]["made"] == server.total
        and "candidate" not in summary["provenance"]["models"]
    )
    assert summary["provenance"]["prompt_versions"] == {
        "grade_criterion.en": "grade_criterion.en@1",
        "grade_criterion.zh": "grade_criterion.zh@1",
    }


def test_grade_rejects_answers_for_unknown_cases(tmp_path):
    answers = tmp_path / "answers.jsonl"
    answers.write_text('{"case_id": "no-such-case", "response": "x"}\n', encoding="utf-8")
    args = ["grade", "--responses", str(answers), "--cases", "sample", "--grader", "openai:g@http://127.0.0.1:9/v1",
            "--out", str(tmp_path / "run")]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code != 0 and "no-such-case" in str(result.exception)


def test_new_run_directory_is_answered_from_the_cache(tmp_path):
    with ReplayServer(rubric_replay_handler) as server:
        first = _options(server, tmp_path, limit=2)
        summary, _ = asyncio.run(run_eval(first))
        made = server.total
        again = first.model_copy(update={"out": tmp_path / "second"})
        second, progress = asyncio.run(run_eval(again))
        assert server.total == made
    assert progress.tally.calls_made == 0 and progress.tally.calls_cached == made
    assert second["calls"] == {"made": 0, "cached": made} and second["tokens"]["total"] == 0
    assert second["score"] == summary["score"]


def test_rerun_redoes_only_failed_work_and_keeps_one_grade_per_answer(tmp_path):
    plan = FaultPlan(rate_500=0.3, rate_malformed=0.2, seed=11)
    with ReplayServer(rubric_replay_handler, faults=plan) as server:
        opts = _options(server, tmp_path, max_attempts=1, backoff_s=0.01, limit=6)
        first, _ = asyncio.run(run_eval(opts))
    failed = first["n_errors"] + first["n_response_errors"]
    assert failed > 0, "the fault plan should leave some work in error"

    with ReplayServer(rubric_replay_handler) as server:  # the endpoint has recovered
        again = _options(server, tmp_path, limit=6)
        kept, _ = asyncio.run(run_eval(again.model_copy(update={"retry_errors": False})))
        assert server.total == 0, "with --keep-errors recorded errors stay as they are"
        assert kept["n_errors"] == first["n_errors"]
        retried, _ = asyncio.run(run_eval(again))  # a plain re-run retries them
        assert server.total > 0

    run = RunDir(opts.out)
    grades = load_models(run.grades, CaseGrade)
    assert len(grades) == 6 == len({(g.case_id, g.model) for g in grades})
    assert len(load_models(run.responses, Response)) == 6
    assert retried["n_errors"] == 0 and retried["n_response_errors"] == 0
    for grade in grades:
        for v in grade.criteria:
            assert v.met is _criterion_met(v.criterion_id)
    result = CliRunner().invoke(app, ["score", str(run.grades), "--out", str(tmp_path / "s")])
    assert result.exit_code == 0, result.output


def test_finished_rerun_keeps_summary_and_reports_until_an_input_changes(tmp_path):
    with ReplayServer(rubric_replay_handler) as server:
        opts = _options(server, tmp_path, limit=2)
        asyncio.run(run_eval(opts))
        run = RunDir(opts.out)
        outputs = (run.summary, run.report, run.leaderboard)
        stamps = [p.stat().st_mtime_ns for p in outputs]
        result = asyncio.run(run_stages(opts))
        write_run_reports(result)
        assert not result.summary_changed
        assert [p.stat().st_mtime_ns for p in outputs] == stamps
        assert result.summary.model_dump(mode="json") == json.loads(run.summary.read_text())
        wider = asyncio.run(run_stages(opts.model_copy(update={"limit": 3})))
        assert wider.summary_changed and wider.summary.n_cases == 3
        write_run_reports(wider)
        assert run.report.stat().st_mtime_ns != stamps[1]
        # a log edited by hand (here: a verdict dropped) is noticed as well
        lines = run.verdicts.read_text().splitlines(keepends=True)
        run.verdicts.write_text("".join(lines[:-1]))
        redone = asyncio.run(run_stages(opts.model_copy(update={"limit": 3})))
        assert redone.summary_changed


def _one_id_for_all(body):
    """A grader that answers every batched prompt with its first criterion id, eleven times."""
    first = re.search(r"^\[([^\]]+)\] \(", body["messages"][0]["content"], re.MULTILINE)[1]
    item = {"criterion_id": first, "explanation": "same id", "criteria_met": True}
    return {"verdicts": [item] * 11}


def test_a_run_that_is_mostly_errors_exits_1_with_one_clear_line(tmp_path):
    from medrubric.data.sample import responses_path

    with ReplayServer(_one_id_for_all) as server:
        args = ["grade", "--responses", str(responses_path("demo-careful")), "--cases", "sample",
                "--limit", "2", "--grader", f"openai:replay@{server.base_url}",
                "--mode", "batched", "--out", str(tmp_path / "run"),
                "--cache-dir", str(tmp_path / "cache"), "--quiet"]  # fmt: skip
        failed = CliRunner().invoke(app, args)
        tolerated = CliRunner().invoke(app, [*args, "--max-error-rate", "1"])
    assert failed.exit_code == 1, failed.output
    line = next(x for x in failed.output.splitlines() if x.startswith("run failed:"))
    assert "verdicts (" in line and "above --max-error-rate 10%" in line
    assert "ids given more than once" in failed.output and "missing ids" in failed.output
    assert tolerated.exit_code == 0, tolerated.output


def test_run_generate_returns_its_answers_and_their_log(tmp_path):
    from medrubric.evaluate.runner import GenerateResult, run_generate

    with ReplayServer(rubric_replay_handler) as server:
        result = asyncio.run(run_generate(_options(server, tmp_path, limit=2)))
    assert isinstance(result, GenerateResult)
    assert result.run.responses == tmp_path / "run" / "responses.jsonl"
    logged = load_models(result.run.responses, Response)
    assert sorted(r.case_id for r in result.responses) == sorted(r.case_id for r in logged)
    assert len(logged) == 2 and result.n_errors == 0
    assert result.progress.tally.calls_made == 2
