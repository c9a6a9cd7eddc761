"""Agreement coefficients against irrCAC, statsmodels, scikit-learn and brute force."""

from __future__ import annotations

import itertools
import math
import warnings

import numpy as np
import pandas as pd
import pytest
from irrCAC.raw import CAC
from sklearn.metrics import cohen_kappa_score, f1_score
from statsmodels.stats.inter_rater import aggregate_raters
from statsmodels.stats.inter_rater import fleiss_kappa as sm_fleiss_kappa

from medrubric.stats import (
    cohen_kappa,
    fleiss_kappa,
    fleiss_kappa_from_sums,
    gwet_ac1,
    gwet_ac1_from_sums,
    gwet_ac1_terms,
    macro_f1,
    raw_agreement,
)


def _random_ratings(seed: int, items: int, raters: int, labels: list, missing: float) -> list:
    rng = np.random.default_rng(seed)
    table = rng.choice(np.array(labels, dtype=object), size=(items, raters), p=None)
    # Skew some items towards agreement so coefficients are away from zero.
    for i in range(0, items, 2):
        table[i, :] = table[i, 0]
    mask = rng.random((items, raters)) < missing
    table[mask] = None
    return table.tolist()


def _irrcac(rows: list, method: str) -> dict:
    frame = pd.DataFrame([[np.nan if v is None else v for v in row] for row in rows])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return getattr(CAC(frame, digits=15), method)()["est"]


CASES = [
    (0, 30, 2, ["yes", "no"], 0.0),
    (1, 25, 3, ["a", "b", "c"], 0.0),
    (2, 40, 5, [1, 2, 3, 4], 0.15),
    (3, 12, 4, ["met", "not met"], 0.3),
    (4, 60, 7, ["x", "y", "z", "w", "v"], 0.1),
]


@pytest.mark.parametrize("seed,items,raters,labels,missing", CASES)
def test_gwet_ac1_matches_irrcac(seed, items, raters, labels, missing) -> None:
    rows = _random_ratings(seed, items, raters, labels, missing)
    ours = gwet_ac1(rows)
    ref = _irrcac(rows, "gwet")
    assert ours.statistic == pytest.approx(ref["coefficient_value"], abs=1e-12)
    assert ours.observed_agreement == pytest.approx(ref["pa"], abs=1e-12)
    assert ours.chance_agreement == pytest.approx(ref["pe"], abs=1e-12)
    assert ours.n_raters == raters


@pytest.mark.parametrize("seed,items,raters,labels,missing", CASES)
def test_ac1_terms_add_up_over_any_split_of_the_items(seed, items, raters, labels, missing) -> None:
    """The AC1 of summed item terms equals irrCAC's AC1 of the whole table, and summing the
    terms of two halves (an unrated item adds a row of zeros) changes nothing."""
    rows = _random_ratings(seed, items, raters, labels, missing)
    rows.append([None] * raters)
    terms = gwet_ac1_terms(rows, labels)
    assert terms.shape[0] == len(rows) and not terms[-1].any()
    halves = np.stack([terms[::2].sum(axis=0), terms[1::2].sum(axis=0)])
    ours = gwet_ac1_from_sums(halves.sum(axis=0))[0]
    assert ours == pytest.approx(_irrcac(rows[:-1], "gwet")["coefficient_value"], abs=1e-12)
    each = gwet_ac1_from_sums(halves)
    for half, value in zip((rows[::2], rows[1::2]), each, strict=True):
        assert value == pytest.approx(gwet_ac1(half, labels).statistic, abs=1e-12, nan_ok=True)


@pytest.mark.parametrize("seed,items,raters,labels,missing", CASES)
def test_fleiss_kappa_from_summed_terms_matches_irrcac(
    seed, items, raters, labels, missing
) -> None:
    rows = _random_ratings(seed, items, raters, labels, missing)
    terms = gwet_ac1_terms(rows, labels)
    ours = fleiss_kappa_from_sums(terms.sum(axis=0))[0]
    assert ours == pytest.approx(_irrcac(rows, "fleiss")["coefficient_value"], abs=1e-12)
    halves = np.stack([terms[::2].sum(axis=0), terms[1::2].sum(axis=0)])
    for half, value in zip((rows[::2], rows[1::2]), fleiss_kappa_from_sums(halves), strict=True):
        expected = fleiss_kappa(half, labels).statistic
        assert value == pytest.approx(expected, abs=1e-12, nan_ok=True)
    one_category = gwet_ac1_terms([["a", "a"], ["a", "a"]], ["a", "b"]).sum(axis=0)
    assert math.isnan(fleiss_kappa_from_sums(one_category)[0])


