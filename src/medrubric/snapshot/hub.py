"""A snapshot as a Hugging Face dataset folder: what `datasets.load_dataset` and the Hub
read, and what `medrubric validate | eval | snapshot verify` read back.

    README.md                             dataset card: YAML metadata (license, languages,
                                          size, tasks, configs, snapshot SHA-256, freeze
                                          date) and the knowledge-cutoff caveat (rendered
                                          by `report.card`; its metadata is made here)
    manifest.json                         the snapshot's manifest, byte for byte
    data/test-00000-of-00001.parquet      config "cases" (default): a case per row
    criteria/test-00000-of-00001.parquet  config "criteria": a criterion per row

The Parquet cases, written back in the snapshot's canonical form, hash to the manifest's
cases.jsonl checksum; that is what verify checks, and why the snapshot hash still names them.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from medrubric.data.parquet import cases_parquet, criteria_parquet
from medrubric.errors import InputError
from medrubric.snapshot.freeze import prepare_target, write_folder
from medrubric.snapshot.manifest import (
    CARD,
    CASES,
    CASES_SHARD,
    CRITERIA_SHARD,
    MANIFEST,
    SPLIT,
    Manifest,
    read_manifest,
)

DEFAULT_LICENSE = "other"
_SIZES = ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"), (1_000_000, "100K<n<1M"))


def size_category(n: int) -> str:
    return next((label for limit, label in _SIZES if n < limit), "n>1M")


def card_metadata(manifest: Manifest, license: str) -> dict[str, Any]:
    """The card's YAML block: the Hub's fields, then medrubric's own provenance."""
    languages = sorted(manifest.counts.language)
    return {
        "pretty_name": f"medrubric {manifest.version}",
        "license": license,
        "language": languages,
        "multilinguality": "multilingual" if len(languages) > 1 else "monolingual",
        "size_categories": [size_category(manifest.n_cases)],
        "task_categories": ["question-answering", "text-generation"],
        "tags": ["medical", "clinical", "benchmark", "rubric", "llm-as-a-judge", "medrubric"],
        "configs": [
            {
                "config_name": "cases",
                "data_files": [{"split": SPLIT, "path": "data/*.parquet"}],
                "default": True,
            },
            {
                "config_name": "criteria",
                "data_files": [{"split": SPLIT, "path": "criteria/*.parquet"}],
            },
        ],  # fmt: skip
        "medrubric": {
            "version": manifest.version,
            "snapshot_sha256": manifest.snapshot_hash,
            "cases_sha256": manifest.files[CASES],
            "freeze_date": manifest.created_at.date().isoformat(),
            "published_from": _iso(manifest.published_at.first),
            "published_to": _iso(manifest.published_at.last),
            "schema_version": manifest.schema_version,
        },
    }


def _iso(day: dt.date | None) -> str | None:
    return day.isoformat() if day else None


def to_yaml(value: Any, indent: int = 0) -> list[str]:
    """Block-style YAML for dicts, lists and scalars (scalars as JSON, which YAML reads)."""
    pad = " " * indent
    if isinstance(value, dict):
        lines = []
        for key, item in value.items():
            if isinstance(item, dict | list) and item:
                lines += [f"{pad}{key}:", *to_yaml(item, indent + 2)]
            else:
                lines.append(f"{pad}{key}: {json.dumps(item, ensure_ascii=False)}")
        return lines
    if isinstance(value, list):
        lines = []
        for item in value:
            first, *rest = to_yaml(item, indent + 2)
            lines += [f"{pad}- {first.lstrip()}", *rest]
        return lines
    return [f"{pad}{json.dumps(value, ensure_ascii=False)}"]


def write_hub_folder(
    snapshot: str | Path, out: str | Path, *, card: Callable[[Manifest], str]
) -> Manifest:
    """Write the dataset folder of an intact snapshot folder into the new folder `out`;
    `card` gives the dataset card's text for the snapshot's manifest (rendered in `report/`:
    `report.card.run_hub` is the entry point the commands call)."""
    from medrubric.data.formats import load_cases
    from medrubric.snapshot.verify import verify  # hub -> verify: the one direction

    snapshot, out = Path(snapshot), Path(out)
    report = verify(snapshot)
    if not report.ok:
        raise InputError(f"snapshot does not verify ({report.problems[0]})", snapshot)
    manifest = read_manifest(snapshot)
    cases = load_cases(snapshot)
    prepare_target(out)
    files = {
        CARD: card(manifest).encode("utf-8"),
        MANIFEST: (snapshot / MANIFEST).read_bytes(),
        CASES_SHARD: cases_parquet(cases),
        CRITERIA_SHARD: criteria_parquet(cases),
    }
    write_folder(out, files)
    return manifest
