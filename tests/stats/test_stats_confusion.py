"""2×2-table agreement statistics against scikit-learn, irrCAC and the label-based functions,
and the cluster bootstrap of additive totals against the item-level cluster bootstrap."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from irrCAC.raw import CAC
from scipy import sparse
from sklearn.metrics import cohen_kappa_score, f1_score

from medrubric.stats import (
    binary_table,
    cluster_bootstrap_distribution,
    cluster_totals_ci,
    cluster_totals_distribution,
    cohen_kappa_table,
    gwet_ac1,
    gwet_ac1_table,
    healthbench_f1_table,
    healthbench_f1_weight,
    macro_f1,
    macro_f1_table,
)


def _label_pairs(seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 60))
    a = rng.random(n) < rng.uniform(0.05, 0.95)
    b = np.where(rng.random(n) < 0.7, a, rng.random(n) < 0.5)
    return a, b


@pytest.mark.parametrize("seed", range(12))
def test_table_statistics_equal_the_label_based_references(seed: int) -> None:
    a, b = _label_pairs(seed)
    table = binary_table(a, b)
    assert table.sum() == a.size and table[0] == np.sum(a & b)
    assert macro_f1_table(table) == pytest.approx(f1_score(b, a, average="macro"), abs=1e-12)
    assert macro_f1_table(table) == pytest.approx(macro_f1(b, a), abs=1e-12)
    kappa = cohen_kappa_score(a, b)
    assert cohen_kappa_table(table) == pytest.approx(kappa, abs=1e-12, nan_ok=True)
    ratings = pd.DataFrame({"a": a.astype(int), "b": b.astype(int)})
    irr = CAC(ratings).gwet()["est"]["coefficient_value"]
    assert gwet_ac1_table(table) == pytest.approx(irr, abs=5e-5)
    assert gwet_ac1_table(table) == pytest.approx(
        gwet_ac1(np.column_stack([a, b])).statistic, abs=1e-12
    )


def test_table_statistics_on_degenerate_tables() -> None:
    all_yes = binary_table([True] * 3, [True] * 3)
    assert macro_f1_table(all_yes) == 1.0 and gwet_ac1_table(all_yes) == 1.0
    assert math.isnan(cohen_kappa_table(all_yes))
    empty = np.zeros(4)
    for fn in (macro_f1_table, cohen_kappa_table, gwet_ac1_table, healthbench_f1_table):
        assert math.isnan(fn(empty))
    stacked = np.stack([all_yes, binary_table([True, False], [True, False])])
    assert macro_f1_table(stacked).tolist() == [1.0, 1.0]
    with pytest.raises(ValueError):
        macro_f1_table(np.zeros(3))


def test_healthbench_balanced_f1_by_hand() -> None:
    # simple-evals' worked example: grader [T, F, T] against physicians [[T, T, F], [T, F], [F]]
    pairs = [(True, True), (True, True), (True, False), (False, True), (False, False),
             (True, False)]  # fmt: skip
    table = binary_table([s for s, _ in pairs], [o for _, o in pairs])
    assert table.tolist() == [2, 2, 1, 1]
    p_yes, r_yes, p_no, r_no = 2 / 4, 2 / 3, 1 / 2, 1 / 3
    f1_yes, f1_no = 2 * p_yes * r_yes / (p_yes + r_yes), 2 * p_no * r_no / (p_no + r_no)
    assert healthbench_f1_table(table) == pytest.approx((f1_yes + f1_no) / 2, abs=1e-15)
    assert healthbench_f1_weight(table) == (2 + 2 + 1) + (1 + 1 + 2)
    # a class one side never used: its precision or recall is undefined, so is the balance;
    # macro F1 over the classes either used instead averages a 0 in
    one_sided = binary_table([True, True], [True, False])
    assert math.isnan(healthbench_f1_table(one_sided))
    assert macro_f1_table(one_sided) == pytest.approx(f1_score([1, 0], [1, 1], average="macro"))
    never_agree = binary_table([True, False], [False, True])
    assert healthbench_f1_table(never_agree) == 0.0


def test_totals_bootstrap_equals_the_item_cluster_bootstrap_of_a_mean() -> None:
    rng = np.random.default_rng(3)
    clusters = rng.integers(0, 9, size=70)
    values = rng.normal(size=70)
    labels = list(dict.fromkeys(clusters.tolist()))  # the clusters in order of appearance
    totals = np.array([[values[clusters == c].sum(), np.sum(clusters == c)] for c in labels])

    def ratio(t: np.ndarray) -> np.ndarray:
        return t[:, 0] / t[:, 1]

    ours = cluster_totals_distribution(totals, ratio, n_resamples=500, seed=5)
    ref = cluster_bootstrap_distribution(values, clusters, np.mean, n_resamples=500, seed=5)
    np.testing.assert_allclose(ours, ref, rtol=1e-12)
    sparse_ours = cluster_totals_distribution(
        sparse.csr_array(totals), ratio, n_resamples=500, seed=5
    )
    np.testing.assert_allclose(sparse_ours, ours, rtol=1e-12)


def test_totals_interval_leaves_out_undefined_resamples() -> None:
    # cluster 0: both raters say yes; cluster 1: they disagree. Resamples of cluster 0 alone
    # have κ undefined and are left out.
    totals = np.array([[3.0, 0, 0, 0], [0, 1, 1, 0]])
    lo, hi = cluster_totals_ci(totals, cohen_kappa_table, n_resamples=400)
    assert not math.isnan(lo) and lo <= hi
    assert all(math.isnan(v) for v in cluster_totals_ci(totals[:1], cohen_kappa_table))
    assert all(math.isnan(v) for v in cluster_totals_ci(np.zeros((0, 4)), cohen_kappa_table))
