"""Persistent call cache: SQLite in WAL mode, one row per successful call, committed before
the call returns (`GroupCommit` lets the calls of one event-loop turn share a commit).

The key is the SHA-256 of the canonical request: provider, model id, messages, parameters,
JSON schema and prompt-template version. The base URL is *not* part of it, so the same model
served on another port or host (a local server gets a new port every run) keeps its cache;
give a different model id when two endpoints serve different weights under one name.
Only successful results are stored, so errors are retried on the next run. Rows never hold
an API key: requests are keyed on their content and keys are not part of the content.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from medrubric.data.sqlite import enable_wal
from medrubric.llm.config import MedrubricConfig
from medrubric.llm.types import CallResult

CACHE_ENV = "MEDRUBRIC_CACHE_DIR"
DEFAULT_CACHE_DIR = Path("~/.cache/medrubric")
CACHE_FILE = "calls.sqlite3"


def resolve_cache_dir(
    cache_dir: str | Path | None = None, config: MedrubricConfig | None = None
) -> Path:
    """The one cache folder of medrubric: --cache-dir, else $MEDRUBRIC_CACHE_DIR, else
    `cache_dir` in medrubric.toml, else $XDG_CACHE_HOME/medrubric, else ~/.cache/medrubric."""
    xdg = os.environ.get("XDG_CACHE_HOME")
    chosen = (
        cache_dir
        or os.environ.get(CACHE_ENV)
        or (config.cache_dir if config is not None else None)
        or (Path(xdg) / "medrubric" if xdg else DEFAULT_CACHE_DIR)
    )
    return Path(chosen).expanduser()


# One encoder for every call: json.dumps with options builds a new encoder each time.
_ENCODE = json.JSONEncoder(sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode


def canonical(value: Any) -> str:
    """The canonical JSON text keys are computed from: sorted keys, no spaces, UTF-8 as is."""
    return _ENCODE(value)


def cache_key(
    *,
    provider: str,
    model: str,
    messages: list[dict[str, str]],
    params: dict[str, Any],
    schema: dict[str, Any] | None,
    prompt_version: str,
    encoded: dict[str, str] | None = None,
) -> str:
    """SHA-256 of the canonical request. `encoded` holds parts already in canonical JSON (the
    messages a client also sends, a schema encoded once per model) so they are not encoded
    again; the key is the same either way."""
    request: dict[str, Any] = {
        "provider": provider,
        "model": model,
        "messages": messages,
        "params": params,
        "schema": schema,
        "prompt_version": prompt_version,
    }
    done = encoded or {}
    canonical_request = (
        "{"
        + ",".join(
            f'"{name}":{done[name] if name in done else _ENCODE(request[name])}'
            for name in sorted(request)  # plain ASCII names: quoting is their JSON
        )
        + "}"
    )
    return hashlib.sha256(canonical_request.encode("utf-8")).hexdigest()


class CallCache:
    """Thread- and process-safe store of successful CallResults, committed before `put` or
    `put_many` returns."""

    def __init__(self, directory: str | Path):
        self.directory = Path(directory).expanduser()
        self.directory.mkdir(parents=True, exist_ok=True)
        self.path = self.directory / CACHE_FILE
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, timeout=30.0, check_same_thread=False)
        self._db.execute("PRAGMA busy_timeout=30000")
        enable_wal(self._db)
        # NORMAL in WAL mode survives a killed process (not a power cut) and is much faster.
        self._db.execute("PRAGMA synchronous=NORMAL")
        with self._db:
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS calls ("
                " key TEXT PRIMARY KEY, model TEXT NOT NULL, created_at REAL NOT NULL,"
                " result TEXT NOT NULL)"
            )

    def get(self, key: str) -> CallResult | None:
        with self._lock:
            row = self._db.execute("SELECT result FROM calls WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        try:
            stored = CallResult.model_validate_json(row[0])
        except ValidationError:  # written by an incompatible version: answer it afresh
            return None
        return stored.model_copy(update={"cached": True})

    def put(self, key: str, result: CallResult) -> None:
        self.put_many([(key, result)])

    def put_many(self, items: list[tuple[str, CallResult]]) -> None:
        """Store results in one transaction: committed (a killed process keeps them) when
        this returns."""
        rows = []
        for key, result in items:
            if not result.ok:
                raise ValueError("only successful results are cached")
            fresh = result.model_copy(update={"cached": False}) if result.cached else result
            rows.append((key, result.model, time.time(), fresh.model_dump_json()))
        with self._lock, self._db:
            self._db.executemany(
                "INSERT OR REPLACE INTO calls (key, model, created_at, result) VALUES (?, ?, ?, ?)",
                rows,
            )

    def __len__(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM calls").fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self._db.close()


class GroupCommit:
    """Cache writes made in one turn of the event loop, committed together.

    Each writer resumes only once its row is committed, so a killed process still loses no
    finished call; but the replies that arrive together (dozens at a time at high
    concurrency) cost one SQLite commit instead of one each."""

    def __init__(self, cache: CallCache):
        self.cache = cache
        self._pending: list[tuple[str, CallResult, asyncio.Future[None]]] = []

    async def put(self, key: str, result: CallResult) -> None:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._pending.append((key, result, done))
        if len(self._pending) == 1:
            loop.call_soon(self._commit)
        await done

    def _commit(self) -> None:
        batch, self._pending = self._pending, []
        try:
            self.cache.put_many([(key, result) for key, result, _ in batch])
        except Exception as exc:  # every writer of the batch hears about it
            for *_, done in batch:
                done.set_exception(exc)
            return
        for *_, done in batch:
            done.set_result(None)
