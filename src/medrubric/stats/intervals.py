"""Confidence intervals: Wilson score, percentile bootstrap and cluster bootstrap.

Every bootstrap draws from a seeded ``numpy.random.Generator`` so a report is reproducible,
and evaluates the statistic on whole blocks of resamples at once (``stat(block, axis=-1)``)
when the statistic supports an ``axis`` argument, as numpy reductions do.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import ArrayLike

if TYPE_CHECKING:
    from scipy import sparse

from medrubric.stats._arrays import (
    FloatArray,
    IntArray,
    as_float_vector,
    as_paired_vectors,
    factorize,
    rows_per_chunk,
)

Statistic = Callable[..., Any]

__all__ = [
    "bootstrap_ci",
    "bootstrap_distribution",
    "cluster_bootstrap_ci",
    "cluster_bootstrap_distribution",
    "cluster_totals_ci",
    "cluster_totals_distribution",
    "defined_percentile_interval",
    "paired_bootstrap_diff_ci",
    "percentile_interval",
    "wilson_interval",
]


def _check_confidence(confidence: float) -> None:
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence}")


def _check_resamples(n_resamples: int) -> None:
    if n_resamples < 1:
        raise ValueError(f"n_resamples must be at least 1, got {n_resamples}")


def wilson_interval(k: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion k/n; (nan, nan) when n == 0.

    Preferred over the normal approximation because it stays inside [0, 1] and keeps its
    coverage at 0/n and n/n, which is common for small yes-rates.
    """
    _check_confidence(confidence)
    if n < 0 or not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")
    if n == 0:
        return math.nan, math.nan
    from scipy.special import ndtri  # scipy.special: ~0.1 s to import; summary.json needs none

    z = float(ndtri(0.5 + confidence / 2))
    p = k / n
    z2n = z * z / n
    denom = 1.0 + z2n
    center = (p + z2n / 2) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2n / (4 * n)) / denom
    return max(0.0, center - half), min(1.0, center + half)


def percentile_interval(distribution: ArrayLike, confidence: float = 0.95) -> tuple[float, float]:
    """The central ``confidence`` share of a bootstrap distribution (linear interpolation)."""
    _check_confidence(confidence)
    tail = (1.0 - confidence) / 2
    lo, hi = np.quantile(np.asarray(distribution, dtype=float), [tail, 1.0 - tail])
    return float(lo), float(hi)


def _stat_per_row(stat: Statistic, samples: FloatArray) -> FloatArray:
    """stat of every row; one vectorised call when stat takes ``axis``, else a loop."""
    try:
        out = np.asarray(stat(samples, axis=-1), dtype=float)
    except TypeError:
        out = None
    if out is None or out.shape != samples.shape[:-1]:
        out = np.array([stat(row) for row in samples], dtype=float)
    return out


def _in_chunks(
    n_resamples: int,
    width: int,
    seed: int,
    draw: Callable[[np.random.Generator, int], FloatArray],
) -> FloatArray:
    """``n_resamples`` statistics of resamples of ``width`` units, ``draw(rng, rows)``
    computing a block of rows at a time so memory stays bounded; all nan for no units."""
    if width == 0:
        return np.full(n_resamples, math.nan)
    rng = np.random.default_rng(seed)
    out = np.empty(n_resamples)
    step = rows_per_chunk(width)
    for start in range(0, n_resamples, step):
        rows = min(step, n_resamples - start)
        out[start : start + rows] = draw(rng, rows)
    return out


def bootstrap_distribution(
    values: ArrayLike, stat: Statistic = np.mean, n_resamples: int = 10_000, seed: int = 0
) -> FloatArray:
    """stat over ``n_resamples`` resamples (with replacement) of ``values``."""
    _check_resamples(n_resamples)
    data = as_float_vector(values)
    n = data.size

    def draw(rng: np.random.Generator, rows: int) -> FloatArray:
        return _stat_per_row(stat, data[rng.integers(0, n, size=(rows, n))])

    return _in_chunks(n_resamples, n, seed, draw)


def bootstrap_ci(
    values: ArrayLike,
    stat: Statistic = np.mean,
    n_resamples: int = 10_000,
    seed: int = 0,
    confidence: float = 0.95,
) -> tuple[float, float]:
    """Percentile bootstrap interval of ``stat(values)``; (nan, nan) for no values."""
    _check_confidence(confidence)
    if np.size(values) == 0:
        return math.nan, math.nan
    return percentile_interval(bootstrap_distribution(values, stat, n_resamples, seed), confidence)


def paired_bootstrap_diff_ci(
    a: ArrayLike,
    b: ArrayLike,
    stat: Statistic = np.mean,
    n_resamples: int = 10_000,
    seed: int = 0,
    confidence: float = 0.95,
) -> tuple[float, float]:
    """Bootstrap interval of ``stat(a - b)`` resampling cases, so the pairing is kept."""
    x, y = as_paired_vectors(a, b, ("a", "b"))
    return bootstrap_ci(x - y, stat, n_resamples, seed, confidence)


