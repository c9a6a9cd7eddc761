"""The batch transport retries a 429/503 under the one retry policy, against a real server."""

from __future__ import annotations

import asyncio

import pytest

from medrubric.llm.batch.transport import BatchTransportError, OpenAIBatches
from medrubric.llm.retry import RetryPolicy
from medrubric.testing.batch_server import BatchPlan, FakeBatchServer
from medrubric.testing.replay import rubric_replay_handler

POLICY = RetryPolicy(max_attempts=4, base_delay=0.01)
LINE = '{"custom_id": "a", "method": "POST", "url": "/v1/chat/completions", "body": {}}\n'


def _submit(server: FakeBatchServer) -> str:
    async def go() -> str:
        batches = OpenAIBatches(server.base_url, "sk-test", timeout=5.0, retry=POLICY)
        try:
            return await batches.submit("run", LINE)
        finally:
            await batches.aclose()

    return asyncio.run(go())


def test_submission_is_retried_through_429_and_503_then_succeeds() -> None:
    # three refusals: more than the SDK's own two retries, within the policy's four attempts
    plan = BatchPlan(refuse=(429, 503, 503), retry_after="0.05")
    with FakeBatchServer(rubric_replay_handler, plan) as server:
        batch_id = _submit(server)
        assert batch_id in server.batches
        assert server.batch_requests == 3 + 2  # three refused uploads, the upload, the batch


def test_submission_gives_up_after_the_policy_attempts() -> None:
    with FakeBatchServer(rubric_replay_handler, BatchPlan(refuse=(503,) * 9)) as server:
        with pytest.raises(BatchTransportError, match="503"):
            _submit(server)
        assert server.batch_requests == POLICY.max_attempts and not server.batches