def test_ac1_from_sums_edge_conventions() -> None:
    assert math.isnan(gwet_ac1_from_sums(gwet_ac1_terms([["a", None]]).sum(axis=0))[0])
    assert gwet_ac1_from_sums(gwet_ac1_terms([["a", "a"], ["a", None]]).sum(axis=0))[0] == 1.0


@pytest.mark.parametrize("seed,items,raters,labels,missing", CASES)
def test_fleiss_kappa_matches_irrcac_with_missing(seed, items, raters, labels, missing) -> None:
    rows = _random_ratings(seed, items, raters, labels, missing)
    ref = _irrcac(rows, "fleiss")
    assert fleiss_kappa(rows).statistic == pytest.approx(ref["coefficient_value"], abs=1e-12)


def test_gwet_ac1_irrcac_documented_example() -> None:
    nan = None
    rows = [
        [1, 1, nan, 1],
        [2, 2, 3, 2],
        [3, 3, 3, 3],
        [3, 3, 3, 3],
        [2, 2, 2, 2],
        [1, 2, 3, 4],
        [4, 4, 4, 4],
        [1, 1, 2, 1],
        [2, 2, 2, 2],
        [nan, 5, 5, 5],
        [nan, nan, 1, 1],
        [nan, nan, 3, nan],
        [nan, nan, nan, nan],  # nobody rated it: dropped
    ]
    result = gwet_ac1(rows)
    assert result.statistic == pytest.approx(0.77544, abs=5e-6)
    assert result.n_items == 12
    assert fleiss_kappa(rows).statistic == pytest.approx(0.76117, abs=5e-6)


def test_gwet_ac1_accepts_nan_and_mixed_labels() -> None:
    rows = [["a", float("nan")], ["a", "a"], ["b", "a"], [np.nan, "b"], ["b", "b"]]
    assert gwet_ac1(rows).statistic == pytest.approx(_irrcac(rows, "gwet")["coefficient_value"])
    frame = pd.DataFrame(rows)
    assert gwet_ac1(frame).statistic == gwet_ac1(rows).statistic
    nullable = pd.DataFrame(rows).astype("string")  # missing cells become pandas.NA
    assert gwet_ac1(nullable).statistic == gwet_ac1(rows).statistic


def test_gwet_ac1_full_scale_categories_match_irrcac() -> None:
    rows = [["yes", "yes"], ["yes", "no"], ["yes", "yes"]]
    ours = gwet_ac1(rows, categories=["yes", "no", "unsure"])
    frame = pd.DataFrame(rows)
    ref = CAC(frame, categories=["yes", "no", "unsure"], digits=15).gwet()["est"]
    assert ours.statistic == pytest.approx(ref["coefficient_value"], abs=1e-12)
    with pytest.raises(ValueError, match="not one of the categories"):
        gwet_ac1(rows, categories=["yes"])


def test_all_raters_agree() -> None:
    rows = [["a", "a", "a"], ["b", "b", "b"], ["a", "a", "a"]]
    assert gwet_ac1(rows).statistic == 1.0
    assert fleiss_kappa(rows).statistic == 1.0
    assert raw_agreement(rows) == 1.0
    assert cohen_kappa(["a", "b", "a"], ["a", "b", "a"]).statistic == 1.0


def test_single_category_conventions() -> None:
    rows = [["yes", "yes"], ["yes", "yes"], ["yes", None]]
    # irrCAC also gives 1 here; the kappas are 0/0 like statsmodels and scikit-learn.
    assert gwet_ac1(rows).statistic == 1.0
    assert _irrcac(rows, "gwet")["coefficient_value"] == pytest.approx(1.0)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert math.isnan(fleiss_kappa(rows).statistic)
        assert math.isnan(cohen_kappa(["yes"] * 4, ["yes"] * 4).statistic)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert math.isnan(cohen_kappa_score(["yes"] * 4, ["yes"] * 4))
    # Naming the scale gives AC1 a chance term: still perfect agreement.
    assert gwet_ac1(rows, categories=["yes", "no"]).statistic == 1.0


