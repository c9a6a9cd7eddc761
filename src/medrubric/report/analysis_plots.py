"""Charts of the analyses (matplotlib, Agg backend), each one panel returned as an SVG `data:`
URI for an inline `<img>`. Shares and scores are drawn in percent, as the tables print them;
every axis is labelled with its unit, and groups are shown by name (`render.label`)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from medrubric.analysis.consensus import SensitivityRow
from medrubric.analysis.contamination import ContaminationReport
from medrubric.analysis.error_types import ERROR_TYPES, ErrorTypeCounts
from medrubric.analysis.errors import ModelErrorRates
from medrubric.report.render import label

Interval = tuple[float, float]


def _legend_outside(ax: Any) -> None:
    """The legend to the right of the panel, where it cannot hide a line or a bar."""
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)


def _yerr(values: Sequence[float], cis: Sequence[Interval | None]) -> np.ndarray:
    """Asymmetric error bars (in percent) from CIs; 0 where a value has none."""
    lower = [100 * (v - c[0]) if c else 0.0 for v, c in zip(values, cis, strict=True)]
    upper = [100 * (c[1] - v) if c else 0.0 for v, c in zip(values, cis, strict=True)]
    return np.array([np.maximum(lower, 0), np.maximum(upper, 0)])


def score_by_month(report: ContaminationReport) -> str | None:
    """Mean case score per calendar month relative to each model's cutoff (0 = its month),
    with its bootstrap CI; months with fewer than MIN_MONTH_N cases are hollow and unjoined."""
    from medrubric.runtime.figures import pyplot, svg_data_uri

    if not report.models:
        return None
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7.5, 3.8))
    for m in report.models:
        enough = [p for p in m.by_month if not p.too_few]
        few = [p for p in m.by_month if p.too_few]
        line = ax.errorbar(
            [p.months_from_cutoff for p in enough],
            [100 * p.score for p in enough],
            yerr=_yerr([p.score for p in enough], [p.ci95 for p in enough]),
            marker="o",
            ms=4,
            capsize=2,
            linewidth=1.2,
            label=m.model,
        )
        colour = line.lines[0].get_color()
        if few:
            ax.plot(
                [p.months_from_cutoff for p in few],
                [100 * p.score for p in few],
                linestyle="none",
                marker="o",
                ms=4,
                markerfacecolor="none",
                color=colour,
                alpha=0.6,
            )
    ax.axvline(0, color="#c0392b", linestyle="--", linewidth=1, label="cutoff month")
    ax.plot(
        [],
        [],
        linestyle="none",
        marker="o",
        markerfacecolor="none",
        color="#666",
        label="month with < 5 cases (not joined)",
    )
    ax.set_xlabel("months from the model's knowledge cutoff (published later →)")
    ax.set_ylabel("mean case score (%)")
    ax.set_ylim(0, 100)
    _legend_outside(ax)
    fig.tight_layout()
    return svg_data_uri(fig)


def heatmap(
    matrix: Sequence[Sequence[float | None]],
    labels: Sequence[str],
    title: str,
    vmin: float = 0.0,
    vmax: float = 1.0,
    cmap: str = "viridis",
) -> str | None:
    """A labelled matrix with its values written in the cells (blank where undefined)."""
    from medrubric.runtime.figures import pyplot, svg_data_uri

    if not labels:
        return None
    plt = pyplot()
    values = np.array([[math.nan if v is None else v for v in row] for row in matrix], dtype=float)
    size = 2.0 + 0.6 * len(labels)
    fig, ax = plt.subplots(figsize=(size + 1.6, size))
    image = ax.imshow(values, vmin=vmin, vmax=vmax, cmap=cmap)
    names = [label(key) for key in labels]
    ax.set_xticks(range(len(labels)), names, rotation=45, ha="right", fontsize=9)
    ax.set_yticks(range(len(labels)), names, fontsize=9)
    middle = (vmin + vmax) / 2
    for i in range(len(labels)):
        for j in range(len(labels)):
            if not math.isnan(values[i, j]):
                v = values[i, j]
                dark = abs(v) > 0.5 if vmin < 0 else v < middle
                ax.text(
                    j,
                    i,
                    f"{v:.2f}",
                    ha="center",
                    va="center",
                    fontsize=8,
                    color="white" if dark else "black",
                )
    fig.colorbar(image, ax=ax, fraction=0.046)
    ax.set_title(title, fontsize=10)
    fig.tight_layout()
    return svg_data_uri(fig)


def correlation_range(matrix: Sequence[Sequence[float | None]]) -> tuple[float, float]:
    """The colour range of a correlation heatmap: from the lowest off-diagonal r (rounded
    down to 0.1) to 1, so that 0.64 and 1.00 get different colours; −1 to 1 when any r < 0."""
    off = [v for i, row in enumerate(matrix) for j, v in enumerate(row) if i != j and v is not None]
    low = min(off, default=0.0)
    return (-1.0, 1.0) if low < 0 else (math.floor(10 * low) / 10 - 0.1, 1.0)


def grouped_bars(
    series: Mapping[str, Mapping[str, float | None]],
    groups: Sequence[str],
    ylabel: str,
    cis: Mapping[str, Mapping[str, Interval | None]] | None = None,
) -> str | None:
    """One bar per (group, series) in percent, grouped by group, each with a marker at its
    value (so a 0% bar is visible) and its CI as an error bar where given."""
    from medrubric.runtime.figures import pyplot, svg_data_uri

    if not series or not groups:
        return None
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(max(6.0, 1.1 * len(groups) + 2.5), 3.8))
    width = 0.8 / len(series)
    for i, (name, values) in enumerate(series.items()):
        xs = np.arange(len(groups)) + i * width - 0.4 + width / 2
        shown = [(x, g) for x, g in zip(xs, groups, strict=True) if values.get(g) is not None]
        heights = [float(values[g] or 0.0) for _, g in shown]
        ax.bar([x for x, _ in shown], [100 * h for h in heights], width, label=name)
        intervals = [(cis or {}).get(name, {}).get(g) for _, g in shown]
        ax.errorbar(
            [x for x, _ in shown],
            [100 * h for h in heights],
            yerr=_yerr(heights, intervals),
            fmt="o",
            ms=3,
            capsize=2,
            color="#222",
        )
    ax.set_xticks(range(len(groups)), [label(g) for g in groups], rotation=20, ha="right")
    ax.set_ylabel(ylabel)
    ax.set_ylim(0, 100)
    _legend_outside(ax)
    fig.tight_layout()
    return svg_data_uri(fig)


def error_rate_chart(rates: Sequence[ModelErrorRates]) -> str | None:
    """Error rate per axis and model with its Wilson 95% CI."""
    axes = list(dict.fromkeys(a for r in rates for a in r.by_axis))
    series = {r.model: {a: e.rate for a, e in r.by_axis.items()} for r in rates}
    cis = {r.model: {a: e.ci95 for a, e in r.by_axis.items()} for r in rates}
    return grouped_bars(series, axes, "error rate (%, Wilson 95% CI)", cis)


def error_type_chart(counts: Sequence[ErrorTypeCounts]) -> str | None:
    series = {c.model: {t: tc.share for t, tc in c.types.items()} for c in counts}
    cis = {c.model: {t: tc.ci95 for t, tc in c.types.items()} for c in counts}
    return grouped_bars(series, list(ERROR_TYPES), "share of low-scoring answers (%)", cis)


def sensitivity_chart(rows: Sequence[SensitivityRow]) -> str | None:
    """CACS@k of every model for each k: how rankings move with the threshold."""
    from medrubric.runtime.figures import pyplot, svg_data_uri

    if not rows:
        return None
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 3.8))
    models = sorted({m for row in rows for m in row.scores})
    for model in models:
        points = [(row.k, row.scores[model]) for row in rows if model in row.scores]
        ax.plot([k for k, _ in points], [100 * s for _, s in points], marker="o", ms=3, label=model)
    ax.set_xlabel("k (criteria met needed)")
    ax.set_ylabel("CACS@k (%)")
    ax.set_ylim(0, 100)
    _legend_outside(ax)
    fig.tight_layout()
    return svg_data_uri(fig)
