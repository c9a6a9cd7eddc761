"""The one live progress display of long runs: a bar per stage with done/total, percent,
elapsed time and ETA, and under the bars a running tally (answers, verdicts, errors, tokens and
cost; or outcome counts).

The bars' own columns never give way: on a narrow terminal (80 columns) the bar itself
shrinks, and the tally wraps between its items onto further lines instead of pushing the
count, percent or ETA off the edge.

A live bar needs an interactive terminal. In a pipe, a log file or CI (`CI` set) the same
facts come as plain, complete lines instead: one when a stage starts, one at most every
`PLAIN_EVERY_S` seconds while it runs, and one when it ends, never cut to the width of a
terminal that is not there."""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import TracebackType
from typing import Protocol

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TaskID,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Column
from rich.text import Text

from medrubric.data.models import Usage, add_costs, format_cost

TALLY_SEPARATOR = " · "  # between a tally's items; a narrow terminal wraps the tally there


class Tally(Protocol):
    def line(self) -> str: ...


class NoTally:
    """For runs whose records speak for themselves once finished."""

    def line(self) -> str:
        return ""


class CallTally:
    """Counts of what this invocation did; shown live and in the final console line.
    Tokens and cost count endpoint calls only, like summary.json."""

    def __init__(self) -> None:
        self.answering = False  # a stage makes answers: `answers N` is shown
        self.answers = 0
        self.ungraded = 0  # answers not graded because making them failed
        self.truncated = 0  # answers that stopped at the token limit (graded as written)
        self.verdicts = 0
        self.errors = 0
        self.calls_made = 0
        self.calls_cached = 0
        self.usage = Usage()
        self.cost_usd: float | None = 0.0

    def add_call(self, usage: Usage, cost_usd: float | None, cached: bool, calls: int = 1) -> None:
        if cached:  # a cached answer costs nothing again
            self.calls_cached += calls
            return
        self.calls_made += calls
        self.usage = self.usage + usage
        self.cost_usd = add_costs(self.cost_usd, cost_usd)

    def line(self) -> str:
        """The counts, without `answers` where no answer is made (grading only), and with
        the answers left ungraded because they failed, so a grade bar at 7/7 over a failed
        answer does not read as 7 verdicts."""
        tokens = self.usage.prompt_tokens + self.usage.completion_tokens
        ungraded, cut = self.ungraded, self.truncated
        return TALLY_SEPARATOR.join([
            *([f"answers {self.answers}"] if self.answering else []),
            *([f"{cut} cut off at --max-tokens"] if cut else []),
            f"verdicts {self.verdicts}", f"errors {self.errors}",
            *([f"{ungraded} failed answer{'s' if ungraded != 1 else ''} not graded"]
              if ungraded else []),
            f"calls {self.calls_made} made, {self.calls_cached} cached", f"tokens {tokens:,}",
            f"cost {format_cost(self.cost_usd)}",
        ])  # fmt: skip


class StatusTally:
    """How many records ended in each status (a case, a rejection, an error)."""

    def __init__(self, statuses: Sequence[str]) -> None:
        self.statuses = tuple(statuses)
        self.counts: Counter[str] = Counter()

    def line(self) -> str:
        return TALLY_SEPARATOR.join(f"{status} {self.counts[status]}" for status in self.statuses)


class _TallyLines:
    """The tally under the bars, formatted only when the display is drawn (a few times a
    second), not at every one of the hundreds of advances a second. Its items (`answers 3`,
    `tokens 1,204`, ...) are packed onto as many lines as the terminal's width needs; an item
    is never split."""

    def __init__(self, tally: Tally):
        self.tally = tally

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        line = self.tally.line()
        if not line:
            return
        lines = [""]
        for item in line.split(TALLY_SEPARATOR):
            joined = f"{lines[-1]}{TALLY_SEPARATOR}{item}" if lines[-1] else item
            if lines[-1] and cell_len(joined) > options.max_width:
                lines.append(item)
            else:
                lines[-1] = joined
        for text in lines:
            yield Text(text, no_wrap=True, overflow="ellipsis")


class _Bars(Progress):
    """rich's Progress with the tally on its own lines below the table of bars."""

    def __init__(self, tally: Tally, *columns: ProgressColumn, console: Console, disable: bool):
        self._tally_lines = _TallyLines(tally)  # drawn from within Progress.__init__
        super().__init__(*columns, console=console, disable=disable, transient=False)

    def get_renderables(self) -> Iterator[RenderableType]:
        yield self.make_tasks_table(self.tasks)
        yield self._tally_lines


PLAIN_EVERY_S = 10.0


def plain_terminal(console: Console) -> bool:
    """Plain lines instead of a live bar: not an interactive terminal, or CI says so."""
    ci = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
    return ci or not console.is_terminal


LOG_WIDTH = 200


def log_console(*, stderr: bool = False) -> Console:
    """A console whose lines are never cut: soft-wrapped text, and in a pipe or a log (no
    terminal width to fit) room for a whole table row. No emoji codes: a model named
    `openai:m:` must not print as an emoji."""
    console = Console(stderr=stderr, soft_wrap=True, emoji=False)
    return (
        console
        if console.is_terminal
        else Console(stderr=stderr, soft_wrap=True, width=LOG_WIDTH, emoji=False)
    )


