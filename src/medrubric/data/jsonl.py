"""Streaming JSONL (and JSON-array) reading and writing with exact file:line errors.

Accepts a UTF-8 BOM, CRLF line endings and blank lines; rejects invalid JSON, truncated
lines, non-UTF-8 bytes, non-object rows and empty files with an `InputError`. Every reader also
refuses input too large or too deep to read safely, with the line and the limit: values nested
more than `MAX_DEPTH` levels, a line longer than `MAX_LINE_BYTES`, a file read whole (a JSON
array or object) larger than `MAX_FILE_BYTES`, and an integer of more digits than Python
converts.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any, TypeVar

from pydantic import BaseModel, ValidationError

from medrubric.errors import InputError, input_error_from_validation, json_kind
from medrubric.files import atomic_open

M = TypeVar("M", bound=BaseModel)

MAX_DEPTH = 100  # levels of nested arrays and objects in one record (the record itself is 1)
MAX_LINE_BYTES = 64 * 2**20  # one JSON line
MAX_FILE_BYTES = 2 * 2**30  # a file read whole: a JSON array, a JSON object

# A JSON string (escapes included) or one bracket; run only on text already parsed as JSON,
# where every string is closed, so the scan is linear.
_STRING_OR_BRACKET = re.compile(rb'"(?:[^"\\]|\\.)*+"|[\[\]{}]')


def too_deep(path: Path, line: int | None) -> InputError:
    return InputError(f"nested more than {MAX_DEPTH} levels deep (the limit)", path, line)


def check_depth(raw: bytes, path: Path, line: int | None) -> None:
    """Refuse valid JSON text nested deeper than MAX_DEPTH. A text with fewer brackets than
    the limit cannot exceed it, so almost every record costs two counts, not a scan."""
    if raw.count(b"[") + raw.count(b"{") <= MAX_DEPTH:
        return
    depth = 0
    for match in _STRING_OR_BRACKET.finditer(raw):
        token = match.group()
        if token in (b"[", b"{"):
            depth += 1
            if depth > MAX_DEPTH:
                raise too_deep(path, line)
        elif token in (b"]", b"}"):
            depth -= 1


def parse_json(text: str, path: Path, line: int | None) -> Any:
    """json.loads within the limits: too deep, or an integer too long to convert, is an
    InputError at `line`; invalid JSON raises json.JSONDecodeError for the caller to word."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise too_deep(path, line) from None
    except json.JSONDecodeError:
        raise
    except ValueError as exc:  # int_max_str_digits: a number of thousands of digits
        raise InputError(f"invalid JSON: {_first_sentence(exc)}", path, line) from None
    check_depth(text.encode("utf-8", "surrogatepass"), path, line)
    return value


def _first_sentence(exc: Exception) -> str:
    return str(exc).split(";")[0]


def check_file_size(path: Path) -> None:
    """Refuse a file read whole that is larger than MAX_FILE_BYTES (before reading it)."""
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise InputError(
            f"file is {size / 2**30:.1f} GiB, more than the {MAX_FILE_BYTES // 2**30} GiB a "
            "JSON file read whole may have; write it as JSON lines (.jsonl)",
            path,
        )


