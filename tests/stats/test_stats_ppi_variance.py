"""PPI++ against ppi_python and by simulation; variance components against statsmodels'
nested ANOVA on planted data."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from medrubric.stats.ppi import ppi_lambda, ppi_mean
from medrubric.stats.variance import variance_components


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_ppi_mean_equals_ppi_python_with_tuned_and_fixed_lambda(seed):
    ppi_py = pytest.importorskip("ppi_py")
    rng = np.random.default_rng(seed)
    y = rng.random(40 + 30 * seed)
    yhat = np.clip(0.7 * y + 0.2 + rng.normal(0, 0.15, y.size), 0, 1)
    everywhere = np.concatenate([yhat, rng.random(800)])
    ours = ppi_mean(y, yhat, everywhere)
    point = ppi_py.ppi_mean_pointestimate(y, yhat, everywhere)
    lo, hi = ppi_py.ppi_mean_ci(y, yhat, everywhere, alpha=0.05)
    assert ours.estimate == pytest.approx(float(np.squeeze(point)), abs=1e-9)
    assert ours.ci[0] == pytest.approx(float(np.squeeze(lo)), abs=1e-9)
    assert ours.ci[1] == pytest.approx(float(np.squeeze(hi)), abs=1e-9)
    assert 0.0 < ours.lam < 1.0
    for lam in (0.0, 1.0):
        fixed = ppi_mean(y, yhat, everywhere, lam=lam)
        lo, hi = ppi_py.ppi_mean_ci(y, yhat, everywhere, alpha=0.05, lam=lam)
        assert fixed.ci == pytest.approx((float(np.squeeze(lo)), float(np.squeeze(hi))), abs=1e-9)


def test_ppi_lambda_is_zero_for_useless_predictions():
    y = np.array([0.1, 0.9, 0.4, 0.6])
    assert ppi_lambda(y, np.full(4, 0.5), np.full(10, 0.5)) == 0.0
    with pytest.raises(ValueError):
        ppi_mean(y[:1], y[:1], y)


def test_ppi_covers_the_physician_mean_and_beats_labels_alone():
    """A grader with a known bias (it over-scores by 0.15 and shrinks the spread), 5% of
    2,000 cases labelled, 500 seeds: the 95% CI covers the physicians' mean over all cases
    in at least 93% of seeds and is narrower on average than the labels-only CI."""
    n_cases, n_labelled, seeds = 2000, 100, 500
    covered = 0
    widths, alone_widths = [], []
    for seed in range(seeds):
        rng = np.random.default_rng(seed)
        physician = np.clip(rng.beta(2, 2, n_cases), 0, 1)
        grader = np.clip(0.8 * physician + 0.15 + rng.normal(0, 0.08, n_cases), 0, 1)
        truth = physician.mean()
        labelled = rng.choice(n_cases, n_labelled, replace=False)
        result = ppi_mean(physician[labelled], grader[labelled], grader)
        alone = ppi_mean(physician[labelled], grader[labelled], grader, lam=0.0)
        covered += result.ci[0] <= truth <= result.ci[1]
        widths.append(result.ci[1] - result.ci[0])
        alone_widths.append(alone.ci[1] - alone.ci[0])
    assert covered / seeds >= 0.93
    assert np.mean(widths) < 0.8 * np.mean(alone_widths)


def _anova_table(y: np.ndarray):
    from statsmodels.formula.api import ols
    from statsmodels.stats.anova import anova_lm

    n, k, r = y.shape
    frame = pd.DataFrame(
        [(i, j, float(y[i, j, m])) for i in range(n) for j in range(k) for m in range(r)],
        columns=["case", "epoch", "y"],
    )
    fit = ols("y ~ C(case) + C(case):C(epoch)", data=frame).fit()
    return anova_lm(fit, typ=1)


def test_variance_components_match_the_nested_anova_of_statsmodels():
    rng = np.random.default_rng(5)
    n, k, r = 12, 4, 3
    planted = {"case": 0.04, "epoch": 0.01, "grading": 0.0025}
    y = (
        rng.normal(0, np.sqrt(planted["case"]), (n, 1, 1))
        + rng.normal(0, np.sqrt(planted["epoch"]), (n, k, 1))
        + rng.normal(0, np.sqrt(planted["grading"]), (n, k, r))
    )
    parts = variance_components(y)
    table = _anova_table(y)
    ms = table["sum_sq"] / table["df"]
    assert parts.ms_case == pytest.approx(ms["C(case)"], rel=1e-9)
    assert parts.ms_epoch == pytest.approx(ms["C(case):C(epoch)"], rel=1e-9)
    assert parts.ms_grading == pytest.approx(ms["Residual"], rel=1e-9)
    assert parts.grading == pytest.approx(ms["Residual"], rel=1e-9)
    assert parts.epoch == pytest.approx((ms["C(case):C(epoch)"] - ms["Residual"]) / r, rel=1e-9)
    assert parts.case == pytest.approx((ms["C(case)"] - ms["C(case):C(epoch)"]) / (k * r))
    # the parts of the variance of the mean add up to its unbiased estimate MS_case / (n K R)
    assert sum(parts.of_mean().values()) == pytest.approx(parts.var_mean, rel=1e-9)
    assert parts.var_mean == pytest.approx(np.var(y.mean(axis=(1, 2)), ddof=1) / n, rel=1e-9)


def test_variance_components_recover_planted_values_on_average():
    rng = np.random.default_rng(11)
    n, k, r = 40, 3, 2
    fits = []
    for _ in range(200):
        y = (
            rng.normal(0, 0.2, (n, 1, 1))
            + rng.normal(0, 0.1, (n, k, 1))
            + rng.normal(0, 0.05, (n, k, r))
        )
        f = variance_components(y)
        fits.append((f.case, f.epoch, f.grading))
    case, epoch, grading = np.mean(fits, axis=0)
    assert case == pytest.approx(0.04, rel=0.1)
    assert epoch == pytest.approx(0.01, rel=0.1)
    assert grading == pytest.approx(0.0025, rel=0.1)


def test_variance_components_fold_missing_levels_and_reject_ragged_input():
    y = np.array([[0.1, 0.3], [0.8, 0.9], [0.5, 0.2]])  # [case, epoch], one grading
    parts = variance_components(y)
    assert parts.n_repeats == 1 and parts.grading == 0.0
    assert parts.epoch == pytest.approx(parts.ms_epoch)
    with pytest.raises(ValueError, match="complete"):
        variance_components(np.array([[0.1, np.nan], [0.2, 0.3]]))
    with pytest.raises(ValueError, match="two cases"):
        variance_components(np.array([[0.1, 0.2]]))
