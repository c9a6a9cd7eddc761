"""Balanced rotation of reviewers, and the highlighted spans of injected-error pairs."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from medrubric.review.assign import rotation
from medrubric.review.diff import changed_segments


@pytest.mark.parametrize(("n_reviewers", "per_item"), [(2, 2), (3, 2), (4, 2), (5, 3), (6, 2)])
def test_every_pair_of_reviewers_shares_groups_and_loads_are_balanced(
    n_reviewers: int, per_item: int
) -> None:
    reviewers = list(range(10, 10 + n_reviewers))
    cycle = len(list(itertools.combinations(reviewers, per_item)))
    groups = [f"g{i}" for i in range(3 * cycle)]
    plan = rotation(groups, reviewers, per_item)
    assert all(len(set(who)) == per_item for who in plan.values())
    shared = Counter(pair for who in plan.values() for pair in itertools.combinations(who, 2))
    assert set(shared) == set(itertools.combinations(reviewers, 2))
    assert len(set(shared.values())) == 1  # every pair overlaps equally often
    load = Counter(r for who in plan.values() for r in who)
    assert len(set(load.values())) == 1


def test_rotation_edge_cases() -> None:
    assert rotation(["a", "b"], [], 2) == {}
    assert rotation(["a", "b"], [7], 2) == {"a": (7,), "b": (7,)}
    assert rotation(["a"], [1, 2, 3], 2, start=2) == {"a": (2, 3)}


def test_changed_spans_are_marked_on_both_sides() -> None:
    left, right = changed_segments("Chew 300 mg of aspirin now.", "Chew 3000 mg of aspirin now.")
    assert [(s.text, s.changed) for s in left] == [
        ("Chew ", False),
        ("300", True),
        (" mg of aspirin now.", False),
    ]
    assert [s.text for s in right if s.changed] == ["3000"]
    assert "".join(s.text for s in right) == "Chew 3000 mg of aspirin now."


def test_chinese_edits_are_marked_per_character() -> None:
    left, right = changed_segments("请立即拨打急救电话。", "请明天拨打急救电话。")
    assert [s.text for s in left if s.changed] == ["立即"]
    assert [s.text for s in right if s.changed] == ["明天"]
