"""The replay server itself: OpenAI-shaped replies, per-hash counts, seeded fault rates."""

from __future__ import annotations

from typing import Any

import httpx

from medrubric.testing.replay_server import FaultPlan, ReplayServer, request_hash


def body(i: int) -> dict[str, Any]:
    return {"model": "m", "messages": [{"role": "user", "content": f"question number {i}"}]}


def test_replies_counts_and_usage() -> None:
    with ReplayServer(lambda request: {"echo": request["messages"][0]["content"]}) as server:
        reply = httpx.post(f"{server.base_url}/chat/completions", json=body(1)).json()
        httpx.post(f"{server.base_url}/chat/completions", json=body(1))
        models = httpx.get(f"{server.base_url}/models").json()
    assert reply["choices"][0]["message"]["content"] == '{"echo": "question number 1"}'
    assert reply["usage"] == {"prompt_tokens": 3, "completion_tokens": 4, "total_tokens": 7}
    assert server.counts == {request_hash(body(1)): 2} and server.total == 2
    assert models["data"][0]["owned_by"] == "medrubric-replay"


def test_seeded_fault_rates() -> None:
    faults = FaultPlan(rate_429=0.2, rate_500=0.1, rate_malformed=0.1, seed=3, retry_after=None)
    statuses: list[int] = []
    contents: list[str] = []
    with ReplayServer(lambda request: "fine", faults=faults) as server, httpx.Client() as client:
        for i in range(150):
            response = client.post(f"{server.base_url}/chat/completions", json=body(i))
            statuses.append(response.status_code)
            if response.status_code == 200:
                contents.append(response.json()["choices"][0]["message"]["content"])
            else:
                assert "retry-after" not in response.headers
    # expected 30, 15 and 15 of 150; the seed makes the draw reproducible
    assert 15 <= statuses.count(429) <= 45 and 5 <= statuses.count(500) <= 28
    assert 5 <= sum(c != "fine" for c in contents) <= 28
