"""The typed data model every stage speaks (SPEC §1).

Raw `Thread`s are harvested, curated into `Case`s that carry a `Rubric` of `Criterion`s,
candidate models write `Response`s and graders turn them into `CaseGrade`s of `Verdict`s.
Models are strict where a silent coercion would change a measurement (weights, verdicts).
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    NonNegativeInt,
    SerializerFunctionWrapHandler,
    StrictBool,
    StrictInt,
    field_validator,
    model_serializer,
    model_validator,
)

from medrubric.data.language import detect_language
from medrubric.data.vocab import (
    WEIGHT_MAX,
    WEIGHT_MIN,
    AuthorRole,
    Axis,
    ChatRole,
    Language,
    Theme,
)

SCHEMA_VERSION = "1.0"


def _not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be blank")
    return value


NonBlank = Annotated[str, AfterValidator(_not_blank)]


def tag_values(tags: list[str], key: str) -> list[str]:
    """Values of `key:value` tags: tag_values(['difficulty:high'], 'difficulty') -> ['high']."""
    prefix = f"{key}:"
    return [t[len(prefix) :] for t in tags if t.startswith(prefix)]


class Record(BaseModel):
    """Base for file records: unknown keys are errors, so typos never pass silently, and a
    number that overflows to infinity (1e999) or is NaN is an error, never a value."""

    model_config = ConfigDict(
        extra="forbid", populate_by_name=True, allow_inf_nan=False, defer_build=True
    )


# ---------------------------------------------------------------- raw threads
class Message(Record):
    author_role: AuthorRole
    verified: StrictBool = False
    posted_at: dt.datetime | None = None
    text: str


class Thread(Record):
    source: NonBlank
    url: str | None = None
    thread_id: NonBlank
    title: str = ""
    published_at: dt.datetime | None = None
    language: Language | None = None
    messages: list[Message] = Field(min_length=1)
    tags: list[str] = Field(default_factory=list)
    has_media: StrictBool = False

    @property
    def key(self) -> str:
        return f"{self.source}:{self.thread_id}"

    def text(self) -> str:
        return "\n".join([self.title, *(m.text for m in self.messages)]).strip()


# ---------------------------------------------------------------- cases and rubrics
def check_weight(w: int) -> int:
    """A criterion weight is a non-zero integer in [WEIGHT_MIN, WEIGHT_MAX]."""
    if w == 0:
        raise ValueError("0 is not allowed (weights are non-zero)")
    if not WEIGHT_MIN <= w <= WEIGHT_MAX:
        raise ValueError(f"{w} is outside [{WEIGHT_MIN}, {WEIGHT_MAX}]")
    return w


Weight = Annotated[StrictInt, AfterValidator(check_weight)]


class Criterion(Record):
    """One rubric criterion. Positive weight rewards including it; negative penalises it."""

    id: NonBlank
    text: NonBlank
    axis: Axis = "unknown"
    weight: StrictInt
    tags: list[str] = Field(default_factory=list)

    @field_validator("weight")
    @classmethod
    def _weight_in_range(cls, w: int) -> int:
        return check_weight(w)


def check_rubric(criteria: list[Criterion]) -> list[Criterion]:
    """A rubric needs a positive criterion (else the score is undefined) and unique ids."""
    if not criteria:
        raise ValueError("rubric is empty")
    if not any(c.weight > 0 for c in criteria):
        raise ValueError("rubric has no positive criterion")
    seen: set[str] = set()
    for c in criteria:
        if c.id in seen:
            raise ValueError(f"duplicate criterion id {c.id!r}")
        seen.add(c.id)
    return criteria


Rubric = Annotated[list[Criterion], AfterValidator(check_rubric)]


class ChatMessage(Record):
    role: ChatRole
    content: str


class Evidence(Record):
    """A retrieved snippet in the MedRAG layout, with the retriever's score."""

    id: NonBlank
    title: str = ""
    content: str
    score: float | None = None
    source: str | None = None


class Case(Record):
    id: NonBlank
    source: str = "medrubric"
    url: str | None = None
    language: Language
    published_at: dt.date | None = None
    specialty: str = "unknown"
    theme: Theme = "unknown"
    narrative: str = ""
    query: str = ""
    prompt: list[ChatMessage] = Field(default_factory=list)
    advice: list[str] = Field(default_factory=list)
    evidence: list[Evidence] = Field(default_factory=list)
    provenance: dict[str, Any] = Field(default_factory=dict)
    rubric: Rubric
    tags: list[str] = Field(default_factory=list)
    extra: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _detect_language(cls, data: Any) -> Any:
        if isinstance(data, dict) and not data.get("language"):
            text = " ".join(
                [str(data.get("narrative", "")), str(data.get("query", ""))]
                + [
                    str(m.get("content", ""))
                    for m in data.get("prompt") or []
                    if isinstance(m, dict)
                ]
            )
            data = {**data, "language": detect_language(text)}
        return data

    @model_validator(mode="after")
    def _has_question(self) -> Case:
        if not self.query.strip() and not self.prompt:
            raise ValueError("a case needs a query or a prompt conversation")
        return self

    def conversation(self) -> list[ChatMessage]:
        """What the candidate model sees: the stored prompt, else narrative, blank line, query."""
        if self.prompt:
            return list(self.prompt)
        text = f"{self.narrative.strip()}\n\n{self.query.strip()}".strip()
        return [ChatMessage(role="user", content=text)]

    def tag_values(self, key: str) -> list[str]:
        """Values of `key:value` tags, e.g. tag_values('difficulty') -> ['high']."""
        return tag_values(self.tags, key)


