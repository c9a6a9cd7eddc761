"""`medrubric filter` over a file of any size: partitions screened independently (in-process or
as Ray tasks), one global near-duplicate step, then kept.jsonl and rejected.jsonl in input order.

Each partition writes its decisions (and the LSH band keys of its survivors) into the work
folder OUT/.filter-work, so a killed run re-screens only unfinished partitions. The duplicate
step links survivors sharing a band key — on a cluster by shuffling (band, line) rows by band
— and keeps the smallest thread key of each connected group, exactly as `iter_decisions` does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from medrubric.data.jsonl import dump_line, read_models
from medrubric.data.models import Thread
from medrubric.harvest.dedup import (
    DuplicateFinder,
    Member,
    band_rows,
    resolve_duplicates,
    star_edges,
)
from medrubric.harvest.filter import FilterConfig, screened_batches
from medrubric.harvest.reasons import Rejection
from medrubric.scale.engine import Engine, screen_file, start_ray
from medrubric.scale.partitions import Partition, WorkFolder, count_lines, write_result

PARTITION_LINES = 20_000
WORK = ".filter-work"


@dataclass(frozen=True)
class ScreenPartition:
    """The per-partition work, picklable so Ray can ship it to any node."""

    source: str
    folder: str
    config: dict[str, Any]
    helper: bool | None  # language identification in a helper process; never in Ray tasks

    def __call__(self, part: Partition) -> None:
        config = FilterConfig.model_validate(self.config)
        finder = DuplicateFinder(config.near_duplicate_threshold, config.num_perm)
        numbered = list(read_models(self.source, Thread, part.start, part.end, part.first_line))
        lines = [line for line, _ in numbered]
        threads = [thread for _, thread in numbered]
        rows: list[dict[str, Any]] = []
        bands: list[np.ndarray] = [np.empty((0, 2), dtype=np.int64)]
        start = 0
        for batch, screened in screened_batches(threads, config, helper_process=self.helper):
            passed = [i for i, s in enumerate(screened) if s.outcome is None]
            digests: dict[int, str] = {}
            if config.dedup and passed:
                found, keys = finder.sign([screened[i].norm_text for i in passed])
                digests = dict(zip(passed, found, strict=True))
                nodes = np.array([lines[start + i] for i in passed], dtype=np.int64)
                bands.append(band_rows(nodes, keys))
            for i, (thread, outcome) in enumerate(zip(batch, screened, strict=True)):
                row: dict[str, Any] = {"line": lines[start + i], "key": thread.key}
                if outcome.outcome is not None:
                    row |= {"reason": outcome.outcome[0], "detail": outcome.outcome[1]}
                else:
                    row["language"] = outcome.language
                    if i in digests:
                        row["digest"] = digests[i]
                rows.append(row)
            start += len(batch)
        folder = Path(self.folder)
        np.save(folder / f"{part.name}.bands.npy", np.concatenate(bands))
        write_result(folder / f"{part.name}.jsonl", rows)


def stored_bands(folder: Path, part: Partition) -> np.ndarray:
    rows: np.ndarray = np.load(folder / f"{part.name}.bands.npy")
    return rows


def local_edges(folder: Path, parts: list[Partition]) -> np.ndarray:
    rows = [stored_bands(folder, p) for p in parts]
    return star_edges(np.concatenate(rows) if rows else np.empty((0, 2), dtype=np.int64))


def ray_edges(engine: Engine, folder: Path, parts: list[Partition]) -> np.ndarray:
    """The same edges as `local_edges`, computed on the cluster: band rows are shuffled by
    band key so every row of a band lands in one block, and each block links its own."""
    start_ray(engine)
    import ray

    def load(batch: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        rows = np.concatenate(
            [np.load(Path(folder) / f"{name}.bands.npy") for name in batch["name"]]
        ).reshape(-1, 2)
        return {"band": rows[:, 0], "line": rows[:, 1]}

    def link(batch: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        edges = star_edges(np.stack([batch["band"], batch["line"]], axis=1).astype(np.int64))
        return {"a": edges[:, 0], "b": edges[:, 1]}

    names = [{"name": p.name} for p in parts]
    dataset = (
        ray.data.from_items(names, override_num_blocks=len(names))
        .map_batches(load, batch_size=1, batch_format="numpy")
        .repartition(len(parts), keys=["band"])
        .map_batches(link, batch_size=None, batch_format="numpy")
    )
    pairs = [np.stack([b["a"], b["b"]], axis=1) for b in dataset.iter_batches(batch_format="numpy")]
    return np.concatenate(pairs) if pairs else np.empty((0, 2), dtype=np.int64)


def survivors(work: WorkFolder, parts: list[Partition]) -> dict[int, Member]:
    return {r["line"]: (r["key"], r["digest"]) for r in work.rows(parts) if "digest" in r}


@dataclass
class FilterOutcome:
    total: int
    counts: dict[str, int]


def run_filter(
    source: Path,
    out: Path,
    config: FilterConfig,
    engine: Engine,
    *,
    partition_lines: int = PARTITION_LINES,
    on_stage: Callable[[str, int], None] = lambda _stage, _total: None,
    on_step: Callable[[int], None] = lambda _n: None,
) -> FilterOutcome:
    """Screen, de-duplicate and write OUT/kept.jsonl and OUT/rejected.jsonl; resumable."""
    fields = config.model_dump(mode="json")
    settings = {"config": fields, "partition_lines": partition_lines}
    on_stage("screening", count_lines(source))

    def screen(path: str, folder: str) -> ScreenPartition:
        return ScreenPartition(
            path, folder, fields, helper=None if engine.kind == "local" else False
        )

    work, parts = screen_file(
        source, out / WORK, settings, engine, screen, partition_lines, on_step
    )
    on_stage("de-duplicating", 1)
    duplicates: dict[int, tuple[str, str]] = {}
    if config.dedup:
        find = ray_edges if engine.kind == "ray" else None
        edges = find(engine, work.folder, parts) if find else local_edges(work.folder, parts)
        duplicates = resolve_duplicates(survivors(work, parts), edges.tolist())
    on_step(1)
    on_stage("writing", sum(p.lines for p in parts))
    counts = write_outputs(source, out, work.rows(parts), duplicates, on_step)
    work.remove()
    return FilterOutcome(total=sum(counts.values()), counts=counts)


def write_outputs(
    source: Path,
    out: Path,
    rows: Iterator[dict[str, Any]],
    duplicates: dict[int, tuple[str, str]],
    on_step: Callable[[int], None],
) -> dict[str, int]:
    """kept.jsonl and rejected.jsonl in input order, each replaced only once complete."""
    counts: dict[str, int] = {}
    with (
        (out / "kept.jsonl.tmp").open("w", encoding="utf-8") as kept_fh,
        (out / "rejected.jsonl.tmp").open("w", encoding="utf-8") as rejected_fh,
    ):
        for (line, thread), row in zip(read_models(source, Thread), rows, strict=True):
            assert row["line"] == line, "partition results out of step with the input"
            reason, detail = row.get("reason"), row.get("detail", "")
            if line in duplicates:
                reason, of = duplicates[line]
                detail = f"of {of}"
            if reason is None:
                kept = thread.model_copy(update={"language": row["language"]})
                kept_fh.write(dump_line(kept) + "\n")
                counts["kept"] = counts.get("kept", 0) + 1
            else:
                rejection = Rejection(thread_key=thread.key, reason=reason, detail=detail)
                rejected_fh.write(dump_line(rejection) + "\n")
                counts[reason] = counts.get(reason, 0) + 1
            on_step(1)
    for name in ("kept.jsonl", "rejected.jsonl"):
        (out / f"{name}.tmp").replace(out / name)
    return counts
