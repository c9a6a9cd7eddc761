"""Run many model calls concurrently, at most `limit` in flight, yielding as each finishes."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


async def bounded(
    items: Sequence[T], work: Callable[[T], Awaitable[R]], limit: int
) -> AsyncIterator[R]:
    """Apply `work` to every item with at most `limit` concurrent calls, in completion order."""
    gate = asyncio.Semaphore(max(1, limit))

    async def one(item: T) -> R:
        async with gate:
            return await work(item)

    pending = [asyncio.ensure_future(one(item)) for item in items]
    try:
        for next_done in asyncio.as_completed(pending):
            yield await next_done
    finally:
        for task in pending:
            task.cancel()
