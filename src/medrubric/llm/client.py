"""The OpenAI-compatible chat client every stage uses through the `ChatModel` contract.

It owns retries (the SDK's own are off so attempt counts are exact), the per-endpoint
concurrency bound, structured output in the form the endpoint understands, the call cache
and per-model statistics. Model-side failures come back as `CallResult.error`, never raised.
"""

from __future__ import annotations

import asyncio
from typing import Any

import openai
from openai import AsyncOpenAI
from pydantic import BaseModel

from medrubric.data.models import Usage
from medrubric.llm.accounting import ModelStats
from medrubric.llm.cache import CallCache, cache_key
from medrubric.llm.endpoint import (
    UNKNOWN,
    EndpointProfile,
    endpoint_semaphore,
    probe_endpoint,
)
from medrubric.llm.retry import RetryPolicy, retry_after_seconds
from medrubric.llm.spec import ModelSpec
from medrubric.llm.structured import Exchange, ask, response_format, schema_json
from medrubric.llm.types import CallResult

DEFAULT_PARAMS: dict[str, Any] = {"temperature": 0}
# Chat Completions arguments the SDK takes by name; anything else goes in the request body
# untouched (e.g. llama.cpp's `top_k`, vLLM's `chat_template_kwargs`).
SDK_PARAMS = frozenset(
    {
        "temperature",
        "top_p",
        "max_tokens",
        "max_completion_tokens",
        "seed",
        "stop",
        "presence_penalty",
        "frequency_penalty",
        "logit_bias",
        "n",
        "reasoning_effort",
        "user",
    }
)


class OpenAIChatModel:
    """A `ChatModel` over any OpenAI-compatible Chat Completions endpoint."""

    def __init__(
        self,
        spec: ModelSpec,
        *,
        base_url: str | None,
        api_key: str,
        timeout: float = 120.0,
        cache: CallCache | None = None,
        concurrency: int | None = None,
        retry: RetryPolicy | None = None,
    ):
        self.spec = spec
        self.label = spec.label
        self.stats = ModelStats(model=spec.label)
        self.timeout = timeout
        self.base_url = base_url
        self._secret = api_key
        self._cache = cache
        self._concurrency = concurrency or spec.concurrency
        self._retry = retry or RetryPolicy()
        self._client = AsyncOpenAI(
            api_key=api_key, base_url=base_url, max_retries=0, timeout=timeout
        )
        self._profile: EndpointProfile | None = None
        self._profile_lock: asyncio.Lock | None = None

    async def chat(
        self,
        messages: list[dict[str, str]],
        *,
        prompt_version: str,
        schema: type[BaseModel] | None = None,
        params: dict[str, Any] | None = None,
    ) -> CallResult:
        merged = {**DEFAULT_PARAMS, **self.spec.params, **(params or {})}
        key = cache_key(
            provider=self.spec.provider,
            model=self.spec.model,
            messages=messages,
            params=merged,
            schema=schema_json(schema) if schema else None,
            prompt_version=prompt_version,
        )
        cached = self._cache.get(key) if self._cache is not None else None
        if cached is not None:
            cached.model = self.label  # the label may have been renamed in medrubric.toml
            self.stats.record(cached)
            return cached
        profile = await self._endpoint()
        fmt = (
            response_format(self.spec.structured_output or profile.style, schema)
            if schema
            else None
        )
        semaphore = endpoint_semaphore(
            self.base_url or "https://api.openai.com/v1", self._concurrency or profile.concurrency
        )

        async def send(msgs: list[dict[str, str]]) -> Exchange:
            return await self._send(msgs, merged, fmt, semaphore)

        result = await ask(send, messages, schema, self.label)
        result.cost_usd = self.spec.cost_usd(result.usage)
        if result.ok and self._cache is not None:
            self._cache.put(key, result)
        self.stats.record(result)
        return result

    async def _endpoint(self) -> EndpointProfile:
        """Who serves this endpoint, asked once; an unreachable one is asked again next call."""
        if self._profile is None:
            self._profile_lock = self._profile_lock or asyncio.Lock()
            async with self._profile_lock:
                if self._profile is None:
                    self._profile = await probe_endpoint(
                        self._client, self.spec.provider, self.base_url, self.timeout
                    )
        return self._profile or UNKNOWN

    async def _send(
        self,
        messages: list[dict[str, str]],
        params: dict[str, Any],
        fmt: dict[str, Any] | None,
        semaphore: asyncio.Semaphore,
    ) -> Exchange:
        """One request with retries on 429, 5xx, timeouts, connection and body errors."""
        named = {k: v for k, v in params.items() if k in SDK_PARAMS}
        extra = {k: v for k, v in params.items() if k not in SDK_PARAMS}
        if fmt is not None:
            named["response_format"] = fmt
        attempt = 0
        while True:
            attempt += 1
            retry_after: float | None = None
            try:
                async with semaphore:
                    # httpx's timeout is per read; wait_for makes it a bound on the whole call
                    reply = await asyncio.wait_for(
                        self._client.chat.completions.create(
                            model=self.spec.model,
                            messages=messages,  # type: ignore[arg-type]
                            extra_body=extra or None,
                            timeout=self.timeout,
                            **named,
                        ),
                        self.timeout,
                    )
                return _exchange(reply, attempt)
            except openai.APIStatusError as exc:
                problem = f"HTTP {exc.status_code}: {exc.message}"
                if exc.status_code != 429 and exc.status_code < 500:
                    return Exchange(error=self._redact(problem), attempts=attempt)
                retry_after = retry_after_seconds(exc.response.headers)
            except (openai.APITimeoutError, TimeoutError):
                problem = f"timed out after {self.timeout:g} s"
            except openai.APIConnectionError as exc:
                problem = f"connection failed: {exc.__cause__ or exc}"
            except (openai.APIResponseValidationError, ValueError) as exc:
                problem = f"malformed response: {exc}"
            except openai.OpenAIError as exc:  # anything else the SDK raises is not transient
                error = f"{type(exc).__name__}: {exc}"
                return Exchange(error=self._redact(error), attempts=attempt)
            if attempt >= self._retry.max_attempts:
                error = f"{problem} (gave up after {attempt} attempts)"
                return Exchange(error=self._redact(error), attempts=attempt)
            await asyncio.sleep(self._retry.delay(attempt, retry_after))

    def _redact(self, text: str) -> str:
        return text.replace(self._secret, "***") if len(self._secret) >= 8 else text

    async def aclose(self) -> None:
        await self._client.close()


def _exchange(reply: Any, attempts: int) -> Exchange:
    """The reply as an Exchange; a body without choices raises so that it is retried."""
    usage = getattr(reply, "usage", None)
    counted = Usage(
        prompt_tokens=getattr(usage, "prompt_tokens", 0) or 0,
        completion_tokens=getattr(usage, "completion_tokens", 0) or 0,
    )
    choices = getattr(reply, "choices", None)
    if not choices:
        raise ValueError("the reply has no choices")
    text = choices[0].message.content
    if text is None:
        reason = choices[0].finish_reason
        return Exchange(
            error=f"empty reply (finish_reason={reason})", usage=counted, attempts=attempts
        )
    return Exchange(text=text, usage=counted, attempts=attempts)
