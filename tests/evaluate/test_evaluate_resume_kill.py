"""`medrubric eval` killed with SIGKILL mid-run resumes without repeating finished calls."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from medrubric.data.formats import load_cases
from medrubric.data.jsonl import load_models
from medrubric.data.models import CaseGrade
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer

CONCURRENCY = 2


def _eval(server, tmp_path):
    spec = f"openai:replay@{server.base_url}"
    args = ["eval", "--cases", "sample", "--model", spec, "--grader", spec,
            "--mode", "per-criterion", "--limit", "4", "--concurrency", str(CONCURRENCY),
            "--out", str(tmp_path / "run"), "--cache-dir", str(tmp_path / "cache"),
            "--quiet"]  # fmt: skip
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "medrubric.cli.main", *args]
    return subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _wait_for_lines(path, n, proc, deadline_s=60.0):
    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        if path.exists() and path.read_bytes().count(b"\n") >= n:
            return
        assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
        time.sleep(0.02)
    raise AssertionError(f"{path} never reached {n} lines")


def test_kill_minus_9_then_resume_repeats_no_finished_call(tmp_path):
    with ReplayServer(rubric_replay_handler, latency=0.15) as server:
        first = _eval(server, tmp_path)
        _wait_for_lines(tmp_path / "run" / "verdicts.jsonl", 8, first)
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
        calls_before_kill = server.total
        assert not (tmp_path / "run" / "summary.json").exists()

        second = _eval(server, tmp_path)
        out, err = second.communicate(timeout=120)
        assert second.returncode == 0, err.decode()
        repeated = [h for h, n in server.counts.items() if n > 1]
        # only requests still in flight at the kill may be sent again
        assert len(repeated) <= CONCURRENCY, repeated
        cases = load_cases("sample")[:4]
        distinct_calls = len(cases) + sum(len(c.rubric) for c in cases)
        assert len(server.counts) == distinct_calls
        assert server.total - len(repeated) == distinct_calls
        assert calls_before_kill < distinct_calls

        calls_after_resume = server.total
        third = _eval(server, tmp_path)
        out, err = third.communicate(timeout=120)
        assert third.returncode == 0, err.decode()
        assert server.total == calls_after_resume, "a third run must make no endpoint call"
        assert "0 made" in err.decode()

    grades = load_models(tmp_path / "run" / "grades.jsonl", CaseGrade)
    assert len(grades) == 4 == len({g.case_id for g in grades})
    assert all(v.met is not None for g in grades for v in g.criteria)
    assert out.decode().strip().endswith("report.html")
