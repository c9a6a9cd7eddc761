"""Redaction of personal identifiers in English and Chinese threads.

Every identifier found is replaced by a typed marker ([NAME], [LOCATION], [DOB], [DATE],
[AGE 90+] for an age over 89, [PHONE], [EMAIL], [ID], [URL], [IP]) or, on request, by a
surrogate (`redact_surrogates`).
Candidates come from format and cue rules (`redact_rules`), from `phonenumbers` and from NER
(`redact_ner`, optional). Then:
- a name or place that is a disease eponym (Parkinson's, Hashimoto thyroiditis, 川崎病), a
  drug name (Ozempic, Lisinopril, 普萘洛尔), overlaps a drug name or clinical term of the
  allow-list (黄连素, Lyme disease, 克山病), a medical term, a country or region (travel
  history is a clinical fact) or a common word ("Mum") is dropped;
- overlaps are resolved leftmost-longest (on a tie the rule listed first wins);
- what a span of the learned tagger (`redact_tagger`, with NER) covers beyond the findings
  so far is added, under the same allow-list;
- a finding runs on over the rest of what it names: a Chinese place over the address or
  hospital name that follows it (绵阳市 + 中心医院, 北京市 + 朝阳区建国路88号), a name over
  the "@" before it (@night_owl → [NAME]), a hyphenated or quoted given name or a particle
  and surname (Jun-ho, Margaret 'Peggy' Dunleavy), an English place over "the", a house or
  flat number and a postcode, a phone over its extension, a number over its closing letters;
  and findings of one kind that touch, or that a comma, particle or state code parts (an
  address found in parts), are merged.
The redacted thread is then judged for re-identification risk (`safety`).
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import islice

from pydantic import BaseModel

from medrubric.data.models import Thread
from medrubric.redact.redact_lexicon import (
    is_medical_term,
    lexicon,
    names_before_disease_word,
    unaccent,
)
from medrubric.redact.redact_ner import (
    Entity,
    chinese_entities,
    common_chinese_verb,
    common_chinese_word,
    english_entities,
)
from medrubric.redact.redact_rules import (
    CARE_CHAIN_SITE,
    DOSE,
    HANDLE,
    LOWER_LETTERS,
    MONTH_AND_YEAR,
    SAINTS_PLACE,
    STRENGTH_WORDS,
    UK_AREAS,
    UPPER_LETTERS,
    ZH_BRACKETED_TIME,
    ZH_EVENT_AFTER,
    ZH_GRADE_OF_HOSPITAL,
    ZH_KIN_WORDS,
    ZH_KIND_OF_HOSPITAL,
    ZH_PET_NAME_TIME,
    ZH_SHORT_HOSPITAL,
    admitted_rules,
    everyday_name,
    is_english_relative,
    is_kind_of_hospital,
    is_numbered_ward,
    is_relative_or_title,
    own_named_clinic,
    personal_month_and_year,
    phone_numbers,
    rules,
    spaced,
)
from medrubric.redact.redact_surrogates import Surrogates
from medrubric.redact.redact_tagger import plausible, tag_spans
from medrubric.screen.reasons import Rejection
from medrubric.screen.safety import reidentification_risk

KINDS = ("NAME", "LOCATION", "DOB", "DATE", "AGE", "PHONE", "EMAIL", "ID", "URL", "IP")
# An age over 89 keeps its Safe Harbor category, 90 or older.
MARKERS = {kind: f"[{kind}]" for kind in KINDS} | {"AGE": "[AGE 90+]"}
_DIGIT = re.compile(r"\d")
_WORD = re.compile(r"\w")
# A part of a tagged span left over by a finding: a capitalised word that is no title, a
# number or Chinese characters that are no kind of hospital and no clinical word.
_PIECE = re.compile(
    r"(?!(?:Dr|Prof|Mr|Mrs|Ms|Miss|Sir|Co|PIN)\b)[A-Z0-9]"
    r"|(?![\u4e00-\u9fff]*(?:医院|疗养院|养老院|中风))[\u4e00-\u9fff]"
)
# A named facility keeps its finding even when a department inside it is protected (中山眼科中心),
# as does a company's branch or a government office in a city (平安保险深圳分公司, 合肥市医保局).
_FACILITY = re.compile(
    r"(?:医院|醫院|[一二三四五六七八九十]院|中心|诊所|診所|分公司|分行|支行|营业部|營業部|局|卫健委|衛健委"
    r"|残联|殘聯|国药号|國藥號|药号|藥號|药房|藥房|药店|藥店|Hospital|Clinic|Centre|Center"
    r"|Injuries Unit|Maternity Unit|Midwifery Unit|Neonatal Unit|Adoption Service"
    r"|(?:治疗|治療)(?:门诊|門診))$"
)
# Words of a brand's strength or release alone (Duo Forte, XR), never a name or a place.
_STRENGTH = re.compile(r"(?:\s*(?:" + "|".join(sorted(STRENGTH_WORDS)) + r"))+")
# A department by its specialty in Chinese (风湿免疫科, 肝移植科): a finding that ends with one
# is no identifier (the hospital before it is found on its own).
_DEPARTMENT_ZH = re.compile(
    r"(?:内|外|免疫|儿|妇|产|眼|骨|皮肤|口腔|神经|心血管|心内|呼吸|消化|肾|血液|肿瘤|内分泌|泌尿|急诊|麻醉"
    r"|放射|影像|康复|中医|普外|胸外|肝胆|风湿|感染|精神|心理|营养|疼痛|移植|耳鼻喉|乳腺|甲乳|生殖|男)科$"
)
# A department named with its specialty, not a place: "Breast Clinic", "the Diabetes Unit".
_DEPARTMENT = re.compile(
    r"(?:the\s+)?(?:(?:Breast|Diabetes|Diabetic|Fracture|Memory|Fertility|Eye|Heart|Chest|Pain|Sleep"
    r"|Skin|Foot|Falls|Stroke|Renal|Kidney|Liver|Lung|Antenatal|Maternity|Baby|Children's|Cancer"
    r"|Chemo|Chemotherapy|Rheumatology|Cardiology|Cardiac|Respiratory|Dermatology|Neurology"
    r"|Oncology|Haematology|Hematology|Urology|Gynaecology|Gynecology|Endocrine|Endocrinology"
    r"|Gastro|Gastroenterology|Orthopaedic|Orthopedic|Fracture|Hearing|Audiology|ENT|Dental"
    r"|Psychiatric|Mental|Health|Sexual|GUM|Infusion|Dialysis|Day|Outpatient|Outpatients"
    r"|Inpatient|Surgical|Medical|Assessment|Admissions|Emergency|Urgent|Care|Intensive|High"
    r"|Dependency|Acute|Minor|Injuries|Injury|Walk-in|Colposcopy|Endoscopy|Vascular|Wound"
    r"|Continence|Bladder|Bowel|Hepatology|Allergy|Asthma|COPD|Epilepsy|Thyroid|Pre-op|Preop"
    r"|Physio|Physiotherapy|Eating|Disorders?|Women's|Early|Pregnancy|Neonatal|Paediatric"
    r"|Pediatric|Geriatric|Elderly|Palliative|Transplant|Spinal|Burns|Plastics|Hand)\s+){1,3}"
    r"(?:Clinic|Unit|Ward|Department|Dept|Service|Team|Suite|Bay|Centre|Center)s?"
)
_ZH_PLACE_TAIL = re.compile(
    r"(?:(?<=妇幼)|(?<=婦幼))(?:门诊|門診)部?"
    # …a county's centre for disease control or its jail (温宿县|疾控, 固始县|看守所) and a
    # forest's or a farm's word
    # (莫尔道嘎|林场).
    r"|(?<=[县縣市区區])(?:疾控中心|疾控|防疫站)"
    # …a jail or a prison after any place (西江|监狱), and an optician's shop's word (晶亮眼鏡|行)
    r"|(?:女子|强制隔离|強制隔離)?(?:看守所|拘留所|戒毒所|监狱|監獄)|(?<=眼镜|眼鏡)[行店]"
    r"|(?:工作站|服务站|服務站)"
    # …a street's or a community's service station (和平里街道|助残服务站)
    r"|(?<=街道|社区|社區)[\u4e00-\u9fff]{0,10}?(?:服务站|服務站|工作站|康复站|康復站)"
    # …a Taiwanese lane's, house's and floor's numbers (延平北路二段|61巷7號4樓)
    r"|\d{1,4}[巷弄](?:\d{1,4}[弄衖])?\d{1,4}[號号](?:之\d{1,2})?(?:\d{1,2}[樓楼F])?"
    r"|(?<=[號号])\d{1,2}[樓楼]"
    # …a floor and a flat after a Hong Kong block (石硤尾邨美翠樓|12樓1207室)
    r"|(?<=[樓楼座閣阁])\d{1,2}[樓楼](?:\d{1,4}室|[A-H]室?)?"
    # …a flat's number alone after a block (翠鳳樓|1214室) and a shop on the ground floor after
    # its number (福華里18號|地下)
    r"|(?<=[樓楼座閣阁])\d{3,4}室|(?<=[號号])(?:地下|地舖|地鋪)"
    r"|(?:林场|林場|农场|農場|牧场|牧場)"
    # …an island's word (涠洲|岛, 綠|島, 鼓浪|屿, 庙|岛列岛 stays whole: 列岛 first), a maternal
    # and child health station's (平襄镇妇幼|保健站) and a village of two or three characters
    # closing a clause after its county (贡山县|丙中洛 –), no hospital or county town.
    r"|(?:列岛|群岛|列島|群島|岛|島|屿|嶼)|(?<=妇幼)(?:保健站|保健院|保健所)"
    r"|(?<=[县縣])(?![\u4e00-\u9fff]*(?:医|醫|院|卫生|衛生|疾控|政府|城|人|的))[\u4e00-\u9fff]{2,3}"
    r"(?=[ \t]*(?:[–—\-，,。；;）)]|$))"
    # …a run of a place's parts, no word of going or doing inside one (林家湾 | 骑三轮去镇上).
    r"|(?:(?:(?![去到在骑騎坐住是的了跟送转轉往])[\u4e00-\u9fff]){0,8}?(?:省|市|(?<![社病])[区區]|[县縣]|[镇鎮]|[乡鄉]|村|街道|路|街|大道|巷|弄|胡同|小[区區]"
    r"|花[园園]|公寓|大[厦廈]"
    # …a village's word after its town's (兴隆镇 + 单家集, 红旗乡 + 李家堡).
    r"|(?<=[镇鎮乡鄉][\u4e00-\u9fff][\u4e00-\u9fff])(?:集|堡|屯|寨|庄|莊|营|營|坪|坝|壩))"
    r"(?:\d+(?:号|弄|栋|单元|室|楼|号楼))*)+"
    # …but not over a kind of hospital named on its own (福州 | 康复医院, 社区医院, 中医院), a
    # grade of hospital (上海 | 三甲医院) or after a word that counts it (沈阳 | 一家三甲医院).
    r"|(?!(?:那个|这个|的)?(?:社区医院|康复医院))(?!(?:那个|这个|的)(?:中医院|卫生院))"
    # …and not over 中医院 or 卫生院 after a place with no county, city, district or town
    # ending (福州 | 中医院); after one it is the hospital's name (临泉县中医院, 澄江镇卫生院).
    r"(?!(?<![县市区镇乡旗])(?:中医院|卫生院))"
    rf"(?!{ZH_GRADE_OF_HOSPITAL})"
    rf"(?!(?:那个|这个|那家|这家|一家|一个|某家?|的)(?:{ZH_KIND_OF_HOSPITAL}))"
    # …a hospital's own name may hold 和 or 都 (半山瑞和肿瘤医院, 洪都中西医结合医院), not open
    # with them.
    r"(?:(?<=[区區县縣市])和[\u4e00-\u9fff]{1,3}(?:医院|醫院)|(?![和都])"
    r"[^\W的了是在去到与我你他她说要做看查住诊治就后前这那没有好边里很太也]{0,12}?"
    r"(?:医院|醫院|卫生院|衛生院|保健院|医学中心|醫學中心|卫生服务中心|诊所|診所|门诊部|門診部"
    r"|妇幼门诊|婦幼門診|照料中心|照護中心|护理中心|護理中心))"
    # …and a community's office after it (白石龙社区|工作站).
    r"|(?<=社区)(?:工作站|服务站|居委会)|(?<=社區)(?:工作站|服務站|居委會)"
    # …and a lane's word closing the name the place was found without (菱塘|弄, 柿子|巷).
    r"|(?:巷|弄|胡同)(?![子口里內内頭头])(?:\d{1,4}[号號])?"
    # …and a building's number after a place (和平里七区|12号楼).
    r"|\d{1,4}(?:号楼|號樓|栋|幢|棟|号院|號院)(?:\d{1,2}(?:单元|單元))?(?:\d{3,4}(?:室|号|號)?)?"
    # …and a house and a flat after a lane (荷塘北路77弄|5号602室).
    r"|(?<=[弄巷])\d{1,4}[号號](?:\d{3,4}室?)?"
    # …and the township's or county's word closing its name (吉安|鄉，).
    r"|(?:[乡鄉]|[镇鎮]|[县縣])(?=[，,。！!？?\s、）)]|的)"
    # …and the town's own word after a city's or county's name (梅州|城边, 理塘县|城，).
    r"|(?<=[州县縣市])城(?=[边邊里裡内內外头頭的，,。！!？?\s、）)])"
)


@dataclass(frozen=True)
class Finding:
    kind: str
    start: int
    end: int


class RedactionResult(BaseModel):
    """The redacted thread, how many identifiers of each kind were replaced, and why what is
    left still risks re-identifying someone (None when it does not)."""

    thread: Thread
    counts: dict[str, int]
    risk: str | None = None

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def rejection(self) -> Rejection | None:
        if self.risk is None:
            return None
        key = self.thread.key
        return Rejection(thread_key=key, reason="reidentification_risk", detail=self.risk)


def _candidates(text: str, entities: list[Entity]) -> list[tuple[int, int, int, str]]:
    """(start, -length, priority, kind) for every rule match and NER entity."""
    found: list[tuple[int, int, int, str]] = []
    digits = len(_DIGIT.findall(text))
    all_rules = rules()
    unaccented = unaccent(text)
    # The rules spell a name's letters A-Z: a text with accented Latin letters is read again
    # with each as its base letter (Captain Bélanger, a sign-off Ionuț), one code point for
    # one, so the spans of both readings are spans of `text`.
    for reading in (text,) if unaccented == text else (text, unaccented):
        spaced_reading = spaced(reading)
        for priority in admitted_rules(reading.lower(), digits):
            rule = all_rules[priority]
            for start, end in rule.spans(reading, spaced_reading):
                found.append((start, start - end, priority, rule.kind))
    if digits >= 7:
        phone_priority = len(all_rules)
        for start, end in phone_numbers(text):
            found.append((start, start - end, phone_priority, "PHONE"))
    ner_priority = len(all_rules) + 1
    for kind, start, end in (*entities, *chinese_entities(text)):
        if kind == "LOCATION" and _SYMBOL.search(text, start, end):
            continue  # a place has no emoji inside ("at 29 🙃 Left side": an age and a side)
        for a, b in _around_drugs(text, kind, start, end):
            found.append((a, a - b, ner_priority, kind))
    return found


# An emoji or another pictograph (Unicode's "Symbol, other" blocks most used in posts).
_SYMBOL = re.compile(r"[\u2600-\u27bf\U0001f300-\U0001faff]")
# A web or e-mail address has a letter in it (the tagger read "3/10.9/" of 5.3/10.9/8.7 as one).
_ASCII_LETTER = re.compile(r"[A-Za-z]")
_LATIN_WORD = re.compile(r"[^\W\d_][\w'’-]*")


def _around_drugs(text: str, kind: str, start: int, end: int) -> list[tuple[int, int]]:
    """An NER name that runs over a drug's name ("Took Lipitor Jane said") as the runs of
    words on either side of it that start with a given name or a word no everyday English
    word is (Jane, not Took), each a candidate of its own; the span whole otherwise."""
    if kind != "NAME":
        return [(start, end)]
    lex = lexicon()
    words = list(_LATIN_WORD.finditer(text, start, end))
    if len(words) < 2 or not any(lex.is_drug_name(w.group()) for w in words):
        return [(start, end)]
    runs: list[tuple[int, int]] = []
    run: list[re.Match[str]] = []
    for w in [*words, None]:
        if w is None or lex.is_drug_name(w.group()):
            first = run[0].group() if run else ""
            if run and (lex.is_given(first) or first.lower() not in lex.en_common_words):
                runs.append((run[0].start(), run[-1].end()))
            run = []
        else:
            run.append(w)
    return runs


# Weeks of a pregnancy (28周, 32+5周).
_GESTATION = re.compile(r"\d{1,2}(?:\+\d)?周")
# A month and a year with no day: a date unless what comes before it in its sentence says it
# dates a thing (`personal_month_and_year`): HIPAA's Safe Harbor removes every element of a
# person's date but the year.
_MONTH_AND_YEAR = re.compile(MONTH_AND_YEAR)
# …or a diagnosis or a stay in hospital right after it in a Chinese post (自 Jan 2022 确诊).
_EVENT_AFTER = re.compile(rf"[ \t]?{ZH_EVENT_AFTER}")


def _is_identifier(text: str, kind: str, start: int, end: int) -> bool:
    """False for a date that is a clinic's weekly day, one word naming a drug, a lone number
    no day of a month can be, a month and year that dates a thing (expiry Dec 2025) or the
    start of a protected term (十二|指肠溃疡), and
    for names and places that are eponyms, drug names, medical terms (黄疸 after 患者 looks like
    a name), countries or regions, common words, words for a relative, or the second word of a
    drug's brand (Abilify Maintena)."""
    if (
        kind == "DATE"
        and (
            _CLINIC_DAYS.search(text, max(0, start - 8), start)  # 门诊是周三下午: the clinic's day
            or _drug_not_date(text[start:end])  # "I was on Entyvio"
            or _LONE_NUMBER.fullmatch(text, start, end) is not None  # "from the 50th centile"
            or _CENTILE_AFTER.match(text, end) is not None  # "to the 25th centile"
            or _PART_AFTER.match(text, end) is not None  # "a fracture of the 4th metacarpal"
            or _UNIT_AFTER.match(text, end) is not None  # "a human dose (7.5-15 mg)"
            or _clinical_duration(text, start, end)  # "discharged 3/7 ago": three days
            or _COUNT_BEFORE.search(text, max(0, start - 6), start) is not None  # 共 21 日
            or _COMPARED_BEFORE.search(text, max(0, start - 6), start) is not None  # 低于3.9
            or _WEEKS_COUNTED.match(text, max(0, start - 1)) is not None  # 每两|周一次
            or _school_class(text, start, end)  # 初二(3)班
            or lexicon().within_protected(text, start, end)  # 十二|指肠溃疡: a term's start
            or (  # "expiry Dec 2025", not "his operation failed in March 2023"
                _MONTH_AND_YEAR.fullmatch(text, start, end) is not None
                and not personal_month_and_year(text, start)
                and _EVENT_AFTER.match(text, end) is None
            )
        )
    ):
        return False
    if kind in ("NAME", HANDLE) and text.endswith(("过敏", "過敏"), start, end):
        return False  # 芒果过敏: an allergy, not a name
    if kind in ("NAME", HANDLE) and _BRAND_AFTER.match(text, end):
        return False  # “张仲景”牌六味地黄丸: a maker's brand
    if kind in ("NAME", "LOCATION") and _named_ward(
        text[start:end] + (" Ward" if text.startswith(" Ward", end) else "")
    ):
        return False  # Larch Ward, Cedar Ward: a ward named after a tree, not a person or a place
    if kind in ("NAME", HANDLE) and _OBSTETRIC_HISTORY.fullmatch(text, start, end):
        return False  # G2P1: gravida and para, not a user name
    if kind in ("DATE", "DOB") and _GESTATION.fullmatch(text, start, end):
        return False  # 28周出生: born at 28 weeks, not on a date
    if kind == "ID" and _READING.fullmatch(text, start, end):
        return False  # a blood pressure (152/101), not a number of anyone's
    if kind == "ID" and lexicon().within_protected(text, start, end):
        return False  # ASQ-3, PCV13: a test's or a vaccine's name the allow-list holds
    if kind == HANDLE and (_DOSE_AFTER.match(text, end) or lexicon().is_drug_name(text[start:end])):
        return False  # 回复：pregabaline 75mg: a drug and its dose, not whom the reply is to
    if kind == "ID" and _DECIMAL_GOES_ON.match(text, end):
        return False  # IP 102|.176.33.9: the start of a dotted number, no whole ID
    if kind == "PHONE" and _CODE_LETTERS.search(text, max(0, start - 3), start):
        return False  # GS441524: a compound's code, its digits read as a phone
    if kind not in ("NAME", "LOCATION"):
        return True
    span = text[start:end]
    lex = lexicon()
    before = _WORD_BEFORE.search(text, max(0, start - 30), start)
    if (
        before is not None
        and lex.is_drug_name(before.group(1))
        and not lex.is_given((span.split() or [span])[0], BRAND_WORD_GIVEN_RANK)
    ):
        return False  # "from Abilify Maintena", "Lantus SoloStar": one brand
    saints_place = kind == "LOCATION" and SAINTS_PLACE.match(text, start) is not None
    if (lex.is_eponym(span) and not _titled_person(text, start, end) and not saints_place) or (
        lex.is_common_word(span) or lex.is_drug_name(span)
    ):
        return False
    if is_english_relative(span):  # Grandad, Daddy: who, not a name
        return False
    if (
        kind == "NAME"
        and common_chinese_word(span)
        and not _NICKNAME_GIVEN.search(text, 0, start)
        and not _NICKNAME_AFTER.match(text, end)
        and not (_AT_HOME.search(text, 0, start) and _PET_NAME_TIME.match(text, end))
        and not _HOME_ANIMAL.search(text, 0, start)  # 我家猫芝麻: the cat's name
        and not _SPEAKER_TIME.match(text, end)  # 石头（18:02）：a speaker by their nickname
    ) or _clinical_context(text, start, end):
        return False
    if lex.is_protected(text, start, end) and (
        lex.starts_in_protected(text, start)
        # …or is all of an English kind of clinic the allow-list holds (Melanoma Clinic; a
        # Chinese office after its place keeps the place's finding: 鼓楼区 + 卫健委)
        or (span.isascii() and lex.within_protected(text, _after_greeting(text, start, end), end))
        or not (
            _FACILITY.search(span)
            or CARE_CHAIN_SITE.fullmatch(span)  # Kaiser Permanente Vallejo, Bupa Wantirna
            or ZH_SHORT_HOSPITAL.fullmatch(span)  # 复旦儿科
            or own_named_clinic(text, start, end)  # 佳音耳鼻喉科
            or _CLSC.match(span)  # CLSC de Rosemont: the kind opens the name
            # a place of two hyphened words, the term only its second (Porto-Novo)
            or (kind == "LOCATION" and _HYPHENED_PLACE.fullmatch(span))
        )
    ):
        return False
    if names_before_disease_word(text, end) and not (kind == "LOCATION" and _FACILITY.search(span)):
        return False
    if _STRENGTH.fullmatch(span) or (
        _DEPARTMENT_ZH.search(span)
        and not ZH_SHORT_HOSPITAL.fullmatch(span)  # 复旦儿科
        and not own_named_clinic(text, start, end)  # 文化路安心泌尿科: a clinic's own name
    ):
        return False
    if kind == "LOCATION" and (
        lex.is_kept_place(span)
        or is_kind_of_hospital(span)
        or _DEPARTMENT.fullmatch(span)
        or is_numbered_ward(span)
    ):
        return False
    # a place someone lives in is a place, whatever else its word means (我们住Flushing)
    lives_there = (
        kind == "LOCATION" and _LIVES_BEFORE.search(text, max(0, start - 3), start) is not None
    )
    return lives_there or not is_medical_term(span)


