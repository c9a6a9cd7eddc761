"""The programmatic check of declared edits: reconstruction, bounds, and where spans land."""

from __future__ import annotations

import pytest

from medrubric.audit.edits import EditLimits, apply_edits, check_edits
from medrubric.audit.pairs import Edit

ORIGINAL = (
    "Chew one 300 mg aspirin now and call emergency services. "
    "Do not drive yourself to hospital. Rest while you wait."
)


def test_valid_single_edit_reconstructs_and_locates_the_new_span():
    edits = [Edit(original="300 mg", new="3000 mg")]
    edited = ORIGINAL.replace("300 mg", "3000 mg")
    result = check_edits(ORIGINAL, edited, edits)
    assert result.passed, result.problems
    assert result.reconstructed == edited
    (start, end) = result.spans[0]
    assert edited[start:end] == "3000 mg"


def test_valid_multiple_edits_in_any_declared_order():
    edits = [
        Edit(original="Rest while you wait.", new=""),
        Edit(original="call emergency services", new="book a GP appointment"),
    ]
    edited = ORIGINAL.replace("call emergency services", "book a GP appointment").replace(
        "Rest while you wait.", ""
    )
    result = check_edits(ORIGINAL, edited, edits)
    assert result.passed, result.problems
    assert [edited[s:e] for s, e in result.spans] == ["book a GP appointment", ""]


def test_edits_that_do_not_reconstruct_the_edited_answer_fail():
    edits = [Edit(original="300 mg", new="3000 mg")]
    edited = ORIGINAL.replace("300 mg", "3000 mg").replace("Rest", "Relax")
    result = check_edits(ORIGINAL, edited, edits)
    assert not result.passed
    assert any("does not reproduce" in p for p in result.problems)


def test_change_outside_the_declared_span_is_caught_even_with_equal_length():
    edits = [Edit(original="Do not drive", new="Do drive")]
    edited = ORIGINAL.replace("Do not drive", "Do drive").replace("now", "n0w")
    result = check_edits(ORIGINAL, edited, edits)
    assert any("outside the declared spans" in p for p in result.problems)


def test_span_not_in_the_original_fails():
    edits = [Edit(original="500 mg", new="5000 mg")]
    result = check_edits(ORIGINAL, ORIGINAL.replace("300", "5000"), edits)
    assert any("not found" in p for p in result.problems)


def test_ambiguous_span_fails():
    text = "Take 1 tablet. Take 1 tablet."
    result = check_edits(text, "Take 2 tablet. Take 1 tablet.", [Edit(original="1", new="2")])
    assert any("occurs 2 times" in p for p in result.problems)


def test_overlapping_edits_fail():
    edits = [Edit(original="300 mg aspirin", new="x"), Edit(original="aspirin now", new="y")]
    with pytest.raises(ValueError, match="overlaps"):
        apply_edits(ORIGINAL, edits)


def test_edit_too_long_fails():
    limits = EditLimits(max_span_chars=20, min_length_allowance=1000)
    old = "Do not drive yourself to hospital."
    new = "Drive yourself to hospital."
    result = check_edits(
        ORIGINAL, ORIGINAL.replace(old, new), [Edit(original=old, new=new)], limits
    )
    assert any("exceeds 20" in p for p in result.problems)


def test_length_change_over_the_bound_fails():
    addition = " Also take ibuprofen 400 mg every hour for the pain, as much as you need."
    new = "Rest while you wait." + addition
    edits = [Edit(original="Rest while you wait.", new=new)]
    limits = EditLimits(max_length_change=0.1, min_length_allowance=10)
    result = check_edits(ORIGINAL, ORIGINAL + addition, edits, limits)
    assert any("length changed by" in p for p in result.problems)
    assert check_edits(ORIGINAL, ORIGINAL + addition, edits).passed  # defaults allow it


def test_no_edits_too_many_edits_and_no_op_edits_fail():
    assert "no edits declared" in check_edits(ORIGINAL, ORIGINAL + "!", []).problems
    many = [Edit(original=w, new=w.upper()) for w in ("Chew", "call", "Rest", "wait")]
    edited = ORIGINAL
    for e in many:
        edited = edited.replace(e.original, e.new)
    assert any("4 edits declared" in p for p in check_edits(ORIGINAL, edited, many).problems)
    same = [Edit(original="Rest", new="Rest")]
    problems = check_edits(ORIGINAL, ORIGINAL, same).problems
    assert any("equals the original" in p for p in problems)
    assert any("identical" in p for p in problems)
