"""Paired comparison of two runs on the same cases (e.g. closed-book vs open-book, §5.4).

The difference is B minus A per case, over the case ids both runs scored. The mean
difference gets a percentile bootstrap CI that resamples cases (so the pairing is kept) and
a two-sided exact sign test: under "no difference" a non-tied case is equally likely to
favour either run, so the number of cases where B is higher is Binomial(n_non-tied, 1/2).
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
from pydantic import BaseModel, ConfigDict, Field
from scipy.stats import binomtest

from medrubric.analysis.runs import Run
from medrubric.evaluate.rundir import run_setup, setup_differences
from medrubric.files import write_text_atomic
from medrubric.scoring.length import length_bias
from medrubric.scoring.records import LengthBias
from medrubric.scoring.resample import bootstrap_means
from medrubric.stats import paired_bootstrap_diff_ci, percentile_interval

TIE_TOLERANCE = 1e-12  # case scores closer than this count as a tie


class CasePair(BaseModel):
    model_config = ConfigDict(extra="forbid")

    case_id: str
    score_a: float
    score_b: float
    diff: float  # score_b - score_a


class SignTest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    b_higher: int
    a_higher: int
    ties: int
    pvalue: float  # two-sided exact binomial; 1.0 when every case is a tie


class Comparison(BaseModel):
    model_config = ConfigDict(extra="forbid")

    run_a: str
    run_b: str
    model_a: str
    model_b: str
    n_pairs: int
    only_in_a: list[str]  # scored in A only (missing or unscored in B)
    only_in_b: list[str]
    mean_a: float | None
    mean_b: float | None
    ci_a: tuple[float, float] | None = None  # case-bootstrap CI (as summary.json's) of mean_a
    ci_b: tuple[float, float] | None = None
    mean_diff: float | None
    ci: tuple[float, float] | None
    confidence: float
    n_resamples: int
    seed: int
    sign_test: SignTest
    pairs: list[CasePair]
    # How the runs differ in case set, grader, mode, prompt or clip: not like with like
    differences: list[str] = Field(default_factory=list)
    # run_setup of each run ("A", "B"): case set, grader, mode, prompt, clip
    setups: dict[str, dict[str, str]] = Field(default_factory=dict)
    # each run's length bias, its adjusted score read at the median answer length of both
    # runs (None when a run has no answer texts)
    length_a: LengthBias | None = None
    length_b: LengthBias | None = None


def common_length_bias(runs: list[Run], n_resamples: int, seed: int) -> list[LengthBias | None]:
    """Each run's length bias with the length-adjusted score read at one reference: the
    median length of every answer of every run compared (docs/scoring.md, "Length bias")."""
    pooled = [n for run in runs for lengths in run.answer_chars.values() for n in lengths]
    if not pooled:
        return [None] * len(runs)
    reference = float(np.median(pooled))
    out: list[LengthBias | None] = []
    for run in runs:
        scores = run.scores()
        measured = [c for c in scores if run.answer_chars.get(c)]
        out.append(
            length_bias(
                [float(np.mean(run.answer_chars[c])) for c in measured],
                [scores[c] for c in measured],
                reference_chars=reference,
                n_resamples=n_resamples,
                seed=seed,
            )
        )
    return out


def sign_test(diffs: list[float]) -> SignTest:
    b_higher = sum(d > TIE_TOLERANCE for d in diffs)
    a_higher = sum(d < -TIE_TOLERANCE for d in diffs)
    n = b_higher + a_higher
    pvalue = float(binomtest(b_higher, n, 0.5).pvalue) if n else 1.0
    return SignTest(b_higher=b_higher, a_higher=a_higher, ties=len(diffs) - n, pvalue=pvalue)


def _ci(bounds: tuple[float, float]) -> tuple[float, float] | None:
    return None if math.isnan(bounds[0]) else bounds


def compare_runs(
    a: Run,
    b: Run,
    *,
    n_resamples: int = 10_000,
    seed: int = 0,
    confidence: float = 0.95,
) -> Comparison:
    """Per-case B - A over the shared scored cases, its mean, bootstrap CI and sign test."""
    scores_a, scores_b = a.scores(), b.scores()
    setups = {"A": run_setup(a.summary, a.grades), "B": run_setup(b.summary, b.grades)}
    differences = setup_differences(setups)
    graded_a, graded_b = {g.case_id for g in a.grades}, {g.case_id for g in b.grades}
    if graded_a != graded_b:
        differences.append(
            f"cases graded: {len(graded_a - graded_b)} in A only, {len(graded_b - graded_a)} "
            "in B only (unpaired)"
        )
    shared = sorted(scores_a.keys() & scores_b.keys())
    pairs = [
        CasePair(
            case_id=i, score_a=scores_a[i], score_b=scores_b[i], diff=scores_b[i] - scores_a[i]
        )
        for i in shared
    ]
    length_a, length_b = common_length_bias([a, b], n_resamples, seed)
    xa = np.array([p.score_a for p in pairs])
    xb = np.array([p.score_b for p in pairs])
    ci = ci_a = ci_b = None
    if pairs:
        ci_a = _ci(percentile_interval(bootstrap_means(xa.tolist(), seed, n_resamples), confidence))
        ci_b = _ci(percentile_interval(bootstrap_means(xb.tolist(), seed, n_resamples), confidence))
        lo, hi = paired_bootstrap_diff_ci(
            xb, xa, n_resamples=n_resamples, seed=seed, confidence=confidence
        )
        ci = None if math.isnan(lo) else (lo, hi)
    return Comparison(
        run_a=str(a.path),
        run_b=str(b.path),
        model_a=a.model,
        model_b=b.model,
        n_pairs=len(pairs),
        only_in_a=sorted(scores_a.keys() - scores_b.keys()),
        only_in_b=sorted(scores_b.keys() - scores_a.keys()),
        mean_a=float(xa.mean()) if pairs else None,
        mean_b=float(xb.mean()) if pairs else None,
        ci_a=ci_a,
        ci_b=ci_b,
        mean_diff=float((xb - xa).mean()) if pairs else None,
        ci=ci,
        confidence=confidence,
        n_resamples=n_resamples,
        seed=seed,
        sign_test=sign_test([p.diff for p in pairs]),
        pairs=pairs,
        differences=differences,
        length_a=length_a,
        length_b=length_b,
        setups=setups,
    )


def write_comparison(path: Path, comparison: Comparison) -> Path:
    """The comparison as one JSON object at `path` (`compare --out`; undefined numbers null)."""
    write_text_atomic(path, comparison.model_dump_json(indent=2) + "\n")
    return path
