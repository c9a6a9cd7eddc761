"""Where a source's records are and which format they are in.

A `.jsonl` file is JSON lines; a `.json` file is a JSON array when it starts with `[` and
JSON lines otherwise; a `.parquet` file (or a folder of shards) is read row by row. A release
as a Hugging Face dataset folder is read from its `data/` shards. The format is read from the
first record's keys.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from medrubric.data.formats import meta_eval
from medrubric.data.formats.registry import FORMATS
from medrubric.data.jsonl import iter_json_array, iter_json_lines
from medrubric.data.parquet import iter_parquet_rows
from medrubric.data.sample import cases_path
from medrubric.errors import InputError

SAMPLE = "sample"
SNAPSHOT_CASES = "cases.jsonl"
HUB_CASES = "data"  # the default config's shards in a Hugging Face dataset folder


def resolve_source(source: str | Path) -> Path:
    """A cases file, a snapshot folder (its cases.jsonl), a Hugging Face dataset folder (its
    data/ shards) or "sample" -> the file or folder of shards to read."""
    if str(source) == SAMPLE:
        path = cases_path()
        if not path.is_file():
            raise InputError("the bundled sample cases are missing from this install", path)
        return path
    path = Path(source)
    if path.is_dir():
        if (path / SNAPSHOT_CASES).is_file():
            return path / SNAPSHOT_CASES
        if any((path / HUB_CASES).glob("*.parquet")):
            return path / HUB_CASES
        if any(path.glob("*.parquet")):
            return path
        raise InputError(f"folder has no {SNAPSHOT_CASES} and no {HUB_CASES}/*.parquet", path)
    if not path.exists():
        near = difflib.get_close_matches(str(source).lower(), [SAMPLE], n=1, cutoff=0.7)
        hint = f" (did you mean {SAMPLE!r}, the bundled sample?)" if near else ""
        raise InputError(f"file not found{hint}", path)
    return path


def _starts_with_bracket(path: Path) -> bool:
    with path.open("rb") as fh:
        head = fh.read(4096).removeprefix(b"\xef\xbb\xbf").lstrip()
    return head.startswith(b"[")


def read_rows(path: Path) -> Iterator[tuple[int, int | None, dict[str, Any]]]:
    """(line, array index or None, object) for every record of a JSON-lines or JSON-array file;
    for Parquet, (row number, None, row)."""
    if path.is_dir() or path.suffix.lower() == ".parquet":
        yield from iter_parquet_rows(path)
        return
    if path.suffix.lower() != ".jsonl" and path.is_file() and _starts_with_bracket(path):
        yield from iter_json_array(path)
        return
    for line, obj in iter_json_lines(path):
        yield line, None, obj


def detect_format(source: str | Path) -> str:
    """The name of the format whose keys the first record carries."""
    path = resolve_source(source)
    line, _, first = next(read_rows(path))
    keys = set(first)
    if meta_eval.matches(keys):
        return meta_eval.NAME
    for fmt in FORMATS.values():
        if fmt.matches(keys):
            return fmt.name
    shown = ", ".join(sorted(keys)[:8]) + (", ..." if len(keys) > 8 else "")
    raise InputError(
        f"cannot tell the format from the first record's keys ({shown}); pass --format",
        path,
        line,
    )
