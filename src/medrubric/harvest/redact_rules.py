"""Regular-expression rules for personal identifiers in English and Chinese.

Structured identifiers are matched by their format (e-mail, phone numbers, ID numbers with
their check digit, postcodes); names and places by context cues ("my name is", "I'm",
"my wife", "Dr.", "I live in", "X, OH", 我叫, 患者, 我女儿, 王先生, 住在) and by the gazetteers
of `redact_lexicon`. Rules prefer precision: the NER step (`redact_ner`) adds recall.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from medrubric.harvest.redact_lexicon import lexicon

_CN_ID_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
_CN_ID_CHECK = "10X98765432"


def valid_cn_resident_id(number: str) -> bool:
    """GB 11643 check digit of an 18-character PRC resident identity number."""
    if len(number) != 18 or not number[:17].isdigit():
        return False
    total = sum(int(d) * w for d, w in zip(number[:17], _CN_ID_WEIGHTS, strict=True))
    return _CN_ID_CHECK[total % 11] == number[17].upper()


@dataclass(frozen=True)
class Rule:
    """A pattern for one identifier kind; `group` is the part replaced (0 = whole match).

    `cues` and `min_digits` are cheap pre-checks that skip the regex on texts that cannot
    match (none of the cue strings in the lowercased text, or too few digits)."""

    kind: str
    pattern: re.Pattern[str]
    group: int = 0
    accept: Callable[[str], bool] | None = None
    cues: tuple[str, ...] = ()
    min_digits: int = 0

    def may_match(self, lowered: str, digits: int) -> bool:
        if digits < self.min_digits:
            return False
        return not self.cues or any(cue in lowered for cue in self.cues)


_CAP = r"(?:Mc|Mac|O['’])?[A-Z][a-z]+(?:-[A-Z][a-z]+)?"
_EN_NAME = rf"{_CAP}(?:\s+{_CAP}){{0,2}}"
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?"
_DATE = (
    rf"(?:\d{{1,2}}[/.-]\d{{1,2}}[/.-]\d{{2,4}}|\d{{4}}[/.-]\d{{1,2}}[/.-]\d{{1,2}}"
    rf"|{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}|\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH},?\s+\d{{4}}"
    r"|\d{4}年\d{1,2}月\d{1,2}[日号])"
)
_HAN = r"[\u4e00-\u9fff]"
_ZH_NAME_END = r"(?=[，,。.\s；;：:！!、）)]|今年|男|女|\d|$)"
_NOT_PLACE_WORD = (
    r"(?!(?:The|A|An|My|Our|This|That|Their|His|Her|Your|Local|Nearby|Private|Public|General"
    r"|Which|What|Any|Every|Some|Also|However|Yes|No|Hi|Hello|Hey|Thanks|So|Well|Now|Then|But"
    r"|And|Anyway|Currently|Recently|Today|Unfortunately|Otherwise|Sorry|Please|Doctor"
    r"|January|February|March|April|May|June|July|August|September|October|November|December"
    r"|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b)"
)
# Two-letter US state codes after "Town, ". Codes that are also clinical abbreviations or
# titles are left out: MD, PA, DO (titles), MI, MS, CO, ID, GA, LA, VA, IA, MA, ME, OR, IN, OK,
# HI, DE (infarction, sclerosis, anaesthesia, left atrium, visual acuity, ordinary words).
_STATE_CODES = (
    "AL|AK|AZ|AR|CA|CT|FL|IL|KS|KY|MN|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|RI|SC|SD|TN|TX|UT|VT"
    "|WA|WV|WI|WY"
)
_RELATIVES_EN = (
    r"wife|husband|partner|son|daughter|mother|father|mum|mom|dad|brother|sister|grandmother"
    r"|grandfather|grandma|grandpa|gran|nan|aunt|uncle|friend|boyfriend|girlfriend|fianc[ée]e?"
    r"|baby|niece|nephew|child|kid|twin|cousin|colleague|neighbou?r"
)
_ZH_CUES = (
    r"患者|患儿|病人|我是|我叫|名叫|叫做|叫|我的?(?:女儿|儿子|老公|丈夫|老婆|妻子|爱人|妈妈|母亲"
    r"|爸爸|父亲|爷爷|奶奶|外公|外婆|姥姥|姥爷|哥哥|姐姐|弟弟|妹妹|孩子|宝宝|朋友|同事|婆婆|公公"
    r"|岳母|岳父|侄子|侄女|孙子|孙女|男朋友|女朋友)|孩子的?(?:奶奶|爷爷|爸爸|妈妈|外婆|外公|姥姥)"
)
# Kinship words that start with a surname (孙女, 孙子, 外婆) and characters that start a symptom
# rather than a given name (黄疸, 周身痛): never a name after a cue.
_ZH_KIN = r"孙[女子]|外[孙婆公]"
_ZH_NOT_GIVEN = "女儿子孙疸疹痛病症炎癌瘤热咳喘吐泻晕痒肿身"
_ZH_HOSPITAL = r"医院|卫生院|保健院|医学中心|卫生服务中心|诊所"
# Characters that end a run of place-name characters before 医院 (so that 北京的医生建议我去医院
# stays a sentence, not a hospital).
_ZH_NOT_IN_NAME = r"的了是在去到和与我你他她说要做看查住诊治就后前"


def _words(names: tuple[str, ...] | list[str]) -> str:
    return "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))


@lru_cache(maxsize=1)
def rules() -> tuple[Rule, ...]:
    """All rules in priority order (earlier rules win overlapping spans of equal start)."""
    return structured_rules() + name_rules() + place_rules()


def structured_rules() -> tuple[Rule, ...]:
    c = re.compile
    return (
        Rule("EMAIL", c(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"), cues=("@",)),
        Rule(
            "ID",
            c(r"(?<![\dA-Za-z])\d{17}[\dXx](?![\dA-Za-z])"),
            accept=valid_cn_resident_id,
            min_digits=17,
        ),
        Rule(
            "ID",
            c(r"(?<![\d-])(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?![\d-])"),
            cues=("-",),
            min_digits=9,
        ),
        Rule(
            "ID",
            c(
                r"(?i:\b(?:MRN|medical record (?:number|no\.?)|patient id|hospital (?:number|no\.?)"
                r"|passport (?:number|no\.?)|NHS (?:number|no\.?)|ID number"
                r"|(?:member|policy|account|insurance|claim|case|reference) (?:ID|number|no\.?))"
                r"|病历号|住院号|病案号|门诊号|就诊卡号|身份证号?|医保卡号)"
                r"(?:\s+(?:is|was))?[\s:：#是为]*([A-Za-z]{0,4}-?\d[\dA-Za-z-]{3,19})"
            ),
            group=1,
            cues=("mrn", "record", "id", "hospital", "passport", "nhs", "number", "no", "号"),
            min_digits=1,
        ),
        Rule(
            "ID",
            c(
                r"(?i:微信号?|wechat(?:\s*id)?|weixin|vx|v信|威信|薇信)(?:号|id)?[\s:：是为]*"
                r"([A-Za-z][-_A-Za-z0-9]{5,19})"
            ),
            group=1,
            cues=("微信", "wechat", "weixin", "vx", "v信", "威信", "薇信"),
        ),
        Rule(
            "ID",
            c(r"(?<![A-Za-z])(?i:QQ|扣扣)(?:号码?)?[\s:：是为]*(\d{5,11})(?!\d)"),
            group=1,
            cues=("qq", "扣扣"),
            min_digits=5,
        ),
        Rule(
            "PHONE",
            c(r"(?<![\d+])(?:\+?86[\s-]?)?1[3-9]\d[\s-]?\d{4}[\s-]?\d{4}(?!\d)"),
            min_digits=11,
        ),
        Rule("PHONE", c(r"(?<![\d-])0\d{2,3}-\d{7,8}(?![\d-])"), cues=("-",), min_digits=10),
        Rule(
            "PHONE",
            c(r"(?<![\w+])(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}(?![\d-])"),
            min_digits=10,
        ),
        Rule(
            "PHONE",
            c(r"(?<![\w+])\+\d{1,3}[\s.-]?\d{2,5}(?:[\s.-]?\d{2,5}){1,4}(?!\d)"),
            cues=("+",),
            min_digits=7,
        ),
        # A bare North American number (area code and exchange never start with 0 or 1).
        Rule("PHONE", c(r"(?<![\d.,+-])[2-9]\d{2}[2-9]\d{6}(?!\d|[.,]\d)"), min_digits=10),
        # A UK number: 11 digits from a leading 0, in the usual groupings.
        Rule(
            "PHONE",
            c(r"(?<![\d+.-])0(?:\d{4}\s?\d{6}|\d{3}\s\d{3}\s\d{4})(?!\d|[.,]\d)"),
            min_digits=11,
        ),
        Rule(
            "PHONE",
            c(
                r"(?i:\b(?:phone|tel|mobile|cell|whatsapp)\b|电话|手机|联系方式|微信)"
                r"[\s:：是为号码]*(\d[\d\s-]{5,16}\d)"
            ),
            group=1,
            cues=("phone", "tel", "mobile", "cell", "whatsapp", "电话", "手机", "联系方式", "微信"),
            min_digits=7,
        ),
        Rule(
            "DOB",
            c(
                rf"(?i:date of birth|\bDOB\b|D\.O\.B\.|\bborn on\b|\bborn\b|birthday is|birth date)"
                rf"[\s:：,]*(?:the\s+|on\s+)?({_DATE})"
            ),
            group=1,
            cues=("birth", "dob", "d.o.b", "born"),
            min_digits=4,
        ),
        Rule(
            "DOB",
            c(rf"(?:出生日期|出生于|生于|出生在|生日(?:是)?)[\s:：为是]*({_DATE})"),
            group=1,
            cues=("出生", "生于", "生日"),
        ),
        Rule("DOB", c(rf"({_DATE})(?:出生|生人)"), group=1, cues=("出生", "生人")),
    )


def name_rules() -> tuple[Rule, ...]:
    lex = lexicon()
    given = _words(sorted(lex.given_names))
    surnames = _words(lex.zh_surnames)
    ambiguous = _words(lex.zh_surnames_ambiguous)
    chars = lex.zh_given_chars
    honorific = r"先生|女士|小姐|医生|大夫|主任|教授|护士|老师|阿姨|叔叔"
    c = re.compile
    return (
        Rule(
            "NAME",
            c(
                r"(?i:\bmy name is|\bmy name's|\bI am called|\bI'm called|\bname\s*:)"
                rf"\s+({_EN_NAME})"
            ),
            group=1,
            cues=("name", "called"),
        ),
        Rule(
            "NAME",
            c(rf"\b(?:Dr|Mr|Mrs|Ms|Miss|Prof|Doctor)\.?\s+({_EN_NAME})"),
            group=1,
            cues=("dr", "mr", "ms", "miss", "prof", "doctor"),
        ),
        # "Hi, I'm Mary Hollis": after a greeting any capitalised name is a name.
        Rule(
            "NAME",
            c(
                r"(?i:\b(?:hi|hello|hey|dear all)\b(?:\s+(?:all|everyone|there|doctors?))?[,!.]?"
                rf"\s+(?:I'm|I’m|I am|this is|it's|it is|my name's))\s+({_EN_NAME})"
            ),
            group=1,
            cues=("hi", "hello", "hey", "dear"),
        ),
        # "I am Robert Jones", "this is Angela", "my son Ethan Walsh", "Priya Raman here":
        # a common given name after a self-introduction or a relative, or before "here".
        Rule(
            "NAME",
            c(
                rf"(?:\b(?:I'm|I’m|I am|[Tt]his is|[Ii]t's)|\b[Mm]y\s+(?:{_RELATIVES_EN}),?)"
                rf"\s+((?:{given})(?:\s+{_CAP}){{0,2}})\b"
            ),
            group=1,
            cues=("i'm", "i’m", "i am", "this is", "it's", "my "),
        ),
        Rule(
            "NAME", c(rf"\b((?:{given})(?:\s+{_CAP}){{0,2}}),?\s+here\b"), group=1, cues=("here",)
        ),
        # A common given name and a capitalised word: Grace Liu, Brian Kessler.
        Rule("NAME", c(rf"\b(?:{given})\s+{_CAP}\b")),
        Rule(
            "NAME",
            c(
                r"(?m)^(?:Regards|Thanks|Thank you|Sincerely|Best|Cheers|Best wishes),?\s*\n"
                rf"\s*({_EN_NAME})\s*$"
            ),
            group=1,
            cues=("regards", "thank", "sincerely", "best", "cheers"),
        ),
        Rule(
            "NAME",
            c(
                r"(?:我叫|我的名字是|本人姓名|患者姓名|姓名|联系人)[\s:：是为]*"
                rf"(?![了过着的个])({_HAN}{{2,4}}){_ZH_NAME_END}"
            ),
            group=1,
            cues=("我叫", "名字", "姓名", "联系人"),
        ),
        # 患者王芳, 我是赵磊, 我女儿周婷婷: a surname and one or two given-name characters
        # (or any one character when the name clearly ends there).
        Rule(
            "NAME",
            c(
                rf"(?:{_ZH_CUES})(?!{_ZH_KIN})((?:{surnames})"
                rf"(?:[{chars}]{{1,2}}|(?![{_ZH_NOT_GIVEN}]){_HAN}{{1,2}}{_ZH_NAME_END})"
                rf"|(?:{ambiguous})[{chars}]{{1,2}})"
            ),
            group=1,
            cues=("患", "病人", "我", "叫", "孩子"),
        ),
        Rule(
            "NAME",
            c(rf"(?<!谢)(?:小|老)?({surnames})(?:{honorific})"),
            group=1,
            cues=tuple(honorific.split("|")),
        ),
    )


def place_rules() -> tuple[Rule, ...]:
    lex = lexicon()
    en_places = _words(lex.en_places + lex.us_states)
    zh_places = _words(lex.zh_places)
    states = _words(lex.us_states)
    c = re.compile
    return (
        Rule(
            "LOCATION",
            c(
                r"\b\d{1,5}[A-Za-z]?\s+(?:[A-Z][a-z]+\s+){1,3}"
                r"(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Way|Court|Ct|Place"
                r"|Grove|Close|Crescent|Terrace|Gardens|Row|Square|Mews|Parkway|Highway|Hwy"
                r"|Circle|Trail|Walk|Hill)\b\.?"
            ),
            min_digits=1,
        ),
        Rule(
            "LOCATION",
            c(
                rf"\b{_NOT_PLACE_WORD}(?:[A-Z][a-z]+\s+){{1,3}}(?:Street|Avenue|Road|Boulevard|Lane"
                r"|Drive|Close|Crescent|Terrace|Grove|Gardens|Square|Mews|Parkway)\b"
            ),
            cues=(
                "street",
                "avenue",
                "road",
                "boulevard",
                "lane",
                "drive",
                "close",
                "crescent",
                "terrace",
                "grove",
                "gardens",
                "square",
                "mews",
                "parkway",
            ),
        ),
        # UK postcode (NW1 6XE, M14 5RT), with the town before it.
        Rule("LOCATION", c(r"\b[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b"), min_digits=2),
        Rule(
            "LOCATION",
            c(
                rf"\b{_NOT_PLACE_WORD}([A-Z][a-z]+(?:\s[A-Z][a-z]+)?),?\s+[A-Z]{{1,2}}\d[A-Z\d]?\s?\d[A-Z]{{2}}\b"
            ),
            group=1,
            min_digits=2,
        ),
        # US ZIP code after a state, and any postcode after its label.
        Rule(
            "LOCATION",
            c(rf"\b(?:{states}|{_STATE_CODES})\s+(\d{{5}}(?:-\d{{4}})?)\b"),
            group=1,
            min_digits=5,
        ),
        Rule(
            "LOCATION",
            c(
                r"(?i:zip(?:\s*code)?|post\s?code|postal code|邮编)[\s:：是为]*"
                r"([A-Z\d][A-Z\d -]{3,8}[A-Z\d])"
            ),
            group=1,
            cues=("zip", "post", "邮编"),
        ),
        # "Chillicothe, Ohio", "Austin, TX": a town before a state.
        Rule(
            "LOCATION",
            c(
                rf"\b{_NOT_PLACE_WORD}((?:[A-Z][a-z]+\s){{0,2}}[A-Z][a-z]+),\s+"
                rf"(?:{states}|(?:{_STATE_CODES})\b(?!['’]|\s*-?\d))"
            ),
            group=1,
        ),
        Rule(
            "LOCATION",
            c(rf"\b{_NOT_PLACE_WORD}[A-Z][a-z]+,\s+({_STATE_CODES})\b(?!['’]|\s*-?\d)"),
            group=1,
        ),
        Rule("LOCATION", c(r"\bCounty\s+[A-Z][a-z]+"), cues=("county",)),
        Rule(
            "LOCATION",
            c(
                rf"\b{_NOT_PLACE_WORD}(?:(?:St\.?|Saint)\s+)?(?:[A-Z][a-z'’]+\s+){{1,4}}"
                r"(?:Hospital|Medical Cent(?:er|re)|Clinic|Infirmary|Health Cent(?:er|re))"
                rf"(?:\s+of\s+{_EN_NAME})?"
            ),
            cues=("hospital", "medical cent", "clinic", "infirmary", "health cent"),
        ),
        Rule(
            "LOCATION",
            c(
                r"(?i:\bI live in|\bI'm from|\bI am from|\bliving in|\bbased in|\bresident of"
                r"|\bborn in|\blive near|\blives in|\bmoved to|\bposting from|\bwriting from"
                r"|\bhere from|\bgrew up in|\b(?:town|village|city) called|\btown of|\bvillage of"
                r"|\bwe're in|\bwe are in|\bI'm in|\bI am in|\bnurse in)"
                rf"\s+{_NOT_PLACE_WORD}({_EN_NAME})"
            ),
            group=1,
            cues=(
                "live",
                "from",
                "based",
                "resident",
                "born",
                "moved",
                "grew",
                "called",
                "town",
                "village",
                " in",
            ),
        ),
        Rule("LOCATION", c(rf"\b(?:{en_places})\b")),
        Rule(
            "LOCATION",
            c(
                rf"(?:{zh_places})(?:省|市|自治区)?(?:{_HAN}{{1,5}}?(?:区|县|市))?"
                rf"(?:[^\W{_ZH_NOT_IN_NAME}]{{0,12}}?(?:{_ZH_HOSPITAL}|路\d*号?|街\d*号?|大道|小区))?"
            ),
        ),
        Rule(
            "LOCATION",
            c(
                rf"[^\W\d{_ZH_NOT_IN_NAME}]{{2,6}}(?:大学|医科大学|医学院)"
                rf"[^\W{_ZH_NOT_IN_NAME}]{{0,12}}?(?:{_ZH_HOSPITAL})"
            ),
            cues=("大学", "医学院"),
        ),
        Rule(
            "LOCATION",
            c(
                r"(?:[省市县区]|第[一二三四五六七八九十\d]+)?"
                r"(?:人民医院|中心医院|附属医院|中医院|妇幼保健院|儿童医院|协和医院|华西医院|湘雅医院"
                r"|瑞金医院|华山医院|中山医院|同济医院|齐鲁医院)"
            ),
            cues=("医院", "保健院"),
        ),
        Rule(
            "LOCATION",
            c(r"(?:住在|住址|地址|家住|家在)[\s:：是为]*([^\s，,。；;！!]{2,30})"),
            group=1,
            cues=("住", "地址", "家在"),
        ),
    )
