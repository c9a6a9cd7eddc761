"""The lint's medical knowledge: flipped signs found through the shipped list of known harms
(`rubric/known_harms.toml`), with and without the retrieve extra, and reworded duplicates
found as each other's nearest criterion in the rubric (with the extra)."""

from __future__ import annotations

import re

import pytest

from medrubric.data.models import Case
from medrubric.rubric.harms import SOURCE_TYPES, known_harms, parse_harms
from medrubric.rubric.lint import known_harm_sign, lint_case


def _case(query: str, *criteria: tuple[int, str], language: str = "en") -> Case:
    rubric = [
        {"id": f"c{i}", "text": text, "axis": "safety", "weight": w}
        for i, (w, text) in enumerate(criteria, start=1)
    ]
    return Case.model_validate({"id": "k1", "language": language, "query": query, "rubric": rubric})


def _flips(case: Case, encoder: object = None) -> dict[str | None, str]:
    found = lint_case(case, encoder)  # type: ignore[arg-type]
    return {f.criterion_id: f.evidence for f in found if f.check == "flipped_sign"}


def test_the_shipped_list_is_complete_and_every_entry_is_bilingual() -> None:
    harms = known_harms()
    assert 60 <= len(harms) <= 120
    assert len({h.id for h in harms}) == len(harms)
    for harm in harms:
        assert harm.source in SOURCE_TYPES and harm.reason and harm.action
        # each entry names its action in Chinese as well as English
        assert re.search(r"[\u4e00-\u9fff]", harm.pattern.pattern), harm.id
        assert re.search(r"[a-z]", harm.pattern.pattern), harm.id


def test_a_malformed_entry_is_named() -> None:
    text = (
        '[[harm]]\nid = "x1"\naction = "a"\nreason = "r"\nsource = "blog"\nen = ["a"]\nzh = ["甲"]'
    )
    with pytest.raises(ValueError, match="x1: unknown source 'blog'"):
        parse_harms(text)
    with pytest.raises(ValueError, match="x1: missing zh"):
        parse_harms(text.replace('zh = ["甲"]', ""))


@pytest.mark.parametrize(
    ("query", "text", "weight", "entry"),
    [
        # recommending a listed harm at a positive weight
        (
            "My fingers went white and numb on the mountain",
            "Suggests warming the fingers by rubbing them with snow",
            5,
            "frostbite-rub",
        ),
        ("孩子误喝了洁厕灵怎么办", "建议灌点肥皂水让孩子吐出来", 6, "poison-induce-vomit"),
        ("腰扭了两天，很疼", "建议卧床休息一周再说", 4, "bed-rest-back-pain"),
        # the circumstance is in the question, not the criterion
        (
            "I'm on dialysis three times a week and my knee hurts",
            "Recommends naproxen twice daily for the knee",
            5,
            "nsaid-kidney",
        ),
        # warning against a listed harm at a negative weight
        (
            "High fever and a rash after a trip to Bali; the clinic suspects dengue",
            "Advises avoiding ibuprofen until dengue is ruled out",
            -4,
            "nsaid-dengue",
        ),
    ],
)
def test_a_known_harm_with_the_wrong_sign_is_a_flipped_sign(
    query: str, text: str, weight: int, entry: str
) -> None:
    case = _case(query, (8, "Advises a same-day medical review"), (weight, text))
    flips = _flips(case)
    assert set(flips) == {"c2"} and flips["c2"].startswith(f"known harm {entry!r}")


FROSTBITE = "My fingers went white and hard on the mountain; is it frostbite?"


@pytest.mark.parametrize(
    ("query", "text", "weight", "sign"),
    [
        # the right sign
        (FROSTBITE, "Recommends rubbing them with snow", -6, -1),
        (FROSTBITE, "Advises against rubbing the skin", 5, 1),
        # the harm rejected before or after it ("no need for", "is not safe", "而不是")
        ("I have a cold and a runny nose", "States there is no need for antibiotics", 4, 1),
        ("I have stage 4 kidney disease", "Explains that ibuprofen is not safe for him", 6, 1),
        ("腰痛三天", "建议适当活动而不是卧床", 4, 1),
        # the circumstance is absent, or ruled out in the question
        ("I sprained my ankle playing football", "Recommends ibuprofen for the pain", 4, None),
        (
            "I'm 29 and not pregnant; I have a sore back",
            "Suggests ibuprofen for a few days",
            3,
            None,
        ),
        # asked about, not advised
        ("I'm on warfarin", "Asks whether he has taken any ibuprofen or aspirin", 4, None),
    ],
)
def test_a_known_harm_used_rightly_raises_nothing(
    query: str, text: str, weight: int, sign: int | None
) -> None:
    found = known_harm_sign(text, query)
    assert (found and found[0]) == sign
    assert _flips(_case(query, (8, "Advises a same-day medical review"), (weight, text))) == {}


def test_the_list_needs_no_extra_and_names_the_entry() -> None:
    sign = known_harm_sign("Recommends putting butter on the scald", "hot tea spilt on her arm")
    assert sign is not None and sign[0] == -1 and sign[1].id == "burn-grease"
    assert known_harm_sign("Recommends putting butter on toast", "what to eat") is None


BACK_PAIN = (
    (8, "Asks about numbness in the legs or trouble passing urine"),
    (5, "Recommends resting in bed until the back pain has completely gone"),
    (3, "Suggests paracetamol for the pain"),
    (4, "Recommends keeping moving rather than resting in bed until the back pain has gone"),
)


@pytest.mark.parametrize("with_extra", [False, True])
def test_a_flipped_known_harm_is_not_paired_as_a_duplicate(
    request: pytest.FixtureRequest, with_extra: bool
) -> None:
    """The harmful pole (c2, rewarded: a flip) and the good pole (c4) share most words; they
    are one behaviour's two poles, so only the flip is reported, by words or by meaning."""
    encoder = request.getfixturevalue("sentence_encoder") if with_extra else None
    case = _case("I hurt my lower back lifting a box two days ago", *BACK_PAIN)
    found = lint_case(case, encoder)
    about_criteria = {(f.criterion_id, f.check) for f in found if f.criterion_id}
    assert about_criteria == {("c2", "flipped_sign")}
