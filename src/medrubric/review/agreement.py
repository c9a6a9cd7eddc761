"""Agreement figures computed live from the stored labels, all through `medrubric.stats`.

A *unit* is one question of one item (e.g. advice element 2 of a case); each facet's
units x reviewers table feeds Gwet's AC1, Fleiss' kappa and raw pairwise agreement, and
every reviewer pair sharing units gets Cohen's kappa. Verdict labels are also compared with
the grader (Macro F1, and case-level Pearson of the grader's score against the mean reviewer
score); injected-error reviews give the "could change management" yes-rate with a cluster
bootstrap CI over cases.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Sequence

from pydantic import BaseModel

from medrubric.review.models import Item, LabelRecord
from medrubric.review.tasks import facet_of
from medrubric.scoring import case_score
from medrubric.stats import (
    cluster_bootstrap_ci,
    cohen_kappa,
    fleiss_kappa,
    gwet_ac1,
    macro_f1,
    pearson,
    raw_agreement,
)

Unit = tuple[str, str]  # (item key, question field)
GRADER = "grader"


class PairFigure(BaseModel):
    """A figure for two raters over the units both rated."""

    a: str
    b: str
    n: int
    value: float | None


class FacetAgreement(BaseModel):
    facet: str
    n_units: int
    n_labels: int
    n_raters: int
    gwet_ac1: float | None
    fleiss_kappa: float | None
    raw_agreement: float | None
    cohen_kappa_mean: float | None
    cohen_kappa: list[PairFigure]


class GraderFidelity(BaseModel):
    grader_vs_reviewer: list[PairFigure]
    grader_vs_reviewer_mean: float | None
    reviewer_vs_reviewer: list[PairFigure]
    reviewer_vs_reviewer_mean: float | None
    n_answers: int
    pearson: float | None
    pearson_pvalue: float | None


class InjectedRate(BaseModel):
    n_labels: int
    n_cases: int
    yes_rate: float | None
    ci95: tuple[float | None, float | None]


class AgreementReport(BaseModel):
    facets: list[FacetAgreement]
    fidelity: GraderFidelity | None
    injected: InjectedRate | None


def _num(x: float) -> float | None:
    return None if math.isnan(x) else float(x)


def _mean(figures: Sequence[PairFigure]) -> float | None:
    values = [f.value for f in figures if f.value is not None]
    return sum(values) / len(values) if values else None


def ratings_by_unit(labels: Sequence[LabelRecord]) -> dict[Unit, dict[str, bool]]:
    """(item, field) -> reviewer -> yes?"""
    table: dict[Unit, dict[str, bool]] = defaultdict(dict)
    for label in labels:
        for field, answer in label.answers.items():
            table[(label.item_key, field)][label.reviewer] = answer == "yes"
    return table


def _pairwise(
    units: dict[Unit, dict[str, bool]], raters: Sequence[str], figure: str
) -> list[PairFigure]:
    out: list[PairFigure] = []
    for a, b in itertools.combinations(raters, 2):
        shared = [r for r in units.values() if a in r and b in r]
        if not shared:
            continue
        x, y = [r[a] for r in shared], [r[b] for r in shared]
        value = cohen_kappa(x, y).statistic if figure == "kappa" else macro_f1(x, y)
        out.append(PairFigure(a=a, b=b, n=len(shared), value=_num(value)))
    return out


def facet_agreement(facet: str, units: dict[Unit, dict[str, bool]]) -> FacetAgreement:
    raters = sorted({name for r in units.values() for name in r})
    table = [[r.get(name) for name in raters] for r in units.values()]
    pairs = _pairwise(units, raters, "kappa")
    return FacetAgreement(
        facet=facet,
        n_units=sum(1 for r in units.values() if len(r) >= 2),
        n_labels=sum(len(r) for r in units.values()),
        n_raters=len(raters),
        gwet_ac1=_num(gwet_ac1(table, categories=[True, False]).statistic),
        fleiss_kappa=_num(fleiss_kappa(table, categories=[True, False]).statistic),
        raw_agreement=_num(raw_agreement(table)),
        cohen_kappa_mean=_mean(pairs),
        cohen_kappa=pairs,
    )


def _answer_scores(
    items: Sequence[Item], units: dict[Unit, dict[str, bool]]
) -> list[tuple[float, float]]:
    """(grader score, mean reviewer score) of each answer fully labelled by both sides."""
    groups: dict[str, list[Item]] = defaultdict(list)
    for item in items:
        groups[item.group].append(item)
    out: list[tuple[float, float]] = []
    for members in groups.values():
        if any(i.reference is None for i in members):
            continue
        weights = [int(i.payload["criterion"]["weight"]) for i in members]
        rows = [units.get((i.key, "met"), {}) for i in members]
        full = set.intersection(*(set(r) for r in rows))
        if not full:
            continue
        grader = case_score(weights, [bool(i.reference and i.reference["met"]) for i in members])
        scores = [case_score(weights, [r[name] for r in rows]) for name in sorted(full)]
        out.append((grader, sum(scores) / len(scores)))
    return out


def grader_fidelity(
    items: Sequence[Item], units: dict[Unit, dict[str, bool]]
) -> GraderFidelity | None:
    """Grader vs reviewers on verdict items that carry the grader's verdict."""
    verdicts = [i for i in items if i.task == "verdict" and i.reference is not None]
    if not verdicts:
        return None
    graded: dict[Unit, dict[str, bool]] = {}
    for item in verdicts:
        reviewers = units.get((item.key, "met"), {})
        if reviewers:
            assert item.reference is not None
            graded[(item.key, "met")] = {**reviewers, GRADER: item.reference["met"]}
    raters = sorted({name for r in graded.values() for name in r} - {GRADER})
    vs_grader = [
        PairFigure(
            a=GRADER,
            b=name,
            n=len(rows := [r for r in graded.values() if name in r]),
            value=_num(macro_f1([r[name] for r in rows], [r[GRADER] for r in rows])),
        )
        for name in raters
    ]
    among = _pairwise(graded, raters, "f1")
    scores = _answer_scores(verdicts, units)
    corr = pearson([g for g, _ in scores], [m for _, m in scores]) if len(scores) >= 3 else None
    return GraderFidelity(
        grader_vs_reviewer=vs_grader,
        grader_vs_reviewer_mean=_mean(vs_grader),
        reviewer_vs_reviewer=among,
        reviewer_vs_reviewer_mean=_mean(among),
        n_answers=len(scores),
        pearson=_num(corr.statistic) if corr else None,
        pearson_pvalue=_num(corr.pvalue) if corr else None,
    )


