"""`medrubric meta-eval`: a grader's verdicts against physician labels, next to the physicians'
agreement with each other and, optionally, a holistic LLM-as-a-judge baseline."""

from __future__ import annotations

import asyncio
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, cast

import typer
from rich.console import Console

from medrubric.cli.groups import model_flags
from medrubric.cli.options import Resamples, Seed

if TYPE_CHECKING:
    from medrubric.analysis.holistic import HolisticScore
    from medrubric.analysis.labels import LabelledAnswer
    from medrubric.analysis.metaeval import MetaEvalReport, Method
    from medrubric.runtime.options import ModelOptions

console = Console()


async def _holistic(
    answers: list[LabelledAnswer], spec_text: str, opts: ModelOptions
) -> tuple[str, list[HolisticScore]]:
    from medrubric.analysis.holistic import judge_answers
    from medrubric.analysis.llm_tasks import open_task_model

    async with open_task_model(spec_text, opts) as (model, spec, concurrency):
        if spec.smoke_test:
            console.print(
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


def _ci(interval: tuple[float, float] | None) -> str:
    from medrubric.report.render import num

    return f" [{num(interval[0])}, {num(interval[1])}]" if interval else ""


def _print(report: MetaEvalReport) -> None:
    from medrubric.report.render import num

    g, p, hb = report.grader_vs_physician, report.physician_vs_physician, report.healthbench
    console.print(
        f"grader {report.grader}: {report.n_items} labelled criteria of "
        f"{report.n_answers} answers, {report.n_physicians} physicians; 95% CIs by "
        f"cluster bootstrap over cases; headline method: {report.method}"
    )
    if hb is not None:
        console.print(
            f"HealthBench (pooled label pairs, {hb.n_label_pairs}): Macro F1 "
            f"{num(hb.macro_f1)}{_ci(hb.macro_f1_ci95)}, kappa {num(hb.cohen_kappa)}"
            f"{_ci(hb.cohen_kappa_ci95)}, AC1 {num(hb.gwet_ac1)}{_ci(hb.gwet_ac1_ci95)}; "
            f"physicians vs others {num(hb.physician_macro_f1)}"
            f"{_ci(hb.physician_macro_f1_ci95)} (weighted mean of {len(hb.physicians)})"
        )
    console.print(
        f"Per physician (mean of {g.n_pairs}): Macro F1 {num(g.macro_f1)}{_ci(g.macro_f1_ci95)}, "
        f"kappa {num(g.cohen_kappa)}{_ci(g.cohen_kappa_ci95)}, AC1 {num(g.gwet_ac1)}"
        f"{_ci(g.gwet_ac1_ci95)}; physician vs physician (mean of {p.n_pairs} pairs) "
        f"Macro F1 {num(p.macro_f1)}{_ci(p.macro_f1_ci95)}, kappa {num(p.cohen_kappa)}, "
        f"AC1 {num(p.gwet_ac1)}; physicians' AC1 {num(report.physicians_ac1)}"
        f"{_ci(report.physicians_ac1_ci95)}"
    )
    for c in report.case_level:
        console.print(
            f"case-level Pearson, {c.judge}: {num(c.pearson.statistic)} (n={c.pearson.n})"
        )
    if report.n_grader_errors or report.unmatched_answers:
        console.print(
            f"[yellow]{report.n_grader_errors} grader errors left out; "
            f"{len(report.unmatched_answers)} labelled answers have no grade[/]"
        )


@model_flags()
def meta_eval_cmd(
    models: ModelOptions,
    labels: Annotated[
        Path,
        typer.Option(
            "--labels",
            help="HealthBench meta-eval rows or a CSV of case_id, criterion_id, rater, met.",
        ),
    ],
    grades: Annotated[
        list[Path],
        typer.Option(
            "--grades",
            help="Run directory or grades file of the grader (repeatable); one file may hold "
            "several answers per case, each grade's model naming its completion_id.",
        ),
    ],
    method: Annotated[
        str,
        typer.Option(
            "--method",
            help="Headline figures: per-physician (means over physicians, LiveMedBench) or "
            "healthbench (simple-evals' pooled label pairs). Both are computed and stored.",
        ),
    ] = "per-physician",
    holistic_judge: Annotated[
        str | None, typer.Option("--holistic-judge", help="Model for the holistic 0-10 baseline.")
    ] = None,
    out: Annotated[
        Path, typer.Option("--out", help="Folder for meta_eval.json and meta_eval.html.")
    ] = Path("meta-eval"),
    registry: Annotated[
        Path | None, typer.Option("--registry", help="Meta-eval registry file the reports read.")
    ] = None,
    seed: Seed = 0,
    resamples: Resamples = 10_000,
) -> None:
    """Grader vs physicians: Macro F1, Cohen's kappa, Gwet's AC1 and case-level Pearson."""
    from medrubric.analysis.labels import load_labels
    from medrubric.analysis.metaeval import METHODS, answers_to_judge, meta_eval
    from medrubric.analysis.runs import load_answer_grades
    from medrubric.errors import InputError
    from medrubric.report.analyses import write_meta_eval

    if method not in METHODS:
        raise InputError(f"--method: {method!r} is not one of {', '.join(METHODS)}")
    label_set = load_labels(labels)
    runs = load_answer_grades(grades)
    holistic: dict[str, float | None] | None = None
    scores: list[HolisticScore] | None = None
    judge = "holistic judge"
    if holistic_judge:
        answers = answers_to_judge(label_set, runs)
        judge, scores = asyncio.run(_holistic(answers, holistic_judge, models))
        holistic = {s.answer_id: s.score for s in scores}
    busy = f"agreement figures and {resamples} bootstrap resamples of cases"
    with console.status(busy) if models.show_progress else nullcontext():
        report = meta_eval(
            label_set,
            runs,
            holistic,
            f"holistic: {judge}",
            method=cast("Method", method),
            n_resamples=resamples,
            seed=seed,
        )
    _print(report)
    written = write_meta_eval(out, report, runs, labels, registry, scores)
    console.print("wrote " + ", ".join(map(str, written)), soft_wrap=True)


def register(app: typer.Typer) -> None:
    app.command("meta-eval")(meta_eval_cmd)
