"""The snapshot manifest: what a frozen case set holds and the checksums that pin it.

The snapshot hash covers every byte: it is the SHA-256 of the sorted "<sha256>  <file>"
lines of the data files plus the manifest itself, taken without its own hash field.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from medrubric.data.models import Case
from medrubric.errors import InputError, input_error_from_validation

MANIFEST = "manifest.json"
# A release's Hugging Face dataset folder: its card and Parquet shards (snapshot/hub.py).
CARD = "README.md"
SPLIT = "test"
CASES_SHARD = f"data/{SPLIT}-00000-of-00001.parquet"
CRITERIA_SHARD = f"criteria/{SPLIT}-00000-of-00001.parquet"
CASES = "cases.jsonl"
README = "README.md"

_VERSION = re.compile(r"v(\d{4})\.(\d{2})(?:\.(\d{2}))?")


def check_version(version: str) -> str:
    """`vYYYY.MM` or `vYYYY.MM.DD` naming a real month or day, e.g. v2026.01."""
    match = _VERSION.fullmatch(version)
    valid = match is not None
    if match:
        year, month, day = (int(g) if g else 1 for g in match.groups())
        try:
            dt.date(year, month, day)
        except ValueError:
            valid = False
    if not valid:
        raise ValueError(f"{version!r} is not a snapshot version like v2026.01 or v2026.01.15")
    return version


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def combine_hashes(file_hashes: Mapping[str, str]) -> str:
    """SHA-256 over the sorted "<sha256>  <name>" lines (the sha256sum layout)."""
    lines = "".join(f"{file_hashes[name]}  {name}\n" for name in sorted(file_hashes))
    return sha256_bytes(lines.encode("utf-8"))


class Counts(BaseModel):
    model_config = ConfigDict(extra="forbid")

    language: dict[str, int]
    theme: dict[str, int]
    specialty: dict[str, int]
    axis: dict[str, int]


class DateRange(BaseModel):
    """Span of the cases' publication dates; undated cases are counted, not guessed."""

    model_config = ConfigDict(extra="forbid")

    first: dt.date | None
    last: dt.date | None
    n_undated: int


class Manifest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: str
    created_at: dt.datetime
    schema_version: str
    medrubric_version: str
    n_cases: int
    n_criteria: int
    counts: Counts
    published_at: DateRange
    grader_profile: dict[str, Any] | None
    extra: dict[str, Any]
    files: dict[str, str]
    snapshot_hash: str

    @field_validator("version")
    @classmethod
    def _version_format(cls, version: str) -> str:
        return check_version(version)

    @field_validator("files")
    @classmethod
    def _names_inside_folder(cls, files: dict[str, str]) -> dict[str, str]:
        """Listed files must lie inside the snapshot folder (verify reads each of them)."""
        for name in files:
            parts = name.split("/")
            if name == MANIFEST or name.startswith("/") or ".." in parts or "" in parts:
                raise ValueError(f"{name!r} is not a file name inside the snapshot")
        return files

    def render(self) -> str:
        """The one canonical text of manifest.json; verify rejects any other spelling."""
        return json.dumps(self.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"

    def body_hash(self) -> str:
        """SHA-256 of the manifest as rendered without its snapshot_hash field."""
        body = self.model_dump(mode="json", exclude={"snapshot_hash"})
        return sha256_bytes(json.dumps(body, indent=2, ensure_ascii=False).encode("utf-8"))

    def expected_snapshot_hash(self) -> str:
        return combine_hashes({**self.files, MANIFEST: self.body_hash()})


def _sorted_counts(values: Iterable[str]) -> dict[str, int]:
    return dict(sorted(Counter(values).items()))


def describe_cases(cases: list[Case]) -> tuple[Counts, DateRange]:
    dates = [c.published_at for c in cases if c.published_at is not None]
    counts = Counts(
        language=_sorted_counts(c.language for c in cases),
        theme=_sorted_counts(c.theme for c in cases),
        specialty=_sorted_counts(c.specialty for c in cases),
        axis=_sorted_counts(cr.axis for c in cases for cr in c.rubric),
    )
    span = DateRange(
        first=min(dates, default=None),
        last=max(dates, default=None),
        n_undated=len(cases) - len(dates),
    )
    return counts, span


def read_manifest(directory: Path) -> Manifest:
    """The manifest of a snapshot folder; InputError if it is missing or malformed."""
    path = directory / MANIFEST
    if not path.is_file():
        raise InputError("no manifest.json: not a snapshot folder", directory)
    try:
        return Manifest.model_validate_json(path.read_bytes())
    except ValidationError as exc:
        raise input_error_from_validation(exc, path, None) from None
