"""A run folder holds one run: a second command for another model, grader, mode, prompt
version or case source is refused in one line naming the difference (nothing is appended),
and two processes never write one folder at once (real HTTP through the replay server, real
processes for the lock)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from medrubric.data.formats import load_cases
from medrubric.data.jsonl import write_jsonl
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer


def _eval(cli, tmp_path: Path, model: str, grader: str, *extra: str, cases: str = "sample"):
    args = ["eval", "--cases", cases, "--limit", "2", "--model", model, "--grader", grader,
            "--out", str(tmp_path / "run"), "--cache-dir", str(tmp_path / "cache"),
            "--quiet", *extra]  # fmt: skip
    return cli(args)


def _logs(run: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in run.iterdir() if p.suffix == ".jsonl"}


@pytest.fixture(scope="module")
def server():
    with ReplayServer(rubric_replay_handler) as replay:
        yield replay


def test_a_second_model_into_one_folder_is_refused_and_nothing_is_appended(
    tmp_path, server, medrubric_cli
):
    url = server.base_url
    first = _eval(medrubric_cli, tmp_path, f"openai:m1@{url}", f"openai:judge@{url}")
    assert first.exit_code == 0, first.output
    before = _logs(tmp_path / "run")
    second = _eval(medrubric_cli, tmp_path, f"openai:m2@{url}", f"openai:judge@{url}")
    assert second.exit_code == 2, second.output
    [line] = [x for x in second.stderr.splitlines() if x.strip()]
    assert line.startswith("error: ") and "Traceback" not in second.output
    assert "--model openai:m1 (this command: openai:m2)" in line and "new --out" in line
    assert _logs(tmp_path / "run") == before  # m2 never reached the logs
    identity = json.loads((tmp_path / "run" / "run.json").read_text())
    assert identity["model"] == "openai:m1" and identity["grader"] == "openai:judge"
    # the same run again, and a wider --limit in the same case source, are the same run
    m1, judge = f"openai:m1@{url}", f"openai:judge@{url}"
    assert _eval(medrubric_cli, tmp_path, m1, judge).exit_code == 0
    wider = _eval(medrubric_cli, tmp_path, m1, judge, "--limit", "3")
    assert wider.exit_code == 0, wider.output
    # the same models at another endpoint (a new port) are the same run too
    with ReplayServer(rubric_replay_handler) as other:
        at = other.base_url
        moved = _eval(medrubric_cli, tmp_path, f"openai:m1@{at}", f"openai:judge@{at}")
    assert moved.exit_code == 0, moved.output


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (["--grader", "openai:judge2@{url}"], "--grader openai:judge (this command: openai:jud"),
        (["--mode", "batched"], "--mode per-criterion (this command: batched)"),
        (["--grader-prompt-version", "2"], "--grader-prompt-version 1 (this command: 2)"),
    ],
)
def test_another_grader_mode_or_prompt_version_is_refused(
    tmp_path, server, change, named, medrubric_cli
):
    url = server.base_url
    assert _eval(medrubric_cli, tmp_path, f"openai:m1@{url}", f"openai:judge@{url}").exit_code == 0
    args = ["grade", "--responses", str(tmp_path / "run" / "responses.jsonl"), "--cases",
            "sample", "--limit", "2", "--grader", f"openai:judge@{url}",
            "--out", str(tmp_path / "run"), "--quiet"]  # fmt: skip
    flag = change[0]
    if flag in args:
        args[args.index(flag) + 1] = change[1].format(url=url)
    else:
        args += [part.format(url=url) for part in change]
    result = medrubric_cli(args)
    assert result.exit_code == 2, result.output
    assert named in result.output and "new --out" in result.output
    assert "grading_mode" not in result.output and "grader_prompt" not in result.output


def test_another_case_source_is_refused(tmp_path, server, medrubric_cli):
    url = server.base_url
    subset = tmp_path / "subset.jsonl"
    write_jsonl(subset, load_cases("sample")[:3])
    assert _eval(medrubric_cli, tmp_path, f"openai:m1@{url}", f"openai:j@{url}").exit_code == 0
    other = _eval(medrubric_cli, tmp_path, f"openai:m1@{url}", f"openai:j@{url}", cases=str(subset))
    assert other.exit_code == 2, other.output
    assert "--cases: another case source (sha256 " in other.output and "new --out" in other.output
    assert "cases_sha256" not in other.output


def test_two_processes_never_write_one_run_folder(tmp_path):
    """The first eval holds OUT/.lock for its whole run; a second process started meanwhile
    is refused at once, and the first finishes with exactly its own records. The first
    process's calls are held until the second has ended, so however slowly the second starts
    on a loaded machine, the first is still running."""
    second_ended = threading.Event()

    class Held(ReplayServer):
        async def _chat(self, request: Any) -> Any:
            self.arrived = True
            while not second_ended.is_set():
                await asyncio.sleep(0.02)
            return await super()._chat(request)

    with Held(rubric_replay_handler) as slow:
        spec = f"openai:m1@{slow.base_url}"
        args = [sys.executable, "-m", "medrubric.cli.main", "eval", "--cases", "sample",
                "--limit", "3", "--model", spec, "--grader", spec, "--concurrency", "1",
                "--out", str(tmp_path / "run"), "--no-cache", "--quiet"]  # fmt: skip
        env = {**os.environ, "COLUMNS": "200"}
        first = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        lock = tmp_path / "run" / ".lock"
        deadline = time.monotonic() + 60
        running = lambda: lock.exists() and getattr(slow, "arrived", False)  # noqa: E731
        while not running() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert lock.exists(), "the first process should hold the lock while it runs"
        try:
            second = subprocess.run(args, capture_output=True, text=True, env=env, timeout=120)
        finally:
            second_ended.set()
        out, err = first.communicate(timeout=300)
    assert second.returncode == 2, second.stderr
    assert f"another medrubric process (pid {first.pid})" in second.stderr
    assert "Traceback" not in second.stderr
    assert first.returncode == 0, err.decode()
    responses = (tmp_path / "run" / "responses.jsonl").read_text().splitlines()
    grades = (tmp_path / "run" / "grades.jsonl").read_text().splitlines()
    assert len(responses) == 3 and len(grades) == 3
    assert not lock.exists(), "the lock goes with the process that held it"
