"""The call cache: hits and misses, zero calls on a re-run, errors retried, several writer
processes, nothing lost to kill -9, and no API key anywhere on disk."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from medrubric.llm import CallCache, CallResult, open_model
from medrubric.llm.cache import CACHE_FILE
from medrubric.testing.replay_server import FaultPlan, ReplayServer

FAKE_KEY = "sk-test-DO-NOT-LEAK-0123456789abcdef"


class Verdict(BaseModel):
    met: bool


def run_calls(
    base_url: str, cache: Path, n: int, *, no_cache: bool = False, **opts: Any
) -> tuple[list[CallResult], dict[str, Any]]:
    async def go() -> tuple[list[CallResult], dict[str, Any]]:
        async with open_model(
            f"openai:replay@{base_url}", cache_dir=cache, no_cache=no_cache, backoff_s=0.01, **opts
        ) as model:
            results = await asyncio.gather(
                *[
                    model.chat(
                        [{"role": "user", "content": f"criterion {i}"}],
                        prompt_version="grade@1",
                        schema=Verdict,
                    )
                    for i in range(n)
                ]
            )
            return list(results), model.stats.model_dump()

    return asyncio.run(go())


def met(body: dict[str, Any]) -> dict[str, Any]:
    return {"met": True}


def test_a_rerun_makes_zero_endpoint_calls(tmp_cache: Path) -> None:
    with ReplayServer(met) as server:
        first, first_stats = run_calls(server.base_url, tmp_cache, 5)
        assert server.total == 5
        again, stats = run_calls(server.base_url, tmp_cache, 5)
        assert server.total == 5  # nothing new reached the endpoint
    assert [r.parsed for r in again] == [r.parsed for r in first]
    assert all(r.cached for r in again) and not any(r.cached for r in first)
    assert stats["calls"] == 5 and stats["cached"] == 5 and stats["requests"] == 0
    assert first_stats["prompt_tokens"] == 10 and first_stats["completion_tokens"] == 10


def test_the_cache_closes_behind_the_model_on_a_thread_the_interpreter_waits_for(
    tmp_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Leaving `open_model` hands the cache's close (SQLite's checkpoint of its write-ahead
    log) to a thread that is not a daemon, so the process does not exit before it ends; once
    it has, the rows are in the database file itself and the log is gone."""
    import threading

    started: list[threading.Thread] = []
    start = threading.Thread.start

    def noted(thread: threading.Thread) -> None:
        if thread.name == "medrubric-cache-close":
            started.append(thread)
        start(thread)

    monkeypatch.setattr(threading.Thread, "start", noted)
    with ReplayServer(met) as server:
        run_calls(server.base_url, tmp_cache, 3)
    monkeypatch.undo()
    assert len(started) == 1 and not started[0].daemon
    started[0].join()
    assert not (tmp_cache / f"{CACHE_FILE}-wal").exists()
    with sqlite3.connect(tmp_cache / CACHE_FILE) as db:
        assert db.execute("SELECT COUNT(*) FROM calls").fetchone()[0] == 3


def test_the_cache_survives_a_new_port(tmp_cache: Path) -> None:
    with ReplayServer(met) as server:
        run_calls(server.base_url, tmp_cache, 2)
    with ReplayServer(met) as other:
        results, _ = run_calls(other.base_url, tmp_cache, 2)
        assert other.total == 0 and all(r.cached for r in results)


def test_errors_are_not_cached_and_are_retried_next_run(tmp_cache: Path) -> None:
    with ReplayServer(met, faults=FaultPlan(rate_500=1.0)) as broken:
        results, stats = run_calls(broken.base_url, tmp_cache, 2, max_attempts=2)
    assert all(not r.ok for r in results) and stats["errors"] == 2
    assert len(CallCache(tmp_cache)) == 0
    with ReplayServer(met) as fixed:
        results, _ = run_calls(fixed.base_url, tmp_cache, 2)
        assert fixed.total == 2 and all(r.ok and not r.cached for r in results)


def test_no_cache_bypasses_the_store(tmp_cache: Path) -> None:
    with ReplayServer(met) as server:
        run_calls(server.base_url, tmp_cache, 3, no_cache=True)
        run_calls(server.base_url, tmp_cache, 3, no_cache=True)
        assert server.total == 6
    assert not (tmp_cache / CACHE_FILE).exists()


