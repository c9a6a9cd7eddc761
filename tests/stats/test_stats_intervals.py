"""Intervals against statsmodels, scipy and plain-loop reference implementations."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from scipy import stats as sps
from statsmodels.stats.proportion import proportion_confint

from medrubric.stats import (
    bootstrap_ci,
    bootstrap_distribution,
    cluster_bootstrap_ci,
    cluster_bootstrap_distribution,
    paired_bootstrap_diff_ci,
    wilson_interval,
)


@pytest.mark.parametrize("confidence", [0.8, 0.9, 0.95, 0.99])
def test_wilson_matches_statsmodels(confidence: float) -> None:
    for n in [1, 2, 3, 7, 20, 101, 1000]:
        for k in sorted({0, 1, n // 3, n // 2, n - 1, n}):
            ours = wilson_interval(k, n, confidence)
            ref = proportion_confint(k, n, alpha=1 - confidence, method="wilson")
            assert ours == pytest.approx(ref, abs=1e-12), (k, n)


def test_wilson_degenerate_and_invalid() -> None:
    assert all(math.isnan(v) for v in wilson_interval(0, 0))
    lo, hi = wilson_interval(5, 5)
    assert hi == 1.0 and 0 < lo < 1
    with pytest.raises(ValueError):
        wilson_interval(4, 3)
    with pytest.raises(ValueError):
        wilson_interval(1, 3, confidence=1.0)


def _loop_bootstrap(values: np.ndarray, stat, n_resamples: int, seed: int) -> np.ndarray:
    """Reference: draw the same index matrix, evaluate one resample at a time."""
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, values.size, size=(n_resamples, values.size))
    return np.array([stat(values[row]) for row in idx])


def test_bootstrap_distribution_equals_loop_reference() -> None:
    x = np.random.default_rng(3).normal(size=40)
    for stat in (np.mean, np.median, lambda v: float(np.max(v) - np.min(v))):
        ours = bootstrap_distribution(x, stat, n_resamples=500, seed=11)
        np.testing.assert_allclose(ours, _loop_bootstrap(x, stat, 500, 11), rtol=1e-12)


@pytest.mark.parametrize("stat", [np.mean, np.median])
def test_bootstrap_ci_agrees_with_scipy_percentile(stat) -> None:
    x = np.random.default_rng(5).exponential(size=80)
    ours = bootstrap_ci(x, stat, n_resamples=20_000, seed=1)
    ref = sps.bootstrap(
        (x,), stat, n_resamples=20_000, method="percentile", random_state=2
    ).confidence_interval
    # Two independent Monte Carlo runs: equal up to resampling noise.
    assert ours[0] == pytest.approx(ref.low, abs=0.03)
    assert ours[1] == pytest.approx(ref.high, abs=0.03)


def test_bootstrap_is_seeded_and_ordered() -> None:
    x = np.arange(30.0)
    assert bootstrap_ci(x, seed=4) == bootstrap_ci(x, seed=4)
    assert bootstrap_ci(x, seed=4) != bootstrap_ci(x, seed=5)
    lo, hi = bootstrap_ci(x, confidence=0.9)
    lo99, hi99 = bootstrap_ci(x, confidence=0.99)
    assert lo99 <= lo < np.mean(x) < hi <= hi99


def test_bootstrap_edge_cases() -> None:
    assert bootstrap_ci([2.5]) == (2.5, 2.5)
    assert bootstrap_ci(np.full(10, 7.0)) == (7.0, 7.0)
    assert all(math.isnan(v) for v in bootstrap_ci([]))
    with pytest.raises(ValueError):
        bootstrap_ci([[1.0, 2.0]])
    with pytest.raises(ValueError):
        bootstrap_ci([1.0], n_resamples=0)


def test_bootstrap_large_input_is_chunked_and_consistent() -> None:
    x = np.random.default_rng(0).normal(size=5_000)
    lo, hi = bootstrap_ci(x, n_resamples=2_000)
    se = x.std(ddof=1) / math.sqrt(x.size)
    assert lo == pytest.approx(x.mean() - 1.96 * se, abs=0.3 * se)
    assert hi == pytest.approx(x.mean() + 1.96 * se, abs=0.3 * se)


def test_paired_bootstrap_diff_is_bootstrap_of_differences() -> None:
    rng = np.random.default_rng(8)
    a, b = rng.normal(size=30), rng.normal(size=30)
    assert paired_bootstrap_diff_ci(a, b, seed=3) == bootstrap_ci(a - b, seed=3)
    with pytest.raises(ValueError):
        paired_bootstrap_diff_ci([1.0, 2.0], [1.0])


def _loop_cluster_bootstrap(values, clusters, stat, n_resamples, seed):
    """Reference: draw cluster labels, gather their items with a Python loop."""
    labels = list(dict.fromkeys(clusters))
    items = {c: [v for v, k in zip(values, clusters, strict=True) if k == c] for c in labels}
    rng = np.random.default_rng(seed)
    drawn = rng.integers(0, len(labels), size=(n_resamples, len(labels)))
    out = []
    for row in drawn:
        sample = [v for j in row for v in items[labels[j]]]
        out.append(stat(np.asarray(sample)))
    return np.array(out)


def test_cluster_bootstrap_equals_loop_reference() -> None:
    rng = np.random.default_rng(2)
    clusters = [f"q{i}" for i in rng.integers(0, 12, size=60)]
    values = rng.normal(size=60)
    for stat in (np.mean, np.median):
        ours = cluster_bootstrap_distribution(values, clusters, stat, n_resamples=300, seed=9)
        ref = _loop_cluster_bootstrap(values, clusters, stat, 300, 9)
        np.testing.assert_allclose(ours, ref, rtol=1e-12)


def test_cluster_bootstrap_mean_fast_path_equals_generic_path() -> None:
    rng = np.random.default_rng(6)
    clusters = rng.integers(0, 9, size=50)
    values = rng.normal(size=50)
    fast = cluster_bootstrap_distribution(values, clusters, np.mean, 400, seed=1)
    generic = cluster_bootstrap_distribution(values, clusters, lambda v: np.mean(v), 400, seed=1)
    np.testing.assert_allclose(fast, generic, rtol=1e-12)


def test_cluster_bootstrap_keeps_the_item_level_statistic() -> None:
    # One big cluster of zeros and nine singleton ones: the pooled mean is 0.09. Resampling
    # whole clusters keeps that estimand (not the 0.9 mean of cluster means) and widens the
    # interval over the item bootstrap, which treats the 91 zeros as independent.
    values = np.concatenate([np.zeros(91), np.ones(9)])
    clusters = np.concatenate([np.zeros(91, int), np.arange(1, 10)])
    lo, hi = cluster_bootstrap_ci(values, clusters, n_resamples=4000)
    assert lo <= 0.09 <= hi
    item_lo, item_hi = bootstrap_ci(values, n_resamples=4000)
    assert hi - lo > item_hi - item_lo


def test_singleton_clusters_behave_like_plain_bootstrap() -> None:
    x = np.random.default_rng(21).normal(size=60)
    ours = cluster_bootstrap_ci(x, np.arange(60), n_resamples=20_000)
    ref = sps.bootstrap((x,), np.mean, n_resamples=20_000, method="percentile", random_state=0)
    assert ours == pytest.approx(tuple(ref.confidence_interval), abs=0.03)


def test_cluster_bootstrap_edge_cases() -> None:
    assert all(math.isnan(v) for v in cluster_bootstrap_ci([], []))
    assert cluster_bootstrap_ci([3.0, 3.0, 3.0], ["a", "a", "b"]) == (3.0, 3.0)
    assert cluster_bootstrap_ci([1.0, 2.0], ["a", "a"]) == (1.5, 1.5)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cluster_bootstrap_ci([1.0, 2.0], [("x", 1), ("x", 1)])
    with pytest.raises(ValueError):
        cluster_bootstrap_ci([1.0, 2.0], ["a"])
