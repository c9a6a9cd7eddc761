"""`curate --engine ray`: the threads still to curate, cut into partitions, each curated by a
Ray task that opens its own model client and retriever.

A task runs the same per-thread code as the in-process path (`curate_thread`) and writes its
partition's records as one file, so a killed driver re-run maps only the partitions not
finished. Once all are in, the driver appends their records to `results.jsonl` in input
order, so the run folder looks exactly as after an in-process run; model calls made before
a kill come back from the call cache, shared on disk by every task.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING

from medrubric.curate.pipeline import RESULTS, OnRecord, curate_thread
from medrubric.curate.schemas import CurationConfig, CurationRecord
from medrubric.data.jsonl import append_jsonl, dump_line, read_models, write_jsonl
from medrubric.data.models import Thread
from medrubric.retrieve.base import Retriever
from medrubric.runtime.concurrency import bounded
from medrubric.runtime.folder import work_folder
from medrubric.runtime.options import ModelOptions
from medrubric.scale.engine import Engine, map_partitions
from medrubric.scale.partitions import Partition, WorkFolder, plan_partitions, write_result

if TYPE_CHECKING:
    from medrubric.llm.endpoint import Endpoint

PARTITION_LINES = 64
PENDING = "ray-pending.jsonl"


@dataclass(frozen=True)
class CurationSetup:
    """What a task needs to curate on any node: the model spec and its options, where the
    retriever comes from (a saved index folder, else the cached index of this kind), and
    optionally the servers to spread partitions over (partition i goes to endpoint i mod n)."""

    model: str
    options: ModelOptions
    config: CurationConfig
    retriever_kind: str = "bm25"
    index: str | None = None
    endpoints: tuple[Endpoint, ...] = ()

    def retriever(self) -> Retriever:
        from medrubric.retrieve.index import cached_index, load_index

        if self.index is not None:
            return load_index(self.index)
        return cached_index("default", self.retriever_kind)

    async def curate(self, threads: list[Thread], index: int) -> list[CurationRecord]:
        """Records of `threads` in their order, at most `concurrency` threads in flight."""
        spec = self.options.spec(self.model)
        limit = self.options.workers(spec)
        if self.endpoints:
            endpoint = self.endpoints[index % len(self.endpoints)]
            spec = spec.model_copy(update={"base_url": endpoint.url})
            limit = endpoint.concurrency
        search = self.retriever()
        options = self.options.model_copy(update={"concurrency": limit})
        async with options.open(spec) as model:

            async def one(pair: tuple[int, Thread]) -> tuple[int, CurationRecord]:
                return pair[0], await curate_thread(pair[1], model, search, self.config)

            done = dict([pair async for pair in bounded(list(enumerate(threads)), one, limit)])
        return [done[i] for i in range(len(threads))]


@dataclass(frozen=True)
class CuratePartition:
    source: str
    folder: str
    setup: CurationSetup

    def __call__(self, part: Partition) -> None:
        stream = read_models(self.source, Thread, part.start, part.end, part.first_line)
        records = asyncio.run(self.setup.curate([t for _, t in stream], part.index))
        rows = [r.model_dump(mode="json") for r in records]
        write_result(Path(self.folder) / f"{part.name}.jsonl", rows)


def write_pending(path: Path, threads: list[Thread]) -> None:
    """The threads to curate; left untouched when unchanged, so the work folder stays valid
    for a re-run after a kill (its manifest keys on the file's size and mtime)."""
    text = "".join(dump_line(t) + "\n" for t in threads)
    if not (path.exists() and path.read_text("utf-8") == text):
        write_jsonl(path, threads)


def curate_partitioned(
    pending: list[Thread],
    setup: CurationSetup,
    out: Path,
    engine: Engine,
    records: dict[str, CurationRecord],
    *,
    partition_lines: int = PARTITION_LINES,
    on_record: OnRecord = lambda _r: None,
) -> None:
    """Curate `pending` (each key once) over partitions on `engine`; every record is appended
    to `out/results.jsonl` and stored in `records`."""
    if not pending:
        return
    source = out / PENDING
    write_pending(source, pending)
    if not setup.options.no_cache:  # every task, on any node, writes to the same call cache
        from medrubric.llm.cache import resolve_cache_dir

        cache = resolve_cache_dir(setup.options.cache_dir, setup.options.registry())
        options = setup.options.model_copy(update={"cache_dir": cache})
        setup = replace(setup, options=options)
    parts = plan_partitions(source, partition_lines)
    settings = {  # partitions curated with other settings are not kept
        "partition_lines": partition_lines,
        "model": setup.model,
        "config": setup.config.model_dump(mode="json"),
        "retriever": [setup.retriever_kind, setup.index],
    }
    folder = WorkFolder(work_folder(out, "curate"), source, settings).open()
    open_parts = folder.pending(parts)
    work = CuratePartition(str(source), str(folder.folder), setup)
    finished = [p for p in parts if p not in open_parts]
    for part in chain(finished, map_partitions(engine, work, open_parts)):
        for row in folder.rows([part]):
            on_record(CurationRecord.model_validate(row))
    # Only once every partition is in: a killed driver leaves the pending list unchanged.
    for row in folder.rows(parts):
        record = CurationRecord.model_validate(row)
        append_jsonl(out / RESULTS, record)
        records[record.thread_key] = record
    folder.remove()
    source.unlink()
