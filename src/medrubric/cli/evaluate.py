"""`medrubric generate | grade | eval | report | demo`: run candidate models, grade their
answers criterion by criterion, score, and write the run directory and its reports."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from medrubric.cli.groups import (
    Dispatch,
    GraderChoice,
    dispatch_flags,
    grader_flags,
    model_flags,
)
from medrubric.cli.options import (
    DEFAULT_OUTS,
    Epochs,
    MaxErrorRate,
    Out,
    PassThreshold,
    Temperature,
)
from medrubric.collection import collection_paused
from medrubric.evaluate.error_rate import DEFAULT_MAX_ERROR_RATE
from medrubric.evaluate.rundir import RunDir
from medrubric.runtime.numbers import interval
from medrubric.runtime.progress import log_console

if TYPE_CHECKING:
    from medrubric.data.models import Case, CaseGrade, Response
    from medrubric.evaluate.estimate import StageEstimate
    from medrubric.evaluate.runner import RunOptions, RunResult
    from medrubric.report.leaderboard import LeaderboardRow
    from medrubric.runtime.options import ModelOptions
    from medrubric.scoring.records import Summary

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
KeepErrors = Annotated[
    bool,
    typer.Option(
        "--keep-errors",
        help="Leave the answers and verdicts recorded as errors as they are; without it a "
        "re-run redoes them (they are not finished work).",
    ),
]

console = log_console(stderr=True)
ANSWER_LIMIT = "Answer length limit for the candidate."
# evaluate.runner.DEFAULT_CONCURRENCY, written out so that --help loads no stage code.
EVAL_CONCURRENCY = 8
CALLS_IN_FLIGHT = (
    f"Calls in flight per model (default: its medrubric.toml concurrency, else {EVAL_CONCURRENCY})."
)


def _options(
    models: ModelOptions,
    *,
    filters: list[str] | None = None,
    knowledge: str = "closed-book",
    evidence_index: Path | None = None,
    evidence_k: int = 5,
    **fields: Any,
) -> RunOptions:
    """The run options from the command's flags; the engine is loaded here, not at startup."""
    with collection_paused():
        from medrubric.evaluate.openbook import parse_knowledge
        from medrubric.evaluate.runner import RunOptions

    return RunOptions(
        **models.model_dump(),
        **fields,
        filters=list(filters or []),
        knowledge=parse_knowledge(knowledge, evidence_index, evidence_k),
    )


def _with_validity(opts: RunOptions) -> RunOptions:
    """The options with each grader's agreement with physicians looked up (the run folder's
    meta_eval.json, else the meta-eval registry; under the spec, then the label its grades
    carry): an input of the run, recorded in summary.json (a jury's: every grader's by
    label, the first grader's also as the run's `grader_validity`)."""
    from medrubric.analysis.registry import grader_validity

    assert opts.setup is not None
    specs = opts.graders()
    found = {
        spec.label: grader_validity([name, spec.label], opts.out)
        for name, spec in zip(opts.setup.graders, specs, strict=True)
    }
    opts.grader_validity = found[specs[0].label]
    opts.grader_validity_by_grader = found if len(specs) > 1 else None
    return opts


def _say_smoke(opts: RunOptions) -> None:
    """The banners a run must show before it starts: a smoke-test model, a profile whose
    pinned grader was replaced."""
    from medrubric.evaluate.runner import smoke_warning

    warning = smoke_warning(opts)
    if warning:
        console.print(f"[bold black on yellow] {warning} [/]")
    note = opts.setup.profile_note() if opts.setup is not None else None
    if note:
        console.print(f"[bold yellow]{note}[/]", highlight=False, soft_wrap=True)
    if opts.model is not None and opts.epochs > 1 and opts.candidate_temperature() == 0:
        console.print(
            f"note: --epochs {opts.epochs} at temperature 0: the answers of a case are often "
            "the same (set --temperature, or a temperature in the model's medrubric.toml "
            "entry)",
            highlight=False,
            soft_wrap=True,
        )