def _clock(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


class _PlainStage:
    """A stage's progress as complete lines, for logs rather than terminals."""

    def __init__(self, name: str, total: int | None, done: int):
        self.name, self.total, self.done = name, total, done
        self.first = done
        self.started = self.last_line = time.monotonic()
        self.finished = False

    def line(self, tally: str) -> str:
        elapsed = time.monotonic() - self.started
        count = f"{self.done}/{self.total}" if self.total is not None else f"{self.done}"
        if self.finished:
            parts = [f"{self.name}: {count} done in {_clock(elapsed)}"]
        else:
            parts = [f"{self.name}: {count}"]
            if self.total:
                parts[0] += f" ({100 * self.done // self.total}%)"
            parts.append(f"{_clock(elapsed)} elapsed")
            rate = (self.done - self.first) / elapsed if elapsed > 0 else 0.0
            if self.total is not None and rate > 0:
                parts.append(f"ETA {_clock((self.total - self.done) / rate)}")
        return " · ".join([*parts, tally] if tally else parts)


class ProgressDisplay:
    """A rich progress bar per stage whose last column carries the running tally; plain
    complete lines where no live bar can be drawn (see `plain_terminal`)."""

    def __init__(self, tally: Tally, console: Console | None = None, enabled: bool = True):
        self.tally = tally
        self._console = console or Console(stderr=True)
        self._plain = enabled and plain_terminal(self._console)
        self._lines: dict[str, _PlainStage] = {}
        fixed = Column(no_wrap=True)  # only the bar gives way to a narrow terminal
        self._progress = _Bars(
            tally,
            TextColumn("[bold]{task.fields[stage]}", table_column=fixed),
            BarColumn(),
            MofNCompleteColumn(table_column=fixed),
            TaskProgressColumn(table_column=fixed),
            TimeElapsedColumn(table_column=fixed),
            TextColumn("ETA", table_column=fixed),
            TimeRemainingColumn(table_column=fixed),
            console=self._console,
            disable=not enabled or self._plain,
        )
        self._tasks: dict[str, TaskID] = {}

    def __enter__(self) -> ProgressDisplay:
        self._progress.__enter__()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._progress.__exit__(exc_type, exc, tb)
        for stage in self._lines.values():
            if not stage.finished:  # stopped early: say where it stopped
                self._say(stage)

    def _say(self, stage: _PlainStage) -> None:
        stage.last_line = time.monotonic()
        self._console.print(
            stage.line(self.tally.line()), soft_wrap=True, markup=False, highlight=False
        )

    def _track(self, name: str, done: int | None = None, steps: int = 0) -> None:
        stage = self._lines[name]
        stage.done = stage.done + steps if done is None else done
        if stage.total is not None and stage.done >= stage.total and not stage.finished:
            stage.finished = True
            self._say(stage)
        elif time.monotonic() - stage.last_line >= PLAIN_EVERY_S:
            self._say(stage)

    def stage(self, name: str, total: int | None, done: int = 0) -> None:
        self._tasks[name] = self._progress.add_task("", total=total, completed=done, stage=name)
        if self._plain:
            stage = self._lines[name] = _PlainStage(name, total, done)
            stage.finished = total is not None and done >= total
            self._say(stage)

    def advance(self, name: str, steps: int = 1) -> None:
        self._progress.update(self._tasks[name], advance=steps)
        if self._plain:
            self._track(name, steps=steps)

    def complete(self, name: str) -> None:
        """Fill the bar: work that needed no call (a repeated key) is done too."""
        task = self._tasks[name]
        total = self._progress.tasks[task].total
        self._progress.update(task, completed=total)
        if self._plain and total is not None:
            self._track(name, done=int(total))

    def in_turn(self) -> tuple[Callable[[str, int], None], Callable[[int], None]]:
        """`on_stage(name, total)` and `on_step(n)` for a stage's steps that run one after
        another (screening, de-duplicating, writing): a step's bar is filled when the next
        one starts, and `on_step` advances the current one."""
        current: list[str] = []

        def on_stage(name: str, total: int) -> None:
            if current:
                self.complete(current.pop())
            self.stage(name, total=total)
            current.append(name)

        return on_stage, lambda n: self.advance(current[-1], n)


class RunProgress(ProgressDisplay):
    """The display of model-calling runs, tallying answers, verdicts, calls, tokens and cost."""

    tally: CallTally

    def __init__(self, console: Console | None = None, enabled: bool = True):
        super().__init__(CallTally(), console, enabled)

    def __enter__(self) -> RunProgress:
        super().__enter__()
        return self


class Outcome(Protocol):
    """A logged record: its status and whether a re-run may skip it."""

    @property
    def status(self) -> str: ...

    @property
    def finished(self) -> bool: ...


# The statuses an outcome bar counts, in the order it shows them.
OUTCOME_STATUSES = ("case", "rejected", "error")


@contextmanager
def outcome_progress(
    name: str,
    *,
    total: int,
    completed: int,
    console: Console | None = None,
    enabled: bool = True,
) -> Iterator[OutcomeCounter]:
    """A bar that starts at the items already finished and yields the callback that advances
    it by one record, counting cases, rejections and errors."""
    tally = StatusTally(OUTCOME_STATUSES)
    with ProgressDisplay(tally, console, enabled) as display:
        display.stage(name, total=total, done=completed)
        yield OutcomeCounter(display, name, tally)
        display.complete(name)


class OutcomeCounter:
    """Advances an outcome bar by one record and counts the record's status."""

    def __init__(self, display: ProgressDisplay, name: str, tally: StatusTally):
        self._display, self._name, self._tally = display, name, tally

    def __call__(self, record: Outcome) -> None:
        self._tally.counts[record.status] += 1
        self._display.advance(self._name)
