"""A `ChatModel` whose requests go through a provider batch instead of one HTTP call each.

It is the ordinary client with one thing swapped: `_send` hands the request body to a
`BatchQueue` and waits for the batch's result line. Cache, schema re-ask, usage and cost
accounting are the ordinary client's, so every stage runs unchanged on top of it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from medrubric.errors import InputError
from medrubric.llm.batch.queue import BatchQueue, PollPolicy
from medrubric.llm.batch.transport import BatchMode, BatchTransport, OpenAIBatches, RunBatchFiles
from medrubric.llm.cache import CallCache
from medrubric.llm.client import OpenAIChatModel
from medrubric.llm.endpoint import EndpointProfile
from medrubric.llm.retry import RetryPolicy
from medrubric.llm.spec import ModelSpec
from medrubric.llm.structured import Exchange

# Nothing is probed: a batch endpoint may not serve /v1/models, and a `vllm run-batch` file
# has no server at all. Schemas go in OpenAI's form unless medrubric.toml says otherwise.
BATCH_PROFILE = EndpointProfile("batch", "json_schema", 1)


class BatchSettings(BaseModel):
    """`--batch-api MODE`: where batches go and where the run keeps their records."""

    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True)

    mode: BatchMode
    folder: Path
    policy: PollPolicy = PollPolicy()
    say: Callable[[str], None] = print


def batch_model(
    spec: ModelSpec,
    batch: BatchSettings,
    cache: CallCache | None,
    api_key: str,
    timeout: float,
    retry: RetryPolicy | None = None,
) -> BatchChatModel:
    if spec.provider != "openai":
        raise InputError(
            f"--batch-api needs an openai: model spec (an endpoint that serves batches), "
            f"got {spec.name!r}"
        )
    transport: BatchTransport = (
        OpenAIBatches(spec.base_url, api_key, timeout, retry)
        if batch.mode == "openai"
        else RunBatchFiles(batch.folder, spec.model)
    )
    queue = BatchQueue(transport, batch.folder, batch.policy, batch.say)
    return BatchChatModel(spec, queue, cache, api_key)


class BatchChatModel(OpenAIChatModel):
    batch_prices = True

    def __init__(self, spec: ModelSpec, queue: BatchQueue, cache: CallCache | None, api_key: str):
        super().__init__(spec, base_url=spec.base_url, api_key=api_key, cache=cache)
        self.queue = queue

    async def _endpoint(self) -> EndpointProfile:
        return BATCH_PROFILE

    async def _send(self, content: bytes, semaphore: asyncio.Semaphore) -> Exchange:
        """The request body goes into the next batch instead of over HTTP."""
        body: dict[str, Any] = json.loads(content)
        return await self.queue.request(body)

    async def aclose(self) -> None:
        await self.queue.aclose()
        await super().aclose()
