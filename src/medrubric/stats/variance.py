"""Where the uncertainty of a mean score comes from: cases, answer sampling and grading.

`variance_components` fits the balanced nested random-effects model

    y[i, j, r] = mu + a_i + b_ij + e_ijr,   a ~ (0, s2_case), b ~ (0, s2_epoch), e ~ (0, s2_grading)

(case i, answer j of that case, grading r of that answer) by the ANOVA method of moments and
splits the variance of the grand mean, Var(ybar) = s2_case / n + s2_epoch / (n K) +
s2_grading / (n K R), into those three parts. docs/statistics.md states the method.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

__all__ = ["VarianceComponents", "variance_components"]


@dataclass(frozen=True, slots=True)
class VarianceComponents:
    """The fitted components, their parts of the variance of the mean, and the shape."""

    n_cases: int
    n_epochs: int
    n_repeats: int
    ms_case: float  # mean squares of the nested ANOVA
    ms_epoch: float  # nan when n_epochs == 1
    ms_grading: float  # nan when n_repeats == 1
    case: float  # s2_case, s2_epoch, s2_grading: negative estimates are set to 0
    epoch: float
    grading: float
    var_mean: float  # the estimated variance of the mean score, MS_case / (n K R)

    def of_mean(self) -> dict[str, float]:
        """Each source's part of the variance of the mean score (they sum to `var_mean`
        unless a negative component was set to 0)."""
        n, k, r = self.n_cases, self.n_epochs, self.n_repeats
        return {
            "cases": self.case / n,
            "epochs": self.epoch / (n * k),
            "grading": self.grading / (n * k * r),
        }

    def shares(self) -> dict[str, float]:
        """Each source's share of the variance of the mean score (summing to 1)."""
        parts = self.of_mean()
        total = sum(parts.values())
        return {key: (value / total if total > 0 else float("nan")) for key, value in parts.items()}


def variance_components(scores: ArrayLike) -> VarianceComponents:
    """ANOVA estimates of the case, epoch and grading variance from scores[case, epoch,
    repeat] (a 1-d or 2-d array is read as one epoch and/or one repeat). The array must be
    complete: every case has the same K answers and every answer the same R gradings.

    With MS_A, MS_B, MS_E the mean squares of cases (n - 1 df), epochs within cases
    (n (K - 1) df) and repeats within epochs (n K (R - 1) df):
    s2_grading = MS_E, s2_epoch = (MS_B - MS_E) / R, s2_case = (MS_A - MS_B) / (K R), each
    set to 0 when negative; a level with one unit (K = 1 or R = 1) has no mean square and its
    component is folded into the level above (reported as 0).
    """
    y = np.asarray(scores, dtype=float)
    while y.ndim < 3:
        y = y[..., None]
    if y.ndim != 3:
        raise ValueError(f"scores must be [case, epoch, repeat], got {y.ndim} dimensions")
    n, k, r = y.shape
    if n < 2:
        raise ValueError("variance components need at least two cases")
    if not np.isfinite(y).all():
        raise ValueError("scores must be complete (no nan): a balanced [case, epoch, repeat] array")
    grand = y.mean()
    answer_means = y.mean(axis=2)
    case_means = answer_means.mean(axis=1)
    ss_case = k * r * float(((case_means - grand) ** 2).sum())
    ss_epoch = r * float(((answer_means - case_means[:, None]) ** 2).sum())
    ss_grading = float(((y - answer_means[..., None]) ** 2).sum())
    ms_case = ss_case / (n - 1)
    ms_epoch = ss_epoch / (n * (k - 1)) if k > 1 else float("nan")
    ms_grading = ss_grading / (n * k * (r - 1)) if r > 1 else float("nan")
    s2_grading = ms_grading if r > 1 else 0.0
    below = ms_epoch if k > 1 else (ms_grading if r > 1 else 0.0)
    s2_epoch = max(0.0, (ms_epoch - s2_grading) / r) if k > 1 else 0.0
    s2_case = max(0.0, (ms_case - below) / (k * r))
    return VarianceComponents(
        n_cases=n,
        n_epochs=k,
        n_repeats=r,
        ms_case=ms_case,
        ms_epoch=ms_epoch,
        ms_grading=ms_grading,
        case=s2_case,
        epoch=s2_epoch,
        grading=s2_grading,
        var_mean=ms_case / (n * k * r),
    )
