"""Scores from grades: LiveMedBench case scores (with a HealthBench parity mode) and the
ClinConsensus coverage metrics, each with bootstrap confidence intervals."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medrubric.lazy import lazy_getattr

if TYPE_CHECKING:
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
    from medrubric.scoring.records import Stratum, Summary
    from medrubric.scoring.summary import score_verdicts, summarize

# Public name -> submodule that defines it; loaded on first access.
_EXPORTS = {
    "CacsSummary": "cacs",
    "summarize_cacs": "cacs",
    "cacs_at_k": "formulas",
    "cacs_scores": "formulas",
    "case_score": "formulas",
    "pass_at_k": "formulas",
    "passes_at_k": "formulas",
    "rubric_accuracies": "formulas",
    "rubric_accuracy": "formulas",
    "Stratum": "records",
    "Summary": "records",
    "score_verdicts": "summary",
    "summarize": "summary",
}

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

__getattr__ = lazy_getattr(__name__, _EXPORTS)
