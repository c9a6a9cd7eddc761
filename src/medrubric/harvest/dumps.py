"""Sources for dumps a user already has: Thread JSONL, message-per-row CSV, saved HTML pages.

CSV columns (one row per message; rows of a thread are grouped by `thread_id`, in file order):
  required  thread_id, author_role (patient|physician|clinician|other), text
  optional  source, url, title, published_at, language (en|zh), verified (true/false/1/0/yes/no),
            posted_at, tags (separated by ";"), has_media
Thread-level columns are taken from the first row of each thread that has them.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from medrubric.data.jsonl import read_models
from medrubric.data.models import Message, Thread
from medrubric.errors import InputError, describe_validation_error
from medrubric.harvest.sites import (
    ExtractionError,
    SiteConfig,
    detect_site,
    page_url,
    parse_html,
    parse_thread,
)

CSV_REQUIRED = ("thread_id", "author_role", "text")
CSV_THREAD_FIELDS = ("source", "url", "title", "published_at", "language", "tags", "has_media")
CSV_MESSAGE_FIELDS = ("author_role", "verified", "posted_at", "text")
_TRUE = {"true", "1", "yes", "y"}
_FALSE = {"false", "0", "no", "n", ""}


@dataclass
class JsonlSource:
    """Threads stored one JSON object per line, in the `Thread` schema."""

    name: str
    path: Path

    def iter_threads(self) -> Iterator[Thread]:
        for _, thread in read_models(self.path, Thread):
            yield thread


def _parse_bool(value: str, path: Path, line: int, column: str) -> bool:
    lowered = value.strip().lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise InputError(f"{column}: expected true/false, got {value!r}", path, line)


@dataclass
class CsvSource:
    """Threads from a CSV with one row per message (columns in the module docstring)."""

    name: str
    path: Path

    def iter_threads(self) -> Iterator[Thread]:
        if not self.path.is_file():
            raise InputError("file not found", self.path)
        threads: dict[str, dict[str, Any]] = {}
        first_line: dict[str, int] = {}
        with self.path.open(encoding="utf-8-sig", newline="") as fh:
            reader = csv.DictReader(fh)
            missing = [c for c in CSV_REQUIRED if c not in (reader.fieldnames or [])]
            if missing:
                raise InputError(f"missing column(s): {', '.join(missing)}", self.path, 1)
            for row in reader:
                line = reader.line_num
                tid = (row.get("thread_id") or "").strip()
                if not tid:
                    raise InputError("thread_id: must not be blank", self.path, line)
                record = threads.setdefault(tid, {"thread_id": tid, "messages": []})
                first_line.setdefault(tid, line)
                self._add_row(record, row, line)
        for tid, record in threads.items():
            record.setdefault("source", self.name)
            try:
                yield Thread.model_validate(record)
            except ValidationError as exc:
                raise InputError(
                    describe_validation_error(exc), self.path, first_line[tid]
                ) from None

    def _add_row(self, record: dict[str, Any], row: dict[str, str | None], line: int) -> None:
        for column in CSV_THREAD_FIELDS:
            value = (row.get(column) or "").strip()
            if value and column not in record:
                if column == "tags":
                    record[column] = [t.strip() for t in value.split(";") if t.strip()]
                elif column == "has_media":
                    record[column] = _parse_bool(value, self.path, line, column)
                else:
                    record[column] = value
        message: dict[str, Any] = {
            "author_role": (row.get("author_role") or "").strip(),
            "verified": _parse_bool(row.get("verified") or "", self.path, line, "verified"),
            "text": row.get("text") or "",
        }
        if (row.get("posted_at") or "").strip():
            message["posted_at"] = (row.get("posted_at") or "").strip()
        try:
            record["messages"].append(Message.model_validate(message))
        except ValidationError as exc:
            raise InputError(describe_validation_error(exc), self.path, line) from None


@dataclass
class HtmlFolderSource:
    """Saved thread pages (*.html, *.htm, recursively); each page's site is detected from
    its URL or markup unless `site` is given."""

    name: str
    path: Path
    sites: dict[str, SiteConfig]
    site: SiteConfig | None = None

    def iter_threads(self) -> Iterator[Thread]:
        if not self.path.is_dir():
            raise InputError("not a folder of HTML pages", self.path)
        files = sorted(p for p in self.path.rglob("*") if p.suffix.lower() in {".html", ".htm"})
        if not files:
            raise InputError("no .html files found", self.path)
        for file in files:
            html = file.read_bytes()
            tree = parse_html(html)
            declared = page_url(tree)
            site = self.site or detect_site(tree, self.sites, declared)
            if site is None:
                raise InputError("cannot tell which site this page is from (pass --site)", file)
            try:
                yield parse_thread(html, declared or file.resolve().as_uri(), site)
            except ExtractionError as exc:
                raise InputError(str(exc), file) from None
