"""The OpenAI-compatible chat client every stage uses through the `ChatModel` contract.

It owns retries (attempt counts are exact), the per-endpoint concurrency bound, structured
output in the form the endpoint understands, the call cache and per-model statistics.
Model-side failures come back as `CallResult.error`, never raised. It speaks the Chat
Completions wire format itself over one aiohttp session: the request is a plain JSON body,
so no SDK object is built or validated per call, and aiohttp's connection pool stays cheap at
hundreds of requests in flight (httpx's scans every pooled connection for each request).
"""

from __future__ import annotations

import asyncio
import json
from functools import cache
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from medrubric.collection import collection_paused
from medrubric.data.models import Usage
from medrubric.llm.accounting import ModelStats
from medrubric.llm.cache import CallCache, GroupCommit, cache_key, canonical
from medrubric.llm.config import StructuredStyle
from medrubric.llm.endpoint import (
    UNKNOWN,
    EndpointProfile,
    endpoint_semaphore,
    openai_url,
    probe_endpoint,
)
from medrubric.llm.retry import RetryPolicy, Transient, retry_after_seconds
from medrubric.llm.spec import ModelSpec
from medrubric.llm.structured import Exchange, ask, response_format, schema_json
from medrubric.llm.types import CallResult

if TYPE_CHECKING:
    import aiohttp

DEFAULT_PARAMS: dict[str, Any] = {"temperature": 0}


class OpenAIChatModel:
    """A `ChatModel` over any OpenAI-compatible Chat Completions endpoint."""

    batch_prices = False  # calls are charged at the provider's Batch API prices

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
        self._writer = GroupCommit(cache) if cache is not None else None
        self._concurrency = concurrency or spec.concurrency
        self._retry = retry or RetryPolicy()
        self._session: aiohttp.ClientSession | None = None
        self._profile: EndpointProfile | None = None
        self._profile_lock: asyncio.Lock | None = None

    def request_key(
        self,
        messages: list[dict[str, str]],
        *,
        prompt_version: str,
        schema: type[BaseModel] | None = None,
        params: dict[str, Any] | None = None,
    ) -> tuple[str, dict[str, Any], str]:
        """The cache key of a call, its merged parameters and its encoded messages (for the
        request body); `--dry-run` asks the cache with the same key."""
        merged = {**DEFAULT_PARAMS, **self.spec.params, **(params or {})}
        encoded_messages = canonical(messages)
        key = cache_key(
            provider=self.spec.provider,
            model=self.spec.model,
            messages=messages,
            params=merged,
            schema=schema_json(schema) if schema else None,
            prompt_version=prompt_version,
            encoded={"messages": encoded_messages, "schema": _encoded_schema(schema)},
        )
        return key, merged, encoded_messages

    async def chat(
        self,
        messages: list[dict[str, str]],
        *,
        prompt_version: str,
        schema: type[BaseModel] | None = None,
        params: dict[str, Any] | None = None,
    ) -> CallResult:
        key, merged, encoded_messages = self.request_key(
            messages, prompt_version=prompt_version, schema=schema, params=params
        )
        cached = self._cache.get(key) if self._cache is not None else None
        if cached is not None:
            cached.model = self.label  # the label may have been renamed in medrubric.toml
            self.stats.record(cached)
            return cached
        profile = await self._endpoint()
        style = self.spec.structured_output or profile.style
        semaphore = endpoint_semaphore(
            openai_url(self.base_url), self._concurrency or profile.concurrency
        )
        # The body is assembled from encoded parts: the messages were encoded for the key,
        # the response_format once per schema.
        head = f'{{"model":{json.dumps(self.spec.model)}'
        tail = f",{canonical(merged)[1:-1]}" if merged else ""
        if schema is not None:
            tail += f',"response_format":{_encoded_format(style, schema)}'

        async def send(msgs: list[dict[str, str]]) -> Exchange:
            body = encoded_messages if msgs is messages else canonical(msgs)
            content = f'{head},"messages":{body}{tail}}}'.encode()
            return await self._send(content, semaphore)

        result = await ask(send, messages, schema, self.label)
        result.cost_usd = self.spec.cost_usd(result.usage, batch=self.batch_prices)
        if result.ok and self._writer is not None:
            await self._writer.put(key, result)
        self.stats.record(result)
        return result

    async def _endpoint(self) -> EndpointProfile:
        """Who serves this endpoint, asked once; an unreachable one is asked again next call."""
        if self._profile is None:
            self._profile_lock = self._profile_lock or asyncio.Lock()
            async with self._profile_lock:
                if self._profile is None:
                    self._profile = await probe_endpoint(
                        self._http(), self.spec.provider, self.base_url, self.timeout
                    )
        return self._profile or UNKNOWN

    def _http(self) -> aiohttp.ClientSession:
        """The session, opened in the running loop on first use; the endpoint semaphore
        bounds requests in flight, so the pool itself is unbounded. aiohttp is imported here,
        so a run that finds every call done (or cached) does not pay for it (nor, importing it,
        for the garbage collector's scans: `collection_paused`)."""
        if self._session is None:
            with collection_paused():
                import aiohttp

            self._session = aiohttp.ClientSession(
                base_url=openai_url(self.base_url).rstrip("/") + "/",
                headers={
                    "Authorization": f"Bearer {self._secret}",
                    "Content-Type": "application/json",
                },
                timeout=aiohttp.ClientTimeout(total=self.timeout),
                connector=aiohttp.TCPConnector(limit=0),
            )
        return self._session

    async def _send(self, content: bytes, semaphore: asyncio.Semaphore) -> Exchange:
        """One request, tried again under the retry policy on 429, 5xx, timeouts, connection
        and body errors."""
        http = self._http()
        attempts = 0

        async def attempt() -> Exchange:
            nonlocal attempts
            attempts += 1
            return await self._attempt(http, content, semaphore, attempts)

        try:
            return await self._retry.async_retrying()(attempt)
        except Transient as failed:
            error = f"{failed.problem} (gave up after {attempts} attempts)"
            return Exchange(error=self._redact(error), attempts=attempts)

    async def _attempt(
        self,
        http: aiohttp.ClientSession,
        content: bytes,
        semaphore: asyncio.Semaphore,
        attempt: int,
    ) -> Exchange:
        """One try: the exchange, an error that another try would not mend, or `Transient`."""
        import aiohttp

        try:
            async with semaphore, http.post("chat/completions", data=content) as reply:
                status, raw = reply.status, await reply.read()
            if status < 400:
                return _exchange(raw, attempt)
            problem = f"HTTP {status}: {_error_message(raw)}"
            if status != 429 and status < 500:
                return Exchange(error=self._redact(problem), attempts=attempt)
            raise Transient(problem, retry_after_seconds(reply.headers))
        except TimeoutError:  # aiohttp's total timeout bounds the whole call
            raise Transient(f"timed out after {self.timeout:g} s") from None
        except aiohttp.InvalidURL as exc:  # not transient
            return Exchange(error=self._redact(f"invalid URL: {exc}"), attempts=attempt)
        except aiohttp.ClientError as exc:
            raise Transient(f"connection failed: {type(exc).__name__}: {exc}") from None
        except ValueError as exc:  # a 2xx body that is not a chat completion
            raise Transient(f"malformed response: {exc}") from None

    def _redact(self, text: str) -> str:
        return text.replace(self._secret, "***") if len(self._secret) >= 8 else text

    async def aclose(self) -> None:
        if self._session is not None:
            await self._session.close()


