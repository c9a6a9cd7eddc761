"""The weekly job: harvest new threads -> filter -> redact -> curate -> append to the pool.

Work is grouped in batches (`POOL/runs/<UTC timestamp>/`). Harvested threads are appended to
the open batch as they arrive, so a crash loses none; the batch is filtered, redacted and
curated (resumable), its cases are appended to `POOL/pool.jsonl` unless a case with that id is
already there, and the batch is closed with a `DONE` marker only when no thread ended in an
error. The next run reopens an unfinished batch, so errors are retried and nothing is
appended twice. A closed batch keeps no raw text: its `harvested.jsonl` is removed, leaving
the redacted `threads.jsonl` and the rejections (ids and reasons).

`run_refresh(RefreshOptions) -> RefreshResult` is the `refresh` command in one call: it reads
the settings file, opens the model and runs `refresh_pool`.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import shutil
import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from rich.console import Console

from medrubric.curate.pipeline import CASES
from medrubric.curate.run import curate_here
from medrubric.curate.schemas import CurationConfig, Funnel
from medrubric.data.jsonl import append_jsonl, iter_json_lines, load_models, write_jsonl
from medrubric.data.models import CuratedCase, Record, Thread
from medrubric.errors import InputError, describe_validation_error
from medrubric.files import write_text_atomic
from medrubric.harvest.run import HarvestOptions, run_harvest
from medrubric.llm.types import ChatModel
from medrubric.redact.redact import redact_threads
from medrubric.retrieve.base import Retriever
from medrubric.retrieve.index import IndexKind, cached_index, load_index
from medrubric.runtime.options import ModelOptions
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


class RefreshOptions(BaseModel):
    """The `refresh` command's inputs: the settings file and the model options (`timeout`
    overrides the settings' own)."""

    model_config = ConfigDict(extra="forbid")

    settings: Path = Path("refresh.toml")
    models: ModelOptions = Field(default_factory=ModelOptions)
    timeout: float | None = None


class RefreshResult(Record):
    """What one refresh did; `curation` is the batch's curation folder, where the funnel's
    page goes."""

    batch: str | None
    curation: str | None = None  # cases.jsonl, funnel.json
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


def new_batch(runs: Path, now: dt.datetime) -> Path:
    """A new batch folder named by the time it starts; a refresh started in the same second as
    the last one (finished, or this process's own) gets the next free suffix, `-2`, `-3`, …
    which sorts after it."""
    stamp = now.strftime("%Y-%m-%dT%H%M%SZ")
    runs.mkdir(parents=True, exist_ok=True)
    n = 1
    while True:
        batch = runs / (stamp if n == 1 else f"{stamp}-{n}")
        try:
            batch.mkdir()
            return batch
        except FileExistsError:
            n += 1


def harvest_into(batch: Path, config: RefreshConfig) -> int:
    """Append new or changed threads to the batch; the harvest state remembers them."""
    options = HarvestOptions(
        out=batch / HARVESTED,
        sources_file=config.sources,
        state_dir=config.pool / "state",
        since=config.since,
    )
    return run_harvest(options).written


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


def run_refresh(options: RefreshOptions) -> RefreshResult:
    """One weekly refresh with the model the settings name."""
    settings = load_refresh_config(options.settings)
    search = default_retriever(settings)
    models = options.models.model_copy(
        update={"timeout": options.timeout or settings.timeout, "concurrency": settings.concurrency}
    )

    async def go() -> RefreshResult:
        async with models.open(settings.model) as chat_model:
            return await refresh_pool(settings, chat_model, search)

    return asyncio.run(go())


async def refresh_pool(
    config: RefreshConfig,
    model: ChatModel,
    retriever: Retriever,
    console: Console | None = None,
    now: dt.datetime | None = None,
) -> RefreshResult:
    """One weekly refresh; safe to re-run at any point."""
    console = console or Console(stderr=True)
    runs = config.pool / "runs"
    batch = open_batch(runs)
    created = batch is None
    if batch is None:
        batch = new_batch(runs, now or dt.datetime.now(dt.UTC))
    try:
        harvested_now = harvest_into(batch, config)
    except InputError:  # a bad sources file: no batch is left behind for it
        if created:
            shutil.rmtree(batch)
        raise
    pool = config.pool / POOL
    if created and harvested_now == 0:
        shutil.rmtree(batch)
        return RefreshResult(
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
    funnel = await curate_here(
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
        write_text_atomic(batch / DONE, dt.datetime.now(dt.UTC).isoformat() + "\n")
        (batch / HARVESTED).unlink(missing_ok=True)  # raw, unredacted: not kept once done
    return RefreshResult(
        batch=batch.name,
        curation=str(batch / "curation"),
        harvested_now=harvested_now,
        funnel=funnel,
        added_to_pool=added,
        pool_size=len(pool_ids(pool)),
        closed=closed,
    )