def _print_estimates(stages: Sequence[StageEstimate]) -> None:
    """The dry run's table, narrow enough for 80 columns (a long model label folds): calls,
    cached calls and costs by stage; the token counts on a line per stage under it."""
    from rich.table import Table

    from medrubric.data.models import add_costs

    table = Table(title="Dry run: the calls this run would make", caption="cached calls are free")
    table.add_column("stage")
    table.add_column("model", overflow="fold")
    for column in ("calls", "cached", "USD", "batch USD"):
        table.add_column(column, justify="right", no_wrap=True)

    def usd(cost: float | None) -> str:
        return "unknown" if cost is None else f"~{cost:.4f}"

    for s in stages:
        table.add_row(s.stage, s.model, f"{s.calls:,}", f"{s.cached:,}", usd(s.cost_usd),
                      usd(s.batch_cost_usd))  # fmt: skip
    table.add_row(
        "total", "", f"{sum(s.calls for s in stages):,}", f"{sum(s.cached for s in stages):,}",
        usd(add_costs(*(s.cost_usd for s in stages))),
        usd(add_costs(*(s.batch_cost_usd for s in stages))),
    )  # fmt: skip
    out = log_console()
    out.print(table)
    for s in stages:
        out.print(f"tokens of {s.stage} ({s.model}): ~{s.prompt_tokens:,} prompt, "
                  f"≤{s.completion_tokens:,} completion")  # fmt: skip
    for model, source, batch in dict.fromkeys(
        (s.model, s.price_source, s.batch_priced) for s in stages
    ):
        if source is None:
            out.print(
                f"prices of {model}: unknown (set price_input_per_1m and price_output_per_1m "
                "on its medrubric.toml entry)"
            )
            continue
        out.print(f"prices of {model}: {source}")
        if not batch:
            out.print(
                f"  no Batch API price known for {model}: its batch USD column uses the "
                "standard prices"
            )


def _dry_run(opts: RunOptions, responses_file: Path | None = None) -> None:
    from medrubric.evaluate.runner import estimate

    _print_estimates(estimate(opts, responses_file))


def _draw_answer(
    grade: CaseGrade, case: Case | None, response: Response | None, clip: bool, multi: bool
) -> dict[str, Any]:
    """report.html's card of an answer, drawn as the run writes its grade (`GradeLedger`);
    the report's modules are imported at the first."""
    from medrubric.report.html import drawn_answer

    return drawn_answer(grade, case, response, clip, multi)


def _report(result: RunResult, max_error_rate: float = 1.0) -> None:
    """Write the run's reports, then the score line, the error counts and the report path;
    exit 1 with one line saying why when errors exceed `max_error_rate`."""
    from medrubric.analysis.registry import validity_line
    from medrubric.evaluate.error_rate import error_rate_problem
    from medrubric.report.run import write_run_reports

    write_run_reports(result, max_error_rate)
    summary, progress, run = result.summary, result.progress, result.run
    errors = summary.n_errors + summary.n_response_errors
    flag = "[bold red]" if errors else ""
    typer.echo(score_line(summary))
    console.print(
        f"{flag}errors: {summary.n_errors} grader, {summary.n_response_errors} answer"
        f"{'[/]' if flag else ''} (recorded as errors, not as Not Met) · this run: "
        f"{progress.tally.line()}"
    )
    if summary.truncated_answers:
        cut = len(summary.truncated_answers)
        console.print(
            f"[yellow]{cut} answer{'s' if cut != 1 else ''} stopped at --max-tokens and "
            f"{'were' if cut != 1 else 'was'} graded as written (listed in summary.json)[/]",
            soft_wrap=True, highlight=False,
        )  # fmt: skip
    for line in panel_lines(summary):
        console.print(line, soft_wrap=True, highlight=False)
    validity = summary.grader_validity
    if validity is not None:
        console.print(f"grader {validity_line(validity)}", soft_wrap=True, highlight=False)
    typer.echo(str(run.report.resolve()))
    problem = error_rate_problem(summary, result.grades(), max_error_rate)
    if problem is not None:
        console.print(f"[bold red]{problem}[/]", highlight=False, soft_wrap=True)
        raise typer.Exit(1)


def score_line(summary: Summary) -> str:
    """The score with its CI, the cases it is the mean of and the verdicts behind it; answers
    left out of the score because every positive criterion is in error are counted there, so
    "3 cases" after a run of 4 does not read as a case gone missing."""
    score = summary.score
    shown = "—" if score is None else f"{100 * score:.1f}%"
    ci = summary.ci95
    ci_text = "" if ci is None else f" (95% CI {interval(ci[0], ci[1], 1, 100)})"
    unscorable = summary.n_cases_unscorable
    left_out = (
        f" ({unscorable} {'answer' if unscorable == 1 else 'answers'} unscorable: every "
        "positive criterion in error)"
        if unscorable
        else ""
    )
    epochs = f" · {summary.epochs} answers per case" if summary.epochs > 1 else ""
    return (
        f"score {shown}{ci_text} · {summary.n_cases} cases{left_out}{epochs} · "
        f"{summary.n_verdicts} verdicts"
    )


