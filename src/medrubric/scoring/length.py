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
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
from numpy.typing import NDArray

from medrubric.scoring.records import LengthBias
from medrubric.stats import spearman_rho
from medrubric.stats._arrays import FloatArray, IntArray, rows_per_chunk
from medrubric.stats.intervals import percentile_interval

__all__ = [
    "adjusted_at",
    "ahead_bytes",
    "forget_ahead",
    "length_bias",
    "prepare_ahead",
    "resampled_ranks",
]

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


class _Block:
    """One block of resamples and what they need of the lengths alone, computed before the
    scores are known (`prepare_ahead`) or as the block is taken: how often each resample
    draws each case (`counts`), the sum over those draws of twice the centred rank of the
    case's length (`rank_sums`: integers, since average ranks are half-integers and their
    mean is (n + 1) / 2 exactly), the sum of the squared centred ranks, and the mean and sum
    of squares of the centred log lengths. The draws themselves are not kept: every figure
    of a resample follows from its counts and rank sums."""

    __slots__ = ("counts", "mean_log", "missing", "rank_ss", "rank_sums", "rows", "start", "xx")

    def __init__(self, start: int, idx: IntArray, x: _Coded, log_x: FloatArray) -> None:
        rows, n = idx.shape
        self.start, self.rows = start, rows
        ranks = x.ranks(idx)
        self.missing = None if x.missing is None else np.isnan(ranks[:, 0])
        ranks -= (n + 1) / 2  # exact: every rank, and their mean, is a multiple of 1/2
        self.rank_ss = np.einsum("ij,ij->i", ranks, ranks)  # exact: multiples of 1/4
        drawn = np.take(log_x, idx, mode="clip")
        self.mean_log = drawn.mean(axis=-1, keepdims=True)
        drawn -= self.mean_log
        self.xx = np.multiply(drawn, drawn, out=drawn).sum(axis=-1)
        cells = (idx + (np.arange(rows) * n)[:, None]).ravel()  # (row, case), flattened
        counts = np.bincount(cells, minlength=rows * n)
        self.counts: NDArray[Any] = counts.astype(np.min_scalar_type(counts.max())).reshape(rows, n)
        ranks *= 2  # integers; a resample that draws a missing length counts 0 here
        sums = np.bincount(cells, weights=np.nan_to_num(ranks).ravel(), minlength=rows * n)
        self.rank_sums: NDArray[Any] = sums.astype(_int_type(sums)).reshape(rows, n)


def _int_type(values: NDArray[Any]) -> type[np.signedinteger[Any]]:
    """The smallest of int16, int32 and int64 that holds every value (integers)."""
    largest = float(np.abs(values).max(initial=0))
    for kind in (np.int16, np.int32):
        if largest <= np.iinfo(kind).max:
            return kind
    return np.int64


class _ScoreOrder:
    """The scores' order, for the ranks of every block of resamples: the cases sorted by
    score (NaN last) and where each run of equal scores ends (None when every score
    differs)."""

    def __init__(self, scores: FloatArray) -> None:
        self.order = np.argsort(scores, kind="stable")
        ranked = scores[self.order]
        last = np.append(ranked[1:] != ranked[:-1], True)  # NaN != NaN: each on its own
        self.ends: IntArray | None = None if last.all() else np.flatnonzero(last)
        self.size = scores.size if self.ends is None else self.ends.size
        missing = np.isnan(scores)
        self.missing = missing.astype(float) if missing.any() else None


class _Scratch:
    """One thread's arrays for `_rho_and_line`, used again block after block rather than
    allocated for each (a fresh array of a block's size costs more than the pass over it)."""

    def __init__(self, rows: int, n: int, scores: int) -> None:
        self.shapes = {"case": (rows, n), "score": (rows, scores)}
        self.arrays: dict[tuple[str, str, Any], NDArray[Any]] = {}
        self.weights = np.empty((rows, n))

    def get(self, name: str, width: str, dtype: Any, rows: int) -> NDArray[Any]:
        key = (name, width, np.dtype(dtype))
        if key not in self.arrays:
            self.arrays[key] = np.empty(self.shapes[width], dtype=dtype)
        return self.arrays[key][:rows]


def _running(
    values: NDArray[Any], y: _ScoreOrder, name: str, work: _Scratch, wide: Any
) -> FloatArray:
    """Each row's values in order of score, summed over each run of equal scores: as floats,
    from a running sum in integers (`wide`) read at each run's end."""
    rows = values.shape[0]
    ordered = np.take(
        values, y.order, axis=1, out=work.get(f"{name} ordered", "case", values.dtype, rows)
    )
    running = np.cumsum(
        ordered, axis=1, dtype=wide, out=work.get(f"{name} running", "case", wide, rows)
    )
    if y.ends is not None:
        running = np.take(running, y.ends, axis=1, out=work.get(name, "score", wide, rows))
    upto = work.get(name, "score", float, rows)
    np.copyto(upto, running)
    return upto


