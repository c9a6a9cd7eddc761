"""Prediction-powered inference for a mean, with power tuning (PPI++, Angelopoulos, Duchi and
Zrnic 2023, arXiv:2311.01453): gold labels Y on n labelled units, predictions Yhat on those
units and Yhat_all on the N units whose mean is wanted.

    theta(lam) = mean(lam * Yhat_all) + mean(Y - lam * Yhat)
    se(lam)^2  = var(lam * Yhat_all) / N + var(Y - lam * Yhat) / n          (ddof 0)
    lam*       = cov(Y, Yhat) / ((1 + n / N) var(Yhat ∪ Yhat_all)), clipped to [0, 1]

where lam* is computed at the lam = 1 estimate (the covariance with ddof 0, the pooled
variance with ddof 1), as `ppi_py.ppi_mean_ci` does; the interval is theta ± z se. lam = 0 is
the labels-only mean, lam = 1 plain PPI. Checked against ppi_python in tests/stats.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from medrubric.stats._arrays import FloatArray, as_float_vector

__all__ = ["PPIResult", "ppi_lambda", "ppi_mean"]


@dataclass(frozen=True, slots=True)
class PPIResult:
    estimate: float
    ci: tuple[float, float]
    lam: float
    n_labelled: int
    n_all: int


def _pooled_variance(yhat: FloatArray, yhat_all: FloatArray) -> float:
    pooled = np.concatenate([yhat, yhat_all])
    return float(np.var(pooled, ddof=1)) if pooled.size > 1 else 0.0


def ppi_lambda(y: ArrayLike, yhat: ArrayLike, yhat_all: ArrayLike) -> float:
    """The power-tuning weight lam* in [0, 1] (0 when the predictions do not vary)."""
    gold, pred, everywhere = as_float_vector(y), as_float_vector(yhat), as_float_vector(yhat_all)
    n, big_n = gold.size, everywhere.size
    centre = float(everywhere.mean() + (gold - pred).mean())  # the lam = 1 estimate
    grads, grads_hat = gold - centre, pred - centre
    cov = 2.0 * float(np.mean((grads - grads.mean()) * (grads_hat - grads_hat.mean())))
    denominator = 2.0 * (1.0 + n / big_n) * _pooled_variance(pred, everywhere)
    if denominator <= 0.0:
        return 0.0
    return float(np.clip(cov / denominator, 0.0, 1.0))


def ppi_mean(
    y: ArrayLike,
    yhat: ArrayLike,
    yhat_all: ArrayLike,
    *,
    lam: float | None = None,
    confidence: float = 0.95,
) -> PPIResult:
    """The PPI++ estimate of the mean of Y over the units of `yhat_all`, with its normal
    interval; `lam=None` tunes lam (`ppi_lambda`)."""
    gold, pred, everywhere = as_float_vector(y), as_float_vector(yhat), as_float_vector(yhat_all)
    if gold.size != pred.size:
        raise ValueError(f"y and yhat differ in length ({gold.size} vs {pred.size})")
    if gold.size < 2 or everywhere.size < 1:
        raise ValueError("PPI needs at least two labelled units and one prediction")
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence}")
    weight = ppi_lambda(gold, pred, everywhere) if lam is None else float(lam)
    estimate = float((weight * everywhere).mean() + (gold - weight * pred).mean())
    se = math.sqrt(
        float(np.var(weight * everywhere)) / everywhere.size
        + float(np.var(gold - weight * pred)) / gold.size
    )
    from scipy.special import ndtri  # only when asked: see stats.intervals

    z = float(ndtri(0.5 + confidence / 2))
    return PPIResult(
        estimate, (estimate - z * se, estimate + z * se), weight, gold.size, everywhere.size
    )
