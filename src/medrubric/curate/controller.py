"""Controller (seed §3.2.3): every narrative fact, the query and every advice element is
checked against the original thread; what the thread does not support is removed, with the
controller's reason. An element the controller did not judge is removed too: only content
confirmed against the thread reaches a case.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from medrubric.curate.agent import ask, thread_variables
from medrubric.curate.schemas import ControllerReply, CurationConfig, ElementCheck, NarrativeFact
from medrubric.curate.screener import Screened, normalise_specialty
from medrubric.data.models import Thread
from medrubric.llm.types import ChatModel

REJECT_QUERY_UNSUPPORTED = "controller_query_unsupported"
REJECT_EMPTY = "controller_empty"
NOT_JUDGED = "no judgement from the controller"
QUERY_ID = "Q"


@dataclass(frozen=True)
class Element:
    id: str
    kind: str  # narrative | query | advice
    text: str
    position: int  # index in the screener's list (0 for the query)


def elements_of(screened: Screened) -> list[Element]:
    """N1.., Q, A1..: short ids the controller answers by."""
    return [
        *(
            Element(f"N{i + 1}", "narrative", f"[{f.section}] {f.fact}", i)
            for i, f in enumerate(screened.facts)
        ),
        Element(QUERY_ID, "query", screened.query, 0),
        *(Element(f"A{i + 1}", "advice", a, i) for i, a in enumerate(screened.advice)),
    ]


@dataclass
class Controlled:
    facts: list[NarrativeFact]
    advice_positions: list[int]
    query_supported: bool
    kept: list[dict[str, Any]]
    removed: list[dict[str, Any]]
    specialty: str
    reason: str | None = None
    detail: str = ""

    def provenance(self) -> dict[str, Any]:
        return {"kept": self.kept, "removed": self.removed, "specialty": self.specialty}


def apply_checks(screened: Screened, checks: list[ElementCheck], specialty: str) -> Controlled:
    """Keep exactly the elements judged supported; the first judgement of an id counts."""
    verdicts: dict[str, ElementCheck] = {}
    for answer in checks:
        verdicts.setdefault(answer.id.strip().upper(), answer)
    kept: list[dict[str, Any]] = []
    removed: list[dict[str, Any]] = []
    for element in elements_of(screened):
        check = verdicts.get(element.id)
        entry = {"id": element.id, "kind": element.kind, "text": element.text}
        if check is not None and check.supported:
            kept.append({**entry, "reason": check.reason})
        else:
            removed.append({**entry, "reason": check.reason if check else NOT_JUDGED})
    kept_ids = {k["id"] for k in kept}
    result = Controlled(
        facts=[f for i, f in enumerate(screened.facts) if f"N{i + 1}" in kept_ids],
        advice_positions=[i for i in range(len(screened.advice)) if f"A{i + 1}" in kept_ids],
        query_supported=QUERY_ID in kept_ids,
        kept=kept,
        removed=removed,
        specialty=specialty,
    )
    if not result.query_supported:
        result.reason, result.detail = REJECT_QUERY_UNSUPPORTED, "the thread does not support Q"
    elif not result.facts or not result.advice_positions:
        empty = "narrative" if not result.facts else "advice"
        result.reason, result.detail = REJECT_EMPTY, f"no {empty} element survived the check"
    return result


async def control(
    thread: Thread,
    screened: Screened,
    language: str,
    model: ChatModel,
    config: CurationConfig,
    log: list[dict[str, Any]],
) -> Controlled:
    reply = await ask(
        model,
        stage="controller",
        agent="controller",
        template=f"controller.{language}",
        schema=ControllerReply,
        config=config,
        log=log,
        elements=[{"id": e.id, "text": e.text} for e in elements_of(screened)],
        **thread_variables(thread),
    )
    specialty = normalise_specialty(reply.specialty)
    if specialty == "unknown":
        specialty = screened.specialty
    return apply_checks(screened, reply.checks, specialty)
