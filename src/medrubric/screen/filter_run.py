"""`medrubric filter` as one call, `run_filter(FilterOptions) -> FilterRunResult`, over a file of
any size: partitions screened independently (in-process or as Ray tasks), one global
near-duplicate step, then OUT/kept.jsonl and OUT/rejected.jsonl in input order and
OUT/summary.json (`FilterSummary`: the outcome counts and the rules applied).

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
from pydantic import BaseModel, ConfigDict, Field

from medrubric.data.jsonl import dump_line, read_models, write_json
from medrubric.data.models import Thread
from medrubric.files import atomic_open
from medrubric.runtime.folder import work_folder
from medrubric.runtime.progress import NoTally, ProgressDisplay, log_console
from medrubric.scale.engine import Engine, screen_file, start_ray
from medrubric.scale.partitions import (
    Partition,
    WorkFolder,
    count_lines,
    write_lines,
    write_result,
)
from medrubric.screen.dedup import (
    Member,
    band_rows,
    resolve_duplicates,
    star_edges,
)
from medrubric.screen.filter import FilterConfig, screened_batches, signatures
from medrubric.screen.langid import LanguageHelper, language_helper
from medrubric.screen.reasons import Rejection

PARTITION_LINES = 20_000
KEPT, REJECTED, SUMMARY = "kept.jsonl", "rejected.jsonl", "summary.json"


@dataclass(frozen=True)
class ScreenPartition:
    """The per-partition work, picklable so Ray can ship it to any node."""

    source: str
    folder: str
    config: dict[str, Any]
    helper: LanguageHelper | None = None  # shared by the partitions of one process; not on Ray

    def __call__(self, part: Partition) -> None:
        config = FilterConfig.model_validate(self.config)
        lines: list[int] = []  # input line of each thread read so far

        def threads() -> Iterator[Thread]:
            # read lazily, so that parsing overlaps the helper's language identification
            for line, thread in read_models(
                self.source, Thread, part.start, part.end, part.first_line
            ):
                lines.append(line)
                yield thread

        rows: list[dict[str, Any]] = []
        passed_json: list[str] = []
        bands: list[np.ndarray] = [np.empty((0, 2), dtype=np.int64)]
        start = 0
        for batch, screened in screened_batches(threads(), config, helper=self.helper):
            passed = [i for i, s in enumerate(screened) if s.outcome is None]
            if config.dedup and passed:
                nodes = np.array([lines[start + i] for i in passed], dtype=np.int64)
                bands.append(band_rows(nodes, signatures(screened, passed)[1]))
            for i, (thread, outcome) in enumerate(zip(batch, screened, strict=True)):
                row: dict[str, Any] = {"line": lines[start + i], "key": thread.key}
                if outcome.outcome is not None:
                    row |= {"reason": outcome.outcome[0], "detail": outcome.outcome[1]}
                else:
                    row["language"] = outcome.language
                    if outcome.digest:
                        row["digest"] = outcome.digest
                    # the kept line: the thread with its language set (a dict, not a copy)
                    fields = thread.model_dump(mode="json")
                    passed_json.append(dump_line(fields | {"language": outcome.language}))
                rows.append(row)
            start += len(batch)
        folder = Path(self.folder)
        np.save(folder / f"{part.name}.bands.npy", np.concatenate(bands))
        write_lines(passed_file(folder, part), passed_json)
        write_result(folder / f"{part.name}.jsonl", rows)


def passed_file(folder: Path, part: Partition) -> Path:
    """The partition's threads that passed screening, as kept.jsonl lines, in input order."""
    return folder / f"{part.name}.passed"


def passed_lines(folder: Path, parts: list[Partition]) -> Iterator[str]:
    for part in parts:
        with passed_file(folder, part).open(encoding="utf-8") as fh:
            yield from fh


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


class FilterOptions(BaseModel):
    """The `filter` command's inputs: the threads, the output folder, the rules and where the
    partitions run."""

    model_config = ConfigDict(extra="forbid")

    threads: Path
    out: Path
    config: FilterConfig = Field(default_factory=FilterConfig)
    engine: Engine = Engine()
    partition_lines: int = Field(PARTITION_LINES, ge=1)


