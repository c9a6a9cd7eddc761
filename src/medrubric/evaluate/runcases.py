"""The cases of a run without holding them all: a run of 100,000 answers would need gigabytes
for its cases as objects, so they are streamed from their source once, hashed on the way, and
written to the run's cases.jsonl, then read back one at a time by byte offset.
"""

from __future__ import annotations

import hashlib
import json
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO

from medrubric.data.jsonl import dump_line, read_model_at
from medrubric.data.models import Case
from medrubric.errors import InputError
from medrubric.files import atomic_open


class CaseHash:
    """The hash that names a set of cases (run.json, summary.json): SHA-256 of their
    canonical lines (`snapshot.canonical_cases`, the snapshot's form) in id order, fed one
    case at a time. Past `SPOOL_BYTES` the lines wait in a temporary file, not in memory."""

    SPOOL_BYTES = 32 * 2**20

    def __init__(self) -> None:
        self._spool: IO[bytes] = tempfile.SpooledTemporaryFile(self.SPOOL_BYTES)  # noqa: SIM115
        self._rows: list[tuple[str, int, int]] = []  # id, offset, length
        self._size = 0

    def add(self, case: Case) -> None:
        line = json.dumps(case.model_dump(mode="json"), ensure_ascii=False, sort_keys=True)
        data = (line + "\n").encode("utf-8")
        self._spool.write(data)
        self._rows.append((case.id, self._size, len(data)))
        self._size += len(data)

    def hexdigest(self) -> str:
        """The hash; InputError on a repeated id (a snapshot names each case once)."""
        ordered = sorted(self._rows)
        for (before, _, _), (after, _, _) in zip(ordered, ordered[1:], strict=False):
            if before == after:
                raise InputError(f"id: case {after!r} appears more than once")
        digest = hashlib.sha256()
        try:
            for _, offset, length in ordered:
                self._spool.seek(offset)
                digest.update(self._spool.read(length))
        finally:
            self._spool.close()
        return digest.hexdigest()


def hash_cases(cases: Iterable[Case]) -> str:
    hasher = CaseHash()
    for case in cases:
        hasher.add(case)
    return hasher.hexdigest()


class RunCases(Mapping[str, Case]):
    """The selected cases of a run by id, in file order, read back from the run's cases.jsonl
    one at a time (`write`); `of` holds a few cases in memory behind the same interface."""

    def __init__(self, path: Path | None, index: dict[str, tuple[int, int]], held: dict[str, Case]):
        self._path = path
        self._index = index  # id -> (byte offset, rubric size)
        self._held = held

    @classmethod
    def of(cls, cases: Iterable[Case]) -> RunCases:
        held = {c.id: c for c in cases}
        return cls(None, {i: (0, len(c.rubric)) for i, c in held.items()}, held)

    @classmethod
    def write(cls, path: Path, cases: Iterable[Case], empty: InputError) -> RunCases:
        """Write `cases` to `path` atomically, as `write_jsonl` does, remembering where each
        is; `empty` is raised (and nothing written) when there is none."""
        index: dict[str, tuple[int, int]] = {}
        offset = 0
        with atomic_open(path) as fh:
            for case in cases:
                line = dump_line(case) + "\n"
                fh.write(line)
                index[case.id] = (offset, len(case.rubric))
                offset += len(line.encode("utf-8"))
            if not index:
                raise empty
        return cls(path, index, {})

    def __getitem__(self, case_id: str) -> Case:
        if self._path is None:
            return self._held[case_id]
        offset, _ = self._index[case_id]
        with self._path.open("rb") as fh:
            return read_model_at(fh, offset, Case)

    def __contains__(self, case_id: object) -> bool:
        return case_id in self._index

    def __iter__(self) -> Iterator[str]:
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)

    def rubric_size(self, case_id: str) -> int:
        """How many criteria the case has, without reading it."""
        return self._index[case_id][1]
