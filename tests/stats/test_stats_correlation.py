"""Correlations against scipy.stats and statsmodels OLS."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
import statsmodels.api as sm
from scipy import stats as sps

from medrubric.stats import average_ranks, kendall_tau_b, partial_corr, pearson, spearman


def _scipy(name: str, x, y):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if name == "pearson":
            return sps.pearsonr(x, y)
        if name == "spearman":
            return sps.spearmanr(x, y)
        return sps.kendalltau(x, y, variant="b")


OURS = {"pearson": pearson, "spearman": spearman, "kendall": kendall_tau_b}


def _datasets():
    rng = np.random.default_rng(0)
    for n in (3, 4, 5, 8, 13, 33, 34, 60, 250):
        x = rng.normal(size=n)
        yield x, 0.6 * x + rng.normal(size=n)  # continuous, no ties
        yield rng.integers(0, 4, size=n), rng.integers(0, 3, size=n)  # ties everywhere
        yield x, -(x**3)  # perfectly monotone
    yield np.arange(40.0), np.r_[np.arange(1.0, 40.0), 0.0]  # one element out of place
    yield np.arange(50.0), np.r_[1.0, 0.0, np.arange(2.0, 50.0)]  # one discordant pair


@pytest.mark.parametrize("name", sorted(OURS))
def test_statistic_and_pvalue_match_scipy(name: str) -> None:
    for x, y in _datasets():
        ours = OURS[name](x, y)
        ref = _scipy(name, x, y)
        assert ours.statistic == pytest.approx(ref.statistic, abs=1e-12), (name, x, y)
        assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-8, abs=1e-12), (name, x, y)
        assert ours.n == len(x)


def test_kendall_exact_branch_small_samples() -> None:
    rng = np.random.default_rng(7)
    for n in range(3, 34, 3):
        for _ in range(3):
            x, y = rng.permutation(n), rng.permutation(n)
            ref = sps.kendalltau(x, y, variant="b", method="exact")
            ours = kendall_tau_b(x, y)
            assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-9, abs=1e-15)


def test_kendall_large_sample_uses_tie_corrected_normal() -> None:
    rng = np.random.default_rng(9)
    x = rng.integers(0, 10, size=3000)
    y = x + rng.integers(0, 8, size=3000)
    ref = sps.kendalltau(x, y, variant="b")
    ours = kendall_tau_b(x, y)
    assert ours.statistic == pytest.approx(ref.statistic, abs=1e-12)
    assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-8, abs=1e-300)


def test_average_ranks_match_scipy() -> None:
    values = np.array([3.0, 1.0, 3.0, 2.0, 3.0, -1.0, 2.0])
    np.testing.assert_array_equal(average_ranks(values), sps.rankdata(values))
    rng = np.random.default_rng(3)
    for values in (rng.integers(0, 5, 40) / 7, rng.normal(size=31), np.r_[1.0, np.nan, 2.0]):
        np.testing.assert_array_equal(average_ranks(values), sps.rankdata(values))


def test_spearman_is_scipys_value_for_value() -> None:
    """Computed without scipy.stats (summary.json's length bias uses it), so it must be
    scipy's to the last bit, ties and perfect monotony included, not just close to it."""
    for x, y in _datasets():
        if np.ptp(x) == 0 or np.ptp(y) == 0:
            continue
        ours, ref = spearman(x, y), _scipy("spearman", x, y)
        assert (ours.statistic, ours.pvalue) == (float(ref.statistic), float(ref.pvalue))


@pytest.mark.parametrize("name", sorted(OURS))
def test_degenerate_inputs_give_nan_without_warnings(name: str) -> None:
    f = OURS[name]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for x, y in [
            ([1.0, 2.0, 3.0], [5.0, 5.0, 5.0]),  # constant
            ([2.0, 2.0], [2.0, 2.0]),  # all tied
            ([1.0], [1.0]),  # n = 1
            ([], []),
            ([1.0, np.nan, 3.0], [1.0, 2.0, 3.0]),
        ]:
            result = f(x, y)
            assert math.isnan(result.statistic) and math.isnan(result.pvalue), (x, y)
    with pytest.raises(ValueError):
        f([1.0, 2.0], [1.0])


@pytest.mark.parametrize("name", sorted(OURS))
def test_two_points_give_unit_coefficient_and_pvalue_one(name: str) -> None:
    result = OURS[name]([1.0, 2.0], [3.0, 1.0])
    assert result.statistic == pytest.approx(-1.0)
    assert result.pvalue == 1.0


def test_pearson_is_scale_safe() -> None:
    x = np.array([1e200, 2e200, 4e200])
    ref = sps.pearsonr(x / 1e200, [1.0, 3.0, 2.0])
    assert pearson(x, [1.0, 3.0, 2.0]).statistic == pytest.approx(ref.statistic)


def _ols_route(x, y, z):
    """Partial r from residuals of statsmodels OLS; p-value of x's coefficient in y ~ x + z."""
    design = sm.add_constant(z)
    rx = sm.OLS(x, design).fit().resid
    ry = sm.OLS(y, design).fit().resid
    r = np.corrcoef(rx, ry)[0, 1]
    fit = sm.OLS(y, sm.add_constant(np.column_stack([x, z]))).fit()
    return r, fit.pvalues[1]


@pytest.mark.parametrize("k", [1, 2, 3])
def test_partial_corr_matches_ols_residuals_and_coefficient_test(k: int) -> None:
    rng = np.random.default_rng(k)
    n = 40
    z = rng.normal(size=(n, k))
    x = z @ rng.normal(size=k) + rng.normal(size=n)
    y = 0.4 * x + z @ rng.normal(size=k) + rng.normal(size=n)
    covar = z[:, 0] if k == 1 else z
    ours = partial_corr(x, y, covar)
    r, p = _ols_route(x, y, z)
    assert ours.statistic == pytest.approx(r, abs=1e-10)
    assert ours.pvalue == pytest.approx(p, rel=1e-7)


def test_partial_corr_matches_recursive_and_precision_formulas() -> None:
    rng = np.random.default_rng(11)
    x, y, z, w = rng.normal(size=(4, 30))
    y = y + x + z
    rxy, rxz, ryz = (sps.pearsonr(*pair).statistic for pair in ((x, y), (x, z), (y, z)))
    recursive = (rxy - rxz * ryz) / math.sqrt((1 - rxz**2) * (1 - ryz**2))
    assert partial_corr(x, y, z).statistic == pytest.approx(recursive, abs=1e-12)
    precision = np.linalg.inv(np.corrcoef(np.vstack([x, y, z, w])))
    expected = -precision[0, 1] / math.sqrt(precision[0, 0] * precision[1, 1])
    assert partial_corr(x, y, np.column_stack([z, w])).statistic == pytest.approx(expected)


def test_partial_corr_degenerate_cases() -> None:
    rng = np.random.default_rng(3)
    z = rng.normal(size=10)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        explained = partial_corr(2 * z + 1, rng.normal(size=10), z)
        assert math.isnan(explained.statistic) and math.isnan(explained.pvalue)
        constant = partial_corr(np.ones(10), rng.normal(size=10), z)
        assert math.isnan(constant.statistic)
        too_few = partial_corr([1.0, 2.0], [2.0, 1.0], [[0.0, 1.0], [1.0, 0.0]])
        assert math.isnan(too_few.statistic)
    boundary = partial_corr([1.0, 2.0, 4.0], [2.0, 1.0, 0.0], [0.0, 1.0, 1.0])
    assert abs(boundary.statistic) == pytest.approx(1.0) and boundary.pvalue == 1.0
    collinear = partial_corr(rng.normal(size=10), rng.normal(size=10), np.column_stack([z, 2 * z]))
    assert not math.isnan(collinear.statistic)
    with pytest.raises(ValueError):
        partial_corr([1.0, 2.0, 3.0], [1.0, 2.0, 3.0], [1.0, 2.0])


def test_exact_linear_relation_is_unit_correlation() -> None:
    for y in ([2.0, 4.0, 6.0, 8.0], [-1.0, -2.0, -3.0, -4.0]):
        result = pearson([1.0, 2.0, 3.0, 4.0], y)
        ref = sps.pearsonr([1.0, 2.0, 3.0, 4.0], y)
        assert result.statistic == pytest.approx(ref.statistic, abs=1e-12)
        assert abs(result.statistic) == 1.0 and result.pvalue < 1e-6
    assert spearman([1, 2, 3], [10, 20, 30]).statistic == 1.0
