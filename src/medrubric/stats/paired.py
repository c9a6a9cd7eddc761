"""Paired AUROC: does the rubric score the original answer above its error-injected copy?"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from medrubric.stats._arrays import FloatArray, as_paired_vectors
from medrubric.stats.intervals import cluster_bootstrap_ci

__all__ = ["PairedAUROC", "pair_outcomes", "paired_auroc", "paired_auroc_ci"]

TIE_TOLERANCE = 1e-9


@dataclass(frozen=True, slots=True)
class PairedAUROC:
    """Shares of pairs the original won, tied and lost; auroc = win + 0.5 tie."""

    win: float
    tie: float
    loss: float
    auroc: float
    n: int


def pair_outcomes(
    original: ArrayLike, injected: ArrayLike, tie_tolerance: float = TIE_TOLERANCE
) -> FloatArray:
    """1.0 where the original scored higher, 0.5 for a tie, 0.0 where the injected did.

    Scores closer than ``tie_tolerance`` tie, so that equal scores summed in another
    order do not count as a win. NaN scores (grading errors) must be dropped first.
    """
    a, b = as_paired_vectors(original, injected, ("original", "injected"))
    if np.isnan(a).any() or np.isnan(b).any():
        raise ValueError("scores contain NaN: drop pairs whose grading failed before comparing")
    diff = a - b
    outcomes: FloatArray = np.where(
        np.abs(diff) <= tie_tolerance, 0.5, np.where(diff > 0, 1.0, 0.0)
    )
    return outcomes


def paired_auroc(
    original: ArrayLike, injected: ArrayLike, tie_tolerance: float = TIE_TOLERANCE
) -> PairedAUROC:
    """Paired AUROC over all pairs, each pair weighing the same; 0.5 means the rubric cannot
    tell the two apart. All fields are nan (n = 0) for no pairs.
    """
    outcomes = pair_outcomes(original, injected, tie_tolerance)
    n = outcomes.size
    if n == 0:
        return PairedAUROC(math.nan, math.nan, math.nan, math.nan, 0)
    win = float(np.mean(outcomes == 1.0))
    tie = float(np.mean(outcomes == 0.5))
    loss = float(np.mean(outcomes == 0.0))
    return PairedAUROC(win, tie, loss, win + 0.5 * tie, n)


def paired_auroc_ci(
    original: ArrayLike,
    injected: ArrayLike,
    clusters: Iterable[Hashable],
    n_resamples: int = 10_000,
    seed: int = 0,
    confidence: float = 0.95,
    tie_tolerance: float = TIE_TOLERANCE,
) -> tuple[float, float]:
    """Cluster-bootstrap interval of ``paired_auroc``: the same per-pair AUROC, recomputed on
    resamples that draw questions (``clusters``) with replacement and keep all pairs of each
    drawn question, so pairs of one question are not treated as independent.
    """
    outcomes = pair_outcomes(original, injected, tie_tolerance)
    return cluster_bootstrap_ci(outcomes, clusters, np.mean, n_resamples, seed, confidence)
