"""The supported formats by name, in the order detection tries them."""

from __future__ import annotations

from medrubric.data.formats.base import Format
from medrubric.data.formats.clinconsensus import CLINCONSENSUS
from medrubric.data.formats.healthbench import HEALTHBENCH
from medrubric.data.formats.livemedbench import LIVEMEDBENCH
from medrubric.data.formats.meta_eval import NAME as META_EVAL
from medrubric.data.formats.native import NATIVE
from medrubric.data.formats.rubrichub import RUBRICHUB
from medrubric.errors import InputError

# Most specific keys first: RubricHub rows are only recognised when nothing else matches.
FORMATS: dict[str, Format] = {
    f.name: f for f in (HEALTHBENCH, LIVEMEDBENCH, CLINCONSENSUS, NATIVE, RUBRICHUB)
}
FORMAT_NAMES: tuple[str, ...] = (*FORMATS, META_EVAL)
ALIASES = {"native": NATIVE.name, "meta_eval": META_EVAL, "healthbench-meta": META_EVAL}


def canonical_name(name: str) -> str:
    """A format name as given on the command line -> its canonical name."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in FORMAT_NAMES:
        raise InputError(f"unknown format {name!r} (known: {', '.join(FORMAT_NAMES)})")
    return key


def case_format(name: str) -> Format:
    """The case format `name`; meta-eval rows hold physician labels, not cases to write."""
    key = canonical_name(name)
    if key == META_EVAL:
        raise InputError(
            f"{META_EVAL} rows are physician labels of completions and cannot be written from "
            f"cases; write the cases as {HEALTHBENCH.name} instead"
        )
    return FORMATS[key]
