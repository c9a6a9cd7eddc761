"""`medrubric curate` (threads -> Screener -> Validator -> Controller -> cases) and
`medrubric refresh` (the weekly harvest-to-pool job)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from medrubric.cli.groups import model_flags
from medrubric.cli.options import (
    Endpoints,
    EngineOpt,
    Out,
    PartitionLines,
    RayAddress,
)
from medrubric.errors import InputError

if TYPE_CHECKING:
    from medrubric.llm.endpoint import Endpoint
    from medrubric.runtime.options import ModelOptions
    from medrubric.scale.engine import Engine


@model_flags(
    max_tokens="Reply length bound per call (default 1024).",
    concurrency="Threads in flight (default 4).",
)
def curate(
    threads: Annotated[Path, typer.Argument(help="Threads JSONL (filtered and redacted).")],
    model: Annotated[str, typer.Option("--model", help="Model spec, e.g. local:smollm2.")],
    out: Out,
    models: ModelOptions,
    retriever: Annotated[
        str, typer.Option("--retriever", help="Index kind over the bundled corpus.")
    ] = "bm25",
    index: Annotated[
        Path | None, typer.Option("--index", help="A saved index folder to use instead.")
    ] = None,
    limit: Annotated[
        int | None, typer.Option("--limit", min=1, help="Curate only the first N threads.")
    ] = None,
    evidence_k: Annotated[
        int, typer.Option("--evidence-k", min=1, help="Snippets retrieved per advice.")
    ] = 5,
    engine: EngineOpt = "local",
    ray_address: RayAddress = None,
    endpoint: Endpoints = None,
    partition_lines: PartitionLines = 64,
) -> None:
    """Curate THREADS into cases in OUT: results.jsonl, cases.jsonl, funnel.png, report.html.

    With --engine ray, partitions of the threads are curated as Ray tasks, each with its own
    model client; --endpoint servers are shared out over the partitions."""
    from medrubric.curate.report import funnel_table
    from medrubric.curate.run import CurationOptions, run_curation
    from medrubric.report.pages import write_curation_report
    from medrubric.retrieve.index import INDEX_KINDS

    if retriever not in INDEX_KINDS:
        raise InputError(f"--retriever must be one of {', '.join(INDEX_KINDS)}, got {retriever!r}")
    chosen, servers = engine_and_endpoints(engine, ray_address, endpoint)
    options = CurationOptions(
        threads=threads, model=model, out=out, models=models, retriever=retriever, index=index,
        limit=limit, evidence_k=evidence_k, engine=chosen, endpoints=servers,
        partition_lines=partition_lines,
    )  # fmt: skip
    result = run_curation(options)
    page = write_curation_report(out, result.funnel)
    console = Console()
    console.print(funnel_table(result.funnel))
    console.print(f"cases: {result.cases} · report: {page}")


def engine_and_endpoints(
    engine: str, address: str | None, endpoints: list[str] | None
) -> tuple[Engine, tuple[Endpoint, ...]]:
    from medrubric.llm.endpoint import Endpoint
    from medrubric.scale.engine import Engine

    chosen = Engine.parse(engine, address)
    if endpoints and chosen.kind == "local":
        raise InputError("--endpoint needs --engine ray")
    return chosen, tuple(Endpoint.parse(e) for e in endpoints or ())


@model_flags(only=("cache_dir", "no_cache", "config", "quiet"))
def refresh(
    models: ModelOptions,
    settings_file: Annotated[
        Path, typer.Option("--settings", help="Refresh settings (see docs/curation.md).")
    ] = Path("refresh.toml"),
    timeout: Annotated[
        float | None,
        typer.Option("--timeout", help="Seconds per model call (default: the config)."),
    ] = None,
) -> None:
    """Weekly job: harvest -> filter -> redact -> curate -> append new cases to the pool."""
    from medrubric.curate.refresh import RefreshOptions, run_refresh
    from medrubric.curate.report import funnel_table
    from medrubric.report.pages import write_curation_report

    summary = run_refresh(RefreshOptions(settings=settings_file, models=models, timeout=timeout))
    console = Console()
    if summary.funnel is None:
        console.print(f"no new threads; the pool holds {summary.pool_size} cases")
        return
    if summary.curation is not None:
        write_curation_report(Path(summary.curation), summary.funnel)
    console.print(funnel_table(summary.funnel))
    state = "closed" if summary.closed else "kept open (errors are retried next run)"
    console.print(
        f"batch {summary.batch}: {summary.harvested_now} threads harvested now, "
        f"{summary.added_to_pool} cases added; pool {summary.pool_size} cases; batch {state}"
    )


def register(app: typer.Typer) -> None:
    app.command("curate")(curate)
    app.command("refresh")(refresh)