# A greeting or an article a finding may open with before what it names (Dear| Allergy Clinic).
_GREETING_HEAD = re.compile(r"(?:Dear|Hi|Hello|To|the|The)[ \t]+")


def _after_greeting(text: str, start: int, end: int) -> int:
    head = _GREETING_HEAD.match(text, start, end)
    return head.end() if head else start


# Where a Chinese post says someone lives, right before a place (住, 住在, 现居：).
_LIVES_BEFORE = re.compile(r"(?:住|住在|现居[：:]?|現居[：:]?)[ \t]?\Z")
# A Québec community health centre, its kind before its place (CLSC de Rosemont).
_CLSC = re.compile(r"CLSC[ \t]")
# A place of two capitalised words joined by a hyphen (Porto-Novo, Saint-Louis).
_HYPHENED_PLACE = re.compile(r"[A-Z][a-zà-ÿ]+-[A-Z][a-zà-ÿ]+")

# A title right before a name, and what follows an eponym that names its disease or sign.
_TITLE_BEFORE = re.compile(r"\b(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof)\.?\s+$")
_EPONYM_USE_AFTER = re.compile(r"['’]s\b|\s+(?:disease|syndrome|sign|test|cyst|score|scale)\b")


def _titled_person(text: str, start: int, end: int) -> bool:
    """An eponym right after a title and not used as one (Mr Baker the surgeon; not Dr
    Parkinson's disease): a person of that name."""
    return (
        _TITLE_BEFORE.search(text, max(0, start - 6), start) is not None
        and _EPONYM_USE_AFTER.match(text, end) is None
    )


