"""The packaged cutoff list is the one source of cutoff dates; the example config relies on it."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from medrubric.analysis.cutoffs import starter_list
from medrubric.llm.config import load_config

EXAMPLE = Path(__file__).parents[2] / "medrubric.toml.example"


def test_example_config_repeats_no_cutoff_and_the_starter_list_dates_its_dated_models() -> None:
    example = load_config(EXAMPLE)
    assert all(entry.knowledge_cutoff is None for entry in example.models.values())
    known = {entry.model: entry.knowledge_cutoff for entry in starter_list().values()}
    self_hosted_unknown = {"Qwen/Qwen3-8B", "my-model", "smollm2"}
    for name, entry in example.models.items():
        if entry.model in self_hosted_unknown:
            assert entry.model not in known
        else:
            assert known.get(entry.model) is not None, f"{name} has no packaged cutoff"


def test_starter_list_dates_are_plausible_and_ids_unique() -> None:
    entries = list(starter_list().values())
    assert len({e.model for e in entries}) == len(entries)
    for entry in entries:
        assert entry.knowledge_cutoff is not None
        assert dt.date(2021, 1, 1) <= entry.knowledge_cutoff <= dt.date(2026, 1, 1)
    by_model = {e.model: e.knowledge_cutoff for e in entries}
    assert by_model["gpt-4.1"] == dt.date(2024, 6, 1)
    assert by_model["gpt-5"] == dt.date(2024, 9, 30)
