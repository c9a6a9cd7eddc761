"""The runtime layer on its own: the bounded runner keeps its bound and the input order, a
resumed run skips finished records, and a torn log line is cut before reading."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from pydantic import BaseModel

from medrubric.runtime.concurrency import bounded, run_in_order, run_unfinished
from medrubric.runtime.folder import RunFolder, read_latest
from medrubric.runtime.progress import outcome_progress


class Record(BaseModel):
    key: str
    status: str

    @property
    def finished(self) -> bool:
        return self.status != "error"


def test_bounded_never_exceeds_its_limit_and_returns_everything() -> None:
    busy = peak = 0

    async def work(i: int) -> int:
        nonlocal busy, peak
        busy += 1
        peak = max(peak, busy)
        await asyncio.sleep(random.uniform(0, 0.01))
        busy -= 1
        return i * i

    async def collect() -> list[int]:
        return [r async for r in bounded(list(range(40)), work, 3)]

    results = asyncio.run(collect())
    assert sorted(results) == [i * i for i in range(40)] and peak == 3


def test_bounded_takes_items_only_as_calls_finish() -> None:
    """A lazy sequence of a million items: only `limit` are started at a time, so neither
    the items nor their tasks pile up, and stopping early leaves the rest untouched."""
    taken = 0

    def items():
        nonlocal taken
        for i in range(1_000_000):
            taken += 1
            yield i

    async def work(i: int) -> int:
        await asyncio.sleep(0)
        return i

    async def first_ten() -> list[tuple[int, int]]:
        seen = []
        async for r in bounded(items(), work, 4):
            seen.append((r, taken))
            if len(seen) == 10:
                break
        return seen

    seen = asyncio.run(first_ten())
    assert sorted(r for r, _ in seen) == list(range(10))
    assert all(count <= r + 5 for r, count in seen) and taken <= 14


def test_run_in_order_keeps_the_input_order() -> None:
    async def work(i: int) -> int:
        await asyncio.sleep(0.02 if i % 2 else 0.0)  # odd items finish last
        return i

    done = asyncio.run(run_in_order(list(range(10)), work, limit=4, label="t", show_progress=False))
    assert done == list(range(10))


def test_a_resumed_run_redoes_only_errors(tmp_path: Path) -> None:
    log = tmp_path / "results.jsonl"
    calls: list[str] = []

    async def work(key: str) -> Record:
        calls.append(key)
        return Record(key=key, status="error" if key == "b" and len(calls) < 4 else "case")

    def run() -> dict[str, Record]:
        records = read_latest(log, Record, lambda r: r.key)
        with outcome_progress("t", total=3, completed=0, enabled=False) as advance:
            asyncio.run(
                run_unfinished(
                    ["a", "b", "c", "a"],
                    work,
                    key=lambda k: k,
                    log=log,
                    records=records,
                    concurrency=2,
                    on_record=advance,
                )
            )
        return records

    first = run()
    assert sorted(calls) == ["a", "b", "c"] and first["b"].status == "error"
    with log.open("ab") as fh:
        fh.write(b'{"key": "c", "sta')  # killed mid-append
    second = run()
    assert calls[3:] == ["b"], "only the error is redone"
    assert {k: r.status for k, r in second.items()} == {"a": "case", "b": "case", "c": "case"}
    assert log.read_bytes().endswith(b"\n")


def test_run_folder_reads_what_it_appended_and_writes_json(tmp_path: Path) -> None:
    folder = RunFolder(tmp_path / "run").create()
    path = folder.root / "log.jsonl"
    assert folder.read(path, Record) == []
    folder.append(path, Record(key="x", status="case"))
    folder.write_json(folder.root / "summary.json", {"n": 1, "名": "中文"})
    assert folder.read(path, Record) == [Record(key="x", status="case")]
    assert (folder.root / "summary.json").read_text("utf-8") == '{\n  "n": 1,\n  "名": "中文"\n}\n'


def test_a_file_given_as_the_run_folder_is_one_line(tmp_path: Path) -> None:
    """`--out notes.txt` naming an existing file: an InputError (one line, exit 2), not
    mkdir's FileExistsError traceback; the file is left as it was."""
    import pytest

    from medrubric.errors import InputError

    path = tmp_path / "notes.txt"
    path.write_text("mine", "utf-8")
    with pytest.raises(InputError) as error:
        RunFolder(path).create()
    assert str(error.value) == f"{path}: is a file; --out names a folder (give a new folder name)"
    assert path.read_text("utf-8") == "mine"


def test_open_logs_are_fsynced_as_they_grow_and_a_failed_fsync_is_raised_by_sync(
    tmp_path: Path, monkeypatch
) -> None:
    """Rows appended at call rate (`fsync=False`) are fsynced on a thread every
    `SYNC_EVERY` bytes, so `sync` at the end has little to write; an error of such an fsync
    (a full disk, an I/O error) is raised by `sync`, every log closed, never dropped."""
    import os
    import threading

    import pytest

    import medrubric.runtime.folder as folder_module

    synced: list[str] = []
    fsync = os.fsync

    def noted(fd: int) -> None:
        synced.append(threading.current_thread().name)
        fsync(fd)

    monkeypatch.setattr(folder_module, "SYNC_EVERY", 200)
    monkeypatch.setattr(folder_module.os, "fsync", noted)
    folder = RunFolder(tmp_path / "run").create()
    path = folder.root / "log.jsonl"
    for i in range(40):  # ~40 bytes a row: a background fsync every ~5 rows, one at a time
        folder.append(path, Record(key=f"k{i:03d}", status="case"), fsync=False)
    folder.sync()
    assert "medrubric-fsync" in synced and synced[-1] == threading.current_thread().name
    assert len(folder.read(path, Record)) == 40

    def failing(fd: int) -> None:
        if threading.current_thread().name == "medrubric-fsync":
            raise OSError(28, "No space left on device")
        fsync(fd)

    monkeypatch.setattr(folder_module.os, "fsync", failing)
    for i in range(10):
        folder.append(path, Record(key=f"x{i}", status="case"), fsync=False)
    with pytest.raises(OSError, match="No space left"):
        folder.sync()
    assert folder._open == {}  # closed all the same
    folder.sync()  # reported once: nothing left open, nothing to raise
