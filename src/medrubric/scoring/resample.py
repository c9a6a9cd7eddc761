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

Resample r takes the values at those n indices; its statistic is their mean. The interval is
the 2.5% and 97.5% quantiles of the n_resamples means with linear interpolation (numpy's
default, `stats.percentile_interval`). Each draw depends only on (seed, r, i), so any block
of rows can be computed on its own.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from medrubric.stats import percentile_interval

U32 = NDArray[np.uint32]
MAX_VALUES = 1 << 21  # v * n stays below 2**53, so a double holds it exactly (JavaScript)
_ROW_BUDGET = 2_000_000  # draws materialised at once
_GOLDEN, _OFFSET = np.uint32(0x9E3779B1), np.uint32(0x6A09E667)


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


@lru_cache(maxsize=1)
def resample_indices(seed: int, n: int, start: int, rows: int) -> NDArray[np.int64]:
    """Rows ``start .. start + rows - 1`` of the resampling: a rows × n array of indices,
    read-only. The last one is kept: a summary's strata of the same size (the whole run and
    its only language, say) resample the same indices."""
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
    indices = wide.view(np.int64)
    indices.setflags(write=False)
    return indices


def bootstrap_means(values: Sequence[float], seed: int, n_resamples: int) -> NDArray[np.float64]:
    """The mean of each of ``n_resamples`` resamples of ``values`` (with replacement)."""
    if n_resamples < 1:
        raise ValueError(f"n_resamples must be at least 1, got {n_resamples}")
    data = np.asarray(values, dtype=float)
    n = data.size
    out = np.empty(n_resamples)
    step = max(1, _ROW_BUDGET // max(1, n))
    for start in range(0, n_resamples, step):
        rows = min(step, n_resamples - start)
        out[start : start + rows] = data[resample_indices(seed, n, start, rows)].mean(axis=1)
    return out


def mean_ci(
    values: Sequence[float], seed: int = 0, n_resamples: int = 10_000
) -> tuple[float, float]:
    """95% percentile bootstrap interval of the mean of ``values``; (nan, nan) for none."""
    if len(values) == 0:
        return math.nan, math.nan
    return percentile_interval(bootstrap_means(values, seed, n_resamples), 0.95)
