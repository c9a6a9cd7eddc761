"""Per-case scoring formulas of LiveMedBench (§3.3.2) and ClinConsensus (CACS, seed 003).

The array functions are the implementations; the scalar ones are thin wrappers, so both
forms always agree.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike, NDArray

FloatArray = NDArray[np.float64]

CACS_NEEDS_N_AT_LEAST_K = (
    "CACS@k needs at least k criteria per rubric (with fewer, every answer would score 0)"
)


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
