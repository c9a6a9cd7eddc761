"""`medrubric audit inject | score | criteria | review-export | review-import | report`:
inject known errors into answers and measure whether the benchmark's rubric notices them."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from medrubric.cli.groups import GraderChoice, grader_flags, model_flags
from medrubric.cli.options import Resamples, Seed

if TYPE_CHECKING:
    from medrubric.audit.inject_run import Funnel
    from medrubric.audit.paired_scoring import OutcomeStats
    from medrubric.runtime.options import ModelOptions

CONCURRENCY_HELP = "(Answer, type) tasks or calls in flight."
Benchmark = Annotated[
    str, typer.Option("--benchmark", help="Cases with the rubrics (file, snapshot or 'sample').")
]
AuditDirArg = Annotated[Path, typer.Argument(help="Audit directory written by `audit inject`.")]

console = Console(stderr=True, soft_wrap=True)  # whole lines in logs, not cut at 80 columns


def ci_text(lo: float, hi: float) -> str:
    return f"[{lo:.3f}, {hi:.3f}]"


def print_funnel(funnel: Funnel) -> None:
    table = Table(title="Injection funnel ((answer, error type) candidates)")
    for column in ("type", "accepted", "not applicable", "failed check", "failed judge", "errors"):
        table.add_column(column, justify="left" if column == "type" else "right")
    for code, row in funnel.by_type.items():
        table.add_row(
            code,
            str(row["accepted"]),
            str(row["not_applicable"]),
            str(row["discarded_programmatic"]),
            str(row["discarded_judge"]),
            str(row["failed_calls"]),
        )
    Console().print(table)
    typer.echo(
        f"answers {funnel.answers} · excluded at score floor {len(funnel.excluded_no_headroom)} · "
        f"eligible {funnel.eligible_answers} · candidates {funnel.candidates} · "
        f"applicable {funnel.applicable} · accepted {funnel.accepted} "
        f"({funnel.accepted_after_retry} after retry) · failed calls {funnel.failed_calls}"
    )


def print_outcomes(title: str, overall: OutcomeStats, by_type: dict[str, OutcomeStats]) -> None:
    table = Table(title=title)
    for column in ("set", "pairs", "questions", "win", "tie", "loss", "AUROC", "95% CI"):
        table.add_column(column, justify="left" if column == "set" else "right")
    for name, s in [("all", overall), *by_type.items()]:
        table.add_row(
            name,
            str(s.n_pairs),
            str(s.n_questions),
            f"{s.win:.3f}",
            f"{s.tie:.3f}",
            f"{s.loss:.3f}",
            f"{s.auroc:.3f}",
            ci_text(*s.auroc_ci),
        )
    Console().print(table)


@grader_flags(template=False)
@model_flags(concurrency=CONCURRENCY_HELP)
def inject_cmd(
    models: ModelOptions,
    grading: GraderChoice,
    answers: Annotated[Path, typer.Option("--answers", help="Answers to audit (Response JSONL).")],
    benchmark: Benchmark,
    applicability_models: Annotated[
        str, typer.Option("--applicability-models", help="Two model specs, comma-separated.")
    ],
    injector: Annotated[str, typer.Option("--injector", help="Model that injects the error.")],
    judge: Annotated[str, typer.Option("--judge", help="Model that verifies the injection.")],
    out: Annotated[Path, typer.Option("--out", help="Audit directory (resumed if it exists).")],
    types: Annotated[
        str | None, typer.Option("--types", help="Error types, e.g. C1,F1 (default: all 13).")
    ] = None,
    grades: Annotated[
        Path | None, typer.Option("--grades", help="Grades of the answers (RUN/grades.jsonl).")
    ] = None,
    max_edits: Annotated[int, typer.Option("--max-edits", help="Edits per injection.")] = 3,
    max_span_chars: Annotated[
        int, typer.Option("--max-span-chars", help="Longest edit span (characters).")
    ] = 400,
    max_length_change: Annotated[
        float, typer.Option("--max-length-change", help="Length change as a share of the answer.")
    ] = 0.25,
) -> None:
    """Inject one error of each applicable type into each answer; write pairs.jsonl."""
    from medrubric.audit.auditdir import AuditDir
    from medrubric.audit.edits import EditLimits
    from medrubric.audit.inject_run import InjectOptions, run_inject

    setup = grading.setup() if grades is None and grading.given else None
    opts = InjectOptions(
        answers=answers,
        benchmark=benchmark,
        applicability_models=[m.strip() for m in applicability_models.split(",") if m.strip()],
        injector=injector,
        judge=judge,
        out=out,
        types=types,
        grades=grades,
        setup=setup,
        limits=EditLimits(
            max_edits=max_edits, max_span_chars=max_span_chars, max_length_change=max_length_change
        ),
        models=models,
    )
    funnel = asyncio.run(run_inject(opts))
    print_funnel(funnel)
    typer.echo(str(AuditDir(out).pairs.resolve()))


@grader_flags(template=False)
@model_flags(
    concurrency=CONCURRENCY_HELP,
    only=("timeout", "cache_dir", "no_cache", "concurrency", "config", "quiet"),
)
def score_cmd(
    models: ModelOptions,
    grading: GraderChoice,
    audit_dir: AuditDirArg,
    benchmark: Benchmark,
    out: Annotated[
        Path | None, typer.Option("--out", help="Score folder (default DIR/score).")
    ] = None,
    compare: Annotated[
        Path | None,
        typer.Option("--compare", help="Another audit (or score) folder to rank-compare with."),
    ] = None,
    resamples: Resamples = 10_000,
    seed: Seed = 0,
) -> None:
    """Grade originals and injected answers with the benchmark's rubric; paired AUROC."""
    from medrubric.audit.paired_scoring import AuditScoreOptions, run_audit_score

    result = asyncio.run(
        run_audit_score(
            AuditScoreOptions(
                audit_dir=audit_dir,
                benchmark=benchmark,
                setup=grading.setup(),
                out=out,
                n_resamples=resamples,
                seed=seed,
                models=models,
                compare=compare,
            )
        )
    )
    report = result.report
    print_outcomes("Paired scoring (original vs injected)", report.overall, report.by_type)
    typer.echo(
        f"pairs {report.n_pairs} · scored {report.n_scored} · grading errors "
        f"{report.n_grading_errors} (left out, never counted as Not Met) · criteria/question "
        f"{report.density.criteria_per_question:.2f}"
    )
    if result.agreement is not None:
        agreement = result.agreement
        typer.echo(
            f"rank agreement over {len(agreement.types)} error types: Kendall tau_b "
            f"{agreement.kendall_tau_b:.3f} (p={agreement.kendall_p:.3g}), Spearman rho "
            f"{agreement.spearman_rho:.3f} (p={agreement.spearman_p:.3g})"
        )
    typer.echo(str(result.score_file.resolve()))