def test_agreement_without_pairs_is_nan() -> None:
    one_rater = [["a"], ["b"]]
    assert math.isnan(gwet_ac1(one_rater).statistic)
    assert math.isnan(fleiss_kappa(one_rater).statistic)
    assert math.isnan(raw_agreement(one_rater))
    assert math.isnan(gwet_ac1(np.empty((0, 3), dtype=object)).statistic)
    # n = 1 by hand: pa = 0, pi = (1/2, 1/2), pe = 1/2, AC1 = (0 - 1/2) / (1 - 1/2).
    single_item = gwet_ac1([["a", "b"]])
    assert single_item.n_items == 1 and single_item.statistic == -1.0
    assert gwet_ac1([["a", "a", None]]).statistic == 1.0
    with pytest.raises(ValueError):
        gwet_ac1(["a", "b"])


@pytest.mark.parametrize("seed", range(4))
def test_fleiss_kappa_matches_statsmodels(seed: int) -> None:
    rng = np.random.default_rng(seed)
    raters, items = int(rng.integers(2, 7)), int(rng.integers(5, 50))
    labels = rng.integers(0, int(rng.integers(2, 6)), size=(items, raters))
    counts, _ = aggregate_raters(labels)
    expected = sm_fleiss_kappa(counts, method="fleiss")
    assert fleiss_kappa(labels).statistic == pytest.approx(expected, abs=1e-12)
    assert fleiss_kappa(counts, as_counts=True).statistic == pytest.approx(expected, abs=1e-12)


def test_fleiss_counts_validation() -> None:
    with pytest.raises(ValueError):
        fleiss_kappa([[1.5, 0.5]], as_counts=True)
    with pytest.raises(ValueError):
        fleiss_kappa([[-1, 3]], as_counts=True)


def _brute_force_pairwise_agreement(rows: list) -> float:
    shares = []
    for row in rows:
        given = [v for v in row if v is not None]
        pairs = list(itertools.combinations(given, 2))
        if pairs:
            shares.append(sum(x == y for x, y in pairs) / len(pairs))
    return float(np.mean(shares))


@pytest.mark.parametrize("seed,items,raters,labels,missing", CASES)
def test_raw_agreement_matches_brute_force(seed, items, raters, labels, missing) -> None:
    rows = _random_ratings(seed, items, raters, labels, missing)
    assert raw_agreement(rows) == pytest.approx(_brute_force_pairwise_agreement(rows), abs=1e-12)


@pytest.mark.parametrize("seed", range(6))
def test_cohen_kappa_matches_sklearn(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(2, 80)), int(rng.integers(2, 5))
    a = rng.integers(0, k, size=n)
    b = np.where(rng.random(n) < 0.6, a, rng.integers(0, k, size=n))
    names = np.array(["met", "not met", "partly", "unclear"])
    expected = cohen_kappa_score(names[a], names[b])
    result = cohen_kappa(names[a].tolist(), names[b].tolist())
    if math.isnan(expected):
        assert math.isnan(result.statistic)
    else:
        assert result.statistic == pytest.approx(expected, abs=1e-12)
        assert float(result) == result.statistic


def test_cohen_kappa_drops_missing_pairs() -> None:
    a = ["y", "n", None, "y", "n", "y"]
    b = ["y", "n", "y", float("nan"), "y", "y"]
    assert cohen_kappa(a, b).statistic == pytest.approx(
        cohen_kappa_score(["y", "n", "n", "y"], ["y", "n", "y", "y"])
    )
    assert cohen_kappa(a, b).n_items == 4
    assert math.isnan(cohen_kappa([None], ["y"]).statistic)
    with pytest.raises(ValueError):
        cohen_kappa(["y"], ["y", "n"])


@pytest.mark.parametrize("seed", range(6))
def test_macro_f1_matches_sklearn(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(1, 60)), int(rng.integers(2, 6))
    truth = rng.integers(0, k, size=n)
    pred = np.where(rng.random(n) < 0.5, truth, rng.integers(0, k + 1, size=n))
    expected = f1_score(truth, pred, average="macro", zero_division=0.0)
    assert macro_f1(truth.tolist(), pred.tolist()) == pytest.approx(expected, abs=1e-12)


def test_macro_f1_explicit_labels_and_zero_division() -> None:
    truth, pred = ["met"] * 3 + ["not met"], ["met"] * 4
    for zero_division in (0.0, 1.0):
        for labels in (["met", "not met", "unsure"], ["met"]):
            expected = f1_score(
                truth, pred, labels=labels, average="macro", zero_division=zero_division
            )
            got = macro_f1(truth, pred, labels=labels, zero_division=zero_division)
            assert got == pytest.approx(expected, abs=1e-12)
    assert macro_f1(["a", "a"], ["a", "a"]) == 1.0
    assert math.isnan(macro_f1([], []))
    with pytest.raises(ValueError):
        macro_f1(["a"], [])
