"""Length bias: Spearman's rho against scipy, the length-adjusted score against an OLS fit
(statsmodels), and its bootstrap CIs on planted data."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from medrubric.scoring.length import adjusted_at, length_bias, resampled_ranks


def _planted(n: int = 60, slope: float = 0.1, seed: int = 0):
    rng = np.random.default_rng(seed)
    lengths = np.round(np.exp(rng.normal(6.5, 0.6, n)))
    scores = np.clip(0.5 + slope * (np.log(lengths) - 6.5) + rng.normal(0, 0.1, n), 0, 1)
    return lengths, scores


def test_rho_and_adjusted_score_match_scipy_and_ols():
    import statsmodels.api as sm

    lengths, scores = _planted()
    bias = length_bias(lengths, scores, n_resamples=2000)
    assert bias is not None
    assert bias.rho == pytest.approx(stats.spearmanr(lengths, scores).statistic, abs=1e-12)
    lo, hi = bias.rho_ci95
    assert lo < bias.rho < hi and lo > 0  # planted: longer answers score higher
    fit = sm.OLS(scores, sm.add_constant(np.log(lengths))).fit()
    assert (bias.intercept, bias.slope) == pytest.approx(tuple(fit.params), abs=1e-12)
    median = float(np.median(lengths))
    assert bias.reference_chars == median == bias.median_chars
    predicted = fit.predict(np.array([[1.0, math.log(median)]]))[0]
    assert bias.adjusted_score == pytest.approx(predicted, abs=1e-12)
    assert bias.adjusted_ci95[0] < bias.adjusted_score < bias.adjusted_ci95[1]
    # read at the geometric mean length the line gives back the plain mean score
    geometric = math.exp(np.log(lengths).mean())
    assert adjusted_at(bias, geometric) == pytest.approx(scores.mean(), abs=1e-12)


def test_a_common_reference_length_moves_the_adjusted_score_along_the_line():
    lengths, scores = _planted(slope=0.2, seed=3)
    own = length_bias(lengths, scores, n_resamples=200)
    shared = length_bias(lengths, scores, reference_chars=2000.0, n_resamples=200)
    assert own is not None and shared is not None
    assert shared.adjusted_score == pytest.approx(adjusted_at(own, 2000.0))
    assert shared.adjusted_score > own.adjusted_score  # 2000 chars is above this run's median


def test_degenerate_input_is_none_or_undefined_never_an_error():
    assert length_bias([10, 20], [0.1, 0.2]) is None
    flat = length_bias([100, 100, 100, 100], [0.1, 0.5, 0.7, 0.2], n_resamples=100)
    assert flat is not None and flat.rho is None and flat.slope == 0.0
    assert flat.adjusted_score == pytest.approx(np.mean([0.1, 0.5, 0.7, 0.2]))
    # equal lengths whose logs' mean may round off them: still no slope, in every resample
    for n in (3, 7, 11):
        same = length_bias([29] * n, np.linspace(0.1, 0.9, n), n_resamples=100)
        assert same is not None and same.slope == 0.0
        assert same.intercept == pytest.approx(0.5) and same.adjusted_ci95[0] > 0.1


@pytest.mark.parametrize("distinct", [1, 3, 40, 500])
def test_resampled_ranks_are_scipys_rankdata_of_each_row(distinct: int) -> None:
    rng = np.random.default_rng(distinct)
    values = rng.integers(0, distinct, size=60).astype(float) / 7  # ties unless distinct is large
    idx = rng.integers(0, values.size, size=(300, values.size))
    got = resampled_ranks(values, idx)
    assert np.array_equal(got, stats.rankdata(values[idx], axis=-1))  # exact, not approximate


def test_a_resample_that_draws_nan_ranks_nan_as_scipy_does() -> None:
    values = np.array([3.0, np.nan, 1.0, 1.0, 2.0])
    idx = np.array([[0, 2, 3, 4, 0], [1, 0, 2, 3, 4], [4, 4, 4, 4, 4]])
    want = stats.rankdata(values[idx], axis=-1)
    assert np.array_equal(resampled_ranks(values, idx), want, equal_nan=True)
    assert np.isnan(want[1]).all() and not np.isnan(want[0]).any()


def test_the_summary_statistics_do_not_import_scipy() -> None:
    """summary.json's statistics are imported before a run's first call and computed after
    its last reply: scipy.stats took ~0.25 CPU s to import (for Spearman's rho), and
    scipy.special ~0.1 s (for a p-value the length bias does not report, binomial
    coefficients of a few epochs, normal quantiles of intervals summary.json has none of)."""
    import subprocess
    import sys

    code = (
        "import sys; import medrubric.evaluate.summary; "
        "from medrubric.scoring.length import length_bias; "
        "from medrubric.scoring.epochs import reliability_at_k, worst_at_k; "
        "from medrubric.scoring.resample import mean_ci; "
        "assert length_bias([3, 1, 4, 1, 5, 9, 2, 6], [0.1, 0.4, 0.2, 0.5, 0.9, 0.7, 0.3, 0.6], "
        "n_resamples=50).rho is not None; "
        "assert worst_at_k([[0.2, 0.9, 0.4]]) and reliability_at_k([[0.2, 0.9, 0.4]]); "
        "mean_ci([0.1, 0.5, 0.9], n_resamples=50); "
        "print(sorted(m for m in sys.modules if m.startswith('scipy')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_bias_on_two_threads_is_the_bias_on_one_to_the_bit() -> None:
    """Blocks of resamples computed on two threads (as summary.json's are) are drawn in the
    order of one pass, so every figure is the single thread's, bit for bit."""
    lengths, scores = _planted(n=300, seed=5)
    one = length_bias(lengths, scores, n_resamples=4000, threads=1)  # 10 blocks of 437 rows
    two = length_bias(lengths, scores, n_resamples=4000, threads=2)
    assert one is not None and two is not None
    assert one.model_dump() == two.model_dump()


def test_a_helper_threads_error_is_raised_never_a_figure(monkeypatch) -> None:
    import threading

    import medrubric.scoring.length as length

    line = length._rho_and_line

    def failing_off_the_main_thread(*args):
        if threading.current_thread() is not threading.main_thread():
            raise MemoryError("helper")
        return line(*args)

    monkeypatch.setattr(length, "_rho_and_line", failing_off_the_main_thread)
    lengths, scores = _planted(n=300, seed=5)
    with pytest.raises(MemoryError, match="helper"):
        length_bias(lengths, scores, n_resamples=4000, threads=2)


def test_each_resamples_rho_and_line_are_scipys_and_numpys_on_its_draws() -> None:
    """The bootstrap, brute force: one block of draws (default_rng(seed)), each resample's
    Spearman rho by scipy and line by numpy's least squares, their percentile intervals."""
    lengths, scores = _planted(n=40, seed=7)
    scores = np.round(scores * 8) / 8  # ties in the scores
    bias = length_bias(lengths, scores, n_resamples=500, seed=3)
    assert bias is not None and bias.rho_ci95 is not None
    idx = np.random.default_rng(3).integers(0, lengths.size, size=(500, lengths.size))
    rhos, adjusted = [], []
    for row in idx:
        x, y = lengths[row], scores[row]
        rho = stats.spearmanr(x, y).statistic
        if np.isfinite(rho):
            rhos.append(rho)
        slope, intercept = np.polyfit(np.log(x), y, 1)
        adjusted.append(intercept + slope * math.log(bias.reference_chars))
    assert bias.rho_ci95 == pytest.approx(tuple(np.percentile(rhos, [2.5, 97.5])), abs=1e-12)
    assert bias.adjusted_ci95 == pytest.approx(
        tuple(np.percentile(adjusted, [2.5, 97.5])), abs=1e-9
    )


def test_the_lengths_side_computed_ahead_gives_the_same_figures_to_the_bit() -> None:
    """`prepare_ahead` (a run's calls in flight) stores each resample's counts of each case and
    the lengths' rank sums; the bias from them is the bias computed at the end, on one thread
    or two. Other lengths, seeds or sizes do not take them."""
    import medrubric.scoring.length as length

    lengths, scores = _planted(n=300, seed=11)
    scores[5] = np.nan  # a resample that draws it has no rho
    plain = length_bias(lengths, scores, n_resamples=3000)
    length.prepare_ahead(lengths, n_resamples=3000, seed=0)
    try:
        assert length._prepared(lengths[::-1].copy(), 0, 3000) is None
        assert length._prepared(lengths, 1, 3000) is None
        assert length._prepared(lengths, 0, 2000) is None
        for threads in (1, 2):
            ahead = length_bias(lengths, scores, n_resamples=3000, threads=threads)
            assert plain is not None and ahead is not None
            assert repr(ahead.model_dump()) == repr(plain.model_dump())  # nan == nan here
    finally:
        length.forget_ahead()
    assert length._prepared(lengths, 0, 3000) is None


def test_a_large_run_sums_its_ranks_in_wider_integers_and_keeps_scipys_rho() -> None:
    """50,000 cases: twice a centred rank times a count passes 16 bits and the running sums 32,
    so the rank sums are kept in 32-bit and summed in 64-bit integers; each resample's rho is
    still scipy's on its draws."""
    import medrubric.scoring.length as length

    rng = np.random.default_rng(2)
    n, resamples = 50_000, 6
    lengths = rng.integers(50, 4000, n).astype(float)
    scores = np.round(rng.random(n) * 40) / 40
    block = next(iter(length._draws(n, resamples, 0)))
    kept = length._Block(*block, length._Coded(lengths), length._log_lengths(lengths))
    assert kept.rank_sums.dtype == np.int32
    order = length._ScoreOrder(scores)
    line = length._LineTerms(length._log_lengths(lengths), scores)
    rho, _, _ = length._rho_and_line(kept, order, line, length._Scratch(resamples, n, order.size))
    idx = block[1]
    want = [stats.spearmanr(lengths[row], scores[row]).statistic for row in idx]
    assert rho == pytest.approx(want, abs=1e-12)
