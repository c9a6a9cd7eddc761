"""`medrubric redact` as one call, `run_redact(RedactOptions) -> RedactResult`, over partitions:
each partition is redacted on its own (in-process or as a Ray task) into the work folder
.OUT.redact-work beside OUT (`runtime.folder.work_folder`), then the results are joined in
input order into OUT (the redacted threads) and the rejected file (threads still at risk: ids
and reasons). A killed run redacts only the partitions that had not finished."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from medrubric.data.jsonl import dump_line, read_models
from medrubric.data.models import Thread
from medrubric.files import atomic_open
from medrubric.redact.redact import redact_threads
from medrubric.runtime.folder import work_folder
from medrubric.runtime.progress import NoTally, ProgressDisplay, log_console
from medrubric.scale.engine import Engine, screen_file
from medrubric.scale.partitions import Partition, count_lines, write_result

PARTITION_LINES = 20_000


@dataclass(frozen=True)
class RedactPartition:
    source: str
    folder: str
    surrogates: bool = False

    def __call__(self, part: Partition) -> None:
        rows: list[dict[str, Any]] = []
        stream = read_models(self.source, Thread, part.start, part.end, part.first_line)
        threads = (thread for _, thread in stream)
        for result in redact_threads(threads, surrogates=self.surrogates):
            row: dict[str, Any] = {"counts": dict(result.counts)}
            if result.rejection is None:
                row["thread"] = result.thread.model_dump(mode="json")
            else:
                row["rejection"] = result.rejection.model_dump(mode="json")
            rows.append(row)
        write_result(Path(self.folder) / f"{part.name}.jsonl", rows)


class RedactOptions(BaseModel):
    """The `redact` command's inputs. `rejected` defaults to OUT with the suffix
    .rejected.jsonl; `surrogates`: consistent fakes and shifted dates instead of typed
    markers."""

    model_config = ConfigDict(extra="forbid")

    threads: Path
    out: Path
    rejected: Path | None = None
    surrogates: bool = False
    engine: Engine = Engine()
    partition_lines: int = Field(PARTITION_LINES, ge=1)

    def rejected_file(self) -> Path:
        return self.rejected or self.out.with_name(
            self.out.name.removesuffix(".jsonl") + ".rejected.jsonl"
        )


class RedactResult(BaseModel):
    """Threads read, identifiers replaced by kind, threads set aside (rejected) and threads
    kept with at least one identifier replaced (redacted); the rest were kept unchanged.
    `out` and `rejected` are the files written."""

    out: Path
    rejected: Path
    total: int = 0
    counts: Counter[str] = Field(default_factory=Counter)
    set_aside: int = 0
    redacted: int = 0

    @property
    def unchanged(self) -> int:
        return self.total - self.set_aside - self.redacted


def run_redact(options: RedactOptions) -> RedactResult:
    """Redact `options.threads` under a progress display."""
    rejected = options.rejected_file()
    with ProgressDisplay(NoTally(), log_console(stderr=True)) as progress:
        on_stage, on_step = progress.in_turn()
        return redact_file(
            options.threads, options.out, rejected, options.engine,
            partition_lines=options.partition_lines, surrogates=options.surrogates,
            on_stage=on_stage, on_step=on_step,
        )  # fmt: skip


def redact_file(
    source: Path,
    out: Path,
    rejected: Path,
    engine: Engine,
    *,
    partition_lines: int = PARTITION_LINES,
    surrogates: bool = False,
    on_stage: Callable[[str, int], None] = lambda _stage, _total: None,
    on_step: Callable[[int], None] = lambda _n: None,
) -> RedactResult:
    """Redacted threads to `out`, threads still at risk (ids and reasons) to `rejected`
    (`surrogates`: consistent fakes and shifted dates instead of typed markers)."""
    on_stage("redacting", count_lines(source))
    work = work_folder(out.parent, f"{out.name}.redact")
    settings = {"partition_lines": partition_lines, "surrogates": surrogates}
    folder, parts = screen_file(
        source,
        work,
        settings,
        engine,
        partial(RedactPartition, surrogates=surrogates),
        partition_lines,
        on_step,
    )
    outcome = RedactResult(out=out, rejected=rejected)
    with atomic_open(out) as fh, atomic_open(rejected) as rejected_fh:
        for row in folder.rows(parts):
            outcome.total += 1
            outcome.counts.update(row["counts"])
            if "thread" in row:
                if any(row["counts"].values()):
                    outcome.redacted += 1
                fh.write(dump_line(row["thread"]) + "\n")
            else:
                outcome.set_aside += 1
                rejected_fh.write(dump_line(row["rejection"]) + "\n")
    folder.remove()
    return outcome
