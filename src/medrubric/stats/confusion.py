"""Agreement of two binary raters from their 2×2 table of counts.

A table is the last axis of an array, ``(both yes, a yes b no, a no b yes, both no)``:
with rater *a* as the prediction and *b* as the truth, these are TP, FP, FN and TN.
Every function works on any leading shape, so a bootstrap can evaluate thousands of
resampled tables in one call. Tables are additive: the table of pooled label pairs is the
sum of the tables of its parts, which is what makes a cluster bootstrap of these
statistics a matrix product (see ``medrubric.stats.cluster_totals_ci``).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from numpy.typing import ArrayLike

from medrubric.stats._arrays import FloatArray

__all__ = [
    "binary_table",
    "cohen_kappa_table",
    "gwet_ac1_table",
    "healthbench_f1_table",
    "healthbench_f1_weight",
    "macro_f1_table",
]


def binary_table(a: Iterable[bool], b: Iterable[bool]) -> FloatArray:
    """The (TP, FP, FN, TN) counts of two aligned sequences of yes/no labels."""
    x = np.asarray(list(a), dtype=bool)
    y = np.asarray(list(b), dtype=bool)
    if x.shape != y.shape:
        raise ValueError(f"a and b differ in length: {x.size} != {y.size}")
    return np.array([np.sum(x & y), np.sum(x & ~y), np.sum(~x & y), np.sum(~x & ~y)], dtype=float)


def _split(table: ArrayLike) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
    t = np.asarray(table, dtype=float)
    if t.shape[-1:] != (4,):
        raise ValueError(f"a 2x2 table has 4 counts on its last axis, got shape {t.shape}")
    return t[..., 0], t[..., 1], t[..., 2], t[..., 3]


def _ratio(num: FloatArray, den: FloatArray) -> FloatArray:
    with np.errstate(invalid="ignore", divide="ignore"):
        out: FloatArray = np.where(den > 0, num / np.where(den > 0, den, 1.0), np.nan)
    return out


def macro_f1_table(table: ArrayLike) -> FloatArray:
    """Mean of F1(yes) and F1(no), F1 = 2 TP / (2 TP + FP + FN) per class, over the classes
    either rater used: ``medrubric.stats.macro_f1`` of the labels. nan for an empty table."""
    tp, fp, fn, tn = _split(table)
    f1_yes, f1_no = _ratio(2 * tp, 2 * tp + fp + fn), _ratio(2 * tn, 2 * tn + fp + fn)
    both = np.stack([f1_yes, f1_no])
    used = np.sum(~np.isnan(both), axis=0)
    total = np.nansum(both, axis=0)
    return _ratio(total, used.astype(float))


def cohen_kappa_table(table: ArrayLike) -> FloatArray:
    """(po − pe) / (1 − pe), pe from each rater's own marginals; nan when pe = 1 or n = 0."""
    tp, fp, fn, tn = _split(table)
    n = tp + fp + fn + tn
    po = _ratio(tp + tn, n)
    a_yes, b_yes = _ratio(tp + fp, n), _ratio(tp + fn, n)
    pe = a_yes * b_yes + (1 - a_yes) * (1 - b_yes)
    return _ratio(po - pe, 1 - pe)


def gwet_ac1_table(table: ArrayLike) -> FloatArray:
    """Gwet's AC1 of two raters over the categories used, as ``medrubric.stats.gwet_ac1``:
    pe = 2π(1 − π) with π the mean of the raters' yes-shares; 1.0 when one category is used
    by both; nan for an empty table."""
    tp, fp, fn, tn = _split(table)
    n = tp + fp + fn + tn
    po = _ratio(tp + tn, n)
    share = _ratio(2 * tp + fp + fn, 2 * n)
    pe = 2 * share * (1 - share)
    one_category = (share == 0) | (share == 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        ac1 = (po - pe) / (1 - pe)
    return np.where(one_category, np.where(n > 0, 1.0, np.nan), ac1)


def healthbench_f1_table(table: ArrayLike) -> FloatArray:
    """HealthBench meta-eval's balanced F1 of a pooled table, with its rules for empty cells.

    Per class: precision and recall are undefined when their denominator is 0, F1 is then
    undefined; F1 = 0 when both are 0; else their harmonic mean. The balanced F1 is the mean
    of the two classes' F1, undefined (nan) when either is.
    """
    tp, fp, fn, tn = _split(table)

    def f1(hits: FloatArray, predicted: FloatArray, actual: FloatArray) -> FloatArray:
        precision, recall = _ratio(hits, predicted), _ratio(hits, actual)
        harmonic = _ratio(2 * precision * recall, precision + recall)
        return np.where(np.isnan(precision) | np.isnan(recall), np.nan,
                        np.where(hits == 0, 0.0, harmonic))  # fmt: skip

    return (f1(tp, tp + fp, tp + fn) + f1(tn, tn + fn, tn + fp)) / 2


def healthbench_f1_weight(table: ArrayLike) -> FloatArray:
    """The n HealthBench attaches to a balanced F1 and weighs physicians by: per class
    precision n + recall n − TP, summed over both classes (= TP + TN + 2 (FP + FN))."""
    tp, fp, fn, tn = _split(table)
    return tp + tn + 2 * (fp + fn)
