"""Leaderboards from run summaries: one row per run, ranked by score, as Markdown or HTML.

Runs are only comparable on the same cases, grader set-up and scoring rule, so differing
snapshot hashes, graders or clip modes are called out above the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from markupsafe import Markup
from pydantic import BaseModel

from medrubric.data.vocab import AXES, LABELS
from medrubric.evaluate.rundir import SETUP_FIELDS, RunDir, run_setup, setup_differences
from medrubric.report.render import render_section
from medrubric.runtime.numbers import interval


class LeaderboardRow(BaseModel):
    run: str
    model: str
    score: float | None
    ci95: tuple[float, float] | None
    n_cases: int
    n_errors: int
    n_response_errors: int
    grader: str
    clip: bool
    snapshot_hash: str | None
    smoke_test: bool
    by_axis: dict[str, float]
    axis_ci95: dict[str, tuple[float, float]] = {}
    axis_n: dict[str, int] = {}
    setup: dict[str, str] = {}  # run_setup: case set, grader, mode, prompt, clip

    @property
    def smoke_note(self) -> bool:
        """Whether "(smoke test)" goes after the model: a smoke-test run whose model label
        does not say so already (the smoke-test model's own label does)."""
        return self.smoke_test and "smoke" not in self.model.lower()

    @classmethod
    def from_summary(cls, run: str, summary: Mapping[str, Any]) -> LeaderboardRow:
        provenance = summary.get("provenance") or {}
        models = provenance.get("models", {})
        return cls(
            run=run,
            model=summary["model"],
            score=summary["score"],
            ci95=summary["ci95"],
            n_cases=summary["n_cases"],
            n_errors=summary["n_errors"],
            n_response_errors=summary.get("n_response_errors", 0),
            grader=", ".join(summary.get("graders") or []) or summary["grading"]["grader"],
            clip=summary["clip"],
            snapshot_hash=provenance.get("snapshot_hash"),
            smoke_test=any(m.get("smoke_test") for m in models.values()),
            by_axis={axis: s["score"] for axis, s in summary.get("by_axis", {}).items()},
            axis_ci95={axis: s["ci95"] for axis, s in summary.get("by_axis", {}).items()},
            axis_n={axis: s["n"] for axis, s in summary.get("by_axis", {}).items()},
            setup=run_setup(dict(summary)),
        )


def load_rows(run_dirs: Sequence[str | Path]) -> list[LeaderboardRow]:
    rows = [
        LeaderboardRow.from_summary(str(d), RunDir(d).read_summary().model_dump(mode="json"))
        for d in run_dirs
    ]
    return sorted(rows, key=lambda r: (r.score is None, -(r.score or 0.0), r.model))


def ci_ranks(cis: Sequence[tuple[float, float] | None]) -> list[tuple[int | None, bool]]:
    """(rank, tied) of each row, best first, as the leaderboard site ranks: 1 + the number of
    rows whose 95% CI lies wholly above this one's, so rows with overlapping CIs share a rank
    (tied); None for a row without a CI."""
    ranks = [
        None if c is None else 1 + sum(o is not None and o[0] > c[1] for o in cis) for c in cis
    ]
    return [(rank, rank is not None and ranks.count(rank) > 1) for rank in ranks]


def rank_text(rank: int | None, tied: bool) -> str:
    return "—" if rank is None else f"{rank}{'=' if tied else ''}"


def comparability_section(setups: Mapping[str, Mapping[str, str]]) -> Markup:
    """What the runs on a page share and where they differ (run name -> `run_setup`)."""
    rows = []
    for field in SETUP_FIELDS:
        by_value: dict[str, list[str]] = {}
        for name, setup in setups.items():
            by_value.setdefault(setup.get(field, "unknown"), []).append(name)
        rows.append((field, list(by_value.items())))
    return render_section(
        "comparability.html.j2",
        rows=rows,
        differing=[field for field, values in rows if len(values) > 1],
        n_runs=len(setups),
    )


def comparability_notes(rows: Sequence[LeaderboardRow]) -> list[str]:
    """Every way the runs differ in case set, grader, mode, prompt version or clip rule (each
    value with the runs that have it), and the smoke-test warning."""
    differences = setup_differences({r.run: r.setup for r in rows})
    notes = [
        f"Not comparable: the runs differ in {d}. Ranks across these runs do not compare like "
        "with like."
        for d in differences
    ]
    if any(r.smoke_test for r in rows):
        notes.append(
            "SMOKE TEST: a plumbing model (SmolLM2-135M) answered or graded; "
            "these scores say nothing about medicine."
        )
    return notes


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}"


def _ci(ci: tuple[float, float] | None) -> str:
    return "—" if ci is None else interval(ci[0], ci[1], 1, 100)


def axes_present(rows: Sequence[LeaderboardRow]) -> list[str]:
    seen = {axis for r in rows for axis in r.by_axis}
    return [a for a in (*AXES, "unknown") if a in seen]


def ranked_cells(
    rows: Sequence[LeaderboardRow], run: bool = True
) -> list[tuple[LeaderboardRow, list[str]]]:
    """Each row with the cells leaderboard.md and the console table share: rank, model, score,
    95% CI, cases, errors (grader verdict errors plus failed answers) and, with `run`, the run
    folder, which tells apart rows of the same model (`headings` names them)."""
    ranked = []
    for (rank, tied), r in zip(ci_ranks([r.ci95 for r in rows]), rows, strict=True):
        model = f"{r.model} (smoke test)" if r.smoke_note else r.model
        errors = r.n_errors + r.n_response_errors
        cells = [rank_text(rank, tied), model, _pct(r.score), _ci(r.ci95), str(r.n_cases),
                 str(errors)]  # fmt: skip
        ranked.append((r, [*cells, r.run] if run else cells))
    return ranked


def headings(run: bool = True) -> list[str]:
    """The headings of `ranked_cells`' cells, in order."""
    return ["#", "Model", "Score", "95% CI", "Cases", "Errors", *(["Run"] if run else [])]


def leaderboard_markdown(rows: Sequence[LeaderboardRow]) -> str:
    """Scores in percent with their 95% bootstrap CI, per axis after the totals; the run
    folder of each row when there are several (a run's own one-row board needs none)."""
    axes = axes_present(rows)
    run = len(rows) > 1
    head = [*headings(run), *(LABELS[a] for a in axes), "Grader"]
    lines = ["# Leaderboard", ""]
    lines += [f"> {note}" for note in comparability_notes(rows)]
    if lines[-1] != "":
        lines.append("")
    lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r, cells in ranked_cells(rows, run):
        cells += [_pct(r.by_axis.get(a)) for a in axes] + [r.grader]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    lines += [
        "",
        "Scores are percentages; errors are grader verdict errors plus failed answers "
        "(never counted as Not Met). Rank: 1 + the number of runs whose 95% CI lies wholly "
        "above; '=' marks a tie (overlapping CIs).",
    ]
    return "\n".join(lines) + "\n"
