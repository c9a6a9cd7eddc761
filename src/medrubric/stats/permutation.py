"""Permutation test for a difference in means of two independent samples.

Used for the contamination drop: are post-cutoff case scores lower than pre-cutoff ones
by more than a random split of the same cases would give?
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike

from medrubric.stats._arrays import FloatArray, as_float_vector, rows_per_chunk

__all__ = ["Alternative", "PermutationResult", "permutation_test_diff"]

Alternative = Literal["two-sided", "greater", "less"]

# Null values within this relative distance of the observed one count as equal to it.
RELATIVE_TIE = 1e-14


@dataclass(frozen=True, slots=True)
class PermutationResult:
    statistic: float  # mean(a) - mean(b)
    pvalue: float
    n_permutations: int
    exact: bool


def _exact_null(pooled: FloatArray, n_a: int) -> FloatArray:
    """mean difference for every way to choose which n_a values form sample a."""
    n = pooled.size
    combos = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(n), n_a)), dtype=np.intp
    ).reshape(-1, n_a)
    sum_a = pooled[combos].sum(axis=1)
    null: FloatArray = sum_a / n_a - (pooled.sum() - sum_a) / (n - n_a)
    return null


def _random_null(pooled: FloatArray, n_a: int, n_resamples: int, seed: int) -> FloatArray:
    rng = np.random.default_rng(seed)
    n = pooled.size
    null = np.empty(n_resamples)
    step = rows_per_chunk(n)
    for start in range(0, n_resamples, step):
        rows = min(step, n_resamples - start)
        shuffled = rng.permuted(np.broadcast_to(pooled, (rows, n)), axis=1)
        sum_a = shuffled[:, :n_a].sum(axis=1)
        null[start : start + rows] = sum_a / n_a - (pooled.sum() - sum_a) / (n - n_a)
    return null


def permutation_test_diff(
    a: ArrayLike,
    b: ArrayLike,
    n_resamples: int = 10_000,
    seed: int = 0,
    alternative: Alternative = "two-sided",
) -> PermutationResult:
    """Test mean(a) - mean(b) against random relabelings of the pooled values.

    When there are at most ``n_resamples`` distinct splits, all are enumerated and the
    p-value is exact (the share of splits at least as extreme). Otherwise it is
    (hits + 1) / (n_resamples + 1), counting the observed split once, so it is never 0.
    'greater' tests mean(a) > mean(b); 'two-sided' doubles the smaller one-sided
    p-value, capped at 1. nan when either sample is empty.
    """
    if alternative not in ("two-sided", "greater", "less"):
        raise ValueError(f"alternative must be two-sided, greater or less, got {alternative!r}")
    if n_resamples < 1:
        raise ValueError(f"n_resamples must be at least 1, got {n_resamples}")
    x, y = as_float_vector(a, "a"), as_float_vector(b, "b")
    if x.size == 0 or y.size == 0:
        return PermutationResult(math.nan, math.nan, 0, False)
    observed = float(x.mean() - y.mean())
    pooled = np.concatenate([x, y])
    exact = math.comb(pooled.size, x.size) <= n_resamples
    null = _exact_null(pooled, x.size) if exact else _random_null(pooled, x.size, n_resamples, seed)
    slack = max(RELATIVE_TIE, abs(observed) * RELATIVE_TIE)
    extra = 0 if exact else 1
    p_greater = (np.count_nonzero(null >= observed - slack) + extra) / (null.size + extra)
    p_less = (np.count_nonzero(null <= observed + slack) + extra) / (null.size + extra)
    pvalue = {"greater": p_greater, "less": p_less}.get(alternative, 2 * min(p_greater, p_less))
    return PermutationResult(observed, float(min(1.0, pvalue)), int(null.size), exact)
