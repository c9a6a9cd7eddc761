"""Correlation coefficients with two-sided p-values: Pearson, Spearman, Kendall tau-b, partial.

Degenerate input never raises or warns: a constant variable, fewer than two complete
pairs or any NaN gives ``statistic = pvalue = nan``. With exactly two points a finite
coefficient is +-1 with p-value 1.0 (nothing can be tested).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike
from scipy.special import ndtr, stdtr

from medrubric.stats._arrays import FloatArray, as_float_vector, as_paired_vectors, rows_per_chunk

__all__ = [
    "CorrelationResult",
    "average_ranks",
    "kendall_tau_b",
    "partial_corr",
    "pearson",
    "spearman",
]

EXACT_KENDALL_MAX_N = 33


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


def _pearson_of(x: FloatArray, y: FloatArray, df: int) -> CorrelationResult:
    n = x.size
    if n < 2 or not (np.isfinite(x).all() and np.isfinite(y).all()):
        return _undefined(n)
    r = _centered_correlation(x - x.mean(), y - y.mean())
    if math.isnan(r):
        return _undefined(n)
    return CorrelationResult(r, _t_test_pvalue(r, df), n)


def pearson(x: ArrayLike, y: ArrayLike) -> CorrelationResult:
    """Pearson's r = cov(x, y) / (sd(x) sd(y)); p-value from t with n - 2 df."""
    a, b = as_paired_vectors(x, y)
    return _pearson_of(a, b, a.size - 2)


def average_ranks(values: ArrayLike) -> FloatArray:
    """Ranks 1..n, ties sharing the mean of the ranks they span (scipy's 'average')."""
    data = as_float_vector(values)
    _, inverse, counts = np.unique(data, return_inverse=True, return_counts=True)
    upper = np.cumsum(counts)
    ranks: FloatArray = (upper - (counts - 1) / 2.0)[inverse]
    return ranks


def spearman(x: ArrayLike, y: ArrayLike) -> CorrelationResult:
    """Spearman's rho: Pearson's r of average ranks; p-value from t with n - 2 df."""
    a, b = as_paired_vectors(x, y)
    if not (np.isfinite(a).all() and np.isfinite(b).all()):
        return _undefined(a.size)
    return _pearson_of(average_ranks(a), average_ranks(b), a.size - 2)


def _tie_sums(values: FloatArray) -> tuple[float, float, float]:
    """sum t(t-1)/2, sum t(t-1)(t-2), sum t(t-1)(2t+5) over groups of t tied values."""
    _, counts = np.unique(values, return_counts=True)
    t = counts[counts > 1].astype(float)
    return (
        float((t * (t - 1) / 2).sum()),
        float((t * (t - 1) * (t - 2)).sum()),
        float((t * (t - 1) * (2 * t + 5)).sum()),
    )


def _concordance_score(x: FloatArray, y: FloatArray) -> float:
    """S = concordant - discordant pairs, by blocks of the pairwise sign matrix (O(n^2))."""
    n = x.size
    total = 0.0
    step = rows_per_chunk(n)
    for start in range(0, n, step):
        rows = slice(start, min(n, start + step))
        sx = np.sign(x[rows, None] - x[None, :])
        sy = np.sign(y[rows, None] - y[None, :])
        total += float((sx * sy).sum())
    return total / 2.0


def _kendall_exact_pvalue(n: int, discordant: int) -> float:
    """Two-sided exact p-value without ties: 2 P(inversions <= min(d, N - d)).

    The number of discordant pairs of a random permutation is Mahonian; its law is the
    convolution of uniforms on {0..j-1}, j = 1..n, truncated at the needed tail.
    """
    total = n * (n - 1) // 2
    c = min(discordant, total - discordant)
    if 4 * c == n * (n - 1):
        return 1.0
    dist = np.zeros(c + 1)
    dist[0] = 1.0
    for j in range(2, n + 1):
        cum = np.concatenate(([0.0], np.cumsum(dist)))
        low = np.maximum(np.arange(c + 1) - j + 1, 0)
        dist = (cum[1:] - cum[low]) / j
    return float(min(1.0, 2.0 * dist.sum()))


def kendall_tau_b(x: ArrayLike, y: ArrayLike) -> CorrelationResult:
    """Kendall's tau-b = S / sqrt((N - Tx)(N - Ty)), N = n(n-1)/2, T = tied pairs.

    p-value as scipy's default: exact null distribution without ties when n <= 33 (or
    when at most one pair is out of order), else the normal approximation with the
    tie-corrected variance of S.
    """
    a, b = as_paired_vectors(x, y)
    n = a.size
    if n < 2 or not (np.isfinite(a).all() and np.isfinite(b).all()):
        return _undefined(n)
    pairs = n * (n - 1) / 2
    x_tied, x_t2, x_t5 = _tie_sums(a)
    y_tied, y_t2, y_t5 = _tie_sums(b)
    if x_tied == pairs or y_tied == pairs:
        return _undefined(n)
    s = _concordance_score(a, b)
    tau = float(np.clip(s / math.sqrt((pairs - x_tied) * (pairs - y_tied)), -1.0, 1.0))
    if n == 2:
        return CorrelationResult(tau, 1.0, n)
    if x_tied == 0 and y_tied == 0:
        discordant = round((pairs - s) / 2)
        if n <= EXACT_KENDALL_MAX_N or min(discordant, pairs - discordant) <= 1:
            return CorrelationResult(tau, _kendall_exact_pvalue(n, discordant), n)
    m = n * (n - 1.0)
    variance = (
        (m * (2 * n + 5) - x_t5 - y_t5) / 18
        + 2 * x_tied * y_tied / m
        + x_t2 * y_t2 / (9 * m * (n - 2))
    )
    z = s / math.sqrt(variance)
    return CorrelationResult(tau, float(2.0 * ndtr(-abs(z))), n)


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