def _drug_not_date(span: str) -> bool:
    """One word that is a drug's name and no month's or weekday's (Entyvio; not April, which is
    also a brand)."""
    return (
        _ONE_WORD.fullmatch(span) is not None
        and _CALENDAR_WORD.fullmatch(span) is None
        and lexicon().is_drug_name(span)
    )


_ONE_WORD = re.compile(r"[A-Za-z][A-Za-z-]+")
# A number alone (with "the" before it) past any day of a month: 32 to 999, not a year.
_LONE_NUMBER = re.compile(r"(?:the\s+)?(?:3[2-9]|[4-9]\d|[1-9]\d\d)(?:st|nd|rd|th)?")
# A centile after an ordinal: a growth chart's line, not a day.
_CENTILE_AFTER = re.compile(r"(?:st|nd|rd|th)?\s+(?:centile|percentile)\b", re.I)
# Gravida and para, with abortions or living children (G2P1, G3P1A1, G4P2L2).
_OBSTETRIC_HISTORY = re.compile(r"G\d{1,2}P\d{1,2}(?:[ATL]\d{1,2})*")
# A blood pressure (152/101, 90/60): systolic 60-259 over diastolic 30-159, never an ID.
_DECIMAL_GOES_ON = re.compile(r"\.\d")
# Two capitals glued to the digits after them make a code (GS441524), not a phone number.
_CODE_LETTERS = re.compile(r"(?<![A-Za-z])[A-Z]{2}\Z")
_READING = re.compile(r"(?:[6-9]\d|1\d\d|2[0-5]\d)/(?:[3-9]\d|1[0-5]\d)")
# A part of the body or a count after an ordinal: the 4th metacarpal, the 5th rib, not a day.
_PART_AFTER = re.compile(
    r"(?:st|nd|rd|th)?\s+(?:metacarpal|metatarsal|rib|finger|toe|digit|vertebra|molar|premolar"
    r"|ventricle|cranial nerve|nerve|intercostal|lumbar|cervical|thoracic|sacral|trimester"
    r"|degree|generation|line|cycle|round|dose|session)s?\b",
    re.I,
)
_CALENDAR_WORD = re.compile(
    r"(?i)(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|mon(?:day)?|tues?(?:day)?"
    r"|wed(?:nesday)?|thu(?:rs?)?(?:day)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)"
)
# What a clinic's or a doctor's weekly day follows (门诊是周三, 出诊时间：周二上午).
_CLINIC_DAYS = re.compile(r"(?:门诊|門診|出诊|出診|坐诊|坐診)(?:时间|時間|日)?[是在为：:]?\s*$")
# A nickname given is a name even when it is a common word (小名叫石头, 我们都叫她开心果).
_NICKNAME_GIVEN = re.compile(
    r"(?:(?:小名|乳名|外号|绰号|昵称)(?:叫|是)?|(?:都|一直|我们|大家|家里人?|平时)叫(?:他|她))"
    r"\s*[「“\"『]?$"
)
# …or one a bracket after it calls a nickname or gives the formal name of (石头（小名，大名…）,
# 石头叔（大名…）).
_NICKNAME_AFTER = re.compile(
    r"[叔姨哥姐伯婶嬸]?\s?[（(](?:小名|乳名|外号|绰号|昵称|大名|本名|真名)"
)
# …or a child's at home before a time word (我家石头今天打完疫苗).
_AT_HOME = re.compile(r"(?:我家|俺家|我们家)$")
_PET_NAME_TIME = re.compile(ZH_PET_NAME_TIME)
# …or a pet's after 家猫 or 家狗 (我家猫芝麻抓了我).
_HOME_ANIMAL = re.compile(r"(?:家猫|家貓|家狗)$")
# …or a speaker's before their time in brackets (石头（18:02）：).
_SPEAKER_TIME = re.compile(ZH_BRACKETED_TIME)
# A unit of a dose right after a number (7.5-15| mg): a dose's range, no date.
_UNIT_AFTER = re.compile(
    r"\s?(?:(?:mg|mcg|µg|ug|ml|iu|units?|mmol|%|kg|g|lbs?|oz|cm|mm)(?![^\W\d_])"
    r"|[粒颗顆丸袋]|片(?!子))"  # 1/2 片: half a tablet (片子 is a film)
    r"|分(?![钟鐘])",  # Mayo 2分: a score, right after its number
    re.I,
)
# A clinician's duration in days, weeks or months (3/7, 2/52, 6/12) with "ago" after it or
# "for", "x" or "past" before it: "discharged 3/7 ago", "cough for 2/52", not a day and month.
_DURATION = re.compile(r"\d{1,2}/(?:7|52|12)")
_DURATION_AGO = re.compile(r"\s+ago\b", re.I)
_DURATION_BEFORE = re.compile(r"(?:\bfor|\bx|\bpast|\blast|\bover)\s*\Z", re.I)


def _clinical_duration(text: str, start: int, end: int) -> bool:
    return _DURATION.fullmatch(text, start, end) is not None and (
        _DURATION_AGO.match(text, end) is not None
        or _DURATION_BEFORE.search(text, max(0, start - 8), start) is not None
    )


# A count of days before its number (住院日數共 21 日): no day of a month.
_COUNT_BEFORE = re.compile(r"(?:共|共计|共計|合计|合計|累计|累計|(?i:grade|gr\.))[ \t]*\Z")
# A count of weeks, not a weekday (每两周一次: once every two weeks; 三週一次), unless the
# numeral ends a weekday before it (这周周四周五).
_WEEKS_COUNTED = re.compile(r"(?<![周週期])[两兩二三四五六七八九十几幾\d][周週][一二三四五六日天]")
# A reading's bound before a number (血糖低于3.9, 降到2.8): no day and month.
_COMPARED_BEFORE = re.compile(
    r"(?:低于|低於|高于|高於|超过|超過|大于|大於|小于|小於|不到|达到|達到|降到|升到|[<>≤≥])[ \t]*\Z"
)
# A brand's word after a name in quotes or not (“张仲景”牌).
_BRAND_AFTER = re.compile(r"[”\"’']?(?:牌|品牌|商标|商標)")
_WARD = re.compile(r"([A-Z][a-z]+) Ward")


def _named_ward(span: str) -> bool:
    """A ward's name: a word that is no common given name and no family name before "Ward"
    (Larch Ward, Juniper Ward; not Margaret Ward)."""
    found = _WARD.fullmatch(span)
    if found is None:
        return False
    lex = lexicon()
    word = found.group(1)
    return not lex.is_given(word, 500) and word not in lex.family_names


# A school's year and class (初二(3)班, 高一3班): no lunar day.
_SCHOOL_CLASS = re.compile(r"[初高][一二三](?=[（(]?\d{1,2}[）)]?班|年级|年級)")


def _school_class(text: str, start: int, end: int) -> bool:
    found = _SCHOOL_CLASS.match(text, start)
    return found is not None and found.end() == end


_DOSE_AFTER = re.compile(r"\s?(?:" + DOSE.pattern.removeprefix("(?i)") + r")(?![^\W\d_])", re.I)
# A staging or grading system named in brackets after the stage: "stage IIB (Ann Arbor)".
_STAGE_BEFORE = re.compile(r"(?i:\b(?:stage|grade|class|type|score)\s+[0-4IVX]{1,4}[A-Ea-e]?\s*)$")
# A word after a drug's name is the second word of its brand (Abilify Maintena) unless it is
# a given name at least this common ("on sertraline Margaret said it helps").
BRAND_WORD_GIVEN_RANK = 5000
# A drug name right before the bracket: "阿达木单抗（修美乐）", "adalimumab (Humira)".
_WORD_BEFORE = re.compile(r"([\w\-]+)\s*$")
_IN_BRACKETS = re.compile(r"[(（]([^()（）]{0,30})$")
# What marks a handle right before it: an "@" not inside an e-mail address (回复@小鹿 is a
# handle; a Chinese character may stand before it), or Reddit's "u/" (/u/name), not a unit
# after a number (0.85 u/hr).
_HANDLE_MARK = re.compile(r"(?:(?<![A-Za-z0-9_.+\-@])[@＠]|(?<!\d )(?<!\d)(?:\B/|\b)u/)\Z")


