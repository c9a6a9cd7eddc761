"""Importing and exporting cases and meta-eval rows in any supported format."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from medrubric.data.formats.base import Format, Notes
from medrubric.data.formats.detect import detect_format, read_rows, resolve_source
from medrubric.data.formats.meta_eval import (
    MetaEvalRow,
    meta_eval_cases,
    read_meta_eval,
    write_meta_eval,
)
from medrubric.data.formats.registry import (
    FORMATS,
    META_EVAL,
    canonical_name,
    case_format,
)
from medrubric.data.jsonl import write_json_array, write_jsonl
from medrubric.data.models import Case
from medrubric.errors import InputError, format_loc, input_error_from_validation


class ImportResult(BaseModel):
    """The cases of one source, the format they were read as, and what the import changed."""

    model_config = ConfigDict(defer_build=True)

    cases: list[Case]
    format: str
    path: Path
    notes: list[str]


def _read_cases(path: Path, fmt: Format, notes: Notes) -> Iterator[Case]:
    """The cases of `path` one at a time (the notes are complete once they are all read):
    only ids, and for formats that drop repeats a digest of each first row, are kept."""
    first_seen: dict[str, tuple[int, str]] = {}
    unknown: set[str] = set()
    repeated: list[str] = []
    differing: list[str] = []
    for line, index, obj in read_rows(path):
        prefix: tuple[int | str, ...] = (index,) if index is not None else ()
        try:
            row = fmt.row_model.model_validate(obj)
            case = fmt.to_case(row, notes)
        except ValidationError as exc:
            raise input_error_from_validation(exc, path, line, prefix) from None
        unknown.update(row.model_extra or {})
        if case.id in first_seen:
            first_line, first_digest = first_seen[case.id]
            if not fmt.dedupe_repeats:
                field = format_loc((*prefix, fmt.id_field))
                raise InputError(
                    f"{field}: duplicate case id {case.id!r} (first on line {first_line})",
                    path,
                    line,
                )
            repeated.append(case.id)
            if _row_digest(obj) != first_digest:
                differing.append(case.id)
            continue
        first_seen[case.id] = (line, _row_digest(obj) if fmt.dedupe_repeats else "")
        yield case
    if unknown:
        names = ", ".join(sorted(unknown))
        notes.add(f"kept field(s) with no Case equivalent in Case.extra[{fmt.name!r}]: {names}")
    if repeated:
        notes.add(
            f"skipped {len(repeated)} repeated {fmt.id_field} row(s), keeping the first: "
            + _few(repeated)
        )
    if differing:
        notes.add(f"{len(differing)} repeated row(s) differ from the kept one: " + _few(differing))


def _row_digest(obj: dict[str, Any]) -> str:
    """Equal for equal rows (keys in any order), so a repeat is compared without keeping the
    first row."""
    text = json.dumps(obj, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _few(ids: list[str], limit: int = 5) -> str:
    shown = ", ".join(repr(i) for i in ids[:limit])
    return shown + (f" and {len(ids) - limit} more" if len(ids) > limit else "")


def import_cases(source: str | Path, format: str | None = None) -> ImportResult:
    """Read every case of `source` (validated; notes say what was mapped or kept aside)."""
    path = resolve_source(source)
    name = canonical_name(format) if format else detect_format(path)
    notes = Notes()
    cases = list(_cases_of(path, name, notes))
    return ImportResult(cases=cases, format=name, path=path, notes=notes.render())


def _cases_of(path: Path, name: str, notes: Notes) -> Iterator[Case]:
    if name == META_EVAL:
        return iter(meta_eval_cases(read_meta_eval(read_rows(path), path), notes))
    return _read_cases(path, FORMATS[name], notes)


def load_cases(source: str | Path, format: str | None = None) -> list[Case]:
    """The cases of a cases file in any supported format, a snapshot folder, or "sample"."""
    return import_cases(source, format).cases


def iter_cases(source: str | Path, format: str | None = None) -> Iterator[Case]:
    """`load_cases` one case at a time, for sources too large to hold as objects at once."""
    path = resolve_source(source)
    return _cases_of(path, canonical_name(format) if format else detect_format(path), Notes())


def export_cases(cases: Iterable[Case], path: str | Path, format: str) -> int:
    """Write cases in `format` (a JSON array for LiveMedBench *.json); returns the count.
    Parquet is read, never written here: a `.parquet` name would hold JSON lines."""
    fmt = case_format(format)
    if Path(path).suffix.lower() == ".parquet":
        raise InputError(
            "cases are written as JSON lines (a JSON array for LiveMedBench *.json), not "
            "Parquet: give a .jsonl name (`medrubric release` writes a Parquet dataset folder)",
            path,
        )
    rows = (fmt.from_case(case) for case in cases)
    if fmt.json_array and Path(path).suffix.lower() == ".json":
        return write_json_array(path, rows)
    return write_jsonl(path, rows)


def unwritten_fields(cases: Iterable[Case], format: str) -> list[str]:
    """What writing `cases` as `format` leaves out: the Case fields it has no place for and
    the source fields an import from another format kept in Case.extra."""
    fmt = case_format(format)
    counts: Counter[str] = Counter()
    for case in cases:
        for field, info in Case.model_fields.items():
            if field in fmt.holds or field in {"source", "extra"}:
                continue
            if getattr(case, field) != info.get_default(call_default_factory=True):
                counts[field] += 1
        if "extra" not in fmt.holds:
            counts.update(f"extra[{key!r}]" for key in case.extra if key != fmt.name)
    return [f"{field} ({n} case{'s' if n > 1 else ''})" for field, n in counts.items()]


def load_meta_eval(path: str | Path) -> list[MetaEvalRow]:
    """HealthBench meta-evaluation rows with their physicians' binary labels."""
    resolved = resolve_source(path)
    return read_meta_eval(read_rows(resolved), resolved)


def export_meta_eval(rows: Iterable[MetaEvalRow], path: str | Path) -> int:
    return write_meta_eval(list(rows), path)
