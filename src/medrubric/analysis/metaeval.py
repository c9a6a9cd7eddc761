"""Grader agreement with physicians (LiveMedBench §4.1, App. C; HealthBench meta-eval).

Criterion level, two ways, each figure with a 95% cluster-bootstrap CI over cases:

- per physician (LiveMedBench): Macro F1, Cohen's κ and Gwet's AC1 of the grader against
  each physician over the items both labelled, averaged over physicians, next to the same
  numbers for every pair of physicians, averaged over pairs;
- HealthBench (simple-evals' `healthbench_meta_eval`): every (grader, physician) label pair
  pooled into one table, and each physician against all other physicians' labels of the
  same items, pooled per physician, then averaged with HealthBench's weights.

Case level: Pearson r of the grader's case score, and of a holistic judge's 0–10 score,
against the mean of the physicians' case scores.
"""

from __future__ import annotations

import datetime as dt
import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict

from medrubric.analysis.agreement_tables import (
    FrozenTables,
    Unit,
    UnitTables,
    on_units,
    unit_mean,
    unit_weighted_mean,
)
from medrubric.analysis.labels import LabelledAnswer, LabelSet, answer_key
from medrubric.analysis.results import Correlation, correlation, finite
from medrubric.analysis.runs import Run
from medrubric.data.models import CaseGrade
from medrubric.errors import InputError
from medrubric.scoring import case_score, score_verdicts
from medrubric.stats import (
    cluster_totals_ci,
    cohen_kappa_table,
    gwet_ac1_from_sums,
    gwet_ac1_table,
    gwet_ac1_terms,
    healthbench_f1_table,
    healthbench_f1_weight,
    macro_f1_table,
    pearson,
)

Item = tuple[str, str]  # (answer_id, criterion_id)
Interval = tuple[float, float]
Method = Literal["per-physician", "healthbench"]
METHODS: tuple[Method, ...] = ("per-physician", "healthbench")
GRADER = "grader"
N_RESAMPLES = 10_000


class PairAgreement(BaseModel):
    model_config = ConfigDict(extra="forbid")

    rater_a: str
    rater_b: str
    n_items: int
    macro_f1: float | None
    cohen_kappa: float | None
    gwet_ac1: float | None


class AgreementFigures(BaseModel):
    """Macro F1, Cohen's κ and Gwet's AC1, each with its cluster-bootstrap CI over cases."""

    model_config = ConfigDict(extra="forbid")

    macro_f1: float | None
    macro_f1_ci95: Interval | None = None
    cohen_kappa: float | None
    cohen_kappa_ci95: Interval | None = None
    gwet_ac1: float | None
    gwet_ac1_ci95: Interval | None = None


class AgreementSummary(AgreementFigures):
    """Means over the pairs (nan coefficients, e.g. κ when one label is used, left out), each
    with the CI of that mean."""

    n_pairs: int
    pairs: list[PairAgreement]


class PhysicianPooled(BaseModel):
    """One physician against all other physicians' labels of the items they labelled."""

    model_config = ConfigDict(extra="forbid")

    rater: str
    n_label_pairs: int
    weight: float  # HealthBench's n of the balanced F1
    macro_f1: float | None


class CategoryAgreement(BaseModel):
    """The pooled grader F1 and the weighted physician F1 within one category (theme)."""

    model_config = ConfigDict(extra="forbid")

    category: str
    n_label_pairs: int
    macro_f1: float | None
    macro_f1_ci95: Interval | None
    physician_macro_f1: float | None
    physician_macro_f1_ci95: Interval | None


class HealthBenchAgreement(AgreementFigures):
    """simple-evals `healthbench_meta_eval`: pooled label pairs (its `pairwise_*_f1_balanced`);
    κ and AC1 of the same pooled table added. The physician figure is the average of the
    physicians' own pooled F1 weighted by its n, as HealthBench's analysis notebook."""

    n_label_pairs: int
    physician_macro_f1: float | None
    physician_macro_f1_ci95: Interval | None
    physician_macro_f1_unweighted: float | None
    physicians: list[PhysicianPooled]
    by_category: list[CategoryAgreement] = []


