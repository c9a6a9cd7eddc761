"""One grade's scores, without the statistics stack: the LiveMedBench case score (§3.3.2)
of a rubric's verdicts and what `scoring.summary.summarize` reads of each grade
(`scored_grade`). A grading run scores every grade as it is written
(`evaluate.runner.GradeLedger`), so this module is all its first grades need; numpy loads
beside the calls, not before the first of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from medrubric.data.models import CaseGrade, Verdict


def case_score(weights: Sequence[float], met: Sequence[float], clip: bool = True) -> float:
    """Σ_{met} w_i / Σ_{w_i > 0} w_i, clipped to [0, 1] unless ``clip`` is False.

    ``met`` is True/False per criterion, or a share in [0, 1] (a mean jury's verdict: the
    share of its graders that found the criterion met), which weighs the criterion's points.

    Met negative criteria (the answer did the bad thing) subtract. ``clip=False`` is the
    HealthBench convention: the raw ratio, which can be negative; the mean is clipped later.
    """
    if len(weights) != len(met):
        raise ValueError(f"weights and met differ in length: {len(weights)} != {len(met)}")
    possible = sum(w for w in weights if w > 0)
    if possible <= 0:
        raise ValueError("score is undefined: no criterion has a positive weight")
    achieved = sum(w * float(hit) for w, hit in zip(weights, met, strict=True))
    ratio = achieved / possible
    return min(1.0, max(0.0, ratio)) if clip else ratio


def score_verdicts(verdicts: Iterable[Verdict], clip: bool = True) -> float | None:
    """Case score over the verdicts that are not errors; None if no positive one is left."""
    usable = [v for v in verdicts if v.error is None]
    if not any(v.weight > 0 for v in usable):
        return None
    met = [bool(v.met) if v.share is None else v.share for v in usable]
    return case_score([v.weight for v in usable], met, clip)


@dataclass(frozen=True)
class CaseStrata:
    """What a case's strata need of its grade (not its verdicts)."""

    theme: str
    specialty: str
    language: str | None
    tags: list[str]


@dataclass(frozen=True, slots=True)
class ScoredGrade:
    """What `summarize` needs of one grade (`scored_grade`): small enough to keep one per
    answer while a run grades, so the summary need not read and score grades.jsonl again.
    `score` is None for an answer that failed or left no positive criterion."""

    case_id: str
    epoch: int
    model: str
    grader: str | None
    response_error: str | None
    n_criteria: int
    n_errors: int
    score: float | None
    axes: tuple[tuple[str, float], ...]  # (axis, score) of each axis with a score
    strata: CaseStrata
    clip: bool


def scored_grade(grade: CaseGrade, clip: bool = True) -> ScoredGrade:
    """One grade's scores and counts, as `summarize` reads them."""
    strata = CaseStrata(grade.theme, grade.specialty, grade.language, grade.tags)
    if grade.response_error is not None:
        return ScoredGrade(grade.case_id, grade.epoch, grade.model, grade.grader,
                           grade.response_error, 0, 0, None, (), strata, clip)  # fmt: skip
    score = score_verdicts(grade.criteria, clip)
    axes: list[tuple[str, float]] = []
    if score is not None:
        for axis in {v.axis for v in grade.criteria}:
            axis_score = score_verdicts((v for v in grade.criteria if v.axis == axis), clip)
            if axis_score is not None:
                axes.append((axis, axis_score))
    return ScoredGrade(
        grade.case_id, grade.epoch, grade.model, grade.grader, None, len(grade.criteria),
        sum(v.error is not None for v in grade.criteria), score, tuple(axes), strata, clip,
    )  # fmt: skip
