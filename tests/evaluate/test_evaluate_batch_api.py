"""`--batch-api`: generate and grade through a real HTTP server serving /v1/files and
/v1/batches (status transitions, failed and unreadable lines, failed and expired batches),
resumed after SIGKILL by the batch id in the run directory, and vLLM's run-batch files."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from medrubric.cli.main import main
from medrubric.data.formats import load_cases
from medrubric.data.jsonl import load_models
from medrubric.data.models import CaseGrade, Response
from medrubric.evaluate.profiles import resolve_setup
from medrubric.evaluate.rundir import RunDir
from medrubric.evaluate.runner import RunOptions, run_eval, run_generate
from medrubric.testing.batch_server import BatchPlan, FakeBatchServer, run_batch_file
from medrubric.testing.replay import ANSWER, _met, rubric_replay_handler

LIMIT = 3


def _options(server, tmp_path, mode="batched", **extra):
    spec = f"openai:replay@{server.base_url}"
    fields = {"cases": "sample", "out": tmp_path / "run", "limit": LIMIT, "model": spec}
    fields |= {"cache_dir": tmp_path / "cache", "show_progress": False}
    fields |= {"batch_api": "openai", "batch_poll_s": 0.02}
    return RunOptions(setup=resolve_setup(None, spec, mode), **(fields | extra))


def _verdicts(run):
    return [v for g in load_models(RunDir(run).grades, CaseGrade) for v in g.criteria]


def test_eval_through_batches_matches_the_grader_and_calls_no_chat_route(tmp_path):
    with FakeBatchServer(rubric_replay_handler) as server:
        summary = asyncio.run(run_eval(_options(server, tmp_path))).summary
        assert server.total == 0, "no request may go to /v1/chat/completions"
        assert len(server.batches) == 2  # one for the answers, one for the verdicts
        assert all(b["status"] == "completed" for b in server.batches.values())
    responses = load_models(RunDir(tmp_path / "run").responses, Response)
    assert len(responses) == LIMIT and all(r.response == ANSWER for r in responses)
    verdicts = _verdicts(tmp_path / "run")
    assert verdicts and all(v.met is _met(v.criterion_id) for v in verdicts)
    assert summary.n_errors == 0 and summary.n_verdicts == len(verdicts)
    ledger = (tmp_path / "run" / "batches" / "batches.jsonl").read_text().splitlines()
    assert [json.loads(line)["status"] for line in ledger] == [
        "submitted", "completed", "submitted", "completed"
    ]  # fmt: skip


def test_failed_and_unreadable_lines_become_errors_never_not_met(tmp_path):
    first, second = load_cases("sample")[:2]

    def grading_line_of(case):
        def match(body):
            content = body["messages"][0]["content"]
            return '"verdicts"' in content and case.narrative.strip()[:60] in content

        return match

    plan = BatchPlan(fail_line=grading_line_of(first), cut_line=grading_line_of(second))
    with FakeBatchServer(rubric_replay_handler, plan) as server:
        opts = _options(server, tmp_path)
        summary = asyncio.run(run_eval(opts)).summary
    grades = load_models(RunDir(opts.out).grades, CaseGrade)
    failed = {g.case_id: g for g in grades if any(v.error for v in g.criteria)}
    assert set(failed) == {first.id, second.id}, "only the failed and the cut line's verdicts"
    for grade in grades:
        for v in grade.criteria:
            assert (v.met is None) != (v.error is None)
            if grade.case_id == first.id:
                assert v.error is not None and "injected line failure" in v.error
            elif grade.case_id == second.id:
                assert v.error is not None and "1 result lines unreadable" in v.error
            else:
                assert v.met is _met(v.criterion_id)
    assert summary.n_errors == sum(len(g.criteria) for g in failed.values())


def test_expired_and_failed_batches_record_errors_then_retry_errors_resubmits(tmp_path):
    plan = BatchPlan(outcomes=["expired", "failed"], expire_after=1)
    with FakeBatchServer(rubric_replay_handler, plan) as server:
        opts = _options(server, tmp_path)
        summary = asyncio.run(run_eval(opts)).summary
        responses = load_models(RunDir(opts.out).responses, Response)
        answered = [r for r in responses if r.error is None]
        assert len(answered) == 1, "an expired batch keeps the lines it answered"
        assert all("expired" in r.error for r in responses if r.error is not None)
        # grading the one answer: its batch failed, every verdict is an error with the reason
        verdicts = _verdicts(opts.out)
        assert verdicts and all(v.met is None and "failed" in v.error for v in verdicts)
        assert summary.n_response_errors == LIMIT - 1

        again = opts.model_copy(update={"retry_errors": True})
        summary = asyncio.run(run_eval(again)).summary
        assert summary.n_errors == 0 and summary.n_response_errors == 0
        assert max(server.answered.values()) == 1, "no answered request is sent again"
        assert all(v.met is _met(v.criterion_id) for v in _verdicts(opts.out))


def _generate_cli(server, tmp_path):
    spec = f"openai:replay@{server.base_url}"
    args = ["generate", "--cases", "sample", "--model", spec, "--limit", str(LIMIT),
            "--out", str(tmp_path / "run"), "--cache-dir", str(tmp_path / "cache"),
            "--batch-api", "openai", "--batch-poll", "0.05", "--quiet"]  # fmt: skip
    command = [sys.executable, "-m", "medrubric.cli.main", *args]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def test_killed_while_the_batch_runs_the_rerun_reattaches_and_submits_nothing_twice(tmp_path):
    ledger = tmp_path / "run" / "batches" / "batches.jsonl"
    with FakeBatchServer(rubric_replay_handler) as server:
        server.hold = True
        first = _generate_cli(server, tmp_path)
        deadline = time.monotonic() + 60
        while not (ledger.exists() and server.batches and list(server.batches.values())[0][
                "status"] == "in_progress"):  # fmt: skip
            assert first.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
        assert not (tmp_path / "run" / "responses.jsonl").exists()

        server.hold = False
        second = _generate_cli(server, tmp_path)
        _, err = second.communicate(timeout=120)
        assert second.returncode == 0, err.decode()
        assert len(server.batches) == 1 and len(server.files) == 2  # input + output
        assert sorted(server.answered.values()) == [1] * LIMIT
        assert server.total == 0

        third = _generate_cli(server, tmp_path)  # everything is in the run: nothing to send
        _, err = third.communicate(timeout=120)
        assert third.returncode == 0 and len(server.batches) == 1
    responses = load_models(tmp_path / "run" / "responses.jsonl", Response)
    assert len(responses) == LIMIT and all(r.response == ANSWER for r in responses)


def test_vllm_run_batch_files_are_written_then_read(tmp_path):
    opts = RunOptions(
        cases="sample", out=tmp_path / "run", limit=LIMIT, model="openai:my-model@http://x:1/v1",
        no_cache=True, show_progress=False, batch_api="vllm", batch_poll_s=0.02,
    )  # fmt: skip
    folder = tmp_path / "run" / "batches"
    result: list = []
    worker = threading.Thread(target=lambda: result.append(asyncio.run(run_generate(opts))))
    worker.start()
    deadline = time.monotonic() + 30
    while not list(folder.glob("*.input.jsonl")):
        assert time.monotonic() < deadline and worker.is_alive()
        time.sleep(0.02)
    (source,) = folder.glob("*.input.jsonl")
    lines = [json.loads(line) for line in source.read_text().splitlines()]
    assert len(lines) == LIMIT and {x["url"] for x in lines} == {"/v1/chat/completions"}
    assert {x["body"]["model"] for x in lines} == {"my-model"}
    target = str(source).replace(".input.jsonl", ".output.jsonl")
    run_batch_file(str(source), target, rubric_replay_handler)
    worker.join(timeout=30)
    responses = result[0].responses
    assert [r.response for r in responses] == [ANSWER] * LIMIT


def test_batch_run_is_charged_at_batch_prices(tmp_path):
    config = tmp_path / "medrubric.toml"
    with FakeBatchServer(rubric_replay_handler) as server:
        config.write_text(
            f'[models.paid]\nprovider = "openai"\nmodel = "gpt-x"\nbase_url = "{server.base_url}"\n'
            "price_input_per_1m = 2.0\nprice_output_per_1m = 8.0\n"
            "price_batch_input_per_1m = 1.0\nprice_batch_output_per_1m = 4.0\n",
            encoding="utf-8",
        )
        opts = RunOptions(
            cases="sample", out=tmp_path / "run", limit=LIMIT, model="paid", config=config,
            no_cache=True, show_progress=False, batch_api="openai", batch_poll_s=0.02,
        )  # fmt: skip
        responses = asyncio.run(run_generate(opts)).responses
    for r in responses:
        expected = (r.usage.prompt_tokens * 1.0 + r.usage.completion_tokens * 4.0) / 1e6
        assert r.cost_usd == pytest.approx(expected) and r.cost_usd > 0


def test_batch_api_takes_only_openai_or_vllm(tmp_path, capsys):
    args = ["generate", "--cases", "sample", "--model", "openai:x@http://127.0.0.1:9/v1",
            "--out", str(tmp_path), "--batch-api", "anthropic"]  # fmt: skip
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["error: --batch-api: expected openai or vllm, got 'anthropic'"]


def test_the_api_key_reaches_no_file_a_batch_run_writes(tmp_path, monkeypatch):
    secret = "sk-batch-secret-7f3a9c"
    monkeypatch.setenv("OPENAI_API_KEY", secret)
    with FakeBatchServer(rubric_replay_handler) as server:
        summary = asyncio.run(run_eval(_options(server, tmp_path))).summary
    assert summary.n_verdicts > 0
    written = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert any(p.suffix == ".jsonl" for p in written)  # request files, ledger, logs
    leaks = [p for p in written if secret.encode() in p.read_bytes()]
    assert not leaks, f"the API key was written to {leaks}"


def test_epochs_through_batches_have_one_request_id_each(tmp_path):
    """--epochs 2 through the Batch API: one request line per (case, epoch), each with its
    own custom_id; the second epoch asked with seed 1, the first exactly as a one-answer run."""
    with FakeBatchServer(rubric_replay_handler) as server:
        responses = asyncio.run(run_generate(_options(server, tmp_path, epochs=2))).responses
        (batch,) = server.batches.values()
        lines = [
            json.loads(x) for x in server.files[batch["input_file_id"]]["content"].splitlines()
        ]
    assert len(lines) == 2 * LIMIT == len({line["custom_id"] for line in lines})
    assert sorted(line["body"].get("seed", 0) for line in lines) == [0] * LIMIT + [1] * LIMIT
    assert sorted((r.case_id, r.epoch) for r in responses) == sorted(
        (c.id, e) for c in load_cases("sample")[:LIMIT] for e in (0, 1)
    )
