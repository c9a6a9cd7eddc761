"""`run_curation(CurationOptions) -> CurationResult` and `run_refresh(RefreshOptions) ->
RefreshResult`: each stage opens its model from the options, writes its files itself and
returns a typed result; here against a real HTTP endpoint answering as scripted agents."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from medrubric.curate.refresh import RefreshOptions, RefreshResult, run_refresh
from medrubric.curate.run import CurationOptions, CurationResult, run_curation
from medrubric.curate.schemas import Funnel
from medrubric.data.jsonl import load_models, write_jsonl
from medrubric.data.models import CuratedCase
from medrubric.errors import InputError
from medrubric.retrieve import build_index
from medrubric.runtime.options import ModelOptions
from medrubric.testing.curation import KINDS, Script, thread
from medrubric.testing.replay_server import ReplayServer

CORPUS = Path(__file__).parents[1] / "retrieve" / "fixtures" / "snippets.jsonl"


@pytest.fixture(scope="module")
def index(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("index")
    build_index(CORPUS, "bm25", out=folder)
    return folder


@pytest.fixture()
def server():
    script = Script()
    with ReplayServer(script.http) as replay:
        yield replay


def test_run_curation_writes_cases_and_funnel_and_returns_the_funnel(tmp_path, index, server):
    threads = tmp_path / "threads.jsonl"
    write_jsonl(threads, [thread(i, k) for i, k in enumerate(KINDS)])
    out = tmp_path / "curated"
    options = CurationOptions(
        threads=threads, model=f"openai:scripted@{server.base_url}", out=out, index=index,
        limit=4, models=ModelOptions(no_cache=True, concurrency=2, show_progress=False),
    )  # fmt: skip
    result = run_curation(options)
    assert isinstance(result, CurationResult)
    assert (result.out, result.cases, result.funnel_file) == (
        out, out / "cases.jsonl", out / "funnel.json"
    )  # fmt: skip
    funnel = result.funnel
    assert funnel.filtered == 4  # --limit: the first four threads (good, good, noadvice, veto)
    assert funnel.cases == 2 and sum(funnel.rejected.values()) == 2
    assert sum(funnel.errors.values()) == 0
    assert Funnel.model_validate(json.loads(result.funnel_file.read_text())) == funnel
    cases = load_models(result.cases, CuratedCase)
    assert len(cases) == 2 and all("(good)" in c.advice[0] for c in cases)
    asked = server.total
    assert run_curation(options).funnel == funnel and server.total == asked  # resumed: no call


def test_run_refresh_reads_its_settings_and_fills_the_pool(tmp_path, index, server):
    dump = tmp_path / "dump.jsonl"
    write_jsonl(dump, [thread(i, "good") for i in range(2)])
    (tmp_path / "sources.toml").write_text(
        '[[source]]\nname = "dump"\nkind = "jsonl"\npath = "dump.jsonl"\n'
    )
    settings = tmp_path / "refresh.toml"
    settings.write_text(
        f'pool = "pool"\nsources = "sources.toml"\nmodel = "openai:scripted@{server.base_url}"\n'
        f'index = "{index}"\n[filter]\nrequire_keyword = false\nrequire_verified = false\n'
        "keep_undated = true\n"
    )
    result = run_refresh(RefreshOptions(settings=settings, models=ModelOptions(no_cache=True)))
    assert isinstance(result, RefreshResult)
    assert result.harvested_now == 2 and result.closed and result.batch is not None
    assert result.funnel is not None and result.funnel.cases == result.added_to_pool == 2
    assert result.curation == str(tmp_path / "pool" / "runs" / result.batch / "curation")
    assert len(load_models(tmp_path / "pool" / "pool.jsonl", CuratedCase)) == result.pool_size == 2

    again = run_refresh(RefreshOptions(settings=settings, models=ModelOptions(no_cache=True)))
    assert again.batch is None and again.harvested_now == 0 and again.pool_size == 2


def test_run_refresh_with_a_bad_sources_file_leaves_no_batch(tmp_path):
    (tmp_path / "sources.toml").write_text('[[source]]\nname = "x"\nkind = "ftp"\n')
    settings = tmp_path / "refresh.toml"
    settings.write_text('sources = "sources.toml"\nmodel = "openai:m@http://127.0.0.1:9/v1"\n')
    with pytest.raises(InputError, match=r"sources.toml: source\[0\]\.kind"):
        run_refresh(RefreshOptions(settings=settings))
    assert not list((tmp_path / "pool" / "runs").glob("*"))


def test_refreshes_started_in_the_same_second_get_their_own_batch(tmp_path):
    from datetime import UTC, datetime

    from medrubric.curate.refresh import new_batch

    now = datetime(2026, 12, 1, 23, 21, 26, tzinfo=UTC)
    runs = tmp_path / "pool" / "runs"
    made = [new_batch(runs, now) for _ in range(3)]
    assert [p.name for p in made] == [
        "2026-12-01T232126Z", "2026-12-01T232126Z-2", "2026-12-01T232126Z-3"
    ]  # fmt: skip
    assert sorted(made) == made  # the newest sorts last, as open_batch expects