def test_the_key_is_the_hash_of_the_whole_canonical_request_however_it_is_built() -> None:
    import hashlib

    from medrubric.llm.cache import cache_key, canonical

    request = {
        "provider": "openai",
        "model": "m",
        "messages": [{"role": "user", "content": '胸痛 \u2028 "quoted"\n', "name": "x"}],
        "params": {"temperature": 0, "top_p": 0.5},
        "schema": Verdict.model_json_schema(),
        "prompt_version": "grade@2",
    }
    whole = hashlib.sha256(canonical(request).encode("utf-8")).hexdigest()
    assert cache_key(**request) == whole  # keys of existing caches stay valid
    parts = {"messages": canonical(request["messages"]), "schema": canonical(request["schema"])}
    assert cache_key(**request, encoded=parts) == whole


def test_the_key_includes_prompt_version_params_and_schema(tmp_cache: Path) -> None:
    class Other(BaseModel):
        met: bool
        why: str = ""

    async def go(base_url: str) -> None:
        async with open_model(f"openai:replay@{base_url}", cache_dir=tmp_cache) as model:
            msgs = [{"role": "user", "content": "same"}]
            await model.chat(msgs, prompt_version="grade@1", schema=Verdict)
            await model.chat(msgs, prompt_version="grade@2", schema=Verdict)
            await model.chat(msgs, prompt_version="grade@1", schema=Other)
            await model.chat(msgs, prompt_version="grade@1", schema=Verdict, params={"seed": 1})
            await model.chat(msgs, prompt_version="grade@1", schema=Verdict)  # a hit

    with ReplayServer(met) as server:
        asyncio.run(go(server.base_url))
        assert server.total == 4


def test_api_keys_never_reach_the_cache_or_public_dicts(
    tmp_cache: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    seen_keys: list[str] = []
    with ReplayServer(met) as server:
        results, stats = run_calls(server.base_url, tmp_cache, 3)

        async def public() -> dict[str, Any]:
            async with open_model(f"openai:replay@{server.base_url}", cache_dir=tmp_cache) as m:
                seen_keys.append(m._secret)
                return m.spec.public()

        spec_dict = asyncio.run(public())
    assert seen_keys == [FAKE_KEY]  # the key was really in use
    assert FAKE_KEY not in repr(spec_dict) and FAKE_KEY not in repr(stats)
    assert all(FAKE_KEY not in r.model_dump_json() for r in results)
    for path in tmp_cache.rglob("*"):
        if path.is_file():
            assert FAKE_KEY.encode() not in path.read_bytes(), path
    rows = sqlite3.connect(tmp_cache / CACHE_FILE).execute("SELECT * FROM calls").fetchall()
    assert len(rows) == 3 and all(FAKE_KEY not in repr(row) for row in rows)


WRITER = textwrap.dedent(
    """
    import sys
    from medrubric.llm import CallCache, CallResult
    cache = CallCache(sys.argv[1])
    for i in range(int(sys.argv[3])):
        cache.put(f"{sys.argv[2]}-{i}", CallResult(text=f"reply {i}", model="m", attempts=1))
        print(i, flush=True)
    """
)


def test_two_processes_write_one_cache(tmp_cache: Path) -> None:
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_cache), name, "150"])
        for name in ("a", "b")
    ]
    assert [w.wait(timeout=120) for w in writers] == [0, 0]
    cache = CallCache(tmp_cache)
    assert len(cache) == 300
    assert cache.get("b-149") == CallResult(text="reply 149", model="m", attempts=1, cached=True)
    mode = sqlite3.connect(tmp_cache / CACHE_FILE).execute("PRAGMA journal_mode").fetchone()
    assert mode == ("wal",)


def test_kill_9_loses_no_finished_call(tmp_cache: Path) -> None:
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(tmp_cache), "k", "100000"],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert writer.stdout is not None
    finished = [writer.stdout.readline() for _ in range(50)]
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait(timeout=30)
    assert finished[-1].strip() == "49"
    assert len(CallCache(tmp_cache)) >= 50
