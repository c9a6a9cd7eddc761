"""Candidate answers: zero-shot, temperature 0, one call per case (LiveMedBench §4.1), or K
answers per case with `--epochs K` (at the model's or `--temperature`'s temperature).

A case with its own conversation (e.g. a HealthBench prompt) is sent as it is; otherwise the
versioned `generate.<language>` template builds the paper's prompt: narrative, blank line,
query. A failed call becomes a Response with `error` set, never an empty answer.

Epoch e of a case is asked with the run's parameters plus `seed: e` for e >= 1 (epoch 0 adds
nothing), so epoch 0 is today's request, with today's LLM cache key and batch request id, and
every other epoch has its own key, request id and (where the endpoint honours a seed) a
reproducible sample.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any, Protocol

from medrubric.data.models import Case, Response
from medrubric.evaluate.rundir import AnswerKey, RunDir, answer_key, latest_by_key
from medrubric.llm.types import ChatModel
from medrubric.prompts import render
from medrubric.runtime.concurrency import bounded
from medrubric.runtime.progress import RunProgress


class CandidatePrompt(Protocol):
    """What a candidate is shown for a case, closed- or open-book (`openbook.KnowledgeSource`):
    (messages, prompt id, what the answer records about it)."""

    def conversation(self, case: Case) -> tuple[list[dict[str, str]], str, dict[str, Any]]: ...


GENERATE_PROMPT = "generate"
CONVERSATION_PROMPT = "case-conversation"  # recorded when the case's own turns are sent


def generation_messages(case: Case) -> tuple[list[dict[str, str]], str]:
    """The chat messages for `case` and the id of the prompt that built them."""
    if case.prompt:
        return [m.model_dump() for m in case.conversation()], CONVERSATION_PROMPT
    text, prompt_id = render(
        f"{GENERATE_PROMPT}.{case.language}",
        narrative=case.narrative.strip(),
        query=case.query.strip(),
    )
    return [{"role": "user", "content": text}], prompt_id


def epoch_params(params: dict[str, Any], epoch: int) -> dict[str, Any]:
    """The request parameters of epoch `epoch`: the run's, plus `seed: epoch` after epoch 0."""
    return params if epoch == 0 else {**params, "seed": epoch}


async def generate_one(
    model: ChatModel,
    case: Case,
    params: dict[str, Any],
    knowledge: CandidatePrompt,
    epoch: int = 0,
) -> Response:
    """One answer (epoch `epoch`) to the conversation `knowledge` builds (closed- or
    open-book), recording the parameters and the knowledge mode it was given."""
    params = epoch_params(params, epoch)
    messages, prompt_id, mode = knowledge.conversation(case)
    recorded = {**params, **mode}
    result = await model.chat(messages, prompt_version=prompt_id, params=params)
    text = result.text if result.ok else None
    error = result.error if not result.ok else None
    if result.ok and not (text or "").strip():
        text, error = None, "empty answer"
    return Response(
        case_id=case.id,
        model=model.label,
        epoch=epoch,
        response=text,
        error=error,
        prompt_version=prompt_id,
        params=recorded,
        usage=result.usage,
        cost_usd=result.cost_usd,
        cached=result.cached,
        truncated=text is not None and result.truncated,
    )


def pending_answers(
    cases: Sequence[Case],
    finished: dict[AnswerKey, Response],
    label: str,
    retry: bool,
    epochs: int = 1,
) -> list[tuple[Case, int]]:
    """The (case, epoch) pairs `label` has not answered yet in a run (with `retry`, also
    those whose answer failed); the run and its `--dry-run` estimate both ask this."""

    def needed(case: Case, epoch: int) -> bool:
        done = finished.get((case.id, label, epoch))
        return done is None or (retry and done.error is not None)

    return [(c, e) for e in range(epochs) for c in cases if needed(c, e)]


async def generate_responses(
    cases: Sequence[Case],
    model: ChatModel,
    run: RunDir,
    *,
    params: dict[str, Any],
    concurrency: int,
    progress: RunProgress,
    knowledge: CandidatePrompt,
    retry_errors: bool = True,
    epochs: int = 1,
) -> list[Response]:
    """Answer every (case, epoch) not yet answered by this model in `run` (with
    `retry_errors`, the default, also those whose answer failed); return all its responses
    for epochs 0..epochs-1, epoch by epoch."""
    finished = latest_by_key(run.load_responses())
    pending = pending_answers(cases, finished, model.label, retry_errors, epochs)
    # failed answers asked again
    redone = any((c.id, model.label, e) in finished for c, e in pending)
    total = len(cases) * epochs
    progress.tally.answering = True
    progress.stage("generate", total=total, done=total - len(pending))

    async def answer(item: tuple[Case, int]) -> Response:
        case, epoch = item
        return await generate_one(model, case, params, knowledge, epoch)

    async for response in bounded(pending, answer, concurrency):
        await asyncio.to_thread(run.append, run.responses, response)
        finished[answer_key(response)] = response
        progress.tally.add_call(response.usage, response.cost_usd, response.cached)
        progress.tally.answers += 1
        progress.tally.errors += response.error is not None
        progress.tally.truncated += response.truncated
        progress.advance("generate")
    if redone:  # one line per answer again
        await asyncio.to_thread(run.rewrite, run.responses, list(finished.values()))
    return [finished[(c.id, model.label, e)] for e in range(epochs) for c in cases]
