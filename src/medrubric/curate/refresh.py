"""The weekly job: harvest new threads -> filter -> redact -> curate -> append to the pool.

Work is grouped in batches (`POOL/runs/<UTC timestamp>/`). Harvested threads are appended to
the open batch as they arrive, so a crash loses none; the batch is filtered, redacted and
curated (resumable), its cases are appended to `POOL/pool.jsonl` unless a case with that id is
already there, and the batch is closed with a `DONE` marker only when no thread ended in an
error. The next run reopens an unfinished batch, so errors are retried and nothing is
appended twice. A closed batch keeps no raw text: its `harvested.jsonl` is removed, leaving
the redacted `threads.jsonl` and the rejections (ids and reasons).
"""

from __future__ import annotations

import datetime as dt
import shutil
import tomllib
from pathlib import Path

from pydantic import Field, ValidationError
from rich.console import Console

from medrubric.curate.pipeline import CASES
from medrubric.curate.run import run_curation
from medrubric.curate.schemas import CurationConfig, Funnel
from medrubric.data.jsonl import append_jsonl, iter_json_lines, load_models, write_jsonl
from medrubric.data.models import CuratedCase, Record, Thread
from medrubric.errors import InputError, describe_validation_error
from medrubric.harvest.source import HarvestReport, harvest_sources, load_harvest_config
from medrubric.llm.types import ChatModel
from medrubric.redact.redact import redact_threads
from medrubric.retrieve.base import Retriever
from medrubric.retrieve.index import IndexKind, cached_index, load_index
from medrubric.screen.filter import FilterConfig, filter_threads

POOL = "pool.jsonl"
DONE = "DONE"
HARVESTED = "harvested.jsonl"
THREADS = "threads.jsonl"
FILTER_REJECTED = "filter_rejected.jsonl"


class RefreshConfig(Record):
    """refresh.toml: where the pool lives, what to harvest, which model and thresholds."""

    pool: Path = Path("pool")
    sources: Path
    model: str
    since: dt.date | None = None
    corpus: str = "default"
    retriever: IndexKind = "bm25"
    index: Path | None = None
    timeout: float = Field(default=120.0, gt=0)
    concurrency: int = Field(default=4, ge=1)
    filter: FilterConfig = Field(default_factory=FilterConfig)
    curation: CurationConfig = Field(default_factory=CurationConfig)


class RefreshSummary(Record):
    batch: str | None
    curation: str | None = None  # the batch's curation folder (cases.jsonl, funnel.json)
    harvested_now: int
    funnel: Funnel | None
    added_to_pool: int
    pool_size: int
    closed: bool


def load_refresh_config(path: str | Path) -> RefreshConfig:
    """Parse refresh.toml; relative paths are taken from the file's folder."""
    path = Path(path)
    if not path.is_file():
        raise InputError("refresh config not found", path)
    try:
        config = RefreshConfig.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"invalid TOML: {exc}", path) from None
    except ValidationError as exc:
        raise InputError(describe_validation_error(exc), path) from None
    base = path.parent
    resolved = {
        name: base / value
        for name in ("pool", "sources", "index")
        if isinstance(value := getattr(config, name), Path) and not value.is_absolute()
    }
    return config.model_copy(update=resolved)


def open_batch(runs: Path) -> Path | None:
    """The newest batch without a DONE marker: an interrupted or failed run to finish."""
    batches = sorted(p for p in runs.glob("*") if p.is_dir()) if runs.is_dir() else []
    unfinished = [p for p in batches if not (p / DONE).exists()]
    return unfinished[-1] if unfinished else None


def harvest_into(batch: Path, config: RefreshConfig, console: Console) -> int:
    """Append new or changed threads to the batch; the harvest state remembers them."""
    report = HarvestReport()
    count = 0
    with console.status("harvesting"):
        for thread in harvest_sources(
            load_harvest_config(config.sources),
            config.pool / "state",
            since=config.since,
            report=report,
        ):
            append_jsonl(batch / HARVESTED, thread)
            count += 1
    return count


def filter_and_redact(batch: Path, config: RefreshConfig) -> tuple[int, list[Thread]]:
    """(threads harvested into the batch, the kept threads redacted); rejections by the
    filter and by the re-identification check after redaction are kept (ids and reasons)."""
    harvested = load_models(batch / HARVESTED, Thread)
    result = filter_threads(harvested, config.filter)
    redacted = list(redact_threads(result.kept))
    rejected = result.rejected + [r.rejection for r in redacted if r.rejection is not None]
    write_jsonl(batch / FILTER_REJECTED, rejected)
    threads = [r.thread for r in redacted if r.rejection is None]
    write_jsonl(batch / THREADS, threads)
    return len(harvested), threads


def pool_ids(pool: Path) -> set[str]:
    return {str(obj["id"]) for _, obj in iter_json_lines(pool)} if pool.exists() else set()


def append_to_pool(pool: Path, cases: list[CuratedCase]) -> int:
    """Append cases whose id is not in the pool yet; returns how many were added."""
    known = pool_ids(pool)
    added = 0
    for case in cases:
        if case.id not in known:
            append_jsonl(pool, case)
            known.add(case.id)
            added += 1
    return added


def default_retriever(config: RefreshConfig) -> Retriever:
    if config.index is not None:
        return load_index(config.index)
    return cached_index(config.corpus, config.retriever)


async def refresh_pool(
    config: RefreshConfig,
    model: ChatModel,
    retriever: Retriever,
    console: Console | None = None,
    now: dt.datetime | None = None,
) -> RefreshSummary:
    """One weekly refresh; safe to re-run at any point."""
    console = console or Console(stderr=True)
    runs = config.pool / "runs"
    batch = open_batch(runs)
    created = batch is None
    if batch is None:
        stamp = (now or dt.datetime.now(dt.UTC)).strftime("%Y-%m-%dT%H%M%SZ")
        batch = runs / stamp
        batch.mkdir(parents=True)
    harvested_now = harvest_into(batch, config, console)
    pool = config.pool / POOL
    if created and harvested_now == 0:
        shutil.rmtree(batch)
        return RefreshSummary(
            batch=None,
            harvested_now=0,
            funnel=None,
            added_to_pool=0,
            pool_size=len(pool_ids(pool)),
            closed=True,
        )
    harvested, threads = (
        filter_and_redact(batch, config) if (batch / HARVESTED).exists() else (0, [])
    )
    funnel = await run_curation(
        threads,
        model=model,
        retriever=retriever,
        out=batch / "curation",
        config=config.curation,
        concurrency=config.concurrency,
        harvested=harvested,
        console=console,
    )
    cases_file = batch / "curation" / CASES
    cases = load_models(cases_file, CuratedCase) if funnel.cases else []
    added = append_to_pool(pool, cases)
    closed = sum(funnel.errors.values()) == 0 and funnel.pending == 0
    if closed:
        (batch / DONE).write_text(dt.datetime.now(dt.UTC).isoformat() + "\n", encoding="utf-8")
        (batch / HARVESTED).unlink(missing_ok=True)  # raw, unredacted: not kept once done
    return RefreshSummary(
        batch=batch.name,
        curation=str(batch / "curation"),
        harvested_now=harvested_now,
        funnel=funnel,
        added_to_pool=added,
        pool_size=len(pool_ids(pool)),
        closed=closed,
    )
