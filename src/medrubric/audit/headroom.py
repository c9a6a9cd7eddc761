"""Answers already at the score floor cannot lose points to an injected error: exclude them.

The original answers' grades come from `--grades` (CaseGrade JSONL, e.g. a run's grades.jsonl)
or are made with the engine's grading code into the audit directory.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from medrubric.data.jsonl import load_models
from medrubric.data.models import Case, CaseGrade, Response
from medrubric.errors import InputError
from medrubric.scoring import score_verdicts

Key = tuple[str, str]
FLOOR_TOLERANCE = 1e-9


def score_floor(case: Case, clip: bool) -> float:
    """The lowest score the rubric allows: 0 when clipped, else all penalties, no reward."""
    if clip:
        return 0.0
    positive = sum(c.weight for c in case.rubric if c.weight > 0)
    return sum(c.weight for c in case.rubric if c.weight < 0) / positive


def grades_from_file(path: Path, answers: Sequence[Response]) -> dict[Key, CaseGrade]:
    """Grades of the given answers, keyed (case_id, model); every answer needs one."""
    by_key = {(g.case_id, g.model): g for g in load_models(path, CaseGrade)}
    missing = [f"{r.case_id}/{r.model}" for r in answers if (r.case_id, r.model) not in by_key]
    if missing:
        shown = ", ".join(missing[:5]) + (" …" if len(missing) > 5 else "")
        raise InputError(f"no grade for {len(missing)} answer(s): {shown}", path)
    return by_key


def split_by_headroom(
    answers: Sequence[Response],
    cases: dict[str, Case],
    grades: dict[Key, CaseGrade],
    clip: bool,
) -> tuple[list[Response], list[str], list[str]]:
    """(answers with headroom, ids excluded at the floor, ids whose grade was only errors).

    An answer whose grade has no usable verdict is kept (its headroom is unknown) and listed.
    """
    kept: list[Response] = []
    at_floor: list[str] = []
    ungraded: list[str] = []
    for answer in answers:
        ident = f"{answer.case_id}/{answer.model}"
        score = score_verdicts(grades[(answer.case_id, answer.model)].criteria, clip)
        if score is None:
            ungraded.append(ident)
            kept.append(answer)
        elif score <= score_floor(cases[answer.case_id], clip) + FLOOR_TOLERANCE:
            at_floor.append(ident)
        else:
            kept.append(answer)
    return kept, at_floor, ungraded
