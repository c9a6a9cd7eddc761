"""`--dry-run` counts the calls the run makes: the answers given, the mode, the finished work,
the errors a re-run retries and what the LLM cache holds. Each test runs the dry run, then
the real command against the replay server, and compares the count with the server's."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from medrubric.cli.main import app
from medrubric.data.formats import load_cases
from medrubric.evaluate.profiles import resolve_setup
from medrubric.evaluate.runner import RunOptions, estimate, run_eval
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import FaultPlan, ReplayServer

MODES = ("per-criterion", "batched")


def _total_row(output: str) -> tuple[int, int]:
    """(calls, cached) of the dry-run table's total row."""
    row = next(line for line in output.splitlines() if line.startswith("│ total"))
    cells = [cell.strip().replace(",", "") for cell in row.split("│")[1:-1]]
    return int(cells[2]), int(cells[3])


def _invoke(args: list[str]) -> str:
    result = CliRunner().invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.output


def _answers(tmp_path: Path, n: int) -> Path:
    path = tmp_path / "answers.jsonl"
    cases = load_cases("sample")[:n]
    rows = [{"case_id": c.id, "response": f"Answer {i}."} for i, c in enumerate(cases)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.mark.parametrize("mode", MODES)
def test_grade_dry_run_counts_only_the_answers_given(tmp_path, mode):
    answers = _answers(tmp_path, 5)
    with ReplayServer(rubric_replay_handler) as server:
        args = ["grade", "--responses", str(answers), "--cases", "sample", "--mode", mode,
                "--grader", f"openai:judge@{server.base_url}", "--out", str(tmp_path / "run"),
                "--cache-dir", str(tmp_path / "cache"), "--quiet"]  # fmt: skip
        predicted, cached = _total_row(_invoke([*args, "--dry-run"]))
        assert server.total == 0 and cached == 0
        _invoke(args)
        assert server.total == predicted
    by_id = {c.id: c for c in load_cases("sample")}
    ids = [json.loads(line)["case_id"] for line in answers.read_text().splitlines()]
    expected = len(ids) if mode == "batched" else sum(len(by_id[i].rubric) for i in ids)
    assert predicted == expected


@pytest.mark.parametrize("mode", MODES)
def test_eval_and_generate_dry_runs_match_the_run_and_see_the_cache(tmp_path, mode):
    with ReplayServer(rubric_replay_handler) as server:
        spec = f"openai:m@{server.base_url}"
        common = ["--cases", "sample", "--limit", "3", "--model", spec,
                  "--cache-dir", str(tmp_path / "cache"), "--quiet"]  # fmt: skip
        generate = ["generate", *common, "--out", str(tmp_path / "gen")]
        predicted, _ = _total_row(_invoke([*generate, "--dry-run"]))
        _invoke(generate)
        assert predicted == server.total == 3

        evaluate = ["eval", *common, "--grader", spec, "--mode", mode]
        first = [*evaluate, "--out", str(tmp_path / "run")]
        before = server.total
        predicted, cached = _total_row(_invoke([*first, "--dry-run"]))
        assert cached == 3  # the answers generate already cached
        _invoke(first)
        assert server.total - before == predicted > 0
        # another folder, same cache: every call is cached, none is predicted or made
        again = [*evaluate, "--out", str(tmp_path / "again")]
        made = server.total
        predicted, cached = _total_row(_invoke([*again, "--dry-run"]))
        assert predicted == 0 and cached == made - before + 3
        _invoke(again)
        assert server.total == made
        # the finished run: nothing at all
        assert _total_row(_invoke([*first, "--dry-run"])) == (0, 0)


def test_dry_run_counts_the_errors_a_rerun_retries(tmp_path):
    plan = FaultPlan(rate_500=0.3, seed=5)
    with ReplayServer(rubric_replay_handler, faults=plan) as server:
        spec = f"openai:m@{server.base_url}"
        fields = {"cases": "sample", "limit": 4, "model": spec, "out": tmp_path / "run",
                  "cache_dir": tmp_path / "cache", "show_progress": False,
                  "max_attempts": 1, "backoff_s": 0.01}  # fmt: skip
        first = RunOptions(setup=resolve_setup(None, spec, "per-criterion"), **fields)
        result = asyncio.run(run_eval(first))
    errors = result.summary.n_errors + result.summary.n_response_errors
    assert errors > 0, "the fault plan should leave some calls in error"
    with ReplayServer(rubric_replay_handler) as server:  # the endpoint recovered
        spec = f"openai:m@{server.base_url}"
        setup = resolve_setup(None, spec, "per-criterion")
        opts = RunOptions(setup=setup, **fields | {"model": spec})
        predicted = sum(stage.calls for stage in estimate(opts))
        asyncio.run(run_eval(opts))
        assert server.total == predicted > 0
