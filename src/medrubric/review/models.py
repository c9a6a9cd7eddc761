"""Typed records of a review study: items to label, audit pairs, stored labels."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from medrubric.data.models import NonBlank, Record
from medrubric.data.vocab import Language

TaskName = Literal["case", "criterion", "verdict", "injected"]
TASK_NAMES: tuple[TaskName, ...] = get_args(TaskName)
Answer = Literal["yes", "no", "unsure"]
ANSWERS: tuple[Answer, ...] = get_args(Answer)
UNSURE: Answer = "unsure"  # "can't judge": stored as given, left out of agreement


class AuditEdit(BaseModel):
    """One declared edit of an injected-error pair: `original` span replaced by `new`."""

    model_config = ConfigDict(extra="ignore")

    original: str
    new: str


class AuditPair(BaseModel):
    """An original answer and its error-injected edit (extra audit fields are ignored)."""

    model_config = ConfigDict(extra="ignore")

    pair_id: NonBlank
    case_id: NonBlank
    error_type: str
    original: str
    edited: str
    edits: list[AuditEdit] = Field(default_factory=list)


class Question(BaseModel):
    """A yes/no question of an item, which may also be answered "can't judge"; `yes`, `no`
    and `unsure` are the button captions."""

    field: str
    text: str
    yes: str = "Yes"
    no: str = "No"
    unsure: str = "Can't judge"


class Item(BaseModel):
    """One thing a reviewer labels. `reference` holds the grader's verdicts, never shown."""

    key: str
    task: TaskName
    group: str
    case_id: str
    language: Language
    payload: dict[str, Any]
    reference: dict[str, bool] | None = None


class LabelRecord(Record):
    """A stored label as exported: which item, who, the answers and when."""

    item_key: NonBlank
    task: TaskName
    case_id: NonBlank
    reviewer: NonBlank
    answers: dict[str, Answer] = Field(min_length=1)
    comment: str = ""
    labelled_at: dt.datetime
