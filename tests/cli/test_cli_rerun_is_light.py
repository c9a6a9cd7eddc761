"""A finished re-run of `medrubric eval` makes no call and loads no HTTP client, statistics or
plotting library and no other command's module: what it costs is start-up, so that is all it
may load. Checked in a fresh interpreter after a first run against the replay server."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer

LIBRARIES = ("aiohttp", "httpx", "openai", "numpy", "scipy", "matplotlib", "bm25s", "sklearn")


def _args(url: str, tmp_path: Path) -> list[str]:
    spec = f"openai:replay@{url}"
    return ["eval", "--cases", "sample", "--model", spec, "--grader", spec, "--limit", "2",
            "--mode", "per-criterion", "--out", str(tmp_path / "run"),
            "--cache-dir", str(tmp_path / "cache"), "--quiet"]  # fmt: skip


def _loaded_by_run(argv: list[str]) -> dict[str, list[str]]:
    script = (
        "import json, sys\n"
        "from medrubric.cli.main import _COMMAND_MODULES, main\n"
        f"main({argv!r})\n"
        "commands = {f'medrubric.cli.{m}' for m in _COMMAND_MODULES.values()}\n"
        f"print(json.dumps({{'libraries': sorted(set({LIBRARIES!r}) & set(sys.modules)),\n"
        "                   'commands': sorted(commands & set(sys.modules))}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    return dict(json.loads(done.stdout.splitlines()[-1]))


def test_finished_rerun_loads_only_what_starting_needs(tmp_path: Path) -> None:
    with ReplayServer(rubric_replay_handler) as server:
        first = _loaded_by_run(_args(server.base_url, tmp_path))
        calls = server.total
        again = _loaded_by_run(_args(server.base_url, tmp_path))
        assert server.total == calls > 0
    assert "aiohttp" in first["libraries"]  # the check sees what a run with calls loads
    assert again == {"libraries": [], "commands": ["medrubric.cli.evaluate"]}
