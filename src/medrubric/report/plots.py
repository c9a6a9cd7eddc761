"""Score charts as inline SVG: horizontal bars with their 95% CI, drawn as text (no plotting
library to load, so a run's report is written in milliseconds after its last call)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from markupsafe import Markup

from medrubric.data.vocab import LABELS

Row = tuple[str, float, tuple[float, float]]

LABEL_W, BAR_W, ROW_H, TOP, BOTTOM, GAP = 170, 260, 22, 26, 34, 30
PANEL_W = LABEL_W + BAR_W + 20


def _clip01(x: float) -> float:
    return min(1.0, max(0.0, x))


def _panel(x0: float, title: str, rows: Sequence[Row]) -> list[str]:
    """One titled panel of bars at horizontal offset `x0`: score bars on a 0-1 axis with a
    CI whisker each."""
    left = x0 + LABEL_W
    height = len(rows) * ROW_H
    parts = [f'<text x="{x0 + PANEL_W / 2:.1f}" y="16" text-anchor="middle" '
             f'font-weight="bold">{escape(title)}</text>']  # fmt: skip
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        x = left + tick * BAR_W
        parts.append(f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{TOP + height}" '
                     'stroke="#dddddd"/>')  # fmt: skip
        parts.append(f'<text x="{x:.1f}" y="{TOP + height + 14}" text-anchor="middle" '
                     f'font-size="10">{tick:g}</text>')  # fmt: skip
    parts.append(f'<text x="{left + BAR_W / 2:.1f}" y="{TOP + height + 28}" '
                 'text-anchor="middle" font-size="10">score (95% CI)</text>')  # fmt: skip
    for i, (name, score, (lo, hi)) in enumerate(rows):
        y = TOP + i * ROW_H
        mid = y + ROW_H / 2
        label = LABELS.get(name, name)
        parts.append(f'<text x="{left - 6:.1f}" y="{mid + 4:.1f}" text-anchor="end" '
                     f'font-size="11">{escape(label)}</text>')  # fmt: skip
        width = _clip01(score) * BAR_W
        parts.append(f'<rect x="{left:.1f}" y="{y + 4:.1f}" width="{width:.1f}" '
                     f'height="{ROW_H - 8}" fill="#4c78a8"><title>{escape(label)}: '
                     f'{score:.3f} ({lo:.3f}-{hi:.3f})</title></rect>')  # fmt: skip
        x_lo, x_hi = left + _clip01(lo) * BAR_W, left + _clip01(hi) * BAR_W
        parts.append(f'<path d="M{x_lo:.1f} {mid:.1f}H{x_hi:.1f}M{x_lo:.1f} {mid - 4:.1f}'
                     f'V{mid + 4:.1f}M{x_hi:.1f} {mid - 4:.1f}V{mid + 4:.1f}" '
                     'stroke="#333333" fill="none"/>')  # fmt: skip
    return parts


def bars_svg(panels: Sequence[tuple[str, Sequence[Row]]], alt: str) -> Markup:
    """Panels of bars side by side as one `<svg>` element, ready to inline in a report."""
    height = TOP + max(len(rows) for _, rows in panels) * ROW_H + BOTTOM
    width = len(panels) * PANEL_W + (len(panels) - 1) * GAP
    parts = [f'<svg role="img" aria-label="{escape(alt)}" '
             f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
             'font-family="sans-serif">']  # fmt: skip
    for i, (title, rows) in enumerate(panels):
        parts += _panel(i * (PANEL_W + GAP), title, rows)
    parts.append("</svg>")
    return Markup("".join(parts))  # noqa: S704 (every text inside is escaped above)


def strata_rows(strata: Mapping[str, Mapping[str, Any]]) -> list[Row]:
    return [
        (name, float(s["score"]), (float(s["ci95"][0]), float(s["ci95"][1])))
        for name, s in strata.items()
    ]


def breakdown_chart(summary: Mapping[str, Any]) -> Markup | None:
    """Scores by axis and by theme side by side; None when there is nothing to draw."""
    panels = [
        (title, strata_rows(summary.get(key) or {}))
        for title, key in (("By axis", "by_axis"), ("By theme", "by_theme"))
    ]
    panels = [(title, rows) for title, rows in panels if rows]
    if not panels:
        return None
    return bars_svg(panels, "Scores by axis and theme with 95% confidence intervals")


def leaderboard_chart(rows: Sequence[Row]) -> Markup | None:
    """Overall score per model with its 95% CI."""
    if not rows:
        return None
    return bars_svg(
        [("Overall score", rows)], "Overall score per model with 95% confidence intervals"
    )
