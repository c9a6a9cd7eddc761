"""Validator (seed §3.2.2): V = {S_cc, S_inf, S_align}.

S_cc  - the query is a meaningful chief complaint (1 or 0); must reach `s_cc_min`.
S_inf - share of the information a physician needs that the narrative states; must exceed
        `s_inf_min` (0.5).
S_align - mean of v(a_j) over the advice, v = 1.0 supported / 0.5 neutral / 0.0 contradicted
        against the top-k retrieved snippets; must exceed `s_align_min` (0.5), and any 0.0
        vetoes the case.
The checks run in that order and stop at the first failure, so a rejected query costs no
evidence calls.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from medrubric.curate.agent import ask, gather_calls
from medrubric.curate.schemas import (
    ADVICE_SCORE,
    AdviceCheckReply,
    CurationConfig,
    NarrativeCheckReply,
    QueryCheckReply,
)
from medrubric.curate.screener import Screened
from medrubric.data.models import Evidence
from medrubric.llm.types import ChatModel
from medrubric.retrieve.base import Retriever

REJECT_QUERY = "validator_query"
REJECT_NARRATIVE = "validator_narrative"
REJECT_VETO = "validator_veto"
REJECT_ALIGNMENT = "validator_alignment"


@dataclass
class AdviceRating:
    advice: str
    v: float
    verdict: str
    rationale: str
    evidence: list[Evidence]
    cited_ids: list[str]

    def provenance(self) -> dict[str, Any]:
        return {
            "advice": self.advice,
            "v": self.v,
            "verdict": self.verdict,
            "rationale": self.rationale,
            "evidence_ids": [e.id for e in self.evidence],
            "cited_ids": self.cited_ids,
        }


@dataclass
class Validation:
    s_cc: float | None = None
    s_cc_reason: str = ""
    s_inf: float | None = None
    required_information: list[dict[str, Any]] = field(default_factory=list)
    ratings: list[AdviceRating] = field(default_factory=list)
    reason: str | None = None
    detail: str = ""

    @property
    def s_align(self) -> float | None:
        return sum(r.v for r in self.ratings) / len(self.ratings) if self.ratings else None

    def provenance(self) -> dict[str, Any]:
        return {
            "s_cc": self.s_cc,
            "s_cc_reason": self.s_cc_reason,
            "s_inf": self.s_inf,
            "s_align": self.s_align,
            "required_information": self.required_information,
            "advice": [r.provenance() for r in self.ratings],
        }


def s_inf(reply: NarrativeCheckReply) -> float:
    """Share of required items present; no listed requirement means sufficiency is unproven."""
    items = reply.required_information
    return sum(i.present for i in items) / len(items) if items else 0.0


def query_decision(s_cc: float, config: CurationConfig) -> tuple[str, str] | None:
    if s_cc < config.s_cc_min:
        return REJECT_QUERY, f"S_cc = {s_cc:g} < {config.s_cc_min:g}"
    return None


def narrative_decision(score: float, config: CurationConfig) -> tuple[str, str] | None:
    if score <= config.s_inf_min:
        return REJECT_NARRATIVE, f"S_inf = {score:.3f} is not > {config.s_inf_min:g}"
    return None


def alignment_decision(scores: list[float], config: CurationConfig) -> tuple[str, str] | None:
    """Veto on any contradicted advice, else require mean v above the threshold."""
    if config.veto_on_contradiction and any(v == 0.0 for v in scores):
        vetoed = [i + 1 for i, v in enumerate(scores) if v == 0.0]
        return REJECT_VETO, f"advice {vetoed} contradicted by the evidence"
    mean = sum(scores) / len(scores)
    if mean <= config.s_align_min:
        return REJECT_ALIGNMENT, f"S_align = {mean:.3f} is not > {config.s_align_min:g}"
    return None


async def rate_advice(
    screened: Screened,
    advice: str,
    evidence: list[Evidence],
    language: str,
    model: ChatModel,
    config: CurationConfig,
    log: list[dict[str, Any]],
) -> AdviceRating:
    reply = await ask(
        model,
        stage="validator",
        agent="validator_advice",
        template=f"validator_advice.{language}",
        schema=AdviceCheckReply,
        config=config,
        log=log,
        query=screened.query,
        advice=advice,
        snippets=[e.model_dump() for e in evidence],
    )
    known = {e.id for e in evidence}
    cited = [i for i in reply.evidence_ids if i in known]
    return AdviceRating(
        advice, ADVICE_SCORE[reply.verdict], reply.verdict, reply.rationale, evidence, cited
    )


async def validate(
    screened: Screened,
    language: str,
    model: ChatModel,
    retriever: Retriever,
    config: CurationConfig,
    log: list[dict[str, Any]],
) -> Validation:
    narrative = "\n".join(f"[{f.section}] {f.fact}" for f in screened.facts)
    query_call = asyncio.ensure_future(
        ask(
            model,
            agent="validator_query",
            template=f"validator_query.{language}",
            schema=QueryCheckReply,
            stage="validator",
            config=config,
            log=log,
            query=screened.query,
            narrative=narrative,
        )
    )
    narrative_call = asyncio.ensure_future(
        ask(
            model,
            agent="validator_narrative",
            template=f"validator_narrative.{language}",
            schema=NarrativeCheckReply,
            stage="validator",
            config=config,
            log=log,
            query=screened.query,
            facts=[f.model_dump() for f in screened.facts],
        )
    )
    await gather_calls(query_call, narrative_call)
    query_reply, narrative_reply = query_call.result(), narrative_call.result()
    result = Validation(
        s_cc=1.0 if query_reply.meaningful_chief_complaint else 0.0,
        s_cc_reason=query_reply.reason,
        s_inf=s_inf(narrative_reply),
        required_information=[i.model_dump() for i in narrative_reply.required_information],
    )
    decision = query_decision(result.s_cc or 0.0, config) or narrative_decision(
        result.s_inf or 0.0, config
    )
    if decision is None:
        hits = retriever.search_many(screened.advice, config.evidence_k)
        result.ratings = list(
            await gather_calls(
                *(
                    rate_advice(screened, advice, evidence, language, model, config, log)
                    for advice, evidence in zip(screened.advice, hits, strict=True)
                )
            )
        )
        decision = alignment_decision([r.v for r in result.ratings], config)
    if decision is not None:
        result.reason, result.detail = decision
    return result
