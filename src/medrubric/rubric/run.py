"""A resumable rubric run over many cases, with a live progress bar.

    results.jsonl   one RubricRecord per finished case, appended as each finishes (the log)
    cases.jsonl     the cases with their rubric, in input order (rewritten each run)
    rejected.jsonl  cases whose rubric stayed invalid after one re-ask, with the problems
    errors.jsonl    cases whose model call failed; they are tried again on the next run

A re-run skips cases already `case` or `rejected` and retries the `error` ones.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from pydantic import ValidationError
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from medrubric.data.jsonl import append_jsonl, iter_json_lines, write_jsonl
from medrubric.data.models import CuratedCase
from medrubric.errors import input_error_from_validation
from medrubric.llm.types import ChatModel
from medrubric.rubric.generator import generate_rubric
from medrubric.rubric.schemas import RubricRecord

RESULTS, CASES, REJECTED, ERRORS = "results.jsonl", "cases.jsonl", "rejected.jsonl", "errors.jsonl"

OnRecord = Callable[[RubricRecord], None]


def read_results(out: Path) -> dict[str, RubricRecord]:
    """The latest record per case id in `out/results.jsonl` (later lines win)."""
    path = out / RESULTS
    if not path.exists() or path.stat().st_size == 0:
        return {}
    latest: dict[str, RubricRecord] = {}
    for lineno, obj in iter_json_lines(path):
        try:
            record = RubricRecord.model_validate(obj)
        except ValidationError as exc:
            raise input_error_from_validation(exc, path, lineno) from None
        latest[record.case_id] = record
    return latest


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
    pending = [c for c in cases if not (c.id in records and records[c.id].finished)]
    gate = asyncio.Semaphore(max(1, concurrency))

    async def one(case: CuratedCase) -> None:
        async with gate:
            record = await generate_rubric(case, model, fixed_n=fixed_n, max_tokens=max_tokens)
        append_jsonl(out / RESULTS, record)
        records[case.id] = record
        if on_record is not None:
            on_record(record)

    await asyncio.gather(*(one(c) for c in pending))
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
    tally: Counter[str] = Counter()
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[tally]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console or Console(stderr=True),
    ) as bar:
        done = read_results(Path(out))
        finished = sum(1 for c in cases if c.id in done and done[c.id].finished)
        task = bar.add_task("rubrics", total=len(cases), completed=finished, tally="")

        def advance(record: RubricRecord) -> None:
            tally[record.status] += 1
            line = " · ".join(f"{k} {tally[k]}" for k in ("case", "rejected", "error"))
            bar.update(task, advance=1, tally=line)

        return await generate_rubrics(
            cases,
            model,
            out,
            fixed_n=fixed_n,
            max_tokens=max_tokens,
            concurrency=concurrency,
            on_record=advance,
        )
