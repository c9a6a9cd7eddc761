"""Grader reply schemas and their conversion into Verdicts.

A reply that is missing, unparsable or off-schema becomes a Verdict with `error` set, so a
grader failure is never read as "Not Met". In batched mode the reply must carry exactly one
verdict per criterion id; `check_ids` says which ids are missing, extra or repeated.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model
from pydantic.config import JsonDict

from medrubric.data.models import Criterion, Verdict
from medrubric.errors import describe_validation_error
from medrubric.llm.types import CallResult


class CriterionReply(BaseModel):
    """Per-criterion grader reply (HealthBench's convention: explanation, then criteria_met)."""

    model_config = ConfigDict(extra="ignore")

    explanation: str = ""
    criteria_met: bool


class BatchedItem(BaseModel):
    """One verdict of a batched reply; the id comes first so a model writes it first."""

    model_config = ConfigDict(extra="ignore")

    criterion_id: str
    explanation: str = ""
    criteria_met: bool


class BatchedReply(BaseModel):
    """Batched grader reply: one item per criterion id of the rubric."""

    model_config = ConfigDict(extra="ignore")

    verdicts: list[BatchedItem]


def _positional_item(criterion_id: str) -> JsonDict:
    return {
        "type": "object",
        "properties": {
            "criterion_id": {"type": "string", "const": criterion_id},
            "explanation": {"type": "string"},
            "criteria_met": {"type": "boolean"},
        },
        "required": ["criterion_id", "explanation", "criteria_met"],
        "additionalProperties": False,
    }


@cache
def batched_schema(ids: tuple[str, ...]) -> type[BatchedReply]:
    """BatchedReply whose JSON schema fixes the reply to one item per rubric id, in rubric
    order (`prefixItems`, each item's id a `const`, no further items), so an endpoint that
    decodes under a schema (llama.cpp grammars, vLLM/SGLang guided decoding) can write each
    id once and only once. OpenAI strict mode has no `prefixItems`, so there the schema is
    sent non-strict, as the batched schema always was. Validation stays lenient on purpose:
    unknown, missing or repeated ids are reported by `check_ids` and re-asked, not rejected
    wholesale."""
    positional: JsonDict = {
        "prefixItems": [_positional_item(i) for i in ids],
        "items": False,
        "minItems": len(ids),
        "maxItems": len(ids),
    }
    verdicts = (list[BatchedItem], Field(json_schema_extra=positional))
    return create_model("BatchedReply", __base__=BatchedReply, verdicts=verdicts)


S = TypeVar("S", bound=BaseModel)


def _json_object(text: str) -> object:
    """The JSON object in a reply, tolerating a code fence or prose around it."""
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        raise ValueError("no JSON object in the reply")
    return json.loads(text[start : end + 1])


def parse_reply(result: CallResult, schema: type[S]) -> S | str:
    """The reply as `schema`, or the reason it is unusable (a call error, bad JSON, bad fields)."""
    if not result.ok:
        return f"grader call failed: {result.error}"
    try:
        raw = result.parsed if result.parsed is not None else _json_object(result.text or "")
        return schema.model_validate(raw)
    except ValidationError as exc:
        return f"grader reply off schema: {describe_validation_error(exc)}"
    except ValueError as exc:  # includes json.JSONDecodeError
        return f"grader reply is not JSON: {exc}"


def verdict(criterion: Criterion, met: bool, explanation: str) -> Verdict:
    return Verdict(
        criterion_id=criterion.id,
        weight=criterion.weight,
        axis=criterion.axis,
        met=met,
        explanation=explanation.strip(),
    )


def error_verdict(criterion: Criterion, error: str) -> Verdict:
    return Verdict(
        criterion_id=criterion.id, weight=criterion.weight, axis=criterion.axis, error=error
    )


def criterion_verdict(criterion: Criterion, result: CallResult) -> Verdict:
    """One per-criterion call's result as a Verdict (met true/false, or an error)."""
    reply = parse_reply(result, CriterionReply)
    if isinstance(reply, str):
        return error_verdict(criterion, reply)
    return verdict(criterion, reply.criteria_met, reply.explanation)


@dataclass
class IdCheck:
    """How a batched reply's ids differ from the rubric's."""

    missing: list[str] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)
    repeated: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.missing or self.extra or self.repeated)

    def describe(self) -> str:
        parts = [
            f"{label}: {', '.join(ids)}"
            for label, ids in (
                ("missing ids", self.missing),
                ("unknown ids", self.extra),
                ("ids given more than once", self.repeated),
            )
            if ids
        ]
        return "; ".join(parts)


def check_ids(expected: list[str], reply: BatchedReply) -> IdCheck:
    given = [item.criterion_id.strip() for item in reply.verdicts]
    wanted = set(expected)
    return IdCheck(
        missing=[i for i in expected if i not in given],
        extra=sorted({i for i in given if i not in wanted}),
        repeated=sorted({i for i in given if i in wanted and given.count(i) > 1}),
    )


def unambiguous_items(reply: BatchedReply, expected: list[str]) -> dict[str, BatchedItem]:
    """Items for expected ids given exactly once (a repeated id is not trusted)."""
    given = [item.criterion_id.strip() for item in reply.verdicts]
    return {
        item.criterion_id.strip(): item
        for item in reply.verdicts
        if item.criterion_id.strip() in expected and given.count(item.criterion_id.strip()) == 1
    }
