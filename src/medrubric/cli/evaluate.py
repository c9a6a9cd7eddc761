"""`medrubric generate | grade | eval | report | demo`: run candidate models, grade their
answers criterion by criterion, score, and write the run directory and its reports."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from medrubric.cli.options import (
    CacheDir,
    Concurrency,
    Config,
    NoCache,
    Out,
    Quiet,
    Timeout,
    model_settings,
)
from medrubric.data.formats import load_cases
from medrubric.data.formats.responses import load_responses
from medrubric.errors import InputError
from medrubric.evaluate.estimate import StageEstimate, estimate_run
from medrubric.evaluate.filters import select_cases
from medrubric.evaluate.profiles import MODES, PROFILES, resolve_setup
from medrubric.evaluate.rundir import RunDir
from medrubric.report.leaderboard import leaderboard_markdown, load_rows

if TYPE_CHECKING:
    from medrubric.evaluate.runner import RunOptions, RunResult

DEMO_MODEL = "local:smollm2"
DEMO_CASES = 8
DEMO_MAX_TOKENS = 256
DEMO_GRADER_MAX_TOKENS = 512
DEFAULT_MAX_ERROR_RATE = 0.1

Cases = Annotated[
    str,
    typer.Option("--cases", help="Snapshot folder, cases file (any supported format) or 'sample'."),
]
Filters = Annotated[
    list[str] | None,
    typer.Option(
        "--cases-filter",
        help="key=value, repeatable: language, theme, specialty, source, id, "
        "published_after (on or after), published_before (before).",
    ),
]
Limit = Annotated[int | None, typer.Option("--limit", help="At most N cases (after filters).")]
Model = Annotated[str, typer.Option("--model", help="Candidate model spec or medrubric.toml name.")]
Grader = Annotated[
    str | None, typer.Option("--grader", help="Grader model spec (a profile pins one).")
]
Profile = Annotated[
    str | None,
    typer.Option("--grader-profile", help=f"Pinned grader set-up: {', '.join(PROFILES)}."),
]
Mode = Annotated[str | None, typer.Option("--mode", help=f"Grading mode: {', '.join(MODES)}.")]
MaxTokens = Annotated[
    int | None, typer.Option("--max-tokens", help="Answer length limit for the candidate.")
]
GraderMaxTokens = Annotated[
    int | None, typer.Option("--grader-max-tokens", help="Reply length limit for the grader.")
]
DryRun = Annotated[
    bool, typer.Option("--dry-run", help="Print calls and estimated cost; call nothing.")
]
KnowledgeOpt = Annotated[
    str,
    typer.Option("--knowledge", help="closed-book, or open-book: top-k evidence in the prompt."),
]
EvidenceIndex = Annotated[
    Path | None,
    typer.Option("--evidence-index", help="Saved index folder (default: bundled corpus, BM25)."),
]
EvidenceK = Annotated[int, typer.Option("--evidence-k", help="Snippets per open-book prompt.")]
MaxErrorRate = Annotated[
    float,
    typer.Option(
        "--max-error-rate",
        min=0.0,
        max=1.0,
        help="Exit 1 when a larger share of verdicts (or of answers) are errors.",
    ),
]
RetryErrors = Annotated[
    bool,
    typer.Option("--retry-errors", help="Redo answers and verdicts this run recorded as errors."),
]

console = Console(stderr=True)


def _options(
    *,
    timeout: float,
    cache_dir: Path | None = None,
    no_cache: bool = False,
    concurrency: int | None = None,
    config: Path | None = None,
    max_tokens: int | None = None,
    quiet: bool = False,
    filters: list[str] | None = None,
    knowledge: str = "closed-book",
    evidence_index: Path | None = None,
    evidence_k: int = 5,
    **kwargs: Any,
) -> RunOptions:
    """The run options from the command's flags; the engine is loaded here, not at startup."""
    from medrubric.evaluate.openbook import parse_knowledge
    from medrubric.evaluate.runner import RunOptions

    settings = model_settings(
        timeout=timeout, cache_dir=cache_dir, no_cache=no_cache, concurrency=concurrency,
        config=config, max_tokens=max_tokens, quiet=quiet,
    )  # fmt: skip
    return RunOptions(
        **kwargs,
        **settings,
        filters=list(filters or []),
        knowledge=parse_knowledge(knowledge, evidence_index, evidence_k),
    )


def _say_smoke(opts: RunOptions) -> None:
    from medrubric.evaluate.runner import smoke_warning

    warning = smoke_warning(opts)
    if warning:
        console.print(f"[bold black on yellow] {warning} [/]")


