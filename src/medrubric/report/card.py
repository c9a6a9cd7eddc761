"""The Hugging Face dataset card of a snapshot (README.md of its dataset folder), rendered
through the one renderer (`report/templates/snapshot/dataset_card.md.j2`), and
`run_hub(HubOptions) -> HubResult`, the dataset folder's entry point that `snapshot hub` and
`release` call (here, above `snapshot/`, because the card is drawn in `report/`)."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict

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


class HubOptions(BaseModel):
    """What `medrubric snapshot hub` takes."""

    model_config = ConfigDict(extra="forbid")

    snapshot: Path  # an intact snapshot folder
    out: Path  # the new dataset folder
    license: str | None = None  # the card's license (None: `snapshot.hub.DEFAULT_LICENSE`)


class HubResult(BaseModel):
    """The dataset folder written and the snapshot's manifest."""

    model_config = ConfigDict(extra="forbid")

    out: Path
    manifest: Manifest


def run_hub(options: HubOptions) -> HubResult:
    """`snapshot hub`: write the Hugging Face dataset folder of the snapshot folder (Parquet
    cases and criteria, this card, the manifest) into the new folder `options.out`."""
    manifest = write_hub_folder(
        options.snapshot, options.out, card=lambda m: render_card(m, options.license)
    )
    return HubResult(out=options.out, manifest=manifest)
