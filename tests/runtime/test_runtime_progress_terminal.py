"""The live progress display on real terminals of 80, 100 and 120 columns: the count, the
percent and the ETA of every bar stay whole, no drawn line is wider than the terminal, and
the tally wraps between its items instead of pushing the bar's columns off the edge."""

from __future__ import annotations

import fcntl
import io
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console

from medrubric.data.models import Usage
from medrubric.runtime.progress import RunProgress

# `medrubric eval` against the replay server, in a process whose terminal is the pty.
EVAL = """
import sys
from medrubric.cli.main import main
from medrubric.testing.replay_server import ReplayServer
from medrubric.testing.replay import rubric_replay_handler

with ReplayServer(rubric_replay_handler, latency=0.02) as server:
    spec = f"openai:replay@{server.base_url}"
    main(["eval", "--cases", "sample", "--limit", "6", "--model", spec, "--grader", spec,
          "--out", sys.argv[1], "--cache-dir", sys.argv[2], "--concurrency", "2"])
"""
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
BAR = re.compile(r"(?P<count>\d+/\d+)\s+(?P<percent>\d+%)\s+\d+:\d\d:\d\d\s+ETA\s+\d+:\d\d:\d\d")


def _in_terminal(args: list[str], columns: int) -> str:
    """Run `args` with a pseudo-terminal of `columns` columns as stdin, stdout and stderr;
    what it wrote, as the terminal received it."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "NO_COLOR", "FORCE_COLOR")}
    env |= {"COLUMNS": str(columns), "LINES": "40", "TERM": "xterm-256color"}
    process = subprocess.Popen(
        args, stdin=follower, stdout=follower, stderr=follower, env=env, start_new_session=True
    )
    os.close(follower)
    received = bytearray()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 1.0)
        if not ready:
            if process.poll() is not None:
                break
            continue
        try:
            data = os.read(leader, 65536)
        except OSError:  # EIO: the process closed the terminal
            break
        if not data:
            break
        received += data
    os.close(leader)
    assert process.wait(timeout=30) == 0, received.decode(errors="replace")
    return received.decode()


def _drawn_lines(output: str) -> list[str]:
    """Every line as drawn: escape sequences (colours, cursor moves) removed, split at line
    feeds and carriage returns."""
    return [line for line in re.split(r"[\r\n]", ANSI.sub("", output)) if line.strip()]


@pytest.mark.parametrize("columns", [80, 100, 120])
def test_eval_progress_fits_the_terminal(tmp_path: Path, columns: int) -> None:
    output = _in_terminal(
        [sys.executable, "-c", EVAL, str(tmp_path / "run"), str(tmp_path / "cache")], columns
    )
    # The live display ends where the run's own report begins (those lines are soft-wrapped
    # by the terminal on purpose: never cut).
    live = output.split("score ", 1)[0]
    lines = _drawn_lines(live)
    assert lines, output
    too_wide = [line for line in lines if cell_len(line) > columns]
    assert not too_wide, too_wide
    assert any(line.lstrip().startswith("generate") and "6/6" in line for line in lines)
    for stage in ("generate", "grade"):
        bars = [line for line in lines if line.lstrip().startswith(stage) and "ETA" in line]
        assert bars, (stage, lines)
        final = BAR.search(bars[-1])
        assert final is not None, bars[-1]
        done, total = final["count"].split("/")
        assert done == total and final["percent"] == "100%", bars[-1]
    tally = " ".join(lines[-3:])  # under the bars, wrapped between items, none cut
    for item in ("answers 6", "errors 0", "cached", "tokens", "cost "):
        assert item in tally, (item, lines[-3:])
    assert "…" not in live


@pytest.mark.parametrize("columns", [80, 100, 120])
def test_a_running_bar_keeps_count_percent_and_eta(
    columns: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Mid-run (26 of 313 done, an ETA known), drawn at the terminal's width (the live bar:
    under CI the display would print plain lines instead)."""
    monkeypatch.delenv("CI", raising=False)
    screen = io.StringIO()
    console = Console(file=screen, width=columns, force_terminal=True, color_system=None)
    display = RunProgress(console)
    display.tally.answering = True
    display.stage("generate", total=5, done=5)
    display.stage("grade", total=313)
    for _ in range(26):
        display.advance("grade")
        display.tally.verdicts += 1
        display.tally.add_call(Usage(prompt_tokens=9_000, completion_tokens=1_500), 0.0125, False)
        time.sleep(0.002)
    display.tally.answers = 5
    for renderable in display._progress.get_renderables():
        console.print(renderable)
    lines = screen.getvalue().splitlines()
    assert all(cell_len(line) <= columns for line in lines), lines
    grade = BAR.search(next(line for line in lines if line.startswith("grade")))
    assert grade is not None and grade["count"] == "26/313" and grade["percent"] == "8%", lines
    assert not re.search(r"ETA\s+-:--:--", lines[1]), lines  # a rate is known: a time shows
    tally = " ".join(lines[2:])
    assert "answers 5 · verdicts 26 · errors 0" in tally
    assert "calls 26 made, 0 cached" in tally and "cost $0.3250" in tally
    assert "tokens 273,000" in tally
