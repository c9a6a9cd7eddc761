"""Gather chat requests into provider batches, follow each batch, hand every caller its reply.

Callers ask one request at a time (the grading and generation code is unchanged); requests
arriving together are submitted as one batch once no new one has come for `gather_s`. Each
batch is recorded in `batches.jsonl` of the run directory the moment it is submitted, with the
custom ids it holds, so a re-run after a kill re-attaches to it instead of submitting again;
its downloaded result files are kept beside it, so finished work is never asked for twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from medrubric.data.jsonl import append_jsonl
from medrubric.llm.batch.lines import custom_id, parse_results, request_line
from medrubric.llm.batch.transport import (
    TERMINAL,
    BatchState,
    BatchTransport,
    BatchTransportError,
)
from medrubric.llm.structured import Exchange

LEDGER = "batches.jsonl"


@dataclass(frozen=True)
class PollPolicy:
    """How long to wait for more requests before submitting, and how often to poll a batch:
    `first_s`, growing by `factor` up to `max_s` (batches take minutes to hours)."""

    gather_s: float = 0.5
    first_s: float = 5.0
    factor: float = 1.5
    max_s: float = 60.0
    max_requests: int = 50_000  # OpenAI's limit per batch


class BatchRecord(BaseModel):
    """One line of batches.jsonl: a batch as submitted, and again when it ended."""

    batch_id: str
    name: str
    mode: str
    custom_ids: list[str]
    status: str = "submitted"
    problem: str | None = None
    result_files: list[str] = Field(default_factory=list)  # local copies, relative names


class BatchQueue:
    def __init__(
        self,
        transport: BatchTransport,
        folder: Path,
        policy: PollPolicy | None = None,
        say: Callable[[str], None] = lambda _: None,
    ):
        self.transport = transport
        self.folder = folder
        self.policy = policy or PollPolicy()
        self.say = say
        self.folder.mkdir(parents=True, exist_ok=True)
        self._ledger = folder / LEDGER
        self._records: dict[str, BatchRecord] = {}
        self._results: dict[str, Exchange] = {}
        self._open: dict[str, str] = {}  # custom id -> id of the unfinished batch holding it
        self._waiting: dict[str, asyncio.Future[Exchange]] = {}
        self._pending: dict[str, dict[str, Any]] = {}
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._load()

    @property
    def submitted(self) -> int:
        return len(self._records)

    def _load(self) -> None:
        for record in _read_ledger(self._ledger):
            self._records[record.batch_id] = record
        for record in self._records.values():
            if record.status in TERMINAL:
                self._keep(self._read_local(record).exchanges)
            else:
                self._open.update(dict.fromkeys(record.custom_ids, record.batch_id))

    def _read_local(self, record: BatchRecord) -> Any:
        files = [self.folder / name for name in record.result_files]
        return parse_results((str(p), p.read_text("utf-8")) for p in files if p.exists())

    def _keep(self, exchanges: dict[str, Exchange]) -> None:
        """Successful results answer this and later runs; errors are asked again next run."""
        self._results.update({k: v for k, v in exchanges.items() if v.error is None})

    async def request(self, body: dict[str, Any]) -> Exchange:
        cid = custom_id(body)
        if cid in self._results:
            return self._results[cid]
        future = self._waiting.get(cid)
        if future is None:
            future = asyncio.get_running_loop().create_future()
            self._waiting[cid] = future
            batch_id = self._open.get(cid)
            if batch_id is not None:
                self._follow_once(self._records[batch_id])
            else:
                self._pending[cid] = body
                if "gather" not in self._tasks:
                    self._tasks["gather"] = asyncio.create_task(self._gather())
        return await asyncio.shield(future)

    async def _gather(self) -> None:
        seen = -1
        while len(self._pending) != seen:
            seen = len(self._pending)
            await asyncio.sleep(self.policy.gather_s)
        pending, self._pending = self._pending, {}
        del self._tasks["gather"]
        items = list(pending.items())
        for start in range(0, len(items), self.policy.max_requests):
            await self._submit(dict(items[start : start + self.policy.max_requests]))

    async def _submit(self, bodies: dict[str, dict[str, Any]]) -> None:
        name = f"batch-{len(self._records) + 1:04d}-{uuid.uuid4().hex[:6]}"
        lines = "".join(request_line(cid, body) + "\n" for cid, body in bodies.items())
        try:
            batch_id = await self.transport.submit(name, lines)
        except BatchTransportError as exc:
            self.say(f"{exc}: {len(bodies)} requests recorded as errors")
            self._settle(list(bodies), {}, f"{exc}")
            return
        record = BatchRecord(
            batch_id=batch_id, name=name, mode=self.transport.mode, custom_ids=list(bodies)
        )
        await asyncio.to_thread(append_jsonl, self._ledger, record)
        self._records[batch_id] = record
        self._open.update(dict.fromkeys(bodies, batch_id))
        command = getattr(self.transport, "command", None)
        if command is not None:
            self.say(f"{len(bodies)} requests written; waiting for: {command(name)}")
        else:
            self.say(f"submitted batch {batch_id} ({len(bodies)} requests)")
        self._follow_once(record)

    def _follow_once(self, record: BatchRecord) -> None:
        if record.batch_id not in self._tasks:
            self._tasks[record.batch_id] = asyncio.create_task(self._follow(record))

    async def _follow(self, record: BatchRecord) -> None:
        delay, last = self.policy.first_s, ""
        try:
            while True:
                state = await self.transport.poll(record.batch_id)
                if state.status != last:
                    self.say(f"batch {record.batch_id}: {state.status}")
                    last = state.status
                if state.status in TERMINAL:
                    break
                await asyncio.sleep(delay)
                delay = min(delay * self.policy.factor, self.policy.max_s)
            await self._finish(record, state)
        except BatchTransportError as exc:
            await self._finish(record, BatchState("failed", str(exc)))

    async def _finish(self, record: BatchRecord, state: BatchState) -> None:
        local: list[str] = []
        problem = state.problem
        for number, ref in enumerate(state.result_files):
            path = Path(ref)
            if not (path.exists() and path.resolve().parent == self.folder.resolve()):
                try:
                    text = await self.transport.download(ref)
                except BatchTransportError as exc:
                    problem = f"{problem}; {exc}" if problem else str(exc)
                    continue
                path = self.folder / f"{record.name}.results-{number}.jsonl"
                await asyncio.to_thread(path.write_text, text, "utf-8")
            local.append(path.name)
        ended = record.model_copy(
            update={"status": state.status, "problem": problem, "result_files": local}
        )
        parsed = self._read_local(ended)
        await asyncio.to_thread(append_jsonl, self._ledger, ended)
        self._records[record.batch_id] = ended
        for line in parsed.unreadable[:3]:
            self.say(line)
        why = f"batch {record.batch_id} {state.status}" + (f": {problem}" if problem else "")
        if state.status == "completed":
            why = f"batch {record.batch_id} returned no result for this request"
            if parsed.unreadable:
                why += f" ({len(parsed.unreadable)} result lines unreadable)"
        answered = sum(parsed.exchanges.get(c, Exchange(error="")).error is None
                       for c in record.custom_ids)  # fmt: skip
        if answered < len(record.custom_ids):
            self.say(f"batch {record.batch_id} {state.status}: {len(record.custom_ids) - answered}"
                     f" of {len(record.custom_ids)} requests recorded as errors")  # fmt: skip
        self._settle(record.custom_ids, parsed.exchanges, why)

    def _settle(self, cids: list[str], exchanges: dict[str, Exchange], why: str) -> None:
        self._keep(exchanges)
        for cid in cids:
            self._open.pop(cid, None)
            future = self._waiting.pop(cid, None)
            if future is not None and not future.done():
                future.set_result(exchanges.get(cid) or Exchange(error=why, attempts=1))

    async def aclose(self) -> None:
        for task in self._tasks.values():
            task.cancel()
        for task in list(self._tasks.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.transport.aclose()


def _read_ledger(path: Path) -> list[BatchRecord]:
    """The records of batches.jsonl; a last line torn by a kill mid-append is left out."""
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    complete = text[: text.rfind("\n") + 1]
    return [BatchRecord.model_validate_json(line) for line in complete.splitlines() if line]
