"""The shipped table of well-known models (known_models.toml): list prices, batch prices and
knowledge cutoffs, each row with its source and the day it was read, so that medrubric.toml
need not repeat them and `--dry-run` does not price `openai:gpt-4.1` at nothing."""

from __future__ import annotations

import datetime as dt
import functools
import tomllib
from importlib import resources

from pydantic import BaseModel, ConfigDict, Field

from medrubric.llm.config import ModelEntry

TABLE = "known_models.toml"


class KnownModel(ModelEntry):
    """A row of the table: a registry entry plus where its numbers come from."""

    source: str = Field(min_length=1)
    as_of: dt.date


class Pricing(BaseModel):
    """Prices a model is charged at, and where they were found (None: nobody knows)."""

    model_config = ConfigDict(frozen=True)

    input_per_1m: float | None = None
    output_per_1m: float | None = None
    batch_input_per_1m: float | None = None
    batch_output_per_1m: float | None = None
    source: str | None = None


@functools.cache
def known_models() -> dict[str, KnownModel]:
    text = resources.files(__package__).joinpath(TABLE).read_text("utf-8")
    rows = tomllib.loads(text)["models"]
    return {name: KnownModel.model_validate(row) for name, row in rows.items()}


def known_cutoff(model: str) -> KnownModel | None:
    """The row dating `model` (a model id): a cutoff belongs to the weights, whoever serves them."""
    return next(
        (row for row in known_models().values() if row.model == model and row.knowledge_cutoff),
        None,
    )


def known_price(provider: str, model: str, base_url: str | None) -> KnownModel | None:
    """The row pricing `model` on this endpoint: a price belongs to the host that charges it."""
    return next(
        (
            row
            for row in known_models().values()
            if (row.provider, row.model, row.base_url) == (provider, model, base_url)
            and row.price_input_per_1m is not None
        ),
        None,
    )


def row_note(row: KnownModel) -> str:
    return f"known-models table ({row.source.split(' ; ')[0]}, as of {row.as_of})"


def resolve_pricing(entry: ModelEntry, base_url: str | None, where: str) -> Pricing:
    """The entry's own prices (`where` says whence), else the table's row for its endpoint.
    A model run on this machine (`local:`) costs nothing per token."""
    own = (entry.price_input_per_1m, entry.price_output_per_1m)
    if entry.provider == "local" and own == (None, None):
        return Pricing(input_per_1m=0.0, output_per_1m=0.0, source="runs on this machine")
    row = known_price(entry.provider, entry.model, base_url)
    fields = ("input_per_1m", "output_per_1m", "batch_input_per_1m", "batch_output_per_1m")
    mine = {f: getattr(entry, f"price_{f}") for f in fields}
    theirs = {f: getattr(row, f"price_{f}") if row else None for f in fields}
    merged = {f: mine[f] if mine[f] is not None else theirs[f] for f in fields}
    if all(v is None for v in mine.values()):
        source = row_note(row) if row else None
    elif row and any(mine[f] is None and theirs[f] is not None for f in fields):
        source = f"{where}, rest from the {row_note(row)}"
    else:
        source = where
    return Pricing(**merged, source=source)
