"""Top-k overlap against pandas `nlargest` and hand counts."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from medrubric.stats import top_k, top_k_overlap


def test_top_k_overlap_hand_counted() -> None:
    a = {"m1": 0.9, "m2": 0.8, "m3": 0.7, "m4": 0.1}
    b = {"m1": 0.2, "m2": 0.8, "m3": 0.9, "m4": 0.7}
    assert top_k(a, 2) == ["m1", "m2"]
    assert top_k_overlap(a, b, 2) == pytest.approx(0.5)  # {m1, m2} vs {m3, m2}
    assert top_k_overlap(a, b, 3) == pytest.approx(2 / 3)  # {m1,m2,m3} vs {m3,m2,m4}
    assert top_k_overlap(a, a, 3) == 1.0


def test_top_k_overlap_caps_k_and_uses_shared_keys_only() -> None:
    a = {"x": 1.0, "y": 0.5, "only_a": 2.0}
    b = {"x": 0.1, "y": 0.9}
    assert top_k_overlap(a, b, 5) == 1.0  # k capped at the 2 shared keys
    assert math.isnan(top_k_overlap({"p": 1.0}, {"q": 1.0}, 3))


def test_ties_are_broken_by_key() -> None:
    assert top_k({"b": 1.0, "a": 1.0, "c": 0.0}, 1) == ["a"]
    with pytest.raises(ValueError):
        top_k({"a": 1.0}, 0)


@pytest.mark.parametrize("seed", range(5))
def test_top_k_overlap_matches_pandas_nlargest(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(5, 40))
    keys = [f"model-{i}" for i in range(n)]
    a = dict(zip(keys, rng.random(n), strict=True))
    b = dict(zip(keys, rng.random(n), strict=True))
    for k in (1, 3, 5, n):
        top_a = set(pd.Series(a).nlargest(k).index)
        top_b = set(pd.Series(b).nlargest(k).index)
        assert set(top_k(a, k)) == top_a
        assert top_k_overlap(a, b, k) == pytest.approx(len(top_a & top_b) / k)
