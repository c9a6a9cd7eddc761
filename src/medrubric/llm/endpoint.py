"""What an OpenAI-compatible endpoint is: which schema form it understands and how many
requests it serves at once, plus one concurrency bound per endpoint shared by all models."""

from __future__ import annotations

import asyncio
import json
import os
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlparse

from medrubric.errors import InputError
from medrubric.llm.config import Provider, StructuredStyle
from medrubric.scale.engine import Engine

if TYPE_CHECKING:
    import aiohttp

REMOTE_CONCURRENCY = 8
# `/v1/models` owned_by values of llama.cpp servers (llama-cpp-python says "me"): they need
# the schema as `json_object` + `schema` and serve one request at a time.
LLAMA_CPP_OWNERS = frozenset({"me", "llamacpp"})


@dataclass(frozen=True)
class EndpointProfile:
    server: str
    style: StructuredStyle
    concurrency: int


LLAMA_CPP = EndpointProfile("llama.cpp", "llama_cpp", 1)
OPENAI = EndpointProfile("openai", "json_schema", REMOTE_CONCURRENCY)
UNKNOWN = EndpointProfile("unknown", "json_schema", REMOTE_CONCURRENCY)

_semaphores: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, asyncio.Semaphore]]
_semaphores = weakref.WeakKeyDictionary()


OPENAI_URL = "https://api.openai.com/v1"
# Read by the openai SDK and Inspect too: one variable points every tool at a proxy or stand-in.
BASE_URL_ENV = "OPENAI_BASE_URL"


def openai_url(base_url: str | None) -> str:
    """Where requests for an `openai:` model go: its own base URL, else `OPENAI_BASE_URL`,
    else api.openai.com. Only the address changes: the spec, its prices and the cache key stay
    those of the model (a proxy for OpenAI still bills OpenAI's prices)."""
    return base_url or os.environ.get(BASE_URL_ENV, "").strip().rstrip("/") or OPENAI_URL


def is_openai_host(base_url: str | None) -> bool:
    return (urlparse(openai_url(base_url)).hostname or "").endswith("openai.com")


async def probe_endpoint(
    session: aiohttp.ClientSession, provider: Provider, base_url: str | None, timeout: float
) -> EndpointProfile | None:
    """Ask `/models` who serves an unknown endpoint; None when it cannot be reached right now.

    Servers that are not llama.cpp get the OpenAI form, which vLLM, SGLang, TGI and most hosted
    services accept; `structured_output` in medrubric.toml overrides the choice. A server that
    answers but does not list its models is UNKNOWN, and is not asked again.
    """
    if provider == "local":
        return LLAMA_CPP
    if is_openai_host(base_url):
        return OPENAI
    import aiohttp

    try:
        limit = aiohttp.ClientTimeout(total=min(timeout, 10.0))
        async with session.get("models", timeout=limit) as reply:
            status, raw = reply.status, await reply.read()
    except (aiohttp.ClientError, TimeoutError):
        return None
    try:
        data = json.loads(raw)["data"] if status < 400 else None
    except (ValueError, KeyError, TypeError):
        data = None
    if not isinstance(data, list) or not data:
        return UNKNOWN
    owners = {str(m.get("owned_by", "")) for m in data if isinstance(m, dict)}
    if owners & LLAMA_CPP_OWNERS:
        return LLAMA_CPP
    return EndpointProfile(",".join(sorted(owners)) or "unknown", "json_schema", REMOTE_CONCURRENCY)


def endpoint_semaphore(base_url: str, limit: int) -> asyncio.Semaphore:
    """The bound for `base_url` in the running loop; the first model to ask sets its size."""
    per_loop = _semaphores.setdefault(asyncio.get_running_loop(), {})
    if base_url not in per_loop:
        per_loop[base_url] = asyncio.Semaphore(limit)
    return per_loop[base_url]


DEFAULT_ENDPOINT_CONCURRENCY = 4


@dataclass(frozen=True)
class Endpoint:
    url: str
    concurrency: int = DEFAULT_ENDPOINT_CONCURRENCY

    @classmethod
    def parse(cls, text: str) -> Endpoint:
        """`URL` or `URL#N` (N requests in flight at once on that endpoint)."""
        url, sep, count = text.strip().partition("#")
        if not url.startswith(("http://", "https://")):
            raise InputError(f"--endpoint {text!r}: expected http(s)://host:port/v1[#N]")
        if sep and not (count.isdigit() and int(count) > 0):
            raise InputError(f"--endpoint {text!r}: the concurrency after # must be a number > 0")
        return cls(url.rstrip("/"), int(count) if sep else DEFAULT_ENDPOINT_CONCURRENCY)


@dataclass(frozen=True)
class FanoutSettings:
    """`--engine ray --endpoint URL#N ...`: where a model's calls go."""

    engine: Engine
    endpoints: tuple[Endpoint, ...]
