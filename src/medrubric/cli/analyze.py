"""`medrubric analyze contamination | errors | consensus | export`: analyses of run directories,
each written as JSON and as a self-contained HTML section page into --out."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from medrubric.cli.groups import model_flags
from medrubric.cli.options import Config, Resamples, Seed

if TYPE_CHECKING:
    from medrubric.analysis.contamination import ContaminationReport
    from medrubric.runtime.options import ModelOptions

Runs = Annotated[
    list[Path], typer.Argument(metavar="RUN...", help="Run directories (or grades files).")
]
Out = Annotated[Path, typer.Option("--out", help="Folder for the results (created).")]
Cutoffs = Annotated[
    list[str] | None,
    typer.Option("--cutoff", metavar="MODEL=YYYY-MM-DD", help="Knowledge cutoff (repeatable)."),
]
K = Annotated[int, typer.Option("--k", min=1, help="CACS threshold k.")]

console = Console()


def _contamination_table(report: ContaminationReport) -> Table:
    from medrubric.report.render import pct, pts, pval

    table = Table(title="Score before vs after each model's knowledge cutoff (%)")
    for name in ("model", "cutoff", "full", "pre", "post", "post − pre", "p"):
        table.add_column(name, justify="left" if name in ("model", "cutoff") else "right")
    for m in report.models:
        scores = [pct(s.score if s else None) for s in (m.full, m.pre, m.post)]
        drop = "—" if m.pre_minus_post is None else pts(0 - m.pre_minus_post)
        star = " *" if m.significant else ""
        table.add_row(m.model, str(m.cutoff), *scores, drop, pval(m.pvalue) + star)
    return table


def _wrote(*paths: Path) -> None:
    console.print("wrote " + ", ".join(str(p) for p in paths), soft_wrap=True)


def contamination_cmd(
    runs: Runs,
    out: Out = Path("analysis"),
    cutoff: Cutoffs = None,
    config: Config = None,
    seed: Seed = 0,
    resamples: Resamples = 10_000,
) -> None:
    """Score on cases published before vs after each model's knowledge cutoff, and the drop."""
    from medrubric.analysis.analyze import ContaminationOptions, run_contamination
    from medrubric.report.analyses import write_contamination

    result = run_contamination(
        ContaminationOptions(
            runs=runs, cutoffs=cutoff or [], config=config, seed=seed, resamples=resamples
        )
    )
    report = result.report
    console.print(_contamination_table(report))
    console.print(
        f"{report.n_drop} of {report.n_models_with_post} models score lower after their cutoff; "
        f"{report.n_significant} significantly (p < {report.alpha}, one-sided permutation test)"
    )
    for model, why in report.skipped.items():
        console.print(f"[yellow]skipped {model}: {why}[/]", soft_wrap=True)
    _wrote(*write_contamination(out, report, result.runs))


@model_flags()
def errors_cmd(
    models: ModelOptions,
    runs: Runs,
    out: Out = Path("analysis"),
    bottom_n: Annotated[
        int, typer.Option("--bottom-n", min=1, help="Bottom cases per model for the overlap.")
    ] = 100,
    classify_with: Annotated[
        str | None, typer.Option("--classify-with", help="Model that assigns error types.")
    ] = None,
    bottom_share: Annotated[
        float, typer.Option("--bottom-share", help="Share of each model's answers to classify.")
    ] = 0.2,
    below: Annotated[
        float | None, typer.Option("--below", help="Classify answers scoring below this instead.")
    ] = None,
) -> None:
    """Error rates per axis, bottom-N overlap, correlations and optional LLM error types."""
    from medrubric.analysis.analyze import ErrorsOptions, run_errors
    from medrubric.report.analyses import write_errors
    from medrubric.report.render import num, pct

    opts = ErrorsOptions(
        runs=runs, bottom_n=bottom_n, classify_with=classify_with, bottom_share=bottom_share,
        below=below, models=models,
    )  # fmt: skip
    result = asyncio.run(run_errors(opts, say=console.print))
    analysis, results = result.analysis, result.classifications
    if results is not None:
        failed = sum(r.error_type is None for r in results)
        if failed:
            console.print(
                f"[yellow]{failed} classification(s) failed: recorded in "
                "error_types.jsonl, not counted[/]"
            )
    for r in analysis.error_rates:
        console.print(
            f"{r.model}: error rate {pct(r.overall.rate)} over {r.overall.judged} "
            f"criteria ({r.overall.grader_errors} grader errors left out)"
        )
    overlap = analysis.bottom_overlap
    console.print(f"bottom-{overlap.n} Jaccard, mean over model pairs: {num(overlap.mean)}")
    _wrote(*write_errors(out, analysis, result.runs, results))


