"""Typed records of the injection pipeline: accepted pairs, discards and their checks.

`AuditPair` is the exchange format of the audit: `medrubric audit score`, `factcheck --pairs`
and the clinical review app (which reads `pair_id`, `case_id`, `error_type`, `original`,
`edited` and `edits[].original/new`) all read `pairs.jsonl` rows of this model.
"""

from __future__ import annotations

import hashlib
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from medrubric.data.models import NonBlank

CheckName = Literal["programmatic", "judge"]
DiscardStage = Literal["not_applicable", "programmatic", "judge"]


class AuditRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Edit(AuditRecord):
    """One declared edit: the `original` span of the answer was replaced by `new`."""

    original: str
    new: str


class ApplicabilityVote(AuditRecord):
    model: str
    applies: bool | None = None
    reasoning: str = ""
    error: str | None = None


class CheckOutcome(AuditRecord):
    """One check of one injection attempt (attempt 1, or 2 after the feedback retry)."""

    name: CheckName
    attempt: int
    passed: bool
    problems: list[str] = Field(default_factory=list)
    reasoning: str = ""


class AnswerRef(AuditRecord):
    """Which answer an audit record comes from: (case, answer model) and the error type."""

    case_id: NonBlank
    answer_model: str
    error_type: str

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.case_id, self.answer_model, self.error_type)


def make_pair_id(case_id: str, answer_model: str, error_type: str) -> str:
    """Stable id: the same (case, answer, type) always gives the same pair id."""
    digest = hashlib.sha256(f"{case_id}\x1f{answer_model}\x1f{error_type}".encode()).hexdigest()
    return f"{case_id}-{error_type}-{digest[:8]}"


class AuditPair(AnswerRef):
    """An original answer and its copy with exactly one injected error, with its provenance."""

    pair_id: NonBlank
    error_name: str
    original: str
    edited: str
    edits: list[Edit]
    applicability: list[ApplicabilityVote]
    checks: list[CheckOutcome]
    attempts: int
    injector_rationale: str = ""
    models: dict[str, str]
    prompt_versions: dict[str, str]
    taxonomy: str


class Discard(AnswerRef):
    """An (answer, error type) that yielded no pair, and why."""

    stage: DiscardStage
    reason: str
    applicability: list[ApplicabilityVote] = Field(default_factory=list)
    checks: list[CheckOutcome] = Field(default_factory=list)
    edited: str | None = None
    edits: list[Edit] = Field(default_factory=list)
    models: dict[str, str] = Field(default_factory=dict)
    prompt_versions: dict[str, str] = Field(default_factory=dict)


class CallFailure(AnswerRef):
    """A model call that failed after retries: reported, and retried by the next run."""

    stage: str
    error: str
