"""Correlation coefficients with two-sided p-values: Pearson, Spearman, Kendall tau-b, partial.

Pearson and Kendall tau-b are scipy's (`pearsonr`, `kendalltau` with its default p-value
method). Spearman is computed here as `scipy.stats.spearmanr` computes it (average ranks,
`numpy.corrcoef`, the t-test with n - 2 df), value for value, so that summary.json's length
bias does not import scipy.stats. This module adds the one contract the analyses rely on:
degenerate input never raises or warns. A constant variable, fewer than two complete pairs or
any NaN gives ``statistic = pvalue = nan``; with exactly two points a finite coefficient is
+-1 with p-value 1.0 (nothing can be tested). The partial correlation (not in scipy) is
Pearson's r of regression residuals.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from medrubric.stats._arrays import FloatArray, as_float_vector, as_paired_vectors

__all__ = [
    "CorrelationResult",
    "average_ranks",
    "kendall_tau_b",
    "partial_corr",
    "pearson",
    "spearman",
    "spearman_rho",
]


@dataclass(frozen=True, slots=True)
class CorrelationResult:
    statistic: float
    pvalue: float
    n: int

    def __float__(self) -> float:
        return self.statistic


def _undefined(n: int) -> CorrelationResult:
    return CorrelationResult(math.nan, math.nan, n)


def _t_test_pvalue(r: float, df: int) -> float:
    """Two-sided p-value of r under H0: rho = 0, via t = r sqrt(df / (1 - r^2))."""
    if df == 0:
        return 1.0
    if abs(r) >= 1.0:
        return 0.0
    from scipy.special import stdtr  # ~0.1 s to import: not for a statistic alone

    t = r * math.sqrt(df / ((1.0 - r) * (1.0 + r)))
    return float(min(1.0, 2.0 * stdtr(df, -abs(t))))


def _centered_correlation(xc: FloatArray, yc: FloatArray) -> float:
    """Cosine of two centred vectors; nan when either has no spread.

    Each vector is first divided by its largest magnitude so the products cannot
    overflow; sqrt(xx * yy) keeps identical vectors at exactly 1.
    """
    peak_x, peak_y = float(np.abs(xc).max(initial=0.0)), float(np.abs(yc).max(initial=0.0))
    if peak_x == 0.0 or peak_y == 0.0:
        return math.nan
    u, v = xc / peak_x, yc / peak_y
    denominator = math.sqrt(float(np.dot(u, u)) * float(np.dot(v, v)))
    return float(np.clip(np.dot(u, v) / denominator, -1.0, 1.0))


def _coefficient(test: Callable[..., Any], x: ArrayLike, y: ArrayLike) -> CorrelationResult:
    """A coefficient and p-value (scipy's signature), degenerate input as nan (no warning,
    no error)."""
    a, b = as_paired_vectors(x, y)
    n = a.size
    if n < 2 or not (np.isfinite(a).all() and np.isfinite(b).all()):
        return _undefined(n)
    if np.ptp(a) == 0 or np.ptp(b) == 0:  # a constant variable: no correlation to speak of
        return _undefined(n)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = test(a, b)
    statistic, pvalue = float(result.statistic), float(result.pvalue)
    if math.isnan(statistic):
        return _undefined(n)
    statistic = float(np.clip(statistic, -1.0, 1.0))
    return CorrelationResult(statistic, 1.0 if n == 2 else pvalue, n)


def pearson(x: ArrayLike, y: ArrayLike) -> CorrelationResult:
    """Pearson's r = cov(x, y) / (sd(x) sd(y)); p-value from t with n - 2 df."""
    from scipy import stats as sps  # scipy.stats: ~0.25 s to import, only when asked

    return _coefficient(sps.pearsonr, x, y)


