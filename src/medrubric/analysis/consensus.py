"""ClinConsensus analyses (seed 003) of several runs: CACS@k with rubric accuracy, threshold
sensitivity of the model ranking, response-length diagnostics, cross-grader robustness and
strata by difficulty, dialogue register and task theme.

CACS needs binary, equal-weight rubrics. When any run has weighted criteria, the CACS parts
are left out and the other analyses use the LiveMedBench case score instead.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict

from medrubric.analysis.results import Correlation, Scored, correlation, scored
from medrubric.analysis.runs import Run
from medrubric.data.models import CaseGrade
from medrubric.errors import InputError
from medrubric.scoring import cacs_at_k, summarize_cacs
from medrubric.stats import kendall_tau_b, partial_corr, pearson, spearman, top_k_overlap

SENSITIVITY_KS = tuple(range(6, 16))
STRATA_KEYS = ("difficulty", "register", "task")
ORDERED_VALUES = ("easy", "low", "medium", "moderate", "high", "hard")  # shown in this order
Covariate = Literal["n_criteria", "theme", "none"]


class SensitivityRow(BaseModel):
    k: int
    scores: dict[str, float]
    spearman_vs_main: Correlation
    top3_overlap: float | None
    top5_overlap: float | None


class LengthDiagnostics(BaseModel):
    model_config = ConfigDict(extra="forbid")

    model: str  # a model label, or "all" for the pooled answers
    n: int
    mean_length: float | None
    pearson: Correlation
    spearman: Correlation
    partial: Correlation  # controlling for the covariate
    # Within this model, Pearson r has the opposite sign of the pooled r (Simpson's paradox:
    # the pooled figure then reflects differences between models, not length within one)
    reversed_vs_pooled: bool = False


class Robustness(BaseModel):
    """The same models' answers under grader A and grader B, compared as model rankings."""

    model_config = ConfigDict(extra="forbid")

    grader_a: str
    grader_b: str
    models: list[str]
    scores_a: dict[str, float]
    scores_b: dict[str, float]
    spearman: Correlation
    kendall_tau_b: Correlation
    mean_abs_diff: float | None
    top3_overlap: float | None
    top5_overlap: float | None
    unmatched: list[str]  # models graded by only one of the two


class ConsensusReport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    k: int
    metric: Literal["cacs", "score"]  # what the per-case analyses use
    cacs: dict[str, dict[str, Any]] | None  # model -> medrubric.scoring.summarize_cacs
    sensitivity: list[SensitivityRow] | None
    covariate: Covariate
    length: list[LengthDiagnostics]
    robustness: Robustness | None
    strata: dict[str, dict[str, dict[str, Scored]]]  # tag key -> value -> model -> score


def is_binary(grades: Sequence[CaseGrade]) -> bool:
    """Every answered case has criteria of one equal, positive weight."""
    answered = [g for g in grades if g.response_error is None and g.criteria]
    return bool(answered) and all(
        len({v.weight for v in g.criteria}) == 1 and g.criteria[0].weight > 0 for g in answered
    )


def case_cacs(grade: CaseGrade, k: int) -> float | None:
    """CACS@k of one answer; None when it failed or any verdict is in error (see scoring)."""
    if grade.response_error is not None or any(v.error for v in grade.criteria):
        return None
    hits = sum(bool(v.met) for v in grade.criteria)
    return cacs_at_k(hits, len(grade.criteria), k)


def case_values(run: Run, k: int, metric: str) -> dict[str, float]:
    """Case id -> CACS@k or case score, for the answers that have one."""
    if metric == "score":
        return run.scores()
    values = {g.case_id: case_cacs(g, k) for g in run.grades}
    return {cid: v for cid, v in values.items() if v is not None}


def _mean(values: dict[str, float]) -> float | None:
    return float(np.mean(list(values.values()))) if values else None


def _overlap(a: dict[str, float], b: dict[str, float], k: int) -> float | None:
    value = top_k_overlap(a, b, k)
    return None if math.isnan(value) else value


def threshold_sensitivity(runs: Sequence[Run], k: int) -> list[SensitivityRow]:
    """Rankings at k = 6..15 (up to the smallest rubric) against the ranking at the main k."""
    n_min = min(len(g.criteria) for r in runs for g in r.grades if g.criteria)
    means = {
        kk: {r.model: m for r in runs if (m := _mean(case_values(r, kk, "cacs"))) is not None}
        for kk in sorted({*SENSITIVITY_KS, k})
        if kk <= n_min
    }
    main = means[k]
    rows = []
    for kk, scores in means.items():
        shared = sorted(set(scores) & set(main))
        rows.append(
            SensitivityRow(
                k=kk,
                scores=scores,
                spearman_vs_main=correlation(
                    spearman([main[m] for m in shared], [scores[m] for m in shared])
                ),
                top3_overlap=_overlap(main, scores, 3),
                top5_overlap=_overlap(main, scores, 5),
            )
        )
    return rows


def _covariates(runs_rows: list[tuple[float, int, str]], covariate: Covariate) -> np.ndarray:
    if covariate == "n_criteria":
        return np.array([n for _, n, _ in runs_rows], dtype=float)
    if covariate == "theme":
        themes = sorted({t for _, _, t in runs_rows})[1:]  # one level is the baseline
        return np.array([[float(t == level) for level in themes] for _, _, t in runs_rows])
    return np.zeros((len(runs_rows), 0))


