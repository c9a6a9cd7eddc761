"""Scores from grades: LiveMedBench case scores (with a HealthBench parity mode) and the
ClinConsensus coverage metrics, each with bootstrap confidence intervals."""

from medrubric.scoring.cacs import CacsSummary, summarize_cacs
from medrubric.scoring.formulas import (
    cacs_at_k,
    cacs_scores,
    case_score,
    pass_at_k,
    passes_at_k,
    rubric_accuracies,
    rubric_accuracy,
)
from medrubric.scoring.summary import (
    Stratum,
    Summary,
    score_verdicts,
    summarize,
)

__all__ = [
    "CacsSummary",
    "Stratum",
    "Summary",
    "cacs_at_k",
    "cacs_scores",
    "case_score",
    "pass_at_k",
    "passes_at_k",
    "rubric_accuracies",
    "rubric_accuracy",
    "score_verdicts",
    "summarize",
    "summarize_cacs",
]
