"""The README's journey as a new user walks it, through the command line: evaluate a model,
grade answers made elsewhere, score them, release a snapshot and read it with `datasets`, and
set up a review (an account, the server, a login). Real processes, real files, a real HTTP
endpoint standing in for the hosted models."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

import medrubric
from medrubric.data.sample import sample_dir
from medrubric.llm.cache import CACHE_ENV
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer

datasets = pytest.importorskip("datasets")


@pytest.fixture(scope="module")
def replay() -> Iterator[ReplayServer]:
    with ReplayServer(rubric_replay_handler) as server:
        yield server


class User:
    """A shell in one folder with `medrubric` as the installed command runs it."""

    def __init__(self, folder: Path):
        self.folder = folder
        src = str(Path(medrubric.__file__).resolve().parents[1])
        self.env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(p for p in (src, os.environ.get("PYTHONPATH")) if p),
            CACHE_ENV: str(folder / ".cache"),
            "HOME": str(folder),
        }
        self.env.pop("MEDRUBRIC_CONFIG", None)
        self.env.pop("MEDRUBRIC_REVIEW_DB", None)

    def argv(self, *args: str) -> list[str]:
        return [sys.executable, "-m", "medrubric.cli.main", *args]

    def run(self, *args: str, env: dict[str, str] | None = None) -> str:
        done = subprocess.run(
            self.argv(*args),
            cwd=self.folder,
            env={**self.env, **(env or {})},
            capture_output=True,
            text=True,
            timeout=300,
            stdin=subprocess.DEVNULL,
        )
        output = done.stdout + done.stderr
        command = " ".join(args)
        assert done.returncode == 0, f"medrubric {command} exited {done.returncode}\n{output}"
        return output


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_readme_tour(tmp_path: Path, replay: ReplayServer) -> None:
    user = User(tmp_path)
    url = replay.base_url

    # 1. evaluate a (self-hosted) model on the bundled sample, graded in batched mode
    user.run(
        "eval",
        "--cases",
        "sample",
        "--limit",
        "6",
        "--model",
        f"openai:m1@{url}",
        "--grader",
        f"openai:judge@{url}",
        "--mode",
        "batched",
        "--out",
        "runs/m1",
    )
    summary = json.loads((tmp_path / "runs/m1/summary.json").read_text())
    assert summary["n_cases"] == 6 and summary["n_errors"] == 0
    assert 0.0 <= summary["score"] <= 1.0
    assert (tmp_path / "runs/m1/report.html").read_text().count("<details") >= 6
    calls = replay.total
    user.run(
        "eval",
        "--cases",
        "sample",
        "--limit",
        "6",
        "--model",
        f"openai:m1@{url}",
        "--grader",
        f"openai:judge@{url}",
        "--mode",
        "batched",
        "--out",
        "runs/m1",
    )
    assert replay.total == calls, "a finished run run again must make no call"

    # 2. grade answers made elsewhere, then score the grades file on its own
    answers = sample_dir() / "responses-demo-careful.jsonl"
    user.run(
        "grade",
        "--responses",
        str(answers),
        "--cases",
        "sample",
        "--grader",
        f"openai:judge@{url}",
        "--mode",
        "batched",
        "--out",
        "runs/careful",
    )
    graded = [json.loads(line) for line in (tmp_path / "runs/careful/grades.jsonl").open()]
    assert len(graded) == sum(1 for _ in answers.open())
    user.run("score", "runs/careful/grades.jsonl", "--out", "scored")
    scored = json.loads((tmp_path / "scored/summary.json").read_text())
    graded_summary = json.loads((tmp_path / "runs/careful/summary.json").read_text())
    assert scored["score"] == pytest.approx(graded_summary["score"])

    # 3. a release, read back the way Hub users read it
    out = user.run(
        "release",
        "sample",
        "--version",
        "v2026.01",
        "--from",
        "2023-01-01",
        "--to",
        "2026-12-31",
        "--out",
        "releases/v2026.01",
        "--grader-profile",
        "livemedbench",
    )
    released = int(re.search(r"released (\d+) cases \((\d+) criteria\)", out).group(1))
    n_criteria = int(re.search(r"released \d+ cases \((\d+) criteria\)", out).group(1))
    hf = tmp_path / "releases/v2026.01-hf"
    # a cache of this test's own: `datasets` keys a local folder's cache by the names and
    # modification times of its files, which a reproducible release fixes, so another
    # release read from ~/.cache would be read back in place of this one
    fresh = str(tmp_path / "hf-cache")
    cases = datasets.load_dataset(
        "parquet", data_dir=str(hf / "data"), split="test", cache_dir=fresh
    )
    criteria = datasets.load_dataset(str(hf), "criteria", split="test", cache_dir=fresh)
    assert (len(cases), len(criteria)) == (released, n_criteria) == (46, n_criteria)
    assert set(criteria["case_id"]) == set(cases["id"])

    # 4. a review project: an owner whose password comes from the environment, the server,
    #    a login
    user.run(
        "review",
        "create",
        "studies/s",
        "--from",
        "runs/careful",
        "--tasks",
        "case,criterion",
        "--sample",
        "3",
        "--seed",
        "1",
    )
    user.run(
        "review",
        "add-reviewer",
        "studies/s",
        "olivia",
        "--owner",
        "--password-env",
        "REVIEW_PW",
        env={"REVIEW_PW": "correct horse battery staple"},
    )
    port = _free_port()
    server = subprocess.Popen(
        user.argv(
            "review", "serve", "--project", "studies/s", "--host", "127.0.0.1", "--port", str(port)
        ),
        cwd=tmp_path,
        env=user.env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        with httpx.Client(base_url=base, timeout=10) as client:
            deadline = time.monotonic() + 60
            while True:
                assert server.poll() is None, server.stdout.read() if server.stdout else ""
                try:
                    page = client.get("/login")
                    break
                except httpx.ConnectError:
                    assert time.monotonic() < deadline, "review serve never answered"
                    time.sleep(0.2)
            token = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
            assert token, page.text
            wrong = client.post(
                "/login", data={"name": "olivia", "password": "nope", "csrf_token": token.group(1)}
            )
            assert wrong.status_code == 401
            token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/login").text)
            assert token
            login = client.post(
                "/login",
                data={
                    "name": "olivia",
                    "password": "correct horse battery staple",
                    "csrf_token": token.group(1),
                },
            )
            assert login.status_code == 303, login.text
            home = client.get("/", follow_redirects=True)
            assert home.status_code == 200 and "olivia" in home.text
    finally:
        os.killpg(server.pid, signal.SIGINT)
        server.wait(timeout=30)
    assert server.returncode is not None
