"""Login throttling: per account and per client, with a lockout window.

Every login attempt is counted per submitted name (known or not, so throttling reveals
nothing about which names exist) and per client address *before* its password is checked:
`reserve` looks for a lock and counts the attempt in one locked transaction (SQLite's write
lock, a PostgreSQL row lock), so a burst of parallel attempts, on one server or several, is
admitted only up to the limits. A failure keeps its count (`failed`); a success takes back
its own count and nothing else (`succeeded`), so an attacker's failures stay on the books.
Within `window_s`, reaching a limit locks that name or client for `lockout_s`: every login
attempt through it, right password or not, is answered 429 with `Retry-After` until the
lock expires, and a burst that fills the quota with attempts still being checked locks it at
once. The counts live in the project's database (table `login_throttle`), so every server
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


@dataclass(frozen=True)
class Attempt:
    """A login attempt as `reserve` left it: refused for `retry_after` seconds, or (0)
    counted at `at` under `keys` until `failed` or `succeeded` settles it."""

    keys: tuple[tuple[str, int], ...]  # (throttle key, its limit)
    at: float
    retry_after: int


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

    def _keys(self, account: str, client: str) -> tuple[tuple[str, int], ...]:
        """Always the account first, then the client: every transaction locks its rows in
        this order, so two of them never wait for each other."""
        return (
            (self._key("account", account[:200]), self.policy.account_failures),
            (self._key("client", client), self.policy.client_failures),
        )

    def reserve(self, conn: Connection, account: str, client: str) -> Attempt:
        """Refuse the attempt while its name or client is locked, or lock them when the
        attempts counted within the window (failed or still being checked) fill a limit;
        otherwise count it. One transaction holding the rows' locks throughout."""
        now = self.clock()
        window_start = now - self.policy.window_s
        keys = self._keys(account, client)
        wait = 0.0
        with db.transaction(conn):
            tracks = [(key, limit, *db.throttle_track(conn, key)) for key, limit in keys]
            for key, limit, failures, locked_until in tracks:
                recent = [t for t in failures if t > window_start]
                if locked_until <= now and len(recent) >= limit:
                    locked_until, recent = now + self.policy.lockout_s, []
                    db.save_throttle_track(conn, key, recent, now, locked_until)
                wait = max(wait, locked_until - now)
            if wait <= 0:
                for key, _, failures, locked_until in tracks:
                    recent = [t for t in failures if t > window_start] + [now]
                    db.save_throttle_track(conn, key, recent, now, locked_until)
            if db.throttle_tracked(conn) > self.policy.max_tracked:
                db.forget_throttle(conn, window_start, now, self.policy.max_tracked // 2)
        return Attempt(keys, now, math.ceil(wait) if wait > 0 else 0)

    def failed(self, conn: Connection, attempt: Attempt) -> None:
        """The attempt's count stays; a name or client whose counts reach the limit is
        locked from now on."""
        now = self.clock()
        window_start = now - self.policy.window_s
        with db.transaction(conn):
            for key, limit in attempt.keys:
                failures, locked_until = db.throttle_track(conn, key)
                recent = [t for t in failures if t > window_start]
                if len(recent) >= limit and locked_until <= now:
                    db.save_throttle_track(conn, key, [], now, now + self.policy.lockout_s)

    def succeeded(self, conn: Connection, attempt: Attempt) -> None:
        """Take back the attempt's own count (earlier failures stay until the window
        passes); a key left with nothing to remember is dropped."""
        with db.transaction(conn):
            for key, _ in attempt.keys:
                failures, locked_until = db.throttle_track(conn, key)
                if attempt.at in failures:
                    failures.remove(attempt.at)
                if failures or locked_until > self.clock():
                    db.save_throttle_track(conn, key, failures, attempt.at, locked_until)
                else:
                    db.drop_throttle_track(conn, key)
