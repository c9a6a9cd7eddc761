"""Result records shared by the analyses: a mean with its CI, and a correlation whose
undefined values (nan from medrubric.stats) become JSON nulls."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from pydantic import BaseModel, ConfigDict

from medrubric.scoring.resample import mean_ci
from medrubric.stats import CorrelationResult


class Scored(BaseModel):
    """Mean case score over a set of cases with its 95% percentile-bootstrap CI."""

    model_config = ConfigDict(extra="forbid")

    score: float
    ci95: tuple[float, float]
    n: int


class Correlation(BaseModel):
    model_config = ConfigDict(extra="forbid")

    statistic: float | None
    pvalue: float | None
    n: int


def finite(x: float) -> float | None:
    """None for nan / infinity, so JSON holds null rather than NaN."""
    return x if math.isfinite(x) else None


def scored(values: Sequence[float], seed: int, n_resamples: int) -> Scored | None:
    if not values:
        return None
    lo, hi = mean_ci(values, seed, n_resamples)
    return Scored(score=float(np.mean(values)), ci95=(lo, hi), n=len(values))


def correlation(result: CorrelationResult) -> Correlation:
    return Correlation(statistic=finite(result.statistic), pvalue=finite(result.pvalue), n=result.n)
