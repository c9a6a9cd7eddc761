"""`medrubric eval`, `grade` and `generate` stopped by Ctrl-C, SIGTERM or a full disk: one line
saying how to resume, every log parseable, and a re-run that repeats no finished call."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from medrubric.data.formats import load_cases
from medrubric.data.jsonl import iter_json_lines, load_models
from medrubric.data.models import CaseGrade
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer

CONCURRENCY = 2
LIMIT = 4
GENERATE_LIMIT = 8  # answers are single calls: more of them, so a signal finds some unmade
RESUME = "run the same command again to resume (finished work is kept)"


def _command(server: ReplayServer, out: Path, stage: str) -> list[str]:
    spec = f"openai:replay@{server.base_url}"
    run = ["--out", str(out), "--no-cache", "--concurrency", str(CONCURRENCY), "--quiet"]
    grading = ["--grader", spec, "--mode", "per-criterion"]
    args = {
        "eval": ["eval", "--cases", "sample", "--model", spec, *grading, "--limit", str(LIMIT)],
        "generate": [
            "generate",
            "--cases",
            "sample",
            "--model",
            spec,
            "--limit",
            str(GENERATE_LIMIT),
        ],
        "grade": [
            "grade",
            "--cases",
            "sample",
            "--responses",
            str(out.parent / "answers.jsonl"),
            *grading,
            "--limit",
            str(LIMIT),
        ],  # fmt: skip
    }[stage]
    return [sys.executable, "-m", "medrubric.cli.main", *args, *run]


def _start(command: list[str], **kwargs) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs
    )


def _wait_for_lines(path: Path, n: int, proc: subprocess.Popen[bytes], limit_s: float = 60.0):
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if path.exists() and path.read_bytes().count(b"\n") >= n:
            return
        assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
        time.sleep(0.02)
    raise AssertionError(f"{path} never reached {n} lines")


def _logs_parse(run: Path) -> None:
    """Every log of the run folder reads as JSON lines (a torn last line is cut on resume,
    never in the middle)."""
    for log in run.glob("*.jsonl"):
        data = log.read_bytes()
        if data:
            whole = data[: data.rfind(b"\n") + 1]
            (run / "check.jsonl").write_bytes(whole)
            assert list(iter_json_lines(run / "check.jsonl")), log
            (run / "check.jsonl").unlink()


def _distinct_calls(stage: str) -> int:
    if stage == "generate":
        return GENERATE_LIMIT
    cases = load_cases("sample")[:LIMIT]
    answers = len(cases) if stage == "eval" else 0
    verdicts = sum(len(c.rubric) for c in cases) if stage in ("eval", "grade") else 0
    return answers + verdicts


def _answers(tmp_path: Path, server: ReplayServer) -> None:
    """The answers `grade` reads, made by a real `generate` (its calls are not counted)."""
    made = subprocess.run(_command(server, tmp_path / "made", "generate"), capture_output=True)
    assert made.returncode == 0, made.stderr.decode()
    (tmp_path / "answers.jsonl").write_bytes((tmp_path / "made" / "responses.jsonl").read_bytes())
    server.counts.clear()


@pytest.mark.parametrize(
    ("stage", "signum", "code"),
    [
        ("eval", signal.SIGINT, 130),
        ("eval", signal.SIGTERM, 143),
        ("grade", signal.SIGTERM, 143),
        ("generate", signal.SIGINT, 130),
    ],
)
def test_a_signal_stops_with_one_line_and_the_same_command_resumes(tmp_path, stage, signum, code):
    with ReplayServer(rubric_replay_handler, latency=0.2) as server:
        if stage == "grade":
            _answers(tmp_path, server)
        run = tmp_path / "run"
        first = _start(_command(server, run, stage))
        log = run / ("responses.jsonl" if stage == "generate" else "verdicts.jsonl")
        _wait_for_lines(log, 2, first)
        first.send_signal(signum)
        _, err = first.communicate(timeout=30)
        assert first.returncode == code, err.decode()
        name = signal.Signals(signum).name
        assert err.decode() == f"error: stopped by {name}; {RESUME}\n"
        assert not (run / ".lock").exists()
        _logs_parse(run)
        before = server.total

        again = _start(_command(server, run, stage))
        _, err = again.communicate(timeout=120)
        assert again.returncode == 0, err.decode()
        repeated = [h for h, n in server.counts.items() if n > 1]
        assert len(repeated) <= CONCURRENCY, repeated  # only calls in flight at the signal
        assert len(server.counts) == _distinct_calls(stage)
        assert before < _distinct_calls(stage)


def test_a_second_ctrl_c_exits_at_once(tmp_path):
    """The first Ctrl-C unwinds (here: waits for a call that hangs to be cancelled); the
    second exits at once with its own line."""
    with ReplayServer(rubric_replay_handler, latency=0.2) as server:
        run = tmp_path / "run"
        proc = _start(_command(server, run, "eval"))
        _wait_for_lines(run / "verdicts.jsonl", 1, proc)
        proc.send_signal(signal.SIGINT)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    lines = err.decode().splitlines()
    assert lines[-1] in (
        f"error: SIGINT again: stopped at once; {RESUME}",
        f"error: stopped by SIGINT; {RESUME}",  # the first had already unwound
    ), lines
    _logs_parse(run)


def _limit_file_size(max_bytes: int):
    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG)
        resource.setrlimit(resource.RLIMIT_FSIZE, (max_bytes, max_bytes))

    return limit


def _long_explanations(body: dict[str, Any]) -> str | dict[str, Any]:
    """The replayed grader, explaining each verdict at length: verdicts.jsonl becomes the
    run's largest file, so it is the one that meets the limit, mid-grading."""
    reply = rubric_replay_handler(body)
    if isinstance(reply, dict) and "explanation" in reply:
        return {**reply, "explanation": "because " * 250}
    return reply


def test_a_full_disk_stops_with_one_line_and_a_rerun_repeats_no_finished_call(tmp_path):
    with ReplayServer(_long_explanations) as server:
        run = tmp_path / "run"
        command = _command(server, run, "eval")
        # Room for the cases (13 kB) and the answers, not for every verdict (~2 kB each).
        full = _start(command, preexec_fn=_limit_file_size(20_000))
        _, err = full.communicate(timeout=120)
        assert full.returncode == 1, err.decode()
        line = err.decode()
        assert line.count("\n") == 1, line
        assert line.startswith("error: disk full") and line.endswith(f"free space, then {RESUME}\n")
        assert "File too large" in line
        assert not (run / "summary.json").exists()
        assert not (run / ".lock").exists()
        _logs_parse(run)
        before = server.total
        assert 0 < before < _distinct_calls("eval")

        again = _start(command)
        _, err = again.communicate(timeout=120)
        assert again.returncode == 0, err.decode()
        repeated = [h for h, n in server.counts.items() if n > 1]
        # only calls never recorded: the one whose record hit the full disk, and those in
        # flight then (the runner may have started the next as that one returned)
        assert len(repeated) <= CONCURRENCY + 1, repeated
        assert len(server.counts) == _distinct_calls("eval")
    grades = load_models(run / "grades.jsonl", CaseGrade)
    assert len({g.case_id for g in grades}) == LIMIT
