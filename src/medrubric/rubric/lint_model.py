"""Rubric lint with a model (`--grader`): one call per criterion asks a physician-style judge
whether an answer that does what the criterion describes is desirable (compared with the sign
of the weight, which the prompt does not show), whether the criterion follows from the case's
narrative and question, and whether it can be judged from the answer alone. With a retriever,
a second call per criterion checks its medical claim against the evidence retrieved for its
text (the Validator's retriever): supported, contradicted or not addressed.

The conversation, the criterion and the evidence are fenced as untrusted data with a tag
derived from their own hash. Calls go through the model's call cache, so a re-run repeats no
finished call. A call that fails, or whose reply does not fit the schema after the one re-ask,
is a `model_error` finding (an error: the criterion is unchecked) for that criterion: never
dropped, never read as a clean criterion.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from medrubric.data.models import Case, Criterion, Evidence
from medrubric.errors import describe_validation_error
from medrubric.llm.types import CallResult, ChatModel
from medrubric.prompts import render
from medrubric.rubric.lint import Finding, Severity
from medrubric.runtime.concurrency import bounded
from medrubric.runtime.progress import RunProgress
from medrubric.runtime.prompting import conversation_text, fence_tag

if TYPE_CHECKING:
    from medrubric.retrieve.base import Retriever

PROMPT = "rubric_lint_criterion"
EVIDENCE_PROMPT = "rubric_lint_evidence"
EVIDENCE_K = 3  # snippets retrieved per criterion (`--evidence-k`)
STAGE = "rubric lint"


class CriterionJudgement(BaseModel):
    """The reply schema: the reasoning first, then the three judgements."""

    model_config = ConfigDict(extra="ignore")

    explanation: str = ""
    desirable: bool  # a careful physician would want an answer to do this
    grounded: bool  # it follows from the case's narrative and question
    verifiable: bool  # it can be judged from the answer's text alone


class EvidenceJudgement(BaseModel):
    """The reply schema of the evidence check: the reasoning, the verdict, the snippets used."""

    model_config = ConfigDict(extra="ignore")

    explanation: str = ""
    verdict: Literal["supported", "contradicted", "not_addressed"]
    evidence_ids: list[str] = Field(default_factory=list)


Reply = TypeVar("Reply", CriterionJudgement, EvidenceJudgement)


def criterion_messages(case: Case, criterion: Criterion) -> tuple[list[dict[str, str]], str]:
    """The prompt for one criterion (in the case's language) and its `name@version`."""
    conversation = conversation_text(case.conversation())
    text, prompt_id = render(
        f"{PROMPT}.{case.language}",
        fence=fence_tag(f"{conversation}\n{criterion.text}"),
        conversation=conversation,
        criterion=criterion.text,
    )
    return [{"role": "user", "content": text}], prompt_id


def evidence_messages(
    case: Case, criterion: Criterion, evidence: Sequence[Evidence]
) -> tuple[list[dict[str, str]], str]:
    """The evidence-check prompt for one criterion and its retrieved snippets."""
    conversation = conversation_text(case.conversation())
    snippets = [e.model_dump() for e in evidence]
    shown = "\n".join(f"{e.id} {e.title} {e.content}" for e in evidence)
    text, prompt_id = render(
        f"{EVIDENCE_PROMPT}.{case.language}",
        fence=fence_tag(f"{conversation}\n{criterion.text}\n{shown}"),
        conversation=conversation,
        criterion=criterion.text,
        snippets=snippets,
    )
    return [{"role": "user", "content": text}], prompt_id


def _reply(result: CallResult, schema: type[Reply]) -> Reply | str:
    """The reply as `schema`, or why it is unusable."""
    if result.error is not None or result.parsed is None:
        return f"model call failed: {result.error or 'no reply'}"
    try:
        return schema.model_validate(result.parsed)
    except ValidationError as exc:
        return f"model reply off schema: {describe_validation_error(exc)}"


def _model_error(case: Case, criterion: Criterion, why: str, model: str, prompt_id: str) -> Finding:
    reason = "the model could not judge this criterion: it is unchecked, not clean"
    return Finding.for_criterion(
        case.id,
        criterion,
        "model_error",
        "error",
        "model",
        reason,
        why,
        model=model,
        prompt_version=prompt_id,
    )


def judgement_findings(
    case: Case,
    criterion: Criterion,
    judgement: CriterionJudgement | str,
    model: str,
    prompt_id: str,
) -> list[Finding]:
    """The findings one judgement (or one failed call) gives about one criterion."""

    def finding(check: str, severity: Severity, reason: str, evidence: str) -> Finding:
        return Finding.for_criterion(
            case.id,
            criterion,
            check,
            severity,
            "model",
            reason,
            evidence,
            model=model,
            prompt_version=prompt_id,
        )

    if isinstance(judgement, str):
        return [_model_error(case, criterion, judgement, model, prompt_id)]
    why = judgement.explanation.strip() or "(no explanation)"
    findings = []
    if judgement.desirable != (criterion.weight > 0):
        wanted = "wants" if judgement.desirable else "does not want"
        reason = (
            f"weight {criterion.weight:+d}, but the model {wanted} an answer to do this: "
            "the sign looks flipped"
        )
        findings.append(finding("flipped_sign_model", "error", reason, why))
    if not judgement.grounded:
        reason = "does not follow from the case's narrative and question"
        findings.append(finding("ungrounded", "warning", reason, why))
    if not judgement.verifiable:
        reason = "cannot be judged from the answer alone"
        findings.append(finding("unjudgeable_model", "warning", reason, why))
    return findings


def evidence_findings(
    case: Case,
    criterion: Criterion,
    judgement: EvidenceJudgement | str,
    evidence: Sequence[Evidence],
    model: str,
    prompt_id: str,
) -> list[Finding]:
    """The findings one evidence check (or one failed call) gives about one criterion: a
    rewarded claim the evidence contradicts, or a penalised one it supports."""
    if isinstance(judgement, str):
        return [_model_error(case, criterion, judgement, model, prompt_id)]
    retrieved = {e.id for e in evidence}
    cited = [i for i in judgement.evidence_ids if i in retrieved]
    why = judgement.explanation.strip() or "(no explanation)"
    shown = f"{why} (evidence: {', '.join(cited) or 'none cited'})"
    severity: Severity
    if judgement.verdict == "contradicted" and criterion.weight > 0:
        check, severity = "contradicted_by_evidence", "error"
        reason = f"weight {criterion.weight:+d} rewards a claim the retrieved evidence contradicts"
    elif judgement.verdict == "supported" and criterion.weight < 0:
        check, severity = "penalised_but_supported", "warning"
        reason = f"weight {criterion.weight:+d} penalises a claim the retrieved evidence supports"
    else:
        return []
    return [
        Finding.for_criterion(
            case.id,
            criterion,
            check,
            severity,
            "model",
            reason,
            shown,
            model=model,
            prompt_version=prompt_id,
        )
    ]


async def judge_criterion(
    model: ChatModel,
    case: Case,
    criterion: Criterion,
    params: dict[str, Any],
    evidence: Sequence[Evidence] | None = None,
) -> tuple[list[CallResult], list[Finding]]:
    """The calls about one criterion (the judgement; with `evidence`, the evidence check):
    their results (for the tally) and the findings."""
    messages, prompt_id = criterion_messages(case, criterion)
    result = await model.chat(
        messages, prompt_version=prompt_id, schema=CriterionJudgement, params=params
    )
    judgement = _reply(result, CriterionJudgement)
    findings = judgement_findings(case, criterion, judgement, model.label, prompt_id)
    if evidence is None:
        return [result], findings
    messages, prompt_id = evidence_messages(case, criterion, evidence)
    checked = await model.chat(
        messages, prompt_version=prompt_id, schema=EvidenceJudgement, params=params
    )
    verdict = _reply(checked, EvidenceJudgement)
    findings += evidence_findings(case, criterion, verdict, evidence, model.label, prompt_id)
    return [result, checked], findings


async def lint_with_model(
    cases: Sequence[Case],
    model: ChatModel,
    *,
    params: dict[str, Any],
    concurrency: int,
    progress: RunProgress,
    retriever: Retriever | None = None,
    evidence_k: int = EVIDENCE_K,
) -> list[Finding]:
    """Model findings for every criterion of every case, in case and rubric order; at most
    `concurrency` criteria in flight, each counted on `progress`. With `retriever`, each
    criterion's claim is also checked against the `evidence_k` snippets retrieved for it."""
    jobs = [(case, c) for case in cases for c in case.rubric]
    hits: list[list[Evidence]] | None = None
    if retriever is not None:
        texts = [c.text for _, c in jobs]
        hits = await asyncio.to_thread(retriever.search_many, texts, evidence_k)
    progress.stage(STAGE, total=len(jobs))

    async def one(job: tuple[int, tuple[Case, Criterion]]) -> tuple[int, list[Finding]]:
        index, (case, criterion) = job
        evidence = hits[index] if hits is not None else None
        results, findings = await judge_criterion(model, case, criterion, params, evidence)
        for result in results:
            progress.tally.add_call(result.usage, result.cost_usd, result.cached)
        if any(f.check == "model_error" for f in findings):
            progress.tally.errors += 1
        else:
            progress.tally.verdicts += 1
        progress.advance(STAGE)
        return index, findings

    by_index = dict([pair async for pair in bounded(list(enumerate(jobs)), one, concurrency)])
    return [f for i in range(len(jobs)) for f in by_index[i]]