def panel_lines(summary: Any) -> list[str]:
    """One console line each for the jury, the grading noise and a self-preference flag (not
    when nothing was scored: there is no score it could have biased)."""
    lines = []
    if (jury := summary.jury) is not None:
        scores = " · ".join(f"{name} {100 * g.score:.1f}%" if g.score is not None else
                            f"{name} —" for name, g in jury.graders.items())  # fmt: skip
        a = jury.agreement
        kappa = "—" if a.fleiss_kappa is None else f"{a.fleiss_kappa:.3f}"
        ac1 = "—" if a.gwet_ac1 is None else f"{a.gwet_ac1:.3f}"
        lines.append(f"jury ({jury.rule}): {scores} · Fleiss κ {kappa} · Gwet AC1 {ac1}")
    if (noise := summary.grading_noise) is not None:
        for name, g in noise.by_grader.items():
            if g.flip_rate is not None and g.score_sd is not None:
                lines.append(f"grading noise of {name} over {noise.repeats} repeats: "
                             f"{100 * g.flip_rate:.1f}% of verdicts flip, score SD "
                             f"{100 * g.score_sd:.2f} points")  # fmt: skip
    pref = summary.self_preference
    if pref is not None and pref.flagged and summary.score is not None:  # a score to bias
        lines.append(f"self-preference risk: {', '.join(pref.same_family)} "
                     f"of the candidate's family ({pref.candidate_family})")  # fmt: skip
    return lines


@dispatch_flags()
@model_flags(max_tokens=ANSWER_LIMIT, concurrency=CALLS_IN_FLIGHT)
def generate_cmd(
    cases: Cases,
    model: Model,
    out: Out,
    models: ModelOptions,
    dispatch: Dispatch,
    filters: Filters = None,
    limit: Limit = None,
    knowledge: KnowledgeOpt = "closed-book",
    evidence_index: EvidenceIndex = None,
    evidence_k: EvidenceK = 5,
    keep_errors: KeepErrors = False,
    dry_run: DryRun = False,
    epochs: Epochs = 1,
    temperature: Temperature = None,
) -> None:
    """Answer the cases zero-shot (K times with --epochs K); appends to OUT/responses.jsonl."""
    from medrubric.evaluate.runner import run_generate

    opts = _options(
        models, cases=cases, model=model, out=out, filters=filters, limit=limit,
        knowledge=knowledge, evidence_index=evidence_index, evidence_k=evidence_k,
        retry_errors=not keep_errors, epochs=epochs, temperature=temperature,
        **dispatch.run_fields(),
    )  # fmt: skip
    _say_smoke(opts)
    if dry_run:
        _dry_run(opts)
        return
    result = asyncio.run(run_generate(opts))
    console.print(
        f"{len(result.responses)} answers ({result.n_errors} errors) · "
        f"{result.progress.tally.line()}"
    )
    typer.echo(str(result.run.responses.resolve()))


@dispatch_flags()
@grader_flags(jury=True)
@model_flags(
    only=("timeout", "cache_dir", "no_cache", "concurrency", "config", "quiet"),
    concurrency=CALLS_IN_FLIGHT,
)
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
    models: ModelOptions,
    dispatch: Dispatch,
    grading: GraderChoice,
    filters: Filters = None,
    limit: Limit = None,
    dry_run: DryRun = False,
    keep_errors: KeepErrors = False,
    max_error_rate: MaxErrorRate = DEFAULT_MAX_ERROR_RATE,
    pass_threshold: PassThreshold = 0.5,
) -> None:
    """Grade answers (from `generate` or made elsewhere) criterion by criterion, and score."""
    opts = _options(
        models, cases=cases, out=out, filters=filters, limit=limit, retry_errors=not keep_errors,
        setup=grading.setup(cases, models.model_id), pass_threshold=pass_threshold,
        **dispatch.run_fields(),
    )  # fmt: skip
    if dry_run:
        _say_smoke(opts)
        _dry_run(opts, responses)
        return
    from medrubric.evaluate.runner import run_grade

    _say_smoke(opts)
    _report(asyncio.run(run_grade(_with_validity(opts), responses, _draw_answer)), max_error_rate)


@dispatch_flags(engine=False)
@grader_flags(jury=True)
@model_flags(max_tokens=ANSWER_LIMIT, concurrency=CALLS_IN_FLIGHT)
def eval_cmd(
    cases: Cases,
    model: Model,
    out: Out,
    models: ModelOptions,
    dispatch: Dispatch,
    grading: GraderChoice,
    filters: Filters = None,
    limit: Limit = None,
    dry_run: DryRun = False,
    knowledge: KnowledgeOpt = "closed-book",
    evidence_index: EvidenceIndex = None,
    evidence_k: EvidenceK = 5,
    keep_errors: KeepErrors = False,
    max_error_rate: MaxErrorRate = DEFAULT_MAX_ERROR_RATE,
    epochs: Epochs = 1,
    temperature: Temperature = None,
    pass_threshold: PassThreshold = 0.5,
) -> None:
    """Generate, grade and score in one resumable run; prints the path of report.html."""
    opts = _options(
        models, cases=cases, model=model, out=out, filters=filters, limit=limit,
        setup=grading.setup(cases, models.model_id), knowledge=knowledge,
        evidence_index=evidence_index, evidence_k=evidence_k, retry_errors=not keep_errors,
        epochs=epochs, temperature=temperature, pass_threshold=pass_threshold,
        **dispatch.run_fields(),
    )  # fmt: skip
    if dry_run:
        _say_smoke(opts)
        _dry_run(opts)
        return
    from medrubric.evaluate.runner import run_eval

    _say_smoke(opts)
    _report(asyncio.run(run_eval(_with_validity(opts), _draw_answer)), max_error_rate)


