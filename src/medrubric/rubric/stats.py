"""Rubric statistics next to the paper's (LiveMedBench §3.4, App. A.4): as JSON, a console
table and a bar chart of the theme and axis mixes for the page report/ renders."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel
from rich.table import Table

from medrubric.data.jsonl import write_json
from medrubric.data.models import Case
from medrubric.data.vocab import (
    AXES,
    LABELS,
    LIFE_CRITICAL_ABS_WEIGHT,
    PAPER_AXIS_MIX,
    PAPER_CRITERIA_PER_CASE,
    PAPER_THEME_MIX,
    THEMES,
)

STATS_JSON = "rubric_stats.json"


class RubricStats(BaseModel):
    n_cases: int
    n_criteria: int
    criteria_per_case: dict[str, float]  # min, mean, max
    theme_mix: dict[str, float]  # share of cases
    axis_mix: dict[str, float]  # share of criteria
    negative_share: float  # share of criteria with a negative weight
    life_critical: int  # criteria with |weight| >= LIFE_CRITICAL_ABS_WEIGHT
    n_rejected: int = 0
    n_errors: int = 0


def _shares(counts: Counter[str], keys: Sequence[str], total: int) -> dict[str, float]:
    return {k: counts[k] / total if total else 0.0 for k in keys}


def rubric_stats(cases: Sequence[Case], n_rejected: int = 0, n_errors: int = 0) -> RubricStats:
    sizes = [len(c.rubric) for c in cases]
    criteria = [cr for c in cases for cr in c.rubric]
    n = len(criteria)
    return RubricStats(
        n_cases=len(cases),
        n_criteria=n,
        criteria_per_case={
            "min": float(min(sizes, default=0)),
            "mean": n / len(cases) if cases else 0.0,
            "max": float(max(sizes, default=0)),
        },
        theme_mix=_shares(Counter(c.theme for c in cases), THEMES, len(cases)),
        axis_mix=_shares(Counter(cr.axis for cr in criteria), AXES, n),
        negative_share=sum(cr.weight < 0 for cr in criteria) / n if n else 0.0,
        life_critical=sum(abs(cr.weight) >= LIFE_CRITICAL_ABS_WEIGHT for cr in criteria),
        n_rejected=n_rejected,
        n_errors=n_errors,
    )


def comparison_rows(stats: RubricStats) -> list[tuple[str, str, str]]:
    """(statistic, these rubrics, paper) rows; the paper does not report a negative share."""
    per_case = stats.criteria_per_case
    paper = PAPER_CRITERIA_PER_CASE
    rows = [
        ("cases", f"{stats.n_cases}", "2756"),
        ("criteria", f"{stats.n_criteria}", "16702"),
        ("criteria per case min", f"{per_case['min']:g}", f"{paper['min']:g}"),
        ("criteria per case mean", f"{per_case['mean']:.2f}", f"{paper['mean']:.2f}"),
        ("criteria per case max", f"{per_case['max']:g}", f"{paper['max']:g}"),
        ("negative criteria", f"{stats.negative_share:.1%}", "—"),
    ]
    rows += [
        (f"theme {LABELS[t]}", f"{stats.theme_mix[t]:.1%}", f"{PAPER_THEME_MIX[t]:.1%}")
        for t in THEMES
    ]
    rows += [
        (f"axis {LABELS[a]}", f"{stats.axis_mix[a]:.1%}", f"{PAPER_AXIS_MIX[a]:.1%}") for a in AXES
    ]
    return rows


def stats_table(stats: RubricStats) -> Table:
    table = Table(title=f"Rubrics: {stats.n_rejected} rejected, {stats.n_errors} errors")
    for column in ("statistic", "these rubrics", "paper"):
        table.add_column(column, justify="left" if column == "statistic" else "right")
    for row in comparison_rows(stats):
        table.add_row(*row)
    return table


def mix_chart(stats: RubricStats) -> str:
    """Base64 PNG: theme and axis shares, these rubrics against the paper."""
    from matplotlib.ticker import PercentFormatter

    from medrubric.runtime.figures import png_base64, pyplot

    plt = pyplot()

    fig, axes = plt.subplots(1, 2, figsize=(11, 3.6))
    panels = [
        ("Themes (share of cases)", THEMES, stats.theme_mix, PAPER_THEME_MIX),
        ("Axes (share of criteria)", AXES, stats.axis_mix, PAPER_AXIS_MIX),
    ]
    for ax, (title, keys, ours, paper) in zip(axes, panels, strict=True):
        positions = range(len(keys))
        ax.barh([p - 0.2 for p in positions], [ours[k] for k in keys], 0.4, label="these rubrics")
        ax.barh([p + 0.2 for p in positions], [paper[k] for k in keys], 0.4, label="paper")
        ax.set_yticks(list(positions), [LABELS[k] for k in keys])
        ax.invert_yaxis()
        ax.set_title(title)
        ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    axes[0].legend(loc="lower right")
    return png_base64(fig)


def write_stats(out: Path, stats: RubricStats) -> Path:
    """OUT/rubric_stats.json (report/ renders the page: `report.pages.write_rubric_stats_page`)."""
    write_json(out / STATS_JSON, stats.model_dump(mode="json"))
    return out / STATS_JSON
