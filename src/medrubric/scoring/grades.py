"""Grades of one model: the rule that a score, a run or an analysis is of exactly one model,
with each case graded once, checked in one place."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from medrubric.data.jsonl import read_models
from medrubric.data.models import CaseGrade
from medrubric.errors import InputError


def graded_model(grades: Sequence[CaseGrade]) -> str:
    """The one model `grades` are of; ValueError when they mix models or repeat an answer
    (a case in one epoch)."""
    seen: set[tuple[str, int]] = set()
    repeated = None
    for g in grades:
        if (g.case_id, g.epoch) in seen and repeated is None:
            repeated = (g.case_id, g.epoch)
        seen.add((g.case_id, g.epoch))
    return one_model({g.model for g in grades}, repeated, len(grades))


def one_model(models: set[str], repeated: tuple[str, int] | None, n_grades: int) -> str:
    """`graded_model`'s checks on what one pass over the grades collected: their models, the
    first answer (case id, epoch) graded twice (None: none) and their number."""
    if not n_grades:
        raise ValueError("no grades to summarise")
    if len(models) > 1:
        shown = ", ".join(sorted(models))
        raise ValueError(f"grades mix several models ({shown}); score one at a time")
    if repeated is not None:
        case_id, epoch = repeated
        where = f" in epoch {epoch}" if epoch else ""
        raise ValueError(f"case {case_id!r} is graded more than once{where}")
    return next(iter(models))


def read_grades(path: Path, model: str | None = None) -> list[CaseGrade]:
    """One model's grades; several models need `model`, a repeated case is an error."""
    grades: list[CaseGrade] = []
    first_line: dict[tuple[str, str, int], int] = {}
    for line, grade in read_models(path, CaseGrade):
        key = (grade.model, grade.case_id, grade.epoch)
        if key in first_line:
            epoch = f" in epoch {grade.epoch}" if grade.epoch else ""
            raise InputError(
                f"case_id: {grade.case_id!r} graded twice for model {grade.model!r}{epoch} "
                f"(first at line {first_line[key]})",
                path,
                line,
            )
        first_line[key] = line
        grades.append(grade)
    models = sorted({g.model for g in grades})
    if model is not None:
        if model not in models:
            raise InputError(f"model: no grades for {model!r} (found {', '.join(models)})", path)
        return [g for g in grades if g.model == model]
    if len(models) > 1:
        raise InputError(
            f"model: grades for several models ({', '.join(models)}); pick one with --model", path
        )
    return grades