def average_ranks(values: ArrayLike) -> FloatArray:
    """Ranks 1..n, ties sharing the mean of the ranks they span (scipy's 'average'): a
    value's rank is the count of smaller values plus the mean of 1..(its ties). Any NaN makes
    every rank NaN, as scipy's."""
    array = as_float_vector(values)
    if np.isnan(array).any():
        return np.full(array.shape, np.nan)
    _, code, counts = np.unique(array, return_inverse=True, return_counts=True)
    below = np.cumsum(counts) - counts
    ranks: FloatArray = (below + (counts + 1) / 2)[code]
    return ranks


def _spearman_rho(a: FloatArray, b: FloatArray) -> CorrelationResult:
    """`scipy.stats.spearmanr(a, b)`'s statistic, computed as it computes it; no p-value."""
    ranks = np.column_stack((average_ranks(a), average_ranks(b)))
    return CorrelationResult(float(np.corrcoef(ranks, rowvar=False)[1, 0]), math.nan, a.size)


def _spearman_test(a: FloatArray, b: FloatArray) -> CorrelationResult:
    """`scipy.stats.spearmanr(a, b)`'s statistic and p-value, computed as it computes them."""
    rho = _spearman_rho(a, b).statistic
    return CorrelationResult(rho, _t_test_pvalue(rho, a.size - 2), a.size)


def spearman(x: ArrayLike, y: ArrayLike) -> CorrelationResult:
    """Spearman's rho: Pearson's r of average ranks; p-value from t with n - 2 df."""
    return _coefficient(_spearman_test, x, y)


def spearman_rho(x: ArrayLike, y: ArrayLike) -> float:
    """`spearman(x, y).statistic` without its p-value (which loads scipy.special)."""
    return _coefficient(_spearman_rho, x, y).statistic


def kendall_tau_b(x: ArrayLike, y: ArrayLike) -> CorrelationResult:
    """Kendall's tau-b = S / sqrt((N - Tx)(N - Ty)), N = n(n-1)/2, T = tied pairs, with
    scipy's default p-value (exact null distribution without ties for small n, else the
    normal approximation with the tie-corrected variance)."""
    from scipy import stats as sps  # scipy.stats: ~0.25 s to import, only when asked

    return _coefficient(sps.kendalltau, x, y)


def _residuals(values: FloatArray, design: FloatArray) -> FloatArray:
    coef, *_ = np.linalg.lstsq(design, values, rcond=None)
    residual: FloatArray = values - design @ coef
    return residual


def _fully_explained(values: FloatArray, residual: FloatArray) -> bool:
    """No variation left beyond rounding error once the covariates are regressed out."""
    spread = float(np.linalg.norm(values - values.mean()))
    return float(np.linalg.norm(residual)) <= 1e-10 * spread or spread == 0.0


def partial_corr(x: ArrayLike, y: ArrayLike, covar: ArrayLike) -> CorrelationResult:
    """Pearson's r of x and y after regressing both on the covariate(s) (with intercept).

    ``covar`` is one covariate (n,) or several (n, k). The p-value uses t with
    n - 2 - k df, k the rank of the covariates, which equals the t-test of x's
    coefficient in the regression y ~ 1 + x + covariates.
    """
    a, b = as_paired_vectors(x, y)
    z = np.asarray(covar, dtype=float)
    z = z.reshape(-1, 1) if z.ndim == 1 else z
    if z.ndim != 2 or z.shape[0] != a.size:
        raise ValueError(f"covar must have shape ({a.size},) or ({a.size}, k), got {z.shape}")
    n = a.size
    if not (np.isfinite(a).all() and np.isfinite(b).all() and np.isfinite(z).all()):
        return _undefined(n)
    design = np.column_stack([np.ones(n), z])
    k = int(np.linalg.matrix_rank(design)) - 1
    df = n - 2 - k
    if df < 0:
        return _undefined(n)
    rx, ry = _residuals(a, design), _residuals(b, design)
    if _fully_explained(a, rx) or _fully_explained(b, ry):
        return _undefined(n)
    r = _centered_correlation(rx, ry)
    return CorrelationResult(r, _t_test_pvalue(r, df), n)
