"""Thread -> Screener -> Validator -> Controller -> curated case, resumable per thread.

Each finished thread appends one `CurationRecord` to `results.jsonl` as soon as it is done, so
an interrupted run loses nothing; a re-run skips threads already curated or rejected and
retries those that ended in a model error. Model calls themselves are cached by the client.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from medrubric.curate.agent import AgentFailure
from medrubric.curate.controller import Controlled, control
from medrubric.curate.schemas import (
    SOAP_ORDER,
    STAGES,
    CurationConfig,
    CurationRecord,
    Funnel,
    Stage,
)
from medrubric.curate.screener import REJECT_INCOMPLETE, Screened, screen
from medrubric.curate.validator import Validation, validate
from medrubric.data.jsonl import write_jsonl
from medrubric.data.language import detect_language
from medrubric.data.models import CuratedCase, Evidence, Thread
from medrubric.llm.types import ChatModel
from medrubric.retrieve.base import Retriever
from medrubric.runtime.concurrency import run_unfinished
from medrubric.runtime.folder import read_latest

RESULTS = "results.jsonl"
CASES = "cases.jsonl"
REASON_CALL_FAILED = "call_failed"

OnRecord = Callable[[CurationRecord], None]


def case_id_for(thread: Thread) -> str:
    """Stable across runs and machines: the source plus a hash of the thread key."""
    source = re.sub(r"[^a-z0-9]+", "-", thread.source.lower()).strip("-") or "thread"
    return f"{source}-{hashlib.sha256(thread.key.encode('utf-8')).hexdigest()[:12]}"


def thread_language(thread: Thread) -> str:
    return thread.language or detect_language(thread.text())


def soap_narrative(controlled: Controlled) -> str:
    """Kept facts grouped S, O, A, P, each group in the screener's order."""
    ordered = sorted(controlled.facts, key=lambda f: SOAP_ORDER.index(f.section))
    return "\n".join(f.fact for f in ordered)


def case_evidence(validation: Validation, positions: list[int]) -> list[Evidence]:
    """Snippets retrieved for the kept advice, once each, best score kept."""
    best: dict[str, Evidence] = {}
    for pos in positions:
        for ev in validation.ratings[pos].evidence:
            if ev.id not in best or (ev.score or 0.0) > (best[ev.id].score or 0.0):
                best[ev.id] = ev
    return sorted(best.values(), key=lambda e: -(e.score or 0.0))


class ThreadCuration:
    """Runs the three agents on one thread and keeps the provenance of every step."""

    def __init__(
        self, thread: Thread, model: ChatModel, retriever: Retriever, config: CurationConfig
    ):
        self.thread = thread
        self.model = model
        self.retriever = retriever
        self.config = config
        self.language = thread_language(thread)
        self.calls: list[dict[str, Any]] = []
        self.provenance: dict[str, Any] = {
            "thread": {"key": thread.key, "url": thread.url, "language": self.language},
            "retriever": {"kind": retriever.kind, "model": retriever.model},
            "config": config.model_dump(),
            "calls": self.calls,
        }

    def summarised_provenance(self) -> dict[str, Any]:
        """The provenance with the prompt ids and model labels of all calls so far."""
        self.provenance["prompts"] = sorted({c["prompt"] for c in self.calls})
        self.provenance["models"] = sorted({c["model"] for c in self.calls if c["model"]})
        return self.provenance

    def record(
        self, status: str, stage: Stage | None, reason: str | None, detail: str = "", **extra: Any
    ) -> CurationRecord:
        return CurationRecord.model_validate(
            {
                "thread_key": self.thread.key,
                "case_id": case_id_for(self.thread),
                "status": status,
                "stage": stage,
                "reason": reason,
                "detail": detail,
                "provenance": self.summarised_provenance(),
                "finished_at": dt.datetime.now(dt.UTC),
                **extra,
            }
        )

    async def run(self) -> CurationRecord:
        try:
            return await self._run()
        except AgentFailure as failure:
            return self.record("error", failure.stage, REASON_CALL_FAILED, str(failure))

    async def _run(self) -> CurationRecord:
        lang, log = self.language, self.calls
        screened = await screen(self.thread, lang, self.model, self.config, log)
        self.provenance["screener"] = screened.provenance()
        if screened.missing():
            missing = ", ".join(screened.missing())
            return self.record("rejected", "screener", REJECT_INCOMPLETE, f"missing: {missing}")
        validation = await validate(screened, lang, self.model, self.retriever, self.config, log)
        self.provenance["validator"] = validation.provenance()
        if validation.reason is not None:
            return self.record("rejected", "validator", validation.reason, validation.detail)
        controlled = await control(self.thread, screened, lang, self.model, self.config, log)
        self.provenance["controller"] = controlled.provenance()
        if controlled.reason is not None:
            return self.record("rejected", "controller", controlled.reason, controlled.detail)
        return self.record("case", None, None, case=self._case(screened, validation, controlled))

    def _case(
        self, screened: Screened, validation: Validation, controlled: Controlled
    ) -> CuratedCase:
        published = self.thread.published_at
        return CuratedCase(
            id=case_id_for(self.thread),
            source=self.thread.source,
            url=self.thread.url,
            language=self.language,  # type: ignore[arg-type]
            published_at=published.date() if published else None,
            specialty=controlled.specialty,
            narrative=soap_narrative(controlled),
            query=screened.query,
            advice=[screened.advice[i] for i in controlled.advice_positions],
            evidence=case_evidence(validation, controlled.advice_positions),
            provenance=self.summarised_provenance(),
        )


