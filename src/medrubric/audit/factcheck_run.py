"""`medrubric factcheck` end to end: choose answers (a Response file or audit pairs), check
each one not yet checked (results appended to factcheck.jsonl as they finish), summarise."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from medrubric.audit.factcheck import AnswerCheck, AnswerToCheck, FactChecker
from medrubric.audit.factcheck_measures import (
    DEFAULT_PENALTY,
    CombinedStats,
    DetectionStats,
    combined_stats,
    detection_stats,
    edited_key,
    original_key,
)
from medrubric.audit.paired_scoring import PAIR_SCORES, PairScore
from medrubric.audit.pairs import AuditPair
from medrubric.data.formats import load_cases
from medrubric.data.jsonl import append_jsonl, load_models, write_json
from medrubric.data.models import Case, Response
from medrubric.errors import InputError
from medrubric.evaluate.rundir import latest_by_key
from medrubric.retrieve import Retriever, cached_index, load_index
from medrubric.runtime.concurrency import bounded
from medrubric.runtime.folder import read_log
from medrubric.runtime.options import ModelOptions
from medrubric.runtime.progress import RunProgress

CHECKS = "factcheck.jsonl"
SUMMARY = "factcheck_summary.json"


class FactcheckOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    model: str
    out: Path
    answers: Path | None = None
    pairs: Path | None = None
    benchmark: str | None = None
    retriever: str = "bm25"
    index: Path | None = None
    k: int = 5
    max_claims: int = 20
    penalty: float = DEFAULT_PENALTY
    scores: Path | None = None
    n_resamples: int = 10_000
    seed: int = 0
    models: ModelOptions = Field(default_factory=ModelOptions)


def answers_to_check(opts: FactcheckOptions) -> tuple[list[AnswerToCheck], list[AuditPair]]:
    if (opts.answers is None) == (opts.pairs is None):
        raise InputError("give exactly one of --answers FILE and --pairs DIR/pairs.jsonl")
    if opts.answers is not None:
        answers = latest_by_key(load_models(opts.answers, Response)).values()
        return [
            AnswerToCheck(key=f"answer:{a.case_id}/{a.model}", case_id=a.case_id, text=a.response)
            for a in answers
            if a.response
        ], []
    assert opts.pairs is not None
    pairs = load_models(opts.pairs, AuditPair)
    originals = {
        original_key(p): AnswerToCheck(key=original_key(p), case_id=p.case_id, text=p.original)
        for p in pairs
    }
    edited = [AnswerToCheck(key=edited_key(p), case_id=p.case_id, text=p.edited) for p in pairs]
    return [*originals.values(), *edited], pairs


def open_retriever(opts: FactcheckOptions) -> Retriever:
    if opts.index is not None:
        retriever = load_index(opts.index)
        if retriever.kind != opts.retriever:
            raise InputError(
                f"index is {retriever.kind}, but --retriever {opts.retriever} was asked for",
                opts.index,
            )
        return retriever
    return cached_index("default", opts.retriever, opts.models.cache_dir)


async def check_answers(
    checker: FactChecker,
    answers: Sequence[AnswerToCheck],
    cases: dict[str, Case],
    path: Path,
    concurrency: int,
    progress: RunProgress,
) -> None:
    """Check every answer without a complete result in `path`, appending as each finishes."""
    done = {c.key for c in read_log(path, AnswerCheck) if c.complete}
    pending = [a for a in answers if a.key not in done]
    progress.stage("factcheck", total=len(answers), done=len(answers) - len(pending))

    async def one(answer: AnswerToCheck) -> AnswerCheck:
        return await checker.check(answer, cases.get(answer.case_id))

    async for check in bounded(pending, one, concurrency):
        append_jsonl(path, check)
        progress.tally.errors += 0 if check.complete else 1
        progress.advance("factcheck")


def latest_checks(path: Path) -> dict[str, AnswerCheck]:
    return {c.key: c for c in read_log(path, AnswerCheck)}


class AnswerCounts(BaseModel):
    """How the checked answers came out: claims by label, answers with unsupported claims."""

    answers: int
    answers_with_errors: int
    claims: int
    supported: int
    not_supported: int
    not_checkable: int
    answers_with_unsupported: int
    unsupported: dict[str, list[str]]  # answer key: its unsupported claims


class FactcheckSummary(AnswerCounts):
    """factcheck_summary.json: the checker, the counts and, for audit pairs, how well the
    checker finds the injected errors (`detection`) and with the rubric score (`combined`)."""

    model: str
    retriever: str
    k: int
    prompt_versions: dict[str, str]
    detection: DetectionStats | None = None
    combined: CombinedStats | None = None

    def as_json(self) -> dict[str, Any]:
        """The file's JSON: checker fields first; `detection`, `combined` only when present."""
        head = ("model", "retriever", "k", "prompt_versions")
        data = self.model_dump(mode="json")
        ordered = {key: data.pop(key) for key in head} | data
        return {k: v for k, v in ordered.items() if v is not None or k not in SECTIONS}


