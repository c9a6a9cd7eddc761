"""A JSONL file cut into partitions of whole lines, and the work folder that remembers which
partitions are finished.

Each partition's result is one file written atomically, so a partition is either finished or
not: a driver killed mid-run and started again maps only the missing ones. The folder holds a
manifest of the input (path, size, mtime) and the settings; if either changed, the old
partial results are thrown away rather than mixed with new ones.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from medrubric.errors import InputError
from medrubric.files import atomic_open, write_text_atomic

MANIFEST = "manifest.json"


@dataclass(frozen=True)
class Partition:
    """Lines `first_line`.. of the input, bytes [start, end)."""

    index: int
    start: int
    end: int
    first_line: int
    lines: int

    @property
    def name(self) -> str:
        return f"part-{self.index:05d}"


def plan_partitions(path: Path, lines_per_partition: int) -> list[Partition]:
    """Cut `path` every `lines_per_partition` lines (one pass reading bytes, no parsing)."""
    if not path.is_file():
        raise InputError("file not found", path)
    parts: list[Partition] = []
    start = position = count = 0
    first = 1
    with path.open("rb") as fh:
        for number, raw in enumerate(fh, start=1):
            position += len(raw)
            count += 1
            if count == lines_per_partition:
                parts.append(Partition(len(parts), start, position, first, count))
                start, first, count = position, number + 1, 0
    if count:
        parts.append(Partition(len(parts), start, position, first, count))
    return parts


def count_lines(path: Path) -> int:
    with path.open("rb") as fh:
        return sum(1 for _ in fh)


class WorkFolder:
    """`folder/part-NNNNN.jsonl` per finished partition, valid for one input and settings."""

    def __init__(self, folder: Path, source: Path, settings: dict[str, Any]):
        self.folder = folder
        stat = source.stat()
        self.manifest = {
            "input": str(source.resolve()),
            "size": stat.st_size,
            "mtime_ns": stat.st_mtime_ns,
            "settings": settings,
        }

    def open(self) -> WorkFolder:
        """Keep finished partitions of the same input and settings; start afresh otherwise."""
        path = self.folder / MANIFEST
        if path.exists() and json.loads(path.read_text("utf-8")) != self.manifest:
            shutil.rmtree(self.folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, json.dumps(self.manifest, indent=2) + "\n")
        return self

    def result(self, part: Partition) -> Path:
        return self.folder / f"{part.name}.jsonl"

    def pending(self, parts: list[Partition]) -> list[Partition]:
        return [p for p in parts if not self.result(p).exists()]

    def rows(self, parts: list[Partition]) -> Iterator[dict[str, Any]]:
        """Every result row, in partition (so input) order."""
        for part in parts:
            with self.result(part).open(encoding="utf-8") as fh:
                for line in fh:
                    yield json.loads(line)

    def remove(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


def write_lines(path: Path, lines: Iterable[str]) -> None:
    """All lines, or nothing: a temp file renamed into place."""
    with atomic_open(path) as fh:
        fh.writelines(line + "\n" for line in lines)


def write_result(path: Path, rows: list[dict[str, Any]]) -> None:
    """All rows of one partition, or nothing (written last: its presence marks it finished)."""
    write_lines(path, (json.dumps(row, ensure_ascii=False, separators=(",", ":")) for row in rows))


def as_rows(parts: list[Partition]) -> list[dict[str, Any]]:
    return [asdict(p) for p in parts]
