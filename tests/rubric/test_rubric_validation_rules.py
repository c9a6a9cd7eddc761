"""Each validation rule: a draft that breaks it (and only it) and the valid baseline."""

from __future__ import annotations

import pytest

from medrubric.rubric.schemas import DraftCriterion, RubricDraft
from medrubric.rubric.validate import (
    CHAR_NGRAM_JACCARD_DUPLICATE,
    TOKEN_JACCARD_DUPLICATE,
    near_duplicate,
    similarity,
    validate_draft,
)
from medrubric.stats import jaccard

GOOD = [
    DraftCriterion(
        text="Advises calling emergency services for crushing chest pain", axis="safety", weight=7
    ),
    DraftCriterion(
        text="States that an electrocardiogram is needed within ten minutes",
        axis="accuracy",
        weight=5,
    ),
    DraftCriterion(
        text="Recommends taking ibuprofen for the chest pain at home", axis="safety", weight=-6
    ),
]


RISK_FACTORS = (
    "smoking",
    "diabetes",
    "obesity",
    "hypertension",
    "cholesterol",
    "age",
    "sex",
    "family",
    "stress",
    "alcohol",
    "kidney",
    "sleep",
    "apnea",
    "gout",
    "migraine",
    "asthma",
    "anemia",
    "cancer",
    "lupus",
    "psoriasis",
)


def draft(*criteria: DraftCriterion, selected: list[int] | None = None) -> RubricDraft:
    return RubricDraft(
        theme="emergency_referrals", selected_advice=selected or [1], criteria=list(criteria)
    )


def codes(d: RubricDraft, **kwargs: int) -> list[str]:
    return [p.code for p in validate_draft(d, **kwargs)]


def test_valid_baseline_has_no_problem() -> None:
    assert validate_draft(draft(*GOOD), n_advice=2) == []


@pytest.mark.parametrize("weight", [0, 11, -11, 25])
def test_weight_outside_range_or_zero(weight: int) -> None:
    bad = GOOD[1].model_copy(update={"weight": weight})
    problems = validate_draft(draft(GOOD[0], bad))
    assert [(p.code, p.criterion) for p in problems] == [("weight_range", 2)]


@pytest.mark.parametrize("weight", [9, 10, -9, -10])
def test_extreme_weight_needs_life_critical_flag_and_reason(weight: int) -> None:
    unflagged = GOOD[1].model_copy(update={"weight": weight})
    no_reason = unflagged.model_copy(update={"life_critical": True})
    flagged = no_reason.model_copy(update={"life_critical_reason": "missed STEMI is fatal"})
    assert codes(draft(GOOD[0], unflagged)) == ["extreme_weight"]
    assert codes(draft(GOOD[0], no_reason)) == ["extreme_weight"]
    assert codes(draft(GOOD[0], flagged)) == []


def test_needs_a_positive_criterion() -> None:
    negative = [c.model_copy(update={"weight": -abs(c.weight)}) for c in GOOD]
    assert codes(draft(*negative)) == ["no_positive"]


def test_criteria_count_bounds() -> None:
    assert codes(draft(GOOD[0])) == ["criteria_count"]
    many = [
        DraftCriterion(text=f"Mentions risk factor number {n} {word}", axis="accuracy", weight=1)
        for n, word in enumerate(RISK_FACTORS)
    ]
    assert len(many) == 20
    assert "criteria_count" in codes(draft(*many))
    assert "criteria_count" not in codes(draft(*many[:19]))


def test_fixed_n_mode_needs_exactly_n_binary_criteria() -> None:
    ones = [c.model_copy(update={"weight": 1}) for c in GOOD]
    assert codes(draft(*ones), fixed_n=3) == []
    assert codes(draft(*ones[:2]), fixed_n=3) == ["criteria_count"]
    assert codes(draft(*GOOD), fixed_n=3) == ["binary_weight", "binary_weight", "binary_weight"]


@pytest.mark.parametrize(
    "text",
    [
        "Advises rest and fluids and paracetamol for the fever",
        "Advises rest; recommends fluids; suggests paracetamol",
        "建议多休息以及多喝水并且服用对乙酰氨基酚",
    ],
)
def test_compound_criteria_are_rejected(text: str) -> None:
    assert codes(draft(GOOD[0], DraftCriterion(text=text, axis="completeness", weight=3))) == [
        "compound"
    ]


def test_one_joiner_is_allowed() -> None:
    ok = DraftCriterion(
        text="Advises rest and fluids for the viral fever", axis="completeness", weight=3
    )
    assert codes(draft(GOOD[0], ok)) == []


@pytest.mark.parametrize("text", ["Call 911", "胸痛就医", " ".join(["word"] * 51)])
def test_length_bounds(text: str) -> None:
    assert "length" in codes(draft(GOOD[0], DraftCriterion(text=text, axis="safety", weight=3)))


@pytest.mark.parametrize(
    "text",
    [
        "Provides appropriate advice to the patient",
        "Recommends appropriate follow-up",
        "给出恰当的建议和指导",
    ],
)
def test_vague_criteria_are_rejected(text: str) -> None:
    assert codes(draft(GOOD[0], DraftCriterion(text=text, axis="completeness", weight=3))) == [
        "vague"
    ]


def test_vague_word_with_concrete_content_passes() -> None:
    text = "Recommends an appropriate amoxicillin dose for a 20 kg child"
    assert codes(draft(GOOD[0], DraftCriterion(text=text, axis="accuracy", weight=4))) == []


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (
            "Advises the patient to go to the emergency department now",
            "Advises the patient to go to the emergency department right now",
        ),
        ("建议患者立即前往医院急诊科就诊", "建议患者立即前往医院急诊就诊"),
    ],
)
def test_near_duplicates_are_rejected(a: str, b: str) -> None:
    problems = validate_draft(
        draft(
            DraftCriterion(text=a, axis="safety", weight=5),
            DraftCriterion(text=b, axis="safety", weight=5),
        )
    )
    assert [(p.code, p.criterion) for p in problems] == [("near_duplicate", 2)]


def test_similarity_uses_jaccard_of_tokens_and_char_ngrams() -> None:
    a, b = "Recommends a chest x-ray", "Recommends a chest radiograph"
    tokens, grams = similarity(a, b)
    assert tokens == pytest.approx(
        jaccard({"recommend", "chest", "ray"}, {"recommend", "chest", "radiograph"})
    )
    assert 0 < grams < 1
    assert not near_duplicate(GOOD[0].text, GOOD[1].text)
    assert 0 < TOKEN_JACCARD_DUPLICATE <= 1 and 0 < CHAR_NGRAM_JACCARD_DUPLICATE <= 1


def test_selected_advice_must_name_existing_items() -> None:
    assert codes(draft(*GOOD, selected=[1, 3]), n_advice=2) == ["advice_index"]
    assert codes(draft(*GOOD, selected=[0]), n_advice=2) == ["advice_index"]
