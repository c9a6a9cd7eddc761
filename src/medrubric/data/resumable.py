"""Resumable runs over many items: one record per item appended to a results log.

The log (`results.jsonl`) is appended as each item finishes, so an interrupted run loses
nothing. A re-run reads the latest record per key, skips items whose record is finished and
retries the others (model errors), so no finished model call is repeated.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Protocol, TypeVar

from pydantic import BaseModel, ValidationError
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from medrubric.data.jsonl import append_jsonl, iter_json_lines
from medrubric.errors import input_error_from_validation

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")


class Outcome(Protocol):
    """A logged record: its status and whether a re-run may skip it."""

    @property
    def status(self) -> str: ...

    @property
    def finished(self) -> bool: ...


R = TypeVar("R", bound=Outcome)

# The statuses the progress bar counts, in the order it shows them.
TALLY_STATUSES = ("case", "rejected", "error")


def read_latest(path: Path, model: type[M], key: Callable[[M], str]) -> dict[str, M]:
    """The latest record per key in a JSONL log (later lines win); no log means no records."""
    if not path.exists() or path.stat().st_size == 0:
        return {}
    latest: dict[str, M] = {}
    for lineno, obj in iter_json_lines(path):
        try:
            record = model.model_validate(obj)
        except ValidationError as exc:
            raise input_error_from_validation(exc, path, lineno) from None
        latest[key(record)] = record
    return latest


def unfinished(items: Sequence[T], key: Callable[[T], str], records: dict[str, R]) -> list[T]:
    """The items without a finished record, each key once (its first item)."""
    pending: dict[str, T] = {}
    for item in items:
        ident = key(item)
        if not (ident in records and records[ident].finished):
            pending.setdefault(ident, item)
    return list(pending.values())


def count_finished(items: Sequence[T], key: Callable[[T], str], records: dict[str, R]) -> int:
    """How many items a re-run skips: where the progress bar of a resumed run starts."""
    return sum(1 for item in items if key(item) in records and records[key(item)].finished)


async def run_unfinished(
    items: Sequence[T],
    work: Callable[[T], Awaitable[R]],
    *,
    key: Callable[[T], str],
    log: Path,
    records: dict[str, R],
    concurrency: int,
    on_record: Callable[[R], None] | None = None,
) -> None:
    """Run `work` on every unfinished item, at most `concurrency` at a time; append each
    record to `log` as it arrives and store it in `records` under the item's key."""
    gate = asyncio.Semaphore(max(1, concurrency))

    async def one(item: T) -> None:
        async with gate:
            record = await work(item)
        assert isinstance(record, BaseModel), "records are logged as JSON lines"
        append_jsonl(log, record)
        records[key(item)] = record
        if on_record is not None:
            on_record(record)

    await asyncio.gather(*(one(item) for item in unfinished(items, key, records)))


@contextmanager
def outcome_progress(
    description: str, *, total: int, completed: int, console: Console | None = None
) -> Iterator[Callable[[Outcome], None]]:
    """A live bar that starts at the items already finished and yields the callback that
    advances it by one record, counting cases, rejections and errors."""
    tally: Counter[str] = Counter()
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[tally]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console or Console(stderr=True),
    ) as bar:
        task = bar.add_task(description, total=total, completed=completed, tally="")

        def advance(record: Outcome) -> None:
            tally[record.status] += 1
            line = " · ".join(f"{k} {tally[k]}" for k in TALLY_STATUSES)
            bar.update(task, advance=1, tally=line)

        yield advance
        bar.update(task, completed=total)
