"""Grader profiles pin published set-ups; case filters select by language, theme and date."""

from __future__ import annotations

import datetime as dt

import pytest

from medrubric.errors import InputError
from medrubric.evaluate.filters import select_cases
from medrubric.evaluate.profiles import PROFILES, resolve_setup


def test_profiles_pin_gpt41_per_criterion_temperature_zero():
    for name, clip in (("livemedbench", True), ("healthbench", False)):
        setup = resolve_setup(name, None, None)
        assert setup.grader == "openai:gpt-4.1-2025-04-14"
        assert (setup.mode, setup.temperature, setup.clip, setup.profile) == (
            "per-criterion",
            0.0,
            clip,
            name,
        )
    assert PROFILES["healthbench"].prompt == "grade_healthbench"


def test_profile_accepts_another_endpoint_but_not_another_mode():
    assert (
        resolve_setup("livemedbench", "openai:x@http://h/v1", None).grader == "openai:x@http://h/v1"
    )
    with pytest.raises(InputError, match="per-criterion"):
        resolve_setup("healthbench", None, "batched")
    with pytest.raises(InputError, match="unknown --grader-profile"):
        resolve_setup("nope", None, None)
    with pytest.raises(InputError, match="--grader"):
        resolve_setup(None, None, None)
    with pytest.raises(InputError, match="--mode"):
        resolve_setup(None, "openai:g", "holistic")


@pytest.fixture
def cases(make_case):
    out = []
    for i, (lang, theme, date) in enumerate(
        [
            ("en", "emergency_referrals", "2024-06-01"),
            ("zh", "emergency_referrals", "2025-01-01"),
            ("zh", "response_depth", "2025-03-01"),
            ("en", "response_depth", None),
        ]
    ):
        c = make_case(f"c{i}", language=lang)
        published = dt.date.fromisoformat(date) if date else None
        out.append(c.model_copy(update={"theme": theme, "published_at": published}))
    return out


def test_filters_select_by_language_theme_and_date(cases):
    assert [c.id for c in select_cases(cases, ["language=zh"])] == ["c1", "c2"]
    assert [c.id for c in select_cases(cases, ["theme=Emergency Referrals"])] == ["c0", "c1"]
    assert [c.id for c in select_cases(cases, ["published_after=2025-01-01"])] == ["c1", "c2"]
    assert [c.id for c in select_cases(cases, ["published_before=2025-01-01"])] == ["c0"]
    both = select_cases(cases, ["language=zh", "theme=response_depth"])
    assert [c.id for c in both] == ["c2"]
    assert [c.id for c in select_cases(cases, ["id=c3,c0"], limit=1)] == ["c0"]


@pytest.mark.parametrize(
    "expression, message",
    [("language", "key=value"), ("colour=red", "unknown key"), ("published_after=May", "ISO date")],
)
def test_bad_filters_are_input_errors(cases, expression, message):
    with pytest.raises(InputError, match=message):
        select_cases(cases, [expression])


def test_demo_picks_english_and_chinese_sample_cases_alternately():
    from medrubric.data.formats import load_cases
    from medrubric.evaluate.demo import demo_case_ids

    ids = demo_case_ids(8)
    language = {c.id: c.language for c in load_cases("sample")}
    assert len(ids) == 8 == len(set(ids))
    assert [language[i] for i in ids] == ["en", "zh"] * 4


def test_grader_prompt_version_picks_a_template_unless_a_profile_pins_one():
    assert resolve_setup(None, "openai:g", "per-criterion", prompt_version=2).prompt_version == 2
    assert resolve_setup(None, "openai:g", "per-criterion").prompt_version == 1
    with pytest.raises(InputError, match="no such version"):
        resolve_setup(None, "openai:g", "batched", prompt_version=2)
    with pytest.raises(InputError, match="pins grade_criterion@1"):
        resolve_setup("livemedbench", None, None, prompt_version=2)
    assert resolve_setup("livemedbench", None, None, prompt_version=1).prompt_version == 1
