"""The classes of identifier the fourteenth freeze adds (each case is found as a whole by a
rule, not by the learned tagger) and the readings and clinical words they must leave alone:
ages over 89 with no "years old", Irish Eircodes and Dublin districts, UK outward codes
alone, bracketed Australian postcodes, ZIP codes after a state code that is also a word,
phones read digit by digit, flats in named buildings; Chinese month.day dates and weekdays
before an event of care, a date's bracketed weekday, 老 + surname and surname + 姐 in more
places, a surname after Dr, numbered hospitals, flats in residential compounds, 歲 and 今年
ages; Chinese drug brands kept."""

from __future__ import annotations

import pytest

from medrubric.redact.redact import find_identifiers, redact_text
from medrubric.testing.redaction import covered

FOUND = [
    # ages over 89 with no "years old"
    ("Grandpa's 95th is on Saturday, the whole family is coming.", "AGE", "95"),
    ("Happy 100th to my nan, still doing the crossword.", "AGE", "100"),
    ("She would have been 93 this week, miss her.", "AGE", "93"),
    ("My uncle had his hip done at 94, walking fine now.", "AGE", "94"),
    ("Ninety-odd? No: 96 years of stubbornness, that man.", "AGE", "96"),
    ("My nainai is 98 and still makes dumplings.", "AGE", "98"),
    ("My mother-in-law (Agnes, 91) is on warfarin.", "AGE", "91"),
    ("我阿嬤95歲，最近吃不下飯。", "AGE", "95"),
    ("我爸今年92，前列腺的问题又犯了。", "AGE", "92"),
    ("我公公叫赵福来，94了，走路不稳。", "AGE", "94"),
    # Irish Eircodes and Dublin districts
    ("Send it to 4 Elm Park, Dublin 4, D04 K7W2 please.", "LOCATION", "Dublin 4"),
    ("Send it to 4 Elm Park, Dublin 4, D04 K7W2 please.", "LOCATION", "D04 K7W2"),
    # UK outward codes alone, bracketed postcodes, ZIP codes after MI, OR, PA …
    ("Anyone in LS6 seen the new physio?", "LOCATION", "LS6"),
    ("We moved to Dundee DD2 last spring.", "LOCATION", "Dundee DD2"),
    ("We are in Geelong (3220) now, any good GPs?", "LOCATION", "Geelong (3220)"),
    ("Her care home is in Portland, OR 97205 - visiting is fine.", "LOCATION", "97205"),
    # phones read digit by digit, flats in named buildings
    (
        "Ring the ward on oh two eight nine, four four six, one two three if worried.",
        "PHONE",
        "oh two eight nine, four four six, one two three",
    ),
    ("Deliveries to Flat 7, Harbour Court please.", "LOCATION", "Flat 7, Harbour Court"),
    # Chinese month.day dates and weekdays before an event of care, a bracketed weekday
    ("我妈是6.12做的胆囊手术，6.15就出院了。", "DATE", "6.12"),
    ("我妈是6.12做的胆囊手术，6.15就出院了。", "DATE", "6.15"),
    ("拖到周五晚上才去的急诊。", "DATE", "周五"),
    ("您预约的3月8日（星期五）9:30复诊已确认。", "DATE", "3月8日（星期五）"),
    # 老 + surname, surname + 姐, a surname after Dr
    ("隔壁老刘上个月也做了支架。", "NAME", "老刘"),
    ("村口诊所的老孙给开的药。", "NAME", "老孙"),
    ("护工邓姐，人很细心。", "NAME", "邓姐"),
    ("Dr. 吴说不用担心。", "NAME", "吴"),
    # numbered hospitals by their short name, flats in residential compounds
    ("后来转到湘雅附二院做的。", "LOCATION", "湘雅附二院"),
    ("在五院住了一周。", "LOCATION", "五院"),
    ("寄到阳光花园小区3栋1单元402。", "LOCATION", "阳光花园小区3栋1单元402"),
]


@pytest.mark.parametrize(("text", "kind", "value"), FOUND)
def test_fourteenth_freeze_classes_found(text, kind, value, monkeypatch):
    monkeypatch.setenv("MEDRUBRIC_TAGGER", "0")  # the rules alone
    assert covered(text, value, kind), find_identifiers(text)


# The new rules' edges: readings, weights and percentiles, markers and vitamins, a span of
# time after Dublin, lab values before an event, a weekly weekday, 院 in other words.
EDGES = [
    ("His sats stable at 92, so no oxygen.", "92"),
    ("Fasting at 95, post-meal 140.", "95"),
    ("I'm at 95 now, need to lose weight.", "95"),
    ("Her weight is on the 91st percentile.", "91"),
    ("Low in B12 and folate, started injections.", "B12"),
    ("CA125 was 95 last month.", "95"),
    ("She has been in Dublin 2 weeks now.", "2 weeks"),
    ("肌钙蛋白I 5.6，直接进了导管室。", "5.6"),
    ("血糖6.8，做了糖耐量。", "6.8"),
    ("每周三下午去透析。", "周三"),
    ("他是院士，第一院系的。", "一院"),
]


@pytest.mark.parametrize(("text", "word"), EDGES)
def test_fourteenth_freeze_rules_leave_their_edges(text, word, monkeypatch):
    monkeypatch.setenv("MEDRUBRIC_TAGGER", "0")  # the rules alone
    assert word in redact_text(text)[0]


@pytest.mark.parametrize(
    ("text", "word"),
    [("吃了息斯敏还是打喷嚏。", "息斯敏"), ("化疗后打了升白针（瑞白）。", "瑞白")],
)
def test_fourteenth_freeze_drug_brands_kept(text, word):
    assert word in redact_text(text)[0]
