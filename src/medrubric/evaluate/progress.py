"""Live console progress for long runs: answers, verdicts, errors, tokens, cost and ETA."""

from __future__ import annotations

from types import TracebackType

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


class RunProgress:
    """A rich progress bar per stage whose description carries the running tally."""

    def __init__(self, console: Console | None = None, enabled: bool = True):
        self.tally = CallTally()
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

    def __enter__(self) -> RunProgress:
        self._progress.__enter__()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._progress.__exit__(exc_type, exc, tb)

    def stage(self, name: str, total: int, done: int = 0) -> None:
        self._tasks[name] = self._progress.add_task(
            "", total=total, completed=done, stage=name, tally=self.tally.line()
        )

    def advance(self, name: str, steps: int = 1) -> None:
        self._progress.update(self._tasks[name], advance=steps, tally=self.tally.line())
