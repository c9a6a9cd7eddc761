"""SQLite files that several processes open at once (the LLM call cache, harvest state)."""

from __future__ import annotations

import sqlite3
import time

WAL_WAIT_S = 30.0


def enable_wal(db: sqlite3.Connection, wait_s: float = WAL_WAIT_S) -> None:
    """Put the database in write-ahead-log mode (it stays so in the file). Switching needs a
    lock for which SQLite may answer "database is locked" at once instead of calling the busy
    handler, as when two processes open a new file at the same moment: retry for `wait_s`."""
    deadline = time.monotonic() + wait_s
    while True:
        try:
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                db.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)
