"""One structured LLM call per item, as the error-type classifier and the holistic judge make it.

A failed call comes back with `error` set and is recorded by the caller; a re-run is served
from the LLM cache, so finished calls are not repeated.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from pydantic import BaseModel

from medrubric.llm.spec import ModelSpec
from medrubric.llm.types import ChatModel
from medrubric.runtime.options import ModelOptions

V = TypeVar("V", bound=BaseModel)


def call_params(max_tokens: int | None) -> dict[str, Any]:
    """Deterministic decoding (temperature 0), with a reply-length cap when given."""
    return {"temperature": 0, **({"max_tokens": max_tokens} if max_tokens else {})}


async def ask_verdict(
    model: ChatModel,
    messages: list[dict[str, str]],
    prompt_id: str,
    schema: type[V],
    max_tokens: int | None,
) -> tuple[V | None, dict[str, Any]]:
    """One structured call: the parsed verdict (None when the call failed) and the fields
    every outcome record carries: `prompt_version`, `cached` and the `error`, if any."""
    result = await model.chat(
        messages, prompt_version=prompt_id, schema=schema, params=call_params(max_tokens)
    )
    outcome: dict[str, Any] = {"prompt_version": prompt_id, "cached": result.cached}
    if result.error is not None or result.parsed is None:
        return None, {**outcome, "error": result.error or "no reply"}
    return schema.model_validate(result.parsed), outcome


@asynccontextmanager
async def open_task_model(
    spec_text: str, opts: ModelOptions
) -> AsyncIterator[tuple[ChatModel, ModelSpec, int]]:
    """The model, its public spec and how many calls to keep in flight."""
    spec = opts.spec(spec_text)
    async with opts.open(spec) as model:
        yield model, spec, opts.workers(spec)
