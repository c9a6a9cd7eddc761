"""`medrubric curate` (threads -> Screener -> Validator -> Controller -> cases) and
`medrubric refresh` (the weekly harvest-to-pool job)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from medrubric.cli.options import (
    Endpoints,
    EngineOpt,
    NoCache,
    Out,
    RayAddress,
    Timeout,
    fanout_settings,
)
from medrubric.data.jsonl import load_models
from medrubric.data.models import Thread
from medrubric.errors import InputError

if TYPE_CHECKING:
    from medrubric.curate.refresh import RefreshSummary
    from medrubric.curate.schemas import Funnel


def curate(
    threads: Annotated[Path, typer.Argument(help="Threads JSONL (filtered and redacted).")],
    model: Annotated[str, typer.Option("--model", help="Model spec, e.g. local:smollm2.")],
    out: Out,
    retriever: Annotated[
        str, typer.Option("--retriever", help="Index kind over the bundled corpus.")
    ] = "bm25",
    index: Annotated[
        Path | None, typer.Option("--index", help="A saved index folder to use instead.")
    ] = None,
    timeout: Timeout = 120.0,
    limit: Annotated[
        int | None, typer.Option("--limit", min=1, help="Curate only the first N threads.")
    ] = None,
    concurrency: Annotated[
        int, typer.Option("--concurrency", min=1, help="Threads in flight.")
    ] = 4,
    evidence_k: Annotated[
        int, typer.Option("--evidence-k", min=1, help="Snippets retrieved per advice.")
    ] = 5,
    max_tokens: Annotated[
        int, typer.Option("--max-tokens", min=64, help="Reply length bound per call.")
    ] = 1024,
    no_cache: NoCache = False,
    engine: EngineOpt = "local",
    ray_address: RayAddress = None,
    endpoint: Endpoints = None,
) -> None:
    """Curate THREADS into cases in OUT: results.jsonl, cases.jsonl, funnel.png, report.html.
    With --engine ray, the agents' calls are spread over the --endpoint servers."""
    from medrubric.curate.report import funnel_table
    from medrubric.curate.run import run_curation
    from medrubric.curate.schemas import CurationConfig
    from medrubric.retrieve.index import INDEX_KINDS, cached_index, load_index
    from medrubric.runtime.options import ModelOptions

    if retriever not in INDEX_KINDS:
        raise InputError(f"--retriever must be one of {', '.join(INDEX_KINDS)}, got {retriever!r}")
    loaded = load_models(threads, Thread)
    selected = loaded[:limit] if limit else loaded
    search = load_index(index) if index is not None else cached_index("default", retriever)
    console = Console()

    fanout = fanout_settings(engine, ray_address, endpoint)
    if fanout is not None:  # every endpoint kept busy up to its own bound
        concurrency = sum(e.concurrency for e in fanout.endpoints)
    models = ModelOptions(timeout=timeout, no_cache=no_cache, concurrency=concurrency)

    async def go() -> Funnel:
        async with models.open(model, fanout=fanout) as chat_model:
            return await run_curation(
                selected,
                model=chat_model,
                retriever=search,
                out=out,
                config=CurationConfig(evidence_k=evidence_k, max_tokens=max_tokens),
                concurrency=concurrency,
            )

    result = asyncio.run(go())
    console.print(funnel_table(result))
    console.print(f"cases: {out / 'cases.jsonl'} · report: {out / 'report.html'}")


def refresh(
    config: Annotated[
        Path, typer.Option("--config", help="Refresh settings (see docs/curation.md).")
    ] = Path("refresh.toml"),
    timeout: Annotated[
        float | None,
        typer.Option("--timeout", help="Seconds per model call (default: the config)."),
    ] = None,
) -> None:
    """Weekly job: harvest -> filter -> redact -> curate -> append new cases to the pool."""
    from medrubric.curate.refresh import default_retriever, load_refresh_config, refresh_pool
    from medrubric.curate.report import funnel_table
    from medrubric.runtime.options import ModelOptions

    settings = load_refresh_config(config)
    search = default_retriever(settings)
    console = Console()

    models = ModelOptions(timeout=timeout or settings.timeout, concurrency=settings.concurrency)

    async def go() -> RefreshSummary:
        async with models.open(settings.model) as chat_model:
            return await refresh_pool(settings, chat_model, search)

    summary = asyncio.run(go())
    if summary.funnel is None:
        console.print(f"no new threads; the pool holds {summary.pool_size} cases")
        return
    console.print(funnel_table(summary.funnel))
    state = "closed" if summary.closed else "kept open (errors are retried next run)"
    console.print(
        f"batch {summary.batch}: {summary.harvested_now} threads harvested now, "
        f"{summary.added_to_pool} cases added; pool {summary.pool_size} cases; batch {state}"
    )


def register(app: typer.Typer) -> None:
    app.command("curate")(curate)
    app.command("refresh")(refresh)