# A surname starts with a capital of Latin-1 or Latin Extended-A (Ó, Ł, Ā).
_SURNAME = rf"[{UPPER_LETTERS}][\w'’]*[^\W\d_](?:-[{UPPER_LETTERS}][\w'’]*[^\W\d_])*"
_NAME_PARTICLE = (
    r"(?:de|da|di|do|dos|das|del|dela|della|der|den|van|von|du|le|la|bin|binti|binte|bte|ibn"
    r"|a/l|a/p|s/o|d/o|ap|ter|ten"
    r"|Ó|Ní|Nic|Ua|Uí|Mac|al|el|ould|bint)"
)
# Capitalised words that start a clause, not a second surname after a particle's.
_NOT_NAME_AFTER = (
    r"(?:The|A|An|And|But|So|Then|He|She|They|It|I|We|You|His|Her|Their|My|Our|This|That"
    r"|Is|Was|Has|Had|Who|In|On|At|To|From|With|For)\b"
)
# Festivals that name a day (重阳节, 国庆节), as a date's name after it.
_FESTIVAL = (
    r"重阳节|重陽節|中秋节|中秋節|端午节|端午節|国庆节|國慶節|春节|春節|元旦|除夕|清明节|清明節|元宵节"
    r"|元宵節|冬至|七夕|妇女节|婦女節|儿童节|兒童節|劳动节|勞動節"
)
# Letters that close a number: a version code (5584-486-674-YM) or a check character
# (43012419570812352X).
_CHECK_LETTERS = re.compile(
    r"(?<=\d)(?:-[A-Z]{1,3}|[Xx])(?![\w-])|(?<=\d)[A-Z]{1,3}(?=[\u4e00-\u9fff])"
    # …or the bracket that closes a check digit (a Hong Kong ID's 5182073(4|)), or the
    # check digit in brackets after it (HN08712345|(3)).
    r"|(?<=\(\d)\)|(?<=\d)\([\dA]\)"
)
# What a finding runs on over after it, by kind (`_grown`).
_AFTER = {
    "NAME": re.compile(
        r"-(?!(?:like|ish|type|free|born|led|run|era|ism|wise|ward|based)\b)[a-z]{1,4}\b(?![-'’])"
        r"|(?:-[A-Z][\w'’]*[a-z])+"
        rf"|\s+['‘\"“][A-Z][a-z]+['’\"”]\s+{_SURNAME}"
        # …or the quoted nickname that closes it (Dorothy May| 'Dot'.).
        r"|\s+['‘\"“][A-Z][a-z]+['’\"”](?=[\s.,;:)]|$)"
        # …a maiden name in brackets and the married one after it (Evelyn Ruth| (Sparks) Halvorsen).
        rf"|\s+\([A-Z][a-z]+\)\s+{_SURNAME}"
        rf"|(?:\s+{_NAME_PARTICLE})+[\s-]{_SURNAME}(?:\s+(?!{_NOT_NAME_AFTER}){_SURNAME})?"
        # …and the rest of a name an apostrophe parts (Fa'amausili; not 's, 'll or 're).
        rf"|(?<=[A-Za-z])['’](?!(?:s|ll|re|ve|d|t|m)\b)[{LOWER_LETTERS}]{{3,}}"
        # …and the emoji a chat speaker's name wears before its colon (crps_kat| 🦋:).
        r"|[ \t]?[\u2600-\u27bf\U0001f300-\U0001faff]+(?=[ \t]*\]?[ \t]*:)"
        # …and, in Chinese text, the word that makes a name a nickname (May|姐, 黄|阿姨, 老刘|头).
        r"|(?<=[A-Za-z])(?:姐|哥|仔|妹)|(?<=[\u4e00-\u9fff])阿姨|(?<=老[\u4e00-\u9fff])头儿?"
        # …(大辉|哥, 秀梅|姐, 老马|哥; not the 姐 of 姐妹 or the 哥 of 哥们), and the 儿 of a
        # northern 老X头 (老蔡头|儿).
        r"|(?<=[\u4e00-\u9fff])(?:哥|姐)(?![妹弟们們夫俩倆])|(?<=老[\u4e00-\u9fff]头)儿"
        # …and the 嫂 after a surname (李|嫂), and the 太 of a married woman before a colon or
        # a comma (陳|太：).
        r"|(?<=[\u4e00-\u9fff])嫂(?![子嫂])|(?<=[\u4e00-\u9fff])太(?=[：:，,]|[ \t])"
        # …and the word of an elder after a surname, which some write inside the name (付|阿婆,
        # 张|大爷, 刘|奶奶).
        r"|(?<=[\u4e00-\u9fff])(?:阿婆|阿公|阿伯|大爷|大爺|大妈|大媽|大娘|婆婆|伯伯|叔叔|婶婶|嬸嬸"
        r"|奶奶|爷爷|爺爺|姥姥|姥爷|姥爺)"
        # …and the initial of a surname after a given name (Sita| K., Ram| B.).
        r"|[ \t][A-Z]\.(?=[ \t,;:)]|$)"
        # …and a middle initial with no dot closing a label's line (TREGENZA, Michael| J).
        r"|(?<=[a-z])[ \t][A-Z](?=[ \t]*(?:\n|\Z))"
    ),
    "LOCATION": re.compile(
        r",?\s+(?:(?:NSW|VIC|Vic|QLD|Qld|SA|WA|TAS|Tas|NT|ACT)\s+)?"
        r"(?!(?:19|20)\d\d\b)\d{4,6}\b(?![.,:/-]?\d)"
        # …not a quantity: no unit or plural noun after it (Leeds 1200 miles away).
        r"(?!\s*(?:%|mg|mcg|g|kg|ml|mL|IU|mmol|cm|mm|m|km|ft|mi|lbs?)\b"
        r"|\s+(?!(?:is|was|has|as|us|this|does|goes|plus|across|always|perhaps|unless)\b)"
        r"[a-z]{2,}s\b)"
        r"|,\s*(?:Flat|Apt|Apartment|Unit|Suite)\.?\s*[0-9][0-9A-Za-z]{0,3}\b"
        # …a Canadian province's code after a town (Kingston ON, Canmore AB).
        r"|,?\s+(?:ON|BC|AB|QC|NS|NB|MB|SK|PE|PEI|NL|YT|NT|NU)\b(?!\s+[a-z])"
        # …a four-digit postcode in brackets (Hamilton (3204)) or a UK outward code alone
        # (Aberdeen AB25).
        r"|\s*\((?!(?:19|20)\d\d\))\d{4,6}\)"
        rf"|\s+(?:{UK_AREAS})\d{{1,2}}[A-Z]?(?![\w/-])"
        # …a French particle and the name after it (Port| aux Basques, Rivière| du Loup).
        r"|\s+(?:aux|au|du|des|de la|de|sur)\s+[A-Z][a-z]+\b"
        # …a street number with 号 after an English street in Chinese text (Rowe Street| 27号).
        r"|\s?\d{1,4}[号號](?!\d)"
        # …the number of a street named by its kind first (Jurong East Street| 47, Ang Mo Kio
        # Avenue| 3).
        r"|(?:(?<=Street)|(?<=Avenue)|(?<=Road)|(?<=Drive)|(?<=Ring)|(?<=Crescent))\s\d{1,3}[A-Z]?(?![\d.,:/-]?\d)"
        r"(?!\s*(?:%|mg|mcg|g|kg|ml|mL|IU|mmol|cm|mm|m|km|ft|mi|lbs?|min|mins|minutes)\b)"
        # …the kind of home or church after a saint's name (St. Francis| Nursing Home, St.
        # Aidan's| Anglican Church), a site's
        # direction after a facility (Mercy Clinic| South) and what a centre is for (Mount
        # Sinai Center| for Transgender Medicine).
        r"|\s+(?:Nursing Home|Care Home|Residential Home|Rest Home|Hospice)\b"
        r"|\s+(?:(?:Anglican|Catholic|Baptist|Methodist|Presbyterian|Lutheran|Orthodox"
        r"|Pentecostal|Uniting|Episcopal|Evangelical|Adventist|AME|Free)\s+)?(?:Church|Chapel)\b"
        r"(?:\s+[Hh]all\b)?|(?<=Church)\s+[Hh]all\b"
        # …a parish's or a community's hall after a saint's name (St Kevin's| parish hall)
        r"|(?<=['’]s)\s+(?:parish|church|community)\s+hall\b"
        r"|(?:(?<=Clinic)|(?<=Hospital)|(?<=Centre)|(?<=Center)|(?<=Surgery)|(?<=Practice))"
        r"\s+(?:North|South|East|West|Campus)\b"
        r"|(?:(?<=Centre)|(?<=Center)|(?<=Institute))\s+for\s+(?:[A-Z][a-z]+\s+){0,3}[A-Z][a-z]+\b"
        r"(?!['’])"
        # …the clinic, surgery, camp or refuge a place names (Chawama| clinic, Ashgrove|
        # Surgery, Kalma| camp, Whymper| refuge) and the close of a lying-in clinic's name
        # (Peñafrancia Lying-|in).
        r"|[ \t]+(?:[Cc]linic|Surgery|Maternity|[Cc]amp|[Rr]efuge)(?![A-Za-z])"
        # …and a centre or clinic of a part of the body or of a kind of care (Ōtara| Eye
        # Centre, Kasoa| Dental Clinic).
        r"|[ \t]+(?:Eye|Dental|Heart|Skin|Ear|Hearing|Kidney|Cancer|Fertility|Physio|Medical"
        r"|Health|Family Health|Women's|Children's)[ \t]+(?:Centre|Center|Clinic|Hospital)\b"
        # …and a unit or service of a kind of care (Clarendon| Eye Unit, Riverside| Day Surgery
        # Unit, Holbrook| Memory Service, Oguaa| Home Care), and a flat's number after a
        # street (Ackroyd Gardens| #1207).
        r"|[ \t]+(?:Eye|Day Surgery|Memory|Renal|Dialysis|Stroke|Hearing)[ \t]+(?:Unit|Service)\b"
        r"|[ \t]+Home[ \t]+Care\b"
        r"|(?<=[a-z])[ \t]+#\d{2,5}(?![\d-])"
        r"|(?<=Lying-)in\b|(?<=Drop)-in\b|(?<=Drop-)in\b"
        # …a sector or block of a town after it (Orangi Town| sector 11).
        r"|\s+(?:[Ss]ector|[Bb]lock|[Pp]hase)\s+\d{1,3}[A-Z]?\b(?![.,]\d)"
        # …a part a hyphen joins to it (Rotterdam|-Zuid, Kerry|-Ann: a name the tagger read
        # as a place).
        r"|(?:-[A-Z][\w'’]*[a-z])+"
        # …and the rest of a place an apostrophe parts (Kolofo|'ou; not 's).
        rf"|(?<=[a-z])['’](?!(?:s|ll|re|ve|d|t|m)\b)[{LOWER_LETTERS}]{{2,}}\b"
        # …and a Chinese district's, city's or county's word after it (住Usera|区, Burnaby|市).
        r"|(?<=[a-z])[区區市县縣省镇鎮村](?![域长長民场場面])"
    ),
    # A Chinese date takes in its weekday in brackets (4月22日（周一）), an English one its range.
    "DATE": re.compile(
        r"\s?[（(](?:周|週|星期|礼拜|禮拜)?[一二三四五六日天][）)]"
        # …or its Japanese weekday (2024年11月18日|（月）).
        r"|(?<=日)\s?[（(][月火水木金土日][）)]"
        # …and the last day of a range after a month and day (July 3|-7).
        r"|(?:(?<=[A-Za-z] \d)|(?<=[A-Za-z] \d\d))[-–]\d{1,2}\b(?![-/.:]?\d)"
        # …and the part of the day or the week after a weekday (Sunday| night, Thursday| week).
        r"|(?<=day)\s+(?:night|morning|evening|afternoon|week)\b"
        # …and a festival's before or after (春节|后, 中秋節|前).
        r"|(?<=[节節])(?:前后|前後|之前|之后|之後|前|后|後)"
        # …and its month and day in brackets after a weekday (本周三|（5.8）), and the festival
        # the day is after either (本周六（10月12日）|重阳节).
        rf"|\s?[（(](?:1[0-2]|0?[1-9])[./月](?:3[01]|[12]\d|0?[1-9])[日号號]?[）)](?:{_FESTIVAL})?"
        rf"|(?<=[日号號）)])(?:{_FESTIVAL})"
        # …and the time after a whole date of a chat's export (2024/08/30| 21:03).
        r"|(?<=\d{4}/\d\d/\d\d)[ \t](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?!\d)"
    ),
    # …and an ID the digits after a hyphen that close it (CT20240611|-0382) or, after a space,
    # a card's issue number (2428 77391 2| / 1).
    "ID": re.compile(
        _CHECK_LETTERS.pattern + r"|(?<=\d)-\d{2,6}\b(?![-/.]\d)|(?<=\d)[ \t]/[ \t]?[1-9](?![\d/.])"
        # …and the two digits after a slash that close a card's number (15-44872031-9|/00).
        r"|(?<=\d)/\d{2}(?![\d/.])"
    ),
    "PHONE": re.compile(
        r"(?<=\d)/\d{2}(?![\d/.:])|"
        + _CHECK_LETTERS.pattern
        + r"|\s*,?\s*(?:(?i:ext|extn|extension)\.?\s*|x\s?|分[机機]\s*|轉\s*|转\s*)"
        + r"[:#]?\s*\d{1,6}\b"
    ),
}
# What a finding takes in before it, by kind (`_grown`), when the finding starts with a
# Latin letter or digit.
_BEFORE = {
    "LOCATION": re.compile(
        r"(?<![\w])(?:the|The)\s+$"
        r"|(?<![\w])(?:Flat|Apt|Apartment|Unit|Suite)\.?\s*[0-9][0-9A-Za-z]{0,3},?\s+$"
        # …or a unit's word before its number (Unit| 4, Knocknacarra).
        r"|(?<![\w])(?:Flat|Apt|Apartment|Unit|Suite)\.?\s+$"
        # …or a house number, after a Chinese character too (住|136-20 Cherrywood Ave).
        r"|(?<![A-Za-z0-9_.,/])(?<!Ward )(?<!Bed )(?<!Bay )(?<!Room )(?<!Unit )\d{1,4}[A-Za-z]?\s+$"
        # …or a Queens house number's first part before its hyphen (133-|47 Cedar Brook Ave).
        r"|(?<![A-Za-z0-9_.,/-])\d{2,3}-$"
        # …or a house number with a slash and a comma (42/3, Galle Road).
        r"|(?<![\w.,/])\d{1,4}/\d{1,3}[A-Za-z]?,\s+$"
        # …or the word a particle joins to its name (Chy an| Mor Care Home).
        r"|(?<![\w])[A-Z][a-zà-ÿ]+\s+(?:an|na|nan|y|yr)\s+$"
        # …or, in Chinese text, the capitalised word before it (有家Golden| Lotus Chinese Clinic).
        r"|(?<=[\u4e00-\u9fff])[A-Z][a-z]+\s+$"
    ),
    "DATE": re.compile(
        r"(?<![\w])(?:(?:the|The)\s+)?(?:day|night|week)\s+(?:after|before)\s+$"
        r"|(?<![\w])(?:the|The|le|Le)\s+$"
        # …and the week it opens or closes (w/c| 6 May, w/e 12/3).
        r"|(?<![\w/])[Ww]/[ce]\s+$"
        # …and its weekday (Saturday 19 October, Tues. 4 March).
        r"|(?<![\w])(?:(?i:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
        r"|Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)\.?,?\s+$"
        # …and the month a Chinese day is of (下個月|12號, 这个月|8号), and the calendar it is
        # of (公历|1月18日, 國曆|6月9日).
        r"|(?:下|上|这|這|本)(?:个|個)?月$|(?:公历|公曆|国历|國曆|阳历|陽曆|新历|新曆)$"
        # …and the era of a date in the Minguo calendar (民國|一一三年三月五日).
        r"|(?:民國|民国)$"
    ),
    "PHONE": re.compile(r"(?<![\w])\d{2,5}\s+(?:oh\s+)+$"),
    "ID": re.compile(r"#$"),
    # …a name the initial of its given name (M.| Vuković).
    "NAME": re.compile(r"(?:^|(?<=[\s(,;:]))[A-Z]\.[ \t]?$"),
    # …an e-mail-shaped handle its "@" (@|ritaoftheglen@social.ie: a fediverse handle).
    "EMAIL": re.compile(r"(?<![\w@])@$"),
}
# What an ID that opens with a digit or a hyphen takes in before it: a courier's letters
# (SF|1428807365521), the digits the hyphen parts from it (91|-8823-4417-2260).
_ID_LETTERS = re.compile(r"(?<![A-Za-z])[A-Z]{1,3}$")
_ID_DIGITS = re.compile(r"(?<![\w-])\d{1,4}$")
# A Chinese clinic or hospital found without the first one or two characters of its name
# takes them in back to the word of where before it (在好|日子牙醫診所, 的晴|川耳鼻喉科診所,
# 送简|阳市东溪镇卫生院); none of those words, nor a pronoun, is taken in.
_ZH_FACILITY_END = re.compile(
    r"(?:医院|醫院|卫生院|衛生院|保健院|诊所|診所|门诊部|門診部|中医馆|中醫館|国医馆|國醫館)$"
)
_ZH_WHERE_WORDS = frozenset("在的到去于於送转轉介住了那这這哪种種个個家所一我你他她们們还還是")
_ZH_FACILITY_HEAD = re.compile(r"(?<=[在的到去于於送转轉住了是个個])[\u4e00-\u9fff]{1,2}$")
# Eras a Chinese date is counted in, taken in whatever its numerals (民國|一一三年三月五日).
_ERAS = frozenset(("民國", "民国"))
_LATIN_START = re.compile(r"[A-Za-z0-9À-ɏ]")
_LATIN_END = re.compile(r"[A-Za-z0-9À-ɏ'’]$|(?<=Lying-)$")
# What parts two findings of one kind that are one identifier: places parted by a comma, a
# particle (Cnoc na Rí), "in" or "on" (Lloyds in Kirkcaldy, Boots on Queen Street) or a
# state or province code (Plano, TX 75024; Toronto, ON M4C 1B5); names by a particle.
_JOINS = {
    "LOCATION": re.compile(r",?\s*|\s+(?:in|on|na|y|de|del|la|le)\s+|,?\s+[A-Z]{2,3},?\s+"),
    "NAME": re.compile(rf"(?:\s+{_NAME_PARTICLE})+\s+|\s+&\s+"),
    # …and the two ends of a range of dates (12月4日至12月8日, 2024年1月3日—1月17日, 10 June to 5
    # July), and a weekday and the date after its comma (Tuesday, March 5, 2024).
    "DATE": re.compile(r"\s?(?:至|到|~|～|-|–|—|－)\s?|(?<=day),\s+|\s+(?:to|until|till)\s+"),
}


