"""Streaming JSONL reading and writing with exact file:line errors.

Accepts a UTF-8 BOM, CRLF line endings and blank lines; rejects invalid JSON, truncated
lines, non-UTF-8 bytes, non-object rows and empty files with an `InputError`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from medrubric.errors import InputError, input_error_from_validation

M = TypeVar("M", bound=BaseModel)


def iter_json_lines(path: str | Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield (line number, object) for every non-blank line of a JSONL file."""
    path = Path(path)
    if not path.exists():
        raise InputError("file not found", path)
    if path.is_dir():
        raise InputError("is a folder, expected a file", path)
    seen_any = False
    with path.open("rb") as fh:
        for lineno, raw in enumerate(fh, start=1):
            if lineno == 1 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise InputError(
                    f"not valid UTF-8 (byte 0x{raw[exc.start]:02x} at column {exc.start + 1})",
                    path,
                    lineno,
                ) from None
            text = text.strip()
            if not text:
                continue
            try:
                obj = json.loads(text)
            except json.JSONDecodeError as exc:
                hint = " (truncated line?)" if exc.pos >= len(text) - 1 else ""
                raise InputError(f"invalid JSON: {exc.msg}{hint}", path, lineno) from None
            if not isinstance(obj, dict):
                kind = type(obj).__name__ if not isinstance(obj, list) else "array"
                raise InputError(f"expected a JSON object, got {kind}", path, lineno)
            seen_any = True
            yield lineno, obj
    if not seen_any:
        raise InputError("empty file (no records)", path)


def read_models(path: str | Path, model: type[M]) -> Iterator[tuple[int, M]]:
    """Validate each line of a JSONL file as `model`, raising InputError at the first bad one."""
    for lineno, obj in iter_json_lines(path):
        try:
            yield lineno, model.model_validate(obj)
        except ValidationError as exc:
            raise input_error_from_validation(exc, path, lineno) from None


def load_models(path: str | Path, model: type[M]) -> list[M]:
    return [m for _, m in read_models(path, model)]


def dump_line(obj: BaseModel | dict[str, Any]) -> str:
    data = obj.model_dump(mode="json", exclude_none=False) if isinstance(obj, BaseModel) else obj
    return json.dumps(data, ensure_ascii=False, sort_keys=False)


def write_jsonl(path: str | Path, rows: Iterable[BaseModel | dict[str, Any]]) -> int:
    """Write rows atomically (temp file + rename) so a crash never leaves half a file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    n = 0
    with tmp.open("w", encoding="utf-8", newline="\n") as fh:
        for row in rows:
            fh.write(dump_line(row) + "\n")
            n += 1
        fh.flush()
        os.fsync(fh.fileno())
    tmp.replace(path)
    return n


def append_jsonl(path: str | Path, row: BaseModel | dict[str, Any]) -> None:
    """Append one row and fsync: used for resumable, crash-safe run files."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8", newline="\n") as fh:
        fh.write(dump_line(row) + "\n")
        fh.flush()
        os.fsync(fh.fileno())
