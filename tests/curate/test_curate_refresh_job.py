"""The weekly refresh: harvest -> filter -> redact -> curate -> pool, idempotent and resumable."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from medrubric.curate.refresh import DONE, load_refresh_config, refresh_pool
from medrubric.curate.schemas import (
    AdviceCheckReply,
    ControllerReply,
    NarrativeCheckReply,
    QueryCheckReply,
    ScreenerReply,
)
from medrubric.data.jsonl import load_models
from medrubric.data.models import CuratedCase
from medrubric.errors import InputError
from medrubric.retrieve import build_index
from medrubric.testing.scripted import ScriptedModel

HERE = Path(__file__).parent
CORPUS = HERE.parent / "retrieve" / "fixtures" / "snippets.jsonl"
OLD_THREAD = {
    "source": "forum",
    "thread_id": "old-1",
    "title": "Old question about diabetes",
    "published_at": "2019-01-01T00:00:00Z",
    "language": "en",
    "messages": [
        {"author_role": "patient", "text": "My diabetes is not controlled, what can I do?"},
        {"author_role": "physician", "verified": True, "text": "See your doctor about metformin."},
    ],
}


class Script:
    """Valid answers for every agent; Chinese screener calls fail until `healed`."""

    def __init__(self) -> None:
        self.healed = False

    def __call__(self, messages: list[dict[str, str]], schema: type[BaseModel] | None) -> Any:
        text = messages[-1]["content"]
        if schema is ScreenerReply:
            if "宝宝" in text and not self.healed:
                raise TimeoutError("model server timed out")
            return {
                "narrative": [{"section": "S", "fact": "symptom"}],
                "query": "What should I do?",
                "advice": ["See a doctor today."],
                "specialty": "general practice",
            }
        if schema is QueryCheckReply:
            return {"meaningful_chief_complaint": True, "reason": "ok"}
        if schema is NarrativeCheckReply:
            return {"required_information": [{"item": "age", "present": True}]}
        if schema is AdviceCheckReply:
            return {"verdict": "supported", "evidence_ids": [], "rationale": "ok"}
        if schema is ControllerReply:
            checks = [{"id": i, "supported": True, "reason": "stated"} for i in ("N1", "Q", "A1")]
            return {"checks": checks, "specialty": "unknown"}
        raise AssertionError(schema)


@pytest.fixture
def setup(tmp_path: Path):
    dump = tmp_path / "dump.jsonl"
    shutil.copy(HERE / "fixtures" / "threads.jsonl", dump)
    with dump.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(OLD_THREAD) + "\n")
    (tmp_path / "sources.toml").write_text(
        '[[source]]\nname = "dump"\nkind = "jsonl"\npath = "dump.jsonl"\n'
    )
    (tmp_path / "refresh.toml").write_text(
        'pool = "pool"\nsources = "sources.toml"\nmodel = "local:smollm2"\n'
        "[curation]\nevidence_k = 3\n"
    )
    return tmp_path, dump


def run(config, model, retriever, day: int):
    now = dt.datetime(2026, 1, day, tzinfo=dt.UTC)
    return asyncio.run(refresh_pool(config, model, retriever, now=now))


def test_refresh_is_resumable_and_idempotent(setup):
    root, dump = setup
    config = load_refresh_config(root / "refresh.toml")
    assert config.pool == root / "pool" and config.curation.evidence_k == 3
    retriever = build_index(CORPUS, "bm25")
    script = Script()
    model = ScriptedModel(script)

    first = run(config, model, retriever, 5)
    assert first.harvested_now == 3 and first.funnel is not None
    assert (first.funnel.harvested, first.funnel.filtered, first.funnel.cases) == (3, 2, 1)
    assert first.funnel.errors["screener"] == 1 and not first.closed
    assert first.added_to_pool == 1 and first.pool_size == 1
    assert (root / "pool" / "runs" / first.batch / "harvested.jsonl").exists()  # open batch
    batch = root / "pool" / "runs" / first.batch
    assert first.curation == str(batch / "curation")  # where the CLI writes the funnel page
    assert json.loads((batch / "curation" / "funnel.json").read_text())["cases"] == 1
    rejected = [json.loads(line) for line in (batch / "filter_rejected.jsonl").open()]
    assert [r["reason"] for r in rejected] == ["too_old"]

    script.healed = True
    second = run(config, model, retriever, 6)
    assert second.batch == first.batch and second.harvested_now == 0
    assert second.closed and second.added_to_pool == 1 and second.pool_size == 2
    assert (batch / DONE).exists()
    assert not (batch / "harvested.jsonl").exists()  # raw threads go once the batch is done

    calls = model.calls
    third = run(config, model, retriever, 7)
    assert third.funnel is None and third.pool_size == 2 and model.calls == calls
    assert sorted(p.name for p in (root / "pool" / "runs").iterdir()) == [first.batch]

    new = json.loads((HERE / "fixtures" / "threads.jsonl").read_text().splitlines()[0])
    new["thread_id"] = "en-2"
    with dump.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(new) + "\n")
    fourth = run(config, model, retriever, 8)
    assert fourth.batch != first.batch and fourth.harvested_now == 1 and fourth.pool_size == 3
    pool = load_models(root / "pool" / "pool.jsonl", CuratedCase)
    assert len({c.id for c in pool}) == len(pool) == 3


def test_bad_refresh_config_is_an_input_error(tmp_path):
    path = tmp_path / "refresh.toml"
    path.write_text('sources = "s.toml"\n')
    with pytest.raises(InputError, match="model: required field is missing"):
        load_refresh_config(path)
    path.write_text('sources = "s.toml"\nmodel = "m"\n[curation]\ns_inf_min = 2\n')
    with pytest.raises(InputError, match="curation.s_inf_min"):
        load_refresh_config(path)