def _clinical_context(text: str, start: int, end: int) -> bool:
    """The words around `text[start:end]` make it clinical: a dose right after it (利福平0.45g),
    a staging system in brackets after a stage, a brand in brackets after a drug name."""
    if _DOSE_AFTER.match(text, end):
        return True
    opened = _IN_BRACKETS.search(text, max(0, start - 31), start)
    if opened is None or not re.match(r"[^()（）]{0,30}[)）]", text[end : end + 31]):
        return False
    before = text[max(0, opened.start() - 30) : opened.start()]
    if _STAGE_BEFORE.search(before):
        return True
    word = _WORD_BEFORE.search(before)
    return word is not None and lexicon().is_drug_name(word.group(1))


def _extend_and_merge(text: str, findings: list[Finding]) -> list[Finding]:
    """Findings run on over the rest of what they name (`_grown`; a date over its weekday in
    brackets even where another finding was made inside them, which it then takes in);
    a street or a town that the NER took for a name next to a place is a place
    (`_address_part`); findings of one kind that touch, or that only a comma, a particle or a
    state code parts (`_JOINS`), become one; a Chinese province or region left alone is
    dropped."""
    merged: list[Finding] = []
    for i, f in enumerate(findings):
        if merged and f.end <= merged[-1].end:
            continue  # inside the finding before it, which grew over it (a date's weekday)
        floor = merged[-1].end if merged else 0
        limit = findings[i + 1].start if i + 1 < len(findings) else len(text)
        if f.kind == "DATE":
            limit = len(text)  # its weekday in brackets, whatever was found in them (周三)
            f = _date_opening(text, f, floor)
        if f.kind == "LOCATION" and "\u4e00" <= text[f.end - 1 : f.end] <= "\u9fff":
            limit = _over_places(text, f, floor, findings[i + 1 :], limit)
        if f.kind == "NAME" and _address_part(text, f, merged, findings[i + 1 :]):
            f = Finding("LOCATION", f.start, f.end)
        f = _grown(text, f, floor, limit)
        if merged and merged[-1].kind == f.kind:
            join = _JOINS.get(f.kind)
            gap = merged[-1].end == f.start or (
                join is not None and join.fullmatch(text, merged[-1].end, f.start)
            )
            if gap:
                f = Finding(f.kind, merged.pop().start, f.end)
        merged.append(f)
    # A province alone names no one (住在内蒙古); before a city it is part of the place (云南大理),
    # and before a name it touches, part of the name (海南 + 老候鸟：, a display name).
    provinces = lexicon().provinces
    kept: list[Finding] = []
    for i, f in enumerate(merged):
        if f.kind == "LOCATION" and text[f.start : f.end] in provinces:
            after = merged[i + 1] if i + 1 < len(merged) else None
            if after is not None and after.kind == "NAME" and after.start == f.end:
                merged[i + 1] = Finding("NAME", f.start, after.end)
            continue
        kept.append(f)
    return kept


# What opens a date a finding began after: its year (2022|年8月) or a Japanese era (令和|6年3月).
_YEAR_BEFORE = re.compile(r"(?:19|20)\d\d\Z")
_ERA_BEFORE = re.compile(r"(?:令和|平成|昭和)\Z")


def _date_opening(text: str, f: Finding, floor: int) -> Finding:
    """The date `f` with the year or the era before it that its finding left out."""
    if text.startswith("年", f.start):
        opening = _YEAR_BEFORE.search(text, max(floor, f.start - 4), f.start)
    elif text[f.start].isdigit():
        opening = _ERA_BEFORE.search(text, max(floor, f.start - 2), f.start)
    else:
        return f
    return f if opening is None else Finding(f.kind, opening.start(), f.end)


# A street or a house by its kind (Johnston St, Drumbo Park, Cairns Hill, Maes Hyfryd, Heol y
# Dŵr, Bryn Awel), and a place that ends on a facility's kind (Mabuhay General Hospital).
_STREET = re.compile(
    r"(?:.*\s)?(?:St|Street|Rd|Road|Ave|Avenue|Lane|Ln|Drive|Close|Crescent|Way|Park|Terrace"
    r"|Place|Court|Gardens|Grove|Row|Boulevard|Blvd|Heights|Hill|Rise|Mews|Square|Brae|Wynd)\.?"
    r"|(?:Maes|Heol|Ffordd|Stryd|Lôn|Rhodfa|Bryn|Plas|Cwm|Nant|Glan|Hafod|Tŷ)\s.+"
)
_FACILITY_END = re.compile(
    r".*\b(?:Hospital|Clinic|Centre|Center|Home|Surgery|Practice|Pharmacy|Hospice)"
)
_COMMA = re.compile(r",\s*")
_STATE_AND_ZIP = re.compile(r",\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?")
_TOWN_WORD = re.compile(r"[^\W\d_a-z][^\W\d_]+")
_CLOSES = re.compile(r"\s*(?:[.;!?)\n]|$)")
_DISTRICT = re.compile(r"(?:St\.? )?[^\W\d_a-z][^\W\d_]+(?: [^\W\d_a-z][^\W\d_]+){0,2}")


