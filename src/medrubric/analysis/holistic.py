"""Holistic LLM-as-a-judge baseline (LiveMedBench §5.1): one 0–10 score per answer, no
rubric, compared with physicians the same way as the rubric grader."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from medrubric.analysis.labels import LabelledAnswer
from medrubric.analysis.llm_tasks import ask_verdict
from medrubric.llm.types import ChatModel
from medrubric.prompts import render
from medrubric.runtime.concurrency import run_in_order
from medrubric.runtime.prompting import conversation_text, fence_tag

PROMPT = "holistic_judge"


class HolisticVerdict(BaseModel):
    """The reply schema the judge must follow."""

    model_config = ConfigDict(extra="forbid")

    rationale: str
    score: int = Field(ge=0, le=10)


class HolisticScore(BaseModel):
    """One answer's holistic score, or the error that stopped the judge (never a guess)."""

    model_config = ConfigDict(extra="forbid")

    answer_id: str
    judge: str
    prompt_version: str
    score: int | None = None
    rationale: str = ""
    error: str | None = None
    cached: bool = False


def holistic_messages(answer: LabelledAnswer) -> tuple[list[dict[str, str]], str]:
    text, prompt_id = render(
        PROMPT,
        fence=fence_tag(answer.answer),
        conversation=conversation_text(answer.conversation),
        answer=answer.answer,
    )
    return [{"role": "user", "content": text}], prompt_id


async def judge_answer(
    model: ChatModel, answer: LabelledAnswer, max_tokens: int | None = None
) -> HolisticScore:
    messages, prompt_id = holistic_messages(answer)
    verdict, outcome = await ask_verdict(model, messages, prompt_id, HolisticVerdict, max_tokens)
    base = {"answer_id": answer.answer_id, "judge": model.label, **outcome}
    if verdict is None:
        return HolisticScore(**base)
    return HolisticScore(**base, score=verdict.score, rationale=verdict.rationale)


async def judge_answers(
    model: ChatModel,
    answers: Sequence[LabelledAnswer],
    *,
    concurrency: int = 4,
    max_tokens: int | None = None,
    show_progress: bool = True,
) -> list[HolisticScore]:
    return await run_in_order(
        answers,
        lambda a: judge_answer(model, a, max_tokens),
        limit=concurrency,
        label="holistic judge",
        show_progress=show_progress,
    )
