"""Charts of the analyses (matplotlib, Agg backend), returned as base64 PNG for inline HTML."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np

from medrubric.analysis.consensus import SensitivityRow
from medrubric.analysis.contamination import ContaminationReport
from medrubric.analysis.error_types import ERROR_TYPES, ErrorTypeCounts
from medrubric.analysis.errors import ModelErrorRates
from medrubric.data.vocab import LABELS


def score_by_month(report: ContaminationReport) -> str | None:
    """Mean case score per calendar month relative to each model's cutoff (0 = its month)."""
    from medrubric.runtime.figures import png_base64, pyplot

    plt = pyplot()

    if not report.models:
        return None
    fig, ax = plt.subplots(figsize=(8, 4))
    for m in report.models:
        xs = [p.months_from_cutoff for p in m.by_month]
        ax.plot(xs, [p.score for p in m.by_month], marker="o", ms=3, label=m.model)
    ax.axvline(0, color="#c0392b", linestyle="--", linewidth=1)
    ax.set_xlabel("months from knowledge cutoff (published later →)")
    ax.set_ylabel("mean case score")
    ax.set_ylim(0, 1)
    ax.set_title("Score by publication month relative to cutoff")
    ax.legend(fontsize=7, loc="best")
    fig.tight_layout()
    return png_base64(fig)


def heatmap(
    matrix: Sequence[Sequence[float | None]],
    labels: Sequence[str],
    title: str,
    vmin: float = 0.0,
    vmax: float = 1.0,
) -> str | None:
    """A labelled matrix with its values written in the cells (blank where undefined)."""
    from medrubric.runtime.figures import png_base64, pyplot

    plt = pyplot()

    if not labels:
        return None
    values = np.array([[math.nan if v is None else v for v in row] for row in matrix], dtype=float)
    size = 1.5 + 0.55 * len(labels)
    fig, ax = plt.subplots(figsize=(size + 1.5, size))
    image = ax.imshow(values, vmin=vmin, vmax=vmax, cmap="viridis" if vmin >= 0 else "RdBu_r")
    names = [LABELS.get(label, label) for label in labels]
    ax.set_xticks(range(len(labels)), names, rotation=45, ha="right", fontsize=8)
    ax.set_yticks(range(len(labels)), names, fontsize=8)
    for i in range(len(labels)):
        for j in range(len(labels)):
            if not math.isnan(values[i, j]):
                v = values[i, j]
                dark = abs(v) > 0.5 if vmin < 0 else v < (vmin + vmax) / 2
                ax.text(j, i, f"{v:.2f}", ha="center", va="center", fontsize=7,
                        color="white" if dark else "black")  # fmt: skip
    fig.colorbar(image, ax=ax, fraction=0.046)
    ax.set_title(title)
    fig.tight_layout()
    return png_base64(fig)


def grouped_bars(
    series: Mapping[str, Mapping[str, float | None]], groups: Sequence[str], title: str, ylabel: str
) -> str | None:
    """One bar per (group, series), grouped by group: e.g. error rate per axis per model."""
    from medrubric.runtime.figures import png_base64, pyplot

    plt = pyplot()

    if not series or not groups:
        return None
    fig, ax = plt.subplots(figsize=(max(6.0, 1.2 * len(groups) + 2), 4))
    width = 0.8 / len(series)
    for i, (name, values) in enumerate(series.items()):
        heights = [values.get(g) or 0.0 for g in groups]
        ax.bar(np.arange(len(groups)) + i * width - 0.4 + width / 2, heights, width, label=name)
    ax.set_xticks(range(len(groups)), [LABELS.get(g, g) for g in groups], rotation=20, ha="right")
    ax.set_ylabel(ylabel)
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.legend(fontsize=7)
    fig.tight_layout()
    return png_base64(fig)


def error_rate_chart(rates: Sequence[ModelErrorRates]) -> str | None:
    axes = [a for a in dict.fromkeys(a for r in rates for a in r.by_axis)]
    series = {r.model: {a: e.rate for a, e in r.by_axis.items()} for r in rates}
    return grouped_bars(series, axes, "Error rate per axis", "error rate")


def error_type_chart(counts: Sequence[ErrorTypeCounts]) -> str | None:
    series = {c.model: {t: tc.share for t, tc in c.types.items()} for c in counts}
    return grouped_bars(series, list(ERROR_TYPES), "Error types of low-scoring answers", "share")


def sensitivity_chart(rows: Sequence[SensitivityRow]) -> str | None:
    """CACS@k of every model for each k: how rankings move with the threshold."""
    from medrubric.runtime.figures import png_base64, pyplot

    plt = pyplot()

    if not rows:
        return None
    fig, ax = plt.subplots(figsize=(7, 4))
    models = sorted({m for row in rows for m in row.scores})
    for model in models:
        points = [(row.k, row.scores[model]) for row in rows if model in row.scores]
        ax.plot([k for k, _ in points], [s for _, s in points], marker="o", ms=3, label=model)
    ax.set_xlabel("k")
    ax.set_ylabel("CACS@k")
    ax.set_ylim(0, 1)
    ax.set_title("Threshold sensitivity")
    ax.legend(fontsize=7)
    fig.tight_layout()
    return png_base64(fig)
