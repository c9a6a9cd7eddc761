"""The records scoring writes (summary.json's score fields): plain models, no statistics stack,
so a command that only reads or writes them starts light."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

Interval = tuple[float, float]


class Stratum(BaseModel):
    """The mean case score over a subset of cases, its 95% bootstrap CI and how many cases."""

    model_config = ConfigDict(extra="forbid")

    score: float
    ci95: Interval
    n: int


class Summary(BaseModel):
    """What `medrubric score` writes to summary.json.

    ``n_grades`` = ``n_cases`` (scored) + ``n_cases_unscorable`` + ``n_response_errors``;
    ``n_criteria`` = ``n_verdicts`` (met or not met) + ``n_errors`` over answered cases.
    ``score`` and ``ci95`` are None only when no case could be scored.
    """

    model_config = ConfigDict(extra="forbid")

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
