"""Per-case scoring formulas of ClinConsensus (CACS, seed 003) and rubric accuracy; the
LiveMedBench case score (§3.3.2) is `scoring.scored.case_score`.

The array functions are the implementations; the scalar ones are thin wrappers, so both
forms always agree.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

FloatArray = NDArray[np.float64]

CACS_NEEDS_N_AT_LEAST_K = (
    "CACS@k needs at least k criteria per rubric (with fewer, every answer would score 0)"
)


def _hits_and_totals(hits: ArrayLike, n: ArrayLike) -> tuple[FloatArray, FloatArray]:
    s = np.asarray(hits, dtype=float)
    total = np.broadcast_to(np.asarray(n, dtype=float), s.shape)
    if np.any(total < 1):
        raise ValueError("n (criteria per case) must be at least 1")
    if np.any((s < 0) | (s > total)):
        raise ValueError("hits must lie in [0, n]")
    return s, total


def rubric_accuracies(hits: ArrayLike, n: ArrayLike) -> FloatArray:
    """hits / N per case."""
    s, total = _hits_and_totals(hits, n)
    return s / total


def passes_at_k(hits: ArrayLike, k: int) -> FloatArray:
    """1.0 where hits ≥ k, else 0.0."""
    if k < 1:
        raise ValueError(f"k must be at least 1, got {k}")
    s = np.asarray(hits, dtype=float)
    if np.any(s < 0):
        raise ValueError("hits must not be negative")
    return (s >= k).astype(float)


def cacs_scores(hits: ArrayLike, n: ArrayLike, k: int) -> FloatArray:
    """CACS@k per case: 0 if s < k, else (s − k + 1) / (N − k + 1) (ClinConsensus).

    A rubric with N < k (N = k − 1 included) is refused rather than scored 0: no answer
    could reach k there, so the 0 would measure the rubric, not the answer.
    """
    s, total = _hits_and_totals(hits, n)
    if k < 1:
        raise ValueError(f"k must be at least 1, got k={k}")
    if np.any(total < k):
        raise ValueError(f"k={k} exceeds N={int(total.min())}: {CACS_NEEDS_N_AT_LEAST_K}")
    return np.where(s < k, 0.0, (s - k + 1) / (total - k + 1))


def rubric_accuracy(hits: int, n: int) -> float:
    return float(rubric_accuracies([hits], [n])[0])


def pass_at_k(hits: int, k: int) -> float:
    return float(passes_at_k([hits], k)[0])


def cacs_at_k(hits: int, n: int, k: int) -> float:
    return float(cacs_scores([hits], [n], k)[0])