@model_flags(concurrency=CONCURRENCY_HELP)
def criteria_cmd(
    models: ModelOptions,
    audit_dir: AuditDirArg,
    benchmark: Benchmark,
    model: Annotated[str, typer.Option("--model", help="Model that classifies criteria.")],
    score_dir: Annotated[
        Path | None, typer.Option("--score-dir", help="Score folder (default DIR/score).")
    ] = None,
    resamples: Resamples = 10_000,
    seed: Seed = 0,
) -> None:
    """Classify rubric criteria FACTCHECK / OTHER; how often each kind discriminates pairs."""
    from medrubric.audit.criteria import CriteriaOptions, run_criteria

    opts = CriteriaOptions(
        audit_dir=audit_dir,
        benchmark=benchmark,
        model=model,
        score_dir=score_dir,
        n_resamples=resamples,
        seed=seed,
        models=models,
    )
    result = asyncio.run(run_criteria(opts))
    table = Table(title="Criteria that discriminate original from injected")
    for column in ("kind", "criteria", "items", "differ", "rate"):
        table.add_column(column, justify="left" if column == "kind" else "right")
    for name, k in result.by_kind.items():
        table.add_row(name, str(k.criteria), str(k.items), str(k.discriminating), f"{k.rate:.3f}")
    Console().print(table)
    typer.echo(
        f"FACTCHECK / OTHER ratio {result.ratio:.2f}x (95% CI {ci_text(*result.ratio_ci)}) · "
        f"unlabelled criteria {result.unlabelled_criteria}"
    )