def _print_estimates(stages: Sequence[StageEstimate]) -> None:
    table = Table(title="Dry run: calls still to make (the cache may answer some for free)")
    columns = ("stage", "model", "calls", "prompt tokens", "completion tokens", "cost USD")
    for column in (*columns, "Batch API USD"):
        table.add_column(column, justify="left" if column in ("stage", "model") else "right")
    for s in stages:
        table.add_row(
            s.stage,
            s.model,
            f"{s.calls:,}",
            f"~{s.prompt_tokens:,}",
            f"≤{s.completion_tokens:,}",
            f"~{s.cost_usd:.4f}" if s.priced else "unknown",
            f"~{s.batch_cost_usd:.4f}" if s.priced else "unknown",
        )
    total = sum(s.cost_usd for s in stages)
    batch = sum(s.batch_cost_usd for s in stages)
    known = all(s.priced for s in stages)
    costs = (f"~{total:.4f}", f"~{batch:.4f}") if known else ("unknown", "unknown")
    table.add_row("total", "", f"{sum(s.calls for s in stages):,}", "", "", *costs)
    out = Console()
    out.print(table)
    for model, source in dict.fromkeys((s.model, s.price_source) for s in stages):
        out.print(
            f"prices of {model}: {source}"
            if source
            else f"prices of {model}: unknown (set price_input_per_1m and price_output_per_1m "
            "on its medrubric.toml entry)"
        )


def _dry_run(opts: RunOptions, responses_file: Path | None = None) -> None:
    assert opts.setup is not None
    cases = select_cases(load_cases(opts.cases), opts.filters, opts.limit)
    answers = load_responses(responses_file)[0] if responses_file else []
    stages = estimate_run(
        cases,
        RunDir(opts.out),
        candidate=opts.spec(opts.model) if opts.model else None,
        max_tokens=opts.max_tokens,
        setup=opts.setup,
        grader=opts.spec(opts.setup.grader),
        answers=answers,
    )
    _print_estimates(stages)


