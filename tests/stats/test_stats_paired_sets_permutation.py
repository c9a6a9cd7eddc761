"""Paired AUROC, Jaccard and the permutation test against sklearn, scipy and hand counts."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from scipy import stats as sps
from scipy.spatial.distance import jaccard as scipy_jaccard_distance
from sklearn.metrics import jaccard_score, roc_auc_score

from medrubric.stats import (
    cluster_bootstrap_ci,
    jaccard,
    pair_outcomes,
    paired_auroc,
    paired_auroc_ci,
    permutation_test_diff,
)


def test_paired_auroc_hand_computed() -> None:
    original = [0.8, 0.5, 0.5, 0.2, 0.9]
    injected = [0.6, 0.5, 0.7, 0.2, 0.1]
    result = paired_auroc(original, injected)
    assert (result.win, result.tie, result.loss, result.n) == (0.4, 0.4, 0.2, 5)
    assert result.auroc == pytest.approx(0.6)


@pytest.mark.parametrize("seed", range(5))
def test_paired_auroc_equals_sklearn_auc_of_differences_against_zero(seed: int) -> None:
    # P(d > 0) + 0.5 P(d = 0) is the ROC AUC of the differences d against a point mass at 0.
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 80))
    original = rng.integers(0, 6, size=n) / 5
    injected = np.where(rng.random(n) < 0.4, original, rng.integers(0, 6, size=n) / 5)
    d = original - injected
    stacked = np.r_[d, np.zeros(n)]
    labels = np.r_[np.ones(n), np.zeros(n)]
    assert paired_auroc(original, injected).auroc == pytest.approx(
        roc_auc_score(labels, stacked), abs=1e-12
    )


def test_paired_auroc_per_pair_is_sklearn_auc_of_the_pair() -> None:
    rng = np.random.default_rng(1)
    original, injected = rng.integers(0, 3, size=(2, 30)) / 2
    per_pair = [roc_auc_score([1, 0], [o, i]) for o, i in zip(original, injected, strict=True)]
    np.testing.assert_allclose(pair_outcomes(original, injected), per_pair)
    assert paired_auroc(original, injected).auroc == pytest.approx(np.mean(per_pair))


def test_paired_auroc_tolerance_and_edge_cases() -> None:
    tiny = paired_auroc([0.1 + 0.2], [0.3])
    assert tiny.tie == 1.0 and tiny.auroc == 0.5
    strict = paired_auroc([0.1 + 0.2], [0.3], tie_tolerance=0.0)
    assert strict.win == 1.0
    everything_ties = paired_auroc([1.0, 2.0, 3.0], [1.0, 2.0, 3.0])
    assert (everything_ties.tie, everything_ties.auroc) == (1.0, 0.5)
    empty = paired_auroc([], [])
    assert empty.n == 0 and math.isnan(empty.auroc)
    with pytest.raises(ValueError, match="NaN"):
        paired_auroc([1.0, float("nan")], [0.0, 0.0])
    with pytest.raises(ValueError):
        paired_auroc([1.0], [0.0, 1.0])


def exact_bootstrap_auroc(outcomes: list[float], questions: list[str]) -> np.ndarray:
    """The per-pair AUROC of every one of the G^G equally likely draws of G questions."""
    labels = sorted(set(questions))
    drawn_pairs = [[o for o, q in zip(outcomes, questions, strict=True) if q == lab]
                   for lab in labels]  # fmt: skip
    values = []
    for draw in itertools.product(range(len(labels)), repeat=len(labels)):
        pooled = [o for j in draw for o in drawn_pairs[j]]
        values.append(sum(pooled) / len(pooled))
    return np.array(values)


def exact_percentile(values: np.ndarray, probs: np.ndarray, level: float) -> tuple[float, float]:
    """The smallest value whose CDF reaches `level`, and how far the CDF steps away from
    `level` on either side of it (the room a Monte Carlo bootstrap has to land on it)."""
    support = np.unique(values)
    cdf = np.array([probs[values <= v].sum() for v in support])
    i = int(np.searchsorted(cdf, level))
    below = cdf[i - 1] if i else 0.0
    return float(support[i]), float(min(level - below, cdf[i] - level))


WIN, TIE, LOSS = (1.0, 0.0), (0.5, 0.5), (0.0, 1.0)


@pytest.mark.parametrize(
    ("pairs", "expected"),
    [
        # five questions with 4, 1, 2, 1 and 3 pairs
        (
            {"q1": [WIN, TIE, WIN, WIN], "q2": [LOSS], "q3": [LOSS, TIE], "q4": [LOSS],
             "q5": [WIN, LOSS, TIE]},
            (1 / 12, 0.75),
        ),
        # ten wins on one question, one loss on each of nine others: point 10/19, and the
        # bootstrap statistic is 10j / (9j + 10) with j ~ Binomial(10, 0.1) draws of q0
        (
            {"q0": [WIN] * 10, **{f"q{i}": [LOSS] for i in range(1, 10)}},
            (0.0, 30 / 37),
        ),
    ],
)  # fmt: skip
def test_paired_auroc_ci_is_the_exact_cluster_bootstrap_of_the_per_pair_auroc(
    pairs: dict[str, list[tuple[float, float]]], expected: tuple[float, float]
) -> None:
    questions = [q for q, scored in pairs.items() for _ in scored]
    original = [o for scored in pairs.values() for o, _ in scored]
    injected = [e for scored in pairs.values() for _, e in scored]
    point = paired_auroc(original, injected).auroc
    lo, hi = paired_auroc_ci(original, injected, questions, n_resamples=20_000, seed=3)
    assert lo <= point <= hi
    outcomes = pair_outcomes(original, injected).tolist()
    if len(pairs) <= 5:  # all 5^5 draws
        exact = exact_bootstrap_auroc(outcomes, questions)
        probs = np.full(exact.size, 1 / exact.size)
    else:  # 10^10 draws: only the number j of draws of q0 matters
        j = np.arange(11)
        exact, probs = 10 * j / (9 * j + 10), sps.binom.pmf(j, 10, 0.1)
    for level, ours, want in ((0.025, lo, expected[0]), (0.975, hi, expected[1])):
        value, room = exact_percentile(exact, probs, level)
        assert room > 0.005  # the Monte Carlo quantile can only land on this value
        assert ours == pytest.approx(value, abs=1e-12) and value == pytest.approx(want)
    assert (lo, hi) == cluster_bootstrap_ci(outcomes, questions, n_resamples=20_000, seed=3)


def test_paired_auroc_ci_with_one_pair_per_question_matches_scipy_bootstrap() -> None:
    rng = np.random.default_rng(8)
    original, injected = rng.integers(0, 4, size=(2, 120)) / 3
    ours = paired_auroc_ci(original, injected, np.arange(120), n_resamples=20_000)
    ref = sps.bootstrap(
        (pair_outcomes(original, injected),),
        np.mean,
        n_resamples=20_000,
        method="percentile",
        random_state=1,
    ).confidence_interval
    assert ours == pytest.approx((ref.low, ref.high), abs=0.02)


def test_jaccard_against_sklearn_and_scipy() -> None:
    rng = np.random.default_rng(0)
    universe = np.arange(40)
    for _ in range(20):
        a = set(rng.choice(universe, size=int(rng.integers(1, 30)), replace=False).tolist())
        b = set(rng.choice(universe, size=int(rng.integers(1, 30)), replace=False).tolist())
        in_a, in_b = np.isin(universe, list(a)), np.isin(universe, list(b))
        assert jaccard(a, b) == pytest.approx(jaccard_score(in_a, in_b))
        assert jaccard(a, b) == pytest.approx(1 - scipy_jaccard_distance(in_a, in_b))


def test_jaccard_conventions() -> None:
    assert jaccard(set(), set()) == 1.0
    assert 1 - scipy_jaccard_distance([False, False], [False, False]) == 1.0
    assert jaccard(["c1", "c2"], []) == 0.0
    assert jaccard(["c1", "c1", "c2"], ["c2", "c1"]) == 1.0
    assert jaccard("ab", "bc") == pytest.approx(1 / 3)


def _scipy_permutation(a, b, n_resamples: int, alternative: str):
    def mean_diff(x, y, axis):
        return np.mean(x, axis=axis) - np.mean(y, axis=axis)

    return sps.permutation_test(
        (a, b),
        mean_diff,
        permutation_type="independent",
        vectorized=True,
        n_resamples=n_resamples,
        alternative=alternative,
        random_state=0,
    )


@pytest.mark.parametrize("alternative", ["two-sided", "greater", "less"])
def test_exact_permutation_test_equals_scipy(alternative: str) -> None:
    rng = np.random.default_rng(5)
    for na, nb in [(3, 4), (5, 5), (6, 7), (2, 8)]:
        a = rng.normal(0.5, 1, size=na).round(1)  # rounding creates ties in the null
        b = rng.normal(0, 1, size=nb).round(1)
        ours = permutation_test_diff(a, b, alternative=alternative)
        ref = _scipy_permutation(a, b, 10_000, alternative)
        assert ours.exact
        assert ours.n_permutations == ref.null_distribution.size
        assert ours.statistic == pytest.approx(ref.statistic, abs=1e-12)
        assert ours.pvalue == pytest.approx(ref.pvalue, abs=1e-12), (na, nb)


@pytest.mark.parametrize("alternative", ["two-sided", "greater", "less"])
def test_randomised_permutation_test_agrees_with_scipy(alternative: str) -> None:
    rng = np.random.default_rng(6)
    a, b = rng.normal(0.3, 1, size=40), rng.normal(0, 1, size=50)
    ours = permutation_test_diff(a, b, n_resamples=20_000, alternative=alternative)
    ref = _scipy_permutation(a, b, 20_000, alternative)
    assert not ours.exact and ours.n_permutations == 20_000
    assert ours.pvalue == pytest.approx(ref.pvalue, abs=0.015)
    assert ours.pvalue >= 1 / 20_001


def test_permutation_test_edge_cases() -> None:
    constant = permutation_test_diff([1.0, 1.0, 1.0], [1.0, 1.0])
    assert constant.statistic == 0.0 and constant.pvalue == 1.0
    single = permutation_test_diff([2.0], [1.0])
    assert single.exact and single.n_permutations == 2 and single.pvalue == 1.0
    empty = permutation_test_diff([], [1.0])
    assert math.isnan(empty.pvalue)
    big_gap = permutation_test_diff(np.ones(30), np.zeros(30), n_resamples=500)
    assert big_gap.pvalue == pytest.approx(2 / 501)
    assert permutation_test_diff([1.0, 2.0], [0.0], seed=3) == permutation_test_diff(
        [1.0, 2.0], [0.0], seed=3
    )
    with pytest.raises(ValueError):
        permutation_test_diff([1.0], [2.0], alternative="bigger")  # type: ignore[arg-type]
