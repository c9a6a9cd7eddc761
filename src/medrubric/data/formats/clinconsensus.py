"""ClinConsensus JSONL: expert-curated Chinese cases with (typically 30) binary criteria.

Each criterion is met or not, so it weighs +1 unless the row gives `points`. Difficulty, task
and subject labels and the dialogue register become `key:value` tags for stratified scores.
"""

from __future__ import annotations

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
from medrubric.data.models import Case, Criterion, NonBlank, Weight

NAME = "clinconsensus"

# Stated user roles that make a dialogue professional-facing (clinicians, nurses, trainees,
# care staff, documentation reviewers, educators); every other role is lay-facing.
PROFESSIONAL_ROLE_WORDS = (
    "医生", "医师", "大夫", "护士", "护师", "护理人员", "临床", "规培", "住院医", "实习医",
    "进修", "医学生", "药师", "技师", "带教", "医学教育", "审核", "质控", "病案",
    "doctor", "physician", "clinician", "nurse", "resident", "intern", "trainee",
    "medical student", "pharmacist", "educator", "reviewer", "care staff", "surgeon",
)  # fmt: skip


def register_of(user_role: str) -> str:
    """'professional' or 'lay', by keyword match on the stated user role."""
    role = user_role.lower()
    return "professional" if any(w in role for w in PROFESSIONAL_ROLE_WORDS) else "lay"


def _text_as_item(value: Any) -> Any:
    return {"criterion": value} if isinstance(value, str) else value


class ClinConsensusCriterion(SourceCriterion):
    id: SourceId | None = None
    points: Weight = 1  # a binary criterion: met or not


def _unique_ids(items: list[ClinConsensusCriterion]) -> list[ClinConsensusCriterion]:
    seen: set[str] = set()
    for i, item in enumerate(items, start=1):
        ident = item.id or f"c{i}"
        if ident in seen:
            raise ValueError(f"duplicate criterion id {ident!r}")
        seen.add(ident)
    return items


class ClinConsensusRow(SourceRow):
    case_id: SourceId
    difficulty: str
    task: str | list[str] = ""
    task_labels: list[str] = Field(default_factory=list)
    subject: str | list[str] = ""
    subject_labels: list[str] = Field(default_factory=list)
    user_role: str
    clinical_context: str
    user_request: NonBlank
    rubrics: Annotated[
        list[Annotated[ClinConsensusCriterion, BeforeValidator(_text_as_item)]],
        AfterValidator(check_rubric_points),
        AfterValidator(_unique_ids),
    ]


def _specialty(subject: str | list[str], labels: list[str]) -> str:
    first = subject if isinstance(subject, str) else next(iter(subject), "")
    return first.strip() or next(iter(labels), "").strip() or "unknown"


def to_case(row: ClinConsensusRow, notes: Notes) -> Case:
    fields = {**row.unknown_fields(), "task": row.task, "subject": row.subject}
    fields["user_role"] = row.user_role
    tags = [f"difficulty:{row.difficulty}"] if row.difficulty.strip() else []
    tags += [f"task:{t}" for t in row.task_labels]
    tags += [f"subject:{s}" for s in row.subject_labels]
    tags.append(f"register:{register_of(row.user_role)}")
    return Case(
        id=row.case_id,
        source=NAME,
        language=None,  # Case detects en/zh from the text
        specialty=_specialty(row.subject, row.subject_labels),
        narrative=row.clinical_context,
        query=row.user_request,
        rubric=[
            item.to_criterion(i, **({"id": item.id} if item.id else {}))
            for i, item in enumerate(row.rubrics, start=1)
        ],
        tags=tags,
        extra=with_extra(fields, NAME),
    )


def _item(criterion: Criterion, position: int) -> str | dict[str, Any]:
    """A plain string for a default binary criterion, else an object with what differs."""
    own_id = criterion.id != f"c{position}"
    if criterion.weight == 1 and not own_id:
        return criterion.text
    item: dict[str, Any] = {"id": criterion.id} if own_id else {}
    return {**item, **criterion_item(criterion)}


def from_case(case: Case) -> dict[str, Any]:
    kept = namespaced_extra(case, NAME)
    subject = kept.pop("subject", "")
    if _specialty(subject, case.tag_values("subject")) != case.specialty:
        subject = "" if case.specialty == "unknown" else case.specialty
    row: dict[str, Any] = {
        "case_id": case.id,
        "difficulty": next(iter(case.tag_values("difficulty")), ""),
        "task": kept.pop("task", ""),
        "task_labels": case.tag_values("task"),
        "subject": subject,
        "subject_labels": case.tag_values("subject"),
        "user_role": kept.pop("user_role", ""),
        "clinical_context": case.narrative,
        "user_request": case.query,
        "rubrics": [_item(c, i) for i, c in enumerate(case.rubric, start=1)],
    }
    return {**row, **kept}


def matches(keys: set[str]) -> bool:
    return "user_request" in keys or {"clinical_context", "rubrics"} <= keys


CLINCONSENSUS = Format(
    name=NAME,
    summary="ClinConsensus JSONL (case_id, difficulty, user_role, user_request, rubrics)",
    row_model=ClinConsensusRow,
    to_case=to_case,
    from_case=from_case,
    matches=matches,
    id_field="case_id",
    holds=frozenset({"id", "language", "specialty", "narrative", "query", "rubric", "tags"}),
)
