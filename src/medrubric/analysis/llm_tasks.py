"""Running one structured LLM call per item with bounded concurrency and a progress bar.

Shared by the error-type classifier and the holistic judge. A failed call comes back as a
`CallResult` with `error` set and is recorded by the caller; a re-run is served from the
LLM cache, so finished calls are not repeated.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from pydantic import BaseModel
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from medrubric.llm.options import ModelOptions
from medrubric.llm.spec import ModelSpec
from medrubric.llm.types import ChatModel

T = TypeVar("T")
R = TypeVar("R")
V = TypeVar("V", bound=BaseModel)


def call_params(max_tokens: int | None) -> dict[str, Any]:
    """Deterministic decoding (temperature 0), with a reply-length cap when given."""
    return {"temperature": 0, **({"max_tokens": max_tokens} if max_tokens else {})}


def conversation_text(messages: Sequence[dict[str, str]]) -> str:
    """The conversation as the grader prompts show it: `role: content` blocks."""
    return "\n\n".join(f"{m['role']}: {m['content']}" for m in messages)


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


async def run_all(
    items: Sequence[T],
    call: Callable[[T], Awaitable[R]],
    *,
    concurrency: int,
    label: str,
    show_progress: bool = True,
) -> list[R]:
    """`call` on every item (at most `concurrency` at once), results in input order."""
    gate = asyncio.Semaphore(max(1, concurrency))
    progress = Progress(
        TextColumn(f"[bold]{label}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        disable=not show_progress,
    )

    with progress:
        task = progress.add_task(label, total=len(items))

        async def one(item: T) -> R:
            async with gate:
                result = await call(item)
            progress.advance(task)
            return result

        return list(await asyncio.gather(*(one(item) for item in items)))


@asynccontextmanager
async def open_task_model(
    spec_text: str, opts: ModelOptions
) -> AsyncIterator[tuple[ChatModel, ModelSpec, int]]:
    """The model, its public spec and how many calls to keep in flight."""
    spec = opts.spec(spec_text)
    async with opts.open(spec) as model:
        yield model, spec, opts.workers(spec)
