"""Length bias of a run: does a longer answer score higher? (docs/scoring.md, "Length bias")

Per case: L = the mean length in characters of its scored answers, s = its mean case score.
Reported: Spearman's rho between L and s with a percentile bootstrap CI over cases, and the
length-adjusted score: the least-squares line s = a + b ln L read at a reference length,
a + b ln L_ref, where L_ref is the median answer length of every run compared (of this run
alone in its own summary.json).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from medrubric.scoring.records import LengthBias
from medrubric.stats import spearman
from medrubric.stats._arrays import FloatArray, IntArray, rows_per_chunk
from medrubric.stats.intervals import percentile_interval

__all__ = ["adjusted_at", "length_bias", "resampled_ranks"]

# Draws resampled at once: a block's arrays (~1 MB each) stay in the CPU's caches, where one
# block of all 10,000 resamples (16 MB arrays, fresh pages in a new process) took 2-4x as long.
# The draws, and so every figure, do not depend on it.
_BLOCK = 1 << 17


class _Coded:
    """A vector's distinct values, coded once (`np.unique`) for the ranks of every block of
    resamples."""

    def __init__(self, values: FloatArray) -> None:
        distinct, self.code = np.unique(values, return_inverse=True)
        self.size = distinct.size
        missing = np.isnan(values)
        self.missing = missing if missing.any() else None

    def ranks(
        self, idx: IntArray, cell: IntArray | None = None, out: FloatArray | None = None
    ) -> FloatArray:
        """The ranks of each row of `idx`, written to `out` (`cell`: a scratch array of
        `idx`'s shape) or to new arrays."""
        rows, size = idx.shape[0], self.size
        cell = np.take(self.code, idx, out=cell, mode="clip")  # every index is in range
        cell += (np.arange(rows) * size)[:, None]  # (row, value), flattened
        counts = np.bincount(cell.ravel(), minlength=rows * size).reshape(rows, size)
        below = np.cumsum(counts, axis=-1) - counts
        ranks: FloatArray = np.take((below + (counts + 1) / 2).ravel(), cell, out=out, mode="clip")
        if self.missing is not None:
            ranks[self.missing[idx].any(axis=-1)] = np.nan
        return ranks


def resampled_ranks(values: FloatArray, idx: IntArray) -> FloatArray:
    """`scipy.stats.rankdata(values[idx], axis=-1)` (average ranks, 1-based, per row), value
    for value, without sorting each row: a row's ranks follow from how often it draws each
    distinct value of `values`, counted at once for the whole array. A row that draws a NaN
    is all NaN, as scipy's."""
    return _Coded(values).ranks(idx)


def _row_pearson(x: FloatArray, y: FloatArray, scratch: FloatArray) -> FloatArray:
    """Pearson's r of each row pair; nan where a row does not vary. `x` and `y` are centred
    in place; `scratch` is an array of their shape."""
    x -= x.mean(axis=-1, keepdims=True)
    y -= y.mean(axis=-1, keepdims=True)
    sxx = np.multiply(x, x, out=scratch).sum(axis=-1)
    denominator = np.sqrt(sxx * np.multiply(y, y, out=scratch).sum(axis=-1))
    with np.errstate(invalid="ignore", divide="ignore"):
        r: FloatArray = np.multiply(x, y, out=scratch).sum(axis=-1) / denominator
    return r


def _line(
    log_length: FloatArray, score: FloatArray, scratch: FloatArray
) -> tuple[FloatArray, FloatArray]:
    """Least-squares intercept and slope of score on log length, row by row (slope 0 where
    every length is the same). Both are centred in place; `scratch`: an array of their
    shape."""
    mean_x = log_length.mean(axis=-1, keepdims=True)
    mean_score = score.mean(axis=-1, keepdims=True)
    log_length -= mean_x
    score -= mean_score
    sxx = np.multiply(log_length, log_length, out=scratch).sum(axis=-1)
    sxy = np.multiply(log_length, score, out=scratch).sum(axis=-1)
    slope = np.divide(sxy, sxx, out=np.zeros_like(sxy), where=sxx > 0)
    intercept = mean_score[..., 0] - slope * mean_x[..., 0]
    return intercept, slope


def adjusted_at(bias: LengthBias, reference_chars: float) -> float:
    """The length-adjusted score read at another reference length (e.g. the median over the
    runs a comparison holds)."""
    return bias.intercept + bias.slope * math.log(max(reference_chars, 1.0))


def length_bias(
    lengths: Sequence[float],
    scores: Sequence[float],
    *,
    reference_chars: float | None = None,
    n_resamples: int = 10_000,
    seed: int = 0,
    threads: int = 1,
) -> LengthBias | None:
    """Spearman's rho of case length and case score with a bootstrap CI over cases, and the
    length-adjusted score at `reference_chars` (default: the median of `lengths`); None for
    fewer than three cases. `threads` > 1 computes blocks of resamples on that many threads
    (numpy releases the GIL for their arrays); the figures are the same for any number."""
    x = np.asarray(lengths, dtype=float)
    y = np.asarray(scores, dtype=float)
    if x.size != y.size:
        raise ValueError("lengths and scores differ in length")
    if x.size < 3:
        return None
    log_x = np.log(np.maximum(x, 1.0))  # an empty answer counts as one character
    reference = float(np.median(x)) if reference_chars is None else float(reference_chars)
    intercept, slope = _line(log_x.copy(), y.copy(), np.empty_like(y))
    rng = np.random.default_rng(seed)
    rhos = np.empty(n_resamples)
    adjusted = np.empty(n_resamples)
    step = rows_per_chunk(x.size, _BLOCK)
    coded_x, coded_y = _Coded(x), _Coded(y)
    starts = iter(range(0, n_resamples, step))
    drawing = threading.Lock()

    def resample() -> None:
        """Blocks of resamples until none is left, each drawn in turn (the draws are those
        of one pass in order, whichever thread takes a block) and computed alone, in this
        thread's arrays (used again block after block, not allocated for each)."""
        cells = np.empty((min(step, n_resamples), x.size), dtype=np.intp)
        arrays = [np.empty(cells.shape) for _ in range(3)]
        while True:
            with drawing:
                start = next(starts, None)
                if start is None:
                    return
                rows = min(step, n_resamples - start)
                idx = rng.integers(0, x.size, size=(rows, x.size))
            cell, first, second, scratch = cells[:rows], *(a[:rows] for a in arrays)
            rx, ry = coded_x.ranks(idx, cell, first), coded_y.ranks(idx, cell, second)
            rhos[start : start + rows] = _row_pearson(rx, ry, scratch)
            log_drawn = np.take(log_x, idx, out=first, mode="clip")
            a, b = _line(log_drawn, np.take(y, idx, out=second, mode="clip"), scratch)
            adjusted[start : start + rows] = a + b * math.log(max(reference, 1.0))

    if threads > 1:
        with ThreadPoolExecutor(threads - 1, thread_name_prefix="medrubric-length") as pool:
            helpers = [pool.submit(resample) for _ in range(threads - 1)]
            resample()
            for helper in helpers:
                helper.result()  # a helper's error is raised here, no figure returned
    else:
        resample()
    rho = spearman(x, y).statistic
    defined = rhos[np.isfinite(rhos)]
    rho_ci = percentile_interval(defined) if defined.size else (math.nan, math.nan)
    return LengthBias(
        n=int(x.size),
        rho=None if math.isnan(rho) else rho,
        rho_ci95=None if math.isnan(rho) or not defined.size else rho_ci,
        intercept=float(intercept),
        slope=float(slope),
        median_chars=float(np.median(x)),
        reference_chars=reference,
        adjusted_score=float(intercept + slope * math.log(max(reference, 1.0))),
        adjusted_ci95=percentile_interval(adjusted),
    )
