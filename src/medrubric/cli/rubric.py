"""`medrubric rubric CASES --model M --out DIR` (`rubric generate`): write a validated bipolar
rubric for every curated case; `medrubric rubric lint CASES`: find what is wrong with any
rubric, from its text and, with --runs, from graded answers."""

from __future__ import annotations

import asyncio
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
    from medrubric.data.models import Case
    from medrubric.retrieve.base import Retriever
    from medrubric.rubric.lint import Finding
    from medrubric.rubric.schemas import RubricRecord
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
    from medrubric.rubric.inputs import load_rubric_inputs
    from medrubric.rubric.run import CASES, REJECTED, run_rubrics
    from medrubric.rubric.stats import rubric_stats, stats_table, write_stats

    loaded = load_rubric_inputs(cases)
    selected = loaded[:limit] if limit else loaded

    async def go() -> list[RubricRecord]:
        async with models.open(model) as chat_model:
            return await run_rubrics(
                selected,
                chat_model,
                out,
                fixed_n=fixed_n,
                max_tokens=models.max_tokens,
                concurrency=models.workers(),
            )

    records = asyncio.run(go())
    stats = rubric_stats(
        [r.case for r in records if r.case is not None],
        n_rejected=sum(r.status == "rejected" for r in records),
        n_errors=sum(r.status == "error" for r in records),
    )
    write_stats(out, stats)
    page = write_rubric_stats_page(out, stats)
    console = Console()
    console.print(stats_table(stats))
    if stats.n_errors:
        console.print(f"[bold red]{stats.n_errors} model errors[/]: run again to retry them")
    console.print(f"cases: {out / CASES} · rejected: {out / REJECTED} · report: {page}")


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


def _evidence_retriever(
    index: Path | None, evidence_k: int, models: ModelOptions
) -> Retriever | None:
    """The retriever of the evidence check: a saved index, or the bundled corpus (BM25, cached);
    none with --evidence-k 0."""
    if evidence_k == 0:
        return None
    from medrubric.retrieve.index import cached_index, load_index

    return load_index(index) if index is not None else cached_index(cache_dir=models.cache_dir)


async def _lint_with_model(
    cases: list[Case],
    grader: str,
    models: ModelOptions,
    console: Console,
    retriever: Retriever | None,
    evidence_k: int,
) -> list[Finding]:
    from medrubric.rubric.lint_model import lint_with_model

    spec = models.spec(grader)
    if spec.smoke_test:
        console.print(
            f"[bold yellow]SMOKE TEST MODEL {spec.label}: its findings say nothing about "
            "medicine[/]"
        )
    with models.progress() as progress:
        async with models.open(spec) as model:
            findings = await lint_with_model(
                cases,
                model,
                params=models.params(),
                concurrency=models.workers(spec),
                progress=progress,
                retriever=retriever,
                evidence_k=evidence_k,
            )
    tally = progress.tally
    console.print(
        f"model {model.label}: {tally.verdicts} criteria judged, {tally.errors} model errors; "
        f"calls {tally.calls_made} made, {tally.calls_cached} cached"
    )
    return findings


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
    """Lint rubrics: draft rules, weights, polarity (flipped signs), judgeability and balance
    from the text; with --grader, a model's view of each criterion's sign, grounding and
    verifiability, and each criterion's claim against retrieved evidence; with --runs, met rates
    and discrimination from graded answers. Exit code 1 when an error-severity finding remains
    (a model error is one: its criterion is unchecked), unless --allow."""
    from medrubric.analysis.runs import load_answer_grades
    from medrubric.data.formats import load_cases
    from medrubric.report.lint import write_lint
    from medrubric.rubric.items import item_analysis, item_findings
    from medrubric.rubric.lint import blocking, lint_text, severity_counts
    from medrubric.rubric.similarity import FALLBACK_NOTE, duplicate_method, sentence_encoder

    loaded = load_cases(cases)
    console = Console(soft_wrap=True)
    encoder = sentence_encoder()
    if encoder is None:
        console.print(FALLBACK_NOTE, markup=False)
    findings = lint_text(loaded, encoder)
    duplicates = duplicate_method(encoder)
    families = ["text"]
    if grader is not None:
        retriever = _evidence_retriever(index, evidence_k, models)
        findings += asyncio.run(
            _lint_with_model(loaded, grader, models, console, retriever, evidence_k)
        )
        families.append("model")
    items = []
    if runs:
        graded = load_answer_grades(runs)
        items = item_analysis([g for run in graded for g in run.grades])
        findings += item_findings(items, loaded)
        families.append("runs")
    if findings:
        console.print(findings_table(findings))
    counts = severity_counts(findings)
    n_criteria = sum(len(c.rubric) for c in loaded)
    console.print(
        f"{len(loaded)} cases, {n_criteria} criteria: {counts['error']} errors, "
        f"{counts['warning']} warnings, {counts['note']} notes (duplicates by {duplicates})"
    )
    if out is not None:
        write_lint(out, findings, loaded, cases, families, items, duplicates)
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