class GraderValidity(AgreementFigures):
    """What a run report shows next to its score: the grader's agreement with physicians by
    the meta-eval's headline method."""

    grader: str
    method: Method
    labels: str
    date: dt.date | None
    n_items: int
    n_physicians: int
    physician_macro_f1: float | None


class CaseLevel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    judge: str
    pearson: Correlation
    n_errors: int = 0  # answers the judge failed to score
    # mean over the answers both scored of (judge case score - physicians' case score): the
    # judge's offset, which `compare --offsets` reads to say how far two judges sit apart
    offset: float | None = None


class MetaEvalReport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    grader: str
    labels: str
    method: Method = "per-physician"  # which figures headline the report
    date: dt.date | None = None
    n_resamples: int | None = None
    seed: int | None = None
    n_answers: int
    n_items: int
    n_physicians: int
    n_grader_errors: int  # labelled items whose verdict is an error: left out, counted
    unmatched_answers: list[str]  # labelled answers without a grade
    grader_vs_physician: AgreementSummary
    physician_vs_physician: AgreementSummary
    healthbench: HealthBenchAgreement | None = None
    physicians_ac1: float | None  # all physicians at once, missing ratings allowed
    physicians_ac1_ci95: Interval | None = None
    case_level: list[CaseLevel]

    def validity(self) -> GraderValidity:
        """The headline figures: the pooled HealthBench ones or the per-physician means."""
        hb = self.healthbench
        if self.method == "healthbench" and hb is not None:
            source: AgreementSummary | HealthBenchAgreement = hb
            baseline = hb.physician_macro_f1
        else:
            source, baseline = self.grader_vs_physician, self.physician_vs_physician.macro_f1
        figures = source.model_dump(include=set(AgreementFigures.model_fields))
        return GraderValidity(
            grader=self.grader,
            method="healthbench" if source is hb else "per-physician",
            labels=self.labels,
            date=self.date,
            n_items=self.n_items,
            n_physicians=self.n_physicians,
            physician_macro_f1=baseline,
            **figures,
        )


def labelled_answers(labels: LabelSet) -> dict[str, set[str]]:
    """case_id -> the answer ids its labels are about."""
    by_case: dict[str, set[str]] = defaultdict(set)
    for label in labels.labels:
        by_case[label.case_id].add(label.answer_id)
    return by_case


def labelled_answer(candidates: set[str], case_id: str, model: str) -> str | None:
    """Which of a case's labelled answers is `model`'s: `case_id@model`, else the answer id
    equal to the model name (a completion_id), else the case's only labelled answer."""
    if answer_key(case_id, model) in candidates:
        return answer_key(case_id, model)
    if model in candidates:
        return model
    if len(candidates) == 1:
        return next(iter(candidates))
    return None


def match_grades(labels: LabelSet, runs: Sequence[Run]) -> dict[str, CaseGrade]:
    """answer_id -> the grade of that answer. A grade matches an answer of its case by the
    grade's model name (= completion_id, or `case_id@model` in labels that name the model), or
    as the case's only labelled answer."""
    by_case = labelled_answers(labels)
    out: dict[str, CaseGrade] = {}
    for run in runs:
        for grade in run.grades:
            key = labelled_answer(by_case.get(grade.case_id, set()), grade.case_id, grade.model)
            if key is None:
                continue
            if key in out:
                raise InputError(
                    f"answer {key!r} of case {grade.case_id!r} has two grades (models "
                    f"{out[key].model!r} and {grade.model!r}): name each grade's model after "
                    "its completion_id",
                    run.path,
                )
            out[key] = grade
    return out


def _all_three(tables: FrozenTables) -> dict[str, dict[Unit, float | None]]:
    return {
        "macro_f1": tables.per_unit(macro_f1_table),
        "cohen_kappa": tables.per_unit(cohen_kappa_table),
        "gwet_ac1": tables.per_unit(gwet_ac1_table),
    }


