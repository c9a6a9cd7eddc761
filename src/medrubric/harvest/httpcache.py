"""On-disk HTTP cache (sqlite) for conditional requests.

Stores the ETag and Last-Modified of every 200 response, and the body where the caller keeps
it (listing pages; never thread pages, whose text is personal and unredacted), so the next
fetch of the same URL can send If-None-Match / If-Modified-Since and reuse the body on 304.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from medrubric.data.sqlite import enable_wal

_SCHEMA = """
CREATE TABLE IF NOT EXISTS responses (
    url TEXT PRIMARY KEY,
    final_url TEXT NOT NULL,
    etag TEXT,
    last_modified TEXT,
    body BLOB NOT NULL,
    fetched_at TEXT NOT NULL
)
"""


@dataclass(frozen=True)
class CachedResponse:
    url: str
    final_url: str
    etag: str | None
    last_modified: str | None
    body: bytes
    fetched_at: str

    def validators(self) -> dict[str, str]:
        """Conditional-request headers for this response."""
        headers = {}
        if self.etag:
            headers["If-None-Match"] = self.etag
        if self.last_modified:
            headers["If-Modified-Since"] = self.last_modified
        return headers


class HttpCache:
    def __init__(self, path: str | Path):
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        enable_wal(self._db)
        self._db.execute(_SCHEMA)

    def get(self, url: str) -> CachedResponse | None:
        row = self._db.execute(
            "SELECT url, final_url, etag, last_modified, body, fetched_at "
            "FROM responses WHERE url = ?",
            (url,),
        ).fetchone()
        return CachedResponse(*row) if row else None

    def put(
        self, url: str, final_url: str, etag: str | None, last_modified: str | None, body: bytes
    ) -> None:
        now = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
        self._db.execute(
            "INSERT OR REPLACE INTO responses VALUES (?, ?, ?, ?, ?, ?)",
            (url, final_url, etag, last_modified, body, now),
        )

    def close(self) -> None:
        self._db.close()
