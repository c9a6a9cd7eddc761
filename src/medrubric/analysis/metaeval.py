"""Grader agreement with physicians (LiveMedBench §4.1, App. C; HealthBench meta-eval).

Criterion level: Macro F1, Cohen's κ and Gwet's AC1 of the grader against each physician,
averaged over physicians, next to the same numbers for every pair of physicians who labelled
the same items (HealthBench's pairwise method: each pair over its shared items, then the
mean over pairs). Case level: Pearson r of the grader's case score, and of a holistic judge's
0–10 score, against the mean of the physicians' case scores.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from itertools import combinations

import numpy as np
from pydantic import BaseModel, ConfigDict

from medrubric.analysis.labels import LabelledAnswer, LabelSet, answer_key
from medrubric.analysis.results import Correlation, correlation, finite
from medrubric.analysis.runs import Run
from medrubric.data.models import CaseGrade
from medrubric.errors import InputError
from medrubric.scoring import case_score, score_verdicts
from medrubric.stats import cohen_kappa, gwet_ac1, macro_f1, pearson

Item = tuple[str, str]  # (answer_id, criterion_id)
GRADER = "grader"


class PairAgreement(BaseModel):
    model_config = ConfigDict(extra="forbid")

    rater_a: str
    rater_b: str
    n_items: int
    macro_f1: float
    cohen_kappa: float | None
    gwet_ac1: float | None


class AgreementSummary(BaseModel):
    """Means over the pairs (nan coefficients, e.g. κ when one label is used, left out)."""

    model_config = ConfigDict(extra="forbid")

    n_pairs: int
    macro_f1: float | None
    cohen_kappa: float | None
    gwet_ac1: float | None
    pairs: list[PairAgreement]


class CaseLevel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    judge: str
    pearson: Correlation
    n_errors: int = 0  # answers the judge failed to score


class MetaEvalReport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    grader: str
    labels: str
    n_answers: int
    n_items: int
    n_physicians: int
    n_grader_errors: int  # labelled items whose verdict is an error: left out, counted
    unmatched_answers: list[str]  # labelled answers without a grade
    grader_vs_physician: AgreementSummary
    physician_vs_physician: AgreementSummary
    physicians_ac1: float | None  # all physicians at once, missing ratings allowed
    case_level: list[CaseLevel]


def match_grades(labels: LabelSet, runs: Sequence[Run]) -> dict[str, CaseGrade]:
    """answer_id -> the grade of that answer. A grade matches an answer of its case by the
    grade's model name (= completion_id, or `case_id@model` in labels that name the model), or
    as the case's only labelled answer."""
    by_case: dict[str, set[str]] = defaultdict(set)
    for label in labels.labels:
        by_case[label.case_id].add(label.answer_id)
    out: dict[str, CaseGrade] = {}
    for run in runs:
        for grade in run.grades:
            candidates = by_case.get(grade.case_id, set())
            if answer_key(grade.case_id, grade.model) in candidates:
                key = answer_key(grade.case_id, grade.model)
            elif grade.model in candidates:
                key = grade.model
            elif len(candidates) == 1:
                key = next(iter(candidates))
            else:
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


def pair_agreement(
    name_a: str, a: Mapping[Item, bool], name_b: str, b: Mapping[Item, bool]
) -> PairAgreement | None:
    shared = sorted(set(a) & set(b))
    if not shared:
        return None
    xa, xb = [a[i] for i in shared], [b[i] for i in shared]
    return PairAgreement(
        rater_a=name_a,
        rater_b=name_b,
        n_items=len(shared),
        macro_f1=macro_f1(xa, xb),
        cohen_kappa=finite(cohen_kappa(xa, xb).statistic),
        gwet_ac1=finite(gwet_ac1([[x, y] for x, y in zip(xa, xb, strict=True)]).statistic),
    )


def summarize_pairs(pairs: Sequence[PairAgreement]) -> AgreementSummary:
    def mean(values: list[float | None]) -> float | None:
        kept = [v for v in values if v is not None]
        return float(np.mean(kept)) if kept else None

    return AgreementSummary(
        n_pairs=len(pairs),
        macro_f1=mean([p.macro_f1 for p in pairs]),
        cohen_kappa=mean([p.cohen_kappa for p in pairs]),
        gwet_ac1=mean([p.gwet_ac1 for p in pairs]),
        pairs=list(pairs),
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


def meta_eval(
    labels: LabelSet,
    runs: Sequence[Run],
    holistic: Mapping[str, float | None] | None = None,
    holistic_judge: str = "holistic judge",
) -> MetaEvalReport:
    """`holistic`: answer_id -> 0–10 score of the holistic judge (None where it failed)."""
    per_rater: dict[str, dict[Item, bool]] = defaultdict(dict)
    for label in labels.labels:
        per_rater[label.rater][(label.answer_id, label.criterion_id)] = label.met
    items = {item for rated in per_rater.values() for item in rated}
    grades = match_grades(labels, runs)
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
    vs_grader = [pair_agreement(r, per_rater[r], GRADER, grader) for r in raters]
    vs_each = [pair_agreement(a, per_rater[a], b, per_rater[b]) for a, b in combinations(raters, 2)]
    ordered = sorted(items)
    table = [[per_rater[r].get(item) for r in raters] for item in ordered]

    physician_scores = physician_case_scores(per_rater, weights)
    grader_scores: dict[str, float] = {}
    for answer, grade in grades.items():
        rated = [v for v in grade.criteria if (answer, v.criterion_id) in items]
        score = None if grade.response_error else score_verdicts(rated)
        if score is not None:
            grader_scores[answer] = score
    case_level = [
        CaseLevel(judge="rubric grader", pearson=_paired_pearson(grader_scores, physician_scores))
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
        n_answers=len(answers),
        n_items=len(items),
        n_physicians=len(raters),
        n_grader_errors=grader_errors,
        unmatched_answers=sorted(answers - set(grades)),
        grader_vs_physician=summarize_pairs([p for p in vs_grader if p]),
        physician_vs_physician=summarize_pairs([p for p in vs_each if p]),
        physicians_ac1=finite(gwet_ac1(table).statistic) if len(raters) > 1 else None,
        case_level=case_level,
    )


def _paired_pearson(x: Mapping[str, float], y: Mapping[str, float]) -> Correlation:
    shared = sorted(set(x) & set(y))
    return correlation(pearson([x[a] for a in shared], [y[a] for a in shared]))


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