def _rho_and_line(
    block: _Block,
    y: _ScoreOrder,
    line: _LineTerms,
    work: _Scratch,
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Spearman's rho, and the intercept and slope of score on log length, of each resample
    of `block`. rho is the Pearson r of the ranks, whose sums are taken over each row's
    distinct scores, in order of score: a score's draws (a running count of the resample's
    counts of each case, read at the score's last case) set its average rank, and its cases'
    rank sums of the lengths multiply it. Every term is an integer (twice a centred rank)
    below 2**53 (n up to ~200,000), so the sums are exact in any order and rho equals the
    per-element Pearson r of the ranks, bit for bit. The line's sums are dot products of the
    resample's counts of each case (`_LineTerms`)."""
    rows, n = block.counts.shape
    wide = np.int32 if n * n < 1 << 31 else np.int64  # bounds every running sum
    upto = _running(block.counts, y, "counts", work, np.int32)
    drawn = work.get("drawn", "score", float, rows)  # each score's draws
    drawn[:, 0] = upto[:, 0]
    np.subtract(upto[:, 1:], upto[:, :-1], out=drawn[:, 1:])
    sums = _running(block.rank_sums, y, "ranks", work, wide)
    by_score = work.get("by_score", "score", float, rows)  # the lengths' rank sums by score
    by_score[:, 0] = sums[:, 0]
    np.subtract(sums[:, 1:], sums[:, :-1], out=by_score[:, 1:])
    # twice a score's centred rank: 2 (draws below it + (its draws + 1) / 2) - (n + 1)
    centred = work.get("centred", "score", float, rows)
    np.multiply(upto, 2, out=centred)
    centred -= drawn
    centred -= n
    xy = np.einsum("ij,ij->i", by_score, centred)
    yy = np.einsum("ij,ij,ij->i", drawn, centred, centred)
    xy *= 0.25  # both factors doubled
    yy *= 0.25
    with np.errstate(invalid="ignore", divide="ignore"):
        rho: FloatArray = xy / np.sqrt(block.rank_ss * yy)
    weights = work.weights[:rows]
    np.copyto(weights, block.counts)
    mean_score = np.dot(weights, line.scores) / n
    # the sum over the draws of (log length - its mean) x (score - its mean)
    sxy = np.dot(weights, line.products) - n * (block.mean_log[:, 0] - line.centre) * mean_score
    # every drawn length the same (all tied: rank_ss, exact, is 0): slope 0, as in `_line`
    slope = np.divide(
        sxy, block.xx, out=np.zeros_like(sxy), where=(block.xx > 0) & (block.rank_ss > 0)
    )
    intercept = mean_score - slope * block.mean_log[:, 0]
    missing_score = None if y.missing is None else np.dot(weights, y.missing) > 0
    for missing in (block.missing, missing_score):
        if missing is not None:  # a resample that draws a missing length or score
            rho[missing] = intercept[missing] = slope[missing] = np.nan
    return rho, intercept, slope


class _LineTerms:
    """What a resample's line takes of the scores, as dot products with its counts of each
    case (`_rho_and_line`): the scores, and the scores times the log lengths less their mean
    over the cases, centred so that the dot product is of the size of the sum it gives, not a
    difference of two large ones. A missing length or score counts 0 here; a resample that
    draws it has no line."""

    def __init__(self, log_x: FloatArray, scores: FloatArray) -> None:
        known = ~(np.isnan(log_x) | np.isnan(scores))
        self.centre = float(log_x[known].mean()) if known.any() else 0.0
        self.scores = np.where(known, scores, 0.0)
        self.products = np.where(known, (log_x - self.centre) * scores, 0.0)


def _line(
    log_length: FloatArray, score: FloatArray, scratch: FloatArray
) -> tuple[FloatArray, FloatArray]:
    """Least-squares intercept and slope of score on log length, row by row (slope 0 where
    every length is the same: their mean, rounded, may differ from them by an ulp, which
    would leave a slope of rounding errors). Both are centred in place; `scratch`: an array
    of their shape."""
    varies = np.ptp(log_length, axis=-1) > 0
    mean_x = log_length.mean(axis=-1, keepdims=True)
    mean_score = score.mean(axis=-1, keepdims=True)
    log_length -= mean_x
    score -= mean_score
    sxx = np.multiply(log_length, log_length, out=scratch).sum(axis=-1)
    sxy = np.multiply(log_length, score, out=scratch).sum(axis=-1)
    slope = np.divide(sxy, sxx, out=np.zeros_like(sxy), where=varies & (sxx > 0))
    intercept = mean_score[..., 0] - slope * mean_x[..., 0]
    return intercept, slope


class _Ahead:
    """The blocks of one set of lengths, computed on a background thread before the scores
    are known (`prepare_ahead`); `length_bias` takes them when its lengths, seed and number
    of resamples are these."""

    def __init__(self, lengths: FloatArray, seed: int, n_resamples: int) -> None:
        self.key = (seed, n_resamples)
        self.lengths = lengths
        self.blocks: list[_Block] | None = None
        self.done = threading.Event()


_AHEAD: list[_Ahead] = []
_AHEAD_LOCK = threading.Lock()


def _draws(n: int, n_resamples: int, seed: int) -> Iterator[tuple[int, IntArray]]:
    """The resamples' indices, block by block, in the one order every figure depends on."""
    rng = np.random.default_rng(seed)
    step = rows_per_chunk(n, _BLOCK)
    for start in range(0, n_resamples, step):
        yield start, rng.integers(0, n, size=(min(step, n_resamples - start), n))


def ahead_bytes(n: int, n_resamples: int) -> int:
    """The memory `prepare_ahead` keeps for `n` lengths: a byte a count, and two bytes a rank
    sum while a case drawn 16 times (a chance of ~1e-14 a count) times twice its centred
    rank (up to n - 1) fits in 16 bits, four after that."""
    return n_resamples * n * (1 + (2 if 16 * (n - 1) < 1 << 15 else 4))


def prepare_ahead(lengths: Sequence[float], *, n_resamples: int, seed: int) -> None:
    """Compute, now, what `length_bias` of these lengths needs before their scores (run on a
    background thread while a run's calls are in flight: numpy releases the GIL). A
    `length_bias` of these lengths waits for it; of other lengths, it computes its own."""
    x = np.asarray(lengths, dtype=float)
    if x.size < 3:
        return
    ahead = _Ahead(x, seed, n_resamples)
    with _AHEAD_LOCK:
        _AHEAD.append(ahead)
    try:
        coded, log_x = _Coded(x), _log_lengths(x)
        ahead.blocks = [
            _Block(s, idx, coded, log_x) for s, idx in _draws(x.size, n_resamples, seed)
        ]
    finally:
        ahead.done.set()  # an error (memory) leaves no blocks: length_bias computes its own


def forget_ahead() -> None:
    """Free what `prepare_ahead` computed (or is computing)."""
    with _AHEAD_LOCK:
        _AHEAD.clear()


def _prepared(x: FloatArray, seed: int, n_resamples: int) -> list[_Block] | None:
    with _AHEAD_LOCK:
        found = [a for a in _AHEAD if a.key == (seed, n_resamples) and np.array_equal(a.lengths, x)]
    if not found:
        return None
    found[0].done.wait()
    return found[0].blocks


def _log_lengths(x: FloatArray) -> FloatArray:
    return np.log(np.maximum(x, 1.0))  # an empty answer counts as one character


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
    (numpy releases the GIL for their arrays); the figures are the same for any number, and
    whether or not the lengths' side was computed ahead (`prepare_ahead`)."""
    x = np.asarray(lengths, dtype=float)
    y = np.asarray(scores, dtype=float)
    if x.size != y.size:
        raise ValueError("lengths and scores differ in length")
    if x.size < 3:
        return None
    log_x = _log_lengths(x)
    reference = float(np.median(x)) if reference_chars is None else float(reference_chars)
    intercept, slope = _line(log_x.copy(), y.copy(), np.empty_like(y))
    log_reference = math.log(max(reference, 1.0))
    rhos = np.empty(n_resamples)
    adjusted = np.empty(n_resamples)
    coded_x, order = _Coded(x), _ScoreOrder(y)
    line = _LineTerms(log_x, y)
    prepared = _prepared(x, seed, n_resamples)
    blocks: Iterator[_Block | tuple[int, IntArray]] = iter(
        prepared if prepared is not None else _draws(x.size, n_resamples, seed)
    )
    taking = threading.Lock()
    rows = min(rows_per_chunk(x.size, _BLOCK), n_resamples)

    def resample() -> None:
        """Blocks of resamples until none is left, each taken (drawn) in turn, so the draws
        are those of one pass in order whichever thread takes a block, and computed in this
        thread's arrays (used again block after block, not allocated for each)."""
        work = _Scratch(rows, x.size, order.size)
        while True:
            with taking:
                block = next(blocks, None)
            if block is None:
                return
            if not isinstance(block, _Block):
                block = _Block(*block, coded_x, log_x)
            rho, a, b = _rho_and_line(block, order, line, work)
            rhos[block.start : block.start + block.rows] = rho
            adjusted[block.start : block.start + block.rows] = a + b * log_reference

    if threads > 1:
        with ThreadPoolExecutor(threads - 1, thread_name_prefix="medrubric-length") as pool:
            helpers = [pool.submit(resample) for _ in range(threads - 1)]
            resample()
            for helper in helpers:
                helper.result()  # a helper's error is raised here, no figure returned
    else:
        resample()
    rho = spearman_rho(x, y)
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
        adjusted_score=float(intercept + slope * log_reference),
        adjusted_ci95=percentile_interval(adjusted),
    )
