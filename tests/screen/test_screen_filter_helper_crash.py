"""`medrubric filter` whose language helper process dies mid-run ends with one line naming the
helper (exit 1), not a traceback."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

CORPUS = Path(__file__).parents[1] / "harvest" / "fixtures" / "filter_corpus.jsonl"
HELPER = "medrubric.screen.langid"


def _helper_of(parent: int) -> int | None:
    """The pid of `parent`'s language helper process, once it runs."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == parent and HELPER.encode() in cmdline:
            return int(entry)
    return None


def _many_threads(path: Path, n: int) -> None:
    rows = [json.loads(line) for line in CORPUS.read_text("utf-8").splitlines() if line]
    with path.open("w", encoding="utf-8") as fh:
        for i in range(n):
            row = rows[i % len(rows)]
            fh.write(json.dumps({**row, "thread_id": f"{row['thread_id']}-{i}"}) + "\n")


def test_a_killed_language_helper_ends_the_filter_with_one_line(tmp_path):
    threads = tmp_path / "threads.jsonl"
    _many_threads(threads, 200_000)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "medrubric.cli.main",
            "filter",
            str(threads),
            "--out",
            str(tmp_path / "out"),
        ],  # fmt: skip
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "CI": "1"},
    )
    deadline = time.monotonic() + 60
    helper = None
    while helper is None and time.monotonic() < deadline and proc.poll() is None:
        helper = _helper_of(proc.pid)
        time.sleep(0.05)
    assert helper is not None, "the filter never started its language helper"
    time.sleep(0.5)  # let it load lingua and take work
    os.kill(helper, signal.SIGKILL)
    _, err = proc.communicate(timeout=120)
    text = err.decode()
    assert proc.returncode == 1, text
    assert "Traceback" not in text, text
    last = text.strip().splitlines()[-1]
    assert last == (
        f"error: the language identification helper process (python -m {HELPER}, pid {helper}) "
        "was killed by SIGKILL; run the command again"
    ), text
