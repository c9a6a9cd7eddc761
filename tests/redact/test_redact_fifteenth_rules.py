"""The classes of identifier the fifteenth freeze adds (each case is found as a whole by a
rule, not by the learned tagger) and the readings and clinical words they must leave alone:
ranges of Chinese dates as one date, lunar dates with their year or in a lunar month,
e-mails whose "@" is written (at) or #, masked names, Chinese pet names after a kinship
word, at home before a time word or before a bracketed 小名, hospitals by a province's
abbreviation and number, by 附N with no 院, by a Latin name before 医院 or by an acronym
ending in H, a 街道 after its district, given names that are words after a relative or a
thanks, and a name in capitals after a greeting."""

from __future__ import annotations

import pytest

from medrubric.redact.redact import find_identifiers, redact_text
from medrubric.testing.redaction import covered

FOUND = [
    # ranges of dates, lunar dates
    ("6月3日至6月9日住的院。", "DATE", "6月3日至6月9日"),
    ("2023年2月1日—2月20日化疗两个疗程。", "DATE", "2023年2月1日—2月20日"),
    ("外婆2021年农历冬月初八走的。", "DATE", "2021年农历冬月初八"),
    ("爷爷正月初六住的院。", "DATE", "正月初六"),
    # e-mails written with (at), [at] or #
    ("资料发 liwei_doc(at)163.com 就行。", "EMAIL", "liwei_doc(at)163.com"),
    ("Email me: sam.k[at]gmail.com", "EMAIL", "sam.k[at]gmail.com"),
    ("邮箱 chenxi88#qq.com，#换成@。", "EMAIL", "chenxi88#qq.com"),
    # masked names
    ("短信：王*明，您的检查报告已出。", "NAME", "王*明"),
    ("Thanks to M*** for the lift.", "NAME", "M***"),
    # Chinese pet names
    ("我弟三娃在工地摔了。", "NAME", "三娃"),
    ("我侄女朵朵也是手足口。", "NAME", "朵朵"),
    ("我家花生今天打完疫苗，有点低烧。", "NAME", "花生"),
    ("我妹豆包（小名）上周查出来贫血。", "NAME", "豆包"),
    # hospitals by a short name, a Latin name or an acronym
    ("在苏一做的手术，挺顺利。", "LOCATION", "苏一"),
    ("中山附三的医生说再观察。", "LOCATION", "中山附三"),
    ("孩子在Starship儿童医院住了一周。", "LOCATION", "Starship儿童医院"),
    ("She was rushed to RPAH by ambulance.", "LOCATION", "RPAH"),
    # a 街道 after its district
    ("我们住武汉市江汉区花楼街道，离医院近。", "LOCATION", "武汉市江汉区花楼街道"),
    # given names that are words after a relative or a thanks, a name in capitals
    ("My daughter Joy (she's 9) has coeliac.", "NAME", "Joy"),
    ("Thanks Faith, that helps a lot.", "NAME", "Faith"),
    ("Hi MARTIN, your scan is booked.", "NAME", "MARTIN"),
    # a Reddit user is still one after the unit-after-a-number check (38 U/mL is no user)
    ("Posted by u/tiredknees22 last week.", "NAME", "tiredknees22"),
    ("Same here, ask u/sadmum_84 about it.", "NAME", "sadmum_84"),
]


@pytest.mark.parametrize(("text", "kind", "value"), FOUND)
def test_fifteenth_freeze_classes_found(text, kind, value, monkeypatch):
    monkeypatch.setenv("MEDRUBRIC_TAGGER", "0")  # the rules alone
    assert covered(text, value, kind), find_identifiers(text)


# The new rules' edges: hormones and bleeds ending in H, a unit after a slash (no Reddit
# user), a word after 我家 that names no
# one, a year alone before a lunar month, a bracket of a clinical note, 附一 as "attach one",
# a greeting to everyone, a word-name with no cue.
EDGES = [
    ("Her TSH came back at 4.2.", "TSH"),
    ("His CA 19-9 is down to 38 U/mL. Creon with every meal now.", "mL"),
    ("Medtronic 780G, basal 0.85 u/hr. Helpline kept me on hold.", "hr"),
    ("She bled again, admitted to ICU from PPH.", "PPH"),
    ("我家附近今天开了个药店。", "附近"),
    ("附一张化验单，大家帮看看。", "附一"),
    ("Hi ALL, quick question about statins.", "ALL"),
    ("There is still hope for the trial.", "hope"),
    ("Sunny days help her mood.", "Sunny"),
    ("3月5日复查，血常规正常。", "复查"),
]


@pytest.mark.parametrize(("text", "word"), EDGES)
def test_fifteenth_freeze_rules_leave_their_edges(text, word, monkeypatch):
    monkeypatch.setenv("MEDRUBRIC_TAGGER", "0")  # the rules alone
    assert word in redact_text(text)[0]
