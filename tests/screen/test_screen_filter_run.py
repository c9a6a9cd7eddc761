"""`run_filter(FilterOptions) -> FilterRunResult`: the stage writes kept.jsonl, rejected.jsonl
and summary.json (a typed `FilterSummary`) itself, the same over any partitioning."""

from __future__ import annotations

import json
from pathlib import Path

from medrubric.data.jsonl import load_models
from medrubric.data.models import Thread
from medrubric.screen.filter import FilterConfig, filter_threads
from medrubric.screen.filter_run import FilterOptions, FilterRunResult, FilterSummary, run_filter

CORPUS = Path(__file__).parents[1] / "harvest" / "fixtures" / "filter_corpus.jsonl"


def test_run_filter_writes_its_three_files_and_returns_the_summary(tmp_path, monkeypatch):
    # one CPU: languages are identified in this process (no helper process to start), by the
    # same detector the in-memory filter below uses
    monkeypatch.setattr("medrubric.screen.langid.os.cpu_count", lambda: 1)
    out = tmp_path / "filtered"
    config = FilterConfig(since="2023-06-01")
    result = run_filter(FilterOptions(threads=CORPUS, out=out, config=config, partition_lines=5))
    assert isinstance(result, FilterRunResult)
    assert (result.kept, result.rejected, result.summary_file) == (
        out / "kept.jsonl", out / "rejected.jsonl", out / "summary.json"
    )  # fmt: skip

    expected = filter_threads(load_models(CORPUS, Thread), config)  # the in-memory filter
    assert result.summary.counts == expected.counts() and result.summary.total == 21
    assert result.summary.config == config
    assert [t.key for t in load_models(result.kept, Thread)] == [t.key for t in expected.kept]
    assert len(result.rejected.read_text().splitlines()) == len(expected.rejected)
    written = json.loads(result.summary_file.read_text(encoding="utf-8"))
    assert list(written) == ["total", "counts", "config"] and written["config"]["since"] == (
        "2023-06-01"
    )
    assert FilterSummary.model_validate(written) == result.summary
    assert sorted(p.name for p in out.iterdir()) == ["kept.jsonl", "rejected.jsonl", "summary.json"]
