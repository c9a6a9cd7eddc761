"""The one retry policy: which failures are tried again, and how long to wait first.

Every loop that waits for something to become ready runs its attempts through
`RetryPolicy.retrying` (tenacity) or `RetryPolicy.async_retrying` (the same loop for
coroutines, written out: tenacity's coroutine loop cost about a fifth of the CPU of a whole
grading call, and a run makes hundreds of thousands of them): the calls to a server (the
model client, the crawler, the batch transport; `llm/retry.py` adds the server's Retry-After),
the switch of a SQLite file to WAL mode while another process holds its lock
(`data/sqlite.py`) and the start of the local model server (`llm/local_server.py`). An attempt
raises `Transient` for a failure worth another try, optionally carrying the wait the other side
asked for; anything else ends the loop at once. The wait is exponential backoff with jitter, or
the asked-for wait, never above `max_delay`. The loop stops after `max_attempts` attempts or,
with `max_wait`, once that many seconds have passed since the first; then the last `Transient`
is raised to the caller.

It sits at the bottom of the package (beside `errors` and `files`) so that every layer uses it.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import tenacity

T = TypeVar("T")


class Transient(Exception):
    """A failure worth another attempt. `retry_after` is the wait the other side asked for, in
    seconds (None: back off); `detail` is what the caller wants back if it gives up (the last
    response, the last error)."""

    def __init__(self, problem: str, retry_after: float | None = None, detail: Any = None):
        super().__init__(problem)
        self.problem = problem
        self.retry_after = retry_after
        self.detail = detail


@dataclass(frozen=True)
class RetryPolicy:
    """Exponential backoff with jitter; an asked-for wait (`Transient.retry_after`) wins. Both
    are capped at `max_delay`. Attempts stop after `max_attempts` (None: no count) or once
    `max_wait` seconds have passed since the first (None: no deadline)."""

    max_attempts: int | None = 4
    base_delay: float = 0.5
    max_delay: float = 60.0
    max_wait: float | None = None

    def delay(self, attempt: int, retry_after: float | None = None) -> float:
        """Seconds to wait after failed attempt number `attempt` (1-based)."""
        if retry_after is not None:
            return min(max(retry_after, 0.0), self.max_delay)
        ceiling = min(self.base_delay * 2 ** (attempt - 1), self.max_delay)
        return ceiling / 2 + random.uniform(0, ceiling / 2)

    def _wait(self, state: tenacity.RetryCallState) -> float:
        failure = state.outcome.exception() if state.outcome is not None else None
        retry_after = failure.retry_after if isinstance(failure, Transient) else None
        return self.delay(state.attempt_number, retry_after)

    def _stop(self) -> tenacity.stop.stop_base:
        stop: tenacity.stop.stop_base = tenacity.stop_never
        if self.max_attempts is not None:
            stop = tenacity.stop_after_attempt(self.max_attempts)
        if self.max_wait is not None:
            stop = stop | tenacity.stop_after_delay(self.max_wait)
        return stop

    def _shape(self) -> dict[str, Any]:
        return {
            "stop": self._stop(),
            "wait": self._wait,
            "retry": tenacity.retry_if_exception_type(Transient),
            "reraise": True,
        }

    def retrying(self, sleep: Callable[[float], None] = time.sleep) -> tenacity.Retrying:
        """A blocking retry loop: `policy.retrying()(attempt, *args)`."""
        return tenacity.Retrying(sleep=sleep, **self._shape())

    def async_retrying(
        self, sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
    ) -> AsyncRetryLoop:
        """The same loop for coroutines: `await policy.async_retrying()(attempt, *args)`."""
        return AsyncRetryLoop(self, sleep)


@dataclass(frozen=True)
class AsyncRetryLoop:
    """`RetryPolicy.retrying`'s loop for coroutines: an attempt that raises `Transient` is
    tried again after `policy.delay` until `max_attempts` are made or `max_wait` seconds have
    passed since the first, then its failure is raised; any other exception ends the loop at
    once."""

    policy: RetryPolicy
    sleep: Callable[[float], Awaitable[None]]

    def _spent(self, number: int, started: float) -> bool:
        policy = self.policy
        if policy.max_attempts is not None and number >= policy.max_attempts:
            return True
        return policy.max_wait is not None and time.monotonic() - started >= policy.max_wait

    async def __call__(self, attempt: Callable[..., Awaitable[T]], *args: Any) -> T:
        number, started = 1, time.monotonic()
        while True:
            try:
                return await attempt(*args)
            except Transient as failed:
                if self._spent(number, started):
                    raise
                await self.sleep(self.policy.delay(number, failed.retry_after))
                number += 1
