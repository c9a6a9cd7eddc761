"""medrubric's own JSONL: one `Case` per line, exactly the data model (nothing is lost)."""

from __future__ import annotations

from typing import Any

from medrubric.data.formats.base import Format, Notes
from medrubric.data.models import Case


def _to_case(row: Case, notes: Notes) -> Case:
    return row


def _from_case(case: Case) -> dict[str, Any]:
    return case.model_dump(mode="json")


def _matches(keys: set[str]) -> bool:
    return {"id", "rubric"} <= keys


NATIVE = Format(
    name="medrubric",
    summary="medrubric JSONL, one Case per line",
    row_model=Case,
    to_case=_to_case,
    from_case=_from_case,
    matches=_matches,
    id_field="id",
    holds=frozenset(Case.model_fields),
)
