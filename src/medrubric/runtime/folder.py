"""Run folders: append-only JSONL logs that make every long stage resumable.

Each record is appended as its work finishes: fsynced, or (logs written at call rate) flushed
to the OS per record and fsynced once at the end of the stage. A run killed mid-write can leave
half a line at the end of a log; it is cut off on the next read, so the unfinished call is
simply made again (or served from the LLM cache). Summaries are JSON files written atomically.

A folder holds one run. `claim` records what the run is (model, grader, mode, prompt, case
set) in `run.json` the first time and refuses a later command that differs, naming the
difference; it also takes `.lock`, so two processes never write one folder at once.
"""

from __future__ import annotations

import fcntl
import os
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Self, TextIO, TypeVar

from pydantic import BaseModel

from medrubric.data.jsonl import (
    append_jsonl,
    load_models,
    read_json_object,
    write_json,
    write_jsonl,
)
from medrubric.errors import FolderBusy, InputError

M = TypeVar("M", bound=BaseModel)


def work_folder(folder: Path, stage: str) -> Path:
    """Where a resumable stage keeps its finished partitions until the run ends: the hidden
    `FOLDER/.STAGE-work`, in the folder that holds the stage's output (its run folder, or the
    folder of its output file, with the file's name in `stage`). One convention for every
    stage that works in partitions (filter, redact, curate on an engine)."""
    return folder / f".{stage}-work"


def drop_torn_tail(path: Path) -> None:
    """Cut a trailing partial line (left by a kill mid-append) so the log parses again."""
    if not path.exists() or path.stat().st_size == 0:
        return
    data = path.read_bytes()
    if data.endswith(b"\n"):
        return
    with path.open("r+b") as fh:
        fh.truncate(data.rfind(b"\n") + 1)


def readable_log(path: Path) -> bool:
    """True when an append-only log holds records (a torn last line is cut off first)."""
    drop_torn_tail(path)
    return path.exists() and path.stat().st_size > 0


def read_log(path: Path, model: type[M]) -> list[M]:
    """The records of a log in order; [] when it does not exist yet."""
    return load_models(path, model) if readable_log(path) else []


def read_latest(path: Path, model: type[M], key: Callable[[M], str]) -> dict[str, M]:
    """The latest record per key in a log (later lines win); no log means no records."""
    return {key(record): record for record in read_log(path, model)}


def read_json(path: Path, hint: str) -> dict[str, Any]:
    """A JSON object another step wrote; `hint` says which command makes it."""
    if not path.exists():
        raise InputError(f"{path.name} not found ({hint})", path.parent)
    return read_json_object(path)


IDENTITY = "run.json"
LOCK = ".lock"
# Bytes appended to an open log between the fsyncs a thread makes while the run goes on, so
# that `sync` at its end has little left to write (11 MB of verdicts at 1,000 answers took
# ~35 ms to fsync at once, after the last reply).
SYNC_EVERY = 1 << 21


# How a conflict between the run a folder holds and a command is said: (field, the folder's
# value, the command's) -> one phrase, in the words the user types (`--mode batched`).
ConflictWording = Callable[[str, Any, Any], str]


def field_wording(name: str, kept: Any, value: Any) -> str:
    return f"{name} {kept} (this command: {value})"


def identity_conflicts(
    kept: Mapping[str, Any], wanted: Mapping[str, Any], say: ConflictWording = field_wording
) -> list[str]:
    """What differs between the run a folder holds and the one a command asks for, one phrase
    per field both name (a field the folder does not have yet is no conflict: `grade` adds the
    grader to the folder of a `generate`), said by `say`."""
    return [
        say(name, kept[name], value)
        for name, value in wanted.items()
        if value is not None and kept.get(name) is not None and kept[name] != value
    ]


