"""Progress where no live bar can be drawn (a pipe, a log, CI): plain complete lines with
full stage names, at start, at most every PLAIN_EVERY_S while running, and at the end."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from medrubric.data.models import Usage
from medrubric.runtime import progress as progress_module
from medrubric.runtime.progress import RunProgress, log_console, plain_terminal


def _log() -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    return Console(file=buffer, width=80), buffer


def test_a_pipe_gets_whole_lines_with_full_stage_names(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    console, buffer = _log()
    with RunProgress(console) as display:
        display.tally.answering = True
        display.stage("generate", total=3)
        for _ in range(3):
            display.tally.answers += 1
            display.tally.add_call(Usage(prompt_tokens=900, completion_tokens=500), 0.01, False)
            display.advance("generate")
        display.stage("grade", total=40, done=10)
        display.advance("grade", 5)
    lines = buffer.getvalue().splitlines()
    assert lines[0].startswith("generate: 0/3 (0%) · 0:00:00 elapsed · answers 0 ·")
    assert lines[1].startswith("generate: 3/3 done in 0:")
    assert lines[1].endswith("calls 3 made, 0 cached · tokens 4,200 · cost $0.0300")
    assert len(lines[1]) > 80 and "…" not in buffer.getvalue()
    assert lines[2].startswith("grade: 10/40 (25%)")
    assert lines[3].startswith("grade: 15/40 (37%)")  # stopped early: where it stopped
    assert len(lines) == 4


def test_a_grading_run_counts_no_answers_and_shows_the_failed_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Grading answers made elsewhere shows no `answers 0`; answers whose making failed are
    named in the final line rather than hidden in a full grade bar."""
    monkeypatch.delenv("CI", raising=False)
    console, buffer = _log()
    with RunProgress(console) as display:
        display.tally.ungraded = 1
        display.stage("grade", total=0)
    [line] = buffer.getvalue().splitlines()
    assert line.startswith("grade: 0/0 done in 0:00:00 · verdicts 0 · errors 0 · 1 failed "
                           "answer not graded · calls 0 made")  # fmt: skip
    assert "answers" not in line.replace("failed answer", "")


def test_running_stages_report_at_an_interval_with_an_eta(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setattr(progress_module, "PLAIN_EVERY_S", 0.0)
    console, buffer = _log()
    with RunProgress(console) as display:
        display.stage("grade", total=4)
        display.advance("grade")
        display.advance("grade", 3)
    lines = buffer.getvalue().splitlines()
    assert [line.split(" · ")[0] for line in lines] == [
        "grade: 0/4 (0%)", "grade: 1/4 (25%)", "grade: 4/4 done in 0:00:00"
    ]  # fmt: skip
    assert " · ETA 0:00:" in lines[1]


def test_ci_gets_plain_lines_even_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Console(file=io.StringIO(), force_terminal=True)
    monkeypatch.delenv("CI", raising=False)
    assert not plain_terminal(terminal)
    for value, plain in (("true", True), ("1", True), ("false", False), ("", False)):
        monkeypatch.setenv("CI", value)
        assert plain_terminal(terminal) is plain


def test_quiet_prints_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    console, buffer = _log()
    with RunProgress(console, enabled=False) as display:
        display.stage("generate", total=1)
        display.advance("generate")
    assert buffer.getvalue() == ""


def test_a_log_console_never_cuts_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    console = log_console()
    assert not console.is_terminal and console.width >= 200
    console.print("x" * 150)
    assert "x" * 150 in capsys.readouterr().out
