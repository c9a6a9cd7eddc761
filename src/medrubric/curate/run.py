"""A whole curation run as the CLI and the weekly refresh use it: curate with a live progress
bar, then write cases.jsonl and the funnel (JSON, PNG, HTML) and return the funnel."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.console import Console

from medrubric.curate.pipeline import curate_threads, funnel, read_results, write_cases
from medrubric.curate.report import write_funnel_report
from medrubric.curate.schemas import CurationConfig, Funnel
from medrubric.data.models import Thread
from medrubric.llm.types import ChatModel
from medrubric.retrieve.base import Retriever
from medrubric.runtime.concurrency import count_finished
from medrubric.runtime.progress import outcome_progress


async def run_curation(
    threads: Sequence[Thread],
    *,
    model: ChatModel,
    retriever: Retriever,
    out: str | Path,
    config: CurationConfig | None = None,
    concurrency: int = 4,
    harvested: int | None = None,
    console: Console | None = None,
) -> Funnel:
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    done = read_results(out)
    already = count_finished(threads, lambda t: t.key, done)
    with outcome_progress(
        "curating", total=len(threads), completed=already, console=console
    ) as advance:
        records = await curate_threads(
            threads, model, retriever, out, config, concurrency, on_record=advance
        )
    write_cases(out, threads, records)
    result = funnel(threads, records, harvested)
    write_funnel_report(out, result)
    return result
