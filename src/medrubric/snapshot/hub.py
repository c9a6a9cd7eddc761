"""A snapshot as a Hugging Face dataset folder: what `datasets.load_dataset` and the Hub
read, and what `medrubric validate | eval | snapshot verify` read back.

    README.md                             dataset card: YAML metadata (license, languages,
                                          size, tasks, configs, snapshot SHA-256, freeze
                                          date) and the knowledge-cutoff caveat
    manifest.json                         the snapshot's manifest, byte for byte
    data/test-00000-of-00001.parquet      config "cases" (default): a case per row
    criteria/test-00000-of-00001.parquet  config "criteria": a criterion per row

The Parquet cases, written back in the snapshot's canonical form, hash to the manifest's
cases.jsonl checksum; that is what verify checks, and why the snapshot hash still names them.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2

from medrubric.data.models import Case
from medrubric.data.parquet import cases_parquet, criteria_parquet, criterion_rows
from medrubric.data.vocab import LABELS
from medrubric.errors import InputError
from medrubric.snapshot.freeze import canonical_cases, prepare_target, write_folder
from medrubric.snapshot.manifest import CASES, MANIFEST, Manifest, read_manifest, sha256_bytes

if TYPE_CHECKING:
    from medrubric.snapshot.verify import FileProblem

CARD = "README.md"
SPLIT = "test"
CASES_SHARD = f"data/{SPLIT}-00000-of-00001.parquet"
CRITERIA_SHARD = f"criteria/{SPLIT}-00000-of-00001.parquet"
DEFAULT_LICENSE = "other"
_SIZES = ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"), (1_000_000, "100K<n<1M"))

_env = jinja2.Environment(
    loader=jinja2.PackageLoader("medrubric.snapshot", "templates"),
    undefined=jinja2.StrictUndefined,
    keep_trailing_newline=True,
)


def is_hub_folder(directory: Path) -> bool:
    return (directory / MANIFEST).is_file() and (directory / CASES_SHARD).is_file()


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


def render_card(manifest: Manifest, license: str | None = None) -> str:
    license = license or DEFAULT_LICENSE
    metadata = card_metadata(manifest, license)
    return _env.get_template("dataset_card.md.j2").render(
        yaml="\n".join(to_yaml(metadata)),
        m=manifest,
        meta=metadata["medrubric"],
        license=license,
        label=lambda key: LABELS.get(key, key),
        profile=json.dumps(manifest.grader_profile, ensure_ascii=False, sort_keys=True),
    )


def write_hub_folder(
    snapshot: str | Path, out: str | Path, *, license: str | None = None
) -> Manifest:
    """Write the dataset folder of an intact snapshot folder into the new folder `out`."""
    from medrubric.data.formats import load_cases
    from medrubric.snapshot.verify import verify

    snapshot, out = Path(snapshot), Path(out)
    report = verify(snapshot)
    if not report.ok:
        raise InputError(f"snapshot does not verify ({report.problems[0]})", snapshot)
    manifest = read_manifest(snapshot)
    cases = load_cases(snapshot)
    prepare_target(out)
    files = {
        CARD: render_card(manifest, license).encode("utf-8"),
        MANIFEST: (snapshot / MANIFEST).read_bytes(),
        CASES_SHARD: cases_parquet(cases),
        CRITERIA_SHARD: criteria_parquet(cases),
    }
    write_folder(out, files)
    return manifest


def cases_sha256(cases: Sequence[Case]) -> str:
    return sha256_bytes(canonical_cases(list(cases)))


def hub_problems(directory: Path, manifest: Manifest) -> tuple[str | None, list[FileProblem]]:
    """(SHA-256 of the Parquet cases in canonical form, or None if unreadable; problems):
    the cases must be the snapshot's, the criteria table their flattening."""
    from medrubric.data.formats import load_cases
    from medrubric.data.parquet import iter_parquet_rows
    from medrubric.snapshot.verify import FileProblem

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