def _report(result: RunResult, max_error_rate: float = 1.0) -> None:
    """Write the run's reports, then the score line, the error counts and the report path;
    exit 1 with one line saying why when errors exceed `max_error_rate`."""
    from medrubric.evaluate.summary import error_rate_problem
    from medrubric.report.run import write_run_reports

    write_run_reports(result)
    summary, progress, run = result.summary, result.progress, result.run
    score = summary["score"]
    shown = "—" if score is None else f"{100 * score:.1f}%"
    ci = summary["ci95"]
    ci_text = "" if ci is None else f" (95% CI {100 * ci[0]:.1f}–{100 * ci[1]:.1f})"
    errors = summary["n_errors"] + summary["n_response_errors"]
    flag = "[bold red]" if errors else ""
    typer.echo(
        f"score {shown}{ci_text} · {summary['n_cases']} cases · {summary['n_verdicts']} verdicts"
    )
    console.print(
        f"{flag}errors: {summary['n_errors']} grader, {summary['n_response_errors']} answer"
        f"{'[/]' if flag else ''} (recorded as errors, not as Not Met) · this run: "
        f"{progress.tally.line()}"
    )
    typer.echo(str(run.report.resolve()))
    problem = error_rate_problem(summary, result.grades, max_error_rate)
    if problem is not None:
        console.print(f"[bold red]{problem}[/]", highlight=False, soft_wrap=True)
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    @app.command("generate")
    def generate_cmd(
        cases: Cases,
        model: Model,
        out: Out,
        filters: Filters = None,
        limit: Limit = None,
        max_tokens: MaxTokens = None,
        timeout: Timeout = 120.0,
        cache_dir: CacheDir = None,
        no_cache: NoCache = False,
        concurrency: Concurrency = None,
        config: Config = None,
        quiet: Quiet = False,
        knowledge: KnowledgeOpt = "closed-book",
        evidence_index: EvidenceIndex = None,
        evidence_k: EvidenceK = 5,
        retry_errors: RetryErrors = False,
    ) -> None:
        """Answer the cases zero-shot at temperature 0; appends to OUT/responses.jsonl."""
        from medrubric.evaluate.runner import run_generate

        opts = _options(
            cases=cases, model=model, out=out, filters=filters, limit=limit, max_tokens=max_tokens,
            timeout=timeout, cache_dir=cache_dir, no_cache=no_cache, concurrency=concurrency,
            config=config, quiet=quiet, knowledge=knowledge, evidence_index=evidence_index,
            evidence_k=evidence_k, retry_errors=retry_errors,
        )  # fmt: skip
        _say_smoke(opts)
        responses, progress = asyncio.run(run_generate(opts))
        failed = sum(r.error is not None for r in responses)
        console.print(f"{len(responses)} answers ({failed} errors) · {progress.tally.line()}")
        typer.echo(str(RunDir(out).responses.resolve()))

    @app.command("grade")
    def grade_cmd(
        responses: Annotated[
            Path,
            typer.Option(
                "--responses",
                help="Answers: medrubric (case_id, response), simple-evals/HealthBench "
                "(prompt_id, completion), LiveMedBench (case_id, model_response), Inspect log.",
            ),
        ],
        cases: Cases,
        out: Out,
        grader: Grader = None,
        grader_profile: Profile = None,
        mode: Mode = None,
        grader_max_tokens: GraderMaxTokens = None,
        filters: Filters = None,
        limit: Limit = None,
        timeout: Timeout = 120.0,
        cache_dir: CacheDir = None,
        no_cache: NoCache = False,
        concurrency: Concurrency = None,
        config: Config = None,
        dry_run: DryRun = False,
        quiet: Quiet = False,
        retry_errors: RetryErrors = False,
        max_error_rate: MaxErrorRate = DEFAULT_MAX_ERROR_RATE,
    ) -> None:
        """Grade answers (from `generate` or made elsewhere) criterion by criterion, and score."""
        opts = _options(
            cases=cases, out=out, filters=filters, limit=limit, timeout=timeout,
            setup=resolve_setup(grader_profile, grader, mode, grader_max_tokens),
            cache_dir=cache_dir, no_cache=no_cache, concurrency=concurrency, config=config,
            quiet=quiet, retry_errors=retry_errors,
        )  # fmt: skip
        if dry_run:
            _dry_run(opts, responses)
            return
        from medrubric.evaluate.runner import run_grade

        _say_smoke(opts)
        _report(asyncio.run(run_grade(opts, responses)), max_error_rate)

    @app.command("eval")
    def eval_cmd(
        cases: Cases,
        model: Model,
        out: Out,
        grader: Grader = None,
        grader_profile: Profile = None,
        mode: Mode = None,
        filters: Filters = None,
        limit: Limit = None,
        max_tokens: MaxTokens = None,
        grader_max_tokens: GraderMaxTokens = None,
        timeout: Timeout = 120.0,
        cache_dir: CacheDir = None,
        no_cache: NoCache = False,
        concurrency: Concurrency = None,
        config: Config = None,
        dry_run: DryRun = False,
        quiet: Quiet = False,
        knowledge: KnowledgeOpt = "closed-book",
        evidence_index: EvidenceIndex = None,
        evidence_k: EvidenceK = 5,
        retry_errors: RetryErrors = False,
        max_error_rate: MaxErrorRate = DEFAULT_MAX_ERROR_RATE,
    ) -> None:
        """Generate, grade and score in one resumable run; prints the path of report.html."""
        opts = _options(
            cases=cases, model=model, out=out, filters=filters, limit=limit, max_tokens=max_tokens,
            setup=resolve_setup(grader_profile, grader, mode, grader_max_tokens),
            timeout=timeout, cache_dir=cache_dir, no_cache=no_cache, concurrency=concurrency,
            config=config, quiet=quiet, knowledge=knowledge, evidence_index=evidence_index,
            evidence_k=evidence_k, retry_errors=retry_errors,
        )  # fmt: skip
        if dry_run:
            _dry_run(opts)
            return
        from medrubric.evaluate.runner import run_eval

        _say_smoke(opts)
        _report(asyncio.run(run_eval(opts)), max_error_rate)

    @app.command("report")
    def report_cmd(
        runs: Annotated[list[Path], typer.Argument(help="Run directories (with summary.json).")],
        out: Out,
    ) -> None:
        """A leaderboard of several runs: OUT/leaderboard.md and OUT/leaderboard.html."""
        from medrubric.report.html import leaderboard_html

        rows = load_rows(runs)
        out.mkdir(parents=True, exist_ok=True)
        (out / "leaderboard.md").write_text(leaderboard_markdown(rows), encoding="utf-8")
        (out / "leaderboard.html").write_text(leaderboard_html(rows), encoding="utf-8")
        typer.echo(leaderboard_markdown(rows))
        typer.echo(str((out / "leaderboard.html").resolve()))

    @app.command("demo")
    def demo_cmd(
        out: Out = Path("demo-out"),
        cache_dir: CacheDir = None,
        timeout: Timeout = 300.0,
        quiet: Quiet = False,
    ) -> None:
        """`eval` of the smoke-test model local:smollm2 (candidate and grader) on 8 sample cases."""
        from medrubric.evaluate.runner import run_eval

        ids = demo_case_ids(DEMO_CASES)
        opts = _options(
            cases="sample", model=DEMO_MODEL, out=out, filters=[f"id={','.join(ids)}"],
            max_tokens=DEMO_MAX_TOKENS, timeout=timeout, cache_dir=cache_dir,
            setup=resolve_setup(None, DEMO_MODEL, "batched", DEMO_GRADER_MAX_TOKENS),
            quiet=quiet,
        )  # fmt: skip
        _say_smoke(opts)
        result = asyncio.run(run_eval(opts))
        _say_smoke(opts)
        _report(result)


def demo_case_ids(n: int) -> list[str]:
    """`n` sample cases alternating English and Chinese, so the demo shows both prompts."""
    by_language: dict[str, list[str]] = {}
    for case in load_cases("sample"):
        by_language.setdefault(case.language, []).append(case.id)
    queues = [ids for _, ids in sorted(by_language.items())]
    chosen: list[str] = []
    while len(chosen) < n and any(queues):
        for ids in queues:
            if ids and len(chosen) < n:
                chosen.append(ids.pop(0))
    if not chosen:
        raise InputError("the bundled sample has no cases")
    return chosen
