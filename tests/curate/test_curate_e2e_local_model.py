"""End to end through a real OpenAI-compatible server running SmolLM2-135M.

A plumbing model cannot judge medicine, so these tests check what must hold for any model:
every thread gets a schema-valid record with provenance, the funnel adds up, and a re-run
repeats only the threads that ended in an error.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from medrubric.cli.main import main
from medrubric.curate.pipeline import RESULTS, read_results
from medrubric.curate.schemas import Funnel
from medrubric.data.jsonl import load_models
from medrubric.data.models import CuratedCase
from medrubric.llm.cache import CACHE_ENV

HERE = Path(__file__).parent
THREADS = HERE / "fixtures" / "threads.jsonl"
CORPUS = HERE.parent / "retrieve" / "fixtures" / "snippets.jsonl"
CORPUS_IDS = {json.loads(line)["id"] for line in CORPUS.read_text().splitlines()}
AGENTS = {"screener", "validator_query", "validator_narrative", "validator_advice", "controller"}


# SmolLM2 under a JSON grammar can keep a list going; bound replies so calls stay short.
FAST = ["--timeout", "90", "--concurrency", "2", "--max-tokens", "256"]


@pytest.fixture(autouse=True)
def shared_call_cache(tmp_path_factory, monkeypatch):
    """One call cache for this module: the refresh test reuses the curate test's answers."""
    monkeypatch.setenv(CACHE_ENV, str(tmp_path_factory.getbasetemp() / "curate-e2e-cache"))


@pytest.fixture(scope="module")
def index_dir(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("curate-e2e") / "index"
    main(["index", "build", str(CORPUS), "--kind", "bm25", "--out", str(out)])
    return out


def run_cli(spec: str, index: Path, out: Path) -> None:
    argv = ["curate", str(THREADS), "--model", spec, "--out", str(out), "--index", str(index)]
    main([*argv, *FAST])  # a failure exits non-zero


def test_curate_cli_through_the_local_model(local_llm_spec, index_dir, tmp_path):
    out = tmp_path / "curated"
    run_cli(local_llm_spec, index_dir, out)

    records = read_results(out)
    assert set(records) == {"forum:en-1", "forum:zh-1"}
    screened = [r for r in records.values() if "screener" in r.provenance]
    assert screened, "no schema-valid Screener reply came back from the real model: " + str(
        {k: r.detail for k, r in records.items()}
    )
    for record in records.values():
        calls = record.provenance["calls"]
        assert calls and calls[0]["agent"] == "screener"
        assert {c["agent"] for c in calls} <= AGENTS
        assert all(c["model"] and "@1" in c["prompt"] for c in calls)
        language = record.provenance["thread"]["language"]
        assert record.provenance["prompts"][0].endswith(f".{language}@1")
        assert record.provenance["retriever"]["kind"] == "bm25"
        if record.status == "error":
            assert record.reason == "call_failed" and record.detail
        elif record.status == "rejected":
            assert record.stage and record.reason
        else:
            assert record.case is not None and record.case.provenance["controller"]
        for rating in record.provenance.get("validator", {}).get("advice", []):
            assert set(rating["cited_ids"]) <= set(rating["evidence_ids"]) <= CORPUS_IDS
            assert rating["v"] in (0.0, 0.5, 1.0)

    funnel = Funnel.model_validate_json((out / "funnel.json").read_text())
    reached = [funnel.filtered, funnel.screened, funnel.validated, funnel.controlled]
    for i, stage in enumerate(("screener", "validator", "controller")):
        assert reached[i] == reached[i + 1] + funnel.rejected[stage] + funnel.errors[stage]
    assert funnel.harvested == funnel.filtered == 2 and funnel.pending == 0
    cases = load_models(out / "cases.jsonl", CuratedCase) if funnel.cases else []
    assert len(cases) == funnel.cases
    assert (out / "funnel.png").stat().st_size > 0
    assert "curation-funnel" in (out / "report.html").read_text()

    lines_before = (out / RESULTS).read_text().splitlines()
    errors = [r for r in records.values() if r.status == "error"]
    run_cli(local_llm_spec, index_dir, out)
    lines_after = (out / RESULTS).read_text().splitlines()
    assert lines_after[: len(lines_before)] == lines_before
    rerun = [json.loads(line)["thread_key"] for line in lines_after[len(lines_before) :]]
    assert sorted(rerun) == sorted(r.thread_key for r in errors)


def test_refresh_cli_through_the_local_model(local_llm_spec, index_dir, tmp_path):
    (tmp_path / "sources.toml").write_text(
        f'[[source]]\nname = "dump"\nkind = "jsonl"\npath = "{THREADS}"\n'
    )
    (tmp_path / "refresh.toml").write_text(
        f'pool = "pool"\nsources = "sources.toml"\nmodel = "{local_llm_spec}"\n'
        f'index = "{index_dir}"\nconcurrency = 2\n[curation]\nmax_tokens = 256\n'
    )
    main(["refresh", "--settings", str(tmp_path / "refresh.toml"), "--timeout", "90"])
    (batch,) = (tmp_path / "pool" / "runs").iterdir()
    funnel = Funnel.model_validate_json((batch / "curation" / "funnel.json").read_text())
    assert (funnel.harvested, funnel.filtered, funnel.pending) == (2, 2, 0)
    pool = tmp_path / "pool" / "pool.jsonl"
    assert len(load_models(pool, CuratedCase) if pool.exists() else []) == funnel.cases
    assert (batch / "DONE").exists() == (sum(funnel.errors.values()) == 0)


@pytest.mark.slow
def test_curate_engine_ray_sends_the_agents_calls_to_the_endpoints(
    local_llm_spec, index_dir, tmp_path
):
    import ray

    url = local_llm_spec.partition("@")[2]
    # One thread is enough to see the agents' calls go through Ray to the endpoint; the
    # curate test above covers both languages.
    threads = tmp_path / "threads.jsonl"
    threads.write_text(THREADS.read_text().splitlines(keepends=True)[0])
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        out = tmp_path / "curated"
        argv = ["curate", str(threads), "--model", "openai:smollm2", "--out", str(out),
                "--index", str(index_dir), "--engine", "ray", "--endpoint", f"{url}#2",
                "--no-cache"]  # fmt: skip
        main([*argv, *FAST])
    finally:
        ray.shutdown()
    records = read_results(out)
    assert set(records) == {"forum:en-1"}
    assert "screener" in records["forum:en-1"].provenance
