"""`medrubric rubric`: write a validated bipolar rubric for every curated case."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from medrubric.cli.options import MaxTokens, NoCache, Out, Timeout

if TYPE_CHECKING:
    from medrubric.rubric.schemas import RubricRecord


def rubric(
    cases: Annotated[
        str, typer.Argument(help="Curated cases JSONL, or any cases file, folder or 'sample'.")
    ],
    model: Annotated[str, typer.Option("--model", help="Model spec, e.g. local:smollm2.")],
    out: Out,
    fixed_n: Annotated[
        int | None,
        typer.Option("--fixed-n", min=1, help="ClinConsensus mode: exactly N criteria, all +1."),
    ] = None,
    timeout: Timeout = 120.0,
    limit: Annotated[
        int | None, typer.Option("--limit", min=1, help="Only the first N cases.")
    ] = None,
    max_tokens: MaxTokens = None,
    concurrency: Annotated[int, typer.Option("--concurrency", min=1, help="Cases in flight.")] = 4,
    no_cache: NoCache = False,
) -> None:
    """Generate rubrics into OUT: cases.jsonl, rejected.jsonl, rubric_stats.json, report.html."""
    from medrubric.rubric.inputs import load_rubric_inputs
    from medrubric.rubric.run import CASES, REJECTED, run_rubrics
    from medrubric.rubric.stats import REPORT_HTML, rubric_stats, stats_table, write_stats_report
    from medrubric.runtime.options import ModelOptions

    loaded = load_rubric_inputs(cases)
    selected = loaded[:limit] if limit else loaded

    models = ModelOptions(timeout=timeout, no_cache=no_cache, concurrency=concurrency)

    async def go() -> list[RubricRecord]:
        async with models.open(model) as chat_model:
            return await run_rubrics(
                selected,
                chat_model,
                out,
                fixed_n=fixed_n,
                max_tokens=max_tokens,
                concurrency=concurrency,
            )

    records = asyncio.run(go())
    stats = rubric_stats(
        [r.case for r in records if r.case is not None],
        n_rejected=sum(r.status == "rejected" for r in records),
        n_errors=sum(r.status == "error" for r in records),
    )
    write_stats_report(out, stats)
    console = Console()
    console.print(stats_table(stats))
    if stats.n_errors:
        console.print(f"[bold red]{stats.n_errors} model errors[/]: run again to retry them")
    console.print(
        f"cases: {out / CASES} · rejected: {out / REJECTED} · report: {out / REPORT_HTML}"
    )


def register(app: typer.Typer) -> None:
    app.command("rubric")(rubric)
