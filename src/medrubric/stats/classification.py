"""Macro F1 between two labelings (grader vs physician, judge vs expert group)."""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable

import numpy as np

from medrubric.stats._arrays import factorize

__all__ = ["macro_f1"]


def macro_f1(
    y_true: Iterable[Hashable],
    y_pred: Iterable[Hashable],
    labels: Iterable[Hashable] | None = None,
    zero_division: float = 0.0,
) -> float:
    """Unweighted mean over classes of F1_k = 2 TP_k / (2 TP_k + FP_k + FN_k).

    Classes default to every label seen in either sequence, so no class has an empty
    denominator. A class given in ``labels`` that neither sequence uses scores
    ``zero_division`` (0.0, as scikit-learn's default). nan for empty input.
    """
    truth, predicted = list(y_true), list(y_pred)
    if len(truth) != len(predicted):
        raise ValueError(f"y_true and y_pred differ in length: {len(truth)} != {len(predicted)}")
    if not truth:
        return math.nan
    codes, seen = factorize(truth + predicted)
    classes = seen if labels is None else list(dict.fromkeys(labels))
    position = {label: j for j, label in enumerate(classes)}
    remap = np.array([position.get(label, -1) for label in seen], dtype=np.intp)
    t, p = remap[codes[: len(truth)]], remap[codes[len(truth) :]]
    k = len(classes)
    tp = np.bincount(t[(t == p) & (t >= 0)], minlength=k)[:k].astype(float)
    true_total = np.bincount(t[t >= 0], minlength=k)[:k]
    pred_total = np.bincount(p[p >= 0], minlength=k)[:k]
    denominator = true_total + pred_total  # = 2 TP + FP + FN
    with np.errstate(invalid="ignore", divide="ignore"):
        f1 = np.where(denominator > 0, 2 * tp / denominator, zero_division)
    return float(f1.mean()) if k else math.nan
