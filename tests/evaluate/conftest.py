"""Shared test data for the evaluation engine: small cases built in code."""

from __future__ import annotations

import pytest

from medrubric.data.models import Case, Criterion


def build_case(
    case_id: str = "c1", language: str = "en", weights: tuple[int, ...] = (5, 3, -4)
) -> Case:
    return Case(
        id=case_id,
        language=language,  # type: ignore[arg-type]
        theme="emergency_referrals",
        specialty="cardiology",
        narrative="S: 58-year-old man with crushing chest pain for 30 minutes.",
        query="Should I wait until tomorrow?",
        rubric=[
            Criterion(id=f"{case_id}-k{i}", text=f"criterion {i}", axis="accuracy", weight=w)
            for i, w in enumerate(weights, start=1)
        ],
    )


@pytest.fixture
def make_case():
    """Factory: make_case(case_id, language, weights) -> Case."""
    return build_case


@pytest.fixture
def case() -> Case:
    return build_case()
