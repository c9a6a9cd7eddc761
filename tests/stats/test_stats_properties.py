"""Property checks on generated data: each statistic equals its reference implementation.

Derandomised and without an example database so runs are deterministic and leave no files.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from irrCAC.raw import CAC
from scipy import stats as sps
from sklearn.metrics import cohen_kappa_score, f1_score
from statsmodels.stats.proportion import proportion_confint

from medrubric.stats import (
    cohen_kappa,
    gwet_ac1,
    kendall_tau_b,
    macro_f1,
    paired_auroc,
    pearson,
    spearman,
    wilson_interval,
)

checks = settings(max_examples=60, deadline=None, derandomize=True, database=None)

small_ints = st.integers(min_value=0, max_value=4)


@st.composite
def paired_samples(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    n = draw(st.integers(min_value=2, max_value=40))
    x = draw(st.lists(small_ints, min_size=n, max_size=n))
    y = draw(st.lists(small_ints, min_size=n, max_size=n))
    return x, y


@st.composite
def rating_tables(draw: st.DrawFn) -> list[list[str | None]]:
    raters = draw(st.integers(min_value=2, max_value=5))
    items = draw(st.integers(min_value=1, max_value=15))
    cell = st.sampled_from(["a", "b", "c", None])
    rows = draw(st.lists(st.lists(cell, min_size=raters, max_size=raters), min_size=items))
    return rows


def _quiet(function, *args):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return function(*args)


def _same(ours: float, ref: float) -> bool:
    return (math.isnan(ours) and math.isnan(ref)) or ours == pytest.approx(ref, abs=1e-9)


@checks
@given(paired_samples())
def test_rank_correlations_match_scipy(sample: tuple[list[int], list[int]]) -> None:
    x, y = sample
    for ours, ref in [
        (spearman(x, y), _quiet(sps.spearmanr, x, y)),
        (kendall_tau_b(x, y), _quiet(lambda a, b: sps.kendalltau(a, b, variant="b"), x, y)),
        (pearson(x, y), _quiet(sps.pearsonr, x, y)),
    ]:
        assert _same(ours.statistic, float(ref.statistic))
        if len(x) > 2:  # scipy's Spearman p-value is nan at n = 2, ours is 1.0
            assert _same(ours.pvalue, float(ref.pvalue))


@checks
@given(rating_tables())
def test_gwet_ac1_matches_irrcac(rows: list[list[str | None]]) -> None:
    ours = gwet_ac1(rows)
    frame = pd.DataFrame([[np.nan if v is None else v for v in row] for row in rows])
    rated = frame.dropna(how="all")
    if rated.empty or (rated.notna().sum(axis=1) < 2).all():
        assert math.isnan(ours.statistic)  # no item has a pair of ratings
        return
    if len(rated) < 2:
        return  # irrCAC's variance step divides by n - 1; n = 1 is checked by hand elsewhere
    ref = _quiet(lambda f: CAC(f, digits=15).gwet()["est"]["coefficient_value"], frame)
    assert ours.statistic == pytest.approx(ref, abs=1e-9)


@checks
@given(st.lists(st.tuples(small_ints, small_ints), min_size=1, max_size=40))
def test_kappa_and_macro_f1_match_sklearn(pairs: list[tuple[int, int]]) -> None:
    a, b = [p for p, _ in pairs], [q for _, q in pairs]
    assert _same(cohen_kappa(a, b).statistic, float(_quiet(cohen_kappa_score, a, b)))
    expected = f1_score(a, b, average="macro", zero_division=0.0)
    assert macro_f1(a, b) == pytest.approx(expected, abs=1e-12)


@checks
@given(st.integers(min_value=1, max_value=500), st.data())
def test_wilson_matches_statsmodels(n: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(min_value=0, max_value=n))
    assert wilson_interval(k, n) == pytest.approx(
        proportion_confint(k, n, method="wilson"), abs=1e-12
    )


@checks
@given(st.lists(st.tuples(small_ints, small_ints), min_size=1, max_size=40))
def test_paired_auroc_shares_add_up(pairs: list[tuple[int, int]]) -> None:
    original, injected = [p for p, _ in pairs], [q for _, q in pairs]
    result = paired_auroc(original, injected)
    assert result.win + result.tie + result.loss == pytest.approx(1.0)
    assert result.win == sum(o > i for o, i in pairs) / len(pairs)
    mirrored = paired_auroc(injected, original)
    assert mirrored.auroc == pytest.approx(1.0 - result.auroc)
