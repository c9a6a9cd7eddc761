"""`medrubric rubric generate` as one call, `run_rubrics(RubricOptions) -> RubricResult`: a
resumable rubric run over many cases, with a live progress bar. It writes, in OUT:

    results.jsonl   one RubricRecord per finished case, appended as each finishes (the log)
    cases.jsonl     the cases with their rubric, in input order (rewritten each run)
    rejected.jsonl  cases whose rubric stayed invalid after one re-ask, with the problems
    errors.jsonl    cases whose model call failed; they are tried again on the next run
    rubric_stats.json  the rubrics' statistics (`rubric.stats.RubricStats`)

The statistics' page is report/'s (`report.pages.write_rubric_stats_page`), called by the
command after the run.

A re-run skips cases already `case` or `rejected` and retries the `error` ones.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from medrubric.data.jsonl import write_jsonl
from medrubric.data.models import CuratedCase
from medrubric.llm.types import ChatModel
from medrubric.rubric.generator import generate_rubric
from medrubric.rubric.inputs import load_rubric_inputs
from medrubric.rubric.schemas import RubricRecord
from medrubric.rubric.stats import RubricStats, rubric_stats, write_stats
from medrubric.runtime.concurrency import count_finished, run_unfinished
from medrubric.runtime.folder import read_latest
from medrubric.runtime.options import ModelOptions
from medrubric.runtime.progress import outcome_progress

RESULTS, CASES, REJECTED, ERRORS = "results.jsonl", "cases.jsonl", "rejected.jsonl", "errors.jsonl"

OnRecord = Callable[[RubricRecord], None]


def read_results(out: Path) -> dict[str, RubricRecord]:
    """The latest record per case id in `out/results.jsonl` (later lines win)."""
    return read_latest(out / RESULTS, RubricRecord, lambda r: r.case_id)


async def generate_rubrics(
    cases: Sequence[CuratedCase],
    model: ChatModel,
    out: str | Path,
    *,
    fixed_n: int | None = None,
    max_tokens: int | None = None,
    concurrency: int = 4,
    on_record: OnRecord | None = None,
) -> list[RubricRecord]:
    """Generate every rubric not finished in `out`; write the outputs; return the records
    of `cases` in input order."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    records = read_results(out)

    async def work(case: CuratedCase) -> RubricRecord:
        return await generate_rubric(case, model, fixed_n=fixed_n, max_tokens=max_tokens)

    await run_unfinished(
        cases,
        work,
        key=lambda c: c.id,
        log=out / RESULTS,
        records=records,
        concurrency=concurrency,
        on_record=on_record,
    )
    ordered = [records[c.id] for c in cases if c.id in records]
    write_jsonl(out / CASES, [r.case for r in ordered if r.case is not None])
    write_jsonl(out / REJECTED, [r for r in ordered if r.status == "rejected"])
    write_jsonl(out / ERRORS, [r for r in ordered if r.status == "error"])
    return ordered


class RubricOptions(BaseModel):
    """The `rubric generate` command's inputs: the cases (curated cases JSONL, or any cases
    file, folder or 'sample'; the first `limit`), the model and its options, and `fixed_n`
    (ClinConsensus mode: exactly N criteria, all +1)."""

    model_config = ConfigDict(extra="forbid")

    cases: str
    model: str
    out: Path
    models: ModelOptions = Field(default_factory=ModelOptions)
    fixed_n: int | None = Field(None, ge=1)
    limit: int | None = Field(None, ge=1)


class RubricResult(BaseModel):
    """The statistics and the files written."""

    stats: RubricStats
    cases: Path
    rejected: Path
    errors: Path
    stats_file: Path


def run_rubrics(options: RubricOptions) -> RubricResult:
    """Generate every rubric not finished in `options.out`, with a progress bar counting cases,
    rejections and errors; write the cases, rejections, errors and statistics."""
    loaded = load_rubric_inputs(options.cases)
    cases = loaded[: options.limit] if options.limit else loaded
    out = options.out
    finished = count_finished(cases, lambda c: c.id, read_results(out))

    async def go() -> list[RubricRecord]:
        async with options.models.open(options.model) as chat_model:
            with outcome_progress("rubrics", total=len(cases), completed=finished) as advance:
                return await generate_rubrics(
                    cases,
                    chat_model,
                    out,
                    fixed_n=options.fixed_n,
                    max_tokens=options.models.max_tokens,
                    concurrency=options.models.workers(),
                    on_record=advance,
                )

    records = asyncio.run(go())
    stats = rubric_stats(
        [r.case for r in records if r.case is not None],
        n_rejected=sum(r.status == "rejected" for r in records),
        n_errors=sum(r.status == "error" for r in records),
    )
    return RubricResult(
        stats=stats,
        cases=out / CASES,
        rejected=out / REJECTED,
        errors=out / ERRORS,
        stats_file=write_stats(out, stats),
    )
