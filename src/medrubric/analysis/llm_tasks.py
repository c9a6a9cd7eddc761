"""Running one structured LLM call per item with bounded concurrency and a progress bar.

Shared by the error-type classifier and the holistic judge. A failed call comes back as a
`CallResult` with `error` set and is recorded by the caller; a re-run is served from the
LLM cache, so finished calls are not repeated.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from medrubric.llm.config import load_config
from medrubric.llm.factory import open_model
from medrubric.llm.spec import ModelSpec, parse_model_spec
from medrubric.llm.types import ChatModel

DEFAULT_CONCURRENCY = 4
T = TypeVar("T")
R = TypeVar("R")


def call_params(max_tokens: int | None) -> dict[str, Any]:
    """Deterministic decoding (temperature 0), with a reply-length cap when given."""
    return {"temperature": 0, **({"max_tokens": max_tokens} if max_tokens else {})}


def conversation_text(messages: Sequence[dict[str, str]]) -> str:
    """The conversation as the grader prompts show it: `role: content` blocks."""
    return "\n\n".join(f"{m['role']}: {m['content']}" for m in messages)


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


class ModelOptions(BaseModel):
    """How an analysis opens its model: the LLM options shared by every model-calling command."""

    model_config = ConfigDict(extra="forbid")

    config: Path | None = None
    timeout: float = 120.0
    cache_dir: Path | None = None
    no_cache: bool = False
    concurrency: int | None = None
    max_tokens: int | None = None
    show_progress: bool = True


@asynccontextmanager
async def open_task_model(
    spec_text: str, opts: ModelOptions
) -> AsyncIterator[tuple[ChatModel, ModelSpec, int]]:
    """The model, its public spec and how many calls to keep in flight."""
    spec = parse_model_spec(spec_text, load_config(opts.config))
    async with open_model(
        spec,
        config=opts.config,
        timeout=opts.timeout,
        cache_dir=opts.cache_dir,
        no_cache=opts.no_cache,
        concurrency=opts.concurrency,
    ) as model:
        yield model, spec, opts.concurrency or spec.concurrency or DEFAULT_CONCURRENCY
