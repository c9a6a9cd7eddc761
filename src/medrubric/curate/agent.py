"""One structured call of a curation agent, logged for provenance.

Every call records its agent, prompt id, model label, attempts, cache hit and usage, so a case
can say exactly what produced it. A call that still fails after the client's retries stops
the thread as an `error` (retried on the next run), never as a rejection.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Awaitable
from typing import Any, TypeVar

from medrubric.curate.schemas import AgentReply, CurationConfig, Stage
from medrubric.data.models import Thread
from medrubric.llm.provenance import call_provenance, labelled
from medrubric.llm.types import CallResult, ChatModel
from medrubric.prompts import render

R = TypeVar("R", bound=AgentReply)
T = TypeVar("T")


class AgentFailure(Exception):
    """A model call that produced no usable reply; the thread is recorded as an error."""

    def __init__(self, stage: Stage, agent: str, detail: str):
        self.stage = stage
        self.agent = agent
        self.detail = detail
        super().__init__(f"{agent}: {detail}")


def call_record(agent: str, prompt_id: str, result: CallResult) -> dict[str, Any]:
    return {"agent": agent, **call_provenance(prompt_id, result)}


def thread_fence(thread: Thread) -> str:
    """A delimiter the thread cannot contain in advance, so its text cannot close the fence."""
    return "THREAD-" + hashlib.sha256(thread.text().encode("utf-8")).hexdigest()[:12].upper()


def thread_variables(thread: Thread) -> dict[str, Any]:
    return {
        "fence": thread_fence(thread),
        "title": thread.title,
        "messages": [m.model_dump() for m in thread.messages],
    }


async def ask(
    model: ChatModel,
    *,
    stage: Stage,
    agent: str,
    template: str,
    schema: type[R],
    config: CurationConfig,
    log: list[dict[str, Any]],
    **variables: Any,
) -> R:
    """Render `template`, call the model with `schema`, log the call, return the parsed reply."""
    text, prompt_id = render(template, **variables)
    result = await model.chat(
        [{"role": "user", "content": text}],
        prompt_version=prompt_id,
        schema=schema,
        params={"temperature": config.temperature, "max_tokens": config.max_tokens},
    )
    result = labelled(result, model)
    log.append(call_record(agent, prompt_id, result))
    if result.error is not None or result.parsed is None:
        raise AgentFailure(stage, agent, result.error or "the reply carried no structured object")
    return schema.model_validate(result.parsed)


async def gather_calls(*calls: Awaitable[T]) -> list[T]:
    """Run calls concurrently and let all of them finish (and be logged) before the first
    failure is raised, so no call outlives the thread's record."""
    results = await asyncio.gather(*calls, return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException):
            raise result
    return list(results)  # type: ignore[arg-type]
