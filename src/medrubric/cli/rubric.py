"""`medrubric rubric CASES --model M --out DIR` (`rubric generate`): write a validated bipolar
rubric for every curated case; `medrubric rubric lint CASES`: find what is wrong with any
rubric, from its text and, with --runs, from graded answers."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from medrubric.cli.groups import model_flags
from medrubric.cli.lazy_group import default_command_group
from medrubric.cli.options import Out

if TYPE_CHECKING:
    from medrubric.rubric.lint import Finding
    from medrubric.runtime.options import ModelOptions

GENERATE = "generate"


@model_flags(concurrency="Cases in flight (default 4).")
def rubric(
    cases: Annotated[
        str, typer.Argument(help="Curated cases JSONL, or any cases file, folder or 'sample'.")
    ],
    model: Annotated[str, typer.Option("--model", help="Model spec, e.g. local:smollm2.")],
    out: Out,
    models: ModelOptions,
    fixed_n: Annotated[
        int | None,
        typer.Option("--fixed-n", min=1, help="ClinConsensus mode: exactly N criteria, all +1."),
    ] = None,
    limit: Annotated[
        int | None, typer.Option("--limit", min=1, help="Only the first N cases.")
    ] = None,
) -> None:
    """Generate rubrics into OUT: cases.jsonl, rejected.jsonl, rubric_stats.json, report.html."""
    from medrubric.report.pages import write_rubric_stats_page
    from medrubric.rubric.run import RubricOptions, run_rubrics
    from medrubric.rubric.stats import stats_table

    options = RubricOptions(
        cases=cases, model=model, out=out, models=models, fixed_n=fixed_n, limit=limit
    )
    result = run_rubrics(options)
    stats = result.stats
    page = write_rubric_stats_page(out, stats)
    console = Console()
    console.print(stats_table(stats))
    if stats.n_errors:
        console.print(f"[bold red]{stats.n_errors} model errors[/]: run again to retry them")
    console.print(f"cases: {result.cases} · rejected: {result.rejected} · report: {page}")


def findings_table(findings: list[Finding]) -> Table:
    table = Table(title="Rubric lint findings")
    for column in ("severity", "case / criterion", "weight", "check", "reason · evidence"):
        table.add_column(column, justify="right" if column == "weight" else "left")
    style = {"error": "bold red", "warning": "yellow", "note": "dim"}
    for f in findings:
        evidence = "" if f.evidence == f.text else f" [dim]{escape(f.evidence)}[/]"
        table.add_row(
            f"[{style[f.severity]}]{f.severity}[/]",
            f"{f.case_id} {f.criterion_id or ''}".strip(),
            "" if f.weight is None else f"{f.weight:+d}",
            f.check,
            escape(f.reason) + evidence,
        )
    return table


@model_flags()
def lint(
    models: ModelOptions,
    cases: Annotated[
        str,
        typer.Argument(
            help="Cases in any format medrubric reads: file, snapshot or dataset folder, 'sample'."
        ),
    ],
    runs: Annotated[
        list[Path] | None,
        typer.Option(
            "--runs",
            help="Graded run folder or grades file (repeat): adds the item analysis.",
        ),
    ] = None,
    grader: Annotated[
        str | None,
        typer.Option(
            "--grader",
            help="Model spec or medrubric.toml name: adds the model checks (sign, grounding, "
            "verifiability; medical claim against retrieved evidence), two calls per criterion.",
        ),
    ] = None,
    evidence_k: Annotated[
        int,
        typer.Option(
            "--evidence-k",
            min=0,
            help="With --grader: snippets retrieved per criterion to check its medical claim "
            "against (0: no evidence check).",
        ),
    ] = 3,
    index: Annotated[
        Path | None,
        typer.Option(
            "--index", help="Saved index folder for the evidence check (default: bundled corpus)."
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Folder for lint.jsonl and lint.html (and items.jsonl)."),
    ] = None,
    allow: Annotated[
        bool, typer.Option("--allow", help="Exit 0 even when error-severity findings remain.")
    ] = False,
) -> None:
    """Lint rubrics: exit 1 when an error-severity finding remains, unless --allow.

    Draft rules, weights, polarity (flipped signs), duplicates (reworded ones by sentence
    similarity with the retrieve extra), judgeability and balance from the text; with the
    retrieve extra, learned sign and pair models trained on labelled rubrics add warnings and
    notes (MEDRUBRIC_LEARNED_LINT=0 turns them off); with --grader,
    a model's view of each criterion's sign, grounding and verifiability, and each criterion's
    claim against retrieved evidence; with --runs, met rates and discrimination from graded
    answers. A model error is an error-severity finding: its criterion is unchecked."""
    from medrubric.report.lint import LintOptions, run_lint
    from medrubric.rubric.lint import blocking, severity_counts
    from medrubric.rubric.similarity import FALLBACK_NOTE, WORDS

    options = LintOptions(
        cases=cases, runs=runs or [], grader=grader, evidence_k=evidence_k, index=index,
        out=out, models=models,
    )  # fmt: skip
    console = Console(soft_wrap=True)
    if grader is not None and (spec := models.spec(grader)).smoke_test:
        console.print(
            f"[bold yellow]SMOKE TEST MODEL {spec.label}: its findings say nothing about "
            "medicine[/]"
        )
    result = run_lint(options)
    if result.duplicates == WORDS:
        console.print(FALLBACK_NOTE, markup=False)
    if (check := result.model) is not None:
        console.print(
            f"model {check.label}: {check.verdicts} criteria judged, {check.errors} model "
            f"errors; calls {check.calls_made} made, {check.calls_cached} cached"
        )
    findings = result.findings
    if findings:
        console.print(findings_table(findings))
    counts = severity_counts(findings)
    console.print(
        f"{result.n_cases} cases, {result.n_criteria} criteria: {counts['error']} errors, "
        f"{counts['warning']} warnings, {counts['note']} notes "
        f"(duplicates by {result.duplicates}, signs by {result.signs})"
    )
    if out is not None:
        console.print(f"findings: {out / 'lint.jsonl'} · page: {out / 'lint.html'}")
    if blocking(findings) and not allow:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    rubric_app = typer.Typer(
        cls=default_command_group(GENERATE),
        help="Generate rubrics for curated cases (the default), or lint any rubric.",
        no_args_is_help=True,
    )
    rubric_app.command(GENERATE)(rubric)
    rubric_app.command("lint")(lint)
    app.add_typer(rubric_app, name="rubric")