def review_export_cmd(
    audit_dir: AuditDirArg,
    benchmark: Annotated[
        str | None, typer.Option("--benchmark", help="Cases, to show reviewers the question.")
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="Folder to write (default DIR/review).")
    ] = None,
    per_type: Annotated[
        int | None, typer.Option("--per-type", help="Sample at most N pairs per error type.")
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Sampling seed.")] = 0,
) -> None:
    """Write review_pairs.jsonl (for the review app) and review.csv for clinical reviewers."""
    from medrubric.audit.auditdir import AuditDir
    from medrubric.audit.review_io import export_review, stratified_sample
    from medrubric.data.formats import load_cases

    audit = AuditDir(audit_dir)
    pairs = stratified_sample(audit.require_pairs(), per_type, seed)
    cases = {c.id: c for c in load_cases(benchmark)} if benchmark else {}
    jsonl, table = export_review(pairs, cases, out or audit.root / "review")
    typer.echo(f"{len(pairs)} pairs for review")
    typer.echo(str(jsonl.resolve()))
    typer.echo(str(table.resolve()))


def review_import_cmd(
    audit_dir: AuditDirArg,
    ratings: Annotated[
        list[Path],
        typer.Option("--ratings", help="CSV or JSONL: pair_id, rater, answer yes/no, reason."),
    ],
    resamples: Resamples = 10_000,
    seed: Seed = 0,
) -> None:
    """Yes-rate (cluster-bootstrap CI), raw agreement and Fleiss' kappa per error type."""
    from medrubric.audit.auditdir import AuditDir
    from medrubric.audit.review_io import import_review

    audit = AuditDir(audit_dir)
    summary = import_review(audit, ratings, resamples, seed)
    table = Table(title="Could it change the diagnosis or management?")
    for column in ("set", "pairs", "ratings", "yes", "95% CI", "raw agreement", "Fleiss kappa"):
        table.add_column(column, justify="left" if column == "set" else "right")
    for name, s in [("all", summary.overall), *summary.by_type.items()]:
        table.add_row(
            name,
            str(s.pairs),
            str(s.ratings),
            f"{s.yes_rate:.3f}",
            ci_text(*s.yes_ci),
            f"{s.raw_agreement:.3f}",
            f"{s.fleiss_kappa:.3f}",
        )
    Console().print(table)
    if summary.unknown_pairs:
        console.print(
            f"[bold red]{len(summary.unknown_pairs)} rated pair id(s) are not in this audit[/]: "
            + ", ".join(summary.unknown_pairs[:5])
        )
    typer.echo(str(audit.review_summary.resolve()))


def report_cmd(
    audit_dir: AuditDirArg,
    out: Annotated[Path, typer.Option("--out", help="HTML file to write.")],
    factcheck: Annotated[
        Path | None,
        typer.Option("--factcheck", help="Fact-check output folder (default DIR/factcheck)."),
    ] = None,
) -> None:
    """A self-contained HTML report of the audit."""
    from medrubric.audit.report import write_audit_report

    typer.echo(str(write_audit_report(audit_dir, out, factcheck).resolve()))


def register(app: typer.Typer) -> None:
    audit_app = typer.Typer(
        help="Rubric blind-spot audit: inject known errors, score pairs, fact-check, review.",
        no_args_is_help=True,
    )
    audit_app.command("inject")(inject_cmd)
    audit_app.command("score")(score_cmd)
    audit_app.command("criteria")(criteria_cmd)
    audit_app.command("review-export")(review_export_cmd)
    audit_app.command("review-import")(review_import_cmd)
    audit_app.command("report")(report_cmd)
    app.add_typer(audit_app, name="audit")
