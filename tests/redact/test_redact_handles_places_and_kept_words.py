"""Detectors of the eighth freeze: forum handles by position or by shape (EN and ZH),
nicknames given without quotes, doubled pet names and bracketed names after a kinship word,
Japanese names, named facilities with a generic head, PO boxes, flats, postcodes after a
state or a town, ages over 89 said of a person further back, a day and month that date an
event, dates of other calendars; and what must stay: provinces and regions named alone,
hospitals with no proper name, transliterated eponyms, companies, departments and programmes."""

from __future__ import annotations

import pytest

from medrubric.redact.redact_rules import is_kind_of_hospital
from medrubric.testing.redaction import covered, found

FOUND = [
    # Chinese handles by position
    ("回 风吹麦浪的季节：二甲双胍要随餐吃。", "风吹麦浪的季节"),
    ("引用 北方的狼：“激素能停吗？” 我觉得要慢慢减。", "北方的狼"),
    ("谢谢半夏微凉的回复，我明天去复查。", "半夏微凉"),
    ("我的ID是爱吃橘子的猫，有问题私信。", "爱吃橘子的猫"),
    ("术后第三天了，一切顺利。——守护小棉袄的老爸", "守护小棉袄的老爸"),
    ("我是海边的风88，糖尿病十年了。", "海边的风88"),
    # nicknames and pet names
    ("我儿子小名叫石头，今年六岁，哮喘。", "石头"),
    ("我们都叫她果果，三岁，川崎病。", "果果"),
    ("闺女豆豆上周开始咳嗽。", "豆豆"),
    ("我爸（振华）血压一直偏高。", "振华"),
    # names of minority and Japanese origin
    ("大家好，我是斯琴其其格，在牧区工作。", "斯琴其其格"),
    ("在东京住院时主治医生田中健太说要手术。", "田中健太"),
    # English handles
    ("Quote from Lottie_R: does the pump hurt?", "Lottie_R"),
    ("Mod note: SunflowerMum42, please remove your number.", "SunflowerMum42"),
    ("Please read the rules. gwen.t, your post is hidden.", "gwen.t"),
    ("Replying to hollyhock_1990 – the rash went after a week.", "hollyhock_1990"),
    # English places without a cue word
    ("Nan is at Willowbrook Care Home now, the staff are lovely.", "Willowbrook Care Home"),
    ("He was treated at Sankara Institute for the retina.", "Sankara Institute"),
    ("They flew her to Hospital Virgen del Rocío after the fall.", "Hospital Virgen del Rocío"),
    ("Transferred from Toronto Western on Monday.", "Toronto Western"),
    ("Forms go to PO Box 4471 before Friday.", "PO Box 4471"),
    ("We moved to Flat 7, 18 Harbour Road last year.", "Flat 7, 18 Harbour Road"),
    ("We live in Kew (Victoria, 3101) near the clinic.", "3101"),
    ("Sent it to Palmerston North 4410, still waiting.", "4410"),
    # ages over 89, dates without a year and other calendars
    ("My grandad (we call him Pops) is 94 and has just had a pacemaker.", "94"),
    ("She celebrated 101 in the care home with her family.", "101"),
    ("He was admitted on 14/02 and sent home on 19/02.", "14/02"),
    ("He was admitted on 14/02 and sent home on 19/02.", "19/02"),
    ("Mum was in from 03/11 to 09/11 with pneumonia.", "09/11"),
    ("Dad had his stent on 5 Shawwal 1445, then Eid with us.", "5 Shawwal 1445"),
    ("She went into labour on the second day of Tết.", "the second day of Tết"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "part"), FOUND)
def test_handles_places_and_dates_are_found_by_the_rules_alone(text, part, monkeypatch):
    monkeypatch.setenv("MEDRUBRIC_NER", "0")
    monkeypatch.setenv("MEDRUBRIC_TAGGER", "0")
    assert covered(text, part)


KEPT = [
    # provinces, regions and municipalities named alone; hospitals with no proper name
    "我奶奶住在内蒙古，股骨颈骨折。",
    "他在宁夏打工，肾结石。",
    "我们是从广西过来看病的。",
    "她在上海工作，多发性硬化。",
    "在省人民医院做的胃镜。",
    "孩子在市儿童医院住了一周。",
    "在省妇幼生的，早产34周。",
    "县医院说要转上级医院。",
    # eponyms, drinks and companies
    "我爸是阿尔茨海默氏病早期。",
    "他天天喝王老吉降火，血糖12。",
    "My Bupa policy won't cover the Dupixent.",
    "Is Abbott replacing the failed sensors for anyone?",
    "Has anyone at Lilly replied about the faulty pen?",
    # departments, the emergency department and public programmes
    "Seen in the Breast Clinic on the same day.",
    "Waited six hours in ED with a broken wrist.",
    "The Healthy Start vitamins are free for us.",
    # scores, sign-offs and measurements that are no identifier
    "Pain went from 4/10 to 8/10 overnight.",
    "Mum's oxygen was 96 this morning, pulse 88.",
    "Dad is 95 kg and diabetic.",
    "Third round failed. Progesterone, Clexane 40mg -- nothing.",
    # wards named by a number and a compass point are no dates
    "She was moved to 4 North yesterday after the fall.",
    "He is in bed 12 on 6 East, the stroke ward.",
]


@pytest.mark.parametrize("text", KEPT)
def test_provinces_generic_hospitals_companies_and_departments_are_kept(text):
    assert found(text) == []


def test_a_province_before_a_city_and_a_named_hospital_stay_in_the_finding():
    assert covered("我家在云南大理，白族。", "云南大理")
    assert covered("下周去北京朝阳医院复查。", "北京朝阳医院")


def test_a_place_before_a_counted_kind_of_hospital_is_found_alone():
    assert found("我在沈阳一家三甲医院上班。") == [("LOCATION", "沈阳")]


@pytest.mark.parametrize(
    "name", ["省人民医院", "市儿童医院", "省妇幼", "三甲医院", "县医院", "一家三甲医院"]
)
def test_kinds_of_hospital(name):
    assert is_kind_of_hospital(name)


@pytest.mark.parametrize("name", ["华西医院", "北京朝阳医院", "市第一医院", "湘雅二医院"])
def test_named_hospitals_are_no_kind_of_hospital(name):
    assert not is_kind_of_hospital(name)


def test_an_english_name_ends_where_chinese_text_starts():
    text = "Kwame Mensah，加纳来的留学生，诊断疟疾，用了青蒿琥酯。"
    assert ("NAME", "Kwame Mensah") in found(text) or not any(
        kind == "NAME" and "疟疾" in span for kind, span in found(text)
    )
    assert all("疟疾" not in span for _, span in found(text))
