"""Inline SVG charts. The geometry is computed here; `components.html.j2`'s `bar_chart` draws
it, so every label reaches the page through Jinja's autoescape. A chart is one panel in
user units scaled to its box (`width: 100%`, at most its own width), so its 13-unit labels
stay about 13 px at 800 px wide instead of shrinking with a multi-panel image."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from medrubric.data.vocab import display_name

# Strata of fewer cases than this get their interval flagged: a bootstrap over 3-9 cases is
# unstable and can collapse to one value (docs/evaluation.md, "Reading the run report").
SMALL_N = 10

WIDTH = 690
LABEL_W = 266  # the left column of category names
RIGHT = 60  # the right column: n per row
TOP = 30
ROW_H = 26
BOTTOM = 46  # tick labels and the axis title
TICKS = (0, 25, 50, 75, 100)


@dataclass(frozen=True)
class Bar:
    label: str
    n: int
    score: float  # 0-1
    lo: float | None
    hi: float | None
    small: bool
    y: float  # top of the row
    width: float  # of the bar, in user units
    lo_x: float | None  # the whisker's ends
    hi_x: float | None


@dataclass(frozen=True)
class BarChart:
    title: str
    bars: list[Bar]
    width: int
    height: int
    plot_x: int  # where 0% is
    plot_w: int
    plot_bottom: int
    ticks: list[tuple[int, float]]  # (percent, x)
    axis_title: str


def _x(share: float, plot_w: int) -> float:
    return LABEL_W + plot_w * min(1.0, max(0.0, share))


def bar_chart(title: str, strata: Mapping[str, Mapping[str, Any]]) -> BarChart | None:
    """Mean case score per stratum (summary.json's `by_axis`, `by_theme`, ...) on 0-100% with
    its 95% CI as a whisker; None when there is no stratum."""
    if not strata:
        return None
    plot_w = WIDTH - LABEL_W - RIGHT
    bars = []
    for i, (key, s) in enumerate(strata.items()):
        ci = s.get("ci95")
        lo, hi = (float(ci[0]), float(ci[1])) if ci else (None, None)
        score = float(s["score"])
        bars.append(
            Bar(
                label=display_name(key),
                n=int(s["n"]),
                score=score,
                lo=lo,
                hi=hi,
                small=int(s["n"]) < SMALL_N,
                y=TOP + i * ROW_H,
                width=_x(score, plot_w) - LABEL_W,
                lo_x=None if lo is None else _x(lo, plot_w),
                hi_x=None if hi is None else _x(hi, plot_w),
            )
        )
    bottom = TOP + len(bars) * ROW_H
    return BarChart(
        title=title,
        bars=bars,
        width=WIDTH,
        height=bottom + BOTTOM,
        plot_x=LABEL_W,
        plot_w=plot_w,
        plot_bottom=bottom,
        ticks=[(t, LABEL_W + plot_w * t / 100) for t in TICKS],
        axis_title="Mean case score (%), whiskers: 95% CI",
    )


@dataclass(frozen=True)
class Line:
    label: str
    css: str  # the line's class in style.css
    points: list[tuple[int, float, float, float]]  # (k, value 0-1, x, y)

    @property
    def path(self) -> str:
        return " ".join(f"{'M' if i == 0 else 'L'}{x:.1f} {y:.1f}"
                        for i, (_, _, x, y) in enumerate(self.points))  # fmt: skip


@dataclass(frozen=True)
class LineChart:
    title: str
    lines: list[Line]
    width: int
    height: int
    plot_x: int
    plot_w: int
    plot_top: int
    plot_bottom: int
    x_ticks: list[tuple[int, float]]  # (k, x)
    y_ticks: list[tuple[int, float]]  # (percent, y)
    x_title: str
    y_title: str


LINE_W, LINE_H, LINE_LEFT, LINE_RIGHT = 560, 260, 56, 24


def epochs_chart(summary: Mapping[str, Any]) -> LineChart | None:
    """worst-at-k and reliability@k against k (summary.json's `worst_at_k` and
    `reliability_at_k`) on 0-100%; None for one epoch."""
    worst = {int(k): float(v) for k, v in (summary.get("worst_at_k") or {}).items()}
    reliable = {int(k): float(v) for k, v in (summary.get("reliability_at_k") or {}).items()}
    if len(worst) < 2:
        return None
    ks = sorted(worst)
    plot_w = LINE_W - LINE_LEFT - LINE_RIGHT
    bottom = LINE_H - BOTTOM

    def x(k: int) -> float:
        return LINE_LEFT + plot_w * (k - ks[0]) / (ks[-1] - ks[0])

    def y(share: float) -> float:
        return bottom - (bottom - TOP) * min(1.0, max(0.0, share))

    threshold = summary.get("pass_threshold", 0.5)
    series = [
        ("worst-at-k", "line-worst", worst),
        (f"reliability@k (score ≥ {threshold:g})", "line-reliable", reliable),
    ]
    lines = [
        Line(name, css, [(k, values[k], x(k), y(values[k])) for k in ks if k in values])
        for name, css, values in series
    ]
    return LineChart(
        title="Worst-at-k and reliability@k against k",
        lines=[line for line in lines if line.points],
        width=LINE_W,
        height=LINE_H,
        plot_x=LINE_LEFT,
        plot_w=plot_w,
        plot_top=TOP,
        plot_bottom=bottom,
        x_ticks=[(k, x(k)) for k in ks],
        y_ticks=[(t, y(t / 100)) for t in TICKS],
        x_title="k answers of the same case",
        y_title="score / share of cases (%)",
    )
