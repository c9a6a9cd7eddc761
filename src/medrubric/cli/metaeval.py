"""`medrubric meta-eval`: a grader's verdicts against physician labels, next to the physicians'
agreement with each other and, optionally, a holistic LLM-as-a-judge baseline."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from medrubric.cli.groups import model_flags
from medrubric.cli.options import Resamples, Seed

if TYPE_CHECKING:
    from medrubric.analysis.metaeval import MetaEvalReport
    from medrubric.runtime.options import ModelOptions

console = Console()


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
    from medrubric.analysis.metaeval_run import MetaEvalOptions, run_meta_eval
    from medrubric.report.analyses import write_meta_eval

    opts = MetaEvalOptions(
        labels=labels, grades=grades, method=method, holistic_judge=holistic_judge, seed=seed,
        resamples=resamples, models=models,
    )  # fmt: skip
    result = asyncio.run(run_meta_eval(opts, say=console.print, status=console.status))
    _print(result.report)
    written = write_meta_eval(out, result.report, result.runs, labels, registry, result.holistic)
    console.print("wrote " + ", ".join(map(str, written)), soft_wrap=True)


def register(app: typer.Typer) -> None:
    app.command("meta-eval")(meta_eval_cmd)
