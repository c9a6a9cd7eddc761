"""When to try a request again and how long to wait first."""

from __future__ import annotations

import email.utils
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class RetryPolicy:
    """Exponential backoff with jitter; a server's Retry-After wins when it sends one."""

    max_attempts: int = 4
    base_delay: float = 0.5
    max_delay: float = 60.0

    def delay(self, attempt: int, retry_after: float | None = None) -> float:
        """Seconds to wait after failed attempt number `attempt` (1-based)."""
        if retry_after is not None:
            return min(max(retry_after, 0.0), self.max_delay)
        ceiling = min(self.base_delay * 2 ** (attempt - 1), self.max_delay)
        return ceiling / 2 + random.uniform(0, ceiling / 2)


def retry_after_seconds(headers: Mapping[str, str] | None) -> float | None:
    """Parse `retry-after-ms`, or `retry-after` as seconds or an HTTP date."""
    if not headers:
        return None
    lowered = {k.lower(): v for k, v in headers.items()}
    if "retry-after-ms" in lowered:
        try:
            return float(lowered["retry-after-ms"]) / 1000
        except ValueError:
            pass
    value = lowered.get("retry-after")
    if value is None:
        return None
    try:
        return float(value)
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(when.timestamp() - time.time(), 0.0)
