"""Opening one SQLite file from several processes at once: the switch to WAL mode can be
refused with "database is locked" without SQLite waiting, so `enable_wal` retries."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from medrubric.data.sqlite import enable_wal
from medrubric.llm.cache import CACHE_FILE


def test_wal_switch_waits_for_a_lock_sqlite_does_not_wait_for(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite"
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN EXCLUSIVE")
    opener = sqlite3.connect(path, timeout=0, isolation_level=None)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        opener.execute("PRAGMA journal_mode=WAL")  # the failure the helper exists for
    release = threading.Timer(0.3, lambda: holder.execute("COMMIT"))
    release.start()
    started = time.monotonic()
    enable_wal(opener, wait_s=10)
    release.join()
    assert time.monotonic() - started >= 0.25
    assert opener.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_a_lock_held_too_long_is_still_an_error(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite"
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN EXCLUSIVE")
    opener = sqlite3.connect(path, timeout=0, isolation_level=None)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        enable_wal(opener, wait_s=0.2)


OPENER = textwrap.dedent(
    """
    import sys, time
    from medrubric.llm import CallCache, CallResult
    while time.time() < float(sys.argv[2]):
        pass
    cache = CallCache(sys.argv[1])
    cache.put(sys.argv[3], CallResult(text="r", model="m", attempts=1))
    """
)


def test_many_processes_open_a_new_cache_at_the_same_moment(tmp_path: Path) -> None:
    start = time.time() + 2.0  # every process has imported by then, then all open at once
    openers = [
        subprocess.Popen(
            [sys.executable, "-c", OPENER, str(tmp_path), str(start), f"k{i}"],
            stderr=subprocess.PIPE,
        )  # fmt: skip
        for i in range(6)
    ]
    results = [(p.wait(timeout=120), p.stderr.read().decode() if p.stderr else "") for p in openers]
    assert all(code == 0 for code, _ in results), results
    rows = sqlite3.connect(tmp_path / CACHE_FILE).execute("SELECT count(*) FROM calls")
    assert rows.fetchone() == (6,)


class Locked:
    """A connection whose WAL switch answers "database is locked" `times` times."""

    def __init__(self, times: int, message: str = "database is locked"):
        self.times, self.message, self.calls = times, message, 0

    def execute(self, sql: str) -> sqlite3.Cursor:
        self.calls += 1
        if self.calls <= self.times:
            raise sqlite3.OperationalError(self.message)
        return sqlite3.connect(":memory:").execute("SELECT 'wal'")


def test_the_lock_wait_polls_under_the_one_retry_policy() -> None:
    from medrubric.data.sqlite import LOCK_POLL_S, lock_wait

    db = Locked(times=3)
    started = time.monotonic()
    enable_wal(db, wait_s=5)  # type: ignore[arg-type]
    assert db.calls == 4  # three refusals, then the check that finds WAL mode
    assert time.monotonic() - started >= 3 * LOCK_POLL_S / 2
    policy = lock_wait(7.0)
    assert (policy.max_attempts, policy.max_wait, policy.max_delay) == (None, 7.0, LOCK_POLL_S)


def test_only_a_lock_is_waited_for() -> None:
    db = Locked(times=1, message="disk I/O error")
    with pytest.raises(sqlite3.OperationalError, match="disk I/O"):
        enable_wal(db, wait_s=5)  # type: ignore[arg-type]
    assert db.calls == 1
