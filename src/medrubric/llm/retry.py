"""Retrying calls to a server under the one retry policy (`medrubric.retry`).

Every caller that talks to a server (the model client, the crawler, the batch transport) runs
its attempts through `RetryPolicy.retrying` or `RetryPolicy.async_retrying`: an attempt raises
`Transient` for a failure worth another try (429, 5xx, a dropped connection), carrying the
server's Retry-After (`retry_after_seconds`) when it sent one; anything else ends the loop at
once. The wait is exponential backoff with jitter, or the server's Retry-After, never above
`max_delay`. When the attempts run out, the last `Transient` is raised to the caller.
"""

from __future__ import annotations

import datetime as dt
import email.utils
import math
import time
from collections.abc import Mapping

from medrubric.retry import RetryPolicy as RetryPolicy
from medrubric.retry import Transient as Transient


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
