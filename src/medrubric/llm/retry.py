"""The one retry policy: which failures are tried again, and how long to wait first.

Every caller that talks to a server (the model client, the crawler, the batch transport) runs
its attempts through `RetryPolicy.retrying` (tenacity) or `RetryPolicy.async_retrying` (the
same loop for coroutines, written out: tenacity's coroutine loop costs about a fifth of the
CPU of a whole grading call, and a run makes hundreds of thousands of them): an attempt
raises `Transient` for a failure worth another try (429, 5xx, a dropped connection), carrying
the server's Retry-After when it sent one; anything else ends the loop at once. The wait is
exponential backoff with jitter, or the server's Retry-After, never above `max_delay`.
When the attempts run out, the last `Transient` is raised to the caller.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import email.utils
import math
import random
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

import tenacity

T = TypeVar("T")


class Transient(Exception):
    """A failure worth another attempt. `retry_after` is the server's wait in seconds (None:
    back off); `detail` is what the caller wants back if it gives up (the last response)."""

    def __init__(self, problem: str, retry_after: float | None = None, detail: Any = None):
        super().__init__(problem)
        self.problem = problem
        self.retry_after = retry_after
        self.detail = detail


@dataclass(frozen=True)
class RetryPolicy:
    """Exponential backoff with jitter; a server's Retry-After wins when it sends one. Both
    are capped at `max_delay`."""

    max_attempts: int = 4
    base_delay: float = 0.5
    max_delay: float = 60.0

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

    def _shape(self) -> dict[str, Any]:
        return {
            "stop": tenacity.stop_after_attempt(self.max_attempts),
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
    tried again after `policy.delay` until `max_attempts` are made, then its failure is
    raised; any other exception ends the loop at once."""

    policy: RetryPolicy
    sleep: Callable[[float], Awaitable[None]]

    async def __call__(self, attempt: Callable[..., Awaitable[T]], *args: Any) -> T:
        number = 1
        while True:
            try:
                return await attempt(*args)
            except Transient as failed:
                if number >= self.policy.max_attempts:
                    raise
                await self.sleep(self.policy.delay(number, failed.retry_after))
                number += 1


def retry_after_seconds(headers: Mapping[str, str] | None) -> float | None:
    """The wait a server asks for: `retry-after-ms` (milliseconds), else `retry-after` as
    seconds ("2", "1.5") or an HTTP date. None when absent or unreadable; never negative.
    The caller's policy caps it (`RetryPolicy.delay`)."""
    if not headers:
        return None
    lowered = {k.lower(): v for k, v in headers.items()}
    millis = _seconds(lowered.get("retry-after-ms"))
    if millis is not None:
        return millis / 1000
    value = lowered.get("retry-after")
    if value is None:
        return None
    seconds = _seconds(value)
    if seconds is not None:
        return seconds
    try:
        when = email.utils.parsedate_to_datetime(value.strip())
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:  # an HTTP date is GMT
        when = when.replace(tzinfo=dt.UTC)
    return max(when.timestamp() - time.time(), 0.0)


def _seconds(value: str | None) -> float | None:
    if value is None:
        return None
    try:
        number = float(value.strip())
    except ValueError:
        return None
    return max(number, 0.0) if math.isfinite(number) else None
