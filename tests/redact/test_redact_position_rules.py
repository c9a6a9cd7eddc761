"""Identifiers found by where they stand in a post (pet names after a kinship word, a name
closing or opening a post, ages beside a name, facilities after "at", districts after their
city, short hospital names) and the clinical words those rules must leave alone."""

from __future__ import annotations

import pytest

from medrubric.redact.redact import redact_text
from medrubric.testing.redaction import covered, found

DETECTED = [
    # Chinese pet names and given names by position
    ("我媳妇小芸怀孕30周了。", ("NAME", "小芸")),
    ("老伴淑珍上个月摔了一跤。", ("NAME", "淑珍")),
    ("我家乐乐两岁，老是咳嗽。", ("NAME", "乐乐")),
    ("婷婷的妈妈，你家孩子好点了吗？", ("NAME", "婷婷")),
    ("秀梅姐你好，我也是乳腺癌。", ("NAME", "秀梅")),
    ("小军，加油！你一定行。", ("NAME", "小军")),
    ("我二舅卢长河是县城的，肝癌晚期。", ("NAME", "卢长河")),
    ("我和小蕾都是甲减。", ("NAME", "小蕾")),
    ("我老婆Jessica（中文名不说了）甲亢。", ("NAME", "Jessica")),
    ("谢谢各位。\n——建华（jh_runner88）", ("NAME", "建华")),
    ("谢谢各位。\n——建华（jh_runner88）", ("NAME", "jh_runner88")),
    ("我爸老宋的情况也一样。", ("NAME", "老宋")),
    ("我爷爷九十五了还很硬朗。", ("AGE", "九十五")),
    # Chinese places, hospitals, user names and dates
    ("在杭州萧山上班，胃疼。", ("LOCATION", "萧山")),
    ("在湘雅生的。", ("LOCATION", "湘雅")),
    ("去郑大一附院复查。", ("LOCATION", "郑大一附院")),
    ("在301医院复查。", ("LOCATION", "301医院")),
    ("我们小区阳光新村好几个老人得了带状疱疹。", ("LOCATION", "阳光新村")),
    ("淘宝ID快乐的小猪，卖护膝的。", ("NAME", "快乐的小猪")),
    ("B站搜康复师老李，讲得好。", ("NAME", "康复师老李")),
    ("外婆冬至那天住的院。", ("DATE", "冬至")),
    ("我3.8剖的，伤口还疼。", ("DATE", "3.8")),
    ("卡号6217 0000 1234 5678 901被冻结了。", ("ID", "6217 0000 1234 5678 901")),
    # English names by position
    ("my gf sophie has the same rash", ("NAME", "sophie")),
    ("My brother's wife, Siobhan-Rose, is a midwife.", ("NAME", "Siobhan-Rose")),
    ("Thanks all for the support.\n\nKez", ("NAME", "Kez")),
    ("Sorry this got long. DB", ("NAME", "DB")),
    ("Carys, have you tried the patches?", ("NAME", "Carys")),
    ("Our little one Pip (real name Pippilotta) has croup.", ("NAME", "Pip")),
    ("Our little one Pip (real name Pippilotta) has croup.", ("NAME", "Pippilotta")),
    ("the school nurse Mrs P said it's fine", ("NAME", "P")),
    ("Priya aunty is on dialysis.", ("NAME", "Priya")),
    # English ages, places, dates and numbers
    ("My nan Doris is 96 and still gardening.", ("AGE", "96")),
    ("Uncle Ted (92) had a fall.", ("AGE", "92")),
    ("Had my hip done at Frimley Park in March.", ("LOCATION", "Frimley Park")),
    ("The physio at Pinderfields has me on exercises.", ("LOCATION", "Pinderfields")),
    ("Seen on Thursday 12th by the registrar.", ("DATE", "Thursday 12th")),
    ("Baby born 3/9 at 37 weeks.", ("DATE", "3/9")),
    ("Sort code and account: 20-45-77 12345678.", ("ID", "20-45-77 12345678")),
    ("My NMC PIN is 12A3456B if you need it.", ("ID", "12A3456B")),
    ("I used to post under my old username gardenhen too.", ("NAME", "gardenhen")),
    ("Thanks everyone.\n— Jo (jo_in_leeds)", ("NAME", "jo_in_leeds")),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), DETECTED)
def test_identifiers_found_by_position(text, expected):
    kind, value = expected
    assert covered(text, value, kind), found(text)


KEPT = [
    ("我在北京工作，经常头痛。", "工作"),
    ("我在上海看病，医生说没事。", "看病"),
    ("我家宝宝三岁了，老是咳嗽。", "宝宝"),
    ("小时候得过肺炎，阿司匹林吃了三年。", "小时"),
    ("在厦门康复医院做理疗。", "康复医院"),
    ("苏州那个社区医院能打疫苗吗？", "社区医院"),
    ("Is anyone at Boots able to do the flu jab?", "Boots"),
    ("See you all at Christmas, I'm on Keppra at night.", "Christmas"),
    ("Her sodium is 125 and glucose was 95 this morning.", "95"),
    ("Question", "Question"),
    ("I was in Year 6 then, fasting in Ramadan with diabetes.", "Ramadan"),
    ("Still in Stage 4 now; the letters in English are useless.", "Stage"),
    ("Weight loss at Slimming World, 5 kg so far.", "Slimming World"),
    ("Any advice on the new dose?\nUpdate", "Update"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "word"), KEPT)
def test_clinical_and_everyday_words_stay(text, word):
    assert word in redact_text(text)[0]
