"""Incremental, crash-safe harvest state (sqlite, committed after every change).

- `threads`: per source, every thread id seen with the hash of its text, so a weekly run
  passes on only new or changed threads.
- `runs` and `frontier`: the crawl queue of the current run. A run killed half-way leaves
  its queue behind; the next run of that source resumes it and never refetches a page
  already marked done.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from medrubric.data.models import Thread
from medrubric.data.sqlite import enable_wal
from medrubric.screen.dedup import text_hash

Change = Literal["new", "changed", "unchanged"]
PageKind = Literal["listing", "thread"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS threads (
    source TEXT NOT NULL, thread_id TEXT NOT NULL, content_hash TEXT NOT NULL, url TEXT,
    first_seen TEXT NOT NULL, last_changed TEXT NOT NULL, PRIMARY KEY (source, thread_id)
);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT, source TEXT NOT NULL,
    started_at TEXT NOT NULL, finished_at TEXT
);
CREATE TABLE IF NOT EXISTS frontier (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, run_id INTEGER NOT NULL, key TEXT NOT NULL,
    url TEXT NOT NULL, kind TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'pending',
    UNIQUE (run_id, key)
);
"""


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Page:
    seq: int
    run_id: int
    key: str
    url: str
    kind: PageKind


@dataclass(frozen=True)
class Run:
    id: int
    source: str
    resumed: bool


class HarvestState:
    def __init__(self, path: str | Path):
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        enable_wal(self._db)
        self._db.executescript(_SCHEMA)

    # ------------------------------------------------------------ threads
    def classify(self, thread: Thread) -> Change:
        """Whether a thread is new, changed or unchanged since it was last recorded."""
        row = self._db.execute(
            "SELECT content_hash FROM threads WHERE source = ? AND thread_id = ?",
            (thread.source, thread.thread_id),
        ).fetchone()
        if row is None:
            return "new"
        return "unchanged" if row[0] == text_hash(thread.text()) else "changed"

    def record(self, thread: Thread) -> None:
        """Remember a thread's content hash (call once it has been safely written out)."""
        now = _now()
        self._db.execute(
            "INSERT INTO threads VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (source, thread_id) "
            "DO UPDATE SET content_hash = excluded.content_hash, url = excluded.url, "
            "last_changed = excluded.last_changed",
            (thread.source, thread.thread_id, text_hash(thread.text()), thread.url, now, now),
        )

    def knows_thread(self, source: str, thread_id: str) -> bool:
        row = self._db.execute(
            "SELECT 1 FROM threads WHERE source = ? AND thread_id = ?", (source, thread_id)
        ).fetchone()
        return row is not None

    # ------------------------------------------------------------ crawl runs
    def open_run(self, source: str) -> Run:
        """The unfinished run of `source` if a previous one was interrupted, else a new one."""
        row = self._db.execute(
            "SELECT id FROM runs WHERE source = ? AND finished_at IS NULL ORDER BY id DESC LIMIT 1",
            (source,),
        ).fetchone()
        if row:
            return Run(int(row[0]), source, resumed=True)
        cursor = self._db.execute(
            "INSERT INTO runs (source, started_at) VALUES (?, ?)", (source, _now())
        )
        return Run(int(cursor.lastrowid or 0), source, resumed=False)

    def finish_run(self, run: Run) -> None:
        self._db.execute("UPDATE runs SET finished_at = ? WHERE id = ?", (_now(), run.id))

    def last_finished_run(self, source: str) -> str | None:
        row = self._db.execute(
            "SELECT MAX(finished_at) FROM runs WHERE source = ? AND finished_at IS NOT NULL",
            (source,),
        ).fetchone()
        return row[0] if row else None

    def enqueue(self, run: Run, key: str, url: str, kind: PageKind) -> bool:
        """Queue a page once per run (by key); False if it was already queued."""
        cursor = self._db.execute(
            "INSERT OR IGNORE INTO frontier (run_id, key, url, kind) VALUES (?, ?, ?, ?)",
            (run.id, key, url, kind),
        )
        return cursor.rowcount > 0

    def next_pending(self, run: Run) -> Page | None:
        row = self._db.execute(
            "SELECT seq, run_id, key, url, kind FROM frontier "
            "WHERE run_id = ? AND status = 'pending' ORDER BY seq LIMIT 1",
            (run.id,),
        ).fetchone()
        return Page(*row) if row else None

    def mark(self, page: Page, status: str) -> None:
        """Mark a queued page as handled ('done', 'unchanged', 'robots', 'login', 'error')."""
        self._db.execute("UPDATE frontier SET status = ? WHERE seq = ?", (status, page.seq))

    def close(self) -> None:
        self._db.close()