def length_diagnostics(
    name: str, points: list[tuple[float, float, int, str]], covariate: Covariate
) -> LengthDiagnostics:
    """points: (answer length in characters, value, criteria count, theme) per answer."""
    lengths = [p[0] for p in points]
    values = [p[1] for p in points]
    covar = _covariates([(p[1], p[2], p[3]) for p in points], covariate)
    return LengthDiagnostics(
        model=name,
        n=len(points),
        mean_length=float(np.mean(lengths)) if lengths else None,
        pearson=correlation(pearson(lengths, values)),
        spearman=correlation(spearman(lengths, values)),
        partial=correlation(partial_corr(lengths, values, covar)),
    )


def length_analysis(
    runs: Sequence[Run], k: int, metric: str, covariate: Covariate
) -> list[LengthDiagnostics]:
    """Per model and pooled; answer length is counted in characters (language-neutral)."""
    per_model: dict[str, list[tuple[float, float, int, str]]] = {}
    for run in runs:
        values = case_values(run, k, metric)
        per_model[run.model] = [
            (float(len(row.answer)), values[row.case_id], row.n_criteria, row.theme)
            for row in run.rows()
            if row.answer is not None and row.case_id in values
        ]
    pooled = [p for points in per_model.values() for p in points]
    out = [length_diagnostics(m, pts, covariate) for m, pts in per_model.items() if pts]
    if len(per_model) > 1 and pooled:
        everyone = length_diagnostics("all", pooled, covariate)
        r_all = everyone.pearson.statistic
        for row in out:
            r = row.pearson.statistic
            row.reversed_vs_pooled = bool(r and r_all and (r > 0) != (r_all > 0))
        out.append(everyone)
    return out


def robustness(runs_a: Sequence[Run], runs_b: Sequence[Run], k: int, metric: str) -> Robustness:
    """Per model, the mean over the cases both graders scored; then rank agreement."""
    by_b = {r.model: r for r in runs_b}
    scores_a: dict[str, float] = {}
    scores_b: dict[str, float] = {}
    for run in runs_a:
        other = by_b.get(run.model)
        if other is None:
            continue
        a, b = case_values(run, k, metric), case_values(other, k, metric)
        common = set(a) & set(b)
        if common:
            scores_a[run.model] = float(np.mean([a[c] for c in common]))
            scores_b[run.model] = float(np.mean([b[c] for c in common]))
    models = sorted(scores_a)
    xa, xb = [scores_a[m] for m in models], [scores_b[m] for m in models]
    unmatched = sorted({r.model for r in runs_a} ^ set(by_b))
    return Robustness(
        grader_a=", ".join(sorted({r.grader for r in runs_a})),
        grader_b=", ".join(sorted({r.grader for r in runs_b})),
        models=models,
        scores_a=scores_a,
        scores_b=scores_b,
        spearman=correlation(spearman(xa, xb)),
        kendall_tau_b=correlation(kendall_tau_b(xa, xb)),
        mean_abs_diff=float(np.mean(np.abs(np.subtract(xa, xb)))) if models else None,
        top3_overlap=_overlap(scores_a, scores_b, 3),
        top5_overlap=_overlap(scores_a, scores_b, 5),
        unmatched=unmatched,
    )


def strata(
    runs: Sequence[Run], k: int, metric: str, seed: int, n_resamples: int
) -> dict[str, dict[str, dict[str, Scored]]]:
    """Mean per `difficulty:`, `register:` and `task:` tag value (multi-label counts in each)."""
    out: dict[str, dict[str, dict[str, Scored]]] = {}
    for key in STRATA_KEYS:
        groups: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
        for run in runs:
            values = case_values(run, k, metric)
            for row in run.rows():
                if row.case_id in values:
                    for value in row.tag_values(key):
                        groups[value][run.model].append(values[row.case_id])
        if groups:
            out[key] = {
                value: {m: s for m, v in per_model.items() if (s := scored(v, seed, n_resamples))}
                for value, per_model in sorted(groups.items(), key=_stratum_order)
            }
    return out


def _stratum_order(item: tuple[str, Any]) -> tuple[int, str]:
    """Ordinal values (low, medium, high) in their order, then the rest alphabetically."""
    value = item[0]
    rank = ORDERED_VALUES.index(value) if value in ORDERED_VALUES else len(ORDERED_VALUES)
    return rank, value


def _cacs_summaries(
    runs: Sequence[Run], runs_b: Sequence[Run], k: int, seed: int, n_resamples: int
) -> dict[str, dict[str, Any]]:
    """summarize_cacs of every run; a k above some rubric's N (grader B's too) is an input error."""
    try:
        for run in runs_b:
            summarize_cacs(run.grades, k, n_resamples=1)
        return {
            r.model: dict(summarize_cacs(r.grades, k, seed=seed, n_resamples=n_resamples))
            for r in runs
        }
    except ValueError as exc:
        raise InputError(f"--k: {exc}") from None


def consensus(
    runs: Sequence[Run],
    k: int = 10,
    *,
    runs_b: Sequence[Run] = (),
    covariate: Covariate = "n_criteria",
    seed: int = 0,
    n_resamples: int = 10_000,
) -> ConsensusReport:
    binary = all(is_binary(r.grades) for r in runs) and all(is_binary(r.grades) for r in runs_b)
    metric: Literal["cacs", "score"] = "cacs" if binary else "score"
    cacs = _cacs_summaries(runs, runs_b, k, seed, n_resamples) if binary else None
    return ConsensusReport(
        k=k,
        metric=metric,
        cacs=cacs,
        sensitivity=threshold_sensitivity(runs, k) if binary else None,
        covariate=covariate,
        length=length_analysis(runs, k, metric, covariate),
        robustness=robustness(runs, runs_b, k, metric) if runs_b else None,
        strata=strata(runs, k, metric, seed, n_resamples),
    )
