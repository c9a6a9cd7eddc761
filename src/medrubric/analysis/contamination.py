"""Contamination / obsolescence (LiveMedBench §4): does a model score lower on cases published
after its knowledge cutoff than on cases it could have seen in training?

Per model: full, pre-cutoff and post-cutoff scores with bootstrap CIs, the paper's drop
(full − post), and a one-sided permutation test of mean(pre) > mean(post) on case scores.
A case published on the cutoff day counts as pre-cutoff; undated cases are counted apart.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Sequence

import numpy as np
from pydantic import BaseModel, ConfigDict

from medrubric.analysis.cutoffs import Cutoff
from medrubric.analysis.results import Scored, scored
from medrubric.analysis.runs import Run
from medrubric.stats import permutation_test_diff


class MonthPoint(BaseModel):
    months_from_cutoff: int  # 0 = the cutoff's own month, -1 the month before, ...
    score: float
    n: int


class ModelContamination(BaseModel):
    model_config = ConfigDict(extra="forbid")

    model: str
    cutoff: dt.date
    cutoff_source: str
    n_undated: int
    full: Scored | None
    pre: Scored | None
    post: Scored | None
    drop: float | None  # full − post: the paper's drop (positive = lower on fresh cases)
    pre_minus_post: float | None
    pvalue: float | None  # permutation test, H1: mean(pre) > mean(post)
    exact: bool | None
    significant: bool
    by_month: list[MonthPoint]


class ContaminationReport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    alpha: float
    seed: int
    n_resamples: int
    models: list[ModelContamination]
    skipped: dict[str, str]  # model -> why it has no split
    n_models_with_post: int
    n_drop: int  # post < full, the paper's "32 of 38"
    n_significant: int


def months_between(start: dt.date, end: dt.date) -> int:
    """Calendar months from `start`'s month to `end`'s month (negative when end is earlier)."""
    return (end.year - start.year) * 12 + (end.month - start.month)


def model_contamination(
    run: Run, cutoff: Cutoff, *, alpha: float = 0.05, seed: int = 0, n_resamples: int = 10_000
) -> ModelContamination:
    pre: list[float] = []
    post: list[float] = []
    months: dict[int, list[float]] = defaultdict(list)
    undated = 0
    for row in run.rows():
        if row.score is None:
            continue
        if row.published_at is None:
            undated += 1
            continue
        (post if row.published_at > cutoff.date else pre).append(row.score)
        months[months_between(cutoff.date, row.published_at)].append(row.score)
    dated = pre + post
    full, post_s = scored(dated, seed, n_resamples), scored(post, seed, n_resamples)
    test = permutation_test_diff(pre, post, n_resamples, seed, "greater") if pre and post else None
    return ModelContamination(
        model=run.model,
        cutoff=cutoff.date,
        cutoff_source=cutoff.source,
        n_undated=undated,
        full=full,
        pre=scored(pre, seed, n_resamples),
        post=post_s,
        drop=full.score - post_s.score if full and post_s else None,
        pre_minus_post=test.statistic if test else None,
        pvalue=test.pvalue if test else None,
        exact=test.exact if test else None,
        significant=bool(test and test.statistic > 0 and test.pvalue < alpha),
        by_month=[
            MonthPoint(months_from_cutoff=m, score=float(np.mean(v)), n=len(v))
            for m, v in sorted(months.items())
        ],
    )


def contamination(
    runs: Sequence[Run],
    cutoffs: dict[str, Cutoff | None],
    *,
    alpha: float = 0.05,
    seed: int = 0,
    n_resamples: int = 10_000,
) -> ContaminationReport:
    """Every run with a known cutoff, and the share of models that score lower after it."""
    results: list[ModelContamination] = []
    skipped: dict[str, str] = {}
    for run in runs:
        cutoff = cutoffs.get(run.model)
        if cutoff is None:
            skipped[run.model] = "no knowledge cutoff (add it to medrubric.toml or use --cutoff)"
            continue
        result = model_contamination(run, cutoff, alpha=alpha, seed=seed, n_resamples=n_resamples)
        if result.full is None:
            skipped[run.model] = "no scored case has a publication date"
            continue
        results.append(result)
    with_post = [r for r in results if r.drop is not None]
    return ContaminationReport(
        alpha=alpha,
        seed=seed,
        n_resamples=n_resamples,
        models=results,
        skipped=skipped,
        n_models_with_post=len(with_post),
        n_drop=sum(r.drop is not None and r.drop > 0 for r in with_post),
        n_significant=sum(r.significant for r in results),
    )
