"""Error analysis (LiveMedBench App. D): where answers fail, and whether models fail together.

- error rate per axis = (unmet positive + met negative criteria) / criteria judged; verdicts
  in error are left out of both counts and reported apart;
- bottom-N overlap: Jaccard of the N lowest-scoring cases of every pair of models, over the
  cases all models answered (N defaults to 100 and is capped by that number);
- correlation matrices: Pearson r between specialties (and between themes) of the models'
  per-group mean scores, i.e. whether models strong in one group are strong in another.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from itertools import combinations

import numpy as np
from pydantic import BaseModel, ConfigDict
from scipy.stats import hypergeom

from medrubric.analysis.results import finite
from medrubric.analysis.runs import CaseRow, Run
from medrubric.data.vocab import AXES, THEMES
from medrubric.stats import jaccard, pearson, wilson_interval


class AxisErrors(BaseModel):
    model_config = ConfigDict(extra="forbid")

    errors: int  # unmet positive + met negative
    judged: int  # verdicts that are met or not met
    grader_errors: int  # verdicts in error, left out
    rate: float | None
    ci95: tuple[float, float] | None  # Wilson interval of the rate


class ModelErrorRates(BaseModel):
    model_config = ConfigDict(extra="forbid")

    model: str
    overall: AxisErrors
    by_axis: dict[str, AxisErrors]


class BottomOverlap(BaseModel):
    model_config = ConfigDict(extra="forbid")

    n: int  # cases per model's bottom set
    n_common_cases: int
    models: list[str]
    matrix: list[list[float]]
    mean: float | None  # mean over distinct pairs
    chance: float | None = None  # expected Jaccard of two random bottom sets of this size


class CorrelationMatrix(BaseModel):
    """Pearson r (and p) between groups, each group a vector of per-model mean scores."""

    model_config = ConfigDict(extra="forbid")

    by: str  # "specialty" or "theme"
    groups: list[str]
    n_models: int
    r: list[list[float | None]]
    p: list[list[float | None]]
    missing: dict[str, list[str]] = {}  # group left out -> the models with no score in it


class ErrorAnalysis(BaseModel):
    model_config = ConfigDict(extra="forbid")

    error_rates: list[ModelErrorRates]
    bottom_overlap: BottomOverlap
    correlations: list[CorrelationMatrix]


def _axis_errors(errors: int, judged: int, grader_errors: int) -> AxisErrors:
    return AxisErrors(
        errors=errors,
        judged=judged,
        grader_errors=grader_errors,
        rate=errors / judged if judged else None,
        ci95=wilson_interval(errors, judged) if judged else None,
    )


def error_rates(run: Run) -> ModelErrorRates:
    """Counts over answered cases; an answer that failed to generate has no verdicts to count."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for grade in run.grades:
        if grade.response_error is not None:
            continue
        for v in grade.criteria:
            for key in (v.axis, "*"):
                tally = counts[key]
                if v.error is not None:
                    tally[2] += 1
                    continue
                tally[1] += 1
                tally[0] += int(bool(v.met) != (v.weight > 0))
    order = [a for a in (*AXES, "unknown") if a in counts]
    return ModelErrorRates(
        model=run.model,
        overall=_axis_errors(*counts["*"]),
        by_axis={axis: _axis_errors(*counts[axis]) for axis in order},
    )


def bottom_cases(scores: dict[str, float], n: int) -> list[str]:
    """The `n` lowest-scoring case ids; equal scores are ordered by case id."""
    return sorted(scores, key=lambda cid: (scores[cid], cid))[:n]


def chance_jaccard(n: int, total: int) -> float | None:
    """E[Jaccard] of two independent uniformly random n-subsets of `total` items: the overlap
    two models would show by chance alone (k shared is hypergeometric, Jaccard = k/(2n − k))."""
    if n <= 0 or total <= 0 or n > total:
        return None
    k = np.arange(max(0, 2 * n - total), n + 1)
    weights = hypergeom.pmf(k, total, n, n)
    return float(np.sum(weights * k / (2 * n - k)))


def bottom_overlap(runs: Sequence[Run], n: int = 100) -> BottomOverlap:
    scores = {run.model: run.scores() for run in runs}
    common = set.intersection(*(set(s) for s in scores.values())) if scores else set()
    size = min(n, len(common))
    bottoms = {m: bottom_cases({c: s[c] for c in common}, size) for m, s in scores.items()}
    models = list(bottoms)
    matrix = [[jaccard(bottoms[a], bottoms[b]) for b in models] for a in models]
    pairs = [jaccard(bottoms[a], bottoms[b]) for a, b in combinations(models, 2)]
    return BottomOverlap(
        n=size,
        n_common_cases=len(common),
        models=models,
        matrix=matrix,
        mean=float(np.mean(pairs)) if pairs and size else None,
        chance=chance_jaccard(size, len(common)),
    )


def group_means(runs: Sequence[Run], key: Callable[[CaseRow], str]) -> dict[str, dict[str, float]]:
    """group -> model -> mean case score."""
    out: dict[str, dict[str, float]] = defaultdict(dict)
    for run in runs:
        groups: dict[str, list[float]] = defaultdict(list)
        for row in run.rows():
            if row.score is not None:
                groups[key(row)].append(row.score)
        for group, values in groups.items():
            out[group][run.model] = float(np.mean(values))
    return dict(out)


MIN_MODELS_FOR_CORRELATION = 3  # with two models every r is ±1


def correlation_matrix(runs: Sequence[Run], by: str) -> CorrelationMatrix:
    """Groups scored by every model, correlated across the models; with fewer than three
    models there is nothing to correlate and the matrix is empty."""
    key: Callable[[CaseRow], str] = (
        (lambda r: r.specialty) if by == "specialty" else (lambda r: r.theme)
    )
    models = [run.model for run in runs]
    means = group_means(runs, key)
    groups = sorted(g for g, per_model in means.items() if set(models) <= set(per_model))
    missing = {
        g: [m for m in models if m not in per_model]
        for g, per_model in sorted(means.items())
        if not set(models) <= set(per_model)
    }
    if by == "theme":  # a theme of the benchmark no run has a case of: no data, not absent
        missing |= {t: list(models) for t in THEMES if t not in means}
    if len(models) < MIN_MODELS_FOR_CORRELATION:
        groups = []
    vectors = {g: [means[g][m] for m in models] for g in groups}
    results = [[pearson(vectors[a], vectors[b]) for b in groups] for a in groups]
    return CorrelationMatrix(
        by=by,
        groups=groups,
        n_models=len(models),
        r=[[finite(c.statistic) for c in row] for row in results],
        p=[[finite(c.pvalue) for c in row] for row in results],
        missing=missing,
    )


def error_analysis(runs: Sequence[Run], bottom_n: int = 100) -> ErrorAnalysis:
    return ErrorAnalysis(
        error_rates=[error_rates(run) for run in runs],
        bottom_overlap=bottom_overlap(runs, bottom_n),
        correlations=[correlation_matrix(runs, "specialty"), correlation_matrix(runs, "theme")],
    )
