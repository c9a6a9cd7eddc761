"""LLM classification of low-scoring answers into the seven error types of LiveMedBench
App. D.1 (one main type per answer), with per-model counts and Wilson CIs.

A classification call that fails is recorded with its error and counted apart, never
assigned a type. Re-running is served from the LLM cache.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

from medrubric.analysis.llm_tasks import ask_verdict
from medrubric.analysis.runs import Run
from medrubric.data.models import CaseGrade
from medrubric.llm.types import ChatModel
from medrubric.prompts import get_prompt, render
from medrubric.runtime.concurrency import run_in_order
from medrubric.runtime.prompting import conversation_text, fence_tag
from medrubric.stats import wilson_interval

PROMPT = "error_type"
ErrorType = Literal["CNIF", "GOPR", "CRSD", "IMNA", "KGOC", "SOFR", "MHME"]
ERROR_TYPES: dict[str, str] = {
    "CNIF": "Contextual neglect & integration failure",
    "GOPR": "Guideline overgeneralisation & protocol rigidity",
    "CRSD": "Clinical reasoning & synthesis deficit",
    "IMNA": "Instruction misinterpretation & non-adherence",
    "KGOC": "Knowledge gaps & outdated content",
    "SOFR": "Safety overestimation (false refusal, needless escalation)",
    "MHME": "Misclassification, hallucination & moderation errors",
}


class ErrorTypeVerdict(BaseModel):
    """The reply schema the classifier must follow."""

    model_config = ConfigDict(extra="forbid")

    rationale: str
    error_type: ErrorType


class LowSelection(BaseModel):
    """Which answers count as low-scoring: the bottom `share` of a model's scored answers,
    or (when set) every answer scoring below `threshold`."""

    model_config = ConfigDict(extra="forbid")

    share: float = 0.2
    threshold: float | None = None

    @model_validator(mode="after")
    def _in_range(self) -> LowSelection:
        if not 0 < self.share <= 1:
            raise ValueError(f"share must lie in (0, 1], got {self.share}")
        return self


class Classification(BaseModel):
    model_config = ConfigDict(extra="forbid")

    model: str
    case_id: str
    score: float
    classifier: str
    prompt_version: str
    error_type: ErrorType | None = None
    rationale: str = ""
    error: str | None = None
    cached: bool = False


class TypeCount(BaseModel):
    model_config = ConfigDict(extra="forbid")

    n: int
    share: float | None
    ci95: tuple[float, float] | None


class ErrorTypeCounts(BaseModel):
    model_config = ConfigDict(extra="forbid")

    model: str
    n_selected: int
    n_classified: int
    n_failed: int
    types: dict[str, TypeCount]


def select_low(run: Run, selection: LowSelection) -> list[tuple[CaseGrade, float]]:
    """The low-scoring answers, lowest first (ties by case id)."""
    scores = run.scores()
    ranked = sorted(scores, key=lambda cid: (scores[cid], cid))
    if selection.threshold is not None:
        chosen = [c for c in ranked if scores[c] < selection.threshold]
    else:
        chosen = ranked[: max(1, round(selection.share * len(ranked)))] if ranked else []
    by_id = {g.case_id: g for g in run.grades}
    return [(by_id[c], scores[c]) for c in chosen]


def classification_messages(run: Run, grade: CaseGrade) -> tuple[list[dict[str, str]], str] | None:
    """The prompt for one answer; None when the run lacks the case or the answer text."""
    case, response = run.cases.get(grade.case_id), run.responses.get(grade.case_id)
    if case is None or response is None or response.response is None:
        return None
    texts = {c.id: c.text for c in case.rubric}
    failed = [
        {"weight": v.weight, "text": texts.get(v.criterion_id, v.criterion_id)}
        for v in grade.criteria
        if v.error is None and bool(v.met) != (v.weight > 0)
    ]
    text, prompt_id = render(
        PROMPT,
        fence=fence_tag(response.response),
        conversation=conversation_text(case.conversation()),
        answer=response.response,
        failed=failed,
    )
    return [{"role": "user", "content": text}], prompt_id


async def classify_answer(
    model: ChatModel, run: Run, grade: CaseGrade, score: float, max_tokens: int | None = None
) -> Classification:
    built = classification_messages(run, grade)
    base = {"model": run.model, "case_id": grade.case_id, "score": score, "classifier": model.label}
    if built is None:
        return Classification(
            **base,
            prompt_version=get_prompt(PROMPT).id,
            error="the run directory has no case text or answer for this case",
        )
    messages, prompt_id = built
    verdict, outcome = await ask_verdict(model, messages, prompt_id, ErrorTypeVerdict, max_tokens)
    if verdict is None:
        return Classification(**base, **outcome)
    return Classification(
        **base, **outcome, error_type=verdict.error_type, rationale=verdict.rationale
    )


async def classify_runs(
    model: ChatModel,
    runs: Sequence[Run],
    selection: LowSelection,
    *,
    concurrency: int = 4,
    max_tokens: int | None = None,
    show_progress: bool = True,
) -> list[Classification]:
    jobs = [(run, grade, score) for run in runs for grade, score in select_low(run, selection)]
    return await run_in_order(
        jobs,
        lambda job: classify_answer(model, *job, max_tokens),
        limit=concurrency,
        label="error types",
        show_progress=show_progress,
    )


def count_types(classifications: Sequence[Classification]) -> list[ErrorTypeCounts]:
    """Per model: how many answers of each type, as a share of the classified ones (Wilson)."""
    out = []
    for model in dict.fromkeys(c.model for c in classifications):
        mine = [c for c in classifications if c.model == model]
        typed: Counter[str] = Counter(c.error_type for c in mine if c.error_type is not None)
        n = sum(typed.values())
        out.append(
            ErrorTypeCounts(
                model=model,
                n_selected=len(mine),
                n_classified=n,
                n_failed=len(mine) - n,
                types={
                    t: TypeCount(
                        n=typed[t],
                        share=typed[t] / n if n else None,
                        ci95=wilson_interval(typed[t], n) if n else None,
                    )
                    for t in ERROR_TYPES
                },
            )
        )
    return out
