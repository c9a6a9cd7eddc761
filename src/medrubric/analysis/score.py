"""`medrubric score` as a stage: a grades file from any grader to summary.json (and cacs.json).

`run_score(ScoreOptions) -> ScoreResult` reads the grades, scores them (overall and per
stratum, with CIs; the physician-calibrated score with `calibrate`; CACS@K with `cacs_k`),
looks up the grader's agreement with physicians (the grades file's folder's meta_eval.json,
else the meta-eval registry: `registry`, else the default registry in the cache folder; never
the working directory) and writes the typed `RunSummary` through the run folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from medrubric.data.models import CaseGrade
from medrubric.errors import InputError
from medrubric.evaluate.error_rate import DEFAULT_MAX_ERROR_RATE
from medrubric.evaluate.rundir import RunDir, RunSummary
from medrubric.scoring.cacs import CacsSummary


class ScoreOptions(BaseModel):
    """Everything `medrubric score` takes."""

    model_config = ConfigDict(extra="forbid")

    grades: Path  # CaseGrade rows
    out: Path  # the folder for summary.json (and cacs.json)
    clip: bool = True  # False: HealthBench parity (no per-case clip, the mean clipped)
    seed: int = 0
    resamples: int = 10_000
    tags: list[str] = Field(default_factory=list)  # also break down by these tag keys
    model: str | None = None  # the model to score in a file with several
    cacs_k: int | None = Field(default=None, ge=1)  # also CACS@K, rubric accuracy, pass@K
    max_error_rate: float = DEFAULT_MAX_ERROR_RATE
    pass_threshold: float = 0.5
    calibrate: Path | None = None  # physician labels: add the PPI++ physician-level score
    registry: Path | None = None  # the meta-eval registry (None: the default one)


class ScoreResult(BaseModel):
    """What `run_score` computed and wrote."""

    summary: RunSummary
    cacs: CacsSummary | None = None
    written: list[Path]  # summary.json, then cacs.json when asked for
    # why the score is not a success (too many errors, `evaluate.error_rate`); None: it is
    error_problem: str | None = None


def _cacs(grades: list[CaseGrade], opts: ScoreOptions, k: int) -> CacsSummary:
    from medrubric.scoring import summarize_cacs

    try:
        return summarize_cacs(grades, k, seed=opts.seed, n_resamples=opts.resamples)
    except ValueError as exc:
        raise InputError(f"--cacs: {exc}", opts.grades) from None


def run_score(opts: ScoreOptions) -> ScoreResult:
    """Score one model's grades into `opts.out` (summary.json, cacs.json with `cacs_k`)."""
    from medrubric.analysis.registry import grader_validity
    from medrubric.evaluate.error_rate import error_rate_problem
    from medrubric.evaluate.panel import family_flag
    from medrubric.scoring import summarize
    from medrubric.scoring.grades import read_grades

    grades = read_grades(opts.grades, opts.model)
    summary = summarize(
        grades,
        clip=opts.clip,
        seed=opts.seed,
        n_resamples=opts.resamples,
        tags=opts.tags,
        pass_threshold=opts.pass_threshold,
    )
    if opts.calibrate is not None:
        from medrubric.analysis.calibration import calibrate

        summary.calibrated = calibrate(grades, opts.calibrate, clip=opts.clip)
    cacs = _cacs(grades, opts, opts.cacs_k) if opts.cacs_k else None
    graders = sorted({g.grader for g in grades if g.grader})
    validity: dict[str, Any] = grader_validity(
        graders or ["unknown"], opts.grades.parent, opts.registry
    )
    preference = family_flag(summary.model, graders) if summary.model else None
    written_summary = RunSummary(
        **dict(summary), grader_validity=validity, self_preference=preference
    )
    folder = RunDir(opts.out).create()
    folder.write_summary(written_summary)
    written = [folder.summary]
    if cacs is not None:
        folder.write_cacs(cacs)
        written.append(folder.cacs)
    return ScoreResult(
        summary=written_summary,
        cacs=cacs,
        written=written,
        error_problem=error_rate_problem(summary, grades, opts.max_error_rate, rerun=False),
    )
