"""`run_harvest(HarvestOptions) -> HarvestResult`: the stage chooses the sources, appends
every new or changed thread to OUT itself and says what it did in a typed result."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from medrubric.data.jsonl import load_models
from medrubric.data.models import Thread
from medrubric.errors import InputError
from medrubric.harvest.run import HarvestOptions, HarvestResult, run_harvest

FIXTURES = Path(__file__).parent / "fixtures"


def test_run_harvest_appends_new_and_changed_threads_and_counts_them(tmp_path):
    dump = tmp_path / "dump.jsonl"
    shutil.copy(FIXTURES / "filter_corpus.jsonl", dump)
    sources = tmp_path / "sources.toml"
    sources.write_text('[[source]]\nname = "dump"\nkind = "jsonl"\npath = "dump.jsonl"\n')
    out = tmp_path / "threads.jsonl"
    options = HarvestOptions(out=out, sources_file=sources)

    first = run_harvest(options)
    assert isinstance(first, HarvestResult)
    assert first.out == out and first.written == 21 and first.per_source == {"dump": 21}
    assert first.last_run == {"dump": None} and first.counts == {"dump:new": 21}
    assert len(load_models(out, Thread)) == 21
    assert (tmp_path / ".harvest-state" / "state.sqlite").exists()  # beside OUT by default

    lines = dump.read_text(encoding="utf-8").splitlines()
    row = json.loads(lines[0])
    row["messages"][1]["text"] += " Also check your cholesterol."
    dump.write_text("\n".join([json.dumps(row, ensure_ascii=False), *lines[1:]]) + "\n")
    second = run_harvest(options)
    assert second.written == 1 and second.counts == {"dump:changed": 1, "dump:unchanged": 20}
    assert second.last_run["dump"] is not None
    threads = load_models(out, Thread)
    assert len(threads) == 22 and threads[-1].thread_id == "en-kept-1"  # appended, not rewritten


def test_run_harvest_options_are_checked(tmp_path):
    with pytest.raises(InputError, match="nothing to harvest"):
        run_harvest(HarvestOptions(out=tmp_path / "t.jsonl"))
    assert not (tmp_path / "t.jsonl").exists()
    with pytest.raises(ValueError, match="max_pages"):
        HarvestOptions(out=tmp_path / "t.jsonl", max_pages=0)
