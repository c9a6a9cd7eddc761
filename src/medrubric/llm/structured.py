"""Structured output: how a schema is sent, how a reply is checked, and the one re-ask.

Shared by the real client and the scripted model so both behave the same way: a reply that
does not validate is re-asked once with the validation error; a second failure is an error.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from pydantic import BaseModel, ValidationError

from medrubric.data.models import Usage
from medrubric.errors import describe_validation_error
from medrubric.llm.config import StructuredStyle
from medrubric.llm.types import CallResult

_FENCE = re.compile(r"^\s*```(?:json)?\s*\n(?P<body>.*?)\n?```\s*$", re.DOTALL)
_NAME_CHARS = re.compile(r"[^A-Za-z0-9_-]")


@dataclass
class Exchange:
    """One request/response round (after retries): the reply text, or why there is none."""

    text: str | None = None
    usage: Usage = field(default_factory=Usage)
    attempts: int = 0
    error: str | None = None
    truncated: bool = False  # the reply stopped at the token limit (finish_reason "length")


Send = Callable[[list[dict[str, str]]], Awaitable[Exchange]]


@cache
def schema_json(schema: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema of a reply model, built once per model: building it costs more than
    the rest of a call's client-side work. Callers must not modify it."""
    return schema.model_json_schema()


def _strict_compatible(node: Any) -> bool:
    """OpenAI strict mode needs every object closed and every property required."""
    if isinstance(node, dict):
        props = node.get("properties")
        if props is not None and (
            node.get("additionalProperties") is not False
            or set(node.get("required", [])) != set(props)
        ):
            return False
        return all(_strict_compatible(v) for v in node.values())
    if isinstance(node, list):
        return all(_strict_compatible(v) for v in node)
    return True


@cache
def response_format(style: StructuredStyle, schema: type[BaseModel]) -> dict[str, Any]:
    """The `response_format` body the endpoint understands for this schema, built once."""
    body = schema_json(schema)
    if style == "llama_cpp":
        return {"type": "json_object", "schema": body}
    if style == "json_object":
        return {"type": "json_object"}
    name = _NAME_CHARS.sub("_", schema.__name__)[:64] or "reply"
    return {
        "type": "json_schema",
        "json_schema": {"name": name, "schema": body, "strict": _strict_compatible(body)},
    }


def validate_reply(text: str, schema: type[BaseModel]) -> tuple[dict[str, Any] | None, str | None]:
    """(parsed, None) when `text` is JSON valid for `schema`, else (None, what is wrong)."""
    fenced = _FENCE.match(text)
    body = fenced["body"] if fenced else text
    try:
        data = json.loads(body)
    except json.JSONDecodeError as exc:
        # json words some messages to be followed by a position ("... starting at")
        what = exc.msg.removesuffix(" at")
        # JSON that stops short at its last character was most likely cut at the length limit
        end = ", the reply's end" if body and exc.pos >= len(body.rstrip()) else ""
        return None, f"reply is not valid JSON ({what} at character {exc.pos}{end})"
    try:
        return schema.model_validate(data).model_dump(mode="json"), None
    except ValidationError as exc:
        return None, f"reply does not match the schema: {describe_validation_error(exc)}"


def reask_messages(
    messages: list[dict[str, str]], reply: str, problem: str
) -> list[dict[str, str]]:
    return [
        *messages,
        {"role": "assistant", "content": reply},
        {
            "role": "user",
            "content": f"Your reply could not be used: {problem}. "
            "Reply again with only a JSON object that matches the required schema.",
        },
    ]


async def ask(
    send: Send, messages: list[dict[str, str]], schema: type[BaseModel] | None, label: str
) -> CallResult:
    """Send, validate against `schema`, re-ask once on an invalid reply."""
    first = await send(messages)
    usage, attempts = first.usage, first.attempts

    def result(**fields: Any) -> CallResult:
        return CallResult(usage=usage, attempts=attempts, model=label, **fields)

    if first.error is not None or first.text is None:
        return result(error=first.error or "no reply")
    if schema is None:
        return result(text=first.text, truncated=first.truncated)
    parsed, problem = validate_reply(first.text, schema)
    if problem is None:
        return result(text=first.text, parsed=parsed)
    second = await send(reask_messages(messages, first.text, problem))
    usage, attempts = usage + second.usage, attempts + second.attempts
    if second.error is not None or second.text is None:
        return result(error=f"{problem}; re-ask failed: {second.error or 'no reply'}")
    parsed, problem_again = validate_reply(second.text, schema)
    if problem_again is not None:
        return result(error=f"{problem_again} (after one re-ask)", text=second.text)
    return result(text=second.text, parsed=parsed)
