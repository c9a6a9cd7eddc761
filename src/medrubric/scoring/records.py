"""The records scoring writes (summary.json's score fields): plain models, no statistics stack,
so a command that only reads or writes them starts light."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

Interval = tuple[float, float]


class Stratum(BaseModel):
    """The mean case score over a subset of cases, its 95% bootstrap CI and how many cases."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    score: float
    ci95: Interval
    n: int


class LengthBias(BaseModel):
    """Spearman's rho of answer length and case score, and the length-adjusted score
    (scoring.length: the line score = intercept + slope * ln(chars), read at
    `reference_chars`)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    n: int
    rho: float | None  # None: no spread in length or score
    rho_ci95: Interval | None
    intercept: float
    slope: float  # score per unit of ln(characters)
    median_chars: float
    reference_chars: float
    adjusted_score: float
    adjusted_ci95: Interval


class VarianceSplit(BaseModel):
    """The variance of the mean score split into cases, answer sampling (epochs) and grading
    (repeats): stats.variance_components on the cases scored in every epoch and repeat."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    n_cases: int
    n_epochs: int
    n_repeats: int
    components: dict[str, float]  # cases, epochs, grading: the fitted variances
    of_mean: dict[str, float]  # each one's part of the variance of the mean score
    shares: dict[str, float]  # of_mean as shares of their sum


class Calibrated(BaseModel):
    """The physician-level score estimated from physician labels on some cases and the
    grader's case scores on all (PPI++ with power tuning)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    estimate: float
    ci95: Interval
    n_labelled: int
    method: str
    lam: float
    labels_only: float  # the mean physician score of the labelled cases alone
    labels_only_ci95: Interval  # its normal interval
    grader_on_labelled: float  # the grader's mean score on the labelled cases


class Summary(BaseModel):
    """What `medrubric score` writes to summary.json.

    ``n_grades`` = ``n_cases`` (scored) + ``n_cases_unscorable`` + ``n_response_errors``
    with one answer per case; with several (``epochs`` > 1) ``n_grades`` counts answers,
    ``n_cases`` the cases with a scored answer, and the other two count answers;
    ``n_criteria`` = ``n_verdicts`` (met or not met) + ``n_errors`` over answered cases.
    ``score`` and ``ci95`` are None only when no case could be scored.
    """

    model_config = ConfigDict(extra="forbid", defer_build=True)

    model: str
    graders: list[str]
    clip: bool
    seed: int
    n_resamples: int
    score: float | None
    ci95: Interval | None
    n_grades: int
    n_cases: int
    n_cases_unscorable: int
    n_response_errors: int
    n_criteria: int
    n_verdicts: int
    n_errors: int
    by_axis: dict[str, Stratum]
    by_theme: dict[str, Stratum]
    by_specialty: dict[str, Stratum]
    by_language: dict[str, Stratum]
    by_tag: dict[str, dict[str, Stratum]]
    # repeated answers (--epochs): score is the mean over cases of each case's mean over its
    # epochs, ci95 a bootstrap over cases with epochs nested (scoring.epochs)
    epochs: int = 1
    temperature: float | None = None  # the candidate's sampling temperature, when known
    pass_threshold: float = 0.5
    per_case_sd: float | None = None  # pooled SD of a case's score across its answers
    n_cases_all_epochs: int | None = None  # the cases worst/reliability@k are computed on
    worst_at_k: dict[int, float] | None = None
    reliability_at_k: dict[int, float] | None = None
    variance: VarianceSplit | None = None
    length: LengthBias | None = None
    calibrated: Calibrated | None = None
