"""A whole curation run as the CLI and the weekly refresh use it: curate with a live progress
bar, then write cases.jsonl and the funnel (JSON, PNG, HTML) and return the funnel."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from medrubric.curate.pipeline import curate_threads, funnel, read_results, write_cases
from medrubric.curate.report import write_funnel_report
from medrubric.curate.schemas import CurationConfig, CurationRecord, Funnel
from medrubric.data.models import Thread
from medrubric.llm.types import ChatModel
from medrubric.retrieve.base import Retriever


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
    console = console or Console(stderr=True)
    tally: Counter[str] = Counter()
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[tally]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
    ) as bar:
        done = read_results(out)
        already = sum(1 for t in threads if t.key in done and done[t.key].finished)
        task = bar.add_task("curating", total=len(threads), completed=already, tally="")

        def advance(record: CurationRecord) -> None:
            tally[record.status] += 1
            line = " · ".join(f"{k} {tally[k]}" for k in ("case", "rejected", "error"))
            bar.update(task, advance=1, tally=line)

        records = await curate_threads(
            threads, model, retriever, out, config, concurrency, on_record=advance
        )
        bar.update(task, completed=len(threads))
    write_cases(out, threads, records)
    result = funnel(threads, records, harvested)
    write_funnel_report(out, result)
    return result
