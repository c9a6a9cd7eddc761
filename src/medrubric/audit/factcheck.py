"""Retrieval-grounded fact check (SAFE-style, over a clinical evidence index instead of the web).

An answer is split into atomic, self-contained claims with a search query each; each query is
run against the evidence index and a judge labels the claim supported / not supported / not
checkable, citing the evidence ids it relied on. Per answer the unsupported claims are listed.
A failed model call is recorded as an error on the claim or answer, never as a label.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from medrubric.data.models import Case, Evidence
from medrubric.llm.types import ChatModel
from medrubric.prompts import render
from medrubric.retrieve import Retriever
from medrubric.runtime.prompting import conversation_text, fence_tag

ClaimLabel = Literal["supported", "not_supported", "not_checkable"]
CLAIMS_PROMPT = ("factcheck_claims", 1)
JUDGE_PROMPT = ("factcheck_judge", 1)


class ClaimItem(BaseModel):
    claim: str
    query: str


class ClaimsReply(BaseModel):
    claims: list[ClaimItem]


class ClaimJudgeReply(BaseModel):
    reasoning: str
    label: ClaimLabel
    evidence_ids: list[str] = Field(default_factory=list)


class ClaimCheck(BaseModel):
    """One claim, what was retrieved for it and the judge's label (or the call's error)."""

    model_config = ConfigDict(extra="forbid")

    claim: str
    query: str
    retrieved: list[str]
    label: ClaimLabel | None = None
    evidence_ids: list[str] = Field(default_factory=list)
    reasoning: str = ""
    error: str | None = None


class AnswerToCheck(BaseModel):
    """An answer to fact-check: `key` names it in the output (answer, original or edited)."""

    key: str
    case_id: str
    text: str


class AnswerCheck(BaseModel):
    model_config = ConfigDict(extra="forbid")

    key: str
    case_id: str
    checker: str
    retriever: str
    prompt_versions: dict[str, str]
    claims: list[ClaimCheck] = Field(default_factory=list)
    error: str | None = None

    @property
    def unsupported(self) -> list[str]:
        return [c.claim for c in self.claims if c.label == "not_supported"]

    @property
    def complete(self) -> bool:
        """No call failed: the answer's labels can be counted."""
        return self.error is None and all(c.error is None for c in self.claims)


class FactChecker:
    """Claim extraction, retrieval and claim judging with one model and one retriever."""

    def __init__(
        self,
        model: ChatModel,
        retriever: Retriever,
        *,
        k: int = 5,
        max_claims: int = 20,
        params: dict[str, float | int] | None = None,
    ):
        self.model = model
        self.retriever = retriever
        self.k = k
        self.max_claims = max_claims
        self.params = params or {"temperature": 0.0}

    def prompt_versions(self) -> dict[str, str]:
        return {name: f"{name}@{version}" for name, version in (CLAIMS_PROMPT, JUDGE_PROMPT)}

    async def claims(self, answer: AnswerToCheck, case: Case | None) -> ClaimsReply | str:
        name, version = CLAIMS_PROMPT
        text, prompt_id = render(
            name,
            version,
            fence=fence_tag(answer.text),
            conversation=conversation_text(case.conversation()) if case else "(not given)",
            answer=answer.text,
            max_claims=self.max_claims,
        )
        result = await self.model.chat(
            [{"role": "user", "content": text}],
            prompt_version=prompt_id,
            schema=ClaimsReply,
            params=self.params,
        )
        if not result.ok or result.parsed is None:
            return result.error or "no reply"
        reply = ClaimsReply.model_validate(result.parsed)
        kept = [c for c in reply.claims if c.claim.strip()][: self.max_claims]
        return ClaimsReply(claims=kept)

    async def judge(self, item: ClaimItem, evidence: Sequence[Evidence]) -> ClaimCheck:
        name, version = JUDGE_PROMPT
        text, prompt_id = render(
            name, version, fence=fence_tag(item.claim), claim=item.claim, evidence=list(evidence)
        )
        retrieved = [e.id for e in evidence]
        result = await self.model.chat(
            [{"role": "user", "content": text}],
            prompt_version=prompt_id,
            schema=ClaimJudgeReply,
            params=self.params,
        )
        if not result.ok or result.parsed is None:
            return ClaimCheck(
                claim=item.claim, query=item.query, retrieved=retrieved, error=result.error
            )
        reply = ClaimJudgeReply.model_validate(result.parsed)
        return ClaimCheck(
            claim=item.claim,
            query=item.query,
            retrieved=retrieved,
            label=reply.label,
            evidence_ids=[i for i in reply.evidence_ids if i in retrieved],
            reasoning=reply.reasoning,
        )

    async def check(self, answer: AnswerToCheck, case: Case | None) -> AnswerCheck:
        record = AnswerCheck(
            key=answer.key,
            case_id=answer.case_id,
            checker=self.model.label,
            retriever=f"{self.retriever.kind}:{self.retriever.model}",
            prompt_versions=self.prompt_versions(),
        )
        claims = await self.claims(answer, case)
        if isinstance(claims, str):
            return record.model_copy(update={"error": f"claim extraction failed: {claims}"})
        queries = [c.query.strip() or c.claim for c in claims.claims]
        found = (
            await asyncio.to_thread(self.retriever.search_many, queries, self.k) if queries else []
        )
        checks = await asyncio.gather(
            *(self.judge(c, ev) for c, ev in zip(claims.claims, found, strict=True))
        )
        return record.model_copy(update={"claims": list(checks)})
