"""Fixtures loading every bundled sample file once, validated by the project's models."""

from __future__ import annotations

import pytest

from medrubric.data.jsonl import load_models
from medrubric.data.models import Case, CaseGrade, Response, Thread
from medrubric.data.sample import DEMO_MODELS, cases_path, grades_path, responses_path, threads_path
from medrubric.retrieve import Snippet, load_corpus


@pytest.fixture(scope="session")
def sample_cases() -> list[Case]:
    return load_models(cases_path(), Case)


@pytest.fixture(scope="session")
def cases_by_id(sample_cases: list[Case]) -> dict[str, Case]:
    return {case.id: case for case in sample_cases}


@pytest.fixture(scope="session")
def demo_responses() -> dict[str, list[Response]]:
    return {model: load_models(responses_path(model), Response) for model in DEMO_MODELS}


@pytest.fixture(scope="session")
def demo_grades() -> dict[str, list[CaseGrade]]:
    return {model: load_models(grades_path(model), CaseGrade) for model in DEMO_MODELS}


@pytest.fixture(scope="session")
def sample_threads() -> list[Thread]:
    return load_models(threads_path(), Thread)


@pytest.fixture(scope="session")
def snippets() -> list[Snippet]:
    return load_corpus("default").snippets
