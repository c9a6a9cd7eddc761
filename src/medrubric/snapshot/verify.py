"""Check a snapshot folder byte for byte against its manifest, and compute its hash.

A release's Hugging Face dataset folder (snapshot/hub.py) is checked by content instead:
its manifest must be intact and its Parquet cases must be the snapshot's cases.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError, computed_field

from medrubric.data.models import Case
from medrubric.errors import InputError, describe_validation_error
from medrubric.snapshot.freeze import canonical_cases
from medrubric.snapshot.manifest import (
    CARD,
    CASES,
    CASES_SHARD,
    CRITERIA_SHARD,
    MANIFEST,
    Manifest,
    combine_hashes,
    read_manifest,
    sha256_bytes,
    sha256_file,
)

Problem = Literal["changed", "missing", "added", "invalid"]


class FileProblem(BaseModel):
    model_config = ConfigDict(extra="forbid")

    file: str
    problem: Problem
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.file}: {self.problem}" + (f" ({self.detail})" if self.detail else "")


class VerifyReport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    directory: str
    n_files: int
    snapshot_hash: str | None
    problems: list[FileProblem]

    @computed_field  # type: ignore[prop-decorator]
    @property
    def ok(self) -> bool:
        return not self.problems


def _files_on_disk(directory: Path) -> list[str]:
    """Every file under the folder (hidden ones too), as sorted POSIX paths."""
    return sorted(p.relative_to(directory).as_posix() for p in directory.rglob("*") if p.is_file())


def _check_folder(directory: Path) -> None:
    if not directory.exists():
        raise InputError("folder not found", directory)
    if not directory.is_dir():
        raise InputError("is a file, expected a snapshot folder", directory)


def _load_manifest(directory: Path) -> tuple[Manifest | None, list[FileProblem]]:
    path = directory / MANIFEST
    if not path.is_file():
        return None, [FileProblem(file=MANIFEST, problem="missing")]
    raw = path.read_bytes()
    try:
        manifest = Manifest.model_validate_json(raw)
    except ValidationError as exc:
        return None, [
            FileProblem(file=MANIFEST, problem="invalid", detail=describe_validation_error(exc))
        ]
    problems = []
    if raw != manifest.render().encode("utf-8"):
        problems.append(FileProblem(file=MANIFEST, problem="changed", detail="not as written"))
    elif manifest.expected_snapshot_hash() != manifest.snapshot_hash:
        detail = "content does not match its snapshot hash"
        problems.append(FileProblem(file=MANIFEST, problem="changed", detail=detail))
    return manifest, problems


def verify(directory: str | Path, expected_hash: str | None = None) -> VerifyReport:
    """Every listed file present with its recorded SHA-256, nothing added, manifest intact.

    ``expected_hash`` (e.g. the hash a run recorded) must also equal the manifest's.
    """
    directory = Path(directory)
    _check_folder(directory)
    manifest, problems = _load_manifest(directory)
    if manifest is None:  # nothing to check the other files against
        return VerifyReport(
            directory=str(directory), n_files=1, snapshot_hash=None, problems=problems
        )
    if is_hub_folder(directory):
        problems += hub_problems(directory, manifest)[1]
        return _report(directory, manifest, problems, expected_hash, n_files=4)
    for name, digest in sorted(manifest.files.items()):
        path = directory / name
        if not path.is_file():
            problems.append(FileProblem(file=name, problem="missing"))
        elif sha256_file(path) != digest:
            problems.append(FileProblem(file=name, problem="changed", detail="SHA-256 differs"))
    for name in _files_on_disk(directory):
        if name != MANIFEST and name not in manifest.files:
            problems.append(FileProblem(file=name, problem="added"))
    return _report(directory, manifest, problems, expected_hash, len(manifest.files) + 1)


def _report(
    directory: Path,
    manifest: Manifest,
    problems: list[FileProblem],
    expected_hash: str | None,
    n_files: int,
) -> VerifyReport:
    if expected_hash is not None and manifest.snapshot_hash != expected_hash:
        detail = f"snapshot hash {manifest.snapshot_hash} is not the expected {expected_hash}"
        problems.append(FileProblem(file=MANIFEST, problem="changed", detail=detail))
    return VerifyReport(
        directory=str(directory),
        n_files=n_files,
        snapshot_hash=manifest.snapshot_hash,
        problems=problems,
    )


def snapshot_hash(directory: str | Path) -> str:
    """The hash a run records as provenance, recomputed from the bytes in the folder.

    Equals the manifest's snapshot_hash exactly when the folder is intact. For a Hugging Face
    dataset folder the cases' checksum is recomputed from the Parquet cases (the snapshot's
    own README is not in it: the manifest's checksum of it stands).
    """
    directory = Path(directory)
    _check_folder(directory)
    manifest = read_manifest(directory)
    if is_hub_folder(directory):
        digest, _ = hub_problems(directory, manifest)
        recomputed = {**manifest.files, CASES: digest or "unreadable"}
        return combine_hashes({**recomputed, MANIFEST: manifest.body_hash()})
    hashes = {
        name: sha256_file(directory / name)
        for name in _files_on_disk(directory)
        if name != MANIFEST
    }
    return combine_hashes({**hashes, MANIFEST: manifest.body_hash()})


def is_hub_folder(directory: Path) -> bool:
    """A release's dataset folder: a manifest beside the Parquet cases."""
    return (directory / MANIFEST).is_file() and (directory / CASES_SHARD).is_file()


def cases_sha256(cases: Sequence[Case]) -> str:
    return sha256_bytes(canonical_cases(list(cases)))


def hub_problems(directory: Path, manifest: Manifest) -> tuple[str | None, list[FileProblem]]:
    """(SHA-256 of the Parquet cases in canonical form, or None if unreadable; problems):
    the cases must be the snapshot's, the criteria table their flattening."""
    from medrubric.data.formats import load_cases
    from medrubric.data.parquet import criterion_rows, iter_parquet_rows

    try:
        cases = load_cases(directory)
        criteria = [row for _, _, row in iter_parquet_rows(directory / CRITERIA_SHARD)]
    except InputError as exc:
        return None, [FileProblem(file=CASES_SHARD, problem="invalid", detail=exc.message)]
    digest, problems = cases_sha256(cases), []
    if digest != manifest.files.get(CASES):
        detail = "the cases are not the snapshot's cases.jsonl"
        problems.append(FileProblem(file=CASES_SHARD, problem="changed", detail=detail))
    expected = [row for case in sorted(cases, key=lambda c: c.id) for row in criterion_rows(case)]
    if criteria != expected:
        detail = "not the criteria of the cases"
        problems.append(FileProblem(file=CRITERIA_SHARD, problem="changed", detail=detail))
    if not (directory / CARD).is_file():
        problems.append(FileProblem(file=CARD, problem="missing"))
    return digest, problems
