"""`medrubric meta-eval` as a stage: `run_meta_eval(MetaEvalOptions) -> MetaEvalResult`.

It reads the physician labels and the grader's grades, asks the holistic judge when one is
named, and computes the agreement figures. The files (meta_eval.json and .html, holistic.jsonl,
the registry entry, the copies in run folders) are written by `report.analyses.write_meta_eval`
from the result.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any, cast

from pydantic import BaseModel, ConfigDict, Field

from medrubric.analysis.holistic import HolisticScore
from medrubric.analysis.labels import LabelledAnswer
from medrubric.analysis.metaeval import METHODS, MetaEvalReport, Method
from medrubric.analysis.runs import Run
from medrubric.errors import InputError
from medrubric.runtime.options import ModelOptions


class MetaEvalOptions(BaseModel):
    """Everything `medrubric meta-eval` computes from."""

    model_config = ConfigDict(extra="forbid")

    labels: Path  # HealthBench meta-eval rows or a CSV of case_id, criterion_id, rater, met
    grades: list[Path]  # run directories or grades files of the grader
    method: str = "per-physician"  # the headline figures: one of METHODS
    holistic_judge: str | None = None  # model for the holistic 0-10 baseline
    seed: int = 0
    resamples: int = 10_000
    models: ModelOptions = Field(default_factory=ModelOptions)


class MetaEvalResult(BaseModel):
    """The agreement figures, the runs they were computed from and the holistic judge's
    scores (None without a judge): what the writer needs."""

    report: MetaEvalReport
    runs: list[Run]
    holistic: list[HolisticScore] | None = None


async def _holistic(
    answers: list[LabelledAnswer], spec_text: str, opts: ModelOptions, say: Callable[[str], Any]
) -> tuple[str, list[HolisticScore]]:
    from medrubric.analysis.holistic import judge_answers
    from medrubric.analysis.llm_tasks import open_task_model

    async with open_task_model(spec_text, opts) as (model, spec, concurrency):
        if spec.smoke_test:
            say(
                f"[bold yellow]SMOKE TEST MODEL {spec.label}: its scores say nothing "
                "about medicine[/]"
            )
        scores = await judge_answers(
            model,
            answers,
            concurrency=concurrency,
            max_tokens=opts.max_tokens,
            show_progress=opts.show_progress,
        )
        return model.label, scores


async def run_meta_eval(
    opts: MetaEvalOptions,
    *,
    say: Callable[[str], Any] = print,
    status: Callable[[str], AbstractContextManager[Any]] = lambda _: nullcontext(),
) -> MetaEvalResult:
    """Grader vs physicians (and the holistic judge): `say` shows a console line (markup),
    `status` what is being computed while the bootstrap runs."""
    from medrubric.analysis.labels import load_labels
    from medrubric.analysis.metaeval import answers_to_judge, meta_eval
    from medrubric.analysis.runs import load_answer_grades

    if opts.method not in METHODS:
        raise InputError(f"--method: {opts.method!r} is not one of {', '.join(METHODS)}")
    label_set = load_labels(opts.labels)
    runs = load_answer_grades(opts.grades)
    holistic: dict[str, float | None] | None = None
    scores: list[HolisticScore] | None = None
    judge = "holistic judge"
    if opts.holistic_judge:
        answers = answers_to_judge(label_set, runs)
        judge, scores = await _holistic(answers, opts.holistic_judge, opts.models, say)
        holistic = {s.answer_id: s.score for s in scores}
    busy = f"agreement figures and {opts.resamples} bootstrap resamples of cases"
    with status(busy) if opts.models.show_progress else nullcontext():
        report = meta_eval(
            label_set,
            runs,
            holistic,
            f"holistic: {judge}",
            method=cast("Method", opts.method),
            n_resamples=opts.resamples,
            seed=opts.seed,
        )
    return MetaEvalResult(report=report, runs=runs, holistic=scores)