def summarize_units(tables: FrozenTables, n_resamples: int, seed: int) -> AgreementSummary:
    """Per-unit Macro F1, κ and AC1 and their means over units, each mean with its CI."""
    per_unit = _all_three(tables)
    counts = tables.totals().sum(axis=1)
    pairs = [
        PairAgreement(
            rater_a=u[0],
            rater_b=u[1],
            n_items=int(n),
            **{name: values[u] for name, values in per_unit.items()},
        )
        for u, n in zip(tables.units, counts, strict=True)
        if n
    ]
    means = {
        "macro_f1": unit_mean(macro_f1_table),
        "cohen_kappa": unit_mean(cohen_kappa_table),
        "gwet_ac1": unit_mean(gwet_ac1_table),
    }
    estimates = tables.estimates(means, n_resamples, seed)
    return AgreementSummary(
        n_pairs=len(pairs),
        **{name: e.value for name, e in estimates.items()},
        **{f"{name}_ci95": e.ci95 for name, e in estimates.items()},
        pairs=pairs,
    )


def by_category(
    grader: FrozenTables, physicians: FrozenTables, n_resamples: int, seed: int
) -> list[CategoryAgreement]:
    """Per category: the grader's pooled F1 (unit (grader, category)) and the physicians'
    weighted F1 (units (physician, category)), all from one set of case resamples."""
    categories = sorted({c for _, c in grader.units})
    grader_f1 = grader.estimates(
        {c: on_units(unit_mean(healthbench_f1_table), [grader.units.index((GRADER, c))])
         for c in categories},
        n_resamples,
        seed,
    )  # fmt: skip
    weighted = unit_weighted_mean(healthbench_f1_table, healthbench_f1_weight)
    physician_f1 = physicians.estimates(
        {c: on_units(weighted, [j for j, u in enumerate(physicians.units) if u[1] == c])
         for c in categories},
        n_resamples,
        seed,
    )  # fmt: skip
    pairs = dict(zip(grader.units, grader.totals().sum(axis=1), strict=True))
    return [
        CategoryAgreement(
            category=c,
            n_label_pairs=int(pairs[(GRADER, c)]),
            macro_f1=grader_f1[c].value,
            macro_f1_ci95=grader_f1[c].ci95,
            physician_macro_f1=physician_f1[c].value,
            physician_macro_f1_ci95=physician_f1[c].ci95,
        )
        for c in categories
    ]


def healthbench_agreement(
    tables: Mapping[str, FrozenTables], n_resamples: int, seed: int
) -> HealthBenchAgreement:
    grader_pooled, physician_pooled = tables["pooled"], tables["physicians"]
    pooled = {
        "macro_f1": unit_mean(healthbench_f1_table),
        "cohen_kappa": unit_mean(cohen_kappa_table),
        "gwet_ac1": unit_mean(gwet_ac1_table),
    }
    grader_figures = grader_pooled.estimates(pooled, n_resamples, seed)
    weighted = physician_pooled.estimates(
        {"f1": unit_weighted_mean(healthbench_f1_table, healthbench_f1_weight)}, n_resamples, seed
    )["f1"]
    totals = physician_pooled.totals()
    f1 = physician_pooled.per_unit(healthbench_f1_table)
    physicians = [
        PhysicianPooled(
            rater=u[0],
            n_label_pairs=int(t.sum()),
            weight=float(healthbench_f1_weight(t)),
            macro_f1=f1[u],
        )
        for u, t in zip(physician_pooled.units, totals, strict=True)
    ]
    defined = [p.macro_f1 for p in physicians if p.macro_f1 is not None]
    return HealthBenchAgreement(
        n_label_pairs=int(grader_pooled.totals().sum()),
        **{name: e.value for name, e in grader_figures.items()},
        **{f"{name}_ci95": e.ci95 for name, e in grader_figures.items()},
        physician_macro_f1=weighted.value,
        physician_macro_f1_ci95=weighted.ci95,
        physician_macro_f1_unweighted=float(np.mean(defined)) if defined else None,
        physicians=physicians,
        by_category=by_category(
            tables["grader_by_category"], tables["physicians_by_category"], n_resamples, seed
        ),
    )


