"""What every source format provides, and the pieces its strict row models share.

A row model uses the source's own field names, so a validation error names the field a
user sees in their file (`rubrics[0].points`), never the internal `Case` field.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Protocol, TypeVar

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field

from medrubric.data.models import Case, ChatMessage, Criterion, NonBlank, Weight


class SourceRow(BaseModel):
    """A row of a public file: strict types (no "10" -> 10), unknown keys kept for Case.extra."""

    model_config = ConfigDict(strict=True, extra="allow", defer_build=True)

    def unknown_fields(self) -> dict[str, Any]:
        return dict(self.model_extra or {})


class SourceItem(BaseModel):
    """A nested source object (a criterion, a message): unknown keys are errors."""

    model_config = ConfigDict(strict=True, extra="forbid", defer_build=True)


class SourceCriterion(SourceItem):
    """A criterion as public rubric files write it: its text and signed points."""

    criterion: NonBlank
    points: Weight

    def to_criterion(self, position: int, **fields: Any) -> Criterion:
        """The Criterion at 1-based `position`: id `c<position>` unless `fields` name one."""
        values = {"id": f"c{position}", "text": self.criterion, "weight": self.points}
        return Criterion(**{**values, **fields})


class TaggedSourceCriterion(SourceCriterion):
    """A criterion carrying the source's own tags (HealthBench, RubricHub)."""

    tags: list[str] = Field(default_factory=list)


def criterion_item(criterion: Criterion, **fields: Any) -> dict[str, Any]:
    """`SourceCriterion`'s fields for a Criterion, then the format's own `fields`."""
    return {"criterion": criterion.text, "points": criterion.weight, **fields}


def _id_to_str(value: Any) -> Any:
    # Some releases number their cases; ids are compared and stored as text.
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


def _not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be blank")
    return value


SourceId = Annotated[str, BeforeValidator(_id_to_str), AfterValidator(_not_blank)]


class Weighted(Protocol):
    @property
    def points(self) -> int: ...


W = TypeVar("W", bound=Weighted)


def check_rubric_points(items: list[W]) -> list[W]:
    """The source-side twin of models.check_rubric: non-empty, with a positive criterion."""
    if not items:
        raise ValueError("rubric is empty")
    if not any(item.points > 0 for item in items):
        raise ValueError("rubric has no positive criterion")
    return items


def last_user_text(prompt: Sequence[ChatMessage]) -> str:
    """The request a conversation ends on: the content of its last user turn."""
    return next((m.content for m in reversed(prompt) if m.role == "user"), "")


class Notes:
    """Things an import changed or kept aside, counted so a long file gives short notes."""

    def __init__(self) -> None:
        self._counts: Counter[str] = Counter()

    def add(self, message: str, count: int = 1) -> None:
        self._counts[message] += count

    def render(self) -> list[str]:
        return [m if n == 1 else f"{m} ({n} times)" for m, n in self._counts.items()]


@dataclass(frozen=True)
class Format:
    """One importable/exportable format: its row model and the two mappings to and from Case."""

    name: str
    summary: str
    row_model: type[BaseModel]
    to_case: Callable[[Any, Notes], Case]
    from_case: Callable[[Case], dict[str, Any]]
    matches: Callable[[set[str]], bool]
    id_field: str
    # Case fields the format writes (possibly merged, e.g. narrative into the prompt).
    holds: frozenset[str]
    # Cumulative snapshots repeat cases: keep the first and say so instead of failing.
    dedupe_repeats: bool = False
    # Written as one JSON array when the target file ends in .json.
    json_array: bool = False


def namespaced_extra(case: Case, fmt: str) -> dict[str, Any]:
    """The source-specific fields an earlier import of `fmt` kept aside for this case."""
    value = case.extra.get(fmt, {})
    return dict(value) if isinstance(value, dict) else {}


def with_extra(fields: dict[str, Any], fmt: str) -> dict[str, Any]:
    """Case.extra holding `fields` under the format's name (nothing when there are none)."""
    return {fmt: fields} if fields else {}
