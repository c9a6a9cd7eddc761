"""Scores of repeated answers (`--epochs K`): the mean over epochs with a nested bootstrap CI,
the per-case SD, worst-at-k and reliability@k (docs/scoring.md, "Repeated answers").

Every function takes the case scores of one model as one sequence of scores per case (a
case's scored answers, one per epoch). worst-at-k and reliability@k are exact expectations
over all k-subsets of a case's K answers, computed in closed form, never by sampling.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike

from medrubric.stats._arrays import FloatArray, rows_per_chunk
from medrubric.stats.intervals import percentile_interval

__all__ = [
    "complete_matrix",
    "nested_bootstrap_ci",
    "nested_bootstrap_distribution",
    "per_case_sd",
    "reliability_at_k",
    "worst_at_k",
]


def complete_matrix(per_case: Sequence[Sequence[float]]) -> FloatArray:
    """The cases × K matrix of the cases that have the most answers (K) scored; a case with
    fewer (an answer or every positive verdict in error) is left out."""
    if not per_case:
        return np.empty((0, 0))
    k = max(len(s) for s in per_case)
    return np.array([list(s) for s in per_case if len(s) == k], dtype=float).reshape(-1, k)


def _subset_weights(n: int, k: int) -> FloatArray:
    """w_i = C(n - i, k - 1) / C(n, k) for i = 1..n: the chance that the i-th smallest of n
    values is the minimum of a random k-subset."""
    weights: FloatArray = _combinations(k - 1, n - 1)[::-1] / math.comb(n, k)
    return weights


def _combinations(k: int, most: int) -> FloatArray:
    """C(m, k) for m = 0..most, exact integers as floats (scipy's `comb(..., exact=False)`
    for the small counts of epochs, without loading scipy.special)."""
    return np.array([math.comb(m, k) for m in range(most + 1)], dtype=float)


def worst_at_k(scores: ArrayLike) -> dict[int, float]:
    """k -> the expected minimum case score over a random k-subset of a case's K answers,
    averaged over cases (HealthBench's worst-at-k), for k = 1..K, exactly:
    E[min] = sum_i C(K - i, k - 1) / C(K, k) * s_(i) with s_(1) <= ... <= s_(K)."""
    matrix = np.sort(np.asarray(scores, dtype=float), axis=1)
    if matrix.ndim != 2 or matrix.shape[0] == 0:
        return {}
    n_epochs = matrix.shape[1]
    return {
        k: float(np.mean(matrix @ _subset_weights(n_epochs, k))) for k in range(1, n_epochs + 1)
    }


def reliability_at_k(scores: ArrayLike, threshold: float = 0.5) -> dict[int, float]:
    """k -> the expected share of cases whose k answers all pass (case score >= threshold),
    over a random k-subset of each case's K answers: mean over cases of C(p, k) / C(K, k),
    p = the case's passing answers. For k = K, the share of cases whose every answer passes."""
    matrix = np.asarray(scores, dtype=float)
    if matrix.ndim != 2 or matrix.shape[0] == 0:
        return {}
    n_epochs = matrix.shape[1]
    passing = (matrix >= threshold).sum(axis=1)
    return {
        k: float(np.mean(_combinations(k, n_epochs)[passing] / math.comb(n_epochs, k)))
        for k in range(1, n_epochs + 1)
    }


def per_case_sd(per_case: Sequence[Sequence[float]]) -> float | None:
    """The pooled within-case SD: the square root of the mean, over cases with at least two
    scored answers, of each case's sample variance (ddof 1) across its answers; None when no
    case has two."""
    variances = [float(np.var(s, ddof=1)) for s in per_case if len(s) >= 2]
    return math.sqrt(float(np.mean(variances))) if variances else None


def nested_bootstrap_distribution(
    per_case: Sequence[Sequence[float]], n_resamples: int = 10_000, seed: int = 0
) -> FloatArray:
    """Bootstrap means of the per-case mean scores, epochs nested in cases: each resample
    draws n cases with replacement, then, within each drawn case, its n_i answers with
    replacement, and averages the drawn case means."""
    if n_resamples < 1:
        raise ValueError(f"n_resamples must be at least 1, got {n_resamples}")
    n = len(per_case)
    if n == 0:
        return np.full(n_resamples, math.nan)
    counts = np.array([len(s) for s in per_case])
    if (counts == 0).any():
        raise ValueError("every case needs at least one score")
    width = int(counts.max())
    padded = np.zeros((n, width))
    for i, s in enumerate(per_case):
        padded[i, : len(s)] = s
    rng = np.random.default_rng(seed)
    out = np.empty(n_resamples)
    step = rows_per_chunk(n * width)
    for start in range(0, n_resamples, step):
        rows = min(step, n_resamples - start)
        cases = rng.integers(0, n, size=(rows, n))
        drawn = counts[cases]  # n_i of each drawn case
        within = np.floor(rng.random((rows, n, width)) * drawn[..., None]).astype(np.intp)
        values = padded[cases[..., None], within]
        used = np.arange(width) < drawn[..., None]  # a case of n_i answers draws n_i of them
        case_means = np.where(used, values, 0.0).sum(axis=-1) / drawn
        out[start : start + rows] = case_means.mean(axis=-1)
    return out


def nested_bootstrap_ci(
    per_case: Sequence[Sequence[float]],
    n_resamples: int = 10_000,
    seed: int = 0,
    confidence: float = 0.95,
) -> tuple[float, float]:
    """Percentile interval of `nested_bootstrap_distribution`; (nan, nan) for no cases."""
    if not per_case:
        return math.nan, math.nan
    return percentile_interval(
        nested_bootstrap_distribution(per_case, n_resamples, seed), confidence
    )
