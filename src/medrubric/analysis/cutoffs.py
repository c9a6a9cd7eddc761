"""Knowledge-cutoff dates of candidate models, for the contamination split.

Sources, first match wins: `--cutoff MODEL=YYYY-MM-DD`, the `knowledge_cutoff` of a
medrubric.toml model entry, the cutoff the run recorded for its candidate, then the
known-models table shipped with medrubric (llm/known_models.toml, in medrubric.toml's layout).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from medrubric.analysis.runs import Run
from medrubric.errors import InputError
from medrubric.llm.config import MedrubricConfig, ModelEntry, load_config
from medrubric.llm.known import known_models


class Cutoff(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    date: dt.date
    source: str  # "--cutoff", "medrubric.toml", "run record" or "known-models table"


def parse_overrides(values: Iterable[str]) -> dict[str, dt.date]:
    """`MODEL=YYYY-MM-DD` options into a mapping; a malformed one is an InputError."""
    out: dict[str, dt.date] = {}
    for text in values:
        model, sep, date = text.rpartition("=")
        if not sep or not model.strip():
            raise InputError(f"--cutoff {text!r}: expected MODEL=YYYY-MM-DD")
        try:
            out[model.strip()] = dt.date.fromisoformat(date.strip())
        except ValueError:
            raise InputError(f"--cutoff {text!r}: {date!r} is not a YYYY-MM-DD date") from None
    return out


def _names(run: Run) -> set[str]:
    """Every name a run's model may be registered under: label, spec name, model id."""
    spec = run.candidate_spec()
    names = {run.model, *(str(spec[k]) for k in ("name", "model", "label") if spec.get(k))}
    names |= {n.partition(":")[2] for n in list(names) if ":" in n}
    return {n for n in names if n}


def _from_registry(names: set[str], entries: Mapping[str, ModelEntry]) -> dt.date | None:
    for key, entry in entries.items():
        if entry.knowledge_cutoff and ({key, entry.model, entry.label} & names):
            return entry.knowledge_cutoff
    return None


def resolve_cutoffs(
    runs: Sequence[Run],
    overrides: dict[str, dt.date] | None = None,
    config: MedrubricConfig | str | Path | None = None,
) -> dict[str, Cutoff | None]:
    """Model label -> its cutoff and where it came from (None: no source knows the model)."""
    cfg = config if isinstance(config, MedrubricConfig) else load_config(config)
    overrides = overrides or {}
    unknown = set(overrides) - {name for run in runs for name in _names(run)}
    if unknown:
        raise InputError(f"--cutoff names no model of these runs: {', '.join(sorted(unknown))}")
    out: dict[str, Cutoff | None] = {}
    for run in runs:
        names = _names(run)
        recorded = run.candidate_spec().get("knowledge_cutoff")
        candidates = [
            (next((overrides[n] for n in sorted(names) if n in overrides), None), "--cutoff"),
            (_from_registry(names, cfg.models), "medrubric.toml"),
            (dt.date.fromisoformat(recorded) if recorded else None, "run record"),
            (_from_registry(names, known_models()), "known-models table"),
        ]
        out[run.model] = next(
            (Cutoff(date=date, source=source) for date, source in candidates if date), None
        )
    return out