SECTIONS = ("detection", "combined")


class FactcheckResult(BaseModel):
    """What `run_factcheck` produced: the summary and the files it wrote."""

    summary: FactcheckSummary
    checks: Path  # OUT/factcheck.jsonl, one AnswerCheck per answer (appended)
    summary_path: Path  # OUT/factcheck_summary.json


def answer_summary(checks: dict[str, AnswerCheck]) -> AnswerCounts:
    complete = [c for c in checks.values() if c.complete]
    labels = [claim.label for c in complete for claim in c.claims]
    return AnswerCounts(
        answers=len(checks),
        answers_with_errors=len(checks) - len(complete),
        claims=len(labels),
        supported=labels.count("supported"),
        not_supported=labels.count("not_supported"),
        not_checkable=labels.count("not_checkable"),
        answers_with_unsupported=sum(bool(c.unsupported) for c in complete),
        unsupported={c.key: c.unsupported for c in complete if c.unsupported},
    )


def pair_scores_for(opts: FactcheckOptions) -> list[PairScore] | None:
    path = opts.scores
    if path is None and opts.pairs is not None:
        path = opts.pairs.parent / "score" / PAIR_SCORES
    if path is None or not path.exists():
        return None
    return load_models(path, PairScore)


async def run_factcheck(opts: FactcheckOptions) -> FactcheckResult:
    answers, pairs = answers_to_check(opts)
    cases = {c.id: c for c in load_cases(opts.benchmark)} if opts.benchmark else {}
    retriever = open_retriever(opts)
    path = opts.out / CHECKS
    opts.out.mkdir(parents=True, exist_ok=True)
    with opts.models.progress() as progress:
        async with opts.models.open(opts.model) as model:
            checker = FactChecker(
                model,
                retriever,
                k=opts.k,
                max_claims=opts.max_claims,
                params=opts.models.params(),
            )
            await check_answers(checker, answers, cases, path, opts.models.workers(), progress)
    checks = latest_checks(path)
    wanted = {a.key for a in answers}
    checks = {k: v for k, v in checks.items() if k in wanted}
    summary = FactcheckSummary(
        model=checker.model.label,
        retriever=f"{retriever.kind}:{retriever.model}",
        k=opts.k,
        prompt_versions=checker.prompt_versions(),
        **dict(answer_summary(checks)),
    )
    if pairs:
        summary.detection = detection_stats(pairs, checks)
        scores = pair_scores_for(opts)
        if scores is not None:
            summary.combined = combined_stats(
                pairs, scores, checks, opts.penalty, opts.n_resamples, opts.seed
            )
    write_json(opts.out / SUMMARY, summary.as_json())
    return FactcheckResult(summary=summary, checks=path, summary_path=opts.out / SUMMARY)
