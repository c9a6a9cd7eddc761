"""`medrubric compare RUN_A RUN_B`: paired per-case difference of two runs (B minus A)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

if TYPE_CHECKING:
    from medrubric.analysis.compare import Comparison
from medrubric.cli.options import Seed


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}"


def _ci(ci: tuple[float, float] | None) -> str:
    return "—" if ci is None else f"{_pct(ci[0])} to {_pct(ci[1])}"


def summary_table(c: Comparison) -> Table:
    from medrubric.report.render import pval

    table = Table(title=f"B − A over {c.n_pairs} shared cases (scores in %)")
    for column in ("", "A", "B", "B − A"):
        table.add_column(column, justify="left" if not column else "right")
    table.add_row("run", c.run_a, c.run_b, "")
    table.add_row("model", c.model_a, c.model_b, "")
    table.add_row("mean score", _pct(c.mean_a), _pct(c.mean_b), _pct(c.mean_diff))
    table.add_row(f"{c.confidence:.0%} CI", _ci(c.ci_a), _ci(c.ci_b), _ci(c.ci))
    s = c.sign_test
    table.add_row("cases higher", str(s.a_higher), str(s.b_higher), f"{s.ties} ties")
    table.add_row("sign test p (two-sided)", "", "", pval(s.pvalue))
    table.add_row("scored in one run only", str(len(c.only_in_a)), str(len(c.only_in_b)), "")
    if c.length_a is not None and c.length_b is not None:
        chars = f"{c.length_a.reference_chars:.0f}"
        table.add_row(
            f"length-adjusted at {chars} chars",
            _pct(c.length_a.adjusted_score),
            _pct(c.length_b.adjusted_score),
            _pct(c.length_b.adjusted_score - c.length_a.adjusted_score),
        )
    return table


def strata_table(c: Comparison) -> Table:
    table = Table(title="B − A per theme and axis (paired, scores in %)")
    for column in ("", "cases", "B − A", f"{c.confidence:.0%} CI"):
        table.add_column(column, justify="left" if not column else "right")
    for kind, groups in c.by.items():
        for key, d in groups.items():
            ci = "—" if d.ci is None else f"{_pct(d.ci[0])} to {_pct(d.ci[1])}"
            table.add_row(f"{kind} {key}", str(d.n), _pct(d.mean_diff), ci)
    return table


def grading_lines(c: Comparison) -> list[str]:
    """What changed in grading when both runs hold the same answers, the verdict flips and
    the offsets registry's expectation."""
    lines = [f"same answers, grading changed: {change}" for change in c.grading_changes]
    f = c.verdict_flips
    if f is not None and f.rate is not None:
        ci = "" if f.ci is None else f" (95% CI {_pct(f.ci[0])}–{_pct(f.ci[1])}%)"
        lines.append(f"verdict flips: {f.n_flipped} of {f.n_compared} criteria, "
                     f"{_pct(f.rate)}%{ci}")  # fmt: skip
    for name, pref in c.self_preference.items():
        line = (f"run {name}: graders of the candidate's family ({pref['candidate_family']}): "
                f"{', '.join(pref['same_family'])}")  # fmt: skip
        if pref.get("own_minus_other") is not None:
            low, high = pref["ci95"] or (None, None)
            line += (f"; own family minus other graders {_pct(pref['own_minus_other'])} points "
                     f"(95% CI {_pct(low)} to {_pct(high)})")  # fmt: skip
        lines.append(line)
    o = c.offsets
    if o is not None:
        if o.expected_diff is None:
            missing = [g for g, v in ((o.grader_a, o.offset_a), (o.grader_b, o.offset_b))
                       if v is None]  # fmt: skip
            lines.append(f"offsets registry: no offset for {', '.join(missing)}")
        else:
            lines.append(f"offsets registry: {o.grader_b} sits {_pct(o.expected_diff)} points "
                         f"from {o.grader_a} (physician-anchored offsets "
                         f"{_pct(o.offset_b)} and {_pct(o.offset_a)})")  # fmt: skip
    return lines


def pairs_table(c: Comparison, rows: int) -> Table:
    largest = sorted(c.pairs, key=lambda p: (-abs(p.diff), p.case_id))[:rows]
    table = Table(title=f"Largest per-case differences ({len(largest)} of {c.n_pairs})")
    for column in ("case", "A", "B", "B − A"):
        table.add_column(column, justify="left" if column == "case" else "right")
    for p in largest:
        table.add_row(p.case_id, _pct(p.score_a), _pct(p.score_b), _pct(p.diff))
    return table


def compare(
    run_a: Annotated[Path, typer.Argument(help="Run directory (or grades file) A.")],
    run_b: Annotated[Path, typer.Argument(help="Run directory (or grades file) B.")],
    out: Annotated[
        Path | None, typer.Option("--out", help="Write the comparison as JSON here.")
    ] = None,
    html: Annotated[
        Path | None,
        typer.Option("--html", help="Write the comparison as a self-contained HTML page here."),
    ] = None,
    seed: Seed = 0,
    n_resamples: Annotated[
        int, typer.Option("--n-resamples", min=1, help="Bootstrap resamples.")
    ] = 10_000,
    confidence: Annotated[float, typer.Option("--confidence", help="CI level.")] = 0.95,
    rows: Annotated[int, typer.Option("--rows", min=0, help="Per-case rows to print.")] = 20,
    offsets: Annotated[
        Path | None,
        typer.Option(
            "--offsets",
            help="Grader offsets registry (JSON {grader label: mean score minus the "
            "physicians' on a meta-eval}): says how far B's grader sits from A's.",
        ),
    ] = None,
    allow_mismatch: Annotated[
        bool,
        typer.Option(
            "--allow-mismatch",
            help="Compare runs that differ in case set, grader, mode, prompt version or clip "
            "rule (refused otherwise); the differences are printed.",
        ),
    ] = False,
) -> None:
    """Paired difference per case (same case ids) with a seeded bootstrap CI and a sign test."""
    from medrubric.analysis.compare import CompareOptions, run_compare
    from medrubric.report.analyses import write_compare

    result = run_compare(
        CompareOptions(
            run_a=run_a, run_b=run_b, seed=seed, n_resamples=n_resamples,
            confidence=confidence, offsets=offsets, allow_mismatch=allow_mismatch,
        )
    )  # fmt: skip
    console = Console()
    for difference in result.differences:
        console.print(f"[bold yellow]not comparable: {difference}[/]", highlight=False)
    console.print(summary_table(result))
    for line in grading_lines(result):
        console.print(line, highlight=False, soft_wrap=True)
    if result.by:
        console.print(strata_table(result))
    if rows:
        console.print(pairs_table(result, rows))
    for path in write_compare(out, html, result):
        console.print(f"written {path}")


def register(app: typer.Typer) -> None:
    app.command("compare")(compare)