@grader_flags(jury=True)
@model_flags(
    only=("timeout", "cache_dir", "no_cache", "concurrency", "config", "quiet"),
    concurrency=CALLS_IN_FLIGHT,
)
def regrade_cmd(
    run: Annotated[Path, typer.Argument(help="Run directory whose answers to grade again.")],
    out: Out,
    models: ModelOptions,
    grading: GraderChoice,
    keep_errors: KeepErrors = False,
    max_error_rate: MaxErrorRate = DEFAULT_MAX_ERROR_RATE,
) -> None:
    """Grade RUN's answers again (another grader, a jury, repeats) into a new run folder.

    Another grader, a jury, repeats or a shuffled criterion order; `medrubric compare RUN OUT`
    then gives the paired difference."""
    from dataclasses import replace

    from medrubric.evaluate.regrade import recorded_setup, regrade_setup
    from medrubric.evaluate.runner import run_grade

    source = RunDir(run)
    old = recorded_setup(source)
    if grading.profile is None and grading.mode is None:  # RUN's mode unless another is given
        grading = replace(grading, mode=old.mode)
    setup = regrade_setup(old, grading.setup(model_id=models.model_id))
    opts = _options(models, cases=str(source.cases), out=out, setup=setup,
                    retry_errors=not keep_errors)  # fmt: skip
    _say_smoke(opts)
    _report(
        asyncio.run(run_grade(_with_validity(opts), source.responses, _draw_answer)), max_error_rate
    )


def report_cmd(
    runs: Annotated[list[Path], typer.Argument(help="Run directories (with summary.json).")],
    out: Out,
    analysis: Annotated[
        list[Path] | None,
        typer.Option(
            "--analysis",
            help="A folder of analysis pages (analyze, compare --html, meta-eval) to link from "
            "the leaderboard (repeatable).",
        ),
    ] = None,
) -> None:
    """A leaderboard of several runs: OUT/leaderboard.md and OUT/leaderboard.html."""
    from medrubric.report.leaderboard import load_rows
    from medrubric.report.pages import write_leaderboard

    rows = load_rows(runs)
    _, page = write_leaderboard(out, rows, analysis or [])
    leaderboard_console(rows)
    typer.echo(str(page.resolve()))


def leaderboard_console(rows: Sequence[LeaderboardRow]) -> None:
    """The leaderboard on the console: the cells leaderboard.md leads with (its per-axis
    scores and grader stay in the file), in a table that fits 80 columns (the model and run
    folder fold), then the comparability notes."""
    from rich.console import Console
    from rich.table import Table

    from medrubric.report.leaderboard import comparability_notes, headings, ranked_cells

    table = Table(title="Leaderboard (scores in %)", pad_edge=False)
    for heading in headings():
        if heading in ("Model", "Run"):
            table.add_column(heading, overflow="fold")
        else:
            table.add_column(heading, justify="right", no_wrap=True)
    for _, cells in ranked_cells(rows):
        table.add_row(*cells)
    console = Console(emoji=False, highlight=False)
    console.print(table)
    for note in comparability_notes(rows):
        console.print(note, soft_wrap=True, markup=False)


@model_flags(timeout=300.0, only=("cache_dir", "timeout", "quiet"))
def demo_cmd(models: ModelOptions, out: Out = DEFAULT_OUTS["demo"]) -> None:
    """`eval` of the smoke-test model local:smollm2 (candidate and grader) on 4 sample cases."""
    from medrubric.evaluate.demo import demo_options
    from medrubric.evaluate.runner import run_eval

    opts = demo_options(models, out)
    _say_smoke(opts)
    result = asyncio.run(run_eval(_with_validity(opts), _draw_answer))
    _say_smoke(opts)
    _report(result)


def register(app: typer.Typer) -> None:
    app.command("generate")(generate_cmd)
    app.command("grade")(grade_cmd)
    app.command("eval")(eval_cmd)
    app.command("regrade")(regrade_cmd)
    app.command("report")(report_cmd)
    app.command("demo")(demo_cmd)
