"""`--engine ray` for generate and grade: one model served by several OpenAI-compatible
endpoints (say one vLLM server per GPU node), each driven at its own concurrency.

Each endpoint gets a Ray actor holding the ordinary client for that URL; the actor's
`max_concurrency` is the endpoint's bound, so Ray, not our code, queues requests per
endpoint. The driver is the ordinary client too, with one thing swapped: `_send` hands the
request to the least busy endpoint's actor. Cache, schema re-ask, retries (in the actor) and
accounting are unchanged.
"""

from __future__ import annotations

import asyncio
from typing import Any

from medrubric.errors import InputError
from medrubric.llm.cache import CallCache
from medrubric.llm.client import OpenAIChatModel
from medrubric.llm.endpoint import (
    DEFAULT_ENDPOINT_CONCURRENCY,
    UNKNOWN,
    EndpointProfile,
    FanoutSettings,
    endpoint_semaphore,
)
from medrubric.llm.retry import RetryPolicy
from medrubric.llm.spec import ModelSpec
from medrubric.llm.structured import Exchange
from medrubric.scale.engine import start_ray


class EndpointWorker:
    """Runs inside a Ray actor: the ordinary client for one endpoint, without a cache (the
    driver keeps the only one)."""

    def __init__(self, spec: ModelSpec, api_key: str, timeout: float, retry: RetryPolicy):
        self.model = OpenAIChatModel(
            spec, base_url=spec.base_url, api_key=api_key, timeout=timeout, retry=retry
        )
        self.concurrency = spec.concurrency or DEFAULT_ENDPOINT_CONCURRENCY

    async def profile(self) -> EndpointProfile:
        return await self.model._endpoint()

    async def send(self, content: bytes) -> Exchange:
        semaphore = endpoint_semaphore(self.model.base_url or "", self.concurrency)
        return await self.model._send(content, semaphore)


class FanoutChatModel(OpenAIChatModel):
    def __init__(
        self,
        spec: ModelSpec,
        settings: FanoutSettings,
        *,
        api_key: str,
        timeout: float,
        cache: CallCache | None,
        retry: RetryPolicy,
    ):
        if spec.provider != "openai":
            raise InputError(
                f"--engine ray sends {spec.name!r} to the --endpoint URLs: give an openai:MODEL "
                "spec naming the model those servers serve"
            )
        endpoints = list(settings.endpoints)
        super().__init__(spec, base_url=endpoints[0].url, api_key=api_key, cache=cache)
        start_ray(settings.engine)
        import ray

        actor = ray.remote(EndpointWorker)
        self.endpoints = endpoints
        self._actors: list[Any] = [  # Ray actor handles
            actor.options(max_concurrency=e.concurrency, num_cpus=0).remote(  # type: ignore[attr-defined]
                spec.model_copy(update={"base_url": e.url, "concurrency": e.concurrency}),
                api_key,
                timeout,
                retry,
            )
            for e in endpoints
        ]
        self._busy = [0] * len(endpoints)
        self.sent = [0] * len(endpoints)  # requests handed to each endpoint, for the summary
        self._free = asyncio.Condition()

    @property
    def capacity(self) -> int:
        return sum(e.concurrency for e in self.endpoints)

    async def _endpoint(self) -> EndpointProfile:
        if self._profile is None:
            self._profile = await self._actors[0].profile.remote()
        return self._profile or UNKNOWN

    async def _send(self, content: bytes, semaphore: asyncio.Semaphore) -> Exchange:
        async with self._free:
            await self._free.wait_for(lambda: self._pick() is not None)
            chosen = self._pick()
            assert chosen is not None
            self._busy[chosen] += 1
            self.sent[chosen] += 1
        try:
            exchange: Exchange = await self._actors[chosen].send.remote(content)
            return exchange
        finally:
            async with self._free:
                self._busy[chosen] -= 1
                self._free.notify_all()

    def _pick(self) -> int | None:
        """The endpoint with the most room relative to its bound, None when all are full."""
        pairs = zip(self.endpoints, self._busy, strict=True)
        room = [(e.concurrency - busy) / e.concurrency for e, busy in pairs]
        best = max(range(len(room)), key=room.__getitem__)
        return best if room[best] > 0 else None

    async def aclose(self) -> None:
        import ray

        for actor in self._actors:
            ray.kill(actor)
        await super().aclose()
