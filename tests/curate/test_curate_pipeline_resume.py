"""Resumable runs, the funnel arithmetic, cases.jsonl and the funnel report."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from medrubric.curate.pipeline import (
    RESULTS,
    curate_thread,
    curate_threads,
    funnel,
    read_results,
    write_cases,
)
from medrubric.data.jsonl import load_models
from medrubric.data.models import CuratedCase
from medrubric.errors import InputError
from medrubric.report.pages import write_curation_report
from medrubric.retrieve import build_index
from medrubric.testing.curation import KINDS, Script, thread
from medrubric.testing.scripted import ScriptedModel

FIXTURE = Path(__file__).parents[1] / "retrieve" / "fixtures" / "snippets.jsonl"


@pytest.fixture(scope="module")
def retriever():
    return build_index(FIXTURE, "bm25")


def test_resume_skips_finished_threads_and_retries_errors(tmp_path, retriever):
    threads = [thread(i, k) for i, k in enumerate(KINDS)]
    threads.append(threads[0].model_copy())  # a duplicate thread yields the same case id
    script = Script()
    model = ScriptedModel(script)
    records = asyncio.run(curate_threads(threads, model, retriever, tmp_path, concurrency=3))
    assert records["forum:t4"].status == "error" and records["forum:t4"].stage == "screener"

    first = funnel(threads, records, harvested=20)
    assert first.model_dump() == {
        "harvested": 20,
        "filtered": 8,
        "screened": 6,
        "validated": 5,
        "controlled": 4,
        "cases": 3,
        "pending": 0,
        "rejected": {"screener": 1, "validator": 1, "controller": 1},
        "errors": {"screener": 1, "validator": 0, "controller": 0},
        "reasons": {
            "screener_incomplete": 1,
            "validator_veto": 1,
            "call_failed": 1,
            "controller_query_unsupported": 1,
        },
    }
    reached = [first.filtered, first.screened, first.validated, first.controlled]
    for i, stage in enumerate(("screener", "validator", "controller")):
        assert reached[i] == reached[i + 1] + first.rejected[stage] + first.errors[stage]

    script.healed = True
    calls_before = model.calls
    records = asyncio.run(curate_threads(threads, model, retriever, tmp_path))
    assert model.calls - calls_before == 5  # only the failed thread ran again: 5 agent calls
    assert records["forum:t4"].status == "case"
    assert len(read_results(tmp_path)) == 7
    assert sum(1 for _ in (tmp_path / RESULTS).open()) == 8  # 7 keys in the first run + 1 retry

    final = funnel(threads, records)
    assert (final.harvested, final.cases, final.errors["screener"]) == (8, 4, 0)
    assert write_cases(tmp_path, threads, records) == 4
    cases = load_models(tmp_path / "cases.jsonl", CuratedCase)
    assert len({c.id for c in cases}) == 4

    write_curation_report(tmp_path, final)
    assert (tmp_path / "funnel.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    html = (tmp_path / "report.html").read_text()
    assert "data:image/png;base64," in html and "controller_query_unsupported" in html


def test_funnel_counts_threads_without_result_as_pending(retriever):
    threads = [thread(0, "good"), thread(1, "good")]
    model = ScriptedModel(Script())
    record = asyncio.run(curate_thread(threads[0], model, retriever))
    counts = funnel(threads, {record.thread_key: record})
    assert (counts.filtered, counts.pending, counts.screened, counts.cases) == (2, 1, 1, 1)


def test_corrupt_results_file_is_an_input_error(tmp_path):
    (tmp_path / RESULTS).write_text('{"thread_key": "x", "status": "case"}\n')
    with pytest.raises(InputError, match="results.jsonl:1"):
        read_results(tmp_path)
