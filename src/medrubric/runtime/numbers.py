"""How numbers read in consoles and reports: one interval style, `[-0.33, -0.15]`, for every
confidence interval medrubric prints."""

from __future__ import annotations

import math


def interval(lo: float | None, hi: float | None, digits: int = 2, scale: float = 1.0) -> str:
    """`[lo, hi]` with `digits` decimals, each bound times `scale` (100 for percentages);
    `—` when a bound is missing or undefined."""
    if lo is None or hi is None or math.isnan(lo) or math.isnan(hi):
        return "—"
    return f"[{scale * lo:.{digits}f}, {scale * hi:.{digits}f}]"
