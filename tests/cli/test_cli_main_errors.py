"""The entry point's promise: usage errors and bad input end with exit 2 and no traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

MEDRUBRIC = [sys.executable, "-m", "medrubric.cli.main"]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*MEDRUBRIC, *args], capture_output=True, text=True, timeout=120)


def test_unknown_option_is_a_usage_error_without_traceback() -> None:
    result = _run("score", "--bogus")
    assert result.returncode == 2
    assert "No such option: --bogus" in result.stderr
    assert "Traceback" not in result.stderr


def test_input_error_is_one_line_with_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "cases.jsonl"
    bad.write_text(
        '{"id": "a", "query": "q", "rubric": [{"id": "c1", "text": "x", "weight": 11}]}\n'
    )
    result = _run("validate", str(bad))
    assert result.returncode == 2
    assert result.stderr.strip() == f"error: {bad}:1: rubric[0].weight: 11 is outside [-10, 10]"


def test_version_exits_zero() -> None:
    result = _run("--version")
    assert result.returncode == 0
    assert result.stdout.startswith("medrubric ")
