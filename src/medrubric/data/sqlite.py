"""SQLite files that several processes open at once (the LLM call cache, harvest state)."""

from __future__ import annotations

import sqlite3

from medrubric.retry import RetryPolicy, Transient

WAL_WAIT_S = 30.0
# Try again every 10-20 ms (the lock is held for one write) until the wait runs out.
LOCK_POLL_S = 0.02


def lock_wait(wait_s: float = WAL_WAIT_S) -> RetryPolicy:
    """The retry shape for a lock SQLite does not wait for itself: poll until `wait_s`."""
    return RetryPolicy(
        max_attempts=None, base_delay=LOCK_POLL_S, max_delay=LOCK_POLL_S, max_wait=wait_s
    )


def enable_wal(db: sqlite3.Connection, wait_s: float = WAL_WAIT_S) -> None:
    """Put the database in write-ahead-log mode (it stays so in the file). Switching needs a
    lock for which SQLite may answer "database is locked" at once instead of calling the busy
    handler, as when two processes open a new file at the same moment: retry for `wait_s`."""

    def attempt() -> None:
        try:
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                db.execute("PRAGMA journal_mode=WAL")
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc):
                raise
            raise Transient("database is locked", detail=exc) from exc

    try:
        lock_wait(wait_s).retrying()(attempt)
    except Transient as gave_up:
        raise gave_up.detail from None