def _address_part(text: str, f: Finding, before: list[Finding], after: list[Finding]) -> bool:
    """The name `f` is part of an address: a street by its kind before a place and a comma
    (Johnston St, Lafayette; Drumbo Park, Lisburn), or the one word of a town after a
    facility and a comma that closes the sentence (Mabuhay General Hospital, Dasmariñas.), or
    the words of a district between two places and their commas, or a town before its US
    state's or territory's code and ZIP code (Hato Rey, PR 00918)."""
    span = text[f.start : f.end]
    if (
        after
        and after[0].kind == "LOCATION"
        and _JOINS["LOCATION"].fullmatch(text, f.end, after[0].start)
        and "," in text[f.end : after[0].start]
        and (_STREET.fullmatch(span) or _STATE_AND_ZIP.fullmatch(text, f.end, after[0].end))
    ):
        return True
    if not (before and before[-1].kind == "LOCATION"):
        return False
    if not _COMMA.fullmatch(text, before[-1].end, f.start):
        return False
    # …or words between two places, a comma either side (Rue des Jardins, Deux Plateaux,
    # Abidjan): a district of the address.
    if after and after[0].kind == "LOCATION" and _COMMA.fullmatch(text, f.end, after[0].start):
        return bool(_DISTRICT.fullmatch(span))
    return bool(
        _FACILITY_END.match(text, before[-1].start, before[-1].end)
        and _TOWN_WORD.fullmatch(span)
        and _CLOSES.match(text, f.end)
    )


def _over_places(text: str, f: Finding, floor: int, later: list[Finding], limit: int) -> int:
    """How far a Chinese place `f` may run on: over the places found right after it when its
    address or hospital name ends where one of them does (宝安区 + 福 + 永康 + 顺医院: the
    tagger found the hospital without its first characters), or over a hospital the last of
    them opens (宝安区 + 福 + 永康 + 复医院: the tagger found the town 永康); `limit` otherwise."""
    if not later or later[0].start == f.end:
        return limit  # a place touching it joins it as it is (北碚区 + 澄江镇卫生院)
    ends, cursor = [], f.end
    for g in later:
        if g.kind != "LOCATION" or g.start - cursor > 2:
            break
        ends.append(g.end)
        cursor = g.end
    if not ends:
        return limit
    over = _grown(text, f, floor, ends[-1])
    if over.end in ends:
        return over.end
    # …or over a hospital that the last of them opens (宝安区 + 福 + 永康 + 复医院).
    over = _grown(text, f, floor, later[len(ends)].start if len(later) > len(ends) else len(text))
    if over.end > ends[-1] and _ZH_FACILITY_END.search(text, f.start, over.end):
        return over.end
    return limit


def _grown(text: str, f: Finding, floor: int, limit: int) -> Finding:
    """`f` run on over the rest of what it names, between the finding before it (`floor`)
    and the one after it (`limit`): the labelling rules put the whole name, address, date or
    number inside one label, and what is left outside still identifies.
    - a name right after the "@" of a handle or Reddit's "u/" takes it in ("@[NAME]" would
      still say a handle stood there), and so does an e-mail-shaped fediverse handle
      (@|ritaoftheglen@social.ie); a name takes in its given name's initial before it
      (M.| Vuković) and its surname's initial after it (Sita| K.);
    - a name runs on over a hyphenated syllable (Jun|-ho, Cruz|-Santos), a quoted nickname
      and the surname after it (Margaret| 'Peggy' Dunleavy) or closing it (Dorothy May|
      'Dot'), the word that makes a nickname in Chinese text (May|姐, 黄|阿姨, 老刘|头, 大辉|哥,
      老蔡头|儿), the 嫂 or 太 after a surname (李|嫂, 陳|太：) and the 阿 before one (阿|强), the
      Chinese surname written after an English given name (Amy| 林, `_surname_after_latin`),
      or a particle and the surname after it (Marisol| dela Cruz-Santos, Vincent| van Gogh),
      or a maiden name in brackets and the married name after it (Evelyn Ruth| (Sparks)
      Halvorsen);
    - a Chinese name runs on over the display name opening a line that holds it (宝妈|乐乐：,
      `_display_name`) and over the last character of a given name before a title
      (欧阳明|辉副主任, `_last_given_char`);
    - a Chinese place runs on over the address or hospital name after it (绵阳市 + 中心医院,
      北京市 + 朝阳区建国路88号, 海淀区 + 西山妇幼门诊, part after part: 融水县 + 苗乡 +
      人民医院), the lane's word closing it (菱塘|弄),
      a village after its town (兴隆镇|单家集) or closing a clause after its county (贡山县|丙中洛
      –), an island's word (涠洲|岛) and a health station's (平襄镇妇幼|保健站);
    - an English place takes in "the" or a house number before it (the Nuffield, 7 Bryn
      Teg), a flat or unit number before or after it (Flat 3B, Unit 2, Apt 2C, Unit| 4), a
      postcode of four to six digits after it, bare or in brackets (Caloundra 4551, Bendigo
      VIC 3550, Hamilton (3204), Portland 97214, Kozhikode 673014; not a year), a UK
      outward code after it (Aberdeen AB25), a Canadian province's code (Kingston ON), a
      street number with 号 in Chinese text (Rowe Street| 27号), the clinic, surgery, camp or
      refuge it names (Chawama| clinic, Ashgrove| Surgery, Kalma| camp), the part a hyphen
      joins to it
      (Rotterdam|-Zuid) and the word a particle joins to it before (Chy an| Mor Care Home);
    - a Chinese clinic or hospital takes in the first characters of its name that were
      missed, back to the word of where before it (在好|日子牙醫診所), and a Chinese place
      the hospital after it that the tagger found without its first characters
      (`_over_places`);
    - a date takes in "the day after" or "the day before" (the day after Easter Monday), the
      week it opens or closes (w/c| 6 May),
      "the" (the 17th) or its weekday (Saturday 19 October) before it ("last" stays: "a
      seizure last Tuesday" keeps the words of the seizure), and a Chinese date its weekday
      in brackets (4月22日（周一）), an English month and day the last day of its range
      (July 3|-7), a weekday its part of the day or "week" (Sunday| night, Thursday| week),
      a Chinese festival its before or after (春节|后), a weekday its month and day in
      brackets (本周三|（5.8）) and a Chinese date the festival it is (（10月12日）|重阳节);
    - a Chinese date takes in the month it is of (下個月|12號);
    - a phone number takes in an extension after it (ext 54321, x123, 分机 2218) and the
      digits before an "oh" read for a zero (0161 oh 276 4412);
    - a number (an ID, or digits read as a phone) takes in the letters that close it
      (5584-486-674-YM, 43012419570812352X) or the bracket closing its check digit
      (5182073(4|)), and an ID the "#" before it (#A7-22918-X), the digits after a hyphen that
      close it (CT20240611|-0382) and a card's issue number (2428 77391 2| / 1)."""
    start, end = f.start, f.end
    if f.kind == "NAME" and start > floor:
        mark = _HANDLE_MARK.search(text, max(floor, start - 3), start)
        if mark:
            start = mark.start()
    after = _AFTER.get(f.kind)
    if f.kind == "LOCATION" and "\u4e00" <= text[end - 1 : end] <= "\u9fff":
        after = _ZH_PLACE_TAIL
    elif f.kind == "LOCATION" and not _LATIN_END.search(text, start, end):
        after = None
    tail = after.match(text, end, limit) if after is not None else None
    while tail and tail.end() > end:
        end = tail.end()
        # a Chinese place's tail runs on part by part (融水县 + 苗乡 + 人民医院)
        tail = after.match(text, end, limit) if after is _ZH_PLACE_TAIL else None
    if f.kind == "NAME":
        start, end = _display_name(text, start, end, floor, limit)
        end = _last_given_char(text, start, end, limit)
        end = _surname_after_latin(text, end, limit)
        if start - 1 >= floor and text[start - 1 : start] == "阿" and _HAN_CHAR.match(text, start):
            start -= 1  # 阿|强护工: the 阿 of a nickname
        elif _nickname_head(text, start, floor):
            start -= 1  # 小|刘师傅, 小|悦悦, 老|关: the 小 or 老 of a nickname
    before = _BEFORE.get(f.kind)
    window = max(floor, start - 40)  # what `_BEFORE` takes in is a few words at most
    head = before.search(text, window, start) if before is not None else None
    if head and head.end() == start and (_LATIN_START.match(text, start) or head.group() in _ERAS):
        start = head.start()
    if f.kind == "ID" and start == f.start:
        first = text[start : start + 1]
        id_head = _ID_LETTERS if first.isdigit() else _ID_DIGITS if first == "-" else None
        opening = id_head.search(text, window, start) if id_head is not None else None
        if opening:
            start = opening.start()
    if f.kind == "LOCATION" and _ZH_FACILITY_END.search(text, start, end):
        head = _ZH_FACILITY_HEAD.search(text, max(floor, start - 3), start)
        if head and not _ZH_WHERE_WORDS.intersection(head.group()):
            start = head.start()
    return f if (start, end) == (f.start, f.end) else Finding(f.kind, start, end)


# A comment's display name opening a line before its colon (宝妈乐乐：, 阿嬤的孫子：, 靓女阿May：),
# not a numbered item's, nor one a role, a title, a department or a word of speech opens or
# fills (护理员小谭：, 致急诊科戚医生：, 楼主更新：, 小谭说：): the name alone is the label there.
_DISPLAY_NAME = re.compile(
    r"[ \t]*(?!\d{1,2}[.、．)）])(?=\w)"
    r"([^\s：:，,。！!？?；;、「」“”\"（）()【】\[\]<>《》]{3,12})[ \t]*[：:](?=[ \t]*\S)"
)
_ROLE_OR_SPEECH = re.compile(
    r"^(?:护理员|护工|家属|患者|病人|师傅|同事|陪诊师?|客服|前台|群主|管理员|病友|网友|楼主|樓主|致"
    r"|我|你|他|她)|说|說|问|問|讲|講|道|回复|回覆|回答|写|寫|更新|医生|醫生|大夫|护士|護士|主任"
    r"|老师|老師|教授|院长|院長|药师|藥師|[科部]"
    # …or a heading's word: what the line is a record of (宝宝可乐黄疸复查：, 回访记录：)
    r"|复查|複查|复诊|複診|记录|記錄|报告|報告|小结|小結|随访|隨訪|回访|回訪"
)


def _display_name(text: str, start: int, end: int, floor: int, limit: int) -> tuple[int, int]:
    """(start, end) of a name run on over the Chinese display name it is part of
    (`_DISPLAY_NAME`: 宝妈|乐乐, 阿嬤的|孫子), between `floor` and `limit`; else as given."""
    line = text.rfind("\n", 0, start) + 1
    if line < floor:
        return start, end
    shown = _DISPLAY_NAME.match(text, line)
    if (
        shown is None
        or not (shown.start(1) <= start and end <= shown.end(1) <= limit)
        or _HAN_CHAR.search(shown.group(1)) is None
        or _ROLE_OR_SPEECH.search(shown.group(1))
    ):
        return start, end
    return shown.span(1)


_HAN_CHAR = re.compile(r"[\u4e00-\u9fff]")
# Where 小 or 老 ends a word before a name rather than opening a nickname (从小, 最小, 古老).
_NOT_NICKNAME_BEFORE = frozenset("大从從最很太较較缩縮变變古养養")


def _nickname_head(text: str, start: int, floor: int) -> bool:
    """`text[start - 1]` is the 小 or 老 of a nickname: the name opens on a surname (小|刘,
    老|关) or is a doubled character (小|悦悦), and no word ends on it (从小, 养老)."""
    if start - 1 < floor or text[start - 1] not in "小老":
        return False
    if start - 2 >= floor and text[start - 2] in _NOT_NICKNAME_BEFORE:
        return False
    lex = lexicon()
    doubled = text[start] == text[start + 1 : start + 2] and _HAN_CHAR.match(text, start)
    return bool(doubled) or text.startswith(lex.zh_surnames + lex.zh_surnames_ambiguous, start)


