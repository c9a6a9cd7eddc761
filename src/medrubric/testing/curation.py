"""Scripted curation agents for tests: each thread's patient text names its kind, and the
script answers every agent by that kind, in process (`ScriptedModel`) or behind HTTP
(`ReplayServer(script.http)`)."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel

from medrubric.curate import schemas
from medrubric.curate.schemas import (
    AdviceCheckReply,
    ControllerReply,
    NarrativeCheckReply,
    QueryCheckReply,
    ScreenerReply,
)
from medrubric.data.models import Thread


def thread(n: int, kind: str) -> Thread:
    """`kind` is written into the patient's text; the scripted model decides by it. Each
    thread's text is its own, so no two threads send the same request."""
    return Thread.model_validate(
        {
            "source": "forum",
            "thread_id": f"t{n}",
            "language": "en",
            "messages": [
                {"author_role": "patient", "text": f"case {kind}: fever for {n + 1} days."},
                {"author_role": "physician", "text": "Take paracetamol."},
            ],
        }
    )


DAYS = re.compile(r"fever (?:for|of) (\d+) days")
KINDS = ["good", "good", "noadvice", "veto", "flaky", "unsupported", "good"]


class Script:
    """Outcome per thread kind; `flaky` fails its screener call until `healed`."""

    def __init__(self) -> None:
        self.healed = False

    def __call__(self, messages: list[dict[str, str]], schema: type[BaseModel] | None) -> Any:
        text = messages[-1]["content"]
        kind = next((k for k in KINDS if f"case {k}:" in text), "good")
        days = found[1] if (found := DAYS.search(text)) else "some"
        if schema is ScreenerReply:
            if kind == "flaky" and not self.healed:
                raise ConnectionError("server went away")
            advice = [] if kind == "noadvice" else [f"Take paracetamol ({kind}) for {days} days."]
            return {
                "narrative": [{"section": "S", "fact": f"case {kind}: fever for {days} days"}],
                "query": f"What should I do about my fever of {days} days?",
                "advice": advice,
                "specialty": "general practice",
            }
        if schema is QueryCheckReply:
            return {"meaningful_chief_complaint": True, "reason": "ok"}
        if schema is NarrativeCheckReply:
            return {"required_information": [{"item": "duration", "present": True}]}
        if schema is AdviceCheckReply:
            verdict = "contradicted" if "(veto)" in text else "supported"
            return {"verdict": verdict, "evidence_ids": [], "rationale": "r"}
        if schema is ControllerReply:
            ok = kind != "unsupported"
            checks = [{"id": i, "supported": ok, "reason": "r"} for i in ("N1", "Q", "A1")]
            return {"checks": checks, "specialty": "unknown"}
        raise AssertionError(schema)

    def http(self, body: dict[str, Any]) -> Any:
        """The reply to an OpenAI-style request; its reply schema's name says which agent."""
        name = body["response_format"]["json_schema"]["name"]
        return self(body["messages"], getattr(schemas, name))