class CuratedCase(Record):
    """A case as curation writes it, before the rubric stage: a `Case` without the rubric."""

    id: NonBlank
    source: str = "medrubric"
    url: str | None = None
    language: Language
    published_at: dt.date | None = None
    specialty: str = "unknown"
    theme: Theme = "unknown"
    narrative: NonBlank
    query: NonBlank
    advice: list[NonBlank] = Field(min_length=1)
    evidence: list[Evidence] = Field(default_factory=list)
    provenance: dict[str, Any] = Field(default_factory=dict)
    tags: list[str] = Field(default_factory=list)

    def with_rubric(self, rubric: list[Criterion], theme: Theme | None = None) -> Case:
        """The full `Case` once the rubric stage has written its criteria (and theme)."""
        data = self.model_dump()
        if theme is not None:
            data["theme"] = theme
        return Case.model_validate({**data, "rubric": [c.model_dump() for c in rubric]})


# ---------------------------------------------------------------- responses and grades
class Usage(Record):
    prompt_tokens: int = 0
    completion_tokens: int = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            prompt_tokens=self.prompt_tokens + other.prompt_tokens,
            completion_tokens=self.completion_tokens + other.completion_tokens,
        )


def add_costs(*costs: float | None) -> float | None:
    """The sum of costs in USD; None (unknown) when any of them is unknown."""
    if any(c is None for c in costs):
        return None
    return sum(c for c in costs if c is not None)


def format_cost(cost: float | None) -> str:
    """`$0.0123`, or `unknown` for a cost whose price nobody knows."""
    return "unknown" if cost is None else f"${cost:.4f}"


class Response(Record):
    """A candidate answer. Only case_id and response are needed for answers made elsewhere."""

    case_id: NonBlank
    model: str = "external"
    epoch: NonNegativeInt = 0  # which of the K answers to the case (`--epochs K`)
    response: str | None = None
    error: str | None = None
    prompt_version: str | None = None
    params: dict[str, Any] = Field(default_factory=dict)
    usage: Usage = Field(default_factory=Usage)
    cost_usd: float | None = 0.0  # None: the model's price is unknown
    cached: bool = False
    truncated: StrictBool = False  # the answer stopped at the token limit (`--max-tokens`)

    @model_validator(mode="after")
    def _text_or_error(self) -> Response:
        if (self.response is None) == (self.error is None):
            raise ValueError("exactly one of response and error must be set")
        return self


class Verdict(Record):
    """A grader's judgement of one criterion: met true/false, or an explicit error."""

    criterion_id: NonBlank
    weight: StrictInt
    axis: Axis = "unknown"
    met: StrictBool | None = None
    error: str | None = None
    explanation: str = ""
    # A mean jury's verdict: the share of its graders that found the criterion met, which the
    # score uses in place of `met` (then `met` is share >= 0.5, for display only).
    share: float | None = Field(default=None, ge=0.0, le=1.0)

    @model_serializer(mode="wrap")
    def _share_only_when_set(self, handler: SerializerFunctionWrapHandler) -> Any:
        """Verdicts other than a mean jury's are written as before `share` existed."""
        data = handler(self)
        if isinstance(data, dict) and self.share is None:
            data.pop("share", None)
        return data

    @model_validator(mode="after")
    def _met_or_error(self) -> Verdict:
        if (self.met is None) == (self.error is None):
            raise ValueError("exactly one of met and error must be set")
        return self


class CaseGrade(Record):
    """All verdicts for one answer, with the case strata so grades can be re-scored alone."""

    case_id: NonBlank
    model: str
    epoch: NonNegativeInt = 0  # the answer's epoch (Response.epoch)
    grader: str | None = None
    language: Language | None = None
    theme: Theme = "unknown"
    specialty: str = "unknown"
    published_at: dt.date | None = None
    tags: list[str] = Field(default_factory=list)
    response_error: str | None = None
    criteria: list[Verdict] = Field(default_factory=list)


class RunRecord(Record):
    """Provenance written with every result: what produced it, never any secret."""

    medrubric_version: str
    git_revision: str | None = None
    created_at: dt.datetime
    snapshot_hash: str | None = None
    prompt_versions: dict[str, str] = Field(default_factory=dict)
    models: dict[str, dict[str, Any]] = Field(default_factory=dict)
    params: dict[str, Any] = Field(default_factory=dict)
