"""What the curation agents must answer (LLM schemas), their thresholds, and the run records.

Agent schemas are closed objects with every field required, so endpoints with strict
structured output accept them and a half-filled reply is re-asked instead of guessed.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from medrubric.data.models import CuratedCase, Record

Section = Literal["S", "O", "A", "P"]
SOAP_ORDER: tuple[Section, ...] = ("S", "O", "A", "P")
Stage = Literal["screener", "validator", "controller"]
STAGES: tuple[Stage, ...] = ("screener", "validator", "controller")
FUNNEL_JSON = "funnel.json"
Status = Literal["case", "rejected", "error"]
AdviceVerdict = Literal["supported", "neutral", "contradicted"]
ADVICE_SCORE: dict[str, float] = {"supported": 1.0, "neutral": 0.5, "contradicted": 0.0}


class AgentReply(BaseModel):
    model_config = ConfigDict(extra="forbid")


# ---------------------------------------------------------------- screener
class NarrativeFact(AgentReply):
    section: Section
    fact: str


class ScreenerReply(AgentReply):
    """SOAP facts L_N, the patient's request Q and the physician's advice list L_A."""

    narrative: list[NarrativeFact]
    query: str
    advice: list[str]
    specialty: str


# ---------------------------------------------------------------- validator
class QueryCheckReply(AgentReply):
    """S_cc: is the query a meaningful chief complaint?"""

    meaningful_chief_complaint: bool
    reason: str


class RequiredItem(AgentReply):
    item: str
    present: bool


class NarrativeCheckReply(AgentReply):
    """S_inf: the information a physician needs for this query, and whether the narrative has it."""

    required_information: list[RequiredItem]


class AdviceCheckReply(AgentReply):
    """v(a_j) for one advice element against the retrieved snippets."""

    verdict: AdviceVerdict
    evidence_ids: list[str]
    rationale: str


# ---------------------------------------------------------------- controller
class ElementCheck(AgentReply):
    id: str
    supported: bool
    reason: str


class ControllerReply(AgentReply):
    """Per element (N1.., Q, A1..): is it stated in the original thread?"""

    checks: list[ElementCheck]
    specialty: str


# ---------------------------------------------------------------- configuration
class CurationConfig(Record):
    """Acceptance thresholds (seed §3.2.2: S_inf and S_align must each exceed 0.5)."""

    s_cc_min: float = Field(default=0.5, ge=0.0, le=1.0)  # S_cc >= s_cc_min
    s_inf_min: float = Field(default=0.5, ge=0.0, le=1.0)  # S_inf > s_inf_min
    s_align_min: float = Field(default=0.5, ge=0.0, le=1.0)  # S_align > s_align_min
    veto_on_contradiction: bool = True
    evidence_k: int = Field(default=5, ge=1, le=50)
    temperature: float = 0.0
    max_tokens: int = Field(default=1024, ge=64)  # bounds a reply that never closes its JSON


# ---------------------------------------------------------------- run records
class CurationRecord(Record):
    """One line of results.jsonl: the outcome of one thread, with everything that decided it."""

    thread_key: str
    case_id: str
    status: Status
    stage: Stage | None = None  # where a rejected or failed thread stopped
    reason: str | None = None  # machine-readable, e.g. screener_incomplete, validator_veto
    detail: str = ""
    case: CuratedCase | None = None
    provenance: dict[str, Any] = Field(default_factory=dict)
    finished_at: dt.datetime

    @model_validator(mode="after")
    def _consistent(self) -> CurationRecord:
        if (self.status == "case") != (self.case is not None):
            raise ValueError("a case record carries the case; other records do not")
        if self.status != "case" and (self.stage is None or self.reason is None):
            raise ValueError("rejected and failed threads need a stage and a reason")
        return self

    @property
    def finished(self) -> bool:
        """Errors are not finished: the next run retries them."""
        return self.status != "error"


class Funnel(Record):
    """Threads surviving each step; rejections and errors by stage make the counts add up."""

    harvested: int
    filtered: int
    screened: int
    validated: int
    controlled: int
    cases: int
    pending: int = 0  # filtered threads with no result yet (an interrupted run)
    rejected: dict[str, int] = Field(default_factory=dict)
    errors: dict[str, int] = Field(default_factory=dict)
    reasons: dict[str, int] = Field(default_factory=dict)

    def steps(self) -> list[tuple[str, int]]:
        return [
            ("harvested", self.harvested),
            ("filtered", self.filtered),
            ("screened", self.screened),
            ("validated", self.validated),
            ("controlled", self.controlled),
            ("cases", self.cases),
        ]
