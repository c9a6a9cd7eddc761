"""Per-endpoint concurrency bounds and the structured-output form each endpoint gets."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from medrubric.llm import MedrubricConfig, ModelEntry, open_model
from medrubric.testing.replay_server import ReplayServer


class Finding(BaseModel):
    claim: str
    supported: bool


def finding(body: dict[str, Any]) -> dict[str, Any]:
    return {"claim": "x", "supported": True}


async def fire(spec: str, cache: Path, n: int, **opts: Any) -> list[bool]:
    async with open_model(spec, cache_dir=cache, **opts) as model:
        results = await asyncio.gather(
            *[
                model.chat([{"role": "user", "content": f"q{i}"}], prompt_version="t@1")
                for i in range(n)
            ]
        )
    return [r.ok for r in results]


@pytest.mark.parametrize("limit", [1, 3])
def test_explicit_concurrency_bound_is_respected(tmp_cache: Path, limit: int) -> None:
    with ReplayServer(finding, latency=0.2) as server:
        oks = asyncio.run(
            fire(f"openai:m@{server.base_url}", tmp_cache, 3 * limit, concurrency=limit)
        )
    assert all(oks) and server.max_in_flight == limit


def test_remote_default_is_eight_and_llama_cpp_default_is_one(tmp_cache: Path) -> None:
    # a long latency so that all eight slots fill up even on a loaded machine
    with ReplayServer(finding, latency=1.0) as server:
        asyncio.run(fire(f"openai:m@{server.base_url}", tmp_cache, 12))
    assert server.max_in_flight == 8
    with ReplayServer(finding, latency=0.02, owned_by="me") as llama:  # llama-cpp-python
        asyncio.run(fire(f"openai:other@{llama.base_url}", tmp_cache, 6))
    assert llama.max_in_flight == 1


def test_two_models_on_one_endpoint_share_the_bound(tmp_cache: Path) -> None:
    async def both(url: str) -> None:
        await asyncio.gather(
            fire(f"openai:a@{url}", tmp_cache, 8, concurrency=2),
            fire(f"openai:b@{url}", tmp_cache, 8, concurrency=2),
        )

    with ReplayServer(finding, latency=0.2) as server:
        asyncio.run(both(server.base_url))
    assert server.max_in_flight == 2 and server.total == 16


def send_with_schema(server: ReplayServer, cache: Path, spec: str, config: MedrubricConfig) -> Any:
    async def go() -> None:
        async with open_model(spec, cache_dir=cache, config=config) as model:
            result = await model.chat(
                [{"role": "user", "content": "c"}], prompt_version="t@1", schema=Finding
            )
            assert result.parsed == {"claim": "x", "supported": True}

    asyncio.run(go())
    return server.requests[-1]["response_format"]


def test_openai_style_schema_for_generic_endpoints(tmp_cache: Path) -> None:
    with ReplayServer(finding) as server:
        fmt = send_with_schema(server, tmp_cache, f"openai:m@{server.base_url}", MedrubricConfig())
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["name"] == "Finding"
    assert fmt["json_schema"]["schema"] == Finding.model_json_schema()
    assert fmt["json_schema"]["strict"] is False  # pydantic's schema is not strict-closed


def test_llama_cpp_servers_get_json_object_with_schema(tmp_cache: Path) -> None:
    with ReplayServer(finding, owned_by="me") as server:
        fmt = send_with_schema(server, tmp_cache, f"openai:m@{server.base_url}", MedrubricConfig())
    assert fmt == {"type": "json_object", "schema": Finding.model_json_schema()}


def test_config_overrides_the_structured_output_style(tmp_cache: Path) -> None:
    with ReplayServer(finding) as server:
        config = MedrubricConfig(
            models={
                "plain": ModelEntry(
                    provider="openai",
                    model="m",
                    base_url=server.base_url,
                    structured_output="json_object",
                    params={"max_tokens": 50, "extra": {"top_k": 5}},
                )
            }
        )
        fmt = send_with_schema(server, tmp_cache, "plain", config)
        body = server.requests[-1]
    assert fmt == {"type": "json_object"}
    # standard parameters and server-specific ones (params.extra) both reach the endpoint
    assert body["max_tokens"] == 50 and body["top_k"] == 5 and body["temperature"] == 0


def test_a_reply_that_is_not_json_is_worded_once() -> None:
    """json's "Unterminated string starting at" is followed by the position once, not as
    "starting at at character N"."""
    from pydantic import BaseModel

    from medrubric.llm.structured import validate_reply

    class Reply(BaseModel):
        explanation: str

    assert validate_reply('{"explanation": "cut off', Reply) == (
        None,
        "reply is not valid JSON (Unterminated string starting at character 16)",
    )
    assert validate_reply("not json", Reply) == (
        None,
        "reply is not valid JSON (Expecting value at character 0)",
    )
    assert validate_reply('{"explanation": "x", ', Reply) == (  # stops short at its end
        None,
        "reply is not valid JSON (Expecting property name enclosed in double quotes at "
        "character 21, the reply's end)",
    )