# A title or a term of address after a full Chinese name (欧阳明辉副主任, 梁月娥婆婆).
_ZH_TITLE_AFTER = re.compile(
    r"副主任|主任|医生|醫生|医师|醫師|大夫|教授|护士长|護士長|老师|老師|婆婆|伯伯|叔叔|阿姨|奶奶|爷爷"
    r"|大哥|大姐|工长|工長"
)


def _last_given_char(text: str, start: int, end: int, limit: int) -> int:
    """The end of a Chinese name found without the last character of its given name, which a
    title or term of address follows (欧阳明|辉副主任, 梁月|娥婆婆): a surname and one character
    (a compound surname and one), then a character given names use."""
    span = text[start:end]
    lex = lexicon()
    if (
        end < limit
        and _ZH_TITLE_AFTER.match(text, end + 1)
        and text[end] in lex.zh_given_chars
        and (
            (len(span) == 2 and span[0] in lex.zh_surnames)
            or (len(span) == 3 and span[:2] in lex.zh_surnames)
        )
    ):
        return end + 1
    return end


def find_identifiers(text: str, entities: list[Entity] | None = None) -> list[Finding]:
    """Non-overlapping identifier spans, leftmost first (`entities`: the English NER
    entities of `text` when already computed in a batch). An empty text (a thread without a
    title) has none, found without a pass of every rule and the tagger over it."""
    if not text:
        return []
    if entities is None:
        entities = english_entities([text])[0]
    findings: list[Finding] = []
    cursor = 0
    for start, neg_len, _, kind in sorted(_candidates(text, entities)):
        end = start - neg_len
        if kind == HANDLE:  # a user name ends before a clinical term it ran on into
            end = _before_a_term(text, start, end)
        end = _before_vital(text, kind, start, _one_line(text, kind, start, end))
        if end <= max(start, cursor) or not _is_identifier(text, kind, start, end):
            continue
        if start >= cursor:
            findings.append(Finding("NAME" if kind == HANDLE else kind, start, end))
        elif kind == "LOCATION" and findings[-1].kind == kind:
            # Two places that overlap are one (历城区王舍人街道 + 王舍人街道卫生院).
            findings[-1] = Finding(kind, findings[-1].start, end)
        else:
            continue
        cursor = end
    found = _everyday_again(text, _extend_and_merge(text, _with_tagged(text, findings)))
    found = _listed_again(text, _speaker_again(text, found))
    return [_with_marks(text, _place_start(text, f)) for f in found]


def _with_marks(text: str, f: Finding) -> Finding:
    """`f` with the combining marks after its last letter (Behchokǫ̀: the grave accent is a
    code point of its own after ǫ)."""
    end = f.end
    while end < len(text) and unicodedata.combining(text[end]):
        end += 1
    return f if end == f.end else Finding(f.kind, f.start, end)


# Words that open what is said of a person right after the name (Cindy 杨|在大理摔了): the
# surname before one stands alone.
_WORD_AFTER_A_SURNAME = frozenset("在说說的和跟是也都去来來把被给給让讓今昨明刚剛已又还還")


def _surname_after_latin(text: str, end: int, limit: int) -> int:
    """The end of a name in Latin letters run on over the Chinese surname written after it
    (Amy| 林, Ingrid| 陈：, Cindy 杨|在…, a name a Chinese writer gives as English given name and
    surname), or `end` where no single surname character stands alone after it."""
    if not text[end - 1 : end].isascii() or not text[end - 1 : end].isalpha():
        return end
    after = end + 1 if text[end : end + 1] == " " else end
    if after + 1 > limit or (
        _HAN_CHAR.match(text, after + 1) and text[after + 1] not in _WORD_AFTER_A_SURNAME
    ):
        return end
    return after + 1 if text[after : after + 1] in lexicon().zh_surnames else end


def _one_line(text: str, kind: str, start: int, end: int) -> int:
    """The end of a name or a place at `text[start:end]` cut at the line break inside it: no
    name or place runs over one (Inga|\nSat 20/07 of a log, Whalsay Health Centre|
    \nAdjustments of a form), and the next line's words are its own."""
    if kind not in ("NAME", "LOCATION", HANDLE):
        return end
    cut = text.find("\n", start, end)
    return end if cut < 0 else start + len(text[start:cut].rstrip())


# A vital sign's or a test's abbreviation in capitals that a name ran on into (Mrs Bjarnason|BP
# 168/94 pre-exercise).
_VITAL_AFTER_NAME = re.compile(r"[ \t]+(?:BP|HR|RR|SpO2|SATS|Sats|ECG|EKG|INR|BMI|GCS|CBG|BM|T)$")


def _before_vital(text: str, kind: str, start: int, end: int) -> int:
    """The end of a name at `text[start:end]` before a vital sign's abbreviation ending it."""
    if kind != "NAME":
        return end
    vital = _VITAL_AFTER_NAME.search(text, start, end)
    return end if vital is None else vital.start()


def _before_a_term(text: str, start: int, end: int) -> int:
    """The end of a user name at `text[start:end]` cut before the first term of four
    characters or more of the allow-list inside it, after a Chinese character
    (@浩浩的妈妈家孩子确诊|脊髓性肌萎缩症: a handle in Chinese text has no break to end it), or
    before words that open what is said of a handle (@骨科小刘医生|这期讲…, 讲得), when two
    characters or more of it are left; a department (@厦门眼科小助手) stays in."""
    cut = lexicon().first_protected_after(text, start, end, min_length=4)
    said = _SAID_OF_HANDLE.search(text, start + 3, end)
    if said is not None and (cut is None or said.start() < cut):
        cut = said.start()
    if cut is None or cut - start < 2 or not _HAN_CHAR.match(text, cut - 1):
        return end
    return cut


# Words that open what is said of a handle in running Chinese text (@骨科小刘医生这期讲…).
_SAID_OF_HANDLE = re.compile(
    r"这期|這期|这篇|這篇|这条|這條|这个视频|這個視頻|讲得|講得|说得|說得|写得|寫得|帮忙|幫忙"
)


# Characters no Chinese place starts with that the NER or the tagger joins to the place
# before it (你们|长青园养老院, a letter's 致|沈阳铁路康复医院, Cantonese 喺|將軍澳).
_NO_PLACE_STARTS = frozenset("们們致喺")


def _place_start(text: str, f: Finding) -> Finding:
    """`f` without a first character no Chinese place starts with (`_NO_PLACE_STARTS`)."""
    if f.kind == "LOCATION" and f.end - f.start > 3 and text[f.start] in _NO_PLACE_STARTS:
        return Finding(f.kind, f.start + 1, f.end)
    return f


# After a name that is an everyday word opens a sentence, the words that say it is the name
# again ("Faith is 2.1kg now", "Will will be 3"), not the word ("Hope you are well").
_AGAIN_AFTER = re.compile(r"['’]s\b|\s+(?:is|was|has|had|and|will|still|got|went|came)\b|\s*\(")
# A number after a word: a dose or a strength (Lexamil 10mg, Dolo 650), no name's.
_NUMBER_AFTER = re.compile(r"\s*\d")
_SENTENCE_END = re.compile(r"(?:^|[.!?:;\n。！？])\s*$")


def _everyday_again(text: str, findings: list[Finding]) -> list[Finding]:
    """`findings` and every other capitalised use of a given name that a finding names as a
    person in `text`: one that is an everyday word (Faith, Grace, Will), a name of one word
    found once (Help Manteu get to Montreal … Manteu is 6), or the given name of a full name
    found (Remy Broussard … Remy is fighting): the same word is the same person, unless it
    opens a sentence with no word after it saying so. A name of one word is not taken again
    before a number (a brand the NER read as a name: Lexamil … Lexamil 10mg)."""
    lex = lexicon()
    names: set[str] = set()
    single: set[str] = set()
    for f in findings:
        if f.kind != "NAME":
            continue
        span = text[f.start : f.end]
        first = span.split(maxsplit=1)[0]
        if everyday_name(span):
            names.add(span)
        elif (
            _ONE_WORD.fullmatch(first)
            and len(first) > 2
            and first[0].isupper()
            and first.lower() not in lex.en_common_words
            and first not in lex.not_names
            and not is_english_relative(first)
            and not lex.is_drug_name(first)
            and not lex.is_kept_place(first)
            and not lex.is_eponym(first)
        ):
            (names if first != span else single).add(first)
    if not names and not single:
        return findings
    return _with_names(
        findings,
        (
            m.span()
            for name in names | single
            for m in re.finditer(rf"(?<![\w'’-]){re.escape(name)}(?![\w-])", text)
            if not (name in single and _NUMBER_AFTER.match(text, m.end()))
            and (
                not _SENTENCE_END.search(text, 0, m.start())
                or _AGAIN_AFTER.match(text, m.end()) is not None
            )
        ),
    )


def _with_names(findings: list[Finding], spans: Iterable[tuple[int, int]]) -> list[Finding]:
    """`findings` and a name at each of `spans` that overlaps none of them, in order."""
    taken = [(f.start, f.end) for f in findings]
    added = [
        Finding("NAME", start, end)
        for start, end in spans
        if not any(a < end and start < b for a, b in taken)
    ]
    return sorted([*findings, *added], key=lambda f: f.start) if added else findings


# A speaker opening a chat's line before its colon (英子：…).
_SPEAKER_AT = re.compile(r"(?m)^[ \t]*([^\s:：]{1,24})[ \t]*[：:]")


def _speaker_again(text: str, findings: list[Finding]) -> list[Finding]:
    """`findings` and every other line a speaker found opens before its colon (英子：… found
    once, 英子：邵主任… again): the same speaker in the same chat."""
    speakers = {
        text[f.start : f.end]
        for f in findings
        if f.kind == "NAME"
        and (m := _SPEAKER_AT.match(text, text.rfind("\n", 0, f.start) + 1)) is not None
        and m.span(1) == (f.start, f.end)
    }
    if not speakers:
        return findings
    return _with_names(
        findings, (m.span(1) for m in _SPEAKER_AT.finditer(text) if m.group(1) in speakers)
    )


# A Chinese name listed after or before a name found, parted by 、 (其中多杰、拉毛措需手术), up to
# a mark or a word that closes the list.
_LISTED_AFTER = re.compile(
    r"、([\u4e00-\u9fff]{2,4}?)(?=[、，,。；;：:\s）)]|[和及与與需等均都已在是的]|$)"
)
_LISTED_BEFORE = re.compile(r"(?:^|(?<=[，,。；;：:\s（(、]))([\u4e00-\u9fff]{2,4})、$")
# An entry of a list opening its line before a dash (排早扎 — 失访, 岩温 — 已完成MDT).
_ENTRY_AT = re.compile(r"(?m)^[ \t]*([\u4e00-\u9fff]{2,4})[ \t]*(?:—|–|--)")


