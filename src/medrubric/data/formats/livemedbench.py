"""LiveMedBench snapshots (`LiveMedBench_v2026MM.json`): curated cases with bipolar rubrics.

A snapshot is a JSON array (or JSON lines). Cumulative snapshots repeat cases, so a repeated
`case_id` keeps its first row and is reported in the import notes.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, Field

from medrubric.data.formats.base import (
    Format,
    Notes,
    SourceCriterion,
    SourceId,
    SourceRow,
    check_rubric_points,
    criterion_item,
    namespaced_extra,
    with_extra,
)
from medrubric.data.models import Case, Criterion, NonBlank
from medrubric.data.vocab import AXES, LABELS, THEMES, Language, normalise_label

NAME = "livemedbench"


def parse_post_time(value: str | None) -> dt.date | None:
    """An ISO date or date-time; empty means unknown."""
    if value is None or not value.strip():
        return None
    text = value.strip()
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        pass
    try:
        return dt.datetime.fromisoformat(text).date()
    except ValueError:
        raise ValueError(f"{value!r} is not an ISO date (YYYY-MM-DD)") from None


def _check_post_time(value: str | None) -> str | None:
    parse_post_time(value)
    return value


def _blank_as_none(value: Any) -> Any:
    # An empty language means "not stated": it is detected from the text instead.
    return None if value == "" else value


class LiveMedBenchCriterion(SourceCriterion):
    axe: str


class LiveMedBenchRow(SourceRow):
    case_id: SourceId
    post_time: Annotated[str | None, AfterValidator(_check_post_time)] = None
    narrative: str = ""
    core_request: NonBlank
    doctor_advice: str | list[str] = Field(default_factory=list)
    rubric_items: Annotated[list[LiveMedBenchCriterion], AfterValidator(check_rubric_points)]
    theme: str | list[str] | None = None
    language: Annotated[Language | None, BeforeValidator(_blank_as_none)] = None
    specialty: str | None = None


def map_theme(raw: str | list[str] | None) -> str:
    """The first value (of a string or list) naming one of the five themes, else unknown."""
    values = [raw] if isinstance(raw, str) else list(raw or [])
    for value in values:
        ident = normalise_label(value)
        if ident in THEMES:
            return ident
    return "unknown"


def _axis(item: LiveMedBenchCriterion, notes: Notes) -> tuple[str, list[str]]:
    ident = normalise_label(item.axe)
    if ident in AXES:
        return ident, []
    if not item.axe.strip():
        notes.add("criterion without axe: axis unknown")
        return "unknown", []
    notes.add(f"criterion axe {item.axe!r} has no equivalent: axis unknown, raw value kept")
    return "unknown", [f"axe:{item.axe}"]


def to_case(row: LiveMedBenchRow, notes: Notes) -> Case:
    fields = row.unknown_fields()
    theme = map_theme(row.theme)
    if row.theme is not None and (isinstance(row.theme, list) or theme == "unknown"):
        fields["theme"] = row.theme
        if theme == "unknown":
            notes.add(f"theme {row.theme!r} has no equivalent: theme unknown, raw value kept")
    advice = row.doctor_advice
    criteria = []
    for i, item in enumerate(row.rubric_items, start=1):
        axis, tags = _axis(item, notes)
        criteria.append(item.to_criterion(i, axis=axis, tags=tags))
    return Case(
        id=row.case_id,
        source=NAME,
        language=row.language,
        published_at=parse_post_time(row.post_time),
        specialty=row.specialty or "unknown",
        theme=theme,
        narrative=row.narrative,
        query=row.core_request,
        advice=[advice] if isinstance(advice, str) and advice.strip() else list(advice or []),
        rubric=criteria,
        extra=with_extra(fields, NAME),
    )


def _axe(criterion: Criterion) -> str:
    if criterion.axis != "unknown":
        return LABELS[criterion.axis]
    return next((t.removeprefix("axe:") for t in criterion.tags if t.startswith("axe:")), "")


def from_case(case: Case) -> dict[str, Any]:
    kept = namespaced_extra(case, NAME)
    raw_theme = kept.pop("theme", None)
    row: dict[str, Any] = {
        "case_id": case.id,
        "post_time": case.published_at.isoformat() if case.published_at else "",
        "narrative": case.narrative,
        "core_request": case.query,
        "doctor_advice": list(case.advice),
        "rubric_items": [criterion_item(c, axe=_axe(c)) for c in case.rubric],
        "language": case.language,
    }
    if raw_theme is not None and map_theme(raw_theme) == case.theme:
        row["theme"] = raw_theme
    elif case.theme != "unknown":
        row["theme"] = LABELS[case.theme]
    if case.specialty != "unknown":
        row["specialty"] = case.specialty
    return {**row, **kept}


def matches(keys: set[str]) -> bool:
    return "rubric_items" in keys or {"case_id", "core_request"} <= keys


LIVEMEDBENCH = Format(
    name=NAME,
    summary="LiveMedBench snapshot, JSON array or JSONL (case_id, narrative, rubric_items)",
    row_model=LiveMedBenchRow,
    to_case=to_case,
    from_case=from_case,
    matches=matches,
    id_field="case_id",
    holds=frozenset(
        {"id", "language", "published_at", "specialty", "theme"}
        | {"narrative", "query", "advice", "rubric"}
    ),
    dedupe_repeats=True,
    json_array=True,
)
