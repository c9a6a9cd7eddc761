"""ScriptedModel: the unit-test backend follows the same rules as the real client."""

from __future__ import annotations

import asyncio
from typing import Any

from pydantic import BaseModel

from medrubric.llm import CallResult, ChatModel
from medrubric.testing.scripted import ScriptedModel


class Score(BaseModel):
    score: int


def call(model: ScriptedModel, schema: type[BaseModel] | None = Score) -> CallResult:
    return asyncio.run(
        model.chat([{"role": "user", "content": "rate"}], prompt_version="t@1", schema=schema)
    )


def test_dicts_are_validated_and_counted() -> None:
    model = ScriptedModel(lambda messages, schema: {"score": 3})
    result = call(model)
    assert isinstance(model, ChatModel)
    assert result.ok and result.parsed == {"score": 3} and result.text == '{"score": 3}'
    assert model.calls == 1 and model.stats.calls == 1 and model.stats.errors == 0


def test_plain_text_without_schema() -> None:
    model = ScriptedModel(lambda messages, schema: "free text", label="writer")
    result = call(model, schema=None)
    assert result.text == "free text" and result.parsed is None and result.model == "writer"


def test_invalid_reply_is_re_asked_once() -> None:
    replies = iter(["not json", {"score": 5}])
    model = ScriptedModel(lambda messages, schema: next(replies))
    result = call(model)
    assert result.parsed == {"score": 5} and model.calls == 2 and result.attempts == 2
    assert "not valid JSON" in model.requests[1][-1]["content"]


def test_raising_script_becomes_an_error_not_an_exception() -> None:
    def broken(messages: list[dict[str, str]], schema: Any) -> str:
        raise TimeoutError("simulated timeout")

    model = ScriptedModel(broken)
    result = call(model)
    assert not result.ok and result.error == "TimeoutError: simulated timeout"
    assert model.stats.errors == 1 and model.calls == 1


def test_two_invalid_replies_are_an_error() -> None:
    model = ScriptedModel(lambda messages, schema: {"score": "high"})
    result = call(model)
    assert not result.ok and "after one re-ask" in (result.error or "") and model.calls == 2