def _encoded_schema(schema: type[BaseModel] | None) -> str:
    return _encoded_schema_of(schema) if schema is not None else "null"


@cache
def _encoded_schema_of(schema: type[BaseModel]) -> str:
    return canonical(schema_json(schema))


@cache
def _encoded_format(style: StructuredStyle, schema: type[BaseModel]) -> str:
    return json.dumps(response_format(style, schema), ensure_ascii=False, separators=(",", ":"))


def _error_message(raw: bytes) -> str:
    """The `error.message` of an OpenAI-style error body, else the body's start."""
    try:
        message = json.loads(raw)["error"]["message"]
    except (ValueError, KeyError, TypeError):
        message = None
    return str(message) if message else raw[:300].decode("utf-8", "replace").strip()


def _exchange(raw: bytes, attempts: int) -> Exchange:
    """The reply as an Exchange; a body that is not a chat completion raises so it is retried."""
    return completion_exchange(json.loads(raw), attempts)


def completion_exchange(reply: Any, attempts: int) -> Exchange:
    """A decoded Chat Completions body as an Exchange (also a batch result line's body);
    ValueError when it is not one."""
    if not isinstance(reply, dict):
        raise ValueError("the reply is not a JSON object")
    usage = reply.get("usage")
    usage = usage if isinstance(usage, dict) else {}
    counted = Usage(
        prompt_tokens=usage.get("prompt_tokens") or 0,
        completion_tokens=usage.get("completion_tokens") or 0,
    )
    choices = reply.get("choices")
    if not choices or not isinstance(choices, list):
        raise ValueError("the reply has no choices")
    choice = choices[0]
    if not isinstance(choice, dict):
        raise ValueError("the reply's first choice is not an object")
    text = (choice.get("message") or {}).get("content")
    if text is None:
        reason = choice.get("finish_reason")
        return Exchange(
            error=f"empty reply (finish_reason={reason})", usage=counted, attempts=attempts
        )
    truncated = choice.get("finish_reason") == "length"
    return Exchange(text=str(text), usage=counted, attempts=attempts, truncated=truncated)