def injected_rate(labels: Sequence[LabelRecord], seed: int = 0) -> InjectedRate | None:
    """Share of reviews answering yes, CI by cluster bootstrap over cases (10,000 draws)."""
    rows = [lab for lab in labels if lab.task == "injected"]
    if not rows:
        return None
    values = [1.0 if lab.answers["changes_management"] == "yes" else 0.0 for lab in rows]
    clusters = [lab.case_id for lab in rows]
    lo, hi = cluster_bootstrap_ci(values, clusters, n_resamples=10_000, seed=seed)
    return InjectedRate(
        n_labels=len(rows),
        n_cases=len(set(clusters)),
        yes_rate=sum(values) / len(values),
        ci95=(_num(lo), _num(hi)),
    )


def agreement_report(items: Sequence[Item], labels: Sequence[LabelRecord]) -> AgreementReport:
    task_of = {i.key: i.task for i in items}
    units = ratings_by_unit(labels)
    by_facet: dict[str, dict[Unit, dict[str, bool]]] = defaultdict(dict)
    for unit, ratings in units.items():
        by_facet[facet_of(task_of[unit[0]], unit[1])][unit] = ratings
    return AgreementReport(
        facets=[facet_agreement(f, u) for f, u in by_facet.items()],
        fidelity=grader_fidelity(items, units),
        injected=injected_rate(labels),
    )