def iter_json_lines(
    path: str | Path, start: int = 0, end: int | None = None, first_line: int = 1
) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield (line number, object) for every non-blank line of a JSONL file; with `start` and
    `end`, of the lines in that byte range only (one partition of a larger file)."""
    path = Path(path)
    seen_any = False
    for lineno, _, raw in _raw_lines(path, start, end, first_line):
        obj = _json_object(raw, path, lineno)
        if obj is not None:
            seen_any = True
            yield lineno, obj
    _check_records(seen_any, path, start, end)


def _raw_lines(
    path: Path, start: int, end: int | None, first_line: int
) -> Iterator[tuple[int, int, bytes]]:
    """(line number, byte offset, bytes) of each line of the byte range that is not blank in
    ASCII, a UTF-8 BOM dropped."""
    if not path.exists():
        raise InputError("file not found", path)
    if path.is_dir():
        raise InputError("is a folder, expected a file", path)
    with path.open("rb") as fh:
        fh.seek(start)
        position = start
        lines = iter(lambda: fh.readline(MAX_LINE_BYTES + 1), b"")
        for lineno, raw in enumerate(lines, start=first_line):
            if end is not None and position >= end:
                break
            if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
                raise InputError(
                    f"line is longer than {MAX_LINE_BYTES // 2**20} MiB (the limit)", path, lineno
                )
            offset = position
            position += len(raw)
            if lineno == 1 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
            if raw.strip():
                yield lineno, offset, raw


def _check_records(seen_any: bool, path: Path, start: int, end: int | None) -> None:
    if not seen_any and start == 0 and end is None:
        raise InputError("empty file (no records)", path)


# A line that is not JSON from its first character: a CSV, TSV or text file given for JSONL.
NOT_JSON_LINES = (
    " (not JSON at all: a CSV or other text file? JSON lines, one object per line, expected)"
)


def _json_object(raw: bytes, path: Path, lineno: int) -> dict[str, Any] | None:
    """One JSONL line as an object (None when blank), or an InputError naming the line."""
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
        return None
    try:
        obj = parse_json(text, path, lineno)
    except json.JSONDecodeError as exc:
        truncated = exc.pos >= len(text) - 1 or not raw.endswith(b"\n")
        hint = " (truncated line?)" if truncated else ""
        if exc.pos == 0 and text[0] not in '{["':
            hint = NOT_JSON_LINES
        raise InputError(f"invalid JSON: {exc.msg}{hint}", path, lineno) from None
    if not isinstance(obj, dict):
        raise InputError(f"expected a JSON object, got {json_kind(obj)}", path, lineno)
    return obj


def _decode_utf8(path: Path, raw: bytes) -> str:
    """The whole file as text (BOM dropped), or an InputError at the line of the bad byte."""
    raw = raw.removeprefix(b"\xef\xbb\xbf")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line_start = raw.rfind(b"\n", 0, exc.start) + 1
        raise InputError(
            f"not valid UTF-8 (byte 0x{raw[exc.start]:02x} at column {exc.start - line_start + 1})",
            path,
            raw.count(b"\n", 0, exc.start) + 1,
        ) from None


def iter_json_array(path: str | Path) -> Iterator[tuple[int, int, dict[str, Any]]]:
    """Yield (line number, array index, object) for each element of a JSON-array file.

    Elements are decoded one at a time so every error names the element and its line.
    """
    path = Path(path)
    if not path.exists():
        raise InputError("file not found", path)
    if path.is_dir():
        raise InputError("is a folder, expected a file", path)
    check_file_size(path)
    text = _decode_utf8(path, path.read_bytes())
    decoder = json.JSONDecoder()

    counted_to, newlines = 0, 0

    def line_of(pos: int) -> int:
        # Positions only move forward, so newlines are counted once over the whole file.
        nonlocal counted_to, newlines
        newlines += text.count("\n", counted_to, pos)
        counted_to = pos
        return newlines + 1

    def skip_space(pos: int) -> int:
        while pos < len(text) and text[pos] in " \t\r\n":
            pos += 1
        return pos

    pos = skip_space(0)
    if pos == len(text):
        raise InputError("empty file (no records)", path)
    if text[pos] != "[":
        raise InputError("expected a JSON array of objects", path, line_of(pos))
    pos = skip_space(pos + 1)
    index = 0
    while True:
        if pos >= len(text):
            raise InputError(
                "invalid JSON: array is not closed (truncated file?)", path, line_of(pos)
            )
        if text[pos] == "]" and index == 0:
            raise InputError("empty file (no records)", path)
        try:
            obj, end = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as exc:
            hint = " (truncated file?)" if not text.rstrip().endswith("]") else ""
            raise InputError(f"invalid JSON: {exc.msg}{hint}", path, exc.lineno) from None
        except RecursionError:
            raise too_deep(path, line_of(pos)) from None
        except ValueError as exc:
            raise InputError(f"invalid JSON: {_first_sentence(exc)}", path, line_of(pos)) from None
        check_depth(text[pos:end].encode("utf-8", "surrogatepass"), path, line_of(pos))
        if not isinstance(obj, dict):
            message = f"[{index}]: expected a JSON object, got {json_kind(obj)}"
            raise InputError(message, path, line_of(pos))
        yield line_of(pos), index, obj
        index += 1
        pos = skip_space(end)
        if pos < len(text) and text[pos] == ",":
            pos = skip_space(pos + 1)
        elif pos < len(text) and text[pos] == "]":
            if skip_space(pos + 1) != len(text):
                raise InputError("invalid JSON: extra data after the array", path, line_of(pos))
            return
        elif pos < len(text):
            raise InputError("invalid JSON: expected ',' or ']'", path, line_of(pos))


def read_models(
    path: str | Path, model: type[M], start: int = 0, end: int | None = None, first_line: int = 1
) -> Iterator[tuple[int, M]]:
    """Validate each line of a JSONL file (or of one byte range of it) as `model`, raising
    InputError at the first bad one. A line is parsed and validated in one pass by pydantic;
    only a line that fails is read again the slow way, for the exact error (or to accept what
    Python's json accepts and pydantic's parser does not, such as a blank line in Unicode)."""
    for lineno, _, record in read_models_at(path, model, start, end, first_line):
        yield lineno, record


def read_models_at(
    path: str | Path, model: type[M], start: int = 0, end: int | None = None, first_line: int = 1
) -> Iterator[tuple[int, int, M]]:
    """`read_models` with the byte offset of each line: (line number, offset, record), so a
    record can be read again alone (`read_model_at`) instead of being kept."""
    path = Path(path)
    seen_any = False
    for lineno, offset, raw in _raw_lines(path, start, end, first_line):
        try:
            record = model.model_validate_json(raw)
            check_depth(raw, path, lineno)
        except ValueError:
            obj = _json_object(raw, path, lineno)
            if obj is None:
                continue
            try:
                record = model.model_validate(obj)
            except ValidationError as exc:
                raise input_error_from_validation(exc, path, lineno) from None
        seen_any = True
        yield lineno, offset, record
    _check_records(seen_any, path, start, end)


def read_model_at(fh: IO[bytes], offset: int, model: type[M]) -> M:
    """The record on the line at `offset` of an open JSONL file that `read_models_at` read."""
    fh.seek(offset)
    return model.model_validate_json(fh.readline().removeprefix(b"\xef\xbb\xbf"))


def load_models(path: str | Path, model: type[M]) -> list[M]:
    return [m for _, m in read_models(path, model)]


def dump_line(obj: BaseModel | dict[str, Any]) -> str:
    data = obj.model_dump(mode="json", exclude_none=False) if isinstance(obj, BaseModel) else obj
    return json.dumps(data, ensure_ascii=False, sort_keys=False)


def write_jsonl(path: str | Path, rows: Iterable[BaseModel | dict[str, Any]]) -> int:
    """Write rows atomically (temp file + rename) so a crash never leaves half a file."""
    n = 0
    with atomic_open(path) as fh:
        for row in rows:
            fh.write(dump_line(row) + "\n")
            n += 1
    return n


def write_json_array(path: str | Path, rows: Iterable[dict[str, Any]]) -> int:
    """Write rows as one indented JSON array, atomically like write_jsonl."""
    items = list(rows)
    with atomic_open(path) as fh:
        fh.write(json.dumps(items, ensure_ascii=False, indent=1) + "\n")
    return len(items)


def read_json_object(path: Path) -> dict[str, Any]:
    """The JSON object in PATH (a pinned grader profile, say); anything else is an InputError."""
    try:
        check_file_size(path)
        data = parse_json(path.read_text(encoding="utf-8"), path, None)
    except FileNotFoundError:
        raise InputError("file not found", path) from None
    except IsADirectoryError:
        raise InputError("is a folder, expected a file", path) from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"not valid JSON: {exc}", path) from None
    if not isinstance(data, dict):
        raise InputError("expected a JSON object", path)
    return data


def write_json(path: str | Path, data: dict[str, Any]) -> None:
    """Write one indented JSON object (a summary, a funnel), atomically like write_jsonl."""
    with atomic_open(path) as fh:
        fh.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def append_jsonl(path: str | Path, row: BaseModel | dict[str, Any]) -> None:
    """Append one row and fsync: used for resumable, crash-safe run files."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8", newline="\n") as fh:
        fh.write(dump_line(row) + "\n")
        fh.flush()
        os.fsync(fh.fileno())
