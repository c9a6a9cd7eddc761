"""Rater agreement as additive 2×2 tables per (case, comparison), so every agreement figure of
the meta-eval gets a cluster-bootstrap CI over cases that estimates that very figure.

A comparison ("unit") is, e.g., the grader against physician A, or physician A against
the other physicians of each item. Its table over a set of cases is the sum of its
per-case tables, so resampling cases with replacement is a matrix product
(``medrubric.stats.cluster_totals_distribution``) and a figure's point estimate is the same function
applied to the column sums.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass

import numpy as np
from scipy import sparse

from medrubric.stats import cluster_totals_distribution, defined_percentile_interval
from medrubric.stats._arrays import FloatArray

Interval = tuple[float, float]
# (rater, compared with or within): ("A", "grader"), ("A", "B"), ("A", "others"), ("A", theme)
Unit = tuple[str, str]
TableStatistic = Callable[[FloatArray], FloatArray]  # (..., 4) -> (...)
Combine = Callable[[FloatArray], FloatArray]  # (rows, units, 4) -> (rows,)


@dataclass(frozen=True)
class Estimate:
    """A figure and its 95% CI; None where the figure is undefined."""

    value: float | None
    ci95: Interval | None


def _finite(x: float) -> float | None:
    return float(x) if math.isfinite(x) else None


class UnitTables:
    """Per-case 2×2 tables of named comparisons: (self, other) label pairs are added one at
    a time; rows are cases, columns the four counts of each unit side by side."""

    def __init__(self) -> None:
        self._cells: dict[tuple[Hashable, Unit], FloatArray] = defaultdict(lambda: np.zeros(4))

    def add(self, case: Hashable, unit: Unit, own: bool, other: bool) -> None:
        """One label pair; ``own`` plays the prediction, ``other`` the truth."""
        self._cells[(case, unit)][(0 if other else 1) if own else (2 if other else 3)] += 1

    def freeze(self, cases: Iterable[Hashable]) -> FrozenTables:
        case_index = {c: i for i, c in enumerate(dict.fromkeys(cases))}
        units = sorted({u for _, u in self._cells})
        unit_index = {u: j for j, u in enumerate(units)}
        rows, cols, data = [], [], []
        for (case, unit), counts in self._cells.items():
            for k in range(4):
                if counts[k]:
                    rows.append(case_index[case])
                    cols.append(4 * unit_index[unit] + k)
                    data.append(counts[k])
        shape = (len(case_index), 4 * len(units))
        matrix = sparse.csr_array((data, (rows, cols)), shape=shape, dtype=float)
        return FrozenTables(units, matrix)


@dataclass(frozen=True)
class FrozenTables:
    units: list[Unit]
    by_case: sparse.csr_array  # cases × (4 · units)

    def totals(self) -> FloatArray:
        """units × 4: each unit's table over all cases."""
        return np.asarray(self.by_case.sum(axis=0), dtype=float).reshape(len(self.units), 4)

    def per_unit(self, stat: TableStatistic) -> dict[Unit, float | None]:
        values = stat(self.totals())
        return {u: _finite(v) for u, v in zip(self.units, values, strict=True)}

    def estimates(
        self, combines: Mapping[str, Combine], n_resamples: int, seed: int
    ) -> dict[str, Estimate]:
        """Each ``combine`` maps (rows, units, 4) tables to one figure per row: its value on
        the data with its cluster-bootstrap interval over cases, all from the same resamples."""
        if not self.units:
            return {name: Estimate(None, None) for name in combines}
        n_units = len(self.units)

        def stat(summed: FloatArray) -> FloatArray:
            tables = summed.reshape(summed.shape[0], n_units, 4)
            return np.stack([combine(tables) for combine in combines.values()], axis=-1)

        points = stat(self.totals().reshape(1, -1))[0]
        distribution = cluster_totals_distribution(self.by_case, stat, n_resamples, seed)
        out = {}
        for j, name in enumerate(combines):
            point = _finite(float(points[j]))
            lo, hi = defined_percentile_interval(distribution[:, j])
            ci = (lo, hi) if point is not None and math.isfinite(lo) else None
            out[name] = Estimate(point, ci)
        return out


def unit_mean(stat: TableStatistic) -> Combine:
    """The mean over units of ``stat``, leaving out units where it is undefined."""

    def combine(tables: FloatArray) -> FloatArray:
        values = stat(tables)
        defined = ~np.isnan(values)
        with np.errstate(invalid="ignore", divide="ignore"):
            out: FloatArray = np.where(defined, values, 0).sum(-1) / defined.sum(-1)
        return out

    return combine


def unit_weighted_mean(stat: TableStatistic, weight: TableStatistic) -> Combine:
    """Σ weight · stat / Σ weight over the units where ``stat`` is defined."""

    def combine(tables: FloatArray) -> FloatArray:
        values, weights = stat(tables), weight(tables)
        weights = np.where(np.isnan(values), 0.0, weights)
        with np.errstate(invalid="ignore", divide="ignore"):
            out: FloatArray = np.nan_to_num(values * weights).sum(-1) / weights.sum(-1)
        return out

    return combine


def on_units(combine: Combine, columns: list[int]) -> Combine:
    """``combine`` of some of the units only (e.g. those of one category)."""
    index = np.asarray(columns, dtype=np.intp)

    def restricted(tables: FloatArray) -> FloatArray:
        return combine(tables[:, index])

    return restricted
