"""Agreement figures computed live from the stored labels, all through `medrubric.stats`.

A *unit* is one question of one item (e.g. advice element 2 of a case); each facet's
units x reviewers table feeds Gwet's AC1, Fleiss' kappa and raw pairwise agreement, and
every reviewer pair sharing units gets Cohen's kappa. AC1 and kappa get 95% CIs from a
cluster bootstrap over cases (a case's units move together), and where they diverge because
one answer dominates, a note says why. "Can't judge" answers are left out of every figure
(as a missing rating) and counted per facet. Verdict labels are also compared with the
grader (Macro F1, and case-level Pearson of the grader's score against the mean reviewer
score); injected-error reviews give the "could change management" yes-rate with a cluster
bootstrap CI over cases.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Sequence

import numpy as np
from pydantic import BaseModel

from medrubric.review.models import UNSURE, Item, LabelRecord
from medrubric.review.tasks import facet_of
from medrubric.scoring import case_score
from medrubric.stats import (
    cluster_bootstrap_ci,
    cluster_totals_distribution,
    cohen_kappa,
    defined_percentile_interval,
    fleiss_kappa,
    fleiss_kappa_from_sums,
    gwet_ac1,
    gwet_ac1_from_sums,
    gwet_ac1_terms,
    macro_f1,
    pearson,
    raw_agreement,
)

Unit = tuple[str, str]  # (item key, question field)
Interval = tuple[float | None, float | None]
GRADER = "grader"
N_RESAMPLES = 10_000
# kappa and AC1 are explained side by side when they differ by more than this while one
# answer holds more than PREVALENCE_SKEW of the ratings (the "kappa paradox")
DIVERGENCE = 0.2
PREVALENCE_SKEW = 0.8


class PairFigure(BaseModel):
    """A figure for two raters over the units both rated."""

    a: str
    b: str
    n: int
    value: float | None


class FacetAgreement(BaseModel):
    facet: str
    n_units: int
    n_labels: int  # yes/no answers (the ones the figures use)
    n_unsure: int  # "can't judge" answers, left out of every figure
    n_raters: int
    n_cases: int
    gwet_ac1: float | None
    gwet_ac1_ci95: Interval
    fleiss_kappa: float | None
    fleiss_kappa_ci95: Interval
    raw_agreement: float | None
    cohen_kappa_mean: float | None
    cohen_kappa: list[PairFigure]
    yes_share: float | None  # share of the yes/no answers that are yes
    kappa_note: str | None  # why kappa and AC1 diverge, when prevalence makes them


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
    n_unsure: int  # "can't judge" reviews, left out of the rate
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
    """(item, field) -> reviewer -> yes? "Can't judge" answers are left out, as a rating
    not given; a unit only such answers reached is present and empty."""
    table: dict[Unit, dict[str, bool]] = defaultdict(dict)
    for label in labels:
        for field, answer in label.answers.items():
            ratings = table[(label.item_key, field)]
            if answer != UNSURE:
                ratings[label.reviewer] = answer == "yes"
    return table


def unsure_count(labels: Sequence[LabelRecord]) -> dict[Unit, int]:
    """(item, field) -> how many reviewers answered "can't judge"."""
    counts: dict[Unit, int] = defaultdict(int)
    for label in labels:
        for field, answer in label.answers.items():
            if answer == UNSURE:
                counts[(label.item_key, field)] += 1
    return counts


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


def _ac1_kappa(sums: np.ndarray) -> np.ndarray:
    """[AC1, Fleiss' kappa] of each row of summed AC1 terms."""
    return np.column_stack([gwet_ac1_from_sums(sums), fleiss_kappa_from_sums(sums)])


def _bootstrap_cis(
    table: list[list[bool | None]], cases: Sequence[str], seed: int = 0
) -> tuple[Interval, Interval]:
    """95% CIs of AC1 and Fleiss' kappa by one cluster bootstrap over cases: each case's
    units add up to one row of AC1 terms, and both coefficients come from the same
    resamples (resamples where one is undefined are left out of its interval)."""
    terms = gwet_ac1_terms(table, (True, False))
    order = sorted(set(cases))
    row = {case: n for n, case in enumerate(order)}
    by_case = np.zeros((len(order), terms.shape[1]))
    np.add.at(by_case, [row[c] for c in cases], terms)
    draws = cluster_totals_distribution(by_case, _ac1_kappa, N_RESAMPLES, seed)
    out = []
    for column in (0, 1):
        lo, hi = defined_percentile_interval(draws[:, column])
        out.append((_num(lo), _num(hi)))
    return out[0], out[1]


def kappa_note(
    ac1: float | None, kappa: float | None, yes_share: float | None, pe_kappa: float, pe_ac1: float
) -> str | None:
    """One sentence on why kappa sits far below AC1, when one answer dominates."""
    if ac1 is None or kappa is None or yes_share is None:
        return None
    major, share = ("yes", yes_share) if yes_share >= 0.5 else ("no", 1 - yes_share)
    if abs(kappa - ac1) <= DIVERGENCE or share <= PREVALENCE_SKEW:
        return None
    return (
        f"{share:.0%} of the answers are {major!r}: κ counts agreement on {major!r} as "
        f"mostly chance (its chance agreement is {pe_kappa:.2f}) while AC1's chance term "
        f"stays at {pe_ac1:.2f}, so κ ({kappa:.2f}) falls far below AC1 ({ac1:.2f}) on "
        "the same raw agreement. This is the prevalence effect on κ: read AC1 and raw "
        "agreement for how often reviewers agree, and κ as a sign that the rare answer is "
        "seldom given by both."
    )


def facet_agreement(
    facet: str,
    units: dict[Unit, dict[str, bool]],
    case_of: dict[str, str],
    n_unsure: int = 0,
) -> FacetAgreement:
    """Figures of one facet; `case_of` maps item keys to the case a unit is resampled with."""
    rated = {unit: r for unit, r in units.items() if r}
    raters = sorted({name for r in rated.values() for name in r})
    table = [[r.get(name) for name in raters] for r in rated.values()]
    pairs = _pairwise(rated, raters, "kappa")
    cases = [case_of[unit[0]] for unit in rated]
    ac1 = fleiss = None
    ac1_ci: Interval = (None, None)
    fleiss_ci: Interval = (None, None)
    yes_share = raw = note = None
    if rated:
        ac1_result = gwet_ac1(table, categories=[True, False])
        fleiss_result = fleiss_kappa(table, categories=[True, False])
        ac1, fleiss = _num(ac1_result.statistic), _num(fleiss_result.statistic)
        raw = _num(raw_agreement(table))
        ac1_ci, fleiss_ci = _bootstrap_cis(table, cases)
        answers = [v for r in rated.values() for v in r.values()]
        yes_share = sum(answers) / len(answers)
        note = kappa_note(
            ac1,
            fleiss,
            yes_share,
            fleiss_result.chance_agreement,
            ac1_result.chance_agreement,
        )
    return FacetAgreement(
        facet=facet,
        n_units=sum(1 for r in rated.values() if len(r) >= 2),
        n_labels=sum(len(r) for r in rated.values()),
        n_unsure=n_unsure,
        n_raters=len(raters),
        n_cases=len(set(cases)),
        gwet_ac1=ac1,
        gwet_ac1_ci95=ac1_ci if ac1 is not None else (None, None),
        fleiss_kappa=fleiss,
        fleiss_kappa_ci95=fleiss_ci if fleiss is not None else (None, None),
        raw_agreement=raw,
        cohen_kappa_mean=_mean(pairs),
        cohen_kappa=pairs,
        yes_share=yes_share,
        kappa_note=note,
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
    reviews = [lab for lab in labels if lab.task == "injected"]
    if not reviews:
        return None
    rows = [lab for lab in reviews if lab.answers["changes_management"] != UNSURE]
    n_unsure = len(reviews) - len(rows)
    if not rows:
        return InjectedRate(
            n_labels=0, n_unsure=n_unsure, n_cases=0, yes_rate=None, ci95=(None, None)
        )
    values = [1.0 if lab.answers["changes_management"] == "yes" else 0.0 for lab in rows]
    clusters = [lab.case_id for lab in rows]
    lo, hi = cluster_bootstrap_ci(values, clusters, n_resamples=10_000, seed=seed)
    return InjectedRate(
        n_labels=len(rows),
        n_unsure=n_unsure,
        n_cases=len(set(clusters)),
        yes_rate=sum(values) / len(values),
        ci95=(_num(lo), _num(hi)),
    )


def agreement_report(items: Sequence[Item], labels: Sequence[LabelRecord]) -> AgreementReport:
    task_of = {i.key: i.task for i in items}
    case_of = {i.key: i.case_id for i in items}
    units = ratings_by_unit(labels)
    unsure = unsure_count(labels)
    by_facet: dict[str, dict[Unit, dict[str, bool]]] = defaultdict(dict)
    for unit, ratings in units.items():
        by_facet[facet_of(task_of[unit[0]], unit[1])][unit] = ratings
    return AgreementReport(
        facets=[
            facet_agreement(f, u, case_of, sum(unsure.get(unit, 0) for unit in u))
            for f, u in by_facet.items()
        ],
        fidelity=grader_fidelity(items, units),
        injected=injected_rate(labels),
    )