class RunFolder:
    """A folder of append-only logs and JSON results; stages name their files in subclasses."""

    def __init__(self, root: str | Path):
        self.root = Path(root)
        self._open: dict[Path, TextIO] = {}
        self._unsynced: dict[Path, int] = {}
        self._syncing: threading.Thread | None = None
        self._sync_error: OSError | None = None

    def create(self) -> Self:
        if self.root.exists() and not self.root.is_dir():
            raise InputError("is a file; --out names a folder (give a new folder name)", self.root)
        self.root.mkdir(parents=True, exist_ok=True)
        return self

    @contextmanager
    def claim(
        self, identity: Mapping[str, Any], say: ConflictWording = field_wording
    ) -> Iterator[Self]:
        """Hold the folder for one command: take its lock (refused while another process holds
        it), check that `identity` matches the run it already holds (refused, naming what
        differs, in `say`'s words) and record the fields it adds."""
        self.create()
        with self._locked():
            path = self.root / IDENTITY
            kept: dict[str, Any] = {}
            if path.exists():
                kept = read_json(path, "written by the first command of this run")
            conflicts = identity_conflicts(kept, identity, say)
            if conflicts:
                raise InputError(
                    f"holds another run: {'; '.join(conflicts)}. A run folder holds one run: "
                    "give this command a new --out",
                    self.root,
                )
            self._record(kept, identity)
            try:
                yield self
            finally:  # stopped or not (Ctrl-C, SIGTERM, a full disk), the logs are synced
                self.sync()

    def record_identity(self, identity: Mapping[str, Any]) -> None:
        """The identity this command claimed the folder with (`claim`), now with the fields
        known only once it has begun: a fresh folder compares nothing, so its case source's
        hash can follow the first requests, as long as it is recorded before any result.
        run.json is written as `claim` would have written it had they been known then."""
        kept = read_json(self.root / IDENTITY, "written when the run was claimed")
        merged = {k: v for k, v in identity.items() if v is not None}
        merged |= {k: v for k, v in kept.items() if k not in merged}
        if merged != kept:
            write_json(self.root / IDENTITY, merged)

    def _record(self, kept: dict[str, Any], identity: Mapping[str, Any]) -> None:
        merged = kept | {k: v for k, v in identity.items() if v is not None}
        if merged != kept:
            write_json(self.root / IDENTITY, merged)

    @contextmanager
    def _locked(self) -> Iterator[None]:
        """An exclusive lock on `.lock` for as long as the block runs; the file goes with it."""
        path = self.root / LOCK
        while True:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = os.read(fd, 32).decode("ascii", "replace").strip() or "unknown"
                os.close(fd)
                raise FolderBusy(
                    f"another medrubric process (pid {holder}) is writing this run folder; "
                    "wait for it to finish or give a new --out",
                    self.root,
                ) from None
            try:  # the lock file may have been removed by its last holder meanwhile
                same = os.stat(path).st_ino == os.fstat(fd).st_ino
            except FileNotFoundError:
                same = False
            if same:
                break
            os.close(fd)
        try:
            os.ftruncate(fd, 0)
            os.write(fd, str(os.getpid()).encode("ascii"))
            yield
        finally:
            path.unlink(missing_ok=True)
            os.close(fd)

    def read(self, path: Path, model: type[M]) -> list[M]:
        return read_log(path, model)

    def append(self, path: Path, row: BaseModel, *, fsync: bool = True) -> None:
        """Append a row. With `fsync=False` (rows written at call rate) the log stays open and
        each row is flushed to the OS, so a killed process loses none; `sync` then makes them
        survive a power cut too and closes the log."""
        if fsync:
            append_jsonl(path, row)
            return
        log = self._open.get(path)
        if log is None:
            path.parent.mkdir(parents=True, exist_ok=True)
            log = self._open[path] = path.open("a", encoding="utf-8", newline="\n")
        line = row.model_dump_json() + "\n"  # pydantic-core writes the JSON directly
        log.write(line)
        log.flush()
        unsynced = self._unsynced.get(path, 0) + len(line)
        if unsynced >= SYNC_EVERY and (self._syncing is None or not self._syncing.is_alive()):
            self._syncing = threading.Thread(
                target=self._fsync, args=(log.fileno(),), name="medrubric-fsync", daemon=True
            )
            self._syncing.start()
            unsynced = 0
        self._unsynced[path] = unsynced

    def _fsync(self, fd: int) -> None:
        """An fsync of a log while rows go on being appended to it; its error is raised by
        `sync` (a later fsync may succeed although these rows were lost)."""
        try:
            os.fsync(fd)
        except OSError as exc:
            self._sync_error = self._sync_error or exc

    def sync(self) -> None:
        """fsync and close every log that `append(..., fsync=False)` opened. Every log is
        closed even when one cannot be written (a full disk); the first such error is raised,
        an earlier fsync's first."""
        if self._syncing is not None:
            self._syncing.join()
            self._syncing = None
        failed, self._sync_error = self._sync_error, None
        self._unsynced.clear()
        while self._open:
            _, log = self._open.popitem()
            try:
                log.flush()
                os.fsync(log.fileno())
            except OSError as exc:
                failed = failed or exc
            finally:
                try:
                    log.close()
                except OSError as exc:
                    failed = failed or exc
        if failed is not None:
            raise failed

    def rewrite(self, path: Path, rows: Sequence[BaseModel]) -> None:
        """Replace a log by its latest rows, atomically (after errors were redone)."""
        write_jsonl(path, rows)

    def write_json(self, path: Path, data: dict[str, Any]) -> None:
        write_json(path, data)
