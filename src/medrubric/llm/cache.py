"""Persistent call cache: SQLite in WAL mode, one committed row per successful call.

The key is the SHA-256 of the canonical request: provider, model id, messages, parameters,
JSON schema and prompt-template version. The base URL is *not* part of it, so the same model
served on another port or host (a local server gets a new port every run) keeps its cache;
give a different model id when two endpoints serve different weights under one name.
Only successful results are stored, so errors are retried on the next run. Rows never hold
an API key: requests are keyed on their content and keys are not part of the content.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from medrubric.llm.config import MedrubricConfig
from medrubric.llm.types import CallResult

CACHE_ENV = "MEDRUBRIC_CACHE_DIR"
DEFAULT_CACHE_DIR = Path("~/.cache/medrubric")
CACHE_FILE = "calls.sqlite3"


def resolve_cache_dir(
    cache_dir: str | Path | None = None, config: MedrubricConfig | None = None
) -> Path:
    """--cache-dir, else $MEDRUBRIC_CACHE_DIR, else `cache_dir` in medrubric.toml, else ~/.cache."""
    chosen = (
        cache_dir
        or os.environ.get(CACHE_ENV)
        or (config.cache_dir if config is not None else None)
        or DEFAULT_CACHE_DIR
    )
    return Path(chosen).expanduser()


def cache_key(
    *,
    provider: str,
    model: str,
    messages: list[dict[str, str]],
    params: dict[str, Any],
    schema: dict[str, Any] | None,
    prompt_version: str,
) -> str:
    request = {
        "provider": provider,
        "model": model,
        "messages": messages,
        "params": params,
        "schema": schema,
        "prompt_version": prompt_version,
    }
    canonical = json.dumps(request, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class CallCache:
    """Thread- and process-safe store of successful CallResults, committed per call."""

    def __init__(self, directory: str | Path):
        self.directory = Path(directory).expanduser()
        self.directory.mkdir(parents=True, exist_ok=True)
        self.path = self.directory / CACHE_FILE
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, timeout=30.0, check_same_thread=False)
        self._db.execute("PRAGMA busy_timeout=30000")
        self._db.execute("PRAGMA journal_mode=WAL")
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
        if not result.ok:
            raise ValueError("only successful results are cached")
        payload = result.model_copy(update={"cached": False}).model_dump_json()
        with self._lock, self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO calls (key, model, created_at, result) VALUES (?, ?, ?, ?)",
                (key, result.model, time.time(), payload),
            )

    def __len__(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM calls").fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self._db.close()
