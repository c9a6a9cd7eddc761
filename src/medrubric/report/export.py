"""The leaderboard as CSV and as a LaTeX table: overall score with its CI, post-cutoff score,
CACS@k (binary rubrics) and per-axis scores, one row per model, best first."""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from medrubric.analysis.consensus import case_values, is_binary
from medrubric.analysis.contamination import ContaminationReport
from medrubric.analysis.runs import Run
from medrubric.data.vocab import AXES, LABELS
from medrubric.scoring import summarize

Interval = tuple[float, float]


class ExportRow(BaseModel):
    model_config = ConfigDict(extra="forbid")

    model: str
    grader: str
    n_cases: int
    score: float | None
    ci95: Interval | None
    cutoff: dt.date | None
    post_cutoff: float | None
    post_cutoff_ci95: Interval | None
    n_post_cutoff: int
    cacs: float | None
    by_axis: dict[str, float]
    axis_ci95: dict[str, Interval] = {}
    axis_n: dict[str, int] = {}


class ExportResult(BaseModel):
    """What `analyze export` (`report.analyses.run_export`) computed and wrote: the
    leaderboard's rows and the files."""

    model_config = ConfigDict(extra="forbid")

    rows: list[ExportRow]
    written: list[Path]  # leaderboard.csv, leaderboard.tex, report.html


def leaderboard_rows(
    runs: Sequence[Run],
    contamination: ContaminationReport | None = None,
    k: int | None = None,
    *,
    seed: int = 0,
    n_resamples: int = 10_000,
) -> list[ExportRow]:
    by_model = {m.model: m for m in (contamination.models if contamination else [])}
    rows = []
    for run in runs:
        summary = summarize(run.grades, clip=run.clip, seed=seed, n_resamples=n_resamples)
        split = by_model.get(run.model)
        post = split.post if split else None
        cacs = None
        if k is not None and is_binary(run.grades):
            values = list(case_values(run, k, "cacs").values())
            cacs = sum(values) / len(values) if values else None
        rows.append(
            ExportRow(
                model=run.model,
                grader=run.grader,
                n_cases=summary.n_cases,
                score=summary.score,
                ci95=summary.ci95,
                cutoff=split.cutoff if split else None,
                post_cutoff=post.score if post else None,
                post_cutoff_ci95=post.ci95 if post else None,
                n_post_cutoff=post.n if post else 0,
                cacs=cacs,
                by_axis={a: s.score for a, s in summary.by_axis.items()},
                axis_ci95={a: s.ci95 for a, s in summary.by_axis.items()},
                axis_n={a: s.n for a, s in summary.by_axis.items()},
            )
        )
    return sorted(rows, key=lambda r: (r.score is None, -(r.score or 0.0), r.model))


def _axes(rows: Sequence[ExportRow]) -> list[str]:
    seen = {a for r in rows for a in r.by_axis}
    return [a for a in (*AXES, "unknown") if a in seen]


def _num(x: float | None, digits: int = 4) -> str:
    return "" if x is None else f"{x:.{digits}f}"


def leaderboard_csv(rows: Sequence[ExportRow], k: int | None = None) -> str:
    """Fractions in [0, 1] with 4 decimals; empty cells where a value does not exist."""
    axes = _axes(rows)
    head = ["rank", "model", "grader", "n_cases", "score", "ci95_low", "ci95_high", "cutoff"]
    head += ["post_cutoff", "post_cutoff_ci95_low", "post_cutoff_ci95_high", "n_post_cutoff"]
    head += [f"cacs_at_{k}"] if k is not None else []
    head += [f"axis_{a}" for a in axes]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(head)
    for rank, r in enumerate(rows, start=1):
        ci, post_ci = r.ci95 or (None, None), r.post_cutoff_ci95 or (None, None)
        cells = [str(rank), r.model, r.grader, str(r.n_cases), _num(r.score), _num(ci[0]),
                 _num(ci[1]), r.cutoff.isoformat() if r.cutoff else "", _num(r.post_cutoff),
                 _num(post_ci[0]), _num(post_ci[1]), str(r.n_post_cutoff)]  # fmt: skip
        cells += [_num(r.cacs)] if k is not None else []
        cells += [_num(r.by_axis.get(a)) for a in axes]
        writer.writerow(cells)
    return out.getvalue()


_LATEX_SPECIAL = {
    "\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
    "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
}  # fmt: skip


def latex_escape(text: str) -> str:
    return "".join(_LATEX_SPECIAL.get(ch, ch) for ch in text)


def _pct(x: float | None) -> str:
    return "--" if x is None else f"{100 * x:.1f}"


def _pct_ci(x: float | None, ci: Interval | None) -> str:
    if x is None:
        return "--"
    return _pct(x) if ci is None else f"{_pct(x)} \\small{{({_pct(ci[0])}--{_pct(ci[1])})}}"


def leaderboard_latex(rows: Sequence[ExportRow], k: int | None = None) -> str:
    """A booktabs table (needs \\usepackage{booktabs}); scores in percent with 95% CIs."""
    axes = _axes(rows)
    head = ["\\#", "Model", "Score (95\\% CI)", "Post-cutoff (95\\% CI)"]
    head += [f"CACS@{k}"] if k is not None else []
    head += [latex_escape(LABELS.get(a, a)) for a in axes]
    lines = [
        "\\begin{table}[t]",
        "\\centering",
        f"\\begin{{tabular}}{{rl{'r' * (len(head) - 2)}}}",
        "\\toprule",
        " & ".join(head) + " \\\\",
        "\\midrule",
    ]
    for rank, r in enumerate(rows, start=1):
        cells = [str(rank), latex_escape(r.model), _pct_ci(r.score, r.ci95),
                 _pct_ci(r.post_cutoff, r.post_cutoff_ci95)]  # fmt: skip
        cells += [_pct(r.cacs)] if k is not None else []
        cells += [_pct(r.by_axis.get(a)) for a in axes]
        lines.append(" & ".join(cells) + " \\\\")
    graders = latex_escape(", ".join(sorted({r.grader for r in rows})))
    lines += [
        "\\bottomrule",
        "\\end{tabular}",
        f"\\caption{{medrubric leaderboard (scores in \\%, graded by {graders}). Post-cutoff: "
        "cases published after the model's knowledge cutoff.}",
        "\\label{tab:medrubric-leaderboard}",
        "\\end{table}",
    ]
    return "\n".join(lines) + "\n"
