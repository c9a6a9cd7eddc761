"""Login throttling: per account and per client, with a lockout window.

Failed logins are counted per submitted name (known or not, so throttling reveals nothing
about which names exist) and per client address within `window_s`. Reaching a limit locks
that name or client for `lockout_s`: every login attempt through it, right password or not,
is answered 429 with `Retry-After` until the lock expires. A success clears the name's
failures. Counts live in the server process (a restart forgets them).
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class ThrottlePolicy:
    account_failures: int = 5
    client_failures: int = 20
    window_s: float = 15 * 60
    lockout_s: float = 15 * 60
    max_tracked: int = 10_000  # names and clients remembered at once


@dataclass
class _Track:
    failures: deque[float] = field(default_factory=deque)
    locked_until: float = 0.0


class LoginThrottle:
    def __init__(
        self, policy: ThrottlePolicy | None = None, clock: Callable[[], float] = time.monotonic
    ):
        self.policy = policy or ThrottlePolicy()
        self.clock = clock
        self._tracks: dict[tuple[str, str], _Track] = {}

    def _keys(self, account: str, client: str) -> list[tuple[tuple[str, str], int]]:
        return [
            (("account", account[:200]), self.policy.account_failures),
            (("client", client), self.policy.client_failures),
        ]

    def retry_after(self, account: str, client: str) -> int:
        """Seconds until this name and client may try again; 0 when they may now."""
        now = self.clock()
        wait = max(
            (
                t.locked_until - now
                for key, _ in self._keys(account, client)
                if (t := self._tracks.get(key)) is not None
            ),
            default=0.0,
        )
        return math.ceil(wait) if wait > 0 else 0

    def failed(self, account: str, client: str) -> None:
        now = self.clock()
        for key, limit in self._keys(account, client):
            track = self._tracks.setdefault(key, _Track())
            track.failures.append(now)
            while track.failures and track.failures[0] <= now - self.policy.window_s:
                track.failures.popleft()
            if len(track.failures) >= limit:
                track.locked_until = now + self.policy.lockout_s
                track.failures.clear()
        if len(self._tracks) > self.policy.max_tracked:
            self._forget(now)

    def succeeded(self, account: str) -> None:
        self._tracks.pop(("account", account[:200]), None)

    def _forget(self, now: float) -> None:
        """Bound memory under a flood of made-up names: drop tracks with nothing pending, then
        the oldest unlocked ones; locks are never dropped."""
        window_start = now - self.policy.window_s
        for key in [
            k
            for k, t in self._tracks.items()
            if t.locked_until <= now and all(f <= window_start for f in t.failures)
        ]:
            del self._tracks[key]
        unlocked = [k for k, t in self._tracks.items() if t.locked_until <= now]
        excess = len(self._tracks) - self.policy.max_tracked // 2
        for key in unlocked[: max(excess, 0)]:
            del self._tracks[key]

    def tracked(self) -> int:
        return len(self._tracks)