def _listed_again(text: str, findings: list[Finding]) -> list[Finding]:
    """`findings` and the names listed beside the names found: the other items of a list
    parted by 、 (多杰 found: 多杰、拉毛措), and the other entries of a list whose lines open
    with a name and a dash when two of its entries or more are names found (岩温 —, 玉香 —
    found: 排早扎 — too). Each must pass as a name on its own (no common word, term or
    title)."""
    names = [f for f in findings if f.kind == "NAME" and _HAN_CHAR.match(text, f.start)]
    if not names:
        return findings
    spans = []
    for f in names:
        after = _LISTED_AFTER.match(text, f.end)
        if after:
            spans.append(after.span(1))
        before = _LISTED_BEFORE.search(text, max(0, f.start - 6), f.start)
        if before:
            spans.append(before.span(1))
    entries = [m.span(1) for m in _ENTRY_AT.finditer(text)]
    found = {(f.start, f.end) for f in names}
    if sum(span in found for span in entries) >= 2:
        spans += entries
    listed = [
        (a, b)
        for a, b in spans
        if not is_relative_or_title(text[a:b]) and _is_identifier(text, "NAME", a, b)
    ]
    return _with_names(findings, listed) if listed else findings


# Three spaces, a tab or an ideographic space: the gap between two fields of a form or a list
# written on one line (老K　清醒 214 天).
_FIELD_GAP = re.compile(r"[ \t]{3,}|[\t\u3000]")


def _with_tagged(text: str, findings: list[Finding]) -> list[Finding]:
    """`findings` and the parts of the tagger's spans that they do not cover, in order: a span
    that overlaps no finding is added whole; one that runs past a finding adds what lies
    outside it (a rule found "Kofi", the tagger "Kofi Mensah": Mensah is added) when that
    part has the form of `_PIECE`, is no everyday Chinese verb (北京 found, the tagger's
    北京工作: 工作 is not added) and is not the particle 的 and what follows after a space (a
    handle found, the tagger's "@小鹿 的分享": 的分享 is not added; 不吃香菜的猫 is one handle), nor
    的 and a kinship word after a name found (古丽米拉 found, the tagger's 古丽米拉的妈妈).
    Before that, a span is cut at a line break (`_one_line`) and at a form's gap between
    fields (`_FIELD_GAP`), a Chinese name or place that
    opens inside a clinical term of the allow-list is dropped (格拉斯哥昏迷评分…), a name or place
    that ran on into a clinical term ends before it when it would otherwise be dropped
    (锦绣KTV|醉酒), and a web or e-mail address must have an address's shape
    (`_ADDRESS_SHAPE`)."""
    added = []
    grown: list[tuple[Finding, list[Finding]]] = []
    for kind, start, end in tag_spans(text):
        end = _one_line(text, kind, start, end)
        gap = _FIELD_GAP.search(text, start, end)
        if gap is not None:  # CID: 11410003217   67F: a form's next field after the gap
            end = gap.start()
        if (
            kind in ("NAME", "LOCATION")
            and start > 0
            and text.startswith("《", start - 1)
            and (text.endswith("》", start, end) or text.startswith("》", end))
        ):
            continue  # 《王者荣耀》: a work's whole title, a game or a book, no person or place
        if (
            kind in ("NAME", "LOCATION")
            and _HAN_CHAR.match(text, start)
            and lexicon().within_protected(text, start, start + 1)
        ):
            continue  # 格拉斯哥昏迷评分…县人民医院: a span that opens inside a clinical term
        if kind in ("NAME", "LOCATION"):  # 锦绣KTV|醉酒: the tagger ran on into a clinical term
            tail = lexicon().protected_tail(text, start, end)
            if tail is not None and _HAN_CHAR.match(text, tail):
                end = end if _is_identifier(text, kind, start, end) else tail
        shape = _ADDRESS_SHAPE.get(kind)
        if start >= end or (shape is not None and not shape.search(text[start:end])):
            continue
        pieces, cursor = [], start
        for f in findings:
            if f.start < end and cursor < f.end:
                pieces.append((cursor, f.start))
                cursor = max(cursor, f.end)
        pieces.append((cursor, end))
        pieces = [_strip(text, a, b) for a, b in pieces]
        overlapping = [f for f in findings if f.start < end and start < f.end]
        if overlapping and _grows(text, kind, start, end, overlapping, pieces):
            grown.append((Finding(kind, start, end), overlapping))
            continue
        # A kind of hospital right after a place found, inside the tagger's one place, is
        # that place's hospital (玄武湖 + 康复医院): it joins the place; after a city or a
        # province alone it names none (厦门 | 康复医院).
        added += [
            Finding(kind, a, b)
            for a, b in pieces
            if kind == "LOCATION"
            and is_kind_of_hospital(text[a:b])
            and any(
                f.kind == "LOCATION" and f.end == a and not _administrative(text[f.start : a])
                for f in findings
            )
        ]
        added += [
            Finding(kind, a, b)
            for a, b in pieces
            if ((a, b) == (start, end) or _addable(text, a, b))
            and len(_WORD.findall(text, a, b)) >= 2
            and not (kind == "LOCATION" and _SYMBOL.search(text, a, b))
            and not (kind in ("URL", "EMAIL") and not _ASCII_LETTER.search(text, a, b))
            and plausible(kind, text, a, b)
            and _is_identifier(text, kind, a, b)
        ]
    if grown:
        replaced = {id(f) for _, inside in grown for f in inside}
        findings = [f for f in findings if id(f) not in replaced] + [g for g, _ in grown]
        added = [a for a in added if not any(g.start < a.end and a.start < g.end for g, _ in grown)]
    return sorted([*findings, *added], key=lambda f: f.start) if added or grown else findings


def _addable(text: str, start: int, end: int) -> bool:
    """Whether a part of a tagged span outside the findings may be added to them: it has the
    form of `_PIECE`, is no everyday Chinese verb, is not 的 and what follows after a space
    (@小鹿 的分享) and not 的 and a kinship word (古丽米拉的妈妈)."""
    return (
        _PIECE.match(text, start, end) is not None
        and not common_chinese_verb(text[start:end])
        and not (text.startswith("的", start) and text[start - 1 : start].isspace())
        and not _OF_KIN.fullmatch(text, start, end)
    )


def _grows(
    text: str,
    kind: str,
    start: int,
    end: int,
    inside: list[Finding],
    pieces: list[tuple[int, int]],
) -> bool:
    """Whether the tagger's place or name from `start` to `end` replaces the findings
    `inside` it, which it holds whole and runs past (Melanoma Institute | Australia, Wong Ka |
    Ho; `pieces` are the parts it adds): a name only over names, and only when each part it
    adds could be added alone (a capital that is no title, Chinese that is no verb; not a
    sentence's end: Siân|. Here); a place over a place or ending in a facility's word (Dr Ho
    Family Practice), with no sentence's end inside, and not a kind of hospital after a city
    alone (福州 | 康复医院)."""
    if kind not in ("NAME", "LOCATION"):
        return False
    if not all(start <= f.start and f.end <= end for f in inside):
        return False
    if min(f.start for f in inside) == start and max(f.end for f in inside) == end:
        return False
    added = [(a, b) for a, b in pieces if a < b]
    if kind == "NAME":
        if not all(f.kind == "NAME" for f in inside) or not all(
            _addable(text, a, b) for a, b in added
        ):
            return False
    elif not (
        any(f.kind == "LOCATION" for f in inside) or _FACILITY.search(text, start, end)
    ) or _hospital_of_a_city(text, inside, end):
        return False
    if any(_SENTENCE_BREAK.search(text, a, b) for a, b in added):
        return False
    return plausible(kind, text, start, end) and _is_identifier(text, kind, start, end)


# A sentence's end inside a tagged span (Siân. Here): no one name or place runs over it.
_SENTENCE_BREAK = re.compile(r"[.!?。！？](?:\s|$)|[。！？]")


def _hospital_of_a_city(text: str, findings: list[Finding], end: int) -> bool:
    """Whether what follows the last of `findings` up to `end` is a kind of hospital after a
    city, county or province found alone (福州 | 康复医院: no hospital named)."""
    last = max(findings, key=lambda f: f.end)
    return (
        last.kind == "LOCATION"
        and is_kind_of_hospital(text[last.end : end].strip())
        and _administrative(text[last.start : last.end])
    )


def _administrative(place: str) -> bool:
    """A city, county or province named alone (厦门, 福州, 上海)."""
    lex = lexicon()
    return place in lex.zh_places or place in lex.zh_towns or place in lex.provinces


# 的 and a kinship word: whose relative, said after a name (古丽米拉|的妈妈).
_OF_KIN = re.compile(rf"的(?:{ZH_KIN_WORDS})")
# What a web or e-mail address the tagger reads must hold: a URL has no space in it; an e-mail
# address has an at sign, written or spelled out (艾特, (at), #).
_ADDRESS_SHAPE = {
    "URL": re.compile(r"^[^\s]+$"),
    "EMAIL": re.compile(r"[@＠#]|\bat\b|艾特|\(at\)|\[at\]|（at）"),
}


def _strip(text: str, start: int, end: int) -> tuple[int, int]:
    part = text[start:end]
    return start + len(part) - len(part.lstrip()), start + len(part.rstrip())


def redact_text(
    text: str, entities: list[Entity] | None = None, surrogates: Surrogates | None = None
) -> tuple[str, list[Finding]]:
    """`text` with every identifier replaced by its typed marker, or by a fake from
    `surrogates` when given, and the findings."""
    findings = find_identifiers(text, entities)
    return _replace(text, findings, surrogates), findings


def _replace(text: str, findings: list[Finding], surrogates: Surrogates | None) -> str:
    parts: list[str] = []
    cursor = 0
    for f in findings:
        original = text[f.start : f.end]
        fake = surrogates.replace(f.kind, original) if surrogates else MARKERS[f.kind]
        parts += [text[cursor : f.start], fake]
        cursor = f.end
    parts.append(text[cursor:])
    return "".join(parts)


def redact_threads(
    threads: Iterable[Thread], batch_size: int = 32, *, surrogates: bool = False
) -> Iterator[RedactionResult]:
    """`redact_thread` over a stream, with the English NER run on batches of threads."""
    iterator = iter(threads)
    while batch := list(islice(iterator, batch_size)):
        texts = [text for thread in batch for text in _texts(thread)]
        entities = iter(english_entities(texts))
        for thread in batch:
            found = [next(entities) for _ in _texts(thread)]
            yield _redact(thread, found, Surrogates() if surrogates else None)


def redact_thread(
    thread: Thread, *, surrogates: bool = False, rng: random.Random | None = None
) -> RedactionResult:
    """The thread with identifiers in its title and every message replaced by typed markers
    (or, with `surrogates`, by fakes consistent within the thread and dates shifted by one
    offset; `rng` seeds them), judged for the re-identification risk of what is left. The
    risk is judged on the marker version, so a fake never passes for a residual identifier."""
    chosen = Surrogates(rng) if surrogates else None
    return _redact(thread, english_entities(_texts(thread)), chosen)


def _texts(thread: Thread) -> list[str]:
    return [thread.title, *(m.text for m in thread.messages)]


def _with_texts(thread: Thread, texts: list[str]) -> Thread:
    title, *bodies = texts
    messages = [
        m.model_copy(update={"text": body}) for m, body in zip(thread.messages, bodies, strict=True)
    ]
    return thread.model_copy(update={"title": title, "messages": messages})


def _redact(
    thread: Thread, entities: list[list[Entity]], surrogates: Surrogates | None
) -> RedactionResult:
    counts: Counter[str] = Counter()
    marked, replaced = [], []
    for text, found_entities in zip(_texts(thread), entities, strict=True):
        found = find_identifiers(text, found_entities)
        counts.update(f.kind for f in found)
        marked.append(_replace(text, found, None))
        if surrogates is not None:
            replaced.append(_replace(text, found, surrogates))
    marked_thread = _with_texts(thread, marked)
    out = _with_texts(thread, replaced) if surrogates is not None else marked_thread
    return RedactionResult(
        thread=out, counts=dict(counts), risk=reidentification_risk(marked_thread)
    )
