"""Cases as Parquet tables, the layout of a release on the Hugging Face Hub: one row per
case with its rubric nested, and one row per criterion for people who filter criteria.

Columns have fixed types (an empty release still has the full schema). The free-form dicts
`provenance` and `extra` are JSON text, which reading turns back (also in a file `datasets`
re-wrote): a case survives the round trip exactly, and the snapshot's cases hash holds.
pyarrow is an optional dependency (`medrubric[hub]`), imported only here.
"""

from __future__ import annotations

import importlib.util
import io
import json
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from medrubric.data.jsonl import parse_json
from medrubric.data.models import Case
from medrubric.errors import InputError

if TYPE_CHECKING:
    import pyarrow as pa

JSON_COLUMNS = ("provenance", "extra")


def parquet_available() -> bool:
    return importlib.util.find_spec("pyarrow") is not None


def _arrow() -> Any:
    try:
        import pyarrow
        import pyarrow.parquet  # noqa: F401  (the submodule is what reads and writes files)
    except ImportError:
        raise InputError("Parquet needs pyarrow: pip install 'medrubric[hub]'") from None
    return pyarrow


def case_schema() -> pa.Schema:
    pa = _arrow()
    text, texts = pa.string(), pa.list_(pa.string())
    criterion = pa.struct(
        [("id", text), ("text", text), ("axis", text), ("weight", pa.int32()), ("tags", texts)]
    )
    evidence = pa.struct(
        [("id", text), ("title", text), ("content", text), ("score", pa.float64()),
         ("source", text)]
    )  # fmt: skip
    fields = [
        ("id", text), ("source", text), ("url", text), ("language", text),
        ("published_at", pa.date32()), ("specialty", text), ("theme", text),
        ("narrative", text), ("query", text),
        ("prompt", pa.list_(pa.struct([("role", text), ("content", text)]))),
        ("advice", texts), ("evidence", pa.list_(evidence)), ("provenance", text),
        ("rubric", pa.list_(criterion)), ("tags", texts), ("extra", text),
    ]  # fmt: skip
    return pa.schema(fields)


def criteria_schema() -> pa.Schema:
    pa = _arrow()
    text = pa.string()
    return pa.schema(
        [("case_id", text), ("criterion_id", text), ("text", text), ("axis", text),
         ("weight", pa.int32()), ("tags", pa.list_(text)), ("language", text), ("theme", text),
         ("specialty", text), ("published_at", pa.date32())]
    )  # fmt: skip


def case_row(case: Case) -> dict[str, Any]:
    row = case.model_dump(mode="json")
    row["published_at"] = case.published_at
    for column in JSON_COLUMNS:
        row[column] = json.dumps(row[column], ensure_ascii=False, sort_keys=True)
    return row


def criterion_rows(case: Case) -> Iterator[dict[str, Any]]:
    for c in case.rubric:
        yield {
            "case_id": case.id, "criterion_id": c.id, "text": c.text, "axis": c.axis,
            "weight": c.weight, "tags": list(c.tags), "language": case.language,
            "theme": case.theme, "specialty": case.specialty, "published_at": case.published_at,
        }  # fmt: skip


def _parquet_bytes(rows: Iterable[dict[str, Any]], schema: pa.Schema) -> bytes:
    pa = _arrow()
    buffer = io.BytesIO()
    table = pa.Table.from_pylist(list(rows), schema=schema)
    pa.parquet.write_table(table, buffer, compression="zstd")
    return buffer.getvalue()


def cases_parquet(cases: Sequence[Case]) -> bytes:
    """The cases table, sorted by id like a snapshot's cases.jsonl."""
    return _parquet_bytes((case_row(c) for c in sorted(cases, key=lambda c: c.id)), case_schema())


def criteria_parquet(cases: Sequence[Case]) -> bytes:
    ordered = sorted(cases, key=lambda c: c.id)
    return _parquet_bytes((r for c in ordered for r in criterion_rows(c)), criteria_schema())


def _json_object(value: Any, path: Path, line: int) -> Any:
    """A JSON-object text back to its dict; anything else is left for validation to judge."""
    if isinstance(value, str) and value.startswith("{"):
        try:
            return parse_json(value, path, line)
        except json.JSONDecodeError:
            return value
    return value


def parquet_files(path: Path) -> list[Path]:
    """A .parquet file, or the sorted shards of a folder of them."""
    files = sorted(path.glob("*.parquet")) if path.is_dir() else [path]
    if not files:
        raise InputError("folder has no .parquet file", path)
    return files


def iter_parquet_rows(path: Path) -> Iterator[tuple[int, None, dict[str, Any]]]:
    """(row number from 1, None, row) over every shard, JSON columns decoded."""
    pa = _arrow()
    number = 0
    for file in parquet_files(path):
        try:
            parquet = pa.parquet.ParquetFile(file)
        except (OSError, pa.ArrowException) as exc:
            raise InputError(f"not a readable Parquet file ({exc})", file) from None
        for batch in parquet.iter_batches():
            for row in batch.to_pylist():
                number += 1
                for column in JSON_COLUMNS:
                    if column in row:
                        row[column] = _json_object(row[column], file, number)
                yield number, None, row
