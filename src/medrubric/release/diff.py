"""What changed between two releases (or any two case sets): cases added, removed and
changed, and for changed cases the criteria added, removed and changed by criterion id."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from medrubric.data.models import Case, Criterion


class CriterionChange(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    fields: list[str]  # text, weight, axis, tags: whichever differ
    before: dict[str, Any]
    after: dict[str, Any]


class CaseChange(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    fields: list[str]  # every Case field that differs, "rubric" included
    criteria_added: list[str] = Field(default_factory=list)
    criteria_removed: list[str] = Field(default_factory=list)
    criteria_changed: list[CriterionChange] = Field(default_factory=list)


class ReleaseDiff(BaseModel):
    model_config = ConfigDict(extra="forbid")

    added: list[str]
    removed: list[str]
    changed: list[CaseChange]
    unchanged: int

    @property
    def identical(self) -> bool:
        return not (self.added or self.removed or self.changed)


def _criterion_change(before: Criterion, after: Criterion) -> CriterionChange | None:
    a, b = before.model_dump(mode="json"), after.model_dump(mode="json")
    fields = [k for k in a if a[k] != b[k]]
    if not fields:
        return None
    return CriterionChange(
        id=before.id,
        fields=fields,
        before={k: a[k] for k in fields},
        after={k: b[k] for k in fields},
    )


def _case_change(before: Case, after: Case) -> CaseChange | None:
    a, b = before.model_dump(mode="json"), after.model_dump(mode="json")
    fields = [k for k in a if a[k] != b[k]]
    if not fields:
        return None
    old = {c.id: c for c in before.rubric}
    new = {c.id: c for c in after.rubric}
    changed = [_criterion_change(old[i], new[i]) for i in old if i in new]
    return CaseChange(
        id=before.id,
        fields=fields,
        criteria_added=[i for i in new if i not in old],
        criteria_removed=[i for i in old if i not in new],
        criteria_changed=[c for c in changed if c is not None],
    )


def diff_cases(a: Sequence[Case], b: Sequence[Case]) -> ReleaseDiff:
    """Changes from `a` (older) to `b` (newer), ids sorted."""
    old = {c.id: c for c in a}
    new = {c.id: c for c in b}
    common = sorted(old.keys() & new.keys())
    changes = [_case_change(old[i], new[i]) for i in common]
    changed = [c for c in changes if c is not None]
    return ReleaseDiff(
        added=sorted(new.keys() - old.keys()),
        removed=sorted(old.keys() - new.keys()),
        changed=changed,
        unchanged=len(common) - len(changed),
    )
