"""`medrubric curate` as one call, `run_curation(CurationOptions) -> CurationResult`: curate
the threads with a live progress bar (in this process, or over partitions on an engine), then
write OUT/cases.jsonl and OUT/funnel.json (`finish`) and return the funnel. The weekly refresh
curates its batch with `curate_here`. The funnel's page is report/'s
(`report.pages.write_curation_report`), called by the command after the run."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field
from rich.console import Console

from medrubric.curate.partitioned import PARTITION_LINES, CurationSetup, curate_partitioned
from medrubric.curate.pipeline import CASES, curate_threads, funnel, read_results, write_cases
from medrubric.curate.schemas import FUNNEL_JSON, CurationConfig, CurationRecord, Funnel
from medrubric.data.jsonl import load_models, write_json
from medrubric.data.models import Thread
from medrubric.llm.endpoint import Endpoint
from medrubric.llm.types import ChatModel
from medrubric.retrieve.base import Retriever
from medrubric.runtime.concurrency import count_finished, unfinished
from medrubric.runtime.options import ModelOptions
from medrubric.runtime.progress import outcome_progress
from medrubric.scale.engine import Engine

CURATE_TOKENS = 1024  # reply bound per agent call when the options give none


class CurationOptions(BaseModel):
    """The `curate` command's inputs: the threads (the first `limit`), the model and its
    options, the retriever (a saved `index` folder, else the bundled corpus's index of kind
    `retriever`), and where the work runs (`engine`; `endpoints` shared out over the
    partitions of a Ray run)."""

    model_config = ConfigDict(extra="forbid")

    threads: Path
    model: str
    out: Path
    models: ModelOptions = Field(default_factory=ModelOptions)
    retriever: str = "bm25"
    index: Path | None = None
    limit: int | None = Field(None, ge=1)
    evidence_k: int = Field(5, ge=1)
    engine: Engine = Engine()
    endpoints: tuple[Endpoint, ...] = ()
    partition_lines: int = Field(PARTITION_LINES, ge=1)

    def config(self) -> CurationConfig:
        return CurationConfig(
            evidence_k=self.evidence_k, max_tokens=self.models.max_tokens or CURATE_TOKENS
        )


class CurationResult(BaseModel):
    """The funnel and the files written: OUT/cases.jsonl and OUT/funnel.json (with the
    results.jsonl log)."""

    out: Path
    funnel: Funnel
    cases: Path
    funnel_file: Path


def run_curation(options: CurationOptions) -> CurationResult:
    """Curate the threads into `options.out`; resumable (finished threads are not redone)."""
    loaded = load_models(options.threads, Thread)
    selected = loaded[: options.limit] if options.limit else loaded
    if options.engine.kind == "ray":
        setup = CurationSetup(
            options.model,
            options.models,
            options.config(),
            options.retriever,
            None if options.index is None else str(options.index),
            options.endpoints,
        )
        result = curate_on_engine(
            selected, setup=setup, engine=options.engine, out=options.out,
            partition_lines=options.partition_lines,
        )  # fmt: skip
    else:
        result = asyncio.run(_curate_in_process(selected, options))
    out = options.out
    return CurationResult(out=out, funnel=result, cases=out / CASES, funnel_file=out / FUNNEL_JSON)


async def _curate_in_process(threads: Sequence[Thread], options: CurationOptions) -> Funnel:
    """One model client, the threads curated concurrently."""
    from medrubric.retrieve.index import cached_index, load_index

    search = (
        load_index(options.index)
        if options.index is not None
        else cached_index("default", options.retriever)
    )
    async with options.models.open(options.model) as chat_model:
        return await curate_here(
            threads,
            model=chat_model,
            retriever=search,
            out=options.out,
            config=options.config(),
            concurrency=options.models.workers(),
        )


async def curate_here(
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


def curate_on_engine(
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
