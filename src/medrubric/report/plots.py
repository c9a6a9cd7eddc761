"""Score charts returned as base64 PNG, so reports embed them inline (the run report's
per-stratum bars are inline SVG: report/charts.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from medrubric.data.vocab import LABELS
from medrubric.runtime.figures import png_base64, pyplot


def _bars(ax: Any, title: str, rows: Sequence[tuple[str, float, tuple[float, float]]]) -> None:
    """Horizontal bars of scores with their 95% CI as error bars."""
    labels = [LABELS.get(name, name) for name, _, _ in rows]
    scores = [score for _, score, _ in rows]
    lower = [max(0.0, score - lo) for _, score, (lo, _) in rows]
    upper = [max(0.0, hi - score) for _, score, (_, hi) in rows]
    positions = range(len(rows))
    ax.barh(positions, scores, xerr=[lower, upper], color="#4c78a8", ecolor="#333333", capsize=3)
    ax.set_yticks(list(positions), labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("score (95% CI)")
    ax.set_title(title)


def leaderboard_chart(rows: Sequence[tuple[str, float, tuple[float, float]]]) -> str | None:
    """Overall score per model with its 95% CI."""
    if not rows:
        return None
    fig, ax = pyplot().subplots(figsize=(7, 1.2 + 0.4 * len(rows)))
    _bars(ax, "Overall score", rows)
    fig.tight_layout()
    return png_base64(fig)


def epochs_chart(summary: Mapping[str, Any]) -> str | None:
    """worst-at-k and reliability@k against k (summary.json's `worst_at_k` and
    `reliability_at_k`), with the mean score as the k = 1 reference; None for one epoch."""
    worst = {int(k): float(v) for k, v in (summary.get("worst_at_k") or {}).items()}
    reliable = {int(k): float(v) for k, v in (summary.get("reliability_at_k") or {}).items()}
    if len(worst) < 2:
        return None
    ks = sorted(worst)
    fig, ax = pyplot().subplots(figsize=(6, 3.2))
    ax.plot(ks, [worst[k] for k in ks], marker="o", color="#4c78a8", label="worst-at-k")
    threshold = summary.get("pass_threshold", 0.5)
    ax.plot(
        ks, [reliable[k] for k in ks], marker="s", color="#f58518",
        label=f"reliability@k (score >= {threshold:g})",
    )  # fmt: skip
    ax.set_xticks(ks)
    ax.set_ylim(0, 1)
    ax.set_xlabel("k answers of the same case")
    ax.set_ylabel("score / share of cases")
    ax.set_title("Score vs k")
    ax.legend(loc="upper right")
    fig.tight_layout()
    return png_base64(fig)
