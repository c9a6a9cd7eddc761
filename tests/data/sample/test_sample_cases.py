"""The bundled sample cases meet the composition the documentation promises."""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from statistics import mean

from medrubric.data.formats import load_cases
from medrubric.data.language import detect_language
from medrubric.data.models import Case
from medrubric.data.vocab import AXES, LIFE_CRITICAL_ABS_WEIGHT, THEMES
from medrubric.retrieve import Snippet

ID_PATTERN = re.compile(r"^syn-(en|zh)-\d{3}$")
SNAKE_CASE = re.compile(r"^[a-z]+(_[a-z]+)*$")
SOAP_HEADINGS = ("S", "O", "A(/P)?")


def test_counts_languages_and_ids(sample_cases: list[Case]) -> None:
    assert len(sample_cases) >= 44
    languages = Counter(case.language for case in sample_cases)
    assert languages["zh"] >= 16
    assert languages["en"] == len(sample_cases) - languages["zh"]
    ids = [case.id for case in sample_cases]
    assert len(set(ids)) == len(ids)
    for case in sample_cases:
        match = ID_PATTERN.match(case.id)
        assert match and match.group(1) == case.language, case.id
        assert case.source == "medrubric-synthetic"
        assert case.url is None
        assert "synthetic" in case.tags


def test_language_field_matches_the_text(sample_cases: list[Case]) -> None:
    for case in sample_cases:
        assert detect_language(f"{case.narrative} {case.query}") == case.language, case.id


def test_specialties_themes_and_axes(sample_cases: list[Case]) -> None:
    specialties = Counter(case.specialty for case in sample_cases)
    assert len(specialties) >= 8
    assert all(SNAKE_CASE.match(s) for s in specialties), specialties
    themes = Counter(case.theme for case in sample_cases)
    assert set(themes) == set(THEMES)
    assert min(themes.values()) >= 3
    axes = Counter(c.axis for case in sample_cases for c in case.rubric)
    assert set(axes) == set(AXES)
    assert axes.most_common(1)[0][0] == "accuracy"


def test_publication_dates_straddle_typical_cutoffs(sample_cases: list[Case]) -> None:
    dates = [case.published_at for case in sample_cases]
    assert all(d is not None and dt.date(2023, 1, 1) <= d <= dt.date(2026, 10, 31) for d in dates)
    assert {d.year for d in dates if d} == {2023, 2024, 2025, 2026}
    assert len({(d.year, d.month) for d in dates if d}) >= 24
    for cutoff in (dt.date(2024, 6, 1), dt.date(2025, 6, 1)):
        before = sum(1 for d in dates if d and d < cutoff)
        assert before >= 10 and len(dates) - before >= 10, cutoff


def test_case_text_is_soap_ordered_with_query_and_advice(sample_cases: list[Case]) -> None:
    for case in sample_cases:
        positions = [re.search(rf"(^|\n){part}[:：]", case.narrative) for part in SOAP_HEADINGS]
        assert all(positions), case.id
        starts = [p.start() for p in positions if p]
        assert starts == sorted(starts), case.id
        assert case.query.strip() and case.advice and all(a.strip() for a in case.advice)


def test_rubric_sizes_ids_and_weights(sample_cases: list[Case]) -> None:
    sizes = [len(case.rubric) for case in sample_cases]
    assert min(sizes) >= 2 and max(sizes) <= 19
    assert 5.0 <= mean(sizes) <= 7.5
    assert min(sizes) <= 3 and max(sizes) >= 10, "the sample should show the range of sizes"
    for case in sample_cases:
        assert [c.id for c in case.rubric] == [f"c{i}" for i in range(1, len(case.rubric) + 1)]
        assert all(-10 <= c.weight <= 10 and c.weight != 0 for c in case.rubric)


def test_bipolar_rubrics_and_life_critical_weights(sample_cases: list[Case]) -> None:
    with_negative = [case for case in sample_cases if any(c.weight < 0 for c in case.rubric)]
    assert len(with_negative) >= 0.75 * len(sample_cases)
    for case in sample_cases:
        extreme = [c for c in case.rubric if abs(c.weight) >= LIFE_CRITICAL_ABS_WEIGHT]
        assert all(c.axis == "safety" for c in extreme), (case.id, extreme)
        if case.theme == "emergency_referrals":
            assert any(abs(c.weight) == 10 for c in case.rubric), case.id


def test_difficulty_tags(sample_cases: list[Case]) -> None:
    levels = Counter()
    for case in sample_cases:
        values = case.tag_values("difficulty")
        assert len(values) == 1 and values[0] in {"low", "medium", "high"}, case.id
        levels[values[0]] += 1
    assert set(levels) == {"low", "medium", "high"}


def test_evidence_cites_the_bundled_corpus(
    sample_cases: list[Case], snippets: list[Snippet]
) -> None:
    by_id = {s.id: s for s in snippets}
    for case in sample_cases:
        assert case.evidence, case.id
        for ev in case.evidence:
            snippet = by_id[ev.id]
            assert (ev.title, ev.content) == (snippet.title, snippet.content)
            assert snippet.language == case.language


def test_sample_is_reachable_by_name(sample_cases: list[Case]) -> None:
    assert load_cases("sample") == sample_cases
