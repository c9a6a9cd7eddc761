"""`medrubric analyze contamination | errors | consensus | export`: analyses of run directories,
each written as JSON and as a self-contained HTML section page into --out."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.table import Table

from medrubric.cli.groups import model_flags
from medrubric.cli.options import Config, Resamples, Seed
from medrubric.data.jsonl import load_models
from medrubric.errors import InputError, describe_validation_error

if TYPE_CHECKING:
    from medrubric.analysis.consensus import Covariate
    from medrubric.analysis.contamination import ContaminationReport
    from medrubric.analysis.error_types import Classification, LowSelection
    from medrubric.analysis.runs import Run
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


def _contamination(
    runs: Sequence[Run], cutoff: list[str] | None, config: Path | None, seed: int, resamples: int
) -> ContaminationReport:
    from medrubric.analysis.contamination import contamination
    from medrubric.analysis.cutoffs import parse_overrides, resolve_cutoffs
    from medrubric.llm.config import load_config

    cutoffs = resolve_cutoffs(runs, parse_overrides(cutoff or []), load_config(config))
    return contamination(runs, cutoffs, seed=seed, n_resamples=resamples)


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
    from medrubric.analysis.runs import load_runs
    from medrubric.report.analyses import write_contamination

    loaded = load_runs(runs)
    report = _contamination(loaded, cutoff, config, seed, resamples)
    console.print(_contamination_table(report))
    console.print(
        f"{report.n_drop} of {report.n_models_with_post} models score lower after their cutoff; "
        f"{report.n_significant} significantly (p < {report.alpha}, one-sided permutation test)"
    )
    for model, why in report.skipped.items():
        console.print(f"[yellow]skipped {model}: {why}[/]", soft_wrap=True)
    _wrote(*write_contamination(out, report, loaded))


async def _classify(
    runs: Sequence[Run], spec_text: str, selection: LowSelection, opts: ModelOptions
) -> list[Classification]:
    from medrubric.analysis.error_types import classify_runs
    from medrubric.analysis.llm_tasks import open_task_model

    async with open_task_model(spec_text, opts) as (model, spec, concurrency):
        if spec.smoke_test:
            console.print(
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
    from medrubric.analysis.error_types import LowSelection
    from medrubric.analysis.errors import error_analysis
    from medrubric.analysis.runs import load_runs
    from medrubric.report.analyses import write_errors
    from medrubric.report.render import num, pct

    loaded = load_runs(runs)
    analysis = error_analysis(loaded, bottom_n)
    results = None
    if classify_with:
        try:
            selection = LowSelection(share=bottom_share, threshold=below)
        except ValidationError as exc:
            raise InputError(f"--bottom-share: {describe_validation_error(exc)}") from None
        results = asyncio.run(_classify(loaded, classify_with, selection, models))
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
    _wrote(*write_errors(out, analysis, loaded, results))


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
    from medrubric.analysis.consensus import consensus
    from medrubric.analysis.runs import load_runs
    from medrubric.report.analyses import write_consensus
    from medrubric.report.render import num, pct

    if covariate not in ("n_criteria", "theme", "none"):
        raise InputError(f"--covariate: {covariate!r} is not one of n_criteria, theme, none")
    loaded = load_runs(runs)
    others = load_runs(grader_b) if grader_b else []
    cov: Covariate = covariate  # type: ignore[assignment]
    report = consensus(loaded, k, runs_b=others, covariate=cov, seed=seed, n_resamples=resamples)
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
    _wrote(*write_consensus(out, report, loaded))


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
    from medrubric.analysis.consensus import consensus
    from medrubric.analysis.error_types import Classification, count_types
    from medrubric.analysis.errors import error_analysis
    from medrubric.analysis.registry import lookup
    from medrubric.analysis.runs import load_runs
    from medrubric.report.analyses import ERROR_TYPES_JSONL, write_export
    from medrubric.report.analysis_sections import (
        consensus_section,
        contamination_section,
        errors_section,
        grader_agreement_section,
        leaderboard_section,
    )
    from medrubric.report.export import leaderboard_rows

    loaded = load_runs(runs)
    report = _contamination(loaded, cutoff, config, seed, resamples)
    consensus_report = (
        consensus(loaded, k, seed=seed, n_resamples=resamples) if k is not None else None
    )
    rows = leaderboard_rows(loaded, report, k, seed=seed, n_resamples=resamples)
    types_file = out / ERROR_TYPES_JSONL
    counts = count_types(load_models(types_file, Classification)) if types_file.exists() else None
    sections = [
        leaderboard_section(rows, k),
        contamination_section(report),
        errors_section(error_analysis(loaded), counts),
    ]
    if consensus_report is not None:
        sections.append(consensus_section(consensus_report))
    seen: set[str] = set()
    for run in loaded:
        agreement = lookup(run.grader, run.path if run.path.is_dir() else None)
        if agreement and agreement.grader not in seen:
            seen.add(agreement.grader)
            sections.append(grader_agreement_section(agreement))
    _wrote(*write_export(out, rows, k, sections, loaded))


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
