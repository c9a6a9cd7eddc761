"""`inspect eval medrubric/livemed` against an OpenAI-compatible server, as a user types it:
a candidate Inspect would ask through the Responses API (404 on such servers) is refused in one
line with exit 1 before any sample runs; the documented forms (`-M responses_api=false`, the
`openai-api/` provider) run and succeed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer

pytest.importorskip("inspect_ai")


def _inspect(tmp_path: Path, server: ReplayServer, *args: str) -> subprocess.CompletedProcess:
    inspect = shutil.which("inspect", path=str(Path(sys.executable).parent))
    assert inspect is not None, "the inspect extra installs the `inspect` command"
    env = {
        **os.environ,
        "OPENAI_BASE_URL": server.base_url,
        "OPENAI_API_KEY": "not-a-key",
        "REPLAY_BASE_URL": server.base_url,
        "REPLAY_API_KEY": "not-a-key",
        "INSPECT_LOG_DIR": str(tmp_path / "logs"),
        "COLUMNS": "200",
    }
    grader = f"openai:replay@{server.base_url}"
    cache = f"cache_dir={tmp_path / 'cache'}"
    command = [inspect, "eval", "medrubric/livemed", "--limit", "2", "--display", "plain",
               "-T", f"grader={grader}", "-T", cache, *args]  # fmt: skip
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)


@pytest.mark.usefixtures("inspect_entry_point")
def test_a_responses_api_candidate_on_a_compatible_server_fails_in_one_line(tmp_path):
    with ReplayServer(rubric_replay_handler) as server:
        refused = _inspect(tmp_path, server, "--model", "openai/gpt-5")
        assert server.total == 0, "nothing may be sent before the task is refused"
    said = " ".join((refused.stdout + refused.stderr).split())  # the console wraps the line
    assert refused.returncode == 1, said
    assert "Responses API" in said and "-M responses_api=false" in said
    assert "Traceback" not in said


@pytest.mark.usefixtures("inspect_entry_point")
@pytest.mark.parametrize(
    "model",
    [
        ["--model", "openai/gpt-5", "-M", "responses_api=false"],
        ["--model", "openai-api/replay/gpt-5"],
    ],  # fmt: skip
)
def test_the_documented_forms_run(tmp_path, model):
    with ReplayServer(rubric_replay_handler) as server:
        done = _inspect(tmp_path, server, *model)
        assert server.total > 0
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    assert "Traceback" not in said and "livemedbench" in said
