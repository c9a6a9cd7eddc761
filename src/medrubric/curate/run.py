"""A whole curation run as the CLI and the weekly refresh use it: curate with a live progress
bar (in this process, or over partitions on an engine), then write cases.jsonl and
funnel.json and return the funnel."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.console import Console

from medrubric.curate.partitioned import PARTITION_LINES, CurationSetup, curate_partitioned
from medrubric.curate.pipeline import curate_threads, funnel, read_results, write_cases
from medrubric.curate.schemas import FUNNEL_JSON, CurationConfig, CurationRecord, Funnel
from medrubric.data.jsonl import write_json
from medrubric.data.models import Thread
from medrubric.llm.types import ChatModel
from medrubric.retrieve.base import Retriever
from medrubric.runtime.concurrency import count_finished, unfinished
from medrubric.runtime.progress import outcome_progress
from medrubric.scale.engine import Engine


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
    return finish(out, threads, records, harvested)


def run_curation_partitioned(
    threads: Sequence[Thread],
    *,
    setup: CurationSetup,
    engine: Engine,
    out: str | Path,
    harvested: int | None = None,
    console: Console | None = None,
    partition_lines: int = PARTITION_LINES,
) -> Funnel:
    """The same run with the threads' curation done by partition tasks on `engine`."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    records = read_results(out)
    already = count_finished(threads, lambda t: t.key, records)
    pending = unfinished(threads, lambda t: t.key, records)
    with outcome_progress(
        "curating", total=len(threads), completed=already, console=console
    ) as advance:
        curate_partitioned(
            pending, setup, out, engine, records, partition_lines=partition_lines, on_record=advance
        )
    return finish(out, threads, records, harvested)


def finish(
    out: Path, threads: Sequence[Thread], records: dict[str, CurationRecord], harvested: int | None
) -> Funnel:
    """cases.jsonl and funnel.json from the latest record per thread (the funnel's page is
    report/'s: `report.pages.write_curation_report`)."""
    write_cases(out, threads, records)
    result = funnel(threads, records, harvested)
    write_json(out / FUNNEL_JSON, result.model_dump(mode="json"))
    return result
