"""Input coercion shared by the statistics modules."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.intp]


def as_float_vector(values: ArrayLike, name: str = "values") -> FloatArray:
    """A 1-D float array; anything else is a programming error, so ValueError."""
    array = np.asarray(values, dtype=float)
    if array.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional, got shape {array.shape}")
    return array


def as_paired_vectors(
    x: ArrayLike, y: ArrayLike, names: tuple[str, str] = ("x", "y")
) -> tuple[FloatArray, FloatArray]:
    a = as_float_vector(x, names[0])
    b = as_float_vector(y, names[1])
    if a.shape != b.shape:
        raise ValueError(f"{names[0]} and {names[1]} differ in length: {a.size} != {b.size}")
    return a, b


def is_missing(value: Any) -> bool:
    """None, NaN (and pandas.NA, whose comparisons have no truth value) mean 'not rated'."""
    if value is None:
        return True
    try:
        return bool(value != value)  # NaN is the only value unequal to itself
    except TypeError:
        return True


def factorize(labels: Iterable[Hashable]) -> tuple[IntArray, list[Hashable]]:
    """Integer codes in order of first appearance, and the distinct labels.

    Works for any hashable labels (strings, ints, tuples, mixed types) where np.unique
    would need them to be mutually orderable.
    """
    index: dict[Hashable, int] = {}
    codes = [index.setdefault(label, len(index)) for label in labels]
    return np.asarray(codes, dtype=np.intp), list(index)


def rows_per_chunk(row_length: int, budget: int = 2_000_000) -> int:
    """How many resample rows to materialise at once so memory stays bounded."""
    return max(1, budget // max(1, row_length))
