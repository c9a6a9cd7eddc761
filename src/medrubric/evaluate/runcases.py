"""The cases of a run without holding them all: a run of 100,000 answers would need gigabytes
for its cases as objects, so they are streamed from their source once, hashed on the way, and
written to the run's cases.jsonl, then read back one at a time by byte offset.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import shutil
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

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
        self.add_data(case.id, case.model_dump(mode="json"))

    def add_data(self, case_id: str, data: dict[str, Any]) -> None:
        """A case given as its JSON data (`Case.model_dump(mode="json")`, or that read back
        from a line `dump_line` wrote: the same values)."""
        line = json.dumps(data, ensure_ascii=False, sort_keys=True)
        encoded = (line + "\n").encode("utf-8")
        self._spool.write(encoded)
        self._rows.append((case_id, self._size, len(encoded)))
        self._size += len(encoded)

    def hexdigest(self) -> str:
        """The hash; InputError on a repeated id (a snapshot names each case once)."""
        ordered = sorted(self._rows)
        for (before, _, _), (after, _, _) in zip(ordered, ordered[1:], strict=False):
            if before == after:
                raise repeated_id(after)
        digest = hashlib.sha256()
        try:
            for _, offset, length in ordered:
                self._spool.seek(offset)
                digest.update(self._spool.read(length))
        finally:
            self._spool.close()
        return digest.hexdigest()


def repeated_id(case_id: str) -> InputError:
    """A case id named twice in one source (the first such id, in id order, is named)."""
    return InputError(f"id: case {case_id!r} appears more than once")


def hash_cases(cases: Iterable[Case]) -> str:
    hasher = CaseHash()
    for case in cases:
        hasher.add(case)
    return hasher.hexdigest()


class RunCases(Mapping[str, Case]):
    """The selected cases of a run by id, in file order, read one at a time from a JSONL file
    by byte offset: first a spool (`stage`), then the run's cases.jsonl (`save`, or
    `from_index` when it is already there)."""

    def __init__(
        self,
        index: dict[str, tuple[int, int]],
        file: IO[bytes] | None = None,
    ):
        self._index = index  # id -> (byte offset, rubric size)
        self._file = file  # the spool, or the file at _path once opened
        self._path: Path | None = None
        # the hash of all of them, when known: they are the whole source (`read_source`)
        self.sha256_all: str | None = None

    @classmethod
    def stage(cls, cases: Iterable[Case], empty: InputError) -> RunCases:
        """The cases as `write_jsonl` writes them, spooled (in memory up to `SPOOL_BYTES`);
        `empty` is raised when there is none."""
        spool: IO[bytes] = tempfile.SpooledTemporaryFile(CaseHash.SPOOL_BYTES)  # noqa: SIM115
        index: dict[str, tuple[int, int]] = {}
        for case in cases:
            index[case.id] = (spool.tell(), len(case.rubric))
            spool.write((dump_line(case) + "\n").encode("utf-8"))
        if not index:
            spool.close()
            raise empty
        return cls(index, spool)

    def save(self, path: Path) -> RunCases:
        """Write the staged cases to `path` atomically; they are read from there on."""
        assert self._file is not None, "only staged cases are saved"
        self._file.seek(0)
        with atomic_open(path, "wb") as fh:
            shutil.copyfileobj(self._file, fh)
        self._file.close()
        self._file, self._path = None, path
        return self

    @classmethod
    def from_index(cls, path: Path, rows: list[Any], sha256_all: str | None = None) -> RunCases:
        """The cases of `path` as `index_rows` listed them (source.json), without reading it."""
        found = cls({str(i): (int(at), int(size)) for i, at, size in rows})
        found._path = path
        found.sha256_all = sha256_all
        return found

    def index_rows(self) -> list[tuple[str, int, int]]:
        """(id, byte offset, rubric size) of every case, for `from_index`."""
        return [(i, at, size) for i, (at, size) in self._index.items()]

    def _opened(self) -> IO[bytes]:
        if self._file is None or self._file.closed:
            assert self._path is not None, "staged cases are read from their spool"
            self._file = self._path.open("rb")
        return self._file

    def __getitem__(self, case_id: str) -> Case:
        offset, _ = self._index[case_id]
        return read_model_at(self._opened(), offset, Case)

    def __contains__(self, case_id: object) -> bool:
        return case_id in self._index

    def __iter__(self) -> Iterator[str]:
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)

    def sha256(self, case_ids: Iterable[str]) -> str:
        """`hash_cases` of the cases named (each once): `sha256_all` when they are all of
        them, else from their lines as `dump_line` wrote them (JSON of
        `model_dump(mode="json")`, which reads back to the same values), without validating
        each case again."""
        named = list(case_ids)
        if self.sha256_all is not None and len(set(named)) == len(self._index):
            return self.sha256_all
        hasher = CaseHash()
        for case_id in named:
            self._hash_line(hasher, case_id)
        return hasher.hexdigest()

    async def hash_all(self, turn_every: int = 16) -> str:
        """`sha256` of every case, kept as `sha256_all`, giving the event loop a turn every
        `turn_every` cases: hashed while the run's first requests are in flight (a fresh run
        folder compares no hash before its calls), so their replies are not held up."""
        hasher = CaseHash()
        for n, case_id in enumerate(self._index, 1):
            self._hash_line(hasher, case_id)
            if n % turn_every == 0:
                await asyncio.sleep(0)
        self.sha256_all = hasher.hexdigest()
        return self.sha256_all

    def _hash_line(self, hasher: CaseHash, case_id: str) -> None:
        fh = self._opened()  # one seek and read at a time: job reads interleave safely
        fh.seek(self._index[case_id][0])
        hasher.add_data(case_id, json.loads(fh.readline()))

    def rubric_size(self, case_id: str) -> int:
        """How many criteria the case has, without reading it."""
        return self._index[case_id][1]

    def close(self) -> None:
        """Close the file read from (it is opened again if a case is read afterwards)."""
        if self._file is not None:
            self._file.close()
