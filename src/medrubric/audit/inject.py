"""The injection pipeline: applicability → injection → programmatic check → judge → retry once.

For each (answer, error type) two applicability models must both say the type applies; the
injector then edits the answer and declares its edits; `edits.check_edits` verifies them and an
LLM judge confirms the error is there, of that type, could change diagnosis or management and
reads fluently. A failed check is fed back for one retry; a second failure is a discard with
its reason. Model calls that fail are logged as failures (never as discards) and retried by
the next run; finished (answer, type) results are appended as they complete.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field

from medrubric.audit.edits import EditLimits, check_edits
from medrubric.audit.pairs import (
    ApplicabilityVote,
    AuditPair,
    CallFailure,
    CheckOutcome,
    Discard,
    Edit,
    make_pair_id,
)
from medrubric.audit.taxonomy import ErrorType, load_taxonomy
from medrubric.data.models import Case, Response
from medrubric.llm.types import CallResult, ChatModel
from medrubric.prompts import render
from medrubric.runtime.prompting import conversation_text, fence_tag

Messages = list[dict[str, str]]
Outcome = AuditPair | Discard | CallFailure

APPLICABILITY_PROMPT = ("audit_applicability", 1)
INJECT_PROMPT = ("audit_inject", 1)
JUDGE_PROMPT = ("audit_judge", 1)


class ApplicabilityReply(BaseModel):
    reasoning: str
    applies: bool


class InjectionReply(BaseModel):
    rationale: str = ""
    edits: list[Edit]
    edited_answer: str


class JudgeReply(BaseModel):
    reasoning: str
    error_present: bool
    correct_type: bool
    could_change_management: bool
    fluent: bool

    def problems(self) -> list[str]:
        checks = {
            "error_present": "the intended error is not present",
            "correct_type": "the error is not of the intended type",
            "could_change_management": "the error could not change diagnosis or management",
            "fluent": "the edited answer is not fluent",
        }
        return [text for name, text in checks.items() if not getattr(self, name)]


@dataclass(frozen=True)
class Roles:
    """The four model roles of the pipeline."""

    applicability: tuple[ChatModel, ChatModel]
    injector: ChatModel
    judge: ChatModel

    def labels(self) -> dict[str, str]:
        first, second = self.applicability
        return {
            "applicability_1": first.label,
            "applicability_2": second.label,
            "injector": self.injector.label,
            "judge": self.judge.label,
        }


class InjectionSettings(BaseModel):
    taxonomy: str = Field(default_factory=lambda: load_taxonomy().id)
    limits: EditLimits = Field(default_factory=EditLimits)
    params: dict[str, float | int] = Field(default_factory=lambda: {"temperature": 0.0})


@dataclass(frozen=True)
class Task:
    case: Case
    answer: Response
    error_type: ErrorType

    @property
    def text(self) -> str:
        return self.answer.response or ""

    def ref(self) -> dict[str, str]:
        return {
            "case_id": self.case.id,
            "answer_model": self.answer.model,
            "error_type": self.error_type.code,
        }


def _user(text: str) -> Messages:
    return [{"role": "user", "content": text}]


def applicability_messages(task: Task) -> tuple[Messages, str]:
    name, version = APPLICABILITY_PROMPT
    text, prompt_id = render(
        name,
        version,
        error_type=task.error_type,
        fence=fence_tag(task.text),
        conversation=conversation_text(task.case.conversation()),
        answer=task.text,
    )
    return _user(text), prompt_id


def injection_messages(
    task: Task, votes: Sequence[ApplicabilityVote], limits: EditLimits
) -> tuple[Messages, str]:
    name, version = INJECT_PROMPT
    text, prompt_id = render(
        name,
        version,
        error_type=task.error_type,
        applicability=list(votes),
        fence=fence_tag(task.text),
        conversation=conversation_text(task.case.conversation()),
        answer=task.text,
        limits=limits,
    )
    return _user(text), prompt_id


def judge_messages(task: Task, reply: InjectionReply) -> tuple[Messages, str]:
    name, version = JUDGE_PROMPT
    text, prompt_id = render(
        name,
        version,
        error_type=task.error_type,
        fence=fence_tag(task.text + reply.edited_answer),
        conversation=conversation_text(task.case.conversation()),
        original=task.text,
        edited=reply.edited_answer,
        edits=reply.edits,
    )
    return _user(text), prompt_id


def feedback_message(problems: Sequence[str]) -> str:
    listed = "\n".join(f"- {p}" for p in problems)
    return (
        "Your edit failed the checks:\n"
        f"{listed}\n"
        "Try once more: reply with the same JSON format, fixing these problems."
    )


class _Failed(Exception):
    """A model call failed after retries; carries the stage for the failure log."""

    def __init__(self, stage: str, result: CallResult):
        super().__init__(result.error or "no reply")
        self.stage = stage


def _parsed(stage: str, result: CallResult, schema: type[Any]) -> Any:
    if not result.ok or result.parsed is None:
        raise _Failed(stage, result)
    return schema.model_validate(result.parsed)


async def vote(model: ChatModel, task: Task, params: dict[str, Any]) -> ApplicabilityVote:
    messages, prompt_id = applicability_messages(task)
    result = await model.chat(
        messages, prompt_version=prompt_id, schema=ApplicabilityReply, params=params
    )
    if not result.ok or result.parsed is None:
        return ApplicabilityVote(model=model.label, error=result.error or "no reply")
    reply = ApplicabilityReply.model_validate(result.parsed)
    return ApplicabilityVote(model=model.label, applies=reply.applies, reasoning=reply.reasoning)


@dataclass
class Attempt:
    reply: InjectionReply
    checks: list[CheckOutcome]
    failed: str | None  # name of the failed check, None when accepted
    problems: list[str]


async def check_attempt(
    task: Task,
    reply: InjectionReply,
    attempt: int,
    judge: ChatModel,
    settings: InjectionSettings,
) -> Attempt:
    edit_check = check_edits(task.text, reply.edited_answer, reply.edits, settings.limits)
    checks = [
        CheckOutcome(
            name="programmatic",
            attempt=attempt,
            passed=edit_check.passed,
            problems=edit_check.problems,
        )
    ]
    if not edit_check.passed:
        return Attempt(reply, checks, "programmatic", edit_check.problems)
    messages, prompt_id = judge_messages(task, reply)
    result = await judge.chat(
        messages, prompt_version=prompt_id, schema=JudgeReply, params=settings.params
    )
    verdict: JudgeReply = _parsed("judge", result, JudgeReply)
    problems = verdict.problems()
    checks.append(
        CheckOutcome(
            name="judge",
            attempt=attempt,
            passed=not problems,
            problems=problems,
            reasoning=verdict.reasoning,
        )
    )
    return Attempt(reply, checks, "judge" if problems else None, problems)


async def inject_one(task: Task, roles: Roles, settings: InjectionSettings) -> Outcome:
    """The whole pipeline for one (answer, error type); never raises for model failures."""
    try:
        return await _inject(task, roles, settings)
    except _Failed as failure:
        return CallFailure(**task.ref(), stage=failure.stage, error=str(failure))


async def _inject(task: Task, roles: Roles, settings: InjectionSettings) -> Outcome:
    votes = list(
        await asyncio.gather(*(vote(m, task, settings.params) for m in roles.applicability))
    )
    failed_votes = [v for v in votes if v.error is not None]
    if failed_votes:
        return CallFailure(
            **task.ref(),
            stage="applicability",
            error=f"{failed_votes[0].model}: {failed_votes[0].error}",
        )
    prompts = {"applicability": applicability_messages(task)[1]}
    if not all(v.applies for v in votes):
        against = "; ".join(f"{v.model}: {v.reasoning}" for v in votes if not v.applies)
        return Discard(
            **task.ref(),
            stage="not_applicable",
            reason=f"not both applicability models agree it applies ({against})",
            applicability=votes,
            models=roles.labels(),
            prompt_versions=prompts,
        )
    messages, inject_id = injection_messages(task, votes, settings.limits)
    prompts |= {"injector": inject_id, "judge": f"{JUDGE_PROMPT[0]}@{JUDGE_PROMPT[1]}"}
    checks: list[CheckOutcome] = []
    attempt: Attempt | None = None
    for number in (1, 2):
        result = await roles.injector.chat(
            messages, prompt_version=inject_id, schema=InjectionReply, params=settings.params
        )
        reply: InjectionReply = _parsed("injector", result, InjectionReply)
        attempt = await check_attempt(task, reply, number, roles.judge, settings)
        checks.extend(attempt.checks)
        if attempt.failed is None:
            return AuditPair(
                **task.ref(),
                pair_id=make_pair_id(task.case.id, task.answer.model, task.error_type.code),
                error_name=task.error_type.name,
                original=task.text,
                edited=reply.edited_answer,
                edits=reply.edits,
                applicability=votes,
                checks=checks,
                attempts=number,
                injector_rationale=reply.rationale,
                models=roles.labels(),
                prompt_versions=prompts,
                taxonomy=settings.taxonomy,
            )
        messages = [
            *messages,
            {"role": "assistant", "content": result.text or reply.model_dump_json()},
            {"role": "user", "content": feedback_message(attempt.problems)},
        ]
    assert attempt is not None and attempt.failed in ("programmatic", "judge")
    return Discard(
        **task.ref(),
        stage=attempt.failed,  # type: ignore[arg-type]
        reason=f"{attempt.failed} check failed after one retry: " + "; ".join(attempt.problems),
        applicability=votes,
        checks=checks,
        edited=attempt.reply.edited_answer,
        edits=attempt.reply.edits,
        models=roles.labels(),
        prompt_versions=prompts,
    )
