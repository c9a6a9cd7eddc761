"""`score --calibrate LABELS`: the physician-level score of a run, estimated from physician
labels on some of its cases and the grader's case scores on all of them (PPI++ with power
tuning, `stats.ppi`). docs/scoring.md, "Calibration with physician labels".

LABELS is either physician verdicts (the review app's CSV export or HealthBench meta-eval
rows, read by `analysis.labels`), turned into one physician case score per labelled case (the
mean over physicians of each one's case score, with the grades' criterion weights), or a CSV
of physician case scores (columns case_id and score).
"""

from __future__ import annotations

import csv
import math
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from medrubric.analysis.labels import load_labels
from medrubric.analysis.metaeval import Item, labelled_answer, labelled_answers
from medrubric.analysis.metaeval import physician_case_scores as scores_of_physicians
from medrubric.data.models import CaseGrade
from medrubric.errors import InputError
from medrubric.scoring.records import Calibrated
from medrubric.scoring.scored import score_verdicts
from medrubric.stats.ppi import ppi_mean

METHOD = "PPI++ (power-tuned prediction-powered inference, mean of case scores)"
SCORE_COLUMNS = ("case_id", "score")


def grader_case_scores(grades: Sequence[CaseGrade], clip: bool = True) -> dict[str, float]:
    """case_id -> the grader's case score (the mean over the case's scored answers)."""
    per_case: dict[str, list[float]] = defaultdict(list)
    for grade in grades:
        if grade.response_error is None:
            score = score_verdicts(grade.criteria, clip)
            if score is not None:
                per_case[grade.case_id].append(score)
    return {case: float(np.mean(scores)) for case, scores in per_case.items()}


def _read_case_scores(path: Path) -> dict[str, float]:
    scores: dict[str, float] = {}
    with path.open(encoding="utf-8-sig", newline="") as fh:
        for line, row in enumerate(csv.DictReader(fh), start=2):
            case = (row.get("case_id") or "").strip()
            if not case:
                raise InputError("case_id: must not be blank", path, line)
            try:
                value = float(row.get("score") or "")
            except ValueError:
                raise InputError(
                    f"score: {row.get('score')!r} is not a number", path, line
                ) from None
            if not math.isfinite(value):
                raise InputError(f"score: {value} is not finite", path, line)
            if case in scores:
                raise InputError(f"case_id: {case!r} has two scores", path, line)
            scores[case] = value
    return scores


def physician_scores(path: Path, grades: Sequence[CaseGrade]) -> dict[str, float]:
    """case_id -> the physician case score of the graded model's answer, for every labelled
    case of `grades` (labels of other answers are left out)."""
    if path.suffix.lower() == ".csv" and path.is_file():
        with path.open(encoding="utf-8-sig", newline="") as fh:
            header = next(csv.reader(fh), [])
        if all(c in header for c in SCORE_COLUMNS) and "criterion_id" not in header:
            return _read_case_scores(path)
    labels = load_labels(path)
    model = grades[0].model if grades else ""
    candidates = labelled_answers(labels)
    answer_of_case = {
        case: answer
        for case in {g.case_id for g in grades}
        if (answer := labelled_answer(candidates.get(case, set()), case, model)) is not None
    }
    case_of_answer = {answer: case for case, answer in answer_of_case.items()}
    weights: dict[Item, int] = {}
    for grade in grades:
        answer = answer_of_case.get(grade.case_id)
        if answer is not None:
            weights.update({(answer, v.criterion_id): v.weight for v in grade.criteria})
    per_rater: dict[str, dict[Item, bool]] = defaultdict(dict)
    for label in labels.labels:
        if label.answer_id in case_of_answer:
            per_rater[label.rater][(label.answer_id, label.criterion_id)] = label.met
    by_answer = scores_of_physicians(per_rater, weights)
    return {case_of_answer[answer]: score for answer, score in by_answer.items()}


def calibrate(grades: Sequence[CaseGrade], path: Path, clip: bool = True) -> Calibrated:
    """The PPI++ estimate of the physician-level score: Y = physician case score on the
    labelled cases, Yhat = the grader's case score there, and the grader's case scores on
    every scored case of the run."""
    grader = grader_case_scores(grades, clip)
    physician = physician_scores(path, grades)
    labelled = sorted(set(physician) & set(grader))
    if len(labelled) < 2:
        raise InputError(
            f"--calibrate: {len(labelled)} labelled case(s) match the scored cases of these "
            "grades; calibration needs at least two",
            path,
        )
    y = np.array([physician[c] for c in labelled])
    yhat = np.array([grader[c] for c in labelled])
    everywhere = np.array(list(grader.values()))
    result = ppi_mean(y, yhat, everywhere)
    alone = ppi_mean(y, yhat, everywhere, lam=0.0)  # the physicians' labels alone
    return Calibrated(
        estimate=result.estimate,
        ci95=result.ci,
        n_labelled=result.n_labelled,
        method=METHOD,
        lam=result.lam,
        labels_only=alone.estimate,
        labels_only_ci95=alone.ci,
        grader_on_labelled=float(yhat.mean()),
    )
