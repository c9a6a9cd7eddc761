"""What the rubric generator asks for, what validation reports, and what a run records.

The reply schema leaves weights as plain integers on purpose: a weight out of range is a
validation *problem* the model is told about in the re-ask, not a reply that fails to parse.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from medrubric.data.models import Case, Record

ThemeId = Literal[
    "emergency_referrals",
    "context_seeking",
    "expertise_tailored_communication",
    "responding_under_uncertainty",
    "response_depth",
]
AxisId = Literal["accuracy", "completeness", "communication_quality", "context_awareness", "safety"]

ProblemCode = Literal[
    "weight_range",
    "extreme_weight",
    "no_positive",
    "criteria_count",
    "binary_weight",
    "compound",
    "length",
    "vague",
    "near_duplicate",
    "advice_index",
]


class DraftCriterion(BaseModel):
    """One criterion as the model writes it."""

    text: str
    axis: AxisId
    weight: int
    life_critical: bool = False
    life_critical_reason: str = ""


class RubricDraft(BaseModel):
    """The model's reply: one theme, the advice it kept (1-based numbers) and the criteria."""

    theme: ThemeId
    selected_advice: list[int] = Field(default_factory=list)
    criteria: list[DraftCriterion]


class Problem(BaseModel):
    """One broken rule; `criterion` is the 1-based number of the criterion it concerns."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    code: ProblemCode
    message: str
    criterion: int | None = None

    def line(self) -> str:
        where = f"criterion {self.criterion}: " if self.criterion is not None else ""
        return f"[{self.code}] {where}{self.message}"


RubricStatus = Literal["case", "rejected", "error"]


class RubricRecord(Record):
    """The outcome for one case, appended to results.jsonl as soon as it is known.

    `case` is the case with its rubric; `rejected` carries the problems of the last reply;
    `error` is a model call that failed after retries and is retried on the next run.
    """

    case_id: str
    status: RubricStatus
    reason: str = ""
    problems: list[Problem] = Field(default_factory=list)
    case: Case | None = None
    provenance: dict[str, Any] = Field(default_factory=dict)
    finished_at: dt.datetime

    @property
    def finished(self) -> bool:
        return self.status != "error"
