"""Inspect metrics that recompute medrubric's scores from the CaseGrade each sample's score
carries, with medrubric's own functions: the LiveMedBench score (each case clipped), the
HealthBench-parity score (only the mean clipped), CACS@k and the count of grader errors."""

from __future__ import annotations

import logging
import math

from inspect_ai.scorer import Metric, SampleScore, metric

from medrubric.data.models import CaseGrade
from medrubric.scoring.cacs import summarize_cacs
from medrubric.scoring.summary import summarize

GRADE_KEY = "grade"
logger = logging.getLogger(__name__)


def sample_grades(scores: list[SampleScore]) -> list[CaseGrade]:
    return [
        CaseGrade.model_validate(s.score.metadata[GRADE_KEY])
        for s in scores
        if s.score.metadata and GRADE_KEY in s.score.metadata
    ]


def _number(value: float | None) -> float:
    """No scorable case: NaN, never a 0 that would read as a measured score."""
    return math.nan if value is None else float(value)


def _score(scores: list[SampleScore], clip: bool) -> float:
    grades = sample_grades(scores)
    return _number(summarize(grades, clip=clip, n_resamples=1).score if grades else None)


@metric
def livemedbench() -> Metric:
    """Mean case score, each case clipped to [0, 1] (LiveMedBench §3.3.2)."""

    def compute(scores: list[SampleScore]) -> float:
        return _score(scores, clip=True)

    return compute


@metric
def healthbench() -> Metric:
    """Mean of the raw case ratios, clipped to [0, 1] only as a mean (HealthBench parity)."""

    def compute(scores: list[SampleScore]) -> float:
        return _score(scores, clip=False)

    return compute


@metric
def cacs(k: int) -> Metric:
    """CACS@k over cases whose verdicts are all usable (ClinConsensus; binary rubrics)."""

    def compute(scores: list[SampleScore]) -> float:
        grades = sample_grades(scores)
        try:
            return _number(summarize_cacs(grades, k, n_resamples=1)["cacs_at_k"])
        except ValueError as exc:  # not binary, or k above N: say why, keep the other metrics
            logger.warning("cacs@%d not computed: %s", k, exc)
            return math.nan

    return compute


@metric
def grader_errors() -> Metric:
    """Verdicts the grader failed to give: left out of the scores, never counted Not Met."""

    def compute(scores: list[SampleScore]) -> int:
        return sum(v.error is not None for g in sample_grades(scores) for v in g.criteria)

    return compute
