"""The RunRecord of a run: versions, git revision, case hashes, prompts and public model specs."""

from __future__ import annotations

import datetime as dt
import functools
import subprocess
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from medrubric import __version__
from medrubric.data.models import RunRecord
from medrubric.llm.spec import ModelSpec
from medrubric.snapshot import MANIFEST, snapshot_hash


@functools.cache
def git_revision() -> str | None:
    """The commit of the medrubric checkout, when it runs from one (asked once per process:
    `medrubric grade` asks while its calls are in flight, not after the last one)."""
    try:
        out = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=Path(__file__).resolve().parent,
            capture_output=True,
            text=True,
            timeout=5,
            check=True,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None


def source_snapshot_hash(source: str) -> str | None:
    """The snapshot hash when `--cases` names a snapshot folder (or a release's dataset folder),
    else None: a folder of Parquet files without a manifest names no snapshot."""
    path = Path(source)
    return snapshot_hash(path) if (path / MANIFEST).is_file() else None


def prompt_ids(ids: Iterable[str | None]) -> dict[str, str]:
    """{'grade_criterion.en': 'grade_criterion.en@1', ...} from the prompt ids used."""
    return {pid.split("@")[0]: pid for pid in sorted({i for i in ids if i})}


def run_record(
    *,
    source: str,
    cases_sha256: str,
    models: dict[str, ModelSpec],
    prompts: Iterable[str | None],
    params: dict[str, Any],
) -> RunRecord:
    return RunRecord(
        medrubric_version=__version__,
        git_revision=git_revision(),
        created_at=dt.datetime.now(dt.UTC),
        snapshot_hash=source_snapshot_hash(source),
        prompt_versions=prompt_ids(prompts),
        models={role: spec.public() for role, spec in models.items()},
        params={"cases": source, "cases_sha256": cases_sha256, **params},
    )
