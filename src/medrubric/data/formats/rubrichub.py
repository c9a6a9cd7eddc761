"""RubricHub-style rows: a question (or prompt) and a list of weighted criteria.

Rows often carry no id; one is derived from the question text so it is stable across files.
"""

from __future__ import annotations

import hashlib
import json
from typing import Annotated, Any

from pydantic import AfterValidator, model_validator

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
from medrubric.data.models import Case, ChatMessage, NonBlank

NAME = "rubrichub"


RubricHubCriterion = TaggedSourceCriterion


class RubricHubRow(SourceRow):
    id: SourceId | None = None
    question: NonBlank | None = None
    prompt: NonBlank | list[ChatMessage] | None = None
    rubrics: Annotated[list[RubricHubCriterion], AfterValidator(check_rubric_points)]

    @model_validator(mode="after")
    def _one_question(self) -> RubricHubRow:
        if (self.question is None) == (self.prompt is None):
            raise ValueError("give exactly one of question and prompt")
        return self

    def derived_id(self) -> str:
        text = self.question if self.question is not None else self.prompt
        if not isinstance(text, str):
            text = json.dumps([m.model_dump(mode="json") for m in text or []], ensure_ascii=False)
        return "rh-" + hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


def to_case(row: RubricHubRow, notes: Notes) -> Case:
    messages = row.prompt if isinstance(row.prompt, list) else []
    query = row.question or (row.prompt if isinstance(row.prompt, str) else "")
    if row.id is None:
        notes.add("row without id: id derived from the question text")
    return Case(
        id=row.id or row.derived_id(),
        source=NAME,
        language=None,  # Case detects en/zh from the text
        query=query or last_user_text(messages),
        prompt=messages,
        rubric=[
            item.to_criterion(i, tags=item.tags) for i, item in enumerate(row.rubrics, start=1)
        ],
        extra=with_extra(row.unknown_fields(), NAME),
    )


def from_case(case: Case) -> dict[str, Any]:
    row: dict[str, Any] = {"id": case.id}
    if case.prompt:
        row["prompt"] = [m.model_dump(mode="json") for m in case.prompt]
    else:
        # Narrative and query together, as a candidate model would see them.
        row["question"] = case.conversation()[0].content if case.narrative.strip() else case.query
    row["rubrics"] = [
        criterion_item(c, **({"tags": c.tags} if c.tags else {})) for c in case.rubric
    ]
    return {**row, **namespaced_extra(case, NAME)}


def matches(keys: set[str]) -> bool:
    return "rubrics" in keys and bool({"question", "prompt"} & keys)


RUBRICHUB = Format(
    name=NAME,
    summary="RubricHub-style JSONL (question or prompt, rubrics of criterion/points)",
    row_model=RubricHubRow,
    to_case=to_case,
    from_case=from_case,
    matches=matches,
    id_field="id",
    holds=frozenset({"id", "language", "narrative", "query", "prompt", "rubric"}),
)
