"""Login throttling: per account and per client, with a lockout window.

Failed logins are counted per submitted name (known or not, so throttling reveals nothing
about which names exist) and per client address within `window_s`. Reaching a limit locks
that name or client for `lockout_s`: every login attempt through it, right password or not,
is answered 429 with `Retry-After` until the lock expires. A success clears the name's
failures. The counts live in the project's database (table `login_throttle`), so every server
of a project shares them and a restart keeps them; times are wall-clock seconds, which
servers share (a monotonic clock is per machine). Names and addresses are stored only as
HMACs under the project's signing key (`keyed`): a password typed into the name field, or a
client's address, is never written to the database in the clear.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import Connection

from medrubric.review import db


@dataclass(frozen=True)
class ThrottlePolicy:
    account_failures: int = 5
    client_failures: int = 20
    window_s: float = 15 * 60
    lockout_s: float = 15 * 60
    max_tracked: int = 10_000  # names and clients remembered at once


class LoginThrottle:
    def __init__(
        self,
        policy: ThrottlePolicy | None = None,
        clock: Callable[[], float] = time.time,
        secret: bytes = b"",
    ):
        self.policy = policy or ThrottlePolicy()
        self.clock = clock
        self._secret = secret

    def keyed(self, secret: str) -> LoginThrottle:
        """The same throttle, storing its keys as HMACs under `secret` (the app passes the
        project's signing key, which the database does not hold)."""
        return LoginThrottle(self.policy, self.clock, secret.encode())

    def _key(self, kind: str, value: str) -> str:
        mac = hmac.new(self._secret, f"{kind}:{value}".encode(), hashlib.sha256).hexdigest()
        return f"{kind}:{mac}"

    def _keys(self, account: str, client: str) -> list[tuple[str, int]]:
        return [
            (self._key("account", account[:200]), self.policy.account_failures),
            (self._key("client", client), self.policy.client_failures),
        ]

    def retry_after(self, conn: Connection, account: str, client: str) -> int:
        """Seconds until this name and client may try again; 0 when they may now."""
        now = self.clock()
        keys = [key for key, _ in self._keys(account, client)]
        wait = max((until - now for until in db.throttle_locked_until(conn, keys)), default=0.0)
        return math.ceil(wait) if wait > 0 else 0

    def failed(self, conn: Connection, account: str, client: str) -> None:
        now = self.clock()
        window_start = now - self.policy.window_s
        with db.transaction(conn):
            for key, limit in self._keys(account, client):
                failures, locked_until = db.throttle_track(conn, key)
                failures = [t for t in failures if t > window_start] + [now]
                if len(failures) >= limit:
                    locked_until, failures = now + self.policy.lockout_s, []
                db.save_throttle_track(conn, key, failures, now, locked_until)
            if db.throttle_tracked(conn) > self.policy.max_tracked:
                db.forget_throttle(conn, window_start, now, self.policy.max_tracked // 2)

    def succeeded(self, conn: Connection, account: str) -> None:
        with db.transaction(conn):
            db.drop_throttle_track(conn, self._key("account", account[:200]))
