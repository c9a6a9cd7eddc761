"""Detectors of the seventh freeze: weekdays, holidays and days of the month that date an event
(EN and ZH), Chinese names addressed with a kinship suffix, in lists of nicknames, glossed in
Latin letters or written in Latin letters, forum handles by position, streets after "on",
named schools, IPv6 addresses, e-mails written out, ages over 89 closing a sentence; and the
words they must leave alone: jieba's frequent common words read as a surname and a given name, drugs
before a dose or a bracketed brand, a staging system in brackets, bare short numbers."""

from __future__ import annotations

import pytest

from medrubric.redact.redact_ner import common_chinese_word
from medrubric.redact.redact_rules import phone_numbers
from medrubric.testing.redaction import covered, found

FOUND = [
    # weekdays and holidays dating an event
    ("Grandad was admitted last Wednesday with sepsis.", "Wednesday"),
    ("She fell on Thursday night and broke her wrist.", "Thursday"),
    ("He has been on the ward since Easter Sunday.", "Easter Sunday"),
    ("Dad collapsed over Hanukkah, CT showed a bleed.", "Hanukkah"),
    ("Mum has been in ICU since Diwali.", "Diwali"),
    ("Seen in clinic last Friday, bloods were fine.", "Friday"),
    ("我爸上周四住院，医生说是心衰。", "上周四"),
    ("这礼拜二复查了肝功能。", "这礼拜二"),
    ("周六做的胃镜，结果还没出。", "周六"),
    ("5月20日周日下午发的烧。", "周日"),
    ("我奶奶12号凌晨走的。", "12号"),
    ("外婆是二十号住院的。", "二十号"),
    ("大前年春节住的院，肺炎。", "大前年春节"),
    ("我爸端午节前一天中风了。", "端午节前一天"),
    ("开斋节那天孩子开始发烧。", "开斋节"),
    ("手术23.11.7做的，出院23.12.1。", "23.12.1"),
    # names
    ("谢谢梅姐分享，我明天就去挂号。", "梅姐"),
    ("病房护工芳姐人很好，帮我妈翻身。", "芳姐"),
    ("感谢群里的阿珍、朵朵，一直鼓励我。", "阿珍、朵朵"),
    ("我先生彼得（Peter Collins）也在吃二甲双胍。", "彼得"),
    ("同事Hamish前天查出糖尿病。", "Hamish"),
    ("多亏Oksana阿姨一直陪着我妈。", "Oksana"),
    ("买买提大哥，你上次说的降压药叫什么？", "买买提"),
    ("我和乌日娜都在透析。", "乌日娜"),
    ("我阿嬷陈阿好今年八十五了。", "陈阿好"),
    ("以上是我的经验，希望有用。\n——听雨轩主", "听雨轩主"),
    # forum handles and nicknames by position
    ("> PeteR_77 wrote: try the pelvic floor app", "PeteR_77"),
    ("Username's LizInLeeds, same as on the other forum.", "LizInLeeds"),
    ("Re: JoJo99's question about statins", "JoJo99"),
    ("sunny_days, did the rash go?", "sunny_days"),
    ("引用 夜跑的鱼 的发言：二甲双胍要饭后吃", "夜跑的鱼"),
    ("外婆只记得我的小名「狗蛋」。", "狗蛋"),
    ("群主秋水会审核入群申请。", "秋水"),
    ("Everyone calls him Big Mick since school.", "Big Mick"),
    # places, addresses and numbers
    ("The care home on Mill Lane keeps losing her hearing aids.", "Mill Lane"),
    ("Our daughter's school, Oakfield Primary School, rang us.", "Oakfield Primary School"),
    ("后台登录IP是2408:8207:6c21:3b50::1a，不是我。", "2408:8207:6c21:3b50::1a"),
    ("资料发我邮箱 wang.lei 艾特 163 点 com 就行。", "wang.lei 艾特 163 点 com"),
    ("My email is jo.baker at outlook dot com if easier.", "jo.baker at outlook dot com"),
    ("我的港澳通行证C12345678快过期了。", "C12345678"),
    # ages over 89 closing a sentence
    ("Grandma passed away last spring, aged 97.", "97"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "part"), FOUND)
def test_event_dates_and_names_are_found_by_the_rules_alone(text, part, monkeypatch):
    monkeypatch.setenv("MEDRUBRIC_NER", "0")
    monkeypatch.setenv("MEDRUBRIC_TAGGER", "0")
    assert covered(text, part)


KEPT = [
    "Stage IIIA (Ann Arbor), six cycles of R-CHOP.",
    "出院带药利福平0.45g，每天一次。",
    "阿达木单抗（修美乐）40mg两周一次。",
    "Heart rate 118 at rest, sats 96%.",
    "Rifampicin turns your urine orange.",
    "我妈凌晨三点胸痛，医生和我们商量了一下。",
    "主任的门诊是周三下午，每周一三五透析。",
    "The clinic runs on Mondays and Thursdays.",
    "Left at 10:30:45, ratio 1:2:3, my username is the same as here.",
    "管理员审核后会通过。Re: Mum's question, we met at noon.",
]


@pytest.mark.parametrize("text", KEPT)
def test_clinical_words_and_common_words_are_kept(text):
    assert found(text) == []


def test_frequent_common_words_are_no_chinese_names_but_rarer_given_names_are():
    assert common_chinese_word("凌晨") and common_chinese_word("商量")
    assert not common_chinese_word("建军")  # a given name, a rarer word
    assert not common_chinese_word("老周") and not common_chinese_word("一一")  # pet names
    assert not common_chinese_word("李娜")  # a name in jieba's dictionary


@pytest.mark.parametrize("number", ["12345678", "91234567"])
def test_a_bare_short_number_is_no_phone_without_a_cue(number):
    assert phone_numbers(f"The count was {number} per ml.") == []
    assert phone_numbers(f"Call me on {number} after six.") != []
