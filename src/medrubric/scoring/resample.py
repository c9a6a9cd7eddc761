"""The case bootstrap of benchmark scores, on a small counter-based generator that other
languages can reproduce exactly (the leaderboard site recomputes the same CIs in the browser,
`site/static/resample.js`).

Every number is an unsigned 32-bit integer and every operation wraps modulo 2**32:

    fmix(h)    = MurmurHash3's finaliser: h ^= h >> 16; h *= 0x85EBCA6B; h ^= h >> 13;
                 h *= 0xC2B2AE35; h ^= h >> 16
    step(h, x) = h + x * 0x9E3779B1 + 0x6A09E667
    key        = fmix(step(fmix(step(0, seed_hi)), seed_lo))     seed taken modulo 2**64
    row r      = fmix(step(key, r))                              r = 0 .. n_resamples - 1
    draw i     : v = fmix(step(row, i)); a = 0
                 while (v * n) mod 2**32 < (2**32 - n) mod n:    Lemire's rejection, unbiased
                     a += 1; v = fmix(step(v, a))
                 index = floor(v * n / 2**32)                    i = 0 .. n - 1

Resample r takes the values at those n indices; its statistic is their mean (computed here
as the dot product of how often the resample draws each value with the values, over n). The
interval is the 2.5% and 97.5% quantiles of the n_resamples means with linear interpolation
(numpy's default, `stats.percentile_interval`). Each draw depends only on (seed, r, i), so
any block of rows can be computed on its own.

The indices depend only on the seed and the number of values, not on the values: a command
that knows the sizes of its strata before their values (`medrubric grade`: from its cases,
while its calls are in flight) counts their whole tables ahead (`draw_ahead`), and the
bootstrap then only takes dot products. Strata of one size share each block of counts.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterable, Sequence
from concurrent.futures import Future

import numpy as np
from numpy.typing import NDArray

from medrubric.stats import percentile_interval

U32 = NDArray[np.uint32]
MAX_VALUES = 1 << 21  # v * n stays below 2**53, so a double holds it exactly (JavaScript)
_ROW_BUDGET = 2_000_000  # draws materialised at once
_COUNT_BUDGET = 1 << 18  # resample x value counts at once as floats (2 MB, in the caches)
_GOLDEN, _OFFSET = np.uint32(0x9E3779B1), np.uint32(0x6A09E667)
# Whole tables counted ahead, by (seed, n, n_resamples): how often each resample draws each
# value, one byte a count.
_AHEAD: dict[tuple[int, int, int], Future[NDArray[np.uint8]]] = {}
_AHEAD_LOCK = threading.Lock()


def _fmix(h: U32) -> U32:
    """fmix of each element, in place: numpy's uint32 arithmetic wraps modulo 2**32. The
    shifts go through one scratch array, not a new one each."""
    shifted = np.empty_like(h)
    h ^= np.right_shift(h, np.uint32(16), out=shifted)
    h *= np.uint32(0x85EBCA6B)
    h ^= np.right_shift(h, np.uint32(13), out=shifted)
    h *= np.uint32(0xC2B2AE35)
    h ^= np.right_shift(h, np.uint32(16), out=shifted)
    return h


def _step(h: U32, x: U32) -> U32:
    return h + x * _GOLDEN + _OFFSET


def _u32(*x: int) -> U32:
    return np.array(x, dtype=np.uint32)


def stream_key(seed: int) -> int:
    s = seed % (1 << 64)
    return int(_fmix(_step(_fmix(_step(_u32(0), _u32(s >> 32))), _u32(s & 0xFFFFFFFF)))[0])


def resample_indices(seed: int, n: int, start: int, rows: int) -> NDArray[np.int64]:
    """Rows ``start .. start + rows - 1`` of the resampling: a rows × n array of indices."""
    if not 0 < n <= MAX_VALUES:
        raise ValueError(f"the bootstrap takes 1 to {MAX_VALUES} values, got {n}")
    key = _u32(stream_key(seed))
    row = _fmix(_step(key, np.arange(start, start + rows, dtype=np.uint32)))[:, None]
    v = _fmix(row + _step(_u32(0), np.arange(n, dtype=np.uint32))[None, :])
    size = np.uint32(n)
    threshold = np.uint32(((1 << 32) - n) % n)
    rejected = v * size < threshold  # the low 32 bits of v * n
    attempt = 0
    while rejected.any():
        attempt += 1
        redrawn = _fmix(_step(v[rejected], _u32(attempt)))
        v[rejected] = redrawn
        rejected[rejected] = redrawn * size < threshold
    wide = v.astype(np.uint64)  # floor(v * n / 2**32) in place: below 2**63, read as int64
    wide *= np.uint64(n)
    wide >>= np.uint64(32)
    return wide.view(np.int64)


def _rows_per_block(n: int) -> int:
    return max(1, _ROW_BUDGET // max(1, n))


def resample_counts(seed: int, n: int, start: int, rows: int) -> NDArray[np.uint8]:
    """How often each of rows ``start .. start + rows - 1`` draws each of the n values: a
    rows × n array of counts (a count over 255, which no table of up to 2**21 values comes
    near, raises OverflowError)."""
    indices = resample_indices(seed, n, start, rows)
    indices += (np.arange(rows) * n)[:, None]  # (row, value), flattened
    counts = np.bincount(indices.ravel(), minlength=rows * n)
    if counts.max(initial=0) > 255:
        raise OverflowError("a resample draws one value more than 255 times")
    return counts.astype(np.uint8).reshape(rows, n)


def table_bytes(n: int, n_resamples: int) -> int:
    """The memory of a whole table of `n` values counted ahead."""
    return n_resamples * n


def draw_ahead(seed: int, sizes: Iterable[int], n_resamples: int, budget_bytes: int) -> list[int]:
    """Count the whole table of each size (`resample_counts`), largest first, while the
    tables stay within `budget_bytes` (a size that does not fit is left to be counted when
    used); the sizes counted. Meant for a background thread: numpy releases the GIL while it
    computes, and a bootstrap that needs a table still being counted waits for it.
    `forget_ahead` frees them."""
    chosen: list[tuple[int, Future[NDArray[np.uint8]]]] = []
    used = 0
    with _AHEAD_LOCK:
        for n in sorted({n for n in sizes if 0 < n <= MAX_VALUES}, reverse=True):
            key, need = (seed, n, n_resamples), table_bytes(n, n_resamples)
            if key in _AHEAD or used + need > budget_bytes:
                continue
            used += need
            _AHEAD[key] = Future()
            chosen.append((n, _AHEAD[key]))
    for done, (n, future) in enumerate(chosen):
        try:
            table = np.empty((n_resamples, n), dtype=np.uint8)
            step = _rows_per_block(n)
            for start in range(0, n_resamples, step):
                rows = min(step, n_resamples - start)
                table[start : start + rows] = resample_counts(seed, n, start, rows)
        except Exception as exc:  # memory, say: whoever needs a table counts it itself
            for _, left in chosen[done:]:
                left.set_exception(exc)
            return [n for n, _ in chosen[:done]]
        table.setflags(write=False)
        future.set_result(table)
    return [n for n, _ in chosen]


def forget_ahead() -> None:
    """Free the tables `draw_ahead` drew (or is drawing)."""
    with _AHEAD_LOCK:
        _AHEAD.clear()


def _drawn_ahead(seed: int, n: int, n_resamples: int) -> NDArray[np.uint8] | None:
    with _AHEAD_LOCK:
        future = _AHEAD.get((seed, n, n_resamples))
    if future is None or future.exception() is not None:  # waits while it is being drawn
        return None
    return future.result()


def bootstrap_means_of(
    groups: Sequence[Sequence[float]], seed: int, n_resamples: int
) -> list[NDArray[np.float64]]:
    """`bootstrap_means` of each list of values, all of one size: each block of counts is
    drawn once for all of them (or taken from the table counted ahead for their size)."""
    if n_resamples < 1:
        raise ValueError(f"n_resamples must be at least 1, got {n_resamples}")
    data = [np.asarray(values, dtype=float) for values in groups]
    if not data:
        return []
    sizes = {d.size for d in data}
    if len(sizes) > 1:
        raise ValueError(f"the lists differ in size: {sorted(sizes)}")
    n = data[0].size
    table = _drawn_ahead(seed, n, n_resamples)
    out = [np.empty(n_resamples) for _ in data]
    # Each block's counts, as floats in one array used again block after block (it stays in
    # the CPU's caches), times each list of values: a mean is that dot product over n, the
    # same figure whether the table was counted ahead or is counted here.
    step = min(max(1, _COUNT_BUDGET // n), n_resamples)
    weights = np.empty((step, n))
    for start in range(0, n_resamples, step):
        rows = min(step, n_resamples - start)
        counted = table[start : start + rows] if table is not None else None
        if counted is None:
            counted = resample_counts(seed, n, start, rows)
        np.copyto(weights[:rows], counted)
        for values, means in zip(data, out, strict=True):
            np.dot(weights[:rows], values, out=means[start : start + rows])
    for means in out:
        means /= n
    return out


def bootstrap_means(values: Sequence[float], seed: int, n_resamples: int) -> NDArray[np.float64]:
    """The mean of each of ``n_resamples`` resamples of ``values`` (with replacement)."""
    return bootstrap_means_of([values], seed, n_resamples)[0]


def mean_ci(
    values: Sequence[float], seed: int = 0, n_resamples: int = 10_000
) -> tuple[float, float]:
    """95% percentile bootstrap interval of the mean of ``values``; (nan, nan) for none."""
    if len(values) == 0:
        return math.nan, math.nan
    return percentile_interval(bootstrap_means(values, seed, n_resamples), 0.95)
