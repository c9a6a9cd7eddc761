"""How reports write numbers: shares in percent, coefficients, intervals, p-values ("—" for
a number that is missing or not finite). Kept apart from the analysis sections so a run's
report loads no statistics stack to format its numbers."""

from __future__ import annotations

import math
from collections.abc import Sequence

from medrubric.runtime.numbers import interval


def _undefined(x: float | None) -> bool:
    return x is None or not math.isfinite(x)


def pct(x: float | None) -> str:
    return "—" if x is None or _undefined(x) else f"{100 * x:.1f}%"


def ci(bounds: Sequence[float] | None) -> str:
    """A 95% CI of a share, in percent: `[45.1, 60.2]%`."""
    if bounds is None or any(_undefined(b) for b in bounds):
        return "—"
    return f"{interval(bounds[0], bounds[1], 1, 100)}%"


def num(x: float | None, digits: int = 3) -> str:
    return "—" if x is None or _undefined(x) else f"{x:.{digits}f}"


def num_ci(x: float | None, bounds: Sequence[float] | None, digits: int = 3) -> str:
    """A coefficient with its 95% CI, e.g. 0.712 [0.650, 0.770]."""
    if bounds is None or any(_undefined(b) for b in bounds):
        return num(x, digits)
    return f"{num(x, digits)} {interval(bounds[0], bounds[1], digits)}"


def pts(x: float | None) -> str:
    """A difference of two scores, in percentage points."""
    return "—" if x is None or _undefined(x) else f"{100 * x:+.1f} pts"


def pval(p: float | None) -> str:
    if p is None or _undefined(p):
        return "—"
    return "<0.001" if p < 0.001 else f"{p:.3f}"
