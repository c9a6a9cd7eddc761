"""Recorded demo answers and verdicts line up with the sample rubrics, criterion by criterion."""

from __future__ import annotations

from statistics import mean

import pytest

from medrubric.data.models import Case, CaseGrade, Response
from medrubric.data.sample import DEMO_MODELS, RECORDED_GRADER
from medrubric.scoring import case_score

GRADER_ERROR = "grader timeout after 3 attempts"


def reference_case_score(grade: CaseGrade) -> float:
    """LiveMedBench score written out: met weights over positive weights, clipped to [0, 1]."""
    positive = sum(v.weight for v in grade.criteria if v.weight > 0)
    earned = sum(v.weight for v in grade.criteria if v.met)
    return min(1.0, max(0.0, earned / positive))


@pytest.mark.parametrize("model", DEMO_MODELS)
def test_responses_cover_every_case_once(
    model: str, demo_responses: dict[str, list[Response]], cases_by_id: dict[str, Case]
) -> None:
    responses = demo_responses[model]
    assert sorted(r.case_id for r in responses) == sorted(cases_by_id)
    assert all(r.model == model and r.response and r.error is None for r in responses)


def test_careful_answers_are_longer_than_hasty_ones(
    demo_responses: dict[str, list[Response]],
) -> None:
    hasty = {r.case_id: r.response or "" for r in demo_responses["demo-hasty"]}
    for careful in demo_responses["demo-careful"]:
        assert len(careful.response or "") > 2 * len(hasty[careful.case_id]), careful.case_id


@pytest.mark.parametrize("model", DEMO_MODELS)
def test_grades_match_rubrics_and_strata(
    model: str, demo_grades: dict[str, list[CaseGrade]], cases_by_id: dict[str, Case]
) -> None:
    grades = demo_grades[model]
    assert sorted(g.case_id for g in grades) == sorted(cases_by_id)
    for grade in grades:
        case = cases_by_id[grade.case_id]
        assert (grade.model, grade.grader, grade.response_error) == (model, RECORDED_GRADER, None)
        strata = (grade.language, grade.theme, grade.specialty, grade.published_at, grade.tags)
        assert strata == (case.language, case.theme, case.specialty, case.published_at, case.tags)
        assert [(v.criterion_id, v.weight, v.axis) for v in grade.criteria] == [
            (c.id, c.weight, c.axis) for c in case.rubric
        ], case.id
        for verdict in grade.criteria:
            if verdict.error is None:
                assert verdict.explanation.strip(), (case.id, verdict.criterion_id)


def test_error_verdicts_only_in_the_hasty_file(demo_grades: dict[str, list[CaseGrade]]) -> None:
    def errors(model: str) -> list[str]:
        return [v.error or "" for g in demo_grades[model] for v in g.criteria if v.met is None]

    assert errors("demo-careful") == []
    hasty_errors = errors("demo-hasty")
    assert 2 <= len(hasty_errors) <= 3
    assert set(hasty_errors) == {GRADER_ERROR}


def test_penalised_mistakes_are_made_by_the_hasty_model_only(
    demo_grades: dict[str, list[CaseGrade]],
) -> None:
    def cases_with_met_penalty(model: str) -> int:
        return sum(any(v.met and v.weight < 0 for v in g.criteria) for g in demo_grades[model])

    assert cases_with_met_penalty("demo-careful") == 0
    assert cases_with_met_penalty("demo-hasty") >= 10


def test_scores_agree_with_the_scoring_module_and_separate_the_models(
    demo_grades: dict[str, list[CaseGrade]],
) -> None:
    means = {}
    for model, grades in demo_grades.items():
        scores = [reference_case_score(g) for g in grades]
        for grade, expected in zip(grades, scores, strict=True):
            if all(v.met is not None for v in grade.criteria):
                weights = [v.weight for v in grade.criteria]
                met = [bool(v.met) for v in grade.criteria]
                assert case_score(weights, met) == pytest.approx(expected), grade.case_id
        means[model] = mean(scores)
    assert means["demo-careful"] > 0.9
    assert means["demo-hasty"] < 0.4