def consensus_cmd(
    runs: Runs,
    k: K = 10,
    grader_b: Annotated[
        list[Path] | None,
        typer.Option(
            "--grader-b", help="Run of the same model under a second grader (repeatable)."
        ),
    ] = None,
    covariate: Annotated[
        str,
        typer.Option("--covariate", help="Partial-correlation covariate: n_criteria, theme, none."),
    ] = "n_criteria",
    out: Out = Path("analysis"),
    seed: Seed = 0,
    resamples: Resamples = 10_000,
) -> None:
    """CACS@k, threshold sensitivity, length diagnostics, cross-grader robustness and strata."""
    from medrubric.analysis.analyze import ConsensusOptions, run_consensus
    from medrubric.report.analyses import write_consensus
    from medrubric.report.render import num, pct

    result = run_consensus(
        ConsensusOptions(
            runs=runs, k=k, grader_b=grader_b or [], covariate=covariate, seed=seed,
            resamples=resamples,
        )
    )  # fmt: skip
    report = result.report
    for model, s in (report.cacs or {}).items():
        console.print(
            f"{model}: CACS@{k} {pct(s['cacs_at_k'])}, rubric accuracy "
            f"{pct(s['rubric_accuracy'])}, pass@{k} {pct(s['pass_at_k'])}"
        )
    if report.metric == "score":
        console.print("[yellow]weighted rubrics: CACS does not apply; using case scores[/]")
    if report.robustness:
        rob = report.robustness
        rho, tau = num(rob.spearman.statistic), num(rob.kendall_tau_b.statistic)
        console.print(
            f"cross-grader: Spearman {rho}, Kendall tau-b {tau}, MAD {num(rob.mean_abs_diff)}"
        )
    _wrote(*write_consensus(out, report, result.runs))


def export_cmd(
    runs: Runs,
    out: Annotated[Path, typer.Option("--out", help="Folder for the exports (created).")],
    k: Annotated[
        int | None, typer.Option("--k", min=1, help="Add CACS@k (binary rubrics).")
    ] = None,
    cutoff: Cutoffs = None,
    config: Config = None,
    seed: Seed = 0,
    resamples: Resamples = 10_000,
) -> None:
    """Leaderboard as CSV and LaTeX, and report.html with every analysis section."""
    from medrubric.analysis.analyze import ExportOptions
    from medrubric.report.analyses import run_export

    result = run_export(
        ExportOptions(
            runs=runs, out=out, k=k, cutoffs=cutoff or [], config=config, seed=seed,
            resamples=resamples,
        )
    )  # fmt: skip
    _wrote(*result.written)


def register(app: typer.Typer) -> None:
    analyze = typer.Typer(
        help="Analyses of run directories: contamination, errors, ClinConsensus, exports.",
        no_args_is_help=True,
    )
    analyze.command("contamination")(contamination_cmd)
    analyze.command("errors")(errors_cmd)
    analyze.command("consensus")(consensus_cmd)
    analyze.command("export")(export_cmd)
    app.add_typer(analyze, name="analyze")
