"""`medrubric analyze contamination | errors | consensus` as stages: each `run_<analysis>`
takes typed options, loads the runs and computes; the result carries the runs and the figures
that `report.analyses` writes (`analyze export`, which renders every section, is
`report.analyses.run_export`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from medrubric.analysis.consensus import ConsensusReport, Covariate
from medrubric.analysis.contamination import ContaminationReport
from medrubric.analysis.error_types import Classification, LowSelection
from medrubric.analysis.errors import ErrorAnalysis
from medrubric.analysis.runs import Run
from medrubric.errors import InputError, describe_validation_error
from medrubric.runtime.options import ModelOptions

COVARIATES = ("n_criteria", "theme", "none")


class _Options(BaseModel):
    model_config = ConfigDict(extra="forbid")

    runs: list[Path]  # run directories (or grades files), one model each
    seed: int = 0
    resamples: int = 10_000


class ContaminationOptions(_Options):
    cutoffs: list[str] = Field(default_factory=list)  # MODEL=YYYY-MM-DD overrides
    config: Path | None = None  # medrubric.toml with the models' knowledge cutoffs


class ContaminationResult(BaseModel):
    report: ContaminationReport
    runs: list[Run]


def contamination_report(
    runs: list[Run], opts: ContaminationOptions | ExportOptions
) -> ContaminationReport:
    """Scores before vs after each model's cutoff (the flags', else medrubric.toml's, else
    the known models')."""
    from medrubric.analysis.contamination import contamination
    from medrubric.analysis.cutoffs import parse_overrides, resolve_cutoffs
    from medrubric.llm.config import load_config

    cutoffs = resolve_cutoffs(runs, parse_overrides(opts.cutoffs), load_config(opts.config))
    return contamination(runs, cutoffs, seed=opts.seed, n_resamples=opts.resamples)


def run_contamination(opts: ContaminationOptions) -> ContaminationResult:
    from medrubric.analysis.runs import load_runs

    runs = load_runs(opts.runs)
    return ContaminationResult(report=contamination_report(runs, opts), runs=runs)


class ErrorsOptions(_Options):
    bottom_n: int = Field(default=100, ge=1)  # bottom cases per model for the overlap
    classify_with: str | None = None  # model that assigns error types
    bottom_share: float = 0.2  # share of each model's answers to classify
    below: float | None = None  # classify answers scoring below this instead
    models: ModelOptions = Field(default_factory=ModelOptions)


class ErrorsResult(BaseModel):
    analysis: ErrorAnalysis
    runs: list[Run]
    classifications: list[Classification] | None = None  # with `classify_with`


async def run_errors(opts: ErrorsOptions, *, say: Callable[[str], Any] = print) -> ErrorsResult:
    """Error rates, bottom-N overlap, correlations and, with `classify_with`, the error type
    of each low-scoring answer (`say` shows a console line, markup)."""
    from medrubric.analysis.errors import error_analysis
    from medrubric.analysis.runs import load_runs

    runs = load_runs(opts.runs)
    analysis = error_analysis(runs, opts.bottom_n)
    results = None
    if opts.classify_with:
        try:
            selection = LowSelection(share=opts.bottom_share, threshold=opts.below)
        except ValidationError as exc:
            raise InputError(f"--bottom-share: {describe_validation_error(exc)}") from None
        results = await _classify(runs, opts.classify_with, selection, opts.models, say)
    return ErrorsResult(analysis=analysis, runs=runs, classifications=results)


async def _classify(
    runs: list[Run],
    spec_text: str,
    selection: LowSelection,
    opts: ModelOptions,
    say: Callable[[str], Any],
) -> list[Classification]:
    from medrubric.analysis.error_types import classify_runs
    from medrubric.analysis.llm_tasks import open_task_model

    async with open_task_model(spec_text, opts) as (model, spec, concurrency):
        if spec.smoke_test:
            say(
                f"[bold yellow]SMOKE TEST MODEL {spec.label}: its error types say "
                "nothing about medicine[/]"
            )
        return await classify_runs(
            model,
            runs,
            selection,
            concurrency=concurrency,
            max_tokens=opts.max_tokens,
            show_progress=opts.show_progress,
        )


class ConsensusOptions(_Options):
    k: int = Field(default=10, ge=1)  # CACS threshold
    grader_b: list[Path] = Field(default_factory=list)  # the same models under a second grader
    covariate: str = "n_criteria"  # for the partial correlation: one of COVARIATES


class ConsensusResult(BaseModel):
    report: ConsensusReport
    runs: list[Run]


def run_consensus(opts: ConsensusOptions) -> ConsensusResult:
    """CACS@k, threshold sensitivity, length diagnostics, cross-grader robustness, strata."""
    from medrubric.analysis.consensus import consensus
    from medrubric.analysis.runs import load_runs

    if opts.covariate not in COVARIATES:
        raise InputError(f"--covariate: {opts.covariate!r} is not one of {', '.join(COVARIATES)}")
    runs = load_runs(opts.runs)
    others = load_runs(opts.grader_b) if opts.grader_b else []
    report = consensus(
        runs,
        opts.k,
        runs_b=others,
        covariate=cast("Covariate", opts.covariate),
        seed=opts.seed,
        n_resamples=opts.resamples,
    )
    return ConsensusResult(report=report, runs=runs)


class ExportOptions(_Options):
    out: Path  # the folder of the exports (its error_types.jsonl is read when present)
    k: int | None = Field(default=None, ge=1)  # add CACS@k (binary rubrics)
    cutoffs: list[str] = Field(default_factory=list)
    config: Path | None = None
