"""`open_model`: a spec string in, a ready `ChatModel` out, with every resource it needs
(the local llama.cpp server, the HTTP client, the cache) released on exit, errors included."""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from medrubric.errors import InputError
from medrubric.llm.cache import CallCache, resolve_cache_dir
from medrubric.llm.client import OpenAIChatModel
from medrubric.llm.config import DEFAULT_KEY_ENV, MedrubricConfig, load_config
from medrubric.llm.endpoint import is_openai_host
from medrubric.llm.local_server import LocalServer, resolve_local_model
from medrubric.llm.retry import RetryPolicy
from medrubric.llm.spec import ModelSpec, parse_model_spec

if TYPE_CHECKING:
    from medrubric.llm.batch.model import BatchSettings
    from medrubric.llm.endpoint import FanoutSettings

# Self-hosted servers usually ignore the key but the SDK insists on one.
NO_KEY = "no-key-needed"


def api_key_for(spec: ModelSpec) -> str:
    """The key from the environment variable the spec names. It is required by api.openai.com
    (also the default when `OPENAI_BASE_URL` names no other host) and wherever the spec names a
    variable of its own (the hosted Anthropic and Gemini entries: `ANTHROPIC_API_KEY`,
    `GEMINI_API_KEY`); other endpoints (vLLM, llama.cpp, the replay server) get a fixed dummy
    value."""
    key = os.environ.get(spec.api_key_env, "").strip()
    if key:
        return key
    own_variable = spec.api_key_env != DEFAULT_KEY_ENV
    if spec.provider == "openai" and (own_variable or is_openai_host(spec.base_url)):
        raise InputError(
            f"model {spec.name!r} needs an API key: set the environment variable {spec.api_key_env}"
        )
    return NO_KEY


def close_behind(cache: CallCache) -> None:
    """Close `cache` on a thread of its own: the last connection to close checkpoints SQLite's
    write-ahead log into the database file (tens of milliseconds of disk writes after a run's
    last call), which what follows (a run's summary) need not wait for. Not a daemon thread,
    so the interpreter waits for it before it exits."""
    threading.Thread(target=cache.close, name="medrubric-cache-close").start()


@asynccontextmanager
async def open_model(
    spec: str | ModelSpec,
    *,
    config: MedrubricConfig | str | Path | None = None,
    timeout: float = 120.0,
    cache_dir: str | Path | None = None,
    no_cache: bool = False,
    concurrency: int | None = None,
    max_attempts: int = 4,
    backoff_s: float = 0.5,
    batch: BatchSettings | None = None,
    fanout: FanoutSettings | None = None,
) -> AsyncIterator[OpenAIChatModel]:
    """Yield a ready model for `spec`; `local:` specs run their own llama.cpp server meanwhile.

    `config` is a parsed config, a path, or None to discover medrubric.toml. `concurrency`
    overrides the per-endpoint bound; `max_attempts` and `backoff_s` shape retries. With
    `batch`, requests go through provider batches recorded in `batch.folder`; with `fanout`,
    through Ray actors to several endpoints serving the same model.
    """
    cfg = config if isinstance(config, MedrubricConfig) else load_config(config)
    model_spec = spec if isinstance(spec, ModelSpec) else parse_model_spec(spec, cfg)
    if max_attempts < 1:
        raise InputError(f"max_attempts must be at least 1, got {max_attempts}")
    async with AsyncExitStack() as stack:
        cache = None
        if not no_cache:
            cache = CallCache(resolve_cache_dir(cache_dir, cfg))
            stack.callback(close_behind, cache)
        retry = RetryPolicy(max_attempts=max_attempts, base_delay=backoff_s)
        if batch is not None:
            from medrubric.llm.batch.model import batch_model

            key = api_key_for(model_spec) if batch.mode == "openai" else NO_KEY
            batched = batch_model(model_spec, batch, cache, key, timeout, retry)
            stack.push_async_callback(batched.aclose)
            yield batched
            return
        if fanout is not None:
            from medrubric.llm.fanout import FanoutChatModel

            served = model_spec.model_copy(update={"base_url": fanout.endpoints[0].url})
            spread = FanoutChatModel(
                model_spec, fanout, api_key=api_key_for(served), timeout=timeout, cache=cache,
                retry=retry,
            )  # fmt: skip
            stack.push_async_callback(spread.aclose)
            yield spread
            return
        if model_spec.provider == "local":
            server = LocalServer(resolve_local_model(model_spec.model), alias=model_spec.model)
            stack.callback(server.stop)
            await asyncio.to_thread(server.start)
            base_url: str | None = server.base_url
            api_key = NO_KEY
        else:
            base_url = model_spec.base_url
            api_key = api_key_for(model_spec)
        model = OpenAIChatModel(
            model_spec,
            base_url=base_url,
            api_key=api_key,
            timeout=timeout,
            cache=cache,
            concurrency=concurrency,
            retry=retry,
        )
        stack.push_async_callback(model.aclose)
        yield model
