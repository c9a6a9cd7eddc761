"""Rubric lint with a model (`--grader`): one call per criterion asks a physician-style judge
whether an answer that does what the criterion describes is desirable (compared with the sign
of the weight, which the prompt does not show), whether the criterion follows from the case's
narrative and question, and whether it can be judged from the answer alone.

The conversation and the criterion are fenced as untrusted data with a tag derived from
their own hash. Calls go through the model's call cache, so a re-run repeats no finished
call. A call that fails, or whose reply does not fit the schema after the one re-ask, is a
`model_error` finding for that criterion: never dropped, never read as a clean criterion.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from medrubric.data.models import Case, Criterion
from medrubric.errors import describe_validation_error
from medrubric.llm.types import CallResult, ChatModel
from medrubric.prompts import render
from medrubric.rubric.lint import Finding, Severity
from medrubric.runtime.concurrency import bounded
from medrubric.runtime.progress import RunProgress
from medrubric.runtime.prompting import conversation_text, fence_tag

PROMPT = "rubric_lint_criterion"
STAGE = "rubric lint"


class CriterionJudgement(BaseModel):
    """The reply schema: the reasoning first, then the three judgements."""

    model_config = ConfigDict(extra="ignore")

    explanation: str = ""
    desirable: bool  # a careful physician would want an answer to do this
    grounded: bool  # it follows from the case's narrative and question
    verifiable: bool  # it can be judged from the answer's text alone


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


def _judgement(result: CallResult) -> CriterionJudgement | str:
    """The reply as a judgement, or why it is unusable."""
    if result.error is not None or result.parsed is None:
        return f"model call failed: {result.error or 'no reply'}"
    try:
        return CriterionJudgement.model_validate(result.parsed)
    except ValidationError as exc:
        return f"model reply off schema: {describe_validation_error(exc)}"


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
        reason = "the model could not judge this criterion: it is unchecked, not clean"
        return [finding("model_error", "warning", reason, judgement)]
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


async def judge_criterion(
    model: ChatModel, case: Case, criterion: Criterion, params: dict[str, Any]
) -> tuple[CallResult, list[Finding]]:
    """One call about one criterion: its result (for the tally) and its findings."""
    messages, prompt_id = criterion_messages(case, criterion)
    result = await model.chat(
        messages, prompt_version=prompt_id, schema=CriterionJudgement, params=params
    )
    findings = judgement_findings(case, criterion, _judgement(result), model.label, prompt_id)
    return result, findings


async def lint_with_model(
    cases: Sequence[Case],
    model: ChatModel,
    *,
    params: dict[str, Any],
    concurrency: int,
    progress: RunProgress,
) -> list[Finding]:
    """Model findings for every criterion of every case, in case and rubric order; at most
    `concurrency` calls in flight, each counted on `progress`."""
    jobs = [(case, c) for case in cases for c in case.rubric]
    progress.stage(STAGE, total=len(jobs))

    async def one(job: tuple[int, tuple[Case, Criterion]]) -> tuple[int, list[Finding]]:
        index, (case, criterion) = job
        result, findings = await judge_criterion(model, case, criterion, params)
        progress.tally.add_call(result.usage, result.cost_usd, result.cached)
        if any(f.check == "model_error" for f in findings):
            progress.tally.errors += 1
        else:
            progress.tally.verdicts += 1
        progress.advance(STAGE)
        return index, findings

    by_index = dict([pair async for pair in bounded(list(enumerate(jobs)), one, concurrency)])
    return [f for i in range(len(jobs)) for f in by_index[i]]
