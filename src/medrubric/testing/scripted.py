"""A `ChatModel` driven by a Python function, for unit tests of the stages.

It follows the real client's rules (schema validation with one re-ask, errors returned and
never raised, per-model stats) so a stage tested against it behaves the same on a real model.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from medrubric.llm.accounting import ModelStats
from medrubric.llm.structured import Exchange, ask
from medrubric.llm.types import CallResult

Reply = Callable[[list[dict[str, str]], type[BaseModel] | None], str | dict[str, Any]]


class ScriptedModel:
    """`reply(messages, schema)` returns text or a dict (sent as JSON), or raises to simulate a
    failed call. `calls` counts invocations of `reply` (re-asks included); `requests` keeps
    the messages of each."""

    def __init__(self, reply: Reply, *, label: str = "scripted"):
        self.label = label
        self.calls = 0
        self.requests: list[list[dict[str, str]]] = []
        self.stats = ModelStats(model=label)
        self._reply = reply

    async def chat(
        self,
        messages: list[dict[str, str]],
        *,
        prompt_version: str,
        schema: type[BaseModel] | None = None,
        params: dict[str, Any] | None = None,
    ) -> CallResult:
        async def send(msgs: list[dict[str, str]]) -> Exchange:
            self.calls += 1
            self.requests.append(msgs)
            try:
                answer = self._reply(msgs, schema)
            except Exception as exc:  # the script simulates any model-side failure this way
                return Exchange(error=f"{type(exc).__name__}: {exc}", attempts=1)
            text = answer if isinstance(answer, str) else json.dumps(answer, ensure_ascii=False)
            return Exchange(text=text, attempts=1)

        result = await ask(send, messages, schema, self.label)
        self.stats.record(result)
        return result
