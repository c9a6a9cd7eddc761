"""HealthBench JSONL: a conversation, physician-written weighted criteria and example tags.

Themes and axes come from `theme:*` and `axis:*` tags; the tags themselves are kept verbatim
(on the case and on each criterion), so tags without an equivalent here are never lost.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, Field

from medrubric.data.formats.base import (
    Format,
    Notes,
    SourceId,
    SourceRow,
    TaggedSourceCriterion,
    check_rubric_points,
    criterion_item,
    last_user_text,
    namespaced_extra,
    with_extra,
)
from medrubric.data.models import Case, ChatMessage, tag_values
from medrubric.data.vocab import AXES

NAME = "healthbench"

# HealthBench's seven themes onto the five used here; the other two have no equivalent.
THEME_MAP: dict[str, str] = {
    "emergency_referrals": "emergency_referrals",
    "context_seeking": "context_seeking",
    "communication": "expertise_tailored_communication",
    "hedging": "responding_under_uncertainty",
    "complex_responses": "response_depth",
}
THEME_BACK: dict[str, str] = {ours: theirs for theirs, ours in THEME_MAP.items()}


HealthBenchCriterion = TaggedSourceCriterion


class HealthBenchRow(SourceRow):
    prompt_id: SourceId
    prompt: list[ChatMessage] = Field(min_length=1)
    rubrics: Annotated[list[HealthBenchCriterion], AfterValidator(check_rubric_points)]
    example_tags: list[str] = Field(default_factory=list)
    ideal_completions_data: dict[str, Any] | None = None


def theme_from_tags(tags: list[str], notes: Notes) -> str:
    """The first `theme:*` tag with an equivalent here; others leave the theme unknown."""
    raw = tag_values(tags, "theme")
    for value in raw:
        if value in THEME_MAP:
            return THEME_MAP[value]
    for value in raw:
        notes.add(f"theme 'theme:{value}' has no equivalent: theme unknown, tag kept")
    return "unknown"


def axis_from_tags(tags: list[str], notes: Notes) -> str:
    for value in tag_values(tags, "axis"):
        if value in AXES:
            return value
        notes.add(f"criterion axis 'axis:{value}' has no equivalent: axis unknown, tag kept")
    return "unknown"


def to_case(row: HealthBenchRow, notes: Notes) -> Case:
    fields = row.unknown_fields()
    if "ideal_completions_data" in row.model_fields_set:
        fields["ideal_completions_data"] = row.ideal_completions_data
    return Case(
        id=row.prompt_id,
        source=NAME,
        language=None,  # Case detects en/zh from the text
        theme=theme_from_tags(row.example_tags, notes),
        query=last_user_text(row.prompt),
        prompt=row.prompt,
        rubric=[
            item.to_criterion(i, axis=axis_from_tags(item.tags, notes), tags=item.tags)
            for i, item in enumerate(row.rubrics, start=1)
        ],
        tags=row.example_tags,
        extra=with_extra(fields, NAME),
    )


def _with_tag(tags: list[str], key: str, value: str) -> list[str]:
    """Add `key:value` when the case/criterion came from a source that carries no such tag."""
    if value == "unknown" or tag_values(tags, key):
        return list(tags)
    return [*tags, f"{key}:{value}"]


def from_case(case: Case) -> dict[str, Any]:
    row: dict[str, Any] = {
        "prompt_id": case.id,
        "prompt": [m.model_dump(mode="json") for m in case.conversation()],
        "rubrics": [criterion_item(c, tags=_with_tag(c.tags, "axis", c.axis)) for c in case.rubric],
        "example_tags": _with_tag(case.tags, "theme", THEME_BACK.get(case.theme, "unknown")),
    }
    return {**row, **namespaced_extra(case, NAME)}


def matches(keys: set[str]) -> bool:
    return {"prompt_id", "rubrics"} <= keys


HEALTHBENCH = Format(
    name=NAME,
    summary="HealthBench JSONL (prompt_id, prompt, rubrics, example_tags)",
    row_model=HealthBenchRow,
    to_case=to_case,
    from_case=from_case,
    matches=matches,
    id_field="prompt_id",
    holds=frozenset({"id", "language", "narrative", "query", "prompt", "rubric", "theme", "tags"}),
)
