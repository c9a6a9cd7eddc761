"""The Rubric Generator (LiveMedBench §3.3.1): one case in, a validated rubric or a reason out.

The model picks the theme, selects the relevant advice and writes weighted criteria; the
draft is checked by `validate_draft`. An invalid draft is re-asked once with its problems
listed; a second invalid draft is *rejected* with those problems. A call that fails after
the client's retries is an *error*, retried on the next run. Nothing is dropped silently.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from typing import Any

from medrubric.data.models import Criterion, CuratedCase
from medrubric.data.vocab import LIFE_CRITICAL_ABS_WEIGHT
from medrubric.llm.provenance import call_provenance, labelled
from medrubric.llm.types import CallResult, ChatModel
from medrubric.prompts import render
from medrubric.rubric.schemas import Problem, RubricDraft, RubricRecord, RubricStatus
from medrubric.rubric.validate import MAX_CRITERIA, MIN_CRITERIA, validate_draft

GENERATE_PROMPT = "rubric_generate"
REASK_PROMPT = "rubric_reask"
LIFE_CRITICAL_TAG = "life_critical"


def case_fence(case: CuratedCase) -> str:
    """A delimiter the case text cannot contain in advance, so it cannot close the fence."""
    text = "\n".join([case.narrative, case.query, *case.advice])
    return "CASE-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:12].upper()


def rubric_messages(case: CuratedCase, fixed_n: int | None) -> tuple[list[dict[str, str]], str]:
    text, prompt_id = render(
        f"{GENERATE_PROMPT}.{case.language}",
        fence=case_fence(case),
        narrative=case.narrative.strip(),
        query=case.query.strip(),
        advice=case.advice,
        fixed_n=fixed_n,
        min_criteria=MIN_CRITERIA,
        max_criteria=MAX_CRITERIA,
        extreme_weight=LIFE_CRITICAL_ABS_WEIGHT,
    )
    return [{"role": "user", "content": text}], prompt_id


def to_criteria(draft: RubricDraft) -> list[Criterion]:
    return [
        Criterion(
            id=f"c{n}",
            text=c.text.strip(),
            axis=c.axis,
            weight=c.weight,
            tags=[LIFE_CRITICAL_TAG]
            if c.life_critical and abs(c.weight) >= LIFE_CRITICAL_ABS_WEIGHT
            else [],
        )
        for n, c in enumerate(draft.criteria, start=1)
    ]


def _call_log(prompt_id: str, result: CallResult, problems: list[Problem]) -> dict[str, Any]:
    return {**call_provenance(prompt_id, result), "problems": [p.line() for p in problems]}


class RubricJob:
    """Generates the rubric of one case and keeps the provenance of every call."""

    def __init__(
        self,
        case: CuratedCase,
        model: ChatModel,
        fixed_n: int | None,
        temperature: float,
        max_tokens: int | None,
    ):
        self.case = case
        self.model = model
        self.fixed_n = fixed_n
        self.params: dict[str, Any] = {"temperature": temperature}
        if max_tokens is not None:
            self.params["max_tokens"] = max_tokens
        self.calls: list[dict[str, Any]] = []
        self.prompts: list[str] = []

    async def _ask(
        self, messages: list[dict[str, str]], prompt_id: str
    ) -> tuple[CallResult, RubricDraft | None, list[Problem]]:
        result = await self.model.chat(
            messages, prompt_version=prompt_id, schema=RubricDraft, params=self.params
        )
        result = labelled(result, self.model)
        draft = RubricDraft.model_validate(result.parsed) if result.ok and result.parsed else None
        problems = (
            validate_draft(draft, n_advice=len(self.case.advice), fixed_n=self.fixed_n)
            if draft is not None
            else []
        )
        self.calls.append(_call_log(prompt_id, result, problems))
        self.prompts.append(prompt_id)
        return result, draft, problems

    def provenance(self, draft: RubricDraft | None = None) -> dict[str, Any]:
        rubric: dict[str, Any] = {
            "model": self.model.label,
            "prompts": sorted(set(self.prompts)),
            "params": self.params,
            "fixed_n": self.fixed_n,
            "calls": self.calls,
            "generated_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        }
        if draft is not None:
            rubric["selected_advice"] = [
                self.case.advice[i - 1] for i in dict.fromkeys(draft.selected_advice)
            ]
            rubric["life_critical"] = {
                f"c{n}": c.life_critical_reason
                for n, c in enumerate(draft.criteria, start=1)
                if c.life_critical and abs(c.weight) >= LIFE_CRITICAL_ABS_WEIGHT
            }
        return {**self.case.provenance, "rubric": rubric}

    def record(self, status: RubricStatus, reason: str = "", **fields: Any) -> RubricRecord:
        return RubricRecord(
            case_id=self.case.id,
            status=status,
            reason=reason,
            finished_at=dt.datetime.now(dt.UTC),
            **{"provenance": self.provenance(), **fields},
        )

    async def run(self) -> RubricRecord:
        messages, prompt_id = rubric_messages(self.case, self.fixed_n)
        result, draft, problems = await self._ask(messages, prompt_id)
        if draft is not None and problems:
            reask, reask_id = render(
                f"{REASK_PROMPT}.{self.case.language}", problems=[p.line() for p in problems]
            )
            followup = [
                *messages,
                {"role": "assistant", "content": result.text or ""},
                {"role": "user", "content": reask},
            ]
            result, draft, problems = await self._ask(followup, reask_id)
        if draft is None:
            return self.record("error", result.error or "the reply carried no rubric")
        if problems:
            reason = "; ".join(sorted({p.code for p in problems}))
            return self.record("rejected", f"invalid after one re-ask: {reason}", problems=problems)
        case = self.case.model_copy(update={"provenance": self.provenance(draft)})
        return self.record(
            "case",
            case=case.with_rubric(to_criteria(draft), theme=draft.theme),
            provenance=case.provenance,
        )


async def generate_rubric(
    case: CuratedCase,
    model: ChatModel,
    *,
    fixed_n: int | None = None,
    temperature: float = 0.0,
    max_tokens: int | None = None,
) -> RubricRecord:
    """One case as a `case`, `rejected` or `error` record; never raises for model failures."""
    return await RubricJob(case, model, fixed_n, temperature, max_tokens).run()
