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

from pydantic import BaseModel, ConfigDict

from medrubric.analysis.cutoffs import Cutoff
from medrubric.analysis.results import Scored, scored
from medrubric.analysis.runs import Run
from medrubric.stats import bootstrap_distribution, percentile_interval, permutation_test_diff

SOURCE_NAMES = {
    "--cutoff": "command line",
    "medrubric.toml": "medrubric.toml",
    "run record": "the run's model record",
    "known-models table": "known-models table",
}


def source_name(source: str) -> str:
    """Where a cutoff came from, in words (the raw flag `--cutoff` reads as noise)."""
    return SOURCE_NAMES.get(source, source)


def diff_ci(
    post: Sequence[float], pre: Sequence[float], seed: int, n_resamples: int
) -> tuple[float, float] | None:
    """Percentile bootstrap CI of mean(post) − mean(pre), each group resampled on its own."""
    if not post or not pre:
        return None
    diffs = bootstrap_distribution(post, n_resamples=n_resamples, seed=seed) - (
        bootstrap_distribution(pre, n_resamples=n_resamples, seed=seed + 1)
    )
    return percentile_interval(diffs)


MIN_MONTH_N = 5  # a month with fewer scored cases is shown apart, not joined into the line


class MonthPoint(BaseModel):
    months_from_cutoff: int  # 0 = the cutoff's own month, -1 the month before, ...
    score: float
    n: int
    ci95: tuple[float, float] | None = None  # bootstrap CI of the month's mean

    @property
    def too_few(self) -> bool:
        return self.n < MIN_MONTH_N


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
    post_minus_pre_ci95: tuple[float, float] | None = None  # bootstrap CI of mean(post) − mean(pre)
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
        post_minus_pre_ci95=diff_ci(post, pre, seed, n_resamples),
        pvalue=test.pvalue if test else None,
        exact=test.exact if test else None,
        significant=bool(test and test.statistic > 0 and test.pvalue < alpha),
        by_month=[
            MonthPoint(months_from_cutoff=m, score=s.score, n=s.n, ci95=s.ci95)
            for m, v in sorted(months.items())
            if (s := scored(v, seed, n_resamples))
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