def physician_case_scores(
    per_rater: Mapping[str, Mapping[Item, bool]], weights: Mapping[Item, int]
) -> dict[str, float]:
    """answer_id -> mean over physicians of each one's case score on the criteria they rated
    (grader weights; +1 where the grade has no weight for a criterion)."""
    scores: dict[str, list[float]] = defaultdict(list)
    for labels in per_rater.values():
        by_answer: dict[str, list[tuple[int, bool]]] = defaultdict(list)
        for (answer, criterion), met in labels.items():
            by_answer[answer].append((weights.get((answer, criterion), 1), met))
        for answer, pairs in by_answer.items():
            if any(w > 0 for w, _ in pairs):
                scores[answer].append(case_score([w for w, _ in pairs], [m for _, m in pairs]))
    return {answer: float(np.mean(v)) for answer, v in scores.items()}


def agreement_tables(
    per_rater: Mapping[str, Mapping[Item, bool]],
    grader: Mapping[Item, bool],
    case_of: Mapping[str, str],
    category_of: Mapping[Item, str],
) -> dict[str, FrozenTables]:
    """The 2×2 tables per case of every comparison the meta-eval reports (items without a
    category are left out of the per-category tables only)."""
    by_item: dict[Item, dict[str, bool]] = defaultdict(dict)
    for rater, labelled in per_rater.items():
        for item, met in labelled.items():
            by_item[item][rater] = met
    names = ("grader", "pairs", "pooled", "physicians", "grader_by_category",
             "physicians_by_category")  # fmt: skip
    tables = {name: UnitTables() for name in names}
    for item, raters in by_item.items():
        case, category = case_of[item[0]], category_of.get(item, "")
        verdict = grader.get(item)
        for rater, met in raters.items():
            if verdict is not None:
                tables["grader"].add(case, (rater, GRADER), verdict, met)
                tables["pooled"].add(case, (GRADER, "physicians"), verdict, met)
                if category:
                    tables["grader_by_category"].add(case, (GRADER, category), verdict, met)
            for other, other_met in raters.items():
                if other != rater:
                    tables["physicians"].add(case, (rater, "others"), met, other_met)
                    if category:
                        tables["physicians_by_category"].add(
                            case, (rater, category), met, other_met
                        )
        for a, b in combinations(sorted(raters), 2):
            tables["pairs"].add(case, (a, b), raters[a], raters[b])
    cases = sorted(set(case_of.values()))
    return {name: t.freeze(cases) for name, t in tables.items()}


def meta_eval(
    labels: LabelSet,
    runs: Sequence[Run],
    holistic: Mapping[str, float | None] | None = None,
    holistic_judge: str = "holistic judge",
    *,
    method: Method = "per-physician",
    n_resamples: int = N_RESAMPLES,
    seed: int = 0,
) -> MetaEvalReport:
    """`holistic`: answer_id -> 0–10 score of the holistic judge (None where it failed).
    Both methods are computed; `method` names the one a run report shows."""
    per_rater: dict[str, dict[Item, bool]] = defaultdict(dict)
    for label in labels.labels:
        per_rater[label.rater][(label.answer_id, label.criterion_id)] = label.met
    items = {item for rated in per_rater.values() for item in rated}
    grades = match_grades(labels, runs)
    if not grades:
        raise InputError(
            "no grade is of a labelled answer (no case id and answer in common with "
            f"{', '.join(str(r.path) for r in runs)}): grade the labelled answers first",
            labels.path,
        )
    grader: dict[Item, bool] = {}
    weights: dict[Item, int] = {}
    grader_errors = 0
    for answer, grade in grades.items():
        for v in grade.criteria:
            item = (answer, v.criterion_id)
            weights[item] = v.weight
            if item in items:
                if v.error is not None:
                    grader_errors += 1
                else:
                    grader[item] = bool(v.met)
    raters = sorted(per_rater)
    case_of = {label.answer_id: label.case_id for label in labels.labels}
    category_of = {(label.answer_id, label.criterion_id): label.category for label in labels.labels}
    tables = agreement_tables(per_rater, grader, case_of, category_of)

    physician_scores = physician_case_scores(per_rater, weights)
    grader_scores: dict[str, float] = {}
    for answer, grade in grades.items():
        rated = [v for v in grade.criteria if (answer, v.criterion_id) in items]
        score = None if grade.response_error else score_verdicts(rated)
        if score is not None:
            grader_scores[answer] = score
    case_level = [
        CaseLevel(
            judge="rubric grader",
            pearson=_paired_pearson(grader_scores, physician_scores),
            offset=_mean_offset(grader_scores, physician_scores),
        )
    ]
    if holistic is not None:
        judged = {a: s / 10 for a, s in holistic.items() if s is not None}
        case_level.append(
            CaseLevel(
                judge=holistic_judge,
                pearson=_paired_pearson(judged, physician_scores),
                n_errors=sum(s is None for s in holistic.values()),
            )
        )
    answers = {label.answer_id for label in labels.labels}
    return MetaEvalReport(
        grader=", ".join(sorted({r.grader for r in runs})),
        labels=str(labels.path),
        method=method,
        date=dt.date.today(),
        n_resamples=n_resamples,
        seed=seed,
        n_answers=len(answers),
        n_items=len(items),
        n_physicians=len(raters),
        n_grader_errors=grader_errors,
        unmatched_answers=sorted(answers - set(grades)),
        grader_vs_physician=summarize_units(tables["grader"], n_resamples, seed),
        physician_vs_physician=summarize_units(tables["pairs"], n_resamples, seed),
        healthbench=healthbench_agreement(tables, n_resamples, seed),
        **physicians_ac1(per_rater, case_of, n_resamples, seed),
        case_level=case_level,
    )


