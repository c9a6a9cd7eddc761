"""The classes of identifier the tenth freeze adds (each case is found as a whole by a rule,
not by the learned tagger) and the clinical words they must leave alone: English hospitals
by a short or informal name, a house number and its name after a word of residence,
partial postcodes after an address cue, an initial and a family name, lower-case user names
before what they said, ages over 89 in brackets or commas, a day and month with no year
before a word of care; Chinese community health centres and hospital campuses, lunar dates
after 农历, landlines with an extension, ages over 89 after an elder; eponyms with
diacritics, dose schedules, drug and device makers and kinds of hospital kept."""

from __future__ import annotations

import pytest

from medrubric.redact.redact import find_identifiers, redact_text
from medrubric.testing.redaction import covered

FOUND = [
    # English hospitals by a short or informal name
    ("They transferred him to the Marsden for the trial.", "LOCATION", "the Marsden"),
    ("Seen at great ormond street when she was two.", "LOCATION", "great ormond street"),
    ("Her cardiologist at Sunnybrook was brilliant.", "LOCATION", "Sunnybrook"),
    ("Our son had his shunt done at GOSH.", "LOCATION", "GOSH"),
    ("We drove down to Addenbrooke’s for the scan.", "LOCATION", "Addenbrooke’s"),
    # a house number and its name with no street word
    ("We live at 31 Maes y Coed so parking is easy.", "LOCATION", "31 Maes y Coed"),
    ("Mum's address is 5 Honeysuckle Rise now.", "LOCATION", "5 Honeysuckle Rise"),
    # partial postcodes after a word of residence or a postcode word
    ("We live in M4C and the clinic is across town.", "LOCATION", "M4C"),
    ("Our eircode routing key is H91 if that helps.", "LOCATION", "H91"),
    # an initial and a family name
    ("The letter was signed by J. Hargreaves, consultant.", "NAME", "J. Hargreaves"),
    # a lower-case user name before what it said
    ("Like user sandyshores said, ask for the bloods.", "NAME", "sandyshores"),
    ("As member petalbloom wrote, the waiting list is long.", "NAME", "petalbloom"),
    # ages over 89 in brackets or commas after a relative
    ("My grandad (96) has been refusing food.", "AGE", "96"),
    ("Nanna, 93, fell in the garden on Sunday.", "AGE", "93"),
    # a day and month with no year before a word of care
    ("27/9 admitted with chest pain, discharged two days later.", "DATE", "27/9"),
    ("(18/11) scan booked at last.", "DATE", "18/11"),
    # Chinese community health centres and hospital campuses
    ("我们在桃源社区卫生服务中心打的疫苗。", "LOCATION", "桃源社区卫生服务中心"),
    ("去了浦东院区做的胃镜。", "LOCATION", "浦东院区"),
    # lunar dates after 农历
    ("外公是农历三月初七走的。", "DATE", "农历三月初七"),
    # a landline with an extension after 转
    ("科室电话0731-8465 2210转318，下午有人。", "PHONE", "0731-8465 2210转318"),
    # ages over 89 after an elder with no 岁
    ("我外婆今年九十六了，还能自己走。", "AGE", "九十六"),
    ("老爷子97了，医生不建议手术。", "AGE", "97"),
]


@pytest.mark.parametrize(("text", "kind", "value"), FOUND)
def test_tenth_freeze_classes_found(text, kind, value, monkeypatch):
    monkeypatch.setenv("MEDRUBRIC_TAGGER", "0")  # the rules alone
    assert covered(text, value, kind), find_identifiers(text)


KEPT = [
    ("The rheumatologist thinks it is Sjögren’s syndrome.", "Sjögren’s syndrome"),
    ("Take prednisolone 15 mg 10/5/5 for the flare.", "10/5/5"),
    ("The stoma bags from Dansac suit her skin better.", "Dansac"),
    ("My insulin pump rep from Medtronic called today.", "Medtronic"),
    ("The recall notice came from Halden Pharma last week.", "Halden Pharma"),
    ("The GP referred us under Right to Choose.", "Right to Choose"),
    ("她在上海一家三甲医院做的手术。", "三甲医院"),
    ("最近老是水样便，吃了思密达。", "水样便"),
    ("查出乳腺增生，医生说观察。", "乳腺增生"),
    ("她去了社区卫生服务中心打针。", "社区卫生服务中心"),
]


@pytest.mark.parametrize(("text", "word"), KEPT)
def test_tenth_freeze_clinical_words_kept(text, word):
    assert word in redact_text(text)[0]


# The new rules' edges: HbA1c, a spine level, a pain score, an age under 90, a ward, a kind
# of centre.
EDGES = [
    ("My A1C came back at 7.2 this time.", "A1C"),
    ("Fracture at T12 on the MRI, living in pain.", "T12"),
    ("Pain 6/10 since the op.", "6/10"),
    ("Her mum, 52, is the main carer.", "52"),
    ("He moved to 4 North after the op.", "4 North"),
    ("I had hep C. Doctors said it was cured.", "C. Doctors"),
    ("家里老人80了，还要不要做胃镜？", "80"),
    ("她去了社区卫生服务中心打针。", "社区卫生服务中心"),
]


@pytest.mark.parametrize(("text", "word"), EDGES)
def test_tenth_freeze_rules_leave_their_edges(text, word, monkeypatch):
    monkeypatch.setenv("MEDRUBRIC_TAGGER", "0")  # the rules alone
    assert word in redact_text(text)[0]
