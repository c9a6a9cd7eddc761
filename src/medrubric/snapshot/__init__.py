"""Frozen, checksummed snapshots of case sets (LiveMedBench App. F): freeze, verify, hash.

Imported eagerly, unlike the other packages: `freeze` and `verify` name both a submodule and
its function, and only an eager import keeps the function bound here."""

from medrubric.snapshot.freeze import (
    FreezeOptions,
    FreezeResult,
    canonical_cases,
    freeze,
    run_freeze,
)
from medrubric.snapshot.manifest import (
    CASES,
    MANIFEST,
    README,
    Counts,
    DateRange,
    Manifest,
    check_version,
    read_manifest,
)
from medrubric.snapshot.verify import FileProblem, VerifyReport, snapshot_hash, verify

__all__ = [
    "CASES",
    "MANIFEST",
    "README",
    "Counts",
    "DateRange",
    "FileProblem",
    "FreezeOptions",
    "FreezeResult",
    "Manifest",
    "VerifyReport",
    "canonical_cases",
    "check_version",
    "freeze",
    "read_manifest",
    "run_freeze",
    "snapshot_hash",
    "verify",
]
