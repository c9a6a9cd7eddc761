"""Retries, timeouts and re-asks against a real HTTP endpoint that misbehaves on purpose."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from medrubric.llm import CallResult, open_model
from medrubric.llm.local_server import free_port
from medrubric.testing.replay_server import FaultPlan, ReplayServer

QUESTION = [{"role": "user", "content": "Is the sky blue?"}]


class Answer(BaseModel):
    answer: str


def answer_yes(body: dict[str, Any]) -> dict[str, Any]:
    return {"answer": "yes"}


def ask(
    base_url: str, cache: Path, schema: type[BaseModel] | None = Answer, **opts: Any
) -> CallResult:
    async def go() -> CallResult:
        options = {"backoff_s": 0.01, "timeout": 5.0, **opts}
        async with open_model(f"openai:replay@{base_url}", cache_dir=cache, **options) as model:
            return await model.chat(QUESTION, prompt_version="test@1", schema=schema)

    return asyncio.run(go())


def test_429_waits_for_retry_after(tmp_cache: Path) -> None:
    faults = FaultPlan(schedule=("429",), retry_after=0.4)
    with ReplayServer(answer_yes, faults=faults) as server:
        started = time.monotonic()
        result = ask(server.base_url, tmp_cache)
        elapsed = time.monotonic() - started
    assert result.ok and result.parsed == {"answer": "yes"}
    assert result.attempts == 2 and server.total == 2
    assert elapsed >= 0.4  # backoff alone would have waited about 0.01 s


def test_server_errors_are_retried_then_succeed(tmp_cache: Path) -> None:
    with ReplayServer(answer_yes, faults=FaultPlan(schedule=("500", "500"))) as server:
        result = ask(server.base_url, tmp_cache)
    assert result.ok and result.attempts == 3 and server.total == 3


def test_gives_up_after_max_attempts_with_an_error(tmp_cache: Path) -> None:
    with ReplayServer(answer_yes, faults=FaultPlan(rate_500=1.0)) as server:
        result = ask(server.base_url, tmp_cache, max_attempts=3)
    assert not result.ok and result.parsed is None
    assert "HTTP 500" in (result.error or "") and "gave up after 3 attempts" in (result.error or "")
    assert result.attempts == 3 and server.total == 3


def test_a_hung_request_times_out_and_is_retried(tmp_cache: Path) -> None:
    with ReplayServer(answer_yes, faults=FaultPlan(schedule=("hang",))) as server:
        started = time.monotonic()
        result = ask(server.base_url, tmp_cache, timeout=0.5)
        elapsed = time.monotonic() - started
    assert result.ok and result.attempts == 2
    assert 0.5 <= elapsed < 5


def test_connection_refused_is_retried_then_reported(tmp_cache: Path) -> None:
    result = ask(f"http://127.0.0.1:{free_port()}/v1", tmp_cache, schema=None)
    assert not result.ok and result.attempts == 4
    assert "connection failed" in (result.error or "")


def test_client_errors_are_not_retried(tmp_cache: Path) -> None:
    with ReplayServer(answer_yes) as server:
        wrong_path = server.base_url.removesuffix("/v1")  # POST /chat/completions -> 404
        result = ask(wrong_path, tmp_cache, schema=None)
    assert not result.ok and result.attempts == 1 and "HTTP 404" in (result.error or "")


def test_invalid_json_is_re_asked_once_with_the_problem(tmp_cache: Path) -> None:
    replies = iter(['{"answer": "yes"', {"answer": "yes"}])
    with ReplayServer(lambda body: next(replies)) as server:
        result = ask(server.base_url, tmp_cache)
        reask = server.requests[-1]["messages"]
    assert result.ok and result.parsed == {"answer": "yes"} and result.attempts == 2
    assert reask[-2]["role"] == "assistant" and "not valid JSON" in reask[-1]["content"]


def test_still_invalid_after_the_re_ask_is_an_error(tmp_cache: Path) -> None:
    with ReplayServer(answer_yes, faults=FaultPlan(rate_malformed=1.0)) as server:
        result = ask(server.base_url, tmp_cache)
    assert not result.ok and result.parsed is None and server.total == 2
    assert "not valid JSON" in (result.error or "") and "after one re-ask" in (result.error or "")


def test_schema_violations_are_re_asked(tmp_cache: Path) -> None:
    replies = iter([{"answer": 3}, {"answer": "fixed"}])
    with ReplayServer(lambda body: next(replies)) as server:
        result = ask(server.base_url, tmp_cache)
        problem = server.requests[-1]["messages"][-1]["content"]
    assert (
        result.parsed == {"answer": "fixed"} and "answer: Input should be a valid string" in problem
    )
