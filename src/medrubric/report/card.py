"""The Hugging Face dataset card of a snapshot (README.md of its dataset folder), rendered
through the one renderer (`report/templates/snapshot/dataset_card.md.j2`), and the writer of
the dataset folder that the commands call (`snapshot hub`, `release`)."""

from __future__ import annotations

import json
from pathlib import Path

from medrubric.report.render import render_text
from medrubric.snapshot.hub import DEFAULT_LICENSE, card_metadata, to_yaml, write_hub_folder
from medrubric.snapshot.manifest import Manifest


def render_card(manifest: Manifest, license: str | None = None) -> str:
    """The card: the Hub's YAML metadata, then the release, its caveat, loading and fields."""
    license = license or DEFAULT_LICENSE
    metadata = card_metadata(manifest, license)
    return render_text(
        "snapshot/dataset_card.md.j2",
        yaml="\n".join(to_yaml(metadata)),
        m=manifest,
        meta=metadata["medrubric"],
        license=license,
        profile=json.dumps(manifest.grader_profile, ensure_ascii=False, sort_keys=True),
    )


def write_dataset_folder(
    snapshot: str | Path, out: str | Path, *, license: str | None = None
) -> Manifest:
    """Write the Hugging Face dataset folder of the snapshot folder `snapshot` into the new
    folder `out` (Parquet cases and criteria, this card, the manifest); the manifest."""
    return write_hub_folder(snapshot, out, card=lambda manifest: render_card(manifest, license))
