"""The classes of identifier added after blind set 17 (each case is found as a whole by a
rule, not by the learned tagger) and the readings they must leave alone: a weekday with the
word that places it, a range of days before one month, a numbered compound after a street
number, a care home after its city and district, a masked Chinese name right after a word,
and a letters-first health-card number after its cue."""

from __future__ import annotations

import pytest

from medrubric.redact.redact import find_identifiers, redact_text
from medrubric.testing.redaction import covered

FOUND = [
    ("He has been on Rifafour since last Monday.", "DATE", "last Monday"),
    ("Booked in for this Friday at 9.", "DATE", "this Friday"),
    ("The letter says she was admitted 2-9 Feb.", "DATE", "2-9 Feb"),
    ("He was in from the 12th to the 19th of March.", "DATE", "the 12th to the 19th of March"),
    ("北京市朝阳区团结湖北路9号院里那个药店还开吗？", "LOCATION", "北京市朝阳区团结湖北路9号院"),
    ("外婆住进杭州市西湖区颐乐园养老院，有轻度认知障碍。", "LOCATION", "杭州市西湖区颐乐园养老院"),
    ("病例讨论：患者李**，既往高血压。", "NAME", "李**"),
    ("The form asks for her RAMQ no. THIM 4512 2219 again.", "ID", "THIM 4512 2219"),
]


@pytest.mark.parametrize(("text", "kind", "value"), FOUND)
def test_seventeenth_classes_found(text, kind, value, monkeypatch):
    monkeypatch.setenv("MEDRUBRIC_TAGGER", "0")  # the rules alone
    assert covered(text, value, kind), find_identifiers(text)


# The edges: a dose range and a count range keep their numbers, a hospital's campus and its
# head keep 院区/院长, a weekday that recurs stays, a care home with no name stays, and a
# high value with asterisks is no masked name.
EDGES = [
    ("Take 1-2 tablets up to 4 times a day.", "1-2 tablets"),
    ("他在东风路12号院长办公室等我们。", "院长办公室"),
    ("Clinic runs every Monday morning.", "every Monday"),
    ("奶奶去年住进养老院了，吃得还行。", "养老院"),
    ("血压高**，医生让复查。", "血压高"),
]


@pytest.mark.parametrize(("text", "word"), EDGES)
def test_seventeenth_rules_leave_their_edges(text, word, monkeypatch):
    monkeypatch.setenv("MEDRUBRIC_TAGGER", "0")  # the rules alone
    assert word in redact_text(text)[0]


@pytest.mark.parametrize("text", ["患者姓名不详，男，约60岁。", "联系人：未知"])
def test_a_name_field_that_names_no_one_stays(text):
    assert redact_text(text)[0] == text
