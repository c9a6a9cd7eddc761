"""`OPENAI_BASE_URL` points `openai:` specs without an `@URL` at another endpoint (a proxy, a
gateway, a stand-in), as it does for the openai SDK and Inspect; the model keeps its prices,
its label and its cache key."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from medrubric.errors import InputError
from medrubric.llm import CallResult, open_model
from medrubric.llm.endpoint import is_openai_host, openai_url
from medrubric.testing.replay_server import ReplayServer


class Verdict(BaseModel):
    met: bool


def met(body: dict[str, Any]) -> dict[str, Any]:
    return {"met": True}


def ask(spec: str, cache: Path) -> tuple[CallResult, str | None]:
    async def go() -> tuple[CallResult, str | None]:
        async with open_model(spec, cache_dir=cache, backoff_s=0.01, max_attempts=1) as model:
            result = await model.chat(
                [{"role": "user", "content": "criterion"}], prompt_version="grade@1", schema=Verdict
            )
            return result, model.spec.base_url

    return asyncio.run(go())


def test_an_openai_spec_without_url_goes_to_openai_base_url(
    tmp_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with ReplayServer(met) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url + "/")
        result, base_url = ask("openai:gpt-4.1", tmp_cache)  # no key: not api.openai.com
        assert server.total == 1
        assert server.requests[0]["model"] == "gpt-4.1"
    assert result.ok and result.parsed == {"met": True} and result.model == "openai:gpt-4.1"
    assert base_url is None  # the spec (run records, known prices) is the model's own
    tokens = result.usage
    assert result.cost_usd == pytest.approx(
        (tokens.prompt_tokens * 2.0 + tokens.completion_tokens * 8.0) / 1e6
    )
    assert result.cost_usd > 0  # billed at OpenAI's prices, not as an unpriced endpoint
    # The cache key is the model's: another address answers from the same cache.
    with ReplayServer(met) as other:
        monkeypatch.setenv("OPENAI_BASE_URL", other.base_url)
        again, _ = ask("openai:gpt-4.1", tmp_cache)
        assert other.total == 0 and again.cached


def test_an_explicit_url_wins_over_openai_base_url(
    tmp_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with ReplayServer(met) as named, ReplayServer(met) as default:
        monkeypatch.setenv("OPENAI_BASE_URL", default.base_url)
        ask(f"openai:replay@{named.base_url}", tmp_cache)
        assert named.total == 1 and default.total == 0


def test_api_openai_com_still_needs_a_key(tmp_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    with pytest.raises(InputError, match="OPENAI_API_KEY"):
        ask("openai:gpt-4.1", tmp_cache)
    monkeypatch.setenv("OPENAI_BASE_URL", "https://eu.api.openai.com/v1")
    with pytest.raises(InputError, match="OPENAI_API_KEY"):
        ask("openai:gpt-4.1", tmp_cache)


def test_openai_url_resolution(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    assert openai_url(None) == "https://api.openai.com/v1" and is_openai_host(None)
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1/")
    assert openai_url(None) == "http://127.0.0.1:9/v1" and not is_openai_host(None)
    assert openai_url("http://gpu1:8000/v1") == "http://gpu1:8000/v1"
    monkeypatch.setenv("OPENAI_BASE_URL", "  ")  # set but empty: the default
    assert openai_url(None) == "https://api.openai.com/v1"
