"""The classes of identifier the ninth freeze adds (each case is found as a whole by a rule,
not by the learned tagger) and the clinical words they must leave alone: Chinese facilities
by a private or short name, villages, communities and numbered streets, foreign cities in
Chinese text, a surname alone before a title, weekdays and solar terms dating care, bracketed
landlines, 400 numbers with an extension, ids with inner spaces after a cue, forum handles
reported as NAME; Welsh patronymics and street words, a holiday's day, ids of letters and
digits after a policy or card cue; strength words, device eponyms, insurers and Chinese
departments kept."""

from __future__ import annotations

import pytest

from medrubric.redact.redact import find_identifiers, redact_text
from medrubric.testing.redaction import covered

FOUND = [
    # Chinese facilities by a private name, a short name in context, a branch
    ("准备去宏仁医院手术。", "LOCATION", "宏仁医院"),
    ("孩子在启明康复中心做感统训练。", "LOCATION", "启明康复中心"),
    ("他在苏州血研所随访了三年。", "LOCATION", "苏州血研所"),
    ("挂了仙林分院的号。", "LOCATION", "仙林分院"),
    ("我妈一直在同济看的，医生说没事。", "LOCATION", "同济"),
    ("要不去长庚的门诊问问？", "LOCATION", "长庚"),
    # communities after a street, streets with numbers
    ("办事处在解放路二段梧桐社区。", "LOCATION", "梧桐社区"),
    ("中医馆在南大街15号，周末开门。", "LOCATION", "南大街15号"),
    # foreign cities in Chinese text and Latin place names in it
    ("表妹在布里斯班做的手术。", "LOCATION", "布里斯班"),
    ("我们住Bristol，GP让去急诊。", "LOCATION", "Bristol"),
    ("可以问问Royal Alexandra Hospital的急诊。", "LOCATION", "Royal Alexandra Hospital"),
    # a surname alone before a title or term of address
    ("诊所的蒋医师说要拍片。", "NAME", "蒋"),
    ("感谢钱奶奶照顾。", "NAME", "钱"),
    ("我爸老秦血糖一直偏高。", "NAME", "老秦"),
    ("囡囡3月2号出生，现在黄疸还没退。", "NAME", "囡囡"),
    ("我舅舅巴根今年七十了。", "NAME", "巴根"),
    # handles by shape and position, reported as NAME
    ("Mike_王说的那个药我也吃过。", "NAME", "Mike_王"),
    ("海边的风456说得对，要早点复查。", "NAME", "海边的风456"),
    # weekdays and solar terms dating care
    ("外婆星期二查出肺炎。", "DATE", "星期二"),
    ("今年立冬那天在医院陪床。", "DATE", "立冬"),
    # phones and ids
    ("挂号请打（0571）8720 6655。", "PHONE", "（0571）8720 6655"),
    ("客服热线800-810-8888转205，工作日接听。", "PHONE", "800-810-8888转205"),
    ("健保卡號 0000 2231 8870 要怎麼查", "ID", "0000 2231 8870"),
    # English
    ("Lifts to dialysis from Gareth ab Owain every week.", "NAME", "Gareth ab Owain"),
    ("She lives on Ffordd y Castell and cannot manage stairs.", "LOCATION", "Ffordd y Castell"),
    ("Dad died on the 12th of Ramadan after a long illness.", "DATE", "the 12th of Ramadan"),
    ("The policy no. - mine is AXL-5521-88731-Q for the claim.", "ID", "AXL-5521-88731-Q"),
]


@pytest.mark.parametrize(("text", "kind", "value"), FOUND)
def test_ninth_freeze_classes_found(text, kind, value, monkeypatch):
    monkeypatch.setenv("MEDRUBRIC_TAGGER", "0")  # the rules alone
    assert covered(text, value, kind), find_identifiers(text)


KEPT = [
    ("Started on Augmentin Duo Forte for the chest infection.", "Augmentin Duo Forte"),
    ("The nurse changed his Foley this morning.", "Foley"),
    ("Is the scan covered by PhilHealth or not?", "PhilHealth"),
    ("Mum was taken straight into Resus last night.", "Resus"),
    ("楼主可以去看看风湿免疫科，强直要早治。", "风湿免疫科"),
    ("老伴中风后住在康复医院。", "康复医院"),
    ("说英语的医生哪家医院有？", "哪家医院"),
    ("尿酸590，要不要吃非布司他？", "尿酸590"),
    ("门诊在周二下午，要早点去排队。", "周二"),
]


# The first five were lost before; the rest guard the new rules' edges (a kind of hospital, a
# lab value, a clinic's weekday).
@pytest.mark.parametrize(("text", "word"), KEPT)
def test_ninth_freeze_clinical_words_kept(text, word):
    assert word in redact_text(text)[0]