class FilterSummary(BaseModel):
    """OUT/summary.json: threads read, threads per outcome ('kept' and each reason code) and
    the rules applied."""

    total: int
    counts: dict[str, int]
    config: FilterConfig


class FilterRunResult(BaseModel):
    """The summary and the three files written."""

    summary: FilterSummary
    kept: Path
    rejected: Path
    summary_file: Path


def run_filter(options: FilterOptions) -> FilterRunResult:
    """Screen and de-duplicate `options.threads` into `options.out`, under a progress display;
    resumable (finished partitions are kept in OUT/.filter-work until the run ends)."""
    out = options.out
    out.mkdir(parents=True, exist_ok=True)
    with ProgressDisplay(NoTally(), log_console(stderr=True)) as progress:
        on_stage, on_step = progress.in_turn()
        counts = filter_file(
            options.threads, out, options.config, options.engine,
            partition_lines=options.partition_lines, on_stage=on_stage, on_step=on_step,
        )  # fmt: skip
    summary = FilterSummary(total=sum(counts.values()), counts=counts, config=options.config)
    write_json(out / SUMMARY, summary.model_dump(mode="json"))
    return FilterRunResult(
        summary=summary, kept=out / KEPT, rejected=out / REJECTED, summary_file=out / SUMMARY
    )


def filter_file(
    source: Path,
    out: Path,
    config: FilterConfig,
    engine: Engine,
    *,
    partition_lines: int = PARTITION_LINES,
    on_stage: Callable[[str, int], None] = lambda _stage, _total: None,
    on_step: Callable[[int], None] = lambda _n: None,
) -> dict[str, int]:
    """Screen, de-duplicate and write OUT/kept.jsonl and OUT/rejected.jsonl; resumable.
    Returns the threads per outcome."""
    fields = config.model_dump(mode="json")
    settings = {"config": fields, "partition_lines": partition_lines}
    on_stage("screening", count_lines(source))

    with language_helper(None if engine.kind == "local" else False) as helper:

        def screen(path: str, folder: str) -> ScreenPartition:
            return ScreenPartition(path, folder, fields, helper)

        work, parts = screen_file(
            source, work_folder(out, "filter"), settings, engine, screen, partition_lines, on_step
        )
    on_stage("de-duplicating", 1)
    duplicates: dict[int, tuple[str, str]] = {}
    if config.dedup:
        find = ray_edges if engine.kind == "ray" else None
        edges = find(engine, work.folder, parts) if find else local_edges(work.folder, parts)
        duplicates = resolve_duplicates(survivors(work, parts), edges.tolist())
    on_step(1)
    on_stage("writing", sum(p.lines for p in parts))
    counts = write_outputs(
        out, work.rows(parts), passed_lines(work.folder, parts), duplicates, on_step
    )
    work.remove()
    return counts


STEP = 1000  # lines written between progress updates


def write_outputs(
    out: Path,
    rows: Iterator[dict[str, Any]],
    passed: Iterator[str],
    duplicates: dict[int, tuple[str, str]],
    on_step: Callable[[int], None],
) -> dict[str, int]:
    """kept.jsonl and rejected.jsonl in input order, each replaced only once complete: a
    thread that passed screening is copied from its partition's passed lines (the input is not
    read again) unless it is a duplicate."""
    counts: dict[str, int] = {}
    written = 0
    with (
        atomic_open(out / KEPT) as kept_fh,
        atomic_open(out / REJECTED) as rejected_fh,
    ):
        for row in rows:
            reason, detail = row.get("reason"), row.get("detail", "")
            if reason is None:
                kept_line = next(passed)
                if row["line"] in duplicates:
                    reason, of = duplicates[row["line"]]
                    detail = f"of {of}"
            if reason is None:
                kept_fh.write(kept_line)
                counts["kept"] = counts.get("kept", 0) + 1
            else:
                rejection = Rejection(thread_key=row["key"], reason=reason, detail=detail)
                rejected_fh.write(dump_line(rejection) + "\n")
                counts[reason] = counts.get(reason, 0) + 1
            written += 1
            if written % STEP == 0:
                on_step(STEP)
        on_step(written % STEP)
        if next(passed, None) is not None:
            raise RuntimeError("partition results out of step: passed threads left over")
    return counts
