"""summary.json's records about who graded: a jury's graders and their agreement, grading
noise across repeats, and self-preference (computed in evaluate/panel.py)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

Interval = tuple[float, float]


class GraderScore(BaseModel):
    """One jury grader's own score of the run (its verdicts alone), its errors and cost."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    score: float | None
    ci95: Interval | None
    n_cases: int
    n_errors: int
    calls: int  # endpoint calls made (cache hits not counted), every repeat included
    cached: int
    cost_usd: float | None  # None: the grader's price is unknown
    # its agreement with physicians (analysis.registry.grader_validity), an input of the run
    validity: dict[str, Any] | None = None


class Agreement(BaseModel):
    """Chance-corrected agreement of the graders' verdicts over (case, criterion) items;
    CIs by a bootstrap over cases (a case's criteria resampled together)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    n_items: int
    n_raters: int
    raw_agreement: float | None
    fleiss_kappa: float | None
    fleiss_kappa_ci95: Interval | None
    gwet_ac1: float | None
    gwet_ac1_ci95: Interval | None


class Spread(BaseModel):
    """How far the graders' scores lie apart, over the cases every grader scored: the range
    (highest minus lowest grader score) with a bootstrap CI over cases, and the SD."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    n_cases: int
    range: float
    range_ci95: Interval | None
    sd: float


class JuryReport(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    rule: str
    graders: dict[str, GraderScore]
    agreement: Agreement
    spread: Spread | None


class GraderNoise(BaseModel):
    """One grader asked `repeats` times: how often a criterion's verdict flips between
    repeats and how much of the score that moves."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    n_items: int  # (case, criterion) items with a verdict in two repeats or more
    flip_rate: float | None  # share of items whose repeats do not all agree
    flip_rate_ci95: Interval | None
    repeat_scores: list[float | None]
    n_cases: int  # cases scored in every repeat
    case_sd: float | None  # sqrt(mean over cases of the variance across repeats)
    score_sd: float | None  # case_sd / sqrt(n_cases): the SD of the score from grading alone


class NoiseReport(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    repeats: int
    temperature: float  # of repeats 1.. (each with seed = repeat number)
    by_grader: dict[str, GraderNoise]


class SelfPreference(BaseModel):
    """Whether a grader comes from the candidate's provider family, and with a jury holding
    graders of both kinds, the own-family minus other-family score difference."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    candidate_family: str | None
    same_family: list[str]  # graders of the candidate's family
    flagged: bool
    n_cases: int = 0
    own_minus_other: float | None = None
    ci95: Interval | None = None
