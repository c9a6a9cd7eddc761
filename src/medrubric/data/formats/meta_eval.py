"""HealthBench meta-evaluation rows: one completion, one rubric criterion, physician labels.

These rows carry the physicians' binary judgements that a grader is compared against. They
are read as typed `MetaEvalRow`s; as cases they become one case per prompt whose criteria
are the distinct rubric texts, each weight +1 (the rows carry no points).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from pydantic import Field, StrictBool, ValidationError, model_validator

from medrubric.data.formats.base import Notes, SourceId, SourceRow, last_user_text
from medrubric.data.jsonl import write_jsonl
from medrubric.data.models import Case, ChatMessage, Criterion, NonBlank
from medrubric.errors import InputError, input_error_from_validation

NAME = "healthbench_meta"


class MetaEvalRow(SourceRow):
    prompt_id: SourceId
    prompt: list[ChatMessage] = Field(min_length=1)
    completion: str
    completion_id: SourceId
    rubric: NonBlank
    binary_labels: list[StrictBool] = Field(min_length=1)
    anonymized_physician_ids: list[NonBlank] = Field(min_length=1)
    category: str = ""

    @model_validator(mode="after")
    def _one_label_per_physician(self) -> MetaEvalRow:
        if len(self.binary_labels) != len(self.anonymized_physician_ids):
            raise ValueError(
                f"binary_labels has {len(self.binary_labels)} labels but "
                f"anonymized_physician_ids has {len(self.anonymized_physician_ids)} ids"
            )
        return self

    @property
    def criterion_id(self) -> str:
        """Stable id of this row's criterion within its case (same text, same id)."""
        return "m" + hashlib.sha1(self.rubric.encode("utf-8")).hexdigest()[:10]

    def labels(self) -> dict[str, bool]:
        """Physician id -> met (True) / not met (False)."""
        return dict(zip(self.anonymized_physician_ids, self.binary_labels, strict=True))

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json", exclude_unset=True)


def matches(keys: set[str]) -> bool:
    return "binary_labels" in keys or {"completion_id", "rubric"} <= keys


def read_meta_eval(
    rows: Iterable[tuple[int, int | None, dict[str, Any]]], path: Path
) -> list[MetaEvalRow]:
    """Validate raw rows, rejecting a repeated (completion_id, rubric) pair."""
    out: list[MetaEvalRow] = []
    first_line: dict[tuple[str, str], int] = {}
    for line, index, obj in rows:
        prefix: tuple[int, ...] = (index,) if index is not None else ()
        try:
            row = MetaEvalRow.model_validate(obj)
        except ValidationError as exc:
            raise input_error_from_validation(exc, path, line, prefix) from None
        key = (row.completion_id, row.rubric)
        if key in first_line:
            raise InputError(
                f"completion_id: {row.completion_id!r} already has a row for this rubric "
                f"(line {first_line[key]})",
                path,
                line,
            )
        first_line[key] = line
        out.append(row)
    return out


def write_meta_eval(rows: Sequence[MetaEvalRow], path: str | Path) -> int:
    return write_jsonl(path, (row.to_json() for row in rows))


def meta_eval_cases(rows: Sequence[MetaEvalRow], notes: Notes) -> list[Case]:
    """One case per prompt_id; its criteria are the distinct rubric texts of its rows."""
    grouped: dict[str, list[MetaEvalRow]] = {}
    for row in rows:
        grouped.setdefault(row.prompt_id, []).append(row)
    cases = []
    for prompt_id, group in grouped.items():
        criteria: dict[str, Criterion] = {}
        for row in group:
            tags = [f"category:{row.category}"] if row.category else []
            criteria.setdefault(
                row.criterion_id,
                Criterion(id=row.criterion_id, text=row.rubric, weight=1, tags=tags),
            )
        cases.append(
            Case(
                id=prompt_id,
                source=NAME,
                language=None,  # Case detects en/zh from the text
                query=last_user_text(group[0].prompt),
                prompt=group[0].prompt,
                rubric=list(criteria.values()),
            )
        )
    notes.add(
        f"{len(rows)} labelled rows grouped into {len(cases)} cases; "
        "each criterion weight +1 (the rows carry no points)"
    )
    return cases