async def curate_thread(
    thread: Thread, model: ChatModel, retriever: Retriever, config: CurationConfig | None = None
) -> CurationRecord:
    """Curate one thread; never raises for model failures (they become `error` records)."""
    return await ThreadCuration(thread, model, retriever, config or CurationConfig()).run()


def read_results(out: Path) -> dict[str, CurationRecord]:
    """The latest record per thread key in `out/results.jsonl` (later lines win)."""
    return read_latest(out / RESULTS, CurationRecord, lambda r: r.thread_key)


async def curate_threads(
    threads: Sequence[Thread],
    model: ChatModel,
    retriever: Retriever,
    out: str | Path,
    config: CurationConfig | None = None,
    concurrency: int = 4,
    on_record: OnRecord | None = None,
) -> dict[str, CurationRecord]:
    """Curate every thread not already finished in `out` (each key once); returns the latest
    record per key."""
    out = Path(out)
    config = config or CurationConfig()
    records = read_results(out)

    async def work(thread: Thread) -> CurationRecord:
        return await curate_thread(thread, model, retriever, config)

    await run_unfinished(
        threads,
        work,
        key=lambda t: t.key,
        log=out / RESULTS,
        records=records,
        concurrency=concurrency,
        on_record=on_record,
    )
    return records


def funnel(
    threads: Sequence[Thread],
    records: dict[str, CurationRecord],
    harvested: int | None = None,
) -> Funnel:
    """Counts over `threads` (the filtered input); threads without a record yet are pending.

    For every stage: reaching it = passing it + rejected there + failed there.
    """
    latest = [records[t.key] for t in threads if t.key in records]
    stopped = Counter((r.stage, r.status) for r in latest if r.status != "case")
    passed: dict[str, int] = {}
    remaining = len(latest)
    for stage in STAGES:
        remaining -= stopped[(stage, "rejected")] + stopped[(stage, "error")]
        passed[stage] = remaining
    cases = {r.case_id for r in latest if r.status == "case"}
    return Funnel(
        harvested=len(threads) if harvested is None else harvested,
        filtered=len(threads),
        pending=len(threads) - len(latest),
        screened=passed["screener"],
        validated=passed["validator"],
        controlled=passed["controller"],
        cases=len(cases),
        rejected={s: stopped[(s, "rejected")] for s in STAGES},
        errors={s: stopped[(s, "error")] for s in STAGES},
        reasons=dict(Counter(r.reason for r in latest if r.reason is not None)),
    )


def write_cases(out: Path, threads: Sequence[Thread], records: dict[str, CurationRecord]) -> int:
    """`cases.jsonl`: one case per id, in input order (rewritten atomically each run)."""
    seen: set[str] = set()
    cases = []
    for thread in threads:
        record = records.get(thread.key)
        if record is not None and record.case is not None and record.case_id not in seen:
            seen.add(record.case_id)
            cases.append(record.case)
    return write_jsonl(out / CASES, cases)
