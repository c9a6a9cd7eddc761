"""The one live progress display of long runs: a bar per stage with done/total, elapsed time,
ETA and a running tally (answers, verdicts, errors, tokens and cost; or outcome counts)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from types import TracebackType
from typing import Protocol

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from medrubric.data.models import Usage


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
        self.answers = 0
        self.verdicts = 0
        self.errors = 0
        self.calls_made = 0
        self.calls_cached = 0
        self.usage = Usage()
        self.cost_usd = 0.0

    def add_call(self, usage: Usage, cost_usd: float, cached: bool, calls: int = 1) -> None:
        if cached:  # a cached answer costs nothing again
            self.calls_cached += calls
            return
        self.calls_made += calls
        self.usage = self.usage + usage
        self.cost_usd += cost_usd

    def line(self) -> str:
        tokens = self.usage.prompt_tokens + self.usage.completion_tokens
        return (
            f"answers {self.answers} · verdicts {self.verdicts} · errors {self.errors} · "
            f"calls {self.calls_made} made, {self.calls_cached} cached · "
            f"tokens {tokens:,} · cost ${self.cost_usd:.4f}"
        )


class StatusTally:
    """How many records ended in each status (a case, a rejection, an error)."""

    def __init__(self, statuses: Sequence[str]) -> None:
        self.statuses = tuple(statuses)
        self.counts: Counter[str] = Counter()

    def line(self) -> str:
        return " · ".join(f"{status} {self.counts[status]}" for status in self.statuses)


class _LiveLine:
    """The tally's line, formatted only when the bar is drawn (a few times a second), not at
    every one of the hundreds of advances a second."""

    def __init__(self, tally: Tally):
        self.tally = tally

    def __format__(self, spec: str) -> str:
        return format(self.tally.line(), spec)


class ProgressDisplay:
    """A rich progress bar per stage whose last column carries the running tally."""

    def __init__(self, tally: Tally, console: Console | None = None, enabled: bool = True):
        self.tally = tally
        self._progress = Progress(
            TextColumn("[bold]{task.fields[stage]:<9}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            TextColumn("{task.fields[tally]}"),
            console=console or Console(stderr=True),
            disable=not enabled,
            transient=False,
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

    def stage(self, name: str, total: int | None, done: int = 0) -> None:
        self._tasks[name] = self._progress.add_task(
            "", total=total, completed=done, stage=name, tally=_LiveLine(self.tally)
        )

    def advance(self, name: str, steps: int = 1) -> None:
        self._progress.update(self._tasks[name], advance=steps)

    def complete(self, name: str) -> None:
        """Fill the bar: work that needed no call (a repeated key) is done too."""
        task = self._tasks[name]
        self._progress.update(task, completed=self._progress.tasks[task].total)


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
