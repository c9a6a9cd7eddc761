"""Rubric lint from graded runs: a classical item analysis of every criterion.

For each criterion, over all answers to its case in all runs: how often it is met, and its
discrimination, the point-biserial correlation of its verdict with the rest of the case's
score (the score of the same answer on the case's other criteria), signed by the weight so
that a working negative criterion (met by poor answers) discriminates positively too. A
criterion whose discrimination is significantly below zero rewards what the rest of the
rubric penalises: a candidate sign flip. One met by every answer or by none tells nothing.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from pydantic import BaseModel, ConfigDict
from scipy.special import ndtri

from medrubric.data.models import Case, CaseGrade, Criterion, Verdict
from medrubric.rubric.lint import Finding, Severity
from medrubric.scoring import score_verdicts
from medrubric.stats.correlation import pearson

MIN_ANSWERS = 5  # fewer answers to a case say nothing about its criteria
FLIP_PVALUE = 0.01  # significantly negative discrimination at this level is an error
CONFIDENCE = 0.95


class ItemStats(BaseModel):
    """One criterion over all graded answers to its case."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    case_id: str
    criterion_id: str
    weight: int
    n: int  # answers with a verdict on this criterion and a rest-of-case score
    met_rate: float | None
    discrimination: float | None  # point-biserial r, times the sign of the weight
    ci95: tuple[float, float] | None  # Fisher z interval of the discrimination
    pvalue: float | None  # two-sided, H0: no correlation


def fisher_interval(r: float, n: int, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """Confidence interval of a correlation via Fisher's z = atanh(r), se = 1/sqrt(n - 3)."""
    if n <= 3:
        return -1.0, 1.0
    if abs(r) >= 1.0:
        return r, r
    half = float(ndtri(0.5 + confidence / 2)) / math.sqrt(n - 3)
    z = math.atanh(r)
    return math.tanh(z - half), math.tanh(z + half)


def _pairs(
    grades: Iterable[CaseGrade], clip: bool
) -> dict[tuple[str, str], list[tuple[int, float]]]:
    """(case, criterion) -> [(met 0/1, rest-of-case score)] over every answer."""
    pairs: dict[tuple[str, str], list[tuple[int, float]]] = {}
    for grade in grades:
        if grade.response_error:
            continue
        usable: list[Verdict] = [v for v in grade.criteria if v.error is None and v.met is not None]
        for v in usable:
            rest = score_verdicts([o for o in usable if o is not v], clip)
            if rest is not None:
                pairs.setdefault((grade.case_id, v.criterion_id), []).append(
                    (int(bool(v.met)), rest)
                )
    return pairs


def item_analysis(grades: Sequence[CaseGrade], *, clip: bool = True) -> list[ItemStats]:
    """Met rate and discrimination of every criterion seen in `grades` (all runs together)."""
    weights = {(g.case_id, v.criterion_id): v.weight for g in grades for v in g.criteria}
    items = []
    for (case_id, criterion_id), rows in _pairs(grades, clip).items():
        weight = weights[(case_id, criterion_id)]
        met = [m for m, _ in rows]
        n = len(rows)
        r = pval = None
        ci = None
        if n >= MIN_ANSWERS:
            result = pearson(met, [s for _, s in rows])
            if not math.isnan(result.statistic):
                sign = 1 if weight > 0 else -1
                r, pval = sign * result.statistic, result.pvalue
                ci = fisher_interval(r, n)
        items.append(
            ItemStats(
                case_id=case_id,
                criterion_id=criterion_id,
                weight=weight,
                n=n,
                met_rate=sum(met) / n if n else None,
                discrimination=r,
                ci95=ci,
                pvalue=pval,
            )
        )
    return items


def _finding(
    item: ItemStats,
    check: str,
    severity: Severity,
    reason: str,
    criteria: dict[tuple[str, str], Criterion],
) -> Finding:
    evidence = f"n = {item.n}, met {item.met_rate:.0%}" if item.met_rate is not None else ""
    if item.discrimination is not None and item.ci95 is not None:
        lo, hi = item.ci95
        evidence += (
            f", discrimination {item.discrimination:+.2f} [{lo:+.2f}, {hi:+.2f}], "
            f"p = {item.pvalue:.2g}"
        )
    criterion = criteria.get((item.case_id, item.criterion_id))
    unloaded = {} if criterion else {"criterion_id": item.criterion_id, "weight": item.weight}
    return Finding.for_criterion(
        item.case_id, criterion, check, severity, "runs", reason, evidence, **unloaded
    )


def item_findings(items: Sequence[ItemStats], cases: Sequence[Case] = ()) -> list[Finding]:
    """Candidate sign flips (discrimination significantly below zero) and criteria met by
    every answer or by none (from MIN_ANSWERS answers on)."""
    criteria = {(case.id, c.id): c for case in cases for c in case.rubric}
    findings = []
    for item in items:
        if item.ci95 is not None and item.ci95[1] < 0 and item.pvalue is not None:
            severity: Severity = "error" if item.pvalue < FLIP_PVALUE else "warning"
            good = "low" if item.weight > 0 else "high"
            reason = (
                f"met mostly by answers that score {good} on the rest of the rubric: "
                "a candidate sign flip"
            )
            findings.append(_finding(item, "negative_discrimination", severity, reason, criteria))
        elif item.n >= MIN_ANSWERS and item.met_rate in (0.0, 1.0):
            reason = f"met by {'every answer' if item.met_rate else 'no answer'}: it tells nothing"
            findings.append(_finding(item, "no_information", "note", reason, criteria))
    return findings
