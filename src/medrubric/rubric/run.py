"""A resumable rubric run over many cases, with a live progress bar.

    results.jsonl   one RubricRecord per finished case, appended as each finishes (the log)
    cases.jsonl     the cases with their rubric, in input order (rewritten each run)
    rejected.jsonl  cases whose rubric stayed invalid after one re-ask, with the problems
    errors.jsonl    cases whose model call failed; they are tried again on the next run

A re-run skips cases already `case` or `rejected` and retries the `error` ones.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console

from medrubric.data.jsonl import write_jsonl
from medrubric.data.models import CuratedCase
from medrubric.llm.types import ChatModel
from medrubric.rubric.generator import generate_rubric
from medrubric.rubric.schemas import RubricRecord
from medrubric.runtime.concurrency import count_finished, run_unfinished
from medrubric.runtime.folder import read_latest
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


async def run_rubrics(
    cases: Sequence[CuratedCase],
    model: ChatModel,
    out: str | Path,
    *,
    fixed_n: int | None = None,
    max_tokens: int | None = None,
    concurrency: int = 4,
    console: Console | None = None,
) -> list[RubricRecord]:
    """`generate_rubrics` with a progress bar counting cases, rejections and errors."""
    finished = count_finished(cases, lambda c: c.id, read_results(Path(out)))
    with outcome_progress(
        "rubrics", total=len(cases), completed=finished, console=console
    ) as advance:
        return await generate_rubrics(
            cases,
            model,
            out,
            fixed_n=fixed_n,
            max_tokens=max_tokens,
            concurrency=concurrency,
            on_record=advance,
        )
