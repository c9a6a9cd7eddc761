"""Screener (seed §3.2.1): thread -> SOAP narrative facts L_N, query Q, advice list L_A.

A thread moves on only when all three are present after blank items are dropped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from medrubric.curate.agent import ask, thread_variables
from medrubric.curate.schemas import CurationConfig, NarrativeFact, ScreenerReply
from medrubric.data.models import Thread
from medrubric.llm.types import ChatModel

REJECT_INCOMPLETE = "screener_incomplete"


@dataclass(frozen=True)
class Screened:
    facts: list[NarrativeFact]
    query: str
    advice: list[str]
    specialty: str

    def missing(self) -> list[str]:
        parts = {"narrative": self.facts, "query": self.query, "advice": self.advice}
        return [name for name, value in parts.items() if not value]

    def provenance(self) -> dict[str, Any]:
        return {
            "narrative": [f.model_dump() for f in self.facts],
            "query": self.query,
            "advice": self.advice,
            "specialty": self.specialty,
        }


def clean(reply: ScreenerReply) -> Screened:
    """Strip whitespace and drop empty items, so 'present' means present."""
    facts = [
        NarrativeFact(section=f.section, fact=f.fact.strip())
        for f in reply.narrative
        if f.fact.strip()
    ]
    advice = [a.strip() for a in reply.advice if a.strip()]
    return Screened(facts, reply.query.strip(), advice, normalise_specialty(reply.specialty))


def normalise_specialty(name: str) -> str:
    return name.strip().lower() or "unknown"


async def screen(
    thread: Thread,
    language: str,
    model: ChatModel,
    config: CurationConfig,
    log: list[dict[str, Any]],
) -> Screened:
    reply = await ask(
        model,
        stage="screener",
        agent="screener",
        template=f"screener.{language}",
        schema=ScreenerReply,
        config=config,
        log=log,
        **thread_variables(thread),
    )
    return clean(reply)
