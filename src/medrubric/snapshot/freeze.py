"""Freeze a case set into a snapshot folder: canonical cases, a README and a manifest.
`run_freeze(FreezeOptions) -> FreezeResult` is `medrubric snapshot freeze`; `freeze` is the
building block it and `release` call with cases in hand.

cases.jsonl is canonical (sorted by id, sorted keys, UTF-8, '\\n' line ends), so the same
cases always freeze to the same bytes and the same file hash.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from medrubric import __version__
from medrubric.data.models import SCHEMA_VERSION, Case
from medrubric.data.vocab import LABELS
from medrubric.errors import InputError
from medrubric.snapshot.manifest import (
    CASES,
    MANIFEST,
    README,
    Counts,
    DateRange,
    Manifest,
    check_version,
    combine_hashes,
    describe_cases,
    sha256_bytes,
)

_SECRET_KEY = re.compile(
    r"(?:^|[_-])(?:api[_-]?key|secret|password|passwd|authorization|token)$", re.IGNORECASE
)


def canonical_cases(cases: list[Case]) -> bytes:
    """cases.jsonl bytes; InputError on a repeated id (a snapshot names each case once)."""
    ordered = sorted(cases, key=lambda c: c.id)
    for before, after in zip(ordered, ordered[1:], strict=False):
        if before.id == after.id:
            raise InputError(f"id: case {after.id!r} appears more than once")
    lines = (
        json.dumps(c.model_dump(mode="json"), ensure_ascii=False, sort_keys=True) + "\n"
        for c in ordered
    )
    return "".join(lines).encode("utf-8")


def _check_no_secrets(section: str, data: Mapping[str, Any]) -> None:
    """Manifests are published: refuse anything keyed like a credential."""
    for key, value in data.items():
        if _SECRET_KEY.search(str(key)):
            raise InputError(f"{section}.{key}: looks like a credential; not written to a snapshot")
        if isinstance(value, Mapping):
            _check_no_secrets(f"{section}.{key}", value)


def _counts_lines(title: str, counts: dict[str, int]) -> list[str]:
    items = ", ".join(f"{LABELS.get(k, k)} {n}" for k, n in counts.items())
    return [f"- {title}: {items}"]


def render_readme(version: str, counts: Counts, dates: DateRange, n_cases: int) -> str:
    n_criteria = sum(counts.axis.values())
    span = f"{dates.first} to {dates.last}" if dates.first else "no dates"
    lines = [
        f"# medrubric snapshot {version}",
        "",
        f"{n_cases} cases with {n_criteria} rubric criteria, published {span}"
        f" ({dates.n_undated} undated).",
        "",
        *_counts_lines("Languages", counts.language),
        *_counts_lines("Themes", counts.theme),
        *_counts_lines("Specialties", counts.specialty),
        *_counts_lines("Criteria by axis", counts.axis),
        "",
        "Files: `cases.jsonl` (one case per line, sorted by id), `manifest.json` (counts,",
        "SHA-256 of every file and the snapshot hash). Check integrity with",
        "`medrubric snapshot verify <this folder>`.",
        "",
    ]
    return "\n".join(lines)


def prepare_target(out_dir: Path) -> None:
    if out_dir.exists() and (not out_dir.is_dir() or any(out_dir.iterdir())):
        raise InputError("exists and is not empty; snapshots are never overwritten", out_dir)
    out_dir.parent.mkdir(parents=True, exist_ok=True)


def write_folder(out_dir: Path, files: Mapping[str, bytes]) -> None:
    """Write `files` (relative paths) into a new folder that appears complete or not at all:
    written aside, then renamed into place."""
    staging = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.", dir=out_dir.parent))
    try:
        for name, data in files.items():
            (staging / name).parent.mkdir(parents=True, exist_ok=True)
            (staging / name).write_bytes(data)
        for folder in (staging, *(p for p in staging.rglob("*") if p.is_dir())):
            folder.chmod(0o755)
        if out_dir.exists():
            out_dir.rmdir()
        staging.rename(out_dir)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def freeze(
    cases: list[Case],
    version: str,
    out_dir: str | Path,
    *,
    grader_profile: dict[str, Any] | None = None,
    extra_manifest: dict[str, Any] | None = None,
    created_at: dt.datetime | None = None,
) -> Manifest:
    """Write DIR/cases.jsonl, DIR/README.md and DIR/manifest.json; return the manifest.

    The folder appears complete or not at all (written aside, then renamed). Pass
    ``created_at`` to reproduce a snapshot byte for byte.
    """
    try:
        check_version(version)
    except ValueError as exc:
        raise InputError(f"version: {exc}") from None
    if not cases:
        raise InputError("no cases to freeze")
    _check_no_secrets("grader_profile", grader_profile or {})
    _check_no_secrets("extra", extra_manifest or {})
    out_dir = Path(out_dir)
    prepare_target(out_dir)

    cases_bytes = canonical_cases(cases)
    counts, dates = describe_cases(cases)
    readme_bytes = render_readme(version, counts, dates, len(cases)).encode("utf-8")
    files = {CASES: sha256_bytes(cases_bytes), README: sha256_bytes(readme_bytes)}
    draft = Manifest(
        version=version,
        created_at=created_at or dt.datetime.now(dt.UTC).replace(microsecond=0),
        schema_version=SCHEMA_VERSION,
        medrubric_version=__version__,
        n_cases=len(cases),
        n_criteria=sum(counts.axis.values()),
        counts=counts,
        published_at=dates,
        grader_profile=grader_profile,
        extra=extra_manifest or {},
        files=files,
        snapshot_hash="",
    )
    manifest = draft.model_copy(
        update={"snapshot_hash": combine_hashes({**files, MANIFEST: draft.body_hash()})}
    )
    rendered = manifest.render().encode("utf-8")
    write_folder(out_dir, {CASES: cases_bytes, README: readme_bytes, MANIFEST: rendered})
    return manifest


class FreezeOptions(BaseModel):
    """What `medrubric snapshot freeze` takes."""

    model_config = ConfigDict(extra="forbid")

    cases: str | Path  # a cases file in any supported format, a snapshot folder, or "sample"
    version: str  # vYYYY.MM or vYYYY.MM.DD
    out: Path  # the new snapshot folder
    grader_profile: Path | None = None  # a JSON file pinning the grader (model, prompt)
    input_format: str | None = None  # the cases file's format (None: detected)
    created_at: dt.datetime | None = None  # to reproduce a snapshot byte for byte


class FreezeResult(BaseModel):
    """The snapshot folder written and its manifest."""

    model_config = ConfigDict(extra="forbid")

    out: Path
    manifest: Manifest


def run_freeze(options: FreezeOptions) -> FreezeResult:
    """`snapshot freeze`: load the cases and the grader profile, then `freeze` them."""
    from medrubric.data.formats import load_cases
    from medrubric.data.jsonl import read_json_object

    profile = read_json_object(options.grader_profile) if options.grader_profile else None
    manifest = freeze(
        load_cases(options.cases, options.input_format),
        options.version,
        options.out,
        grader_profile=profile,
        created_at=options.created_at,
    )
    return FreezeResult(out=options.out, manifest=manifest)
