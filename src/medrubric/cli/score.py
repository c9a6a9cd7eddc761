"""`medrubric score`: a grades file (from any grader) to summary.json and a table."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from medrubric.cli.options import (
    MaxErrorRate,
    PassThreshold,
    Resamples,
    Seed,
)
from medrubric.data.vocab import LABELS
from medrubric.evaluate.error_rate import DEFAULT_MAX_ERROR_RATE
from medrubric.report.charts import SMALL_N
from medrubric.runtime.numbers import interval

if TYPE_CHECKING:
    from medrubric.scoring import CacsSummary, Stratum, Summary


def _percent(x: float) -> str:
    return f"{100 * x:.1f}"


# Rich markup: "\\[" is a literal bracket. Short enough for one line at 80 columns.
SMALL_N_NOTE = f"* n < {SMALL_N}: interval unreliable; \\[x, x] means all alike, not certainty"


def _add_rows(table: Table, title: str, strata: dict[str, Stratum]) -> bool:
    """Add a section of rows; True when one of them is a small stratum (n marked with *)."""
    if not strata:
        return False
    table.add_section()
    small = False
    for key, s in strata.items():
        label = LABELS.get(key, key)
        ci = interval(s.ci95[0], s.ci95[1], 1, 100)
        n = str(s.n) if s.n >= SMALL_N else f"{s.n}*"
        small |= s.n < SMALL_N
        table.add_row(title, label, _percent(s.score), ci, n)
    return small


def summary_table(summary: Summary, tag_keys: Sequence[str]) -> Table:
    from medrubric.scoring import Stratum

    mode = "per-case clip" if summary.clip else "HealthBench parity, mean clipped"
    table = Table(title=f"{summary.model} ({mode}), score in %")
    table.add_column("by")
    table.add_column("stratum")
    for name in ("score", "95% CI", "n"):
        table.add_column(name, justify="right")
    sections = [("axis", summary.by_axis), ("theme", summary.by_theme),
                ("specialty", summary.by_specialty), ("language", summary.by_language)]  # fmt: skip
    sections += [(key, summary.by_tag.get(key, {})) for key in tag_keys]
    if summary.score is not None and summary.ci95 is not None:
        overall = Stratum(score=summary.score, ci95=summary.ci95, n=summary.n_cases)
        sections.insert(0, ("overall", {"all cases": overall}))
    small = [_add_rows(table, title, strata) for title, strata in sections]
    if any(small):
        table.caption = SMALL_N_NOTE
    return table


def count_lines(summary: Summary) -> list[str]:
    """Everything left out of the score, with how many, so nothing disappears silently."""
    return [
        f"scored: {summary.n_cases} of {summary.n_grades} answers",
        f"unscorable (every positive criterion in error): {summary.n_cases_unscorable}",
        f"answer generation errors (not scored): {summary.n_response_errors}",
        f"grader errors: {summary.n_errors} of {summary.n_criteria} criteria (left out)",
    ]


def robustness_lines(summary: Summary) -> list[str]:
    """The epochs, length-bias and calibration figures, one line each (those present)."""
    lines = []
    if summary.epochs > 1 and summary.worst_at_k and summary.reliability_at_k:
        k = summary.epochs
        sd = "—" if summary.per_case_sd is None else _percent(summary.per_case_sd)
        lines.append(
            f"{k} answers per case: worst-at-{k} {_percent(summary.worst_at_k[k])}%, "
            f"reliability@{k} {_percent(summary.reliability_at_k[k])}% "
            f"(pass at {summary.pass_threshold:g}), per-case SD {sd} points"
        )
    length = summary.length
    if length is not None and length.rho is not None and length.rho_ci95 is not None:
        lo, hi = length.rho_ci95
        lines.append(
            f"length bias: Spearman rho {length.rho:.2f} [{lo:.2f}, {hi:.2f}]; "
            f"length-adjusted score {_percent(length.adjusted_score)}% at "
            f"{length.reference_chars:.0f} characters"
        )
    cal = summary.calibrated
    if cal is not None:
        lines.append(
            f"physician-calibrated score {_percent(cal.estimate)}% "
            f"{interval(cal.ci95[0], cal.ci95[1], 1, 100)} ({cal.n_labelled} labelled cases; "
            f"labels alone {_percent(cal.labels_only)}% "
            f"{interval(cal.labels_only_ci95[0], cal.labels_only_ci95[1], 1, 100)})"
        )
    return lines


def cacs_line(cacs: CacsSummary) -> str:
    k = cacs["k"]
    parts = [
        (f"CACS@{k}", cacs["cacs_at_k"], cacs["cacs_at_k_ci95"]),
        ("rubric accuracy", cacs["rubric_accuracy"], cacs["rubric_accuracy_ci95"]),
        (f"pass@{k}", cacs["pass_at_k"], cacs["pass_at_k_ci95"]),
    ]
    shown = [
        f"{name} {_percent(value)}% {interval(ci[0], ci[1], 1, 100)}"
        for name, value, ci in parts
        if value is not None and ci is not None
    ]
    unscorable = f"; unscorable (a verdict in error): {cacs['n_cases_unscorable']}"
    return ("; ".join(shown) or f"CACS@{k}: no case could be scored") + unscorable


def score(
    grades_path: Annotated[
        Path, typer.Argument(metavar="GRADES", help="Grades JSONL (CaseGrade rows).")
    ],
    out: Annotated[Path, typer.Option("--out", help="Folder for summary.json.")],
    no_clip: Annotated[
        bool, typer.Option("--no-clip", help="HealthBench parity: no per-case clip, clip the mean.")
    ] = False,
    seed: Seed = 0,
    resamples: Resamples = 10_000,
    tag: Annotated[
        list[str] | None, typer.Option("--tag", help="Also break down by this tag key.")
    ] = None,
    model: Annotated[
        str | None, typer.Option("--model", help="Model to score in a file with several.")
    ] = None,
    cacs_k: Annotated[
        int | None,
        typer.Option(
            "--cacs", min=1, metavar="K", help="Also CACS@K, rubric accuracy, pass@K (cacs.json)."
        ),
    ] = None,
    max_error_rate: MaxErrorRate = DEFAULT_MAX_ERROR_RATE,
    pass_threshold: PassThreshold = 0.5,
    calibrate: Annotated[
        Path | None,
        typer.Option(
            "--calibrate",
            metavar="LABELS",
            help="Physician labels (review export CSV, meta-eval rows, or case_id,score CSV): "
            "add the PPI++ physician-level score.",
        ),
    ] = None,
) -> None:
    """Score one model's grades: overall, per axis, theme, specialty and language, with CIs."""
    from medrubric.analysis.registry import validity_line
    from medrubric.analysis.score import ScoreOptions, run_score
    from medrubric.cli.evaluate import panel_lines

    result = run_score(
        ScoreOptions(
            grades=grades_path, out=out, clip=not no_clip, seed=seed, resamples=resamples,
            tags=tag or [], model=model, cacs_k=cacs_k, max_error_rate=max_error_rate,
            pass_threshold=pass_threshold, calibrate=calibrate,
        )
    )  # fmt: skip
    summary, cacs = result.summary, result.cacs
    console = Console()
    if summary.score is None:
        console.print("[bold red]no case could be scored[/]")
    console.print(summary_table(summary, tag or []))
    troubled = summary.n_errors or summary.n_cases_unscorable or summary.n_response_errors
    for line in count_lines(summary):
        console.print(line, style="yellow" if troubled else None, soft_wrap=True)
    if cacs is not None:
        console.print(cacs_line(cacs), soft_wrap=True)
    for line in robustness_lines(summary) + panel_lines(summary):
        console.print(line, soft_wrap=True, highlight=False)
    validity = summary.grader_validity or {}
    console.print(f"grader {validity_line(validity)}", soft_wrap=True, highlight=False)
    console.print(f"wrote {', '.join(map(str, result.written))}", soft_wrap=True)
    if result.error_problem is not None:
        console.print(f"[bold red]{result.error_problem}[/]", highlight=False, soft_wrap=True)
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command("score")(score)