class _Clusters:
    """Values grouped by cluster: contiguous blocks of one sorted array."""

    def __init__(self, values: ArrayLike, clusters: Iterable[Hashable]):
        data = as_float_vector(values)
        codes, _ = factorize(clusters)
        if codes.size != data.size:
            raise ValueError(f"values and clusters differ in length: {data.size} != {codes.size}")
        order = np.argsort(codes, kind="stable")
        self.values: FloatArray = data[order]
        self.sizes: IntArray = np.bincount(codes)
        self.starts: IntArray = np.concatenate(([0], np.cumsum(self.sizes)[:-1])).astype(np.intp)
        self.sums: FloatArray = np.bincount(codes, weights=data).astype(float)

    @property
    def count(self) -> int:
        return int(self.sizes.size)

    def members(self, drawn: IntArray) -> IntArray:
        """Positions (in self.values) of every item of the drawn clusters, in draw order."""
        sizes = self.sizes[drawn]
        block_offsets = np.repeat(np.cumsum(sizes) - sizes, sizes)
        return np.repeat(self.starts[drawn], sizes) + np.arange(sizes.sum()) - block_offsets


def cluster_bootstrap_distribution(
    values: ArrayLike,
    clusters: Iterable[Hashable],
    stat: Statistic = np.mean,
    n_resamples: int = 10_000,
    seed: int = 0,
) -> FloatArray:
    """stat over resamples that draw whole clusters with replacement.

    Each resample draws as many clusters as there are and keeps every item of each drawn
    cluster, so ``stat`` estimates the same item-level quantity as on the data itself.
    """
    _check_resamples(n_resamples)
    grouped = _Clusters(values, clusters)
    g = grouped.count

    def draw(rng: np.random.Generator, rows: int) -> FloatArray:
        drawn = rng.integers(0, g, size=(rows, g))
        if stat is np.mean:
            return grouped.sums[drawn].sum(axis=1) / grouped.sizes[drawn].sum(axis=1)
        return np.array([float(stat(grouped.values[grouped.members(row)])) for row in drawn])

    return _in_chunks(n_resamples, g, seed, draw)


def cluster_bootstrap_ci(
    values: ArrayLike,
    clusters: Iterable[Hashable],
    stat: Statistic = np.mean,
    n_resamples: int = 10_000,
    seed: int = 0,
    confidence: float = 0.95,
) -> tuple[float, float]:
    """Percentile interval of the cluster bootstrap; (nan, nan) for no values.

    Use it when items share a unit (several pairs per question, several criteria per
    case): resampling items alone would treat them as independent and be too narrow.
    """
    _check_confidence(confidence)
    distribution = cluster_bootstrap_distribution(values, clusters, stat, n_resamples, seed)
    if np.isnan(distribution).all():
        return math.nan, math.nan
    return percentile_interval(distribution, confidence)


TotalsStatistic = Callable[[FloatArray], FloatArray]


def cluster_totals_distribution(
    totals: ArrayLike | sparse.spmatrix | sparse.sparray,
    stat: TotalsStatistic,
    n_resamples: int = 10_000,
    seed: int = 0,
) -> FloatArray:
    """``stat`` of the summed totals of resampled clusters, for statistics of additive counts.

    ``totals`` is a clusters × counts matrix (dense or scipy sparse): row g holds cluster g's
    counts, e.g. its 2×2 agreement tables side by side. A resample draws as many clusters as
    there are with replacement, as ``cluster_bootstrap_distribution`` does, and sums their
    rows; ``stat`` maps a block of summed rows (resamples × counts) to one value per row, or
    to a row of several statistics (then the result is resamples × statistics). The
    statistic of the data itself is ``stat`` of the column sums.
    """
    from scipy import sparse

    _check_resamples(n_resamples)
    table: Any = totals if sparse.issparse(totals) else np.asarray(totals, dtype=float)
    if table.ndim != 2:
        raise ValueError(f"totals must be clusters x counts, got shape {table.shape}")
    g, width = table.shape
    if g == 0:
        return np.full(n_resamples, math.nan)
    rng = np.random.default_rng(seed)
    blocks = []
    step = rows_per_chunk(g + width)
    for start in range(0, n_resamples, step):
        rows = min(step, n_resamples - start)
        drawn = rng.integers(0, g, size=(rows, g))
        flat = (drawn + g * np.arange(rows)[:, None]).ravel()
        multiplicity = np.bincount(flat, minlength=rows * g).reshape(rows, g).astype(float)
        summed: FloatArray = np.asarray((table.T @ multiplicity.T).T, dtype=np.float64)
        blocks.append(np.asarray(stat(summed), dtype=np.float64))
    out: FloatArray = np.concatenate(blocks)
    return out


def defined_percentile_interval(
    distribution: ArrayLike, confidence: float = 0.95
) -> tuple[float, float]:
    """``percentile_interval`` of the resamples where the statistic is defined (not nan);
    (nan, nan) when it is defined in none."""
    values = np.asarray(distribution, dtype=float)
    defined = values[~np.isnan(values)]
    if defined.size == 0:
        return math.nan, math.nan
    return percentile_interval(defined, confidence)


def cluster_totals_ci(
    totals: ArrayLike | sparse.spmatrix | sparse.sparray,
    stat: TotalsStatistic,
    n_resamples: int = 10_000,
    seed: int = 0,
    confidence: float = 0.95,
) -> tuple[float, float]:
    """Percentile interval of ``cluster_totals_distribution`` for a one-value ``stat``.
    Resamples where ``stat`` is undefined (nan, e.g. κ of a table with one category) are
    left out; (nan, nan) when every resample is undefined."""
    _check_confidence(confidence)
    distribution = cluster_totals_distribution(totals, stat, n_resamples, seed)
    return defined_percentile_interval(distribution, confidence)