def physicians_ac1(
    per_rater: Mapping[str, Mapping[Item, bool]],
    case_of: Mapping[str, str],
    n_resamples: int,
    seed: int,
) -> dict[str, float | Interval | None]:
    """Gwet's AC1 of all physicians at once (missing ratings allowed) and its CI by the same
    cluster bootstrap over cases as the other figures (the same cases in the same order, so
    the same resamples): each case's items add up to one row of AC1 terms."""
    raters = sorted(per_rater)
    if len(raters) < 2:
        return {"physicians_ac1": None, "physicians_ac1_ci95": None}
    items = sorted({item for rated in per_rater.values() for item in rated})
    terms = gwet_ac1_terms([[per_rater[r].get(i) for r in raters] for i in items], (True, False))
    cases = sorted(set(case_of.values()))
    row = {case: n for n, case in enumerate(cases)}
    by_case = np.zeros((len(cases), terms.shape[1]))
    np.add.at(by_case, [row[case_of[answer]] for answer, _ in items], terms)
    point = finite(float(gwet_ac1_from_sums(terms.sum(axis=0))[0]))
    lo, hi = cluster_totals_ci(by_case, gwet_ac1_from_sums, n_resamples, seed)
    ci = (lo, hi) if point is not None and math.isfinite(lo) else None
    return {"physicians_ac1": point, "physicians_ac1_ci95": ci}


def _paired_pearson(x: Mapping[str, float], y: Mapping[str, float]) -> Correlation:
    shared = sorted(set(x) & set(y))
    return correlation(pearson([x[a] for a in shared], [y[a] for a in shared]))


def _mean_offset(x: Mapping[str, float], y: Mapping[str, float]) -> float | None:
    shared = sorted(set(x) & set(y))
    return float(np.mean([x[a] - y[a] for a in shared])) if shared else None


def answers_to_judge(labels: LabelSet, runs: Sequence[Run]) -> list[LabelledAnswer]:
    """The labelled answers with their text: from the labels file (meta-eval rows) or else
    from the run directories' cases.jsonl and responses.jsonl."""
    grades = match_grades(labels, runs)
    by_grade = {id(g): run for run in runs for g in run.grades}
    out: list[LabelledAnswer] = []
    for answer_id in sorted({label.answer_id for label in labels.labels}):
        if answer_id in labels.answers:
            out.append(labels.answers[answer_id])
            continue
        grade = grades.get(answer_id)
        run = by_grade.get(id(grade)) if grade else None
        case = run.cases.get(grade.case_id) if run and grade else None
        response = run.responses.get(grade.case_id) if run and grade else None
        if case is None or response is None or response.response is None:
            continue
        out.append(
            LabelledAnswer(
                case_id=case.id,
                answer_id=answer_id,
                conversation=[m.model_dump() for m in case.conversation()],
                answer=response.response,
                criteria={c.id: c.text for c in case.rubric},
            )
        )
    return out
