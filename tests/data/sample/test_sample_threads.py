"""The sample raw threads: curatable ones, and one per collection-filter rejection reason."""

from __future__ import annotations

import datetime as dt
from collections import Counter

from medrubric.data.models import Thread
from medrubric.screen.filter import filter_threads

REJECT_REASONS = {"too_old", "language", "no_physician_reply", "has_media"}


def expected_outcome(thread: Thread) -> str:
    (value,) = [t.removeprefix("expected:") for t in thread.tags if t.startswith("expected:")]
    return value


def test_composition(sample_threads: list[Thread]) -> None:
    outcomes = Counter(expected_outcome(t) for t in sample_threads)
    assert outcomes["accept"] >= 12
    rejects = {o.removeprefix("reject:"): n for o, n in outcomes.items() if o != "accept"}
    assert rejects == dict.fromkeys(REJECT_REASONS, 1)
    keys = [t.key for t in sample_threads]
    assert len(set(keys)) == len(keys)


def test_accepted_threads_are_fresh_and_answered(sample_threads: list[Thread]) -> None:
    accepted = [t for t in sample_threads if expected_outcome(t) == "accept"]
    assert {t.language for t in accepted} == {"en", "zh"}
    for thread in accepted:
        assert thread.published_at is not None
        assert dt.date(2024, 1, 1) <= thread.published_at.date() <= dt.date(2026, 12, 31)
        assert thread.messages[0].author_role == "patient"
        assert any(m.author_role == "physician" and m.verified for m in thread.messages)
        assert not thread.has_media
        assert "synthetic" in thread.tags


def test_collection_filter_agrees_with_the_expected_tags(sample_threads: list[Thread]) -> None:
    result = filter_threads(sample_threads)
    expected = {t.key: expected_outcome(t) for t in sample_threads}
    kept = {t.key for t in result.kept}
    assert kept == {k for k, outcome in expected.items() if outcome == "accept"}
    for rejection in result.rejected:
        assert expected[rejection.thread_key] == f"reject:{rejection.reason}"
