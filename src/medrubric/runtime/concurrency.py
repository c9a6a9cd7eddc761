"""The one bounded-concurrency runner: many model calls, at most `limit` in flight.

`bounded` yields results as they finish; `run_in_order` collects them in input order with a
progress bar; `run_unfinished` appends each record to a log as it arrives, so a killed run
resumes where it stopped and repeats no finished call.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel

from medrubric.data.jsonl import append_jsonl
from medrubric.runtime.progress import NoTally, Outcome, ProgressDisplay

T = TypeVar("T")
R = TypeVar("R")
Rec = TypeVar("Rec", bound=Outcome)


async def bounded(
    items: Iterable[T], work: Callable[[T], Awaitable[R]], limit: int
) -> AsyncIterator[R]:
    """Apply `work` to every item with at most `limit` concurrent calls, in completion order.
    Items are taken from `items` only as calls finish, so a long (or lazy) sequence of work
    holds no more than `limit` tasks at a time."""
    source = iter(items)
    finished: asyncio.Queue[asyncio.Future[R]] = asyncio.Queue()
    running: set[asyncio.Future[R]] = set()

    def start(count: int) -> None:
        for item in itertools.islice(source, count):
            task = asyncio.ensure_future(work(item))
            running.add(task)
            task.add_done_callback(finished.put_nowait)

    try:
        start(max(1, limit))
        while running:
            task = await finished.get()
            running.discard(task)
            start(1)
            yield task.result()
    finally:
        for task in running:
            task.cancel()


async def run_in_order(
    items: Sequence[T],
    work: Callable[[T], Awaitable[R]],
    *,
    limit: int,
    label: str,
    show_progress: bool = True,
) -> list[R]:
    """`work` on every item (at most `limit` at once) under a progress bar; input order."""

    async def indexed(pair: tuple[int, T]) -> tuple[int, R]:
        return pair[0], await work(pair[1])

    results: dict[int, R] = {}
    with ProgressDisplay(NoTally(), enabled=show_progress) as display:
        display.stage(label, total=len(items))
        async for index, result in bounded(list(enumerate(items)), indexed, limit):
            results[index] = result
            display.advance(label)
    return [results[i] for i in range(len(items))]


def unfinished(items: Sequence[T], key: Callable[[T], str], records: dict[str, Rec]) -> list[T]:
    """The items without a finished record, each key once (its first item)."""
    pending: dict[str, T] = {}
    for item in items:
        ident = key(item)
        if not (ident in records and records[ident].finished):
            pending.setdefault(ident, item)
    return list(pending.values())


def count_finished(items: Sequence[T], key: Callable[[T], str], records: dict[str, Rec]) -> int:
    """How many items a re-run skips: where the progress bar of a resumed run starts."""
    return sum(1 for item in items if key(item) in records and records[key(item)].finished)


async def run_unfinished(
    items: Sequence[T],
    work: Callable[[T], Awaitable[Rec]],
    *,
    key: Callable[[T], str],
    log: Path,
    records: dict[str, Rec],
    concurrency: int,
    on_record: Callable[[Rec], None] | None = None,
) -> None:
    """Run `work` on every unfinished item, at most `concurrency` at a time; append each
    record to `log` as it arrives and store it in `records` under the item's key."""

    async def keyed(item: T) -> tuple[str, Rec]:
        return key(item), await work(item)

    async for ident, record in bounded(unfinished(items, key, records), keyed, concurrency):
        assert isinstance(record, BaseModel), "records are logged as JSON lines"
        await asyncio.to_thread(append_jsonl, log, record)
        records[ident] = record
        if on_record is not None:
            on_record(record)
