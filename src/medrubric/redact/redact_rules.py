"""Regular-expression rules for personal identifiers in English and Chinese.

Structured identifiers are matched by their format (e-mail, phone numbers, ID numbers with
their check digit, postcodes); names and places by context cues ("my name is", "I'm",
"my wife", "Dr.", "I live in", "X, OH", 我叫, 患者, 我女儿, 王先生, 住在) and by the gazetteers
of `redact_lexicon`. Rules prefer precision: the NER step (`redact_ner`) adds recall.
"""

from __future__ import annotations

import calendar
import ipaddress
import itertools
import operator
import re
import re._constants as _sre
import re._parser as _sre_parser
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import cast

from medrubric.redact.redact_lexicon import (
    is_medical_term,
    lexicon,
    names_before_disease_word,
    trie,
    unaccent,
    word_lines,
)
from medrubric.redact.redact_ner import chinese_tagger

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
    match (none of the cue strings in the lowercased text, or too few digits; see
    `admitted_rules`); a rule without cues gets those its pattern implies (`cues_implied`).
    With `known`, the matched run of words is cut to its longest leading part that is in
    `known` (a gazetteer too large for one regex), and dropped when none is."""

    kind: str
    pattern: re.Pattern[str]
    group: int = 0
    accept: Callable[[str], bool] | None = None
    cues: tuple[str, ...] = ()
    # Like `accept`, for a rule that must read the text around its match: (text, start, end).
    accept_at: Callable[[str, int, int], bool] | None = None
    min_digits: int = 0
    known: frozenset[str] | None = field(default=None, repr=False)
    # `pattern`, searched faster: see `scanning`.
    scan: re.Pattern[str] = field(init=False, repr=False, compare=False)
    # Whether the pattern names no character of the scripts written without spaces, so that
    # it is searched in the text's `spaced` reading (its word boundaries hold next to them).
    spaced: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "scan", scanning(self.pattern))
        object.__setattr__(self, "spaced", not names_unspaced(self.pattern))

    def spans(self, text: str, spaced_text: str | None = None) -> list[tuple[int, int]]:
        """(start, end) of every accepted match in `text`. Most texts have none, found by
        one search; the matches are then read from the first on. A rule that is `spaced`
        searches `spaced_text` (`spaced(text)`, given by a caller that reads many rules)
        and checks what it finds against `text`."""
        searched = text
        if self.spaced:
            searched = spaced(text) if spaced_text is None else spaced_text
        first = self.scan.search(searched)
        if first is None:
            return []
        found = []
        for match in self.scan.finditer(searched, first.start()):
            start, end = match.span(self.group)
            if start == end:
                continue
            if self.known is not None:
                known = _longest_known(text, start, end, self.known)
                if known is None:
                    continue
                end = known
            if self.accept and not self.accept(text[start:end]):
                continue
            if self.accept_at and not self.accept_at(text, start, end):
                continue
            found.append((start, end))
        return found


# The kind of the rules for forum and social-media user names: they report a NAME (the
# labelling rules: a handle is the name a person goes by; chat-app ids such as WeChat and QQ
# stay ID) but skip the checks a NAME from a name rule gets (a handle may be a common word,
# 晨曦, 老猫不吃鱼, or a drug name).
HANDLE = "HANDLE"

_WORD_BREAK = re.compile(r"[\s-]")


def _longest_known(text: str, start: int, end: int, known: frozenset[str]) -> int | None:
    """The end of the longest run of words from `start` (up to `end`) that is in `known`."""
    ends = [m.start() for m in _WORD_BREAK.finditer(text, start, end)] + [end]
    for stop in reversed(ends):
        if text[start:stop] in known:
            return stop
    return None


# Latin-1 and Latin Extended-A letters (Zielińska, Ōpōtiki, Łukasz), for every name pattern.
UPPER_LETTERS = "A-ZÀ-ÖØ-Þ" + "".join(ch for ch in map(chr, range(0x100, 0x180)) if ch.isupper())
LOWER_LETTERS = "a-zß-öø-ÿ" + "".join(ch for ch in map(chr, range(0x100, 0x180)) if ch.islower())
_CAP = (
    rf"(?:Mc|Mac|O['’])?[{UPPER_LETTERS}][{LOWER_LETTERS}]+"
    rf"(?:-[{UPPER_LETTERS}][{LOWER_LETTERS}]+)?"
)
# The words of a name one space apart: a form's next field after two spaces or more is no
# part of it (Name: Arjun Patil   Age: 4y 2m).
_EN_NAME = rf"{_CAP}(?:[ \t]{_CAP}){{0,2}}"
# Reddit's user prefix (u/name), not a unit after a number (38 U/mL, 0.85 u/hr).
_REDDIT_U = r"(?<!\d )(?<!\d)\bu/"
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?"
_DATE = (
    rf"(?:\d{{1,2}}[/.-]\d{{1,2}}[/.-]\d{{2,4}}|\d{{4}}[/.-]\d{{1,2}}[/.-]\d{{1,2}}"
    rf"|{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}|\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH},?\s+\d{{4}}"
    r"|\d{4}年\d{1,2}月\d{1,2}[日号])"
)
_HAN = r"[\u4e00-\u9fff]"
_ZH_NAME_END = (
    r"(?=[，,。.\s；;：:！!、）)】]|今年|男|女|\d|[一二三四五六七八九]十|$|上周|住|一直|的|得|和|跟|术后|吃|是|在|因|去|也|阿姨|叔叔|奶奶|爷爷|大夫|医生|老师"
    r"|从|说|患|确诊|做|查|出现|被|刚|已|有|今天|昨天|最近|突然|那天|都|敬上|拜上|喺|係)"
)
_NOT_PLACE_WORD = (
    r"(?!(?:The|A|An|My|Our|This|That|Their|His|Her|Your|Local|Nearby|Private|Public|General"
    r"|Which|What|Any|Every|Some|Also|However|Yes|No|Hi|Hello|Hey|Thanks|So|Well|Now|Then|But"
    r"|Postcode|Postal|Zip|Code|Area|Suburb|Town|City"
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
    r"|grandfather|grandma|grandpa|grandad|granddad|granny|nana|gran|nan|aunt|auntie|uncle"
    r"|stepson|stepdaughter|stepmum|stepmom|stepdad|stepfather|stepmother|carer|flatmate"
    r"|friend|boyfriend|girlfriend|fianc[ée]e?|bf|gf|hubby|bestie|mate|best mate|other half"
    r"|aunty|lad|lass"
    r"|baby|niece|nephew|child|kid|twin|cousin|colleague|neighbou?r"
    # grandparents in Māori and in Hokkien or Cantonese said in English (Nonno, Babcia, Lola
    # are labelled as the names the family calls them by)
    r"|koro|kuia|ah ma|ah gong|ah kong|ah po"
    # and in Tamil, Telugu, Hindi, Urdu and Bengali
    r"|amma|appa|ammi|abbu|dadi|nani|didi|bhaiya|bhai|bhabhi|chacha|mausi"
    # and in Cajun and Southern US English
    r"|paw-?paw|maw-?maw|papaw|mamaw|pépère|mémère"
)
_KIN_ADJ = (
    r"late|little|older|younger|eldest|youngest|oldest|big|baby|twin|step|dear|elderly|beloved"
    r"|lovely|poor|darling|great|new|best|old"
)
_RELATIVES_PLURAL = (
    r"kids|children|sons|daughters|sisters|brothers|parents|twins|grandkids|grandchildren"
    r"|grandparents|both kids|both boys|both girls|aunts|uncles|cousins|both"
)
_SIGN_OFF = (
    r"cheers|thanks|thank you|thanks again|many thanks|regards|kind regards|warm regards"
    r"|best regards|best|best wishes|love|lots of love|take care|sincerely|yours|all the best"
    r"|bless|hugs|xx"
)


def _plausible_name(value: str) -> bool:
    """A capitalised run after a name cue is a name unless it starts with a function word,
    a title, a month or day, a drug name or an eponym."""
    first = value.split()[0]
    lex = lexicon()
    return first not in lex.not_names and not lex.is_drug_name(first) and not lex.is_eponym(first)


def _person_name(value: str) -> bool:
    """`_plausible_name`, or a given name that is an everyday word (Hope, Will, June): for
    the cues that say a person follows whatever the word is (a relative, a role, a
    greeting, a sign-off: "my daughter Hope", "Thanks, Faith")."""
    return value.split()[0] in lexicon().everyday_given or _plausible_name(value)


# The last word of a sign-off that signs with a role, not a name (Consultant Transplant
# Nephrologist, Transplant Coordinator, Renal Dietitian).
_ROLE_LAST_WORD = re.compile(
    r"(?:[a-z]+(?:ologist|ician|iatrist|therapist|ist)|Nurse|Coordinator|Co-ordinator|Dietitian"
    r"|Dietician|Surgeon|Registrar|Consultant|Midwife|Secretary|Administrator|Manager|Team"
    r"|Service|Department|Clinic|Unit|Office|Officer|Practitioner|Sister|Matron|Pharmacist)"
)


def _signed_name(value: str) -> bool:
    """`_person_name`, unless the sign-off is a role of more than one word ending in a job's
    word (Consultant Transplant Nephrologist)."""
    words = value.split()
    return _person_name(value) and not (
        len(words) > 1 and _ROLE_LAST_WORD.fullmatch(words[-1]) is not None
    )


# Months that are given names (April, May, June): a name only after a relative, a role, a
# title or a greeting, never from a position alone ("since June", "June's clinic").
_MONTH_NAMES = frozenset(("April", "May", "June"))


def _everyday_given(value: str) -> bool:
    """A given name that is an everyday word, a month among them (Hope, June)."""
    return value in lexicon().everyday_given


def everyday_name(value: str) -> bool:
    """A given name that is an everyday word and no month (Hope, Will, Grace)."""
    return value in lexicon().everyday_given and value not in _MONTH_NAMES


def _user_name(value: str) -> bool:
    """A word that can be a user name: no acronym (GP, OP) and no everyday English word."""
    return not value.isupper() and value.lower() not in lexicon().en_common_words


def _given_first(value: str) -> bool:
    """The first word is a gazetteer given name (frequency rank <= 400 or hand-listed)."""
    first = value.split()[0]
    lex = lexicon()
    return first not in lex.not_names and lex.is_given(first, 400)


def _introduced(value: str) -> bool:
    """After a self-introduction or before "here": a gazetteer given name, or a given name
    that is an everyday word and no month ("Hope here", "I'm Faith"; not "It's June")."""
    return _given_first(value) or everyday_name(value)


ZH_KIN_WORDS = (
    r"女儿|儿子|老公|丈夫|老婆|妻子|爱人|妈妈|母亲|爸爸|父亲|爷爷|奶奶|外公|外婆|姥姥|姥爷|哥哥"
    r"|姐姐|弟弟|妹妹|孩子|宝宝|朋友|同事|婆婆|公公|岳母|岳父|侄子|侄女|孙子|孙女|男朋友|女朋友"
    r"|舅舅|舅妈|姑姑|姑父|姨妈|小姨|大姨|姨夫|表哥|表姐|表弟|表妹|堂哥|堂姐|大伯|伯伯|叔叔|婶婶"
    r"|嫂子|姐夫|妹夫|外甥|闺女|媳妇|老爸|老妈|我爸|我妈|亲家|我姐|我哥|我弟|我妹"
    r"|阿嬤|阿嬷|阿嫲|阿公|阿爺|阿爷|阿媽|阿爸|老豆|老竇|老母"
    # …a wife's word and the traditional forms (佢太太May, 我女兒…)
    r"|太太|女兒|兒子|媽媽|爺爺|孫子|孫女|媳婦|舅媽|姨媽|嬸嬸|親家"
)
_ZH_MINORITY_CUES = ("患", "病人", "我", "叫", "孩子", "家", "俺", "（", "(")
_ZH_KIN_CUES = tuple(ZH_KIN_WORDS.split("|"))
# 患者王芳, 我女儿周婷婷, 小姨许海燕, 家里表哥叫于建国, 孩子奶奶陈桂兰.
_ZH_CUES = (
    r"患者|患儿|病人|我是|我叫|名叫|叫做|叫|(?:我的?|家里|我家|俺)?(?:"
    + ZH_KIN_WORDS
    + r")(?:叫|名叫)?"
    r"|孩子的?(?:奶奶|爷爷|爸爸|妈妈|外婆|外公|姥姥)"
)
# Kinship words that start with a surname (孙女, 孙子, 外婆) and characters that start a symptom
# rather than a given name (黄疸, 周身痛): never a name after a cue.
_ZH_KIN = r"孙[女子]|外[孙婆公]"
# Characters of Tibetan, Uyghur and Kazakh names written in Chinese.
_TRANSLIT = (
    "阿艾爱依伊衣力丽莉夏提古米拉买尔江汗罕娜孜克木吾热尼"
    "扎西次仁卓玛格桑达顿珠多吉旺姆曲央宗巴普布索朗白洛强帕迪努赛麦合曼甫牙库亚"
)
_ZH_NOT_GIVEN = "女儿子孙疸疹痛病症炎癌瘤热咳喘吐泻晕痒肿身"
# Words after which a person is addressed or named: thanks, roles, a recipient.
_ZH_ADDRESS_CUE = (
    r"谢谢|感谢|多谢|请教|问问|麻烦|拜托|群里的|管理员|群主|造口师|护士|护工|收件人|联系|找"
    r"|和|跟|、"
)
_ZH_ADDRESS = r"大哥|大姐|大叔|大爷|阿姨|老师|你好|您好|哥[，,！!]|姐[，,！!]"
# A kinship word with a suffix of address that is no name: 表姐, 大姐, 师姐, 空姐, 老哥.
_ZH_NOT_ADDRESSED = frozenset("表堂大二三四五六七老师学空亲干嫂姐哥小阿")
# Characters of Western names transliterated into Chinese (马克, 史密斯, 玛丽亚).
_XLIT = (
    "阿埃艾安奥巴贝本比波伯布查达戴丹德迪蒂杜多恩法菲费夫福盖格古哈海汉赫亨华霍基吉加杰金卡凯"
    "坎康柯科克肯库拉莱兰劳勒雷里利莉丽林琳隆卢鲁路伦罗洛马玛麦曼梅蒙米密莫姆穆纳娜南尼妮纽诺"
    "欧帕佩皮珀普齐奇恰乔切琴让瑞若萨塞桑瑟森沙尚舍史斯松苏索塔泰汤唐特提汀托瓦万威韦维温沃乌"
    "伍西希夏谢辛休雅亚扬耶伊因英尤约詹珍朱卓兹彼得保"
)
# A companion's, a driver's or a guide's word (同伴小莫, 当地司机Sefo).
_ZH_COMPANION = (
    "同伴|队友|隊友|司机|司機|导游|導遊|领队|領隊|教练|教練|船长|船長|向导|向導|驴友|驢友"
)
# Words for a person before a Latin name in Chinese text (邻居Delroy, 客户Khalid).
_ZH_PERSON_WORD = (
    r"邻居|客户|朋友|同事|老公|老婆|丈夫|妻子|爱人|病友|室友|同学|老板|男友|女友|男朋友|女朋友"
    r"|外籍|房东|老外|医生|大夫|护士|" + _ZH_COMPANION
)


def _user_name_shaped(value: str) -> bool:
    """A user name's shape that is no brand, drug or company (GlaxoSmithKline), no file or
    Latin abbreviation (e.g.) and no unit."""
    alpha = re.sub(r"[\d_.]+", " ", value).split()
    lex = lexicon()
    return (
        value.lower() not in ("e.g", "i.e", "a.m", "p.m", "etc")
        and not lex.is_drug_name(value)
        and not any(lex.is_drug_name(word) for word in alpha)
        and not is_medical_term(value)
    )


def _zh_handle(value: str) -> bool:
    """What stands in a handle's position is a handle unless it is a pronoun, a group, a
    role or a short name with a title (李医生; 夜猫子护士 is a handle), a kinship word or a
    number alone."""
    return (
        _ZH_NOT_HANDLE.search(value) is None
        and re.fullmatch(ZH_KIN_WORDS, value) is None
        and not value.isdigit()
        and re.search(r"[\u4e00-\u9fffA-Za-z]", value) is not None
    )


def _handle_shaped(value: str) -> bool:
    """A user name's shape: a digit, an underscore or a capital inside a word (HuwTheVet)."""
    return re.search(r"[_\d]|[a-z][A-Z]", value) is not None


def _zh_addressed(value: str) -> bool:
    """A name with a suffix of address (琴姐, 小蝶姐, 向大姐), not a kinship word (表姐, 大姐)."""
    core = value.rstrip("姐哥叔姨").removesuffix("大")
    if not core or (len(core) == 1 and core in _ZH_NOT_ADDRESSED):
        return False
    if re.match(_ZH_ADDRESS_CUE, core) or re.search(f"[{_ZH_NOT_IN_NAME}]", core):
        return False
    return not is_kinship_word(value) and core not in _ZH_KIN_CUES


def _signed_handle(value: str) -> bool:
    """A handle signing off holds a Chinese character and does not start with a digit (the
    second date of a range, 1月3日—1月17日化疗, is no signature)."""
    return _zh_handle(value) and re.search(_HAN, value) is not None and not value[0].isdigit()


def _zh_nick(tag: str) -> str:
    """A pet name: 阿宁, a doubled character (莫莫) or 小 and one character (named group `tag`)."""
    return (
        rf"阿(?![{_ZH_NOT_AFTER_A}]){_HAN}|(?P<{tag}>[^\W\d{_ZH_NOT_DOUBLED}])(?P={tag})"
        rf"|小(?![{_ZH_NOT_AFTER_XIAO}]){_HAN}"
    )


_ZH_HOSPITAL = r"医院|卫生院|保健院|医学中心|卫生服务中心|诊所|醫院|衛生院|醫學中心|診所"
# A numbered compound after a street number (团结湖北路9号院), not a hospital's campus or head.
_ZH_COMPOUND = r"(?:院(?![区區长長士系内外办辦]))?"
# Homes for the old and the frail (颐乐园养老院, 西湖区福利院), named like hospitals.
_ZH_CARE_HOME = r"养老院|養老院|敬老院|护理院|護理院|福利院|护老院|護老院|安老院"
# Characters that end a run of place-name characters before 医院 (so that 北京的医生建议我去医院
# stays a sentence, not a hospital).
# What a name field holds when it names no one (姓名不详, 联系人：未知, 户主：保密).
_ZH_PLACE_NOT_NAME = ("医院", "醫院", "卫生院", "衛生院", "诊所", "診所", "中心", "门诊", "門診")
_ZH_NAME_WITHHELD = r"(?:不详|未知|不明|保密|匿名|暂无|无名|待定|空缺)(?![\u4e00-\u9fff])"
_ZH_NOT_IN_NAME = r"的了是在去到和与我你他她说要做看查住诊治就后前这那没有好边里很太也都嘅咗"
# A forum handle's text: up to twelve characters with no space or punctuation.
_ZH_HANDLE_TEXT = r"[^\s：:，,。！!？?；;、「」“”\"（）()【】\[\]<>《》—~]{2,12}?"
# Words a handle position may hold that name no one: pronouns, groups, roles and titles.
_ZH_NOT_HANDLE = re.compile(
    r"^(?:我|你|您|他|她|它|大家|各位|我们|你们|他们|她们|有人|网友|病友|群友|家属|朋友|楼主|版主|管理员"
    r"|医生|大夫|护士|主任|老师|教授|专家|前辈|姐妹|宝妈|亲|谢谢|感谢|以上|完|未完待续|原文|本帖)"
    r"|^.{0,2}(?:医生|大夫|护士|主任|老师|教授|专家|护士长|医护|人员|们)$"
    # …or a whole team signing (——安宁病房全体医护, ——心内科护理团队)
    r"|全体|全體|团队$|團隊$"
)
# Doubled characters that are words, not pet names (天天, 慢慢, 宝宝, 妈妈).
_ZH_DOUBLED_WORDS = frozenset(
    re.findall(
        "..",
        "天天常常慢慢偷偷好好刚刚渐渐悄悄乖乖稍稍默默往往仅仅人人处处"
        "样样哈哈呵呵嘿嘿嘻嘻谢谢宝宝妈妈爸爸哥哥姐姐弟弟妹妹爷爷奶奶"
        "姥姥婆婆公公叔叔舅舅姑姑伯伯婶婶太太星星点点个个年年月月日日"
        "夜夜时时刻刻久久多多少少大大小小早早晚晚紧紧轻轻静静快快高高"
        "长长白白满满足足整整明明统统通通纷纷连连频频屡屡次次回回隐隐"
        "微微",
    )
)


_ID_CUES_EN = (
    # NHS 111 is the helpline, not a number of the NHS's.
    r"MRN|HRN|medical record|patient (?:id|number|no)|hospital (?:number|no)|passport"
    r"|NHS(?! 111(?!\d))"
    r"|NI|NINO"
    r"|national insurance|Medicare|Medicaid|health card|health insurance|health plan|OHIP|PPSN?"
    r"|Aadhaar|SSN|social security|(?:driving |driver'?s )?licen[cs]e|serial|S/N|SN|device"
    r"|implant|cabin|badge|payroll|member(?:ship)?|policy|account|acct|insurance|claim|case"
    r"|reference|ref"
    r"|certificate|registration|reg|plate|VIN|beneficiary|ID|URN|CHI|IHI|PIN|sort code"
    r"|RAMQ|MSP|PhilHealth|NRIC|Carte Vitale|medical aid|medical scheme|token|QID|Iqama"
    r"|Emirates ID|Adm\.?\s*No|admission|post\s*#|order\s*#|ticket|tracking"
    r"|key ?safe|lock ?box|key code|door code|gate code|access code|MCRN|GMC|NMC|AHPRA|NPI|HCPC"
)
_ID_CUES_ZH = (
    r"病历号|住院号|病案号|门诊号|就诊卡号?|身份证号?|医保卡号?|医保号|社保卡号?|护照号?|序列号"
    r"|舱号|艙號|受试者|受試者|筛选号|篩選號|随机号|隨機號|编号|卡号|驾驶证号?|驾照号?|车牌号?|档案号|保单号|账号|会员号|登记号|(?<![A-Za-z])ID号?|学籍号|准考证号?"
    r"|学号|工号|出生证明?(?:编号|号)?|港澳通行证号?|通行证号?|台胞证号?|回乡证号?"
    r"|[后後](?:四|4|六|6)位|尾[号號]|注册号|註冊號|执业证号?|執業證號?"
)


# A dose (112mcg, 400 mg) is never an identifier.
DOSE = re.compile(r"(?i)\d+(?:[.,]\d+)?\s*(?:mg|mcg|µg|ug|g|ml|l|iu|units?|mmol|%)")


def _looks_like_id(value: str) -> bool:
    """Enough digits for an identifier: three, or one in a code of six characters or more;
    no dose."""
    if DOSE.fullmatch(value):
        return False
    digits = sum(ch.isdigit() for ch in value)
    return digits >= 3 or (digits >= 1 and sum(ch.isalnum() for ch in value) >= 6)


_CA_POSTCODE = r"[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][ -]?\d[ABCEGHJ-NPRSTV-Z]\d"
_AU_STATES = r"NSW|VIC|QLD|WA|SA|TAS|NT|ACT"
_ZH_AREA_SUFFIX = "镇乡村县旗"
_ZH_NOT_TOWN = (
    "小区",
    "社区",
    "市区",
    "城区",
    "景区",
    "病区",
    "郊区",
    "山区",
    "牧区",
    "农村",
    "乡村",
)


def _zh_town(value: str) -> bool:
    return not value.endswith(_ZH_NOT_TOWN) and not value.startswith(("这", "那", "一个", "我们"))


def _words(names: tuple[str, ...] | list[str]) -> str:
    return "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))


PHONE_REGIONS = ("GB", "AU", "IE", "CN", "US", "IN", "NZ")
# Regions tried only for a number after a phone cue: their 8-digit mobiles and landlines
# (Hong Kong 6138 2207, Singapore 9127 4803, Macau 6612 3456) and Taiwan's 0912-345-678
# look like any other number without one.
CUED_PHONE_REGIONS = ("HK", "TW", "SG", "MO", "MY", "CA", "PH")
PHONE_CUE = re.compile(
    r"(?i:\b(?:phone|tel|mobile|cell|call|ring|text|whatsapp|number|contact|fax|hotline)\b)"
    r"|电话|電話|手机|手機|号码|號碼|联系|聯絡|联络|致电|打|热线|熱線|传真|傳真|微信同号|座机"
)


# A run of digits (with spaces, hyphens, dots or brackets) not glued to a Latin letter or digit;
# a Chinese character right before it is no boundary problem (电话020-3826 7715).
_PHONE_CANDIDATE = re.compile(
    r"(?<![A-Za-z0-9_+])\+?\(?\d(?:[\d()\-]|[ \t](?=[\d(])|\.(?=\d)){5,18}\d(?!\d)"
)


# Digits alone, without the trunk 0, a "+" or separators, shorter than a full national number
# (US 10 digits, Chinese mobiles 11, Indian mobiles 10): a count, a code or a reference, not a
# phone (12345678 is a valid Irish number only without its area code's 0).
_BARE_NUMBER = re.compile(r"[1-9]\d{6,8}")


# A whole numeric date with its year opening a run of digits, a time after it (02.10.2023
# 08:40, 2024-05-07 14:20): no phone number; a French number's pairs (06.12.34.56.78) go on
# after the "year".
_OPENS_WITH_A_DATE = re.compile(
    r"(?:3[01]|[12]\d|0?[1-9])([./-])(?:3[01]|[12]\d|0?[1-9])\1(?:19|20)?\d\d(?![.\d])"
    r"|(?:19|20)\d\d([./-])(?:1[0-2]|0?[1-9])\2(?:3[01]|[12]\d|0?[1-9])(?![.\d])"
)


def phone_numbers(text: str) -> list[tuple[int, int]]:
    """Spans of the digit runs that `phonenumbers` accepts as a valid number of one of
    `PHONE_REGIONS` (national formats: UK landlines, Australian mobiles, …), in
    international format, or, within 20 characters after a phone cue, of one of
    `CUED_PHONE_REGIONS`; empty when the package is not installed."""
    try:
        import phonenumbers
    except ImportError:
        return []
    spans = []
    for match in _PHONE_CANDIDATE.finditer(text):
        candidate = match.group().rstrip(" .-(")
        if sum(ch.isdigit() for ch in candidate) < 7:
            continue
        cued = PHONE_CUE.search(text, max(0, match.start() - 20), match.start())
        if (not cued and _BARE_NUMBER.fullmatch(candidate)) or _OPENS_WITH_A_DATE.match(candidate):
            continue
        for region in PHONE_REGIONS + (CUED_PHONE_REGIONS if cued else ()):
            try:
                number = phonenumbers.parse(candidate, region)
            except phonenumbers.NumberParseException:
                break
            if phonenumbers.is_valid_number(number):
                spans.append((match.start(), match.start() + len(candidate)))
                break
    return spans


@lru_cache(maxsize=1)
def rules() -> tuple[Rule, ...]:
    """All rules in priority order (earlier rules win overlapping spans of equal start)."""
    # One flat tuple of the rule families, not a chain of `+`: a chain of some fifty binary
    # operations nests the module's syntax tree as deep, and CPython 3.11's `ast.parse` of a
    # tree that deep can fail ("AST constructor recursion depth mismatch") in a process whose
    # stack is already deep.
    families = (
        structured_rules,
        web_rules,
        date_rules,
        age_rules,
        street_town_rules,
        name_rules,
        place_rules,
        context_rules,
        position_rules,
        ninth_rules,
        tenth_rules,
        fourteenth_rules,
        fifteenth_rules,
        seventeenth_rules,
        nineteenth_rules,
        twentieth_rules,
        twenty_first_rules,
        twenty_third_rules,
        twenty_fourth_rules,
        twenty_fifth_rules,
        twenty_eighth_rules,
        twenty_ninth_rules,
        thirtieth_rules,
        thirty_second_rules,
        thirty_fourth_rules,
        thirty_sixth_rules,
        thirty_ninth_rules,
        fortieth_rules,
        forty_second_rules,
        forty_fourth_rules,
        forty_fifth_rules,
        forty_sixth_rules,
        forty_seventh_rules,
        forty_eighth_rules,
        forty_ninth_rules,
        fiftieth_rules,
        fifty_first_rules,
        fifty_second_rules,
        fifty_third_rules,
        fifty_fourth_rules,
        fifty_fifth_rules,
        fifty_sixth_rules,
        fifty_seventh_rules,
        fifty_eighth_rules,
        fifty_ninth_rules,
        sixtieth_rules,
        sixty_first_rules,
        sixty_second_rules,
        sixty_third_rules,
        calendar_rules,
        health_post_rules,
        register_rules,
        other_languages_rules,
        opening_and_list_rules,
        logs_and_registers_rules,
        places_by_their_word_rules,
        days_on_forms_rules,
        people_and_speakers_rules,
        numbers_by_their_word_rules,
        abroad_rules,
        travel_rules,
        papers_rules,
        appeals_rules,
        custody_rules,
        uniform_rules,
        outbreak_rules,
        maternity_rules,
        online_rules,
        faith_rules,
        elder_rules,
        campus_rules,
        donor_rules,
        diet_rules,
        support_rules,
        clinic_rules,
        pharmacy_rules,
        practice_rules,
        illness_rules,
        injury_rules,
        gazetteer_rules,
    )
    return tuple(rule for family in families for rule in family())


# Two scripts as code-point intervals, each closed under the case folding of an ignore-case
# pattern and under `str.lower` (a text has one of their characters exactly when its
# lowercase has): the Latin letters (with İ, ı, ſ and the Kelvin sign, which (?i) letters
# match) and the CJK blocks (radicals to ideographs, compatibility ideographs, full-width
# forms).
_LATIN = ((0x41, 0x5A), (0x61, 0x7A), (0x130, 0x131), (0x17F, 0x17F), (0x212A, 0x212A))
_CJK = ((0x2E80, 0x9FFF), (0xF900, 0xFAFF), (0xFF00, 0xFFEF))
_SCRIPTS = (_LATIN, _CJK)
SCRIPT_CHARS = tuple(
    re.compile("[" + "".join(f"\\U{lo:08x}-\\U{hi:08x}" for lo, hi in s) + "]") for s in _SCRIPTS
)


# The scripts written without spaces between words: Hangul jamo, kana, the CJK ideographs
# and their compatibility forms, and Hangul syllables. Python's `\b` and `\w` count their
# characters as word characters, so a word boundary fails where one of them touches a Latin
# letter or a digit (住Blk 512 Jurong West St 52, 在Via dei Gelsi 14的餐馆).
_UNSPACED = (
    (0x1100, 0x11FF),
    (0x3040, 0x30FF),
    (0x3130, 0x318F),
    (0x3400, 0x9FFF),
    (0xAC00, 0xD7AF),
    (0xF900, 0xFAFF),
)
_UNSPACED_CLASS = "".join(f"\\U{lo:08x}-\\U{hi:08x}" for lo, hi in _UNSPACED)
# A character of those scripts next to another word character (a letter or digit of any
# other script).
_JUNCTION = re.compile(
    rf"[{_UNSPACED_CLASS}](?=[^\W_{_UNSPACED_CLASS}])|(?<=[^\W_{_UNSPACED_CLASS}])[{_UNSPACED_CLASS}]"
)
# What `spaced` puts in their place: a private-use character, which is no word character,
# no space, and in no pattern.
JUNCTION = "\ue000"


def spaced(text: str) -> str:
    """`text` with every character of a script written without spaces that touches a letter
    or digit of another script replaced by `JUNCTION`, one code point for one, so the spans
    found in it are spans of `text`: the rules that name no such character (`Rule.spaced`)
    are searched in it, and their word boundaries hold where a Latin word or a number
    meets Chinese (住|Flushing|，, 邮区|649998). Characters of those scripts elsewhere are
    left as they are (@小明 stays a handle of word characters)."""
    if text.isascii():
        return text
    return _JUNCTION.sub(JUNCTION, text)


def names_unspaced(pattern: re.Pattern[str]) -> bool:
    """Whether `pattern` names a character of the scripts written without spaces (a literal,
    or a class or range with one), anywhere, look-arounds included: such a pattern reads
    those characters and is searched in the text itself."""
    return _names(list(_sre_parser.parse(pattern.pattern, pattern.flags)))


def _names(items: list[tuple[object, object]]) -> bool:
    for op, av in items:
        if op in (_sre.LITERAL, _sre.NOT_LITERAL):
            if _overlaps(_UNSPACED, av, av):  # type: ignore[arg-type]
                return True
        elif op is _sre.RANGE:
            if _overlaps(_UNSPACED, *av):  # type: ignore[misc]
                return True
        elif op is _sre.IN:
            if _names(av):  # type: ignore[arg-type]
                return True
        elif any(_names(list(sub)) for sub in _subpatterns(av)):
            return True
    return False


def _subpatterns(av: object) -> list[_sre_parser.SubPattern]:
    """The parsed subpatterns inside an item's arguments (a group's, a repeat's, a
    look-around's, each branch of an alternation, a conditional's two)."""
    if isinstance(av, _sre_parser.SubPattern):
        return [av]
    if isinstance(av, (tuple, list)):
        return [sub for x in av for sub in _subpatterns(x)]
    return []


def _overlaps(script: tuple[tuple[int, int], ...], lo: int, hi: int) -> bool:
    return any(lo <= b and a <= hi for a, b in script)


def _within(script: tuple[tuple[int, int], ...], lo: int, hi: int) -> bool:
    return any(a <= lo and hi <= b for a, b in script)


def _needs(items: list[tuple[object, object]], script: tuple[tuple[int, int], ...]) -> bool:
    """Whether every match of the parsed pattern `items` (and of its positive look-arounds,
    which read the text too) contains a character of `script`: some item in the sequence
    always matches one (a literal or a class with only such characters, a group or a
    repeat of at least once over one, an alternation whose every branch does). Anything
    else (a negated class, a category such as \\w, a back-reference) counts as not, so a
    pattern said to need the script cannot match a text without it."""
    for op, av in items:
        if op is _sre.LITERAL:
            needed = _within(script, av, av)  # type: ignore[arg-type]
        elif op is _sre.IN:
            needed = all(
                (o is _sre.LITERAL and _within(script, a, a))  # type: ignore[arg-type]
                or (o is _sre.RANGE and _within(script, *a))  # type: ignore[misc]
                for o, a in av  # type: ignore[attr-defined]
            )
        elif op is _sre.SUBPATTERN:
            needed = _needs(av[3], script)  # type: ignore[index]
        elif op is _sre.ATOMIC_GROUP:
            needed = _needs(av, script)  # type: ignore[arg-type]
        elif op is _sre.ASSERT:
            needed = _needs(av[1], script)  # type: ignore[index]
        elif op is _sre.BRANCH:
            needed = all(_needs(b, script) for b in av[1])  # type: ignore[index]
        elif op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, _sre.POSSESSIVE_REPEAT):
            needed = av[0] >= 1 and _needs(av[2], script)  # type: ignore[index,operator]
        else:
            needed = False
        if needed:
            return True
    return False


def scripts_needed(pattern: re.Pattern[str]) -> tuple[bool, ...]:
    """For each of the Latin letters and the CJK characters, whether every match of
    `pattern` contains one (`_needs`): on a text without any, the pattern finds nothing."""
    items = list(_sre_parser.parse(pattern.pattern, pattern.flags))
    return tuple(_needs(items, script) for script in _SCRIPTS)


# The most strings `_exact` expands a run of the pattern into, and the fewest characters each
# derived cue has, counting one more for a string that is not ASCII (`_selectivity`; a
# shorter one is in too many texts to skip any).
_EXACT_MAX = 64
_CUE_MIN = 3
# Characters an ignore-case letter matches that `str.lower` does not turn into that letter
# (ſ for s, ı for i; İ lowers to i and a combining dot): in a text with one, a derived cue
# may be missing from the lowercase where the pattern matches, so every rule is tried.
CASE_FOLDS = re.compile("[\u017f\u0131\u0307]")
_ZERO_WIDTH = (_sre.AT, _sre.ASSERT, _sre.ASSERT_NOT)


def scanning(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """`pattern` with a look-ahead for the characters a match can start with in front
    (`first_characters`), when it opens with a zero-width assertion (a word boundary, a
    look-behind, a line start); else `pattern` itself. It finds the same matches, groups
    and all. Python's engine tries such a pattern at every position of the text (it skips
    ahead only to a literal or a class that opens the pattern), and a word boundary followed
    by a long negative look-ahead costs more at each position than one class test."""
    parsed = _sre_parser.parse(pattern.pattern, pattern.flags)
    if not parsed or parsed[0][0] not in _ZERO_WIDTH:
        return pattern
    first = _first_class(parsed)
    if first is None:
        return pattern
    body = _GLOBAL_FLAGS.sub("", pattern.pattern, count=1)
    return re.compile(f"(?={first})" + body, pattern.flags)


# Inline flags that open a pattern (`(?m)`): they must stay first, and `pattern.flags` has them.
_GLOBAL_FLAGS = re.compile(r"\A\(\?[aiLmsux]+\)")


def first_characters(pattern: re.Pattern[str]) -> str | None:
    """A regular expression for one character that every non-empty match of `pattern`
    starts with: the classes and literals its first consuming items can match (zero-width
    assertions are passed over; those under ignore-case kept in a `(?i:…)` part, which
    folds case as the pattern does). None when any character may start a match, or one of
    a category other than digits, or when the pattern can match the empty string."""
    return _first_class(_sre_parser.parse(pattern.pattern, pattern.flags))


def _first_class(parsed: _sre_parser.SubPattern) -> str | None:
    found = _first(list(parsed), bool(parsed.state.flags & re.IGNORECASE))
    if found is None or found[1]:
        return None
    parts = []
    for folded in (False, True):
        chars = "".join(sorted(text for fold, text in found[0] if fold is folded))
        if chars:
            parts.append(f"(?i:[{chars}])" if folded else f"[{chars}]")
    return "|".join(parts) if parts else None


_First = tuple[set[tuple[bool, str]], bool]


def _first(items: list[tuple[object, object]], folded: bool) -> _First | None:
    """(class fragments, each with whether it folds case; whether the sequence can match
    the empty string) for the characters a match of `items` can start with, or None for
    any character."""
    out: set[tuple[bool, str]] = set()
    for op, av in items:
        if op in _ZERO_WIDTH:
            continue
        found = _first_item(op, av, folded)
        if found is None:
            return None
        out |= found[0]
        if not found[1]:
            return out, False
    return out, True


def _char(code: int) -> str:
    return f"\\U{code:08x}"


def _first_item(op: object, av: object, folded: bool) -> _First | None:
    if op is _sre.LITERAL:
        return {(folded, _char(av))}, False  # type: ignore[arg-type]
    if op is _sre.IN:
        out = set()
        for o, a in av:  # type: ignore[attr-defined]
            if o is _sre.LITERAL:
                out.add((folded, _char(a)))
            elif o is _sre.RANGE:
                out.add((folded, _char(a[0]) + "-" + _char(a[1])))
            elif o is _sre.CATEGORY and a is _sre.CATEGORY_DIGIT:
                out.add((False, "\\d"))
            else:  # a negated class, \w, \s, …
                return None
        return out, False
    if op is _sre.SUBPATTERN:
        _, add, remove, group = cast(tuple[object, int, int, list[tuple[object, object]]], av)
        inner = (folded or bool(add & re.IGNORECASE)) and not remove & re.IGNORECASE
        return _first(list(group), inner)
    if op is _sre.ATOMIC_GROUP:
        return _first(list(av), folded)  # type: ignore[call-overload]
    if op is _sre.BRANCH:
        out = set()
        empty = False
        for branch in av[1]:  # type: ignore[index]
            found = _first(list(branch), folded)
            if found is None:
                return None
            out |= found[0]
            empty = empty or found[1]
        return out, empty
    if op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, _sre.POSSESSIVE_REPEAT):
        low, _, repeated = cast(tuple[int, int, list[tuple[object, object]]], av)
        found = _first(list(repeated), folded)
        return None if found is None else (found[0], low == 0 or found[1])
    return None  # any character, a back-reference, …


def cues_implied(pattern: re.Pattern[str]) -> tuple[str, ...]:
    """Lowercase strings one of which every match of `pattern` (or a positive look-around of
    it) contains, each of at least `_CUE_MIN` characters (two Chinese characters do); empty
    when the pattern implies none. Read from its parse: a run of items that each match one
    of a few strings (a literal, a small class, a group or an alternation of such, an
    optional one; zero-width assertions match the empty string) matches one of their
    concatenations; a group, a repeat of at least once or a look-around needs what its
    content needs; an alternation needs what each branch needs, together. Of what a
    sequence needs, the set whose least rare string is rarest is taken."""
    found = _implied(list(_sre_parser.parse(pattern.pattern, pattern.flags)))
    return tuple(sorted(found)) if found else ()


def _implied(items: list[tuple[object, object]]) -> frozenset[str] | None:
    candidates: list[frozenset[str]] = []
    run: frozenset[str] = frozenset({""})
    for op, av in items:
        if op is _sre.ASSERT:  # zero-width in the run, and what it reads is in the text
            inner = _implied(av[1])  # type: ignore[index]
            if inner is not None:
                candidates.append(inner)
        strings = _exact_item(op, av)
        if strings is not None:
            joined = frozenset(a + b for a in run for b in strings)
            if len(joined) <= _EXACT_MAX:
                run = joined
                continue
            candidates.append(run)
            run = strings
            continue
        candidates.append(run)
        run = frozenset({""})
        inner = _implied_item(op, av)
        if inner is not None:
            candidates.append(inner)
    candidates.append(run)
    best = max(candidates, key=_selectivity)
    return best if _selectivity(best) >= _CUE_MIN else None


def _selectivity(strings: frozenset[str]) -> int:
    """How rarely the least rare of `strings` is in a text: its length, one more when it is
    not ASCII (two Chinese characters are as rare as three letters)."""
    return min(len(s) + (not s.isascii()) for s in strings)


def _implied_item(op: object, av: object) -> frozenset[str] | None:
    if op is _sre.SUBPATTERN:
        return _implied(av[3])  # type: ignore[index]
    if op is _sre.ATOMIC_GROUP:
        return _implied(av)  # type: ignore[arg-type]
    if op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, _sre.POSSESSIVE_REPEAT) and av[0] >= 1:  # type: ignore[index,operator]
        return _implied(av[2])  # type: ignore[index]
    if op is _sre.BRANCH:
        branches = [_implied(b) for b in av[1]]  # type: ignore[index]
        if any(b is None for b in branches):
            return None
        return frozenset().union(*branches)  # type: ignore[arg-type]
    return None


def _exact(items: list[tuple[object, object]]) -> frozenset[str] | None:
    """The strings, lowercased, the sequence `items` can match, when they are few."""
    out: frozenset[str] = frozenset({""})
    for op, av in items:
        strings = _exact_item(op, av)
        if strings is None:
            return None
        out = frozenset(a + b for a in out for b in strings)
        if len(out) > _EXACT_MAX:
            return None
    return out


def _exact_item(op: object, av: object) -> frozenset[str] | None:
    if op is _sre.LITERAL:
        return frozenset({chr(av).lower()})  # type: ignore[arg-type]
    if op in _ZERO_WIDTH:
        return frozenset({""})
    if op is _sre.IN:
        chars: set[str] = set()
        for o, a in av:  # type: ignore[attr-defined]
            if o is _sre.LITERAL:
                chars.add(chr(a).lower())
            elif o is _sre.RANGE and a[1] - a[0] < 4:
                chars.update(chr(c).lower() for c in range(a[0], a[1] + 1))
            else:
                return None
        return frozenset(chars)
    if op is _sre.SUBPATTERN:
        return _exact(av[3])  # type: ignore[index]
    if op is _sre.ATOMIC_GROUP:
        return _exact(av)  # type: ignore[arg-type]
    if op is _sre.BRANCH:
        branches = [_exact(b) for b in av[1]]  # type: ignore[index]
        if any(b is None for b in branches):
            return None
        joined = frozenset().union(*branches)  # type: ignore[arg-type]
        return joined if len(joined) <= _EXACT_MAX else None
    if op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, _sre.POSSESSIVE_REPEAT):
        low, high, sub = cast(tuple[int, int, list[tuple[object, object]]], av)
        strings = _exact(sub)
        if strings is None or high > 2:
            return None
        out = {
            "".join(p) for k in range(low, high + 1) for p in itertools.product(strings, repeat=k)
        }
        return frozenset(out) if len(out) <= _EXACT_MAX else None
    return None


@lru_cache(maxsize=1)
def _cue_index() -> tuple[
    tuple[int, ...],
    dict[str, tuple[tuple[str, tuple[int, ...]], ...]],
    tuple[frozenset[int], ...],
    frozenset[int],
]:
    """The priorities (positions in `rules()`) of the rules without cues, given or implied
    by their pattern (`cues_implied`); by its first two characters (one for a cue of one)
    each cue string with the priorities of the rules it admits; for each script of
    `_SCRIPTS` the priorities of the rules whose pattern needs it (`scripts_needed`); and the
    priorities of the rules whose cues are implied."""
    by_cue: dict[str, list[int]] = {}
    implied: set[int] = set()
    for priority, rule in enumerate(rules()):
        cues = rule.cues
        if not cues:
            cues = cues_implied(rule.pattern)
            if cues:
                implied.add(priority)
        for cue in cues:
            by_cue.setdefault(cue, []).append(priority)
    by_first: dict[str, list[tuple[str, tuple[int, ...]]]] = {}
    for cue, found in by_cue.items():
        by_first.setdefault(cue[:2], []).append((cue, tuple(found)))
    free = tuple(p for p, rule in enumerate(rules()) if not rule.cues and p not in implied)
    needed = [scripts_needed(rule.pattern) for rule in rules()]
    needing = tuple(
        frozenset(p for p, needs in enumerate(needed) if needs[k]) for k in range(len(_SCRIPTS))
    )
    return (
        free,
        {first: tuple(cues) for first, cues in by_first.items()},
        needing,
        frozenset(implied),
    )


def admitted_rules(lowered: str, digits: int) -> list[int]:
    """The priorities, in order, of the rules whose pre-checks pass on a text (`lowered`:
    the text lowercased, `digits`: how many digits it has): at least `min_digits` digits,
    one of the cues in `lowered` when the rule has cues (given, or implied by its pattern:
    every rule with implied cues where `CASE_FOLDS` finds a character), and a character of
    each script its pattern needs (a rule for English words is not run over a text without
    a Latin letter, nor one for Chinese over a text without a CJK character). One substring
    test per distinct cue whose first two characters are in the text, not one search per
    rule."""
    free, by_first, needing, implied = _cue_index()
    admitted = set(free)
    starts = set(map(operator.add, lowered, lowered[1:]))  # each two characters in a row
    starts.update(lowered)
    for first in by_first.keys() & starts:
        for cue, found in by_first[first]:
            if cue in lowered:
                admitted.update(found)
    if CASE_FOLDS.search(lowered):
        admitted |= implied
    for chars, needs in zip(SCRIPT_CHARS, needing, strict=True):
        if not chars.search(lowered):
            admitted -= needs
    all_rules = rules()
    return [p for p in sorted(admitted) if digits >= all_rules[p].min_digits]


# The rest of a URL: up to a space, a quote or bracket, or Chinese, Japanese or full-width
# text or punctuation (a URL written in Chinese runs on into the words after it:
# www.example.net这个挂号网站), and not ending on punctuation.
_URL_BODY = (
    r"[^\s<>\"'）)\u3000-\u303f\u3400-\u9fff\uff00-\uffef]*"
    r"[^\s<>\"'）).,;:!?\u3000-\u303f\u3400-\u9fff\uff00-\uffef]"
)


# A full UK postcode: outward and inward codes (NW1 6XE, M14 5RT, NE29 7HQ).
UK_POSTCODE = r"(?:[BEGLMNSW]|[A-Z]{2})\d[A-Z\d]?\s?\d[A-Z]{2}"


def structured_rules() -> tuple[Rule, ...]:
    c = re.compile
    return (
        # Latin letters and digits only: in Chinese the address runs on into the words around
        # it (如有法布雷病患者可联系fabry.case@qq.com，…).
        Rule(
            "EMAIL",
            c(r"[A-Za-zÀ-ɏ0-9_.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+"),
            cues=("@",),
        ),
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
        # A number introduced by a word saying what it is, with any punctuation between
        # ("Passport no.: 123456789", "NI number - QQ 12 34 56 C", "SN: ABC123456", 医保卡号-…).
        Rule(
            "ID",
            c(
                rf"(?i:\b(?:{_ID_CUES_EN})\b(?:\s*(?:(?:number|num|id|card|plate|code|pin)\b|no\b\.?|#))*"
                rf"(?:\s+(?:at|with|for|on)\s+[a-z ]{{1,40}}?\s+(?:is|was)|\s+(?:is|was|=))?"
                rf"|(?:{_ID_CUES_ZH})(?:号码?|码|编号)?)"
                r"[\s:：#.=\-–—(（)）是为]*"
                r"((?=[A-Za-z0-9·/-]*\d|[A-Z]{1,4}\s\d)"
                r"[A-Za-z0-9](?:[A-Za-z0-9]|[-·/](?=[A-Za-z0-9])){1,24}"
                r"(?:[ \t\u00a0][A-Z0-9](?:[A-Z0-9]|-(?=[A-Z0-9])){0,13}(?![A-Za-z0-9'’]))*)"
            ),
            group=1,
            accept=_looks_like_id,
            min_digits=1,
        ),
        Rule(
            "ID",
            c(
                r"(?i:微信号?|wechat(?:\s*id)?|weixin|vx|wx|v信|威信|薇信?|卫星号?|绿泡泡|扣扣|加v)"
                r"(?:号|id)?(?:\s+(?:is|id is))?[\s:：是为❤♥💚~＋+\-]*"
                r"([A-Za-z][-_A-Za-z0-9]{5,19})"
            ),
            group=1,
            cues=(
                "微",
                "wechat",
                "weixin",
                "vx",
                "wx",
                "v信",
                "威信",
                "薇",
                "卫星",
                "绿泡泡",
                "加v",
            ),
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
                r"[\s:：是为号码]*(\d[\d \t-]{5,16}\d)"
            ),
            group=1,
            cues=("phone", "tel", "mobile", "cell", "whatsapp", "电话", "手机", "联系方式", "微信"),
            min_digits=7,
        ),
        # Chinese landline with the area code in brackets, or a space after it.
        Rule(
            "PHONE",
            c(r"(?<!\d)(?:[(（]0\d{2,3}[)）]\s*-?|0\d{2,3}\s)\d{7,8}(?!\d)"),
            min_digits=10,
        ),
        # A phone number written in Chinese numerals (一三八〇〇一三八〇〇〇).
        Rule("PHONE", c(r"[〇零一二三四五六七八九幺]{7,}"), cues=()),
        # Chinese numerals in groups after a phone cue (电话是幺三八、零七五一、四二六九).
        Rule(
            "PHONE",
            c(
                r"(?:电话|電話|手机|手機|号码|號碼|联系|打|致电|热线)[^〇零一二三四五六七八九幺\d]{0,6}"
                r"([〇零一二三四五六七八九幺](?:[、，,\s-]?[〇零一二三四五六七八九幺]){6,})"
            ),
            group=1,
            cues=("电话", "電話", "手机", "手機", "号码", "號碼", "联系", "打", "致电", "热线"),
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


_OCTET = r"(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)"
_TLD = r"(?:com|org|net|io|co|uk|ie|au|ca|cn|me|info|nz|in|us|de|fr|jp|tw|hk)"
_CN_PROVINCES = "京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼"
_HANDLE = r"(?:[A-Za-z0-9_][A-Za-z0-9_.\-]{2,29}|[\u4e00-\u9fff][\w.\-]{1,29})"


def _looks_like_handle(value: str) -> bool:
    """A user name has a digit, an underscore, a dot or a capital after its first letter; one
    that opens with a Chinese character is no clause of a sentence (楼主详细写了她妈妈做PD-1…:
    no 了, no pronoun)."""
    if "\u4e00" <= value[0] <= "\u9fff" and any(ch in _CLAUSE_CHARS for ch in value):
        return False
    return any(ch.isdigit() or ch in "_." for ch in value) or any(ch.isupper() for ch in value[1:])


_CLAUSE_CHARS = frozenset("了她他我你写寫做")


def _ipv6(value: str) -> bool:
    """A valid IPv6 address with a hex letter or "::" (so that no clock time passes)."""
    try:
        ipaddress.IPv6Address(value)
    except ValueError:
        return False
    return "::" in value or any(ch in "abcdefABCDEF" for ch in value)


def web_rules() -> tuple[Rule, ...]:
    """IP addresses, URLs, user names, licence plates and vehicle identification numbers."""
    c = re.compile
    return (
        Rule(
            "IP",
            c(rf"(?<![\d.])(?:{_OCTET}\.){{3}}{_OCTET}(?![\d.]*\d)"),
            cues=(".",),
            min_digits=4,
        ),
        # IPv6 (240e:3a1:4c22:1f90::7b), valid by `ipaddress`; a clock time (10:30:45) is not.
        Rule(
            "IP",
            c(r"(?<![0-9A-Za-z:])[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{0,4}){2,7}(?![0-9A-Za-z:])"),
            accept=_ipv6,
            cues=(":",),
            min_digits=2,
        ),
        # An e-mail written out to dodge filters: "liang.xiaoyu 艾特 126 点 com",
        # "tom dot ridley at outlook dot com".
        Rule(
            "EMAIL",
            c(
                r"[A-Za-z0-9_.+-]+(?:\s*(?:点|[(\[]dot[)\]]|\bdot\b)\s*[A-Za-z0-9_+-]+)*"
                r"\s*(?:艾特|圈a|[(\[]at[)\]]|\bat\b)\s*[A-Za-z0-9_-]+"
                r"(?:\s*(?:点|[(\[]dot[)\]]|\bdot\b|\.)\s*[A-Za-z0-9_-]+)*"
                r"\s*(?:点|[(\[]dot[)\]]|\bdot\b)\s*(?:com|cn|net|org|co\.uk|edu)\b"
            ),
            cues=("dot", "点"),
        ),
        Rule(
            "URL",
            c(
                rf"(?i:(?<![A-Za-z0-9])(?:https?://|www\.){_URL_BODY}"
                rf"|(?<![A-Za-z0-9.-])[a-z0-9-]+(?:\.[a-z0-9-]+)*\.{_TLD}(?:\.[a-z]{{2}})?/{_URL_BODY})"
            ),
            cues=("http", "www", "/"),
        ),
        Rule(
            HANDLE,
            c(r"(?<![\w@.])@([A-Za-z_\u4e00-\u9fff](?:[\w.]|-(?=\w)){1,29}[\w])"),
            group=1,
            cues=("@",),
        ),
        # Right after a Chinese character (谢谢@骨科小王子的科普, 吧主@风吹麦浪7788麻烦置顶): the
        # handle ends at a particle, a request or punctuation, since Chinese runs on unspaced.
        Rule(
            HANDLE,
            c(
                r"(?<=[\u4e00-\u9fff])@([\w.]{2,12}?)"
                r"(?=的|麻烦|请|说|[\s，,。！!？?：:、；;）)]|$)"
            ),
            group=1,
            cues=("@",),
        ),
        Rule(
            HANDLE,
            c(
                rf"(?i:\buser ?name|\bhandle|\bposted by|\bfind me as|\bsearch for|{_REDDIT_U}|楼主"
                r"|论坛的?(?:id|ID|昵称)|昵称|网名|抖音号?|快手号?|小红书号?|微博号?|B站|instagram"
                r"|insta|tiktok)"
                r"(?:\s+on\s+[\w ]{1,30}?\s+(?:is|was)|\s+(?:is|was|here is)|['’]s)?[\s:：是为叫]*"
                rf"({_HANDLE})"
            ),
            group=1,
            accept=_looks_like_handle,
            cues=(
                "user",
                "handle",
                "posted",
                "find me",
                "search",
                "u/",
                "楼主",
                "论坛",
                "昵称",
                "网名",
                *("抖音", "快手", "小红书", "微博", "b站", "insta", "tiktok"),
            ),
        ),
        Rule(
            "ID",
            c(
                rf"[{_CN_PROVINCES}][A-Z][·\s-]?[A-Z\d]{{5,6}}(?:[警学學挂掛领領港澳使])?(?![A-Za-z\d])"
            ),
            min_digits=3,
        ),
        Rule("ID", c(r"\b[A-Z]{2}\d{2}\s?[A-Z]{3}\b"), min_digits=2),
        Rule(
            "ID",
            c(r"\b(?=[A-HJ-NPR-Z0-9]*\d)(?=[A-HJ-NPR-Z0-9]*[A-Z])[A-HJ-NPR-Z0-9]{17}\b"),
            min_digits=3,
        ),
    )


_DAY = r"(?:3[01]|[12]\d|0?[1-9])"
# A day and then its month, parted by a dot or a slash (17.10, 4/3).
_DAY_DOT_MONTH = r"(?:3[01]|[12]\d|0?[1-9])[./](?:1[0-2]|0?[1-9])"
# A day and month with a slash, either first (6/4, 2/17, 15/10).
_SLASHED_DAY = (
    r"(?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])|(?:3[01]|[12]\d|0?[1-9])/(?:1[0-2]|0?[1-9])"
)
_ORD_WORDS = (
    r"(?:twenty-|thirty-)?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)"
    r"|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth"
    r"|eighteenth|nineteenth|twentieth|thirtieth"
)
_MONTH_NAME = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December"
    r"|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)(?![a-z])\.?)"
)
_YEAR = r"(?:,?\s+(?:(?:19|20)\d\d|['’]\d\d)(?!\d))"
# A month and a year with no day (March 2023, Sept. 2022): a date unless it dates a thing
# (`personal_month_and_year`).
MONTH_AND_YEAR = rf"{_MONTH_NAME},?\s+(?:19|20)\d\d"
_ZH_NUM = "〇零一二三四五六七八九十"
_ZH_EVENT = r"入院|出院|手术|做|去|住院|复查|就诊|那天|开始|出生|生|去世|走的|确诊|发病|来"


_EN_DAY_NAME = r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
# A weekday written short, capitalised (Wed, Thurs; "Sun." with its full stop).
_EN_DAY_SHORT = r"(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat)\b\.?|Sun\."
_EN_DAY_SHORT_CUES = ("mon", "tue", "wed", "thu", "fri", "sat", "sun.")
_EN_HOLIDAY = (
    r"(?:Chinese|Lunar) New Year(?:['’]s(?: Day| Eve)| [Ee]ve)?|Christmas(?: Day| Eve| morning)?"
    r"|Boxing Day"
    r"|New Year['’]s(?: Day| Eve)?|Hogmanay|Easter(?: Sunday"
    r"| Monday| Saturday| weekend)?|Good Friday|Thanksgiving|Halloween|Bonfire Night|Guy Fawkes"
    r" Night|Eid(?: (?:al|ul)[- ](?:Fitr|Adha))?|Diwali|Hanukkah|Passover|Yom Kippur|Rosh Hashanah"
    r"|Valentine['’]s Day|Mother['’]s Day|Mothering Sunday|Father['’]s Day|Labou?r Day"
    r"|Memorial Day|Independence Day|St\.? Patrick['’]s Day|Australia Day|Anzac Day|Canada Day"
    r"|Remembrance Sunday|Burns Night|Bank Holiday Monday"
    r"|St\.? (?:David|George|Andrew)['’]s Day|Dydd Gŵyl Dewi|Waitangi Day|Matariki|Juneteenth"
    r"|Victoria Day|Pongal|Onam|Vaisakhi|Baisakhi|Holi|Navratri|Dussehra|Deepavali|Lohri"
    r"|Hari Raya(?: Puasa| Haji| Aidilfitri)?|Chuseok|Songkran|Kwanzaa"
    r"|Holy Week|Sallah(?: [Dd]ay)?|Ugadi|Gudi Padwa|Bihu|Vishu|Black Friday"
    r"|Presidents['’]? Day|MLK Day|Martin Luther King(?: Jr\.?)? Day|Veterans Day|Columbus Day"
    # …and feasts named in the language of those who keep them (Wigilia, Día de Muertos)
    r"|Wigilia|D[ií]a de (?:los )?Muertos|S[ãa]o Jo[ãa]o|Festa Junina|Nowruz|T[ếe]t"
    r"|Vesak(?: [Dd]ay)?|Semana Santa|Fiestas Patrias"
    # …and the holy days of faiths (Mahalaya, shab-e-barat, Palm Sunday, Sukkot)
    r"|Mahalaya|Durga Puja|Janmashtami|Raksha Bandhan|Karva Chauth|Ganesh Chaturthi"
    r"|[Ss]hab[- ]e[- ][Bb]ara+t|[Ss]hab[- ]e[- ][Qq]adr|Laylat al[- ]Qadr|Ashura|Mawlid"
    r"|Purim|Sukkot|Shavuot|Simchat Torah|Tisha B['’]?[Aa]v|Palm Sunday|Ash Wednesday"
    r"|Maundy Thursday|Pentecost|Whitsun(?:day)?|Guru Nanak Jayanti|Gurpurab|Losar|Magha Puja"
    # …and a school's half-term named by its month (October half-term)
    r"|(?:February|May|October) half[- ]term"
    # …and the midsummer and harvest feasts of the north and the Caucasus, the Eids of
    # Central Asia and West Africa (Līgo, Vardavar, Kurban Bayram, Tabaski)
    r"|L[īi]go|J[āa][ņn]i|Juhannus|Midsommar(?:afton)?|Sankthans(?:aften)?|Vardavar|Trndez"
    r"|Nauryz|Navruz|(?:Kurban|Ramazan|Ramadan) Bayram[ıi]?|Tabaski|Korit[ée]|Inti Raymi"
    # …and the new years and feasts of Myanmar, Ethiopia, Nepal, Cambodia and Italy (Thingyan,
    # Meskel, Dashain, Pchum Ben, Ferragosto)
    r"|Thingyan|Timkat|Meskel|Enkutatash|Fasika|Dashain|Tihar|Pchum Ben|Bon Om Touk|Pi Mai"
    r"|Ferragosto"
)
_ZH_HOLIDAY = (
    r"春[节節]|除夕|元宵[节節]?|清明[节節]?|端午[节節]?|中秋[节節]?|国庆[节節]?|國慶[节節]?|元旦|七夕"
    r"|重阳[节節]?|重陽[节節]?|腊八[节節]?|臘八[节節]?|小年|冬至|圣诞[节節]?|聖誕[节節]?|平安夜"
    r"|劳动节|勞動節|五一|古尔邦节|开斋节|肉孜节|那达慕|藏历新年|雪顿节|火把节|泼水节"
    r"|中元[节節]?|盂兰盆[节節]?|盂蘭盆[节節]?|佛诞|佛誕|浴佛[节節]|观音诞|觀音誕|妈祖诞|媽祖誕"
    r"|复活[节節]|復活[节節]|受难日|受難日|独立日|獨立日|感恩[节節]|斋月|齋月|お盆|お正月"
    r"|苗年|侗年|彝族年|盘王节|盤王節|转山会|轉山會|赛马节|賽馬節|望果节|望果節"
)
# Lower-case strings one of which a weekday or holiday of `_EN_HOLIDAY` contains.
_EN_HOLIDAY_CUES = (
    "day", "christmas", "eve", "hogmanay", "easter", "thanksgiving", "halloween", "night",
    "eid", "diwali", "hanukkah", "passover", "yom kippur", "rosh", "new year", "mothering",
    "remembrance", "dydd", "waitangi", "matariki", "juneteenth", "pongal", "onam", "vaisakhi",
    "baisakhi", "holi", "navratri", "dussehra", "deepavali", "lohri", "hari raya", "chuseok",
    "songkran", "kwanzaa", "holy week", "sallah", "ugadi", "padwa", "bihu", "vishu",
    "wigilia", "muertos", "são joão", "sao joao", "junina", "nowruz", "tết", "tet", "vesak",
    "semana santa", "fiestas patrias", "half-term", "half term", "mahalaya", "puja",
    "janmashtami", "raksha", "karva", "chaturthi", "shab", "laylat", "ashura", "mawlid",
    "purim", "sukkot", "shavuot", "simchat", "tisha", "pentecost",
    "whitsun", "gurpurab", "jayanti", "losar", "līgo", "ligo", "jāņi", "jani", "juhannus",
    "midsommar", "sankthans", "vardavar", "trndez", "nauryz", "navruz", "bayram", "tabaski",
    "korit", "inti raymi", "thingyan", "timkat", "meskel", "enkutatash", "fasika", "dashain",
    "tihar", "pchum", "bon om", "pi mai", "ferragosto",
)  # fmt: skip
_ZH_TIME_OF_DAY = r"晚上|早上|上午|下午|凌晨|中午|夜里|半夜|傍晚|清早|一早"


def _valid_numeric_date(value: str) -> bool:
    """d/m/y, m/d/y or y-m-d with a month of 1-12 and a day of 1-31 in some order."""
    parts = [int(p) for p in re.split(r"[/.\-]", value)]
    if len(parts) != 3:
        return False
    if parts[0] > 31:  # year first
        return 1 <= parts[1] <= 12 and 1 <= parts[2] <= 31
    a, b = parts[0], parts[1]
    return (1 <= a <= 31 and 1 <= b <= 12) or (1 <= a <= 12 and 1 <= b <= 31)


def _day_and_month(value: str) -> bool:
    """d/m or m/d with a month of 1-12 and a day of 1-31 in some order, and not a score out
    of ten (4/10)."""
    a, b = (int(p) for p in value.split("/"))
    if b == 10 and a <= 10:
        return False
    return (1 <= a <= 31 and 1 <= b <= 12) or (1 <= a <= 12 and 1 <= b <= 31)


_OTHER_CALENDAR_CUES = (
    *("muharram", "safar", "rabi", "jumad", "rajab", "sha", "ramadan", "ramzan", "shawwal"),
    *("dhu", "tishrei", "cheshvan", "heshvan", "kislev", "tevet", "shevat", "adar", "nisan"),
    *("iyar", "sivan", "tammuz", "elul", "day of"),
)


def date_rules() -> tuple[Rule, ...]:
    """Dates with a day and a month: under HIPAA Safe Harbor every element of a date tied to a
    person but the year is an identifier (admission, discharge, surgery, death, appointments).
    A month or a year alone is kept ("since March", "in 2019")."""
    c = re.compile
    return (
        Rule(
            "DATE",
            c(
                # a day and its month on one line (Hb 9.8 / Feb 7 is a reading and a date)
                rf"\b(?:the[ \t]+)?(?:{_DAY}(?:st|nd|rd|th)?|{_ORD_WORDS})[ \t]+(?:of[ \t]+)?"
                rf"{_MONTH_NAME}{_YEAR}?"
                rf"|\b{_MONTH_NAME}[ \t]+(?:the[ \t]+)?(?:{_DAY}(?:st|nd|rd|th)?\b|{_ORD_WORDS})"
                rf"(?!\s*(?:%|mg|kg|times|x\b)){_YEAR}?"
            ),
            min_digits=0,
        ),
        Rule(
            "DATE",
            c(
                r"(?<![\d./:-])(?<!Apgar )(?<!APGAR )"
                r"(?:\d{1,2}(?P<a>[/.-])\d{1,2}(?P=a)(?:\d{4}|\d{2})"
                r"|\d{4}(?P<b>[/.-])\d{1,2}(?P=b)\d{1,2})(?![\d./-]?\d)"
            ),
            accept=_valid_numeric_date,
            min_digits=4,
        ),
        # Day/month without a year after an event word: "discharged on 3/5".
        Rule(
            "DATE",
            c(
                r"(?i:\b(?:on|admitted|discharged|operated|since|from|until|till|to|between|dated"
                r"|died|passed away|seen|born|delivered|induced|diagnosed|appointment|appt|scan"
                r"|expired|expires|expiring|due|effective|follow-up is|review is"
                r"|week beginning|week commencing|w/c|week of|wk of)"
                r"(?:\s+on)?(?:\s+the)?)\s+((?:3[01]|[12]\d|0?[1-9])/(?:3[01]|[12]\d|0?[1-9]))(?![/\d])"
                r"(?!\s*(?:pain|mg|ml|days?|weeks?|tabs?\b|tablets?|pills?|caps?\b|capsules?|doses?"
                r"|strength|of\b))"
            ),
            group=1,
            # A day and month with no year dates an event ("from 12/01 to 28/01", "the auth
            # expired 9/30"); a score out of ten ("from 4/10 to 8/10") and a fraction of a
            # tablet ("on 1/2 tablet") do not.
            accept=_day_and_month,
            min_digits=2,
        ),
        Rule(
            "DATE",
            c(
                rf"(?:(?:\d{{4}}|\d{{2}}|[{_ZH_NUM}]{{2,4}})年)?(?:1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])月"
                rf"(?:3[01]|[12]\d|0?[1-9]|[一二三]?十[一二三四五六七八九]?|[一二三四五六七八九])[日号]"
            ),
            cues=("月",),
        ),
        Rule(
            "DATE",
            c(
                rf"(?:(?<=预约了)|(?<=约了)|(?<=定在)|(?<=于))(?:1[0-2]|0?[1-9])\.(?:3[01]|[12]\d|0?[1-9])(?![\d.])"
                rf"|(?<![\d.])(?:1[0-2]|0?[1-9])\.(?:3[01]|[12]\d|0?[1-9])(?={_ZH_EVENT})"
                rf"|(?:(?<=[，,。\s：:在是我他她])|^)(?:1[0-2]|0?[1-9])\.(?:3[01]|[12]\d|0?[1-9])"
                r"(?=[剖生做查住入出开拆打送走]|圣诞|元旦|国庆|春节|除夕|那天)"
            ),
            min_digits=2,
        ),
        # Days named by a holiday of fixed date, lunar dates and "last month's 20th".
        Rule(
            "DATE",
            c(
                r"(?i:\b(?:Christmas Day|Christmas Eve|Boxing Day|New Year's Day|New Year's Eve"
                r"|Valentine's Day|Halloween|Bonfire Night|St Patrick's Day|Independence Day)\b)"
                r"|国庆节|元旦|除夕|大年三十|大年初[一二三四五六七八九十]|中秋节|端午节|七夕|元宵节"
                r"|(?:冬至|五一|十一|清明节?|重阳节?|腊八节?|小年|圣诞节?|平安夜|情人节|儿童节|劳动节"
                r"|妇女节|母亲节|父亲节|中秋|端午|元宵|春节)(?=那天|当天|那晚|那日|前一天|后一天|生|走|住院"
                r"|入院|出院|去世|手术|早上|晚上|凌晨|下午|上午)"
                r"|(?:正|腊|冬|[一二三四五六七八九十]{1,2})月(?:初[一二三四五六七八九十]|十[一二三四五六七八九]"
                r"|二十[一二三四五六七八九]?|廿[一二三四五六七八九]|三十)"
                r"|(?:上上?个?月|下个?月|这个?月|本月)\d{1,2}[号日]"
            ),
        ),
        # A weekday or a holiday that dates an event: "admitted last Tuesday", "on Friday
        # night", "since Easter Monday", "his stroke on Hogmanay", "since 10pm Friday", "on
        # Wed", "starts Monday" ("on Mondays" recurs: kept); a weekday before a time of day
        # dates one too ("a fall Sunday night"; "every Sunday night" recurs: kept).
        Rule(
            "DATE",
            c(
                rf"(?i:\b(?:on|since|last|this|next|over|before|after|until|till|by|from|during"
                rf"|early on|admitted|discharged|died|born|operated|diagnosed|seen|starts?|started"
                rf"|starting|woke up|booked for|scheduled for|set for|due|day of|is|was)"
                rf"\s+(?:the\s+)?"
                rf"(?:(?:last|this|next|past)\s+)?(?:\d{{1,2}}(?:[:.]\d\d)?\s*[ap]m\s+)?)"
                rf"((?:{_EN_HOLIDAY})\b|(?:(?i:{_EN_DAY_NAME})|{_EN_DAY_SHORT}"
                r"|(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri)\b\.?)\b"
                rf"(?:,?\s+(?:the\s+)?{_DAY}(?:st|nd|rd|th)\b)?)"
            ),
            group=1,
            cues=_EN_HOLIDAY_CUES + _EN_DAY_SHORT_CUES,
        ),
        Rule(
            "DATE",
            c(
                rf"(?<!\bevery )(?<!\beach )(?<!\bEvery )(?<!\bmost )(?<![/\w])\b{_EN_DAY_NAME}"
                r"(?=\s+(?:night|morning|afternoon|evening)\b)"
            ),
            cues=("day",),
        ),
        # A day and month with no year and a day over 12 ("transfer was 23/09", "w/c 14/10"):
        # no ratio reads so, and a score out of ten only after a word of pain or scoring
        # ("pain 14/10"); no dose pair's either (lisinopril-HCTZ 20/12.5).
        Rule(
            "DATE",
            c(
                r"(?<!(?i:pain) )(?<!(?i:pain): )(?<!(?i:score) )(?<!(?i:scale) )(?<!rated )"
                r"(?<!(?i:pain) was )(?<!(?i:pain) is )(?<!(?i:pain) at )(?<!(?i:score) of )"
                r"(?<!(?i:score) was )(?<![\d./:-])(?:1[3-9]|2\d|3[01])/(?:0?[1-9]|1[0-2])"
                r"(?![/\d]|\.\d)"
                r"(?!\s*(?:pain|mg|ml|days?|weeks?))"
            ),
            min_digits=3,
        ),
        # Chinese weekdays: 上周六, 这礼拜三, 3月12日周三; a bare 周五 only before the event
        # (周五就去挂号, 周三住院): 门诊是周三下午 and 每周一三五 are a clinic's days, not a
        # date of someone's care.
        Rule(
            "DATE",
            c(
                rf"(?<!每)(?:(?:上上?|下下?|这|這|本)[个個]?(?:周|週|星期|礼拜|禮拜)[一二三四五六日天]"
                rf"|(?<=[日号])(?:周|週|星期|礼拜|禮拜)[一二三四五六日天]"
                rf"|(?:周|週|星期|礼拜|禮拜)[一二三四五六日天]"
                rf"(?=(?:{_ZH_TIME_OF_DAY})?(?:{_ZH_EVENT}|就|被)))"
                rf"(?![一二三四五六日天])"
            ),
            cues=("周", "週", "星期", "礼拜", "禮拜"),
        ),
        # A day of the month alone before a time of day or an event: 3号晚上, 十一号做的手术.
        Rule(
            "DATE",
            c(
                rf"(?<![\d月.年/\-第每])(?:3[01]|[12]\d|0?[1-9]|[一二三]?十[一二三四五六七八九]?"
                rf"|(?<![{_ZH_NUM}])[一二三四五六七八九])[号日]"
                rf"(?=(?:{_ZH_TIME_OF_DAY}|{_ZH_EVENT}|那天|当天|开刀|突然))"
            ),
            cues=("号", "日"),
        ),
        # A holiday with a year before it or a span of time after it: 前年国庆, 清明前一天,
        # 古尔邦节那天, 去年那达慕期间, 春节前后.
        Rule(
            "DATE",
            c(
                rf"(?:(?:去|今|前|大前|明)年)(?:{_ZH_HOLIDAY})"
                rf"|(?:{_ZH_HOLIDAY})(?:前一天|后一天|前两天|后两天)"
                rf"|(?:{_ZH_HOLIDAY})(?=前后|期间|假期|那几天|的时候|当晚|那晚|当天|那天|里|裡|休息|放假"
                rf"|(?:{_ZH_EVENT}))"
            ),
            cues=tuple(re.sub(r"\[节節\]\??$", "", w) for w in _ZH_HOLIDAY.split("|")),
        ),
        # A day, month and two-digit year after an admission or discharge word: 出院23.3.1.
        Rule(
            "DATE",
            c(
                r"(?:入院|出院|手术|日期[是为：:]?|于)\s*"
                r"(\d{2}[./-](?:1[0-2]|0?[1-9])[./-](?:3[01]|[12]\d|0?[1-9]))(?![\d./-])"
            ),
            group=1,
            accept=_valid_numeric_date,
            min_digits=4,
            cues=("入院", "出院", "手术", "日期", "于"),
        ),
        # Dates of other calendars: Hijri and Hebrew months with a day ("2 Ramadan 1446",
        # "14 Nisan"), and a day of a festival ("the first day of Tết").
        Rule(
            "DATE",
            c(
                r"\b\d{1,2}(?:st|nd|rd|th)?\s+(?:Muharram|Safar"
                r"|Rabi['‘’]?\s?(?:al|ul)[- ](?:Awwal|Thani"
                r"|Akhir)|Jumad[ae]\s+(?:al|ul)[- ](?:Ula|Awwal|Thani|Akhirah?)|Rajab|Sha['‘’]?ban"
                r"|Rama[dz]an|Shawwal|Dhu\s?(?:al|l)[- ]Qa['‘’]?dah|Dhu\s?(?:al|l)[- ]Hijjah"
                r"|Tishrei|Cheshvan"
                r"|Heshvan|Kislev|Tevet|Shevat|Adar|Nisan|Iyar|Sivan|Tammuz|Elul)(?:,?\s+\d{4})?\b"
                r"|(?i:\bthe\s+(?:first|second|third|fourth|fifth|last|\d{1,2}(?:st|nd|rd|th))\s+day\s+of\s+)"
                r"(?:Tết|Tet|Lunar New Year|Chinese New Year|Ramadan|Eid(?: al-(?:Fitr|Adha))?"
                r"|Diwali|Passover|Hanukkah|Nowruz"
                r"|Songkran|Losar)\b"
            ),
            cues=_OTHER_CALENDAR_CUES,
        ),
    )


_EN_UNITS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_EN_UNIT = "|".join(_EN_UNITS)
_EN_AGE_WORDS = rf"ninety(?:[- ](?:{_EN_UNIT}))?|(?:a|one) hundred(?: and (?:{_EN_UNIT}))?"
_ZH_AGE_WORDS = (
    r"九十[一二三四五六七八九]?|一百(?:零[一二三四五六七八九]|一?十[一二三四五六七八九]?)?"
)
_OLDEST = 125


def _over_89(value: str) -> bool:
    """An age written in digits is over 89 (and plausible); spelled-out ages are matched
    only from ninety / 九十 up."""
    return not value.isdigit() or 89 < int(value) <= _OLDEST


def age_rules() -> tuple[Rule, ...]:
    """Ages over 89. HIPAA Safe Harbor aggregates them into one category, 90 or older; the
    number is replaced (92-year-old -> [AGE 90+]-year-old, 92岁 -> [AGE 90+]岁) and ages up to
    89 are clinical details that stay. Decades ("in her 90s", 九旬) are already that category."""
    c = re.compile
    number = rf"(\d{{2,3}}|{_EN_AGE_WORDS})"
    return (
        Rule(
            "AGE",
            c(
                rf"(?i:(?<![\w.]){number}(?=\s*-?\s*(?:years?|yrs?)[\s-]*old\b"
                r"|\s*(?:yo|y/o|y\.o\.|yr old|yrs)(?![\w/])|th birthday\b))"
            ),
            group=1,
            accept=_over_89,
            cues=("old", "yo", "y/o", "y.o", "yrs", "birthday"),
        ),
        Rule(
            "AGE",
            c(rf"(?i:\b(?:aged|age|ages|turned|turning)\b[\s:]*){number}(?!\w|\.\d)"),
            group=1,
            accept=_over_89,
            cues=("age", "turn"),
        ),
        Rule(
            "AGE",
            c(rf"(?<![\d.])(\d{{2,3}}|{_ZH_AGE_WORDS})(?=\s*(?:周岁|岁|高龄))"),
            group=1,
            accept=_over_89,
            cues=("岁", "高龄"),
        ),
        Rule(
            "AGE",
            c(rf"(?:享年|年龄|年纪)[\s:：为是]*(\d{{2,3}}|{_ZH_AGE_WORDS})(?!\d)"),
            group=1,
            accept=_over_89,
            cues=("享年", "年龄", "年纪"),
        ),
        # An age over 89 said of a person further back in the sentence ("My grandmother
        # (everyone calls her Jojo) is 96 and …", "my koro is 90"), or after aged / turning.
        Rule(
            "AGE",
            c(
                rf"(?i:\b(?:{_ELDER_NOUNS}|{_ELDER_MORE})\b(?:(?!{_MEASURE})[^.!?\n\d]){{0,50}}?"
                r"\b(?:is|was|turned|turns|will be|is now|aged|turning)\s+"
                r"(?:now\s+|nearly\s+|almost\s+|just\s+)?)(9\d|1[01]\d)\b"
                rf"{_NOT_AN_AGE}(?!\s*(?:/|mmhg|%|on\b|over\b))"
            ),
            group=1,
            accept=_over_89,
            min_digits=2,
            cues=_OVER_89_CUES,
        ),
        # …said of anyone "my", "our", "his" or "her" names before it ("my old man is 92",
        # "my appachan is 97"), unless a word of a measurement or a test stands there.
        Rule(
            "AGE",
            c(
                r"(?i:\b(?:my|our|his|her|their)\s+"
                rf"(?:(?!{_MEASURE}|{_LAB_WORDS}|{_NOT_A_PERSON})[a-z'’-]+\s+){{1,2}}?"
                r"(?:is|was|turned|turns|will be|'s|’s|is now)\s+"
                r"(?:now\s+|nearly\s+|almost\s+|just\s+)?)(9\d|1[01]\d)\b(?![-\d])"
                rf"{_NOT_AN_AGE}(?!\s*(?:on\b|over\b|percent))"
            ),
            group=1,
            min_digits=2,
            cues=_OVER_89_CUES,
        ),
        # …before "this year", "and still", or a word for years in another language (ah ma 93
        # this year, Mammy 99 and still going strong, bapu ji 95 saal de), or after "lived to".
        Rule(
            "AGE",
            c(
                r"(?i:(?<![\d./:-])(9\d|1[01]\d)(?=\s+(?:this year\b|next (?:month|week|year)\b"
                r"|and still\b|and going strong|years young|already\b|saal\b|sal\b|años\b|ans\b"
                r"|anos\b|an(?=[!.,;])|jahre\b|jaar\b|anni\b|år\b|lat\b|let\b)))"
            ),
            group=1,
            min_digits=2,
            cues=_OVER_89_CUES,
        ),
        Rule(
            "AGE",
            c(
                r"(?i:\b(?:lived|live|living|survived)\s+(?:to|till|until)\s+(?:be\s+)?)"
                rf"(9\d|1[01]\d)\b(?![-\d]){_NOT_AN_AGE}"
            ),
            group=1,
            min_digits=2,
            cues=_OVER_89_CUES,
        ),
        Rule(
            "AGE",
            c(
                r"(?i:\b(?:aged|at the age of|turning|turned|celebrat(?:ed|ing)|reached"
                r"|reaching)\s+)"
                rf"(9\d|1[01]\d)\b{_NOT_AN_AGE}(?!\s*(?:/|mmhg|%))"
            ),
            group=1,
            accept=_over_89,
            min_digits=2,
            cues=("aged", "age of", "turn", "celebrat", "reach"),
        ),
    )


def name_rules() -> tuple[Rule, ...]:
    lex = lexicon()
    surnames = _words(lex.zh_surnames)
    ambiguous = _words(lex.zh_surnames_ambiguous)
    chars = lex.zh_given_chars
    honorific = r"先生|女士|小姐|医生|大夫|主任|教授|护士|老师|阿姨|叔叔"
    minority = _words(lex.zh_minority_parts)
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
                r"(?i:\b(?:hi|hiya|hello|hey|dear all)\b"
                r"(?:\s+(?:all|everyone|there|doctors?))?[,!.]?"
                rf"\s+(?:I'm|I’m|I am|this is|it's|it is|my name's))\s+({_EN_NAME})"
            ),
            group=1,
            cues=("hi", "hello", "hey", "dear"),
        ),
        # "I am Robert Jones", "this is Angela", "my son Ethan Walsh", "Priya Raman here":
        # a common given name after a self-introduction or a relative, or before "here".
        Rule(
            "NAME",
            c(rf"\b(?:I'm|I’m|I am|[Tt]his is|[Ii]t's)\s+({_EN_NAME})\b"),
            group=1,
            accept=_introduced,
            cues=("i'm", "i’m", "i am", "this is", "it's"),
        ),
        # A relative and a capitalised word: "my mum Siân", "my father, Harold Finch",
        # "my sister (Aoife Murphy)", "our eldest, Tenzin".
        Rule(
            "NAME",
            c(
                rf"\b(?i:my|our|his|her|their)\s+(?:(?i:{_KIN_ADJ})\s+)*"
                rf"(?:(?i:{_RELATIVES_EN})['’]s\s+)?(?i:{_RELATIVES_EN})"
                rf"(?:-in-law)?\s*[,(–—-]?\s*({_EN_NAME})"
            ),
            group=1,
            accept=_person_name,
        ),
        # Lists of relatives: "my sisters (Aoife, Niamh)", "both kids, Rhys and Carys".
        Rule(
            "NAME",
            c(
                rf"\b(?i:{_RELATIVES_PLURAL})\s*[,(:–—-]?\s*({_CAP})(?=(?:,\s*|\s+(?:and|&)\s+){_CAP})"
            ),
            group=1,
            accept=_person_name,
        ),
        Rule(
            "NAME",
            c(rf"\b(?i:{_RELATIVES_PLURAL})\s*[,(:–—-]?\s*{_CAP}(?:,\s*|\s+(?:and|&)\s+)({_CAP})"),
            group=1,
            accept=_person_name,
        ),
        Rule(
            "NAME",
            c(
                r"\b(?i:our|my)\s+(?i:youngest|eldest|oldest|middle one|little one|little boy"
                rf"|little girl|boy|girl|lad|baby|twins?)\s*[,(–—-]?\s*({_EN_NAME})"
            ),
            group=1,
            accept=_person_name,
        ),
        # "her name is Aoife", "a boy named Cian", "a nurse called Iolo".
        Rule(
            "NAME",
            c(rf"(?i:\bname(?:['’]s|\s+is|\s+was)|\bnamed|\bcalled)\s+({_EN_NAME})"),
            group=1,
            accept=_person_name,
            cues=("name", "called"),
        ),
        # A name before the relative it is: "Dave (my partner)", "Priyanka and Vikram (my twins)".
        Rule(
            "NAME",
            c(
                rf"\b({_EN_NAME}(?:\s+(?:and|&)\s+{_EN_NAME})?)\s*[(,–—-]\s*(?i:my|our)\s+"
                rf"(?:(?i:{_KIN_ADJ})\s+)*(?i:{_RELATIVES_EN}|{_RELATIVES_PLURAL})\b"
            ),
            group=1,
            accept=_person_name,
        ),
        # A carer or clinician named after the role: "the nurse (Bernadette)".
        Rule(
            "NAME",
            c(
                r"\b(?i:the|our|my|a|her|his)\s+(?i:nurse|doctor|consultant|registrar|midwife|GP"
                r"|physio|physiotherapist|surgeon|dentist|carer|therapist|pharmacist|paramedic"
                r"|health visitor|specialist|counsellor|counselor|OT|social worker|key worker)"
                rf"\s*[,(–—-]\s*({_EN_NAME})"
            ),
            group=1,
            accept=_person_name,
        ),
        Rule(
            "NAME",
            c(rf"(?:^|(?<=[.!?,:;–—-]\s))(?i:{_RELATIVES_EN})\s*\(\s*({_EN_NAME})\s*\)"),
            group=1,
            accept=_person_name,
        ),
        # Nicknames: "we call him Smudge", "known as Bex".
        Rule(
            "NAME",
            c(
                r"(?i:\b(?:we|everyone|they|the kids|the family|people|I)\s+(?:all\s+)?"
                r"(?:call|called|calls)\s+(?:him|her|them|me|my\s+\w+)|\bknown as|\bnicknamed"
                rf"|\baka|\ba\.k\.a\.|\breal name(?:\s+is)?)\s+[\"“'‘]?({_CAP}(?:\s+{_CAP})?)"
            ),
            group=1,
            accept=_person_name,
            cues=("call", "known as", "nicknamed", "aka", "a.k.a.", "real name"),
        ),
        # A greeting at the start of a sentence: "Hi Rhys,", "Dear Dr Nair", "Morning Siân!".
        Rule(
            "NAME",
            c(
                r"(?m)(?:^|(?<=[.!?]\s))\s*(?i:hi|hello|hey|dear|morning|evening|afternoon"
                r"|good morning|good evening|thanks|thank you|cheers|kia ora|hola|olá|ciao|namaste)"
                r"[,!]?\s+"
                rf"({_EN_NAME})(?=\s*[,!:;.—–-]|\s*$)"
            ),
            group=1,
            accept=_person_name,
        ),
        # Sign-offs: a name alone on the last line after "Cheers,", "Love,", "—", or after
        # "Love, " on the same line.
        Rule(
            "NAME",
            c(
                rf"(?:(?i:{_SIGN_OFF})(?i:\s+(?:all|everyone|again|so much|guys|folks))?[,!.]?\s*\n"
                rf"|\n\s*(?:—|–|--?|~)|(?i:{_SIGN_OFF}),|^\s*(?:—|–|--?|~))"
                rf"[ \t]*({_EN_NAME})(?:[ \t]+x+)?[ \t]*(?:\n|$)"
            ),
            group=1,
            accept=_signed_name,
            cues=(*_SIGN_OFF.split("|"), "—", "–", "-", "~"),
        ),
        Rule(
            "NAME",
            c(rf"\b({_EN_NAME})[,.]?\s+here\b"),
            group=1,
            accept=_introduced,
            cues=("here",),
        ),
        # A reply naming whose post it answers: "Re: Kawika's question", "Re n.adeyinka's
        # post" (a user name of any shape: the forum's words around it say it is one).
        Rule(
            "NAME",
            c(
                r"\bRe:?\s+(@?[A-Za-z][\w.]*[A-Za-z0-9])['’]s\s+(?:post|question|comment|reply"
                r"|message|point|thread|story|update|advice)\b"
            ),
            group=1,
            accept=_user_name,
            cues=("re",),
        ),
        # A given name of the gazetteer and a capitalised word: Grace Liu, Rhys Pritchard.
        Rule("NAME", c(rf"\b(?=({_CAP}\s+{_CAP})\b)"), group=1, accept=_given_first),
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
                r"(?:我叫|我的名字是|本人姓名|患者姓名|姓名|联系人|收件人|收货人|家属|户主|来访者"
                r"|來訪者)[\s:：是为]*"
                rf"(?![了过着的个]|{_ZH_NAME_WITHHELD})({_HAN}{{2,4}}){_ZH_NAME_END}"
            ),
            group=1,
            # …not a clinic for a name (收件人：校医院).
            accept=lambda value: not value.endswith(_ZH_PLACE_NOT_NAME),
            cues=(
                *("我叫", "名字", "姓名", "联系人", "收件人", "收货人", "家属", "户主", "来访者"),
                "來訪者",
            ),
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
            cues=("患", "病人", "我", "叫", "孩子", "家", "俺", *_ZH_KIN_CUES),
        ),
        Rule(
            "NAME",
            c(rf"(?:(?<=谢谢)|(?<!谢))((?:小|老)?(?:{surnames}))(?:{honorific})"),
            group=1,
            cues=tuple(honorific.split("|")),
        ),
        # A full name before an honorific (张婷婷医生您好), in brackets (（周婷婷，45岁）,
        # 【王秀英】), at the start of a title (王秀英的肌酐…) or signing off (——刘建国, 李明敬上).
        Rule(
            "NAME",
            c(rf"((?:{surnames})[{chars}]{{1,2}})(?:{honorific})"),
            group=1,
            cues=tuple(honorific.split("|")),
        ),
        Rule(
            "NAME",
            c(
                rf"[（(【\[]\s*((?:{surnames}){_HAN}{{1,2}}|(?:{ambiguous})[{chars}]{{1,2}})"
                r"\s*(?=[，,、）)】\]])"
            ),
            group=1,
            cues=("（", "(", "【", "["),
        ),
        Rule("NAME", c(rf"^(?:求助[：:]?)?((?:{surnames})[{chars}]{{1,2}})(?=的|，|,)")),
        Rule(
            "NAME",
            c(rf"(?:——|--|—|~)\s*((?:{surnames}){_HAN}{{1,2}})\s*$"),
            group=1,
            cues=("—", "--", "~"),
        ),
        Rule(
            "NAME",
            c(rf"((?:{surnames}){_HAN}{{1,2}})(?:敬上|拜上)"),
            group=1,
            cues=("敬上", "拜上"),
        ),
        # Tibetan, Uyghur and Mongolian names: two parts anywhere, one after a cue; a known
        # part followed by transliteration characters (古丽 + 米拉); a run of three or more
        # transliteration characters after a cue (我是依力夏提).
        Rule("NAME", c(rf"(?:{minority})(?:·?(?:{minority}))+")),
        Rule("NAME", c(rf"(?:{minority})[{_TRANSLIT}]{{1,4}}(?=[的，,。：:\s]|$)")),
        Rule(
            "NAME",
            c(rf"(?:{_ZH_CUES})([{_TRANSLIT}]{{3,8}}(?:·[{_TRANSLIT}]{{2,6}})?){_ZH_NAME_END}"),
            group=1,
            cues=_ZH_MINORITY_CUES + _ZH_KIN_CUES,
        ),
        # Nicknames after a cue or in a title bracket: 宝宝叫糖糖, 【苗苗】, 女儿小米粒4岁.
        Rule(
            "NAME",
            c(
                rf"(?:叫|【|宝宝|女儿|儿子|闺女|孩子)((?P<c>{_HAN})(?P=c)|小{_HAN}{{1,2}})"
                rf"(?=[，,。】\s\d]|$|今年|的)"
            ),
            group=1,
            cues=("叫", "【", "宝宝", "女儿", "儿子", "闺女", "孩子"),
        ),
        Rule(
            "NAME",
            c(rf"(?:——|--|—|~)\s*(小?{_HAN}{{1,4}}?)(?:妈妈|爸爸|妈|爸|家长)?\s*$"),
            group=1,
            cues=("—", "--", "~"),
        ),
        Rule(
            "NAME",
            c(rf"(?:{_ZH_CUES}|[（(])((?:{minority}))"),
            group=1,
            cues=_ZH_MINORITY_CUES + _ZH_KIN_CUES,
        ),
        # A minority name addressed (艾尔肯大哥，) or in a pair of people (我和乌日娜都是).
        Rule(
            "NAME",
            c(rf"((?:{minority})[{_TRANSLIT}]{{0,3}}?)(?={_ZH_ADDRESS})"),
            cues=("大", "阿姨", "老师", "好", "哥", "姐"),
        ),
        Rule(
            "NAME",
            c(rf"(?<=[和与跟、])((?:{minority}))(?=都|也|和|、|[，,。])"),
            group=1,
            cues=("和", "与", "跟", "、"),
        ),
        # A person addressed with a kinship suffix after thanks, a role or a list: 谢谢琴姐分享,
        # 造口师黎姐, 收件人向大姐, 小蝶姐帮忙转发 (表姐, 大姐, 师姐 alone are no names).
        Rule(
            "NAME",
            c(
                rf"(?:{_ZH_ADDRESS_CUE}|^|(?<=[，,。！!\s]))"
                rf"((?:小|阿)?(?:(?:{surnames})|(?:{ambiguous})|[{chars}]){{1,2}}?大?[姐哥叔姨])"
                r"(?=[，,。！!\s、（(：:]|分享|帮忙|说|你好|您好|教|的|人|也|很|真|特别|$)"
            ),
            group=1,
            accept=_zh_addressed,
            cues=("姐", "哥", "叔", "姨"),
        ),
        # Nicknames in a list after thanks: 感谢群里的阿宁、莫莫.
        Rule(
            "NAME",
            c(
                rf"(?:感谢|谢谢|多谢|群里的)(?:群里的)?((?:{_zh_nick('a')})(?:[、和与跟及](?:{_zh_nick('b')}))+)"
            ),
            group=1,
            cues=("谢", "群里的"),
        ),
        # A name written in transliteration characters and glossed in Latin letters:
        # 马克（Mark Halloran）; both parts are the name.
        Rule(
            "NAME",
            c(rf"([{_XLIT}]{{2,5}})\s*[（(]\s*(?:{_CAP})(?:[ -]{_CAP}){{1,2}}\s*[)）]"),
            group=1,
            cues=("（", "("),
        ),
        Rule(
            "NAME",
            c(rf"[{_XLIT}]{{2,5}}\s*[（(]\s*((?:{_CAP})(?:[ -]{_CAP}){{1,2}})\s*[)）]"),
            group=1,
            accept=_plausible_name,
            cues=("（", "("),
        ),
        # A Latin name after a word for a person in Chinese text (邻居Delroy, 客户Khalid
        # Al-Mansouri) or before a title (Delroy大叔).
        Rule(
            "NAME",
            c(rf"(?:{_ZH_PERSON_WORD})\s?({_EN_NAME})(?=[\u4e00-\u9fff（(，,。、\s]|$)"),
            group=1,
            accept=_plausible_name,
            cues=tuple(_ZH_PERSON_WORD.split("|")),
        ),
        Rule(
            "NAME",
            c(rf"(?<![A-Za-z])({_EN_NAME})(?=大叔|大爷|阿姨|先生|女士|大哥|大姐|老师|医生|教授)"),
            group=1,
            accept=_plausible_name,
            cues=("大叔", "大爷", "阿姨", "先生", "女士", "大哥", "大姐", "老师", "医生", "教授"),
        ),
        # Forum handles by where they stand: a quote header ("> TomH_runs wrote:", 引用 糖爸老陈
        # 的发言), a reply to a user's post ("Re: MaryAnnB's question"), a handle opening a line
        # ("nightowl_nurse, the fax …").
        Rule(
            "NAME",
            c(r"(?m)^[ \t]*>?[ \t]*([A-Za-z][\w.\-]{2,29})[ \t]+(?:wrote|said|posted)[ \t]*:"),
            group=1,
            accept=_plausible_name,
            cues=("wrote", "said", "posted"),
        ),
        Rule(
            "NAME",
            c(r"\bRe:\s+([A-Za-z][\w.\-]{2,29})['’]s\b"),
            group=1,
            accept=_handle_shaped,
            cues=("re:",),
        ),
        Rule("NAME", c(r"(?m)^[ \t]*([a-z][a-z0-9]*_[a-z0-9_]+)(?=[,:])"), cues=("_",)),
        # User names by their shape wherever they stand: words joined by underscores
        # (sunnyday_ldn, Marguerite_B), capitalised words run together with digits or of three
        # and more (PinkFlamingo77, MidlandsMumOf3); a dotted lower-case name (tammy.r) and any
        # of these after a quote or reply cue, or addressed at the start of a sentence.
        Rule(
            HANDLE,
            c(r"(?<![\w@./:#-])[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?![\w@]|\.[A-Za-z]|/)"),
            accept=_user_name_shaped,
            cues=("_",),
        ),
        Rule(
            HANDLE,
            c(r"(?<![\w@./:#-])(?:[A-Z][a-z]+){2,}[A-Z]?\d{1,4}(?![\w@]|\.[A-Za-z])"),
            accept=_user_name_shaped,
            min_digits=1,
        ),
        Rule(
            HANDLE,
            c(
                r"(?i:\b(?:quote from|quoting|replying to|reply to|in reply to|re:|user|member"
                r"|(?:posted|answered|asked|replied|submitted) by|mod note:|moderator:)\s*)"
                r"[\"“']?([A-Za-z][\w.\-]{2,29}[A-Za-z0-9])"
            ),
            group=1,
            accept=lambda v: _looks_like_handle(v) and _user_name_shaped(v),
            cues=("quot", "repl", "re:", "user", "member", "ed by", "mod"),
        ),
        Rule(
            HANDLE,
            c(r"(?:^|(?<=[.!?:]\s))([a-z][a-z0-9]{2,}\.[a-z0-9]{1,12})(?=,)"),
            group=1,
            accept=_user_name_shaped,
            cues=(".",),
        ),
        Rule(
            "NAME",
            c(r"(?:引用|回复)\s*([^\s：:，,「」]{2,12}?)\s*的(?:发言|回复|帖子)"),
            group=1,
            cues=("引用", "回复"),
        ),
        # A nickname given (小名「铁蛋」) and a group's manager by name (管理员晴天会拉你进群).
        Rule(
            "NAME",
            c(rf"(?:小名|乳名|外号|绰号)(?:叫|是)?\s*[「“\"『]({_HAN}{{1,4}})[」”\"』]"),
            group=1,
            cues=("小名", "乳名", "外号", "绰号"),
        ),
        Rule(
            "NAME",
            c(rf"(?:管理员|群主|版主)\s*({_HAN}{{2,3}}?)(?=会|说|是|[，,：:])"),
            group=1,
            accept=lambda v: re.search(f"[{_ZH_NOT_IN_NAME}]", v) is None,
            cues=("管理员", "群主", "版主"),
        ),
        # Chinese forum handles by position, whatever words they are made of (一只快乐的小羊):
        # a reply or quote header opening a line (回 X：, 回复X:, 引用 X：, @X:, "X 说："), thanks
        # for a post (谢谢 X 的回复), an ID introduced (我的ID是 X, 网名：X), a sign-off
        # (——思念老爸的小燕, ——X敬上), and a handle of characters and digits (我是木子李123).
        Rule(
            HANDLE,
            c(
                # (回 alone, not opening a word: 回访记录：)
                r"(?m)^[ \t]*(?:回复|回(?![访訪顾顧收归歸家来來去到头頭答应應"
                r"诊診院避升落馈饋报報忆憶执執信])"
                rf"|引用|答复|@)[ \t]*[:：]?[ \t]*({_ZH_HANDLE_TEXT})[ \t]*[:：]"
            ),
            group=1,
            accept=_zh_handle,
            cues=("回", "引用", "答复", "@"),
        ),
        Rule(
            "NAME",
            c(rf"(?m)^[ \t]*({_ZH_HANDLE_TEXT})[ \t]*(?:说|写道)[ \t]*[:：]"),
            group=1,
            accept=_zh_handle,
            cues=("说", "写道"),
        ),
        Rule(
            "NAME",
            c(
                rf"(?:谢谢|感谢|多谢)[ \t]*({_ZH_HANDLE_TEXT})[ \t]*"
                r"的(?:回复|回答|解答|分享|建议|帖子"
                r"|提醒|指点|经验|科普)"
            ),
            group=1,
            accept=_zh_handle,
            cues=("谢谢", "感谢", "多谢"),
        ),
        Rule(
            "NAME",
            c(
                r"(?:(?:我的|论坛|我)(?:ID|id|Id)|网名|昵称|用户名|马甲|签名)[ \t]*(?:是|叫|为)?"
                r"[ \t]*[:：]?"
                rf"[ \t]*[「“\"]?({_ZH_HANDLE_TEXT})(?=[」”\"]|[，,。！!？?；;（(\s]|$)"
            ),
            group=1,
            accept=_zh_handle,
            cues=("id", "网名", "昵称", "用户名", "马甲", "签名"),
        ),
        Rule(
            "NAME",
            c(
                rf"(?m)(?:——|--|—|~)[ \t]*({_ZH_HANDLE_TEXT})[ \t]*(?:妈妈|爸爸|家长)?"
                r"(?:敬上|拜上|谨上|留)?"
                r"[ \t!！。.]*$"
            ),
            group=1,
            accept=_signed_handle,
            cues=("—", "--", "~"),
        ),
        Rule(
            "NAME",
            c(
                rf"(?:我是|我叫)({_HAN}{{1,8}}(?=[A-Za-z]*[0-9_])[A-Za-z0-9_]{{2,8}})(?=[，,。！!？?；;\s（(]|$)"
            ),
            group=1,
            accept=lambda v: "不" not in v,
            cues=("我是", "我叫"),
        ),
        # Nicknames given without quotes (小名叫铁蛋，, 我们都叫她糖糖), a pet name doubled after a
        # kinship word (儿子嘟嘟, 娃乐乐) and a name in brackets after one (我妈（凤英）).
        Rule(
            "NAME",
            c(
                rf"(?:(?:小名|乳名|外号|绰号|昵称)(?:叫|是)|(?:都|一直|我们|大家|家里人?|平时)叫(?:他|她))"
                rf"[ \t]*({_HAN}{{2,3}})(?=[，,。！!？?、；;\s）)]|$)"
            ),
            group=1,
            accept=_zh_handle,
            cues=("小名", "乳名", "外号", "绰号", "昵称", "叫他", "叫她"),
        ),
        Rule(
            "NAME",
            c(rf"(?:{ZH_KIN_WORDS}|娃|那口子|老伴)((?P<pet>{_HAN})(?P=pet))(?!(?P=pet))"),
            group=1,
            accept=lambda v: v not in _ZH_DOUBLED_WORDS,
            cues=(*_ZH_KIN_CUES, "娃", "那口子", "老伴"),
        ),
        Rule(
            "NAME",
            c(rf"(?:{ZH_KIN_WORDS}|那口子|老伴|对象)[ \t]*[（(]({_HAN}{{2,3}})[)）]"),
            group=1,
            accept=_zh_handle,
            cues=(*_ZH_KIN_CUES, "那口子", "老伴", "对象"),
        ),
        # A Japanese name (a surname of the list and one or two characters) after a title, a
        # kinship or a role word, or before a title: 日本医生佐藤健一说.
        Rule(
            "NAME",
            c(
                rf"(?:{_words(lex.jp_surnames)})(?:{_HAN}{{1,2}}?)"
                rf"(?=(?:{honorific}|桑|君|说|是|在|的|[，,。！!？?（(\s]|$))"
            ),
            cues=lex.jp_surnames,
        ),
    )


def street_town_rules() -> tuple[Rule, ...]:
    """The town after a street: "12 Station Road, Truro", "48 Birchmount Cres, Lorne Falls".
    Ahead of the name rules: a town named like a person (Lorne Falls, Marana Springs) after a
    street and a comma is a place."""
    return (
        Rule(
            "LOCATION",
            re.compile(
                r"\b(?:Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Drive|Way|Close|Crescent|Terrace|Grove"
                r"|Cres|Tce|View|Pde|Parade|Blvd|Court|Ct|Hwy|Dr(?=\.?,))"
                # …not a flat's word and its number (45 Mott Terrace, Apt 6C)
                rf"\.?(?:,|\s+in)\s+{_NOT_PLACE_WORD}(?!(?:Apt|Flat|Unit|Suite)\.?\s*\d)"
                rf"({_CAP}(?:\s{_CAP})?)"
            ),
            group=1,
            accept=_plausible_name,
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
                r"\b\d{1,5}[A-Za-z]?\s+(?:(?:Via|Rue|Calle|Avenida|Rua)\s+[A-Z][a-z]+\b"
                r"|(?:(?:N|S|E|W|NE|NW|SE|SW)\.?\s+)?(?:[A-Z][a-z]+\s+){1,3}"
                r"(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Way|Court|Ct|Place"
                r"|Grove|Close|Crescent|Cres|Terrace|Tce|Gardens|Row|Square|Mews|Parkway|Highway"
                r"|Hwy|Circle|Trail|Walk|Hill|View|Pde|Parade|Brae|Wynd|Vennel|Loaning"
                r"|Dr(?!\.?\s+[A-Z][a-z]))\b\.?"
                r"(?:\s(?:N|S|E|W|NE|NW|SE|SW)\b(?![.'’]?\w))?)"
            ),
            min_digits=1,
        ),
        Rule(
            "LOCATION",
            c(
                rf"\b{_NOT_PLACE_WORD}(?:[A-Z][a-z]+\s+){{1,3}}(?:Street|Avenue|Road|Boulevard|Lane"
                r"|Drive|Close|Crescent|Terrace|Grove|Gardens|Square|Mews|Parkway|Rd|Ave|Blvd|Ln"
                r"|Cres|Tce|Pde|Hwy)\b"
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
                *("rd", "ave", "blvd", "ln", "cres", "tce", "pde", "hwy"),
            ),
        ),
        # UK postcode (NW1 6XE, M14 5RT), with the town before it; bounded by Latin letters and
        # digits only, so that it is found next to a Chinese character too (在M14 5RB那边).
        Rule("LOCATION", c(rf"(?<![A-Za-z0-9]){UK_POSTCODE}(?![A-Za-z0-9])"), min_digits=2),
        Rule(
            "LOCATION",
            c(rf"\b{_NOT_PLACE_WORD}([A-Z][a-z]+(?:\s[A-Z][a-z]+)?),?\s+{UK_POSTCODE}\b"),
            group=1,
            min_digits=2,
        ),
        # US ZIP code after a state, and any postcode after its label.
        Rule(
            "LOCATION",
            # …and a territory's (Red Hook, St. Thomas, VI 00802; Hato Rey, PR 00918).
            c(rf"\b(?:{states}|{_STATE_CODES}|PR|VI|GU|MP|AS)\s+(\d{{5}}(?:-\d{{4}})?)\b"),
            group=1,
            min_digits=5,
        ),
        Rule(
            "LOCATION",
            c(
                r"(?i:zip(?:\s*code)?|post\s?code|postal code|邮编)(?:\s+is)?[\s:：是为]*"
                r"([A-Z\d][A-Z\d -]{2,8}[A-Z\d])"
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
        # Canadian postcodes (K1A 0B1) and Australian ones after the state (NSW 2750), with
        # the town before them.
        Rule("LOCATION", c(rf"\b(?!T\dN\dM\d\b){_CA_POSTCODE}\b"), min_digits=3),
        Rule("LOCATION", c(rf"\b(?:{_AU_STATES})\s+\d{{4}}\b(?!-\d)"), min_digits=4),
        # An Australian postcode after a state written out ("Victoria, 3127"), and a
        # four-digit postcode after a known town ("Lower Hutt 5040").
        Rule(
            "LOCATION",
            c(
                r"\b(?:Victoria|Queensland|Tasmania|New South Wales|Western Australia"
                r"|South Australia"
                r"|Northern Territory),?\s+(\d{4})\b"
            ),
            group=1,
            min_digits=4,
        ),
        Rule(
            "LOCATION",
            c(rf"\b{_NOT_PLACE_WORD}{_CAP}(?:\s{_CAP})?,?\s+\d{{4}}(?=\s*(?:[–,.;:)\-]|$))"),
            accept=_town_and_postcode,
            min_digits=4,
        ),
        # A PO box and a flat or apartment with its street ("Flat 3, 22 Cathcart Road").
        Rule(
            "LOCATION",
            # …with the post office's code after it, as Kenya writes it (P.O. Box 48213-00100)
            c(r"(?i:\b(?:P\.?\s?O\.?|Post Office)\s*Box)\s+\d{1,6}(?:-\d{5})?\b"),
            cues=("box",),
        ),
        Rule(
            "LOCATION",
            c(
                r"\b(?:Flat|Apartment|Apt\.?|Unit|Suite|Level|Floor)\s+\d+[A-Za-z]?,?\s+\d{1,5}[A-Za-z]?\s+"
                r"(?:[A-Z][a-z]+\s+){1,3}(?:Street|St|Avenue|Ave|Road|Rd|Lane|Drive|Close|Crescent"
                r"|Way|Place|Terrace|Court|Gardens|Grove|Hill|Row|Square|Parade)\b"
            ),
            cues=("flat", "apartment", "apt", "unit", "suite", "level", "floor"),
        ),
        # Named facilities with a generic head ("Fernbank Care Home", "Nizam's Institute",
        # "Brookhaven Senior Living"), "Hospital X" ("taken to Hospital Costa del Sol") and
        # a short name after a preposition ("from Toronto Western", "at Monash Children's",
        # "out of Oakfield House").
        Rule(
            "LOCATION",
            c(
                rf"\b{_NOT_PLACE_WORD}(?:{_CAP}(?:['’]s)?\s+){{1,3}}(?:Care Home|Nursing Home"
                r"|Residential Home|Rest Home|Senior Living|Retirement Village|Retirement Home"
                r"|Assisted Living|Care Centre|Care Center|Institute|Community College"
                r"|Old Age Home|Home for the Aged|Church Hall|Community Hall|Parish Hall)\b"
            ),
            accept=_facility,
            cues=("home", "living", "village", "institute", "care cent", "college", "hall"),
        ),
        Rule(
            "LOCATION",
            c(
                r"(?i:\b(?:to|at|in|into|from|of)\s+)(Hospital\s+(?:(?:de|del|la|las|los|da|do|dos|das"
                rf"|di|y)\s+)*{_CAP}(?:\s+(?:(?:de|del|la|las|los|da|do|dos|das|di|y)\s+)*{_CAP}){{0,3}})"
            ),
            group=1,
            accept=lambda v: v.split()[1] not in _NOT_FACILITY,
            cues=("hospital",),
        ),
        Rule(
            "LOCATION",
            c(
                r"(?i:\b(?:to|at|in|into|from|out of|of)\s+)"
                rf"({_NOT_PLACE_WORD}(?:{_CAP}\s+){{1,2}}(?:Western|Eastern|General|Children['’]s"
                r"|Women['’]s|Memorial|Infirmary|House|Lodge|Manor|Grange))\b"
            ),
            group=1,
            accept=_facility,
            cues=(
                *("western", "eastern", "general", "children", "women", "memorial", "infirmary"),
                *("house", "lodge", "manor", "grange"),
            ),
        ),
        Rule(
            "LOCATION",
            c(
                rf"\b{_NOT_PLACE_WORD}({_CAP}(?:\s{_CAP})?),?\s+(?:{_CA_POSTCODE}|(?:{_AU_STATES})\s+\d{{4}})\b"
            ),
            group=1,
            min_digits=3,
        ),
        Rule(
            "LOCATION",
            c(rf"\bfrom\s+{_NOT_PLACE_WORD}({_EN_NAME})\s+here\b"),
            group=1,
            accept=_plausible_name,
            cues=("here",),
        ),
        # A town after "here in", "just outside", "near", "moved from" …
        Rule(
            "LOCATION",
            c(
                r"(?i:\bhere in|\bjust outside(?: of)?|\boutside of|\bnear|\bnearby|\bmoved from"
                r"|\boriginally from|\bam from|\bup in|\bdown in|\bover in|\bout in|\bback in"
                r"|\bhome in|\bhometown|\bfarm (?:near|outside))"
                rf"\s+{_NOT_PLACE_WORD}({_EN_NAME})"
            ),
            group=1,
            accept=_plausible_name,
            cues=("in", "outside", "near", "from", "hometown"),
        ),
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
        # A street named after on/off/along: "The Laurels on Station Road".
        Rule(
            "LOCATION",
            c(
                rf"\b(?:on|off|along)\s+({_NOT_PLACE_WORD}(?:{_CAP}\s+){{1,2}}(?:Road|Street|Lane"
                r"|Avenue|Drive|Crescent|Close|Terrace|Gardens))\b"
            ),
            group=1,
            cues=(
                *("road", "street", "lane", "avenue", "drive", "crescent", "close"),
                "terrace",
                "gardens",
            ),
        ),
        # A named school: "Littleover Community School", "St Anne's Primary School".
        Rule(
            "LOCATION",
            c(
                rf"\b{_NOT_PLACE_WORD}((?:{_CAP}(?:['’]s)?\s+){{1,3}}(?:Primary|Secondary|High"
                r"|Community|Grammar|Infant|Junior|Middle|Elementary|Catholic|Comprehensive"
                r"|C of E|CE)\s+School)\b"
            ),
            group=1,
            cues=("school",),
        ),
        Rule(
            "LOCATION",
            c(
                rf"(?:{zh_places})(?:省|市|自治区)?(?:[^\W\d{_ZH_NOT_IN_NAME}]{{1,5}}?(?:(?<!社)区|县|市))?"
                rf"(?:(?!(?:康复|中|社区)医院|{ZH_GRADE_OF_HOSPITAL}|(?:一家|这家|那家|一个|某家?)(?:{ZH_KIND_OF_HOSPITAL}))"
                rf"[^\W{_ZH_NOT_IN_NAME}]{{0,12}}?(?:{_ZH_HOSPITAL}|{_ZH_CARE_HOME}|[路街]\d*(?:号{_ZH_COMPOUND})?"
                r"|大道|小区))?"
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
            # a kind of hospital named on its own (中医院, 县人民医院)
            accept=lambda v: not is_kind_of_hospital(v),
            cues=("医院", "保健院"),
        ),
        # A town, township or village after 在, 住, 老家, 来自, 我们: 在柳林乡打工, 我们三河镇.
        Rule(
            "LOCATION",
            c(
                rf"(?:住在?|在|老家|来自|我们|家在|回|是|从)({_HAN}{{2,4}}?(?:区|[{_ZH_AREA_SUFFIX}]))"
            ),
            group=1,
            accept=_zh_town,
            cues=tuple(_ZH_AREA_SUFFIX) + ("区",),
        ),
        Rule(
            "LOCATION",
            # …not an English word in lower case (住在nursing home).
            c(
                r"(?:住在|住址|地址|家住|(?<!大)家在)[\s:：是为在]*+(?![a-z])([^\s，,。；;！!～~]{2,30})"
            ),
            group=1,
            # …not a ward and bed (住在3病区12床): where a patient lies, not where they live.
            accept=lambda v: _ZH_WARD_BED.fullmatch(v) is None,
            cues=("住", "地址", "家在"),
        ),
    )


# A ward, room or bed by number (3病区12床, 5楼18床, 301病房).
_ZH_WARD_BED = re.compile(
    r"(?:[\d一二三四五六七八九十]+(?:病区|病房|号楼|楼|区)\s?)?[\d一二三四五六七八九十]+(?:号床|床|室|号?病房)"
)


# 楼上 and 楼下 name a reply's floor, not after a verb of going (走到楼下便利店: downstairs).
_ZH_HANDLE_CUE = (
    r"回复|(?<![到去在住走跑])楼[上下]|楼主|B站|b站|微博(?:是|号)?|小红书(?:是|号)?"
    r"|抖音(?:是|号)?|昵称(?:是|叫)?"
)
_ZH_HANDLE_CUES = ("回复", "楼上", "楼下", "楼主", "b站", "微博", "小红书", "抖音", "昵称")
# Hospitals known by their short name alone.
_FAMOUS_HOSPITALS = (
    "协和",
    "华西",
    "湘雅",
    "瑞金",
    "华山",
    "齐鲁",
    "阜外",
    "安贞",
    "天坛",
    "宣武",
    "积水潭",
    "长海",
    "西京",
    "仁济",
)
_PLACE_CUE_EN = r"in|at|near|from|to|outside|around|visiting|via|of|round|towards|between|and"
_ZH_LOCATIVE = r"住在?|在|来自|从|去|到|回|老家(?:是|在)?|家在|我们|俺们|咱们|是|坐标|定位"
_ZH_PLACE_AFTER = r"的?(?:医生|医院|人民医院|中医院|这边|那边|这里|那里|当地|本地|人|市|县|区)"


_DATE_WORDS = frozenset(
    ["Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov", "Dec"]
    + ["Mon", "Tue", "Tues", "Wed", "Thu", "Thur", "Thurs", "Fri", "Sat", "Sun"]
)

_CALENDAR_WORDS = _DATE_WORDS | set(calendar.month_name[1:]) | set(calendar.day_name)


def _given_name(value: str) -> bool:
    """A common given name (rank <= 500 in some country, or hand-listed) that is not a word
    the rules must keep: a drug, an eponym, a country or region."""
    lex = lexicon()
    return (
        value not in lex.not_names
        and value not in _DATE_WORDS
        and lex.is_given(value, 500)
        and not lex.is_drug_name(value)
        and not lex.is_eponym(value)
        and not lex.is_kept_place(value)
    )


_EN_WEEKDAYS = tuple(day.lower() for day in calendar.day_name)
# Words before a weekday that make it the day of an event, in English and in the languages
# whose weekday names the calendar table holds (el jueves, le mardi, am Montag, hari Senin).
_WEEKDAY_CUE_EN = (
    r"on|coming|next|last|this|by|until|till|in|from|before|after|since|starting|recheck|review"
    r"|due|onset"
)
_WEEKDAY_CUE = (
    rf"{_WEEKDAY_CUE_EN}|le|ce|depuis|dès|avant|après|el|este|desde|hasta|antes del|am|op|hari"
    r"|na|no|ar|il|regresar|volver|vuelve|regresa"
)
# Words after a weekday that make it a day's (mardi dernier, el martes pasado).
_WEEKDAY_THEN = r"dernier|prochain|pasado|próximo|proximo|passado|que vem|scorso|prossimo"
# A month name of two to four capitals is an abbreviation first (2 DES: two drug-eluting
# stents), not a month.
_NOT_CAPS = r"(?![A-Z]{2,4}(?![\w'’-]))"
# What makes a weekday every week's rather than one day's (after Jumat prayers).
_WEEKLY_AFTER = r"(?i:[ \t]+(?:prayers?|services?|mass|market|school|clinics?|sessions?))\b"
_YEAR_AFTER = r"(?:,?[ \t]+(?:de[ \t]+)?(?:19|20)\d\d(?!\d))?"


def _calendar_names(
    names: dict[str, tuple[str, ...]], shortest: int, widely: int | None, after_day: bool = False
) -> tuple[str, ...]:
    """The names of `names` in other languages than English (whose names the date rules
    know) of `shortest` letters or more: a short name (three letters or fewer after a day,
    four elsewhere) only when three languages or more write it (not wik, dah, borg: one
    language's; juin after a day), and none that is an
    English word (now, her, can), nor, unless `after_day` (a day's number before it leaves a
    name no doubt: 4 avril), a given name, surname or town (Avril, Gwen, Sabi); except, with
    `widely`, a name that so many languages write (des, set: a month's short name in ten
    languages; mardi, domingo: a weekday in three)."""
    lex = lexicon()

    def ordinary(name: str) -> bool:
        title = name.title()
        return name in lex.en_common_words or (
            not after_day
            and (title in lex.given_rank or title in lex.family_names or title in lex.en_towns)
        )

    return tuple(
        name
        for name, languages in names.items()
        if "en" not in languages
        and len(name) >= shortest
        and (len(name) > (3 if after_day else 4) or len(languages) >= 3)
        and (not ordinary(name) or (widely is not None and len(languages) >= widely))
    )


def calendar_rules() -> tuple[Rule, ...]:
    """Dates in the language of whoever wrote them, from the calendar table
    (`redact_calendar`: month and weekday names of every language dateparser knows in Latin
    letters) rather than one list per language:
    - a day and a month's name, with its year if one follows (14. febrúar, 15 de marzo, 17
      août 2019, 26 Des), and a month's name and a day (agosto 3);
    - a weekday's name after a word that dates an event (coming Déardaoin, on Diciadain, el
      jueves; lower-case English too: bring her in friday), before the day's number (jueves
      8) or a numeric date (terça, 12/04; thứ Bảy 8/6) or before a word that makes it one
      day (mardi dernier)."""
    lex = lexicon()
    day_month = trie(_calendar_names(lex.months, 3, widely=10, after_day=True))
    month_day = trie(_calendar_names(lex.months, 3, widely=None))
    weekdays = trie(_calendar_names(lex.weekdays, 4, widely=3))
    c = re.compile
    return (
        Rule(
            "DATE",
            c(
                rf"(?<![\w./:-])({_DAY}(?:\.|º|ª|er)?[ \t]+(?:de[ \t]+)?{_NOT_CAPS}"
                rf"(?i:{day_month}){_YEAR_AFTER})(?![\w'’-])"
            ),
            group=1,
            min_digits=1,
        ),
        Rule(
            "DATE",
            c(
                rf"(?<![\w'’./-])({_NOT_CAPS}(?i:{month_day})\.?[ \t]+{_DAY}(?:st|nd|rd|th|º)?"
                rf"{_YEAR_AFTER})(?![\w'’]|[.,/:]\d)"
            ),
            group=1,
            min_digits=1,
        ),
        Rule(
            "DATE",
            c(
                rf"(?i:(?<![\w'’-])(?:{_WEEKDAY_CUE})[ \t]+)((?i:{weekdays}))(?![\w'’-])"
                rf"(?!{_WEEKLY_AFTER})"
            ),
            group=1,
        ),
        Rule(
            "DATE",
            c(
                rf"(?i:(?<![\w'’-])(?:{_WEEKDAY_CUE_EN})[ \t]+)"
                rf"((?i:{'|'.join(_EN_WEEKDAYS)}))(?![\w'’-])(?!{_WEEKLY_AFTER})"
            ),
            group=1,
        ),
        Rule(
            "DATE",
            c(
                rf"(?<![\w'’-])((?i:{weekdays})[ \t,]+{_DAY}(?:er|º)?"
                rf"(?:\.?[ \t]+(?:de[ \t]+)?{_NOT_CAPS}(?i:{day_month}){_YEAR_AFTER}"
                # …or its month by number (thứ Bảy 8/6, terça, 12/04)
                r"|[./](?:1[0-2]|0?[1-9])(?:[./](?:19|20)?\d\d)?)?)"
                # (not a span of time: last Sabado, 8 weeks na sana)
                r"(?![\w'’]|[.,/:]\d|[ \t]+(?i:weeks?|wks?|days?|months?|years?|yrs?)\b)"
            ),
            group=1,
            min_digits=1,
        ),
        Rule(
            "DATE",
            c(rf"(?<![\w'’-])((?i:{weekdays}))(?=[ \t]+(?i:{_WEEKDAY_THEN})\b)"),
            group=1,
        ),
    )


# A health post's kind in the language of its country, before the place it serves: the kind
# is kept, the place is taken (Puskesmas| Lampuuk, Dispensaire de| Camopi, Centro de Salud
# de| Nebaj, Posto de Saúde| Caiçara).
_HEALTH_POST = re.compile(
    r"\b(?:Puskesmas|Posyandu|Pustu|Polindes|Rumah Sakit|Klinik|Dispensaire(?: de| d['’])?"
    r"|Centre de [Ss]anté(?: de| d['’])?|Centro de [Ss]alud(?: de)?"
    r"|Posto de [Ss]aúde(?: de| do| da)?"
    r"|Unidade de [Ss]aúde(?: de)?|Puesto de [Ss]alud(?: de)?|Hôpital(?: de| d['’])?"
    r"|Hospital de|Clínica de|CLSC|CSSS|Poste de santé(?: de)?|Dispensario(?: de)?"
    # …and the Nordic, Slavic, Italian and Brazilian ones (Lægehuset Trøjborg, Ginekološka
    # ambulanta Split, UBS Compensa).
    r"|Lægehuset|Lægehus|Legesenter|Legekontor|Vårdcentralen|Vårdcentral|Hälsocentral"
    r"|[Aa]mbulanta|Dom zdravlja|Ambulatorio(?: di)?|Consultorio(?: de)?|UBS)"
    rf"[ \t]*({_CAP}(?:[ \t-]+(?:{_CAP}|de|do|da|del|la)){{0,2}})(?<![ \t-]de)(?<![ \t-]do)"
    r"(?<![ \t-]da)(?<![ \t-]del)(?<![ \t-]la)"
)


def health_post_rules() -> tuple[Rule, ...]:
    """The place a health post serves after the post's kind in its country's language
    (Puskesmas Lampuuk, Dispensaire de Camopi): the place alone, the kind being no
    identifier."""
    return (
        Rule("LOCATION", _HEALTH_POST, group=1, accept=lambda v: not lexicon().is_common_word(v)),
    )


# A name opening a register's entry before the person's sex and age or people (玉波 女 34岁,
# 木然早诺 男 12岁, 祁桑吉卓玛，女，土族，96岁): whatever its origin, a name needs no gazetteer
# there.
_ZH_SEX_AGE_ENTRY = re.compile(
    r"(?:^|(?<=[\s：:，,、；;】\]）)>|]))"
    r"(?!患者|病人|病员|病員|孕妇|孕婦|产妇|產婦|老人|老年|牧民|村民|儿童|兒童|婴儿|嬰兒|患儿|患兒|伤者|傷者"
    r"|死者|家属|家屬|本人|姓名|性别|性別|宝宝|寶寶|孩子|小孩|女儿|女兒|儿子|兒子|医生|醫生|大夫)"
    rf"({_HAN}{{2,5}}?)(?<!你好)(?<!您好)"
    r"[ \t\u3000]*[，,、/|]?[ \t\u3000]*[男女](?!性)[ \t\u3000]*[，,、/|]?[ \t\u3000]*"
    r"(?:(?:\d{1,3}|[一二三四五六七八九十百]{1,4})[岁歲]|[\u4e00-\u9fff]{1,3}族)",
    re.MULTILINE,
)


# A day and month after a field of pregnancy or a visit's (LMP 04/01, EDD 11/10, next visit
# 10/3); not after a review or a follow-up, where 6/12 is six months.
_VISIT_DAY = re.compile(
    r"(?:(?i:\b(?:LMP|EDD|EDC|next visit|next appt|next appointment|last visit|booked for"
    r"|seen on))|下次随访|下次隨訪|下次复诊|下次複診|下次复查|下次複查|随访日期|隨訪日期"
    r"|复诊日期|預約|预约)"
    r"[ \t]*[:：=-]?[ \t]*(?:on[ \t]+)?"
    rf"({_SLASHED_DAY})(?![\d/]|\.\d)"
)
# A day and month before a time or a part of the day (于 09-12 02:13, 12/03 凌晨, 5/22 at 14:00).
_DAY_BEFORE_DAYPART = re.compile(
    r"(?<![\d/.:-])((?:1[0-2]|0[1-9])-(?:3[01]|[12]\d|0[1-9])|"
    rf"{_SLASHED_DAY})(?![\d/.-])"
    r"(?=[ \t]*(?:(?:at[ \t]+)?(?:[01]?\d|2[0-3]):[0-5]\d"
    r"|凌晨|清晨|早上|上午|中午|下午|傍晚|晚上|夜里|夜間|夜间|半夜))"
)
# A day and month opening the line after a log's English title (Naryn FAP — visit log\n17.10
# Ainura …).
_EN_LOG_DAY = re.compile(
    r"(?i:\b(?:log|register|diary|rota|book|record|list))[ \t]*\n[ \t]*"
    rf"({_DAY_DOT_MONTH}|{_SLASHED_DAY})(?![\d/.])(?=[ \t]+\S)"
)
# A Japanese weekday in a Chinese post (水曜日).
_JA_WEEKDAY = re.compile(r"(?<![\u4e00-\u9fff])([月火水木金土日]曜日)")
# A bare day after the French article in a French post (revoir le 15, passe à Iférouane le
# 18): not a dose, an age, a time or a count after it.
_FRENCH_DAY = re.compile(
    r"(?<![\w'’])[Ll]e[ \t]+((?:3[01]|[12]\d|0?[1-9])(?:er)?)(?![\w/:h%°]|[.,]\d|[ \t]*(?:mg|g\b"
    r"|ml|kg|ans?\b|jours?|mois|semaines?|heures?|min|fois|x\b|cp|comprim|gouttes?|UI|mmHg|cm"
    r"|mm|%|°|[/:.,]\d))"
)
_FRENCH_POST = re.compile(
    r"(?i)\b(?:le|la|les|des|du|une|pour|avec|est|et|à|au|vous|nous|rendez-vous|revoir)\b"
)
# A name opening an entry before its birth date (Amadou Tembély, né le 01/01/1978), or in a
# patient's field before the age (Patient: Wanakam, 67 ans).
_NAME_BEFORE_BIRTH = re.compile(
    rf"(?m)^[ \t]*({_EN_NAME})(?=,?[ \t]+(?:née?|born|b\.|DOB|D\.O\.B\.|date of birth)\b)"
)
_PATIENT_FIELD_AGE = re.compile(
    r"\b(?:Patient|Patiente|Paciente|Client|Cliente|Nom|Nombre|Nome)[ \t]*:[ \t]*"
    rf"({_EN_NAME})(?=,[ \t]*\d{{1,3}}[ \t]*(?:ans|años|anos|an|yrs?|years?|y/?o|a)\b)"
)


def _no_everyday_word(value: str) -> bool:
    """No word of `value` is an everyday English word but a given name (Her, Twins: not
    names; Grace: one)."""
    lex = lexicon()
    return not lex.is_common_word(value) and all(
        word.lower() not in lex.en_common_words or lex.is_given(word, 500) for word in value.split()
    )


def _french_post(text: str, start: int, end: int) -> bool:
    return len(_FRENCH_POST.findall(text)) >= 3


def register_rules() -> tuple[Rule, ...]:
    """What a register's or a form's entry is known by its fields rather than by its
    characters: a Chinese name before the person's sex and age or people (勒排南 女 45岁), a
    name before its birth date or in a patient's field before the age (Patient: Wanakam, 67
    ans), a day and month ticked or crossed on a card (03/05 ✓ 04/05 ✗: a dose taken or
    missed), after a field of pregnancy or a visit's (LMP 04/01, next visit 10/3, 下次随访：6/20),
    before a time (于 09-12 02:13, 12/03 凌晨) or opening the line after a log's title (visit
    log\n17.10), a bare day after the article of a French post (revoir le 15) and a Japanese
    weekday (水曜日)."""
    return (
        Rule("NAME", _ZH_SEX_AGE_ENTRY, group=1, cues=("男", "女")),
        Rule(
            "DATE",
            re.compile(rf"(?<![\d/.])({_SLASHED_DAY})(?![\d/.])[ \t]*[✓✔✗✘☑☒]"),
            group=1,
            min_digits=2,
        ),
        Rule("DATE", _VISIT_DAY, group=1, min_digits=2),
        Rule("DATE", _DAY_BEFORE_DAYPART, group=1, min_digits=3),
        Rule("DATE", _EN_LOG_DAY, group=1, min_digits=2),
        Rule("DATE", _JA_WEEKDAY, group=1, cues=("曜日",)),
        Rule("DATE", _FRENCH_DAY, group=1, accept_at=_french_post, min_digits=1, cues=("le",)),
        Rule("NAME", _NAME_BEFORE_BIRTH, group=1, accept=_no_everyday_word),
        Rule("NAME", _PATIENT_FIELD_AGE, group=1, accept=_no_everyday_word),
    )


def gazetteer_rules() -> tuple[Rule, ...]:
    """Names and places found by the gazetteers alone, without a cue: a common given name
    inside a sentence ("went with Ffion to"), a town of the GeoNames extract wherever it is
    capitalised (Tregaron, Mudgee) or, when it is also an English word (Bath, Reading),
    after a place word ("in", "near", "from"); a Chinese city or county after a locative
    (在温岭, 我们平遥) or before 的医生, 这边 …, and with its suffix anywhere (温岭市)."""
    lex = lexicon()
    c = re.compile
    zh_towns = trie(lex.zh_towns)
    run = r"[A-Z][a-z'’]+(?:[ -](?:[A-Z][a-z'’]+|on|upon|in|by|le|de|la|of)){0,3}"
    return (
        Rule(
            "NAME",
            c(
                rf"(?:(?<=[\w,;:)'’\"”&/]\s)|(?<=[(\[]))(?<!St\s)(?<!Saint\s)({_CAP})"
                r"(?![\w'’-]*\s+(?:disease|syndrome))"
            ),
            group=1,
            accept=_given_name,
        ),
        # A sentence that starts with a given name and goes on like a sentence about a
        # person: "Mehmet and I went", "Priya's scan", "Kabir was".
        Rule(
            "NAME",
            c(
                rf"(?m)(?:^|(?<=[.!?]\s))({_CAP})(?=\s+(?:and|&)\s+(?:I|me|my)\b|['’]s\s|\s+(?:is|was|has"
                r"|had|said|says|went|got|told|called|texted|rang|came|took|thinks|thought)\b)"
            ),
            group=1,
            accept=_given_name,
        ),
        Rule(
            "LOCATION",
            c(rf"(?<![A-Za-z0-9'’-]){run}"),
            known=lex.en_towns,
            # …not a state named after its capital (Enugu State, Lagos State).
            accept_at=lambda text, _, end: not text.startswith(" State", end),
        ),
        Rule(
            "LOCATION",
            c(rf"\b(?:{_PLACE_CUE_EN})\s+{_NOT_PLACE_WORD}([A-Z][a-z]+)(?![\w-]|\s+[A-Z])"),
            group=1,
            known=lex.en_town_words,
        ),
        Rule(
            "LOCATION",
            c(rf"(?:{_ZH_LOCATIVE})((?:{zh_towns}))"),
            group=1,
            cues=(
                "住",
                "在",
                "来自",
                "从",
                "去",
                "到",
                "回",
                "老家",
                "我们",
                "俺们",
                "咱们",
                "是",
                "坐标",
                "定位",
            ),
        ),
        Rule(
            "LOCATION",
            c(rf"(?:{zh_towns})(?={_ZH_PLACE_AFTER})"),
            cues=("医", "边", "这里", "那里", "当地", "本地", "人", "市", "县", "区"),
        ),
        Rule(
            "LOCATION",
            c(trie(tuple(t for t in lex.zh_towns if t.endswith(("市", "县", "区", "旗"))))),
            cues=("市", "县", "区", "旗"),
        ),
    )


_ELDER = (
    r"he|she|i|who|they|dad|mum|mom|nan|nana|gran|granny|grandma|grandpa|grandad|granddad"
    r"|grandmother|grandfather|father|mother|aunt|auntie|uncle|patient|pt|husband|wife"
    r"|mamaw|memaw|meemaw|mawmaw|papaw|pawpaw|grammy|gramma|grampa|gramps"
    r"|midder|mither|faither|mammy|granda"
)
# The persons of `_ELDER` that are nouns: a pronoun right before the age is `_ELDER`'s rule.
_ELDER_NOUNS = "|".join(w for w in _ELDER.split("|") if w not in ("he", "she", "i", "who", "they"))
_ELDER_MORE = (
    r"koro|kuia|nanna|nanny|nonna|nonno|oma|opa|abuela|abuelo|avó|avô|lola|lolo|dadi|nani|dada"
    r"|grandparent|great-grandmother|great-grandfather|great-gran|great-nan|neighbour|neighbor"
)
# Words of a measurement between a person and a number: "mum's oxygen was 96" is no age.
_MEASURE = (
    r"sats?\b|saturation|oxygen|o2|spo2|pulse|heart|hr\b|bp\b|pressure|glucose|sugar|score|weight"
    r"|level|reading|temp|rate|count|result|egfr|gfr\b|creatinine|hba1c|number|iq|percent|kg"
    r"|lbs?\b|bmi\b|ef\b|trough|mmse|moca\b|cd4"
)
# Tests whose result is a number that could read as an age (Hb is 98, Ferritin is 95).
_LAB_WORDS = (
    r"hb|hgb|haemoglobin|hemoglobin|ferritin|calcium|sodium|potassium|magnesium|vitamin|folate"
    r"|albumin|urea|bilirubin|cholesterol|iron|phosphate|lactate|troponin|amylase|lipase"
    r"|platelets?|neutrophils|fev1|fvc|mcv|ldl|hdl|tsh|psa|crp|esr|alt|ast|inr"
)
# Things of a person's that a number after "my … is" may be (my room is 92, her bill was 95).
_NOT_A_PERSON = (
    r"bill|room|bed|flat|house|ward|bus|class|unit|test|age|order|ticket|seat|bay|dose|shift"
    r"|address|number|code|pin|floor|door|street|route|team|grade|mark|score"
)
_NOT_AN_AGE = (
    r"(?!\s*(?:%|mg|mcg|ml|kg|lb|cm|mm|bpm|/|\.\d|°|degrees|units?|days?|weeks?|months?|hours?"
    r"|min))"
)
_FACILITY_NOT = (
    "College",
    "Society",
    "Navy",
    "Mail",
    "Air",
    "Family",
    "Marines",
    "Academy",
    "Mint",
    "Court",
    "Ballet",
    "Opera",
    "Shakespeare",
)
_SURGERY_NOT = {
    "Cardiac",
    "General",
    "Plastic",
    "Vascular",
    "Thoracic",
    "Day",
    "Eye",
    "Dental",
    "Bariatric",
    "Keyhole",
    "Spinal",
    "Heart",
    "Brain",
    "Weight",
    "Orthopaedic",
    "Orthopedic",
    "Hand",
    "Colorectal",
    "Breast",
    "Oral",
    "Paediatric",
    "Pediatric",
    "Major",
    "Minor",
    "Emergency",
    "Robotic",
    "Laser",
    "Back",
    "Knee",
    "Hip",
    "Foot",
}


# An age from 90 to 125 (`_over_89`) is one of these numbers in digits, or spelled out: a text
# with none of them has no age these rules keep, whatever number their patterns match.
_OVER_89_CUES = (*(str(age) for age in range(90, _OLDEST + 1)), "ninety", "hundred")


def _town_and_postcode(value: str) -> bool:
    """A known town before four digits that are no year (Lower Hutt 5040, not Christmas 2024)."""
    town, digits = value.rstrip(",").rsplit(maxsplit=1)
    return town.rstrip(",") in lexicon().en_towns and not 1900 <= int(digits) <= 2099


# Homes whose names are often a court's or a house's (Whinhall Court Care Home).
_HOME_HEAD = re.compile(r"(?:Care|Nursing|Residential|Rest) Home$")


def _facility(value: str) -> bool:
    words = value.split()
    barred = {"College", "Society", "Academy"} if _HOME_HEAD.search(value) else _FACILITY_NOT
    return not any(w in barred for w in words) and words[0] not in _SURGERY_NOT


_ZH_VERBS = "推荐介绍转挂约送找选过至请仍"
# Characters of a kind of hospital (三甲医院, 大医院, 社区医院, 县级医院), not its name.
_ZH_GENERIC_HOSPITAL = set(
    "大小家个一二三甲级综合专科私立公民营正规其他别附近当地本基层上定点社区乡镇县市省好"
)
_NOT_FACILITY = {
    "Christmas",
    "Easter",
    "Halloween",
    "Diwali",
    "Eid",
    "Work",
    "School",
    "Uni",
    "Church",
    "Mass",
    "Year",
    "Stage",
    "Grade",
    "Level",
    "Ramadan",
    "Lent",
    "Celsius",
    "Fahrenheit",
    "Google",
    "Facebook",
    "Instagram",
    "Reddit",
    "Zoom",
    "Slimming",
    "World",
    "English",
    "Welsh",
    "French",
    "Spanish",
    "German",
    "Polish",
    "Urdu",
    "Punjabi",
    "Hindi",
    "Arabic",
    "Mandarin",
    "Cantonese",
    "Chinese",
    "Home",
}


# Kinds of hospital that stay when a place names the one meant (福州 | 康复医院).
_ZH_HOSPITAL_KIND = re.compile(r"(?:康复|中|社区)医院$")


def _zh_named_hospital(value: str) -> bool:
    """A hospital's own name (南方医院, 湘雅三医院), not a kind of hospital (三甲医院) nor a place
    before a kind (福州康复医院: the place alone is found)."""
    if _ZH_HOSPITAL_KIND.search(value):
        return False
    name = re.sub(r"第?[一二三四五六七八九]$", "", value.removesuffix("医院"))
    return len(name) >= 2 and not any(ch in _ZH_GENERIC_HOSPITAL for ch in name)


def is_kinship_word(value: str) -> bool:
    return re.fullmatch(ZH_KIN_WORDS, value) is not None


# A child or grandchild by birth order (长子, 次女, 幼孙): a relative, no name.
_BY_BIRTH_ORDER = re.compile(r"[长長次幼大小二三四五][子女儿兒孙孫]")


def is_relative_or_title(value: str) -> bool:
    """A Chinese word for a relative, a child by birth order or a title or role alone (次女,
    社工, 主任): an entry of a list of people that names no one."""
    return (
        is_kinship_word(value)
        or _BY_BIRTH_ORDER.fullmatch(value) is not None
        or re.fullmatch(_ZH_SURNAME_TITLE, value) is not None
    )


_EN_RELATIVE_WORD = re.compile(rf"(?i:{_RELATIVES_EN}|daddy|mummy|mommy|papa|mama|gramps)")


def is_english_relative(value: str) -> bool:
    """A word for a relative or companion (Grandad, Daddy, hubby): no name or place of its own."""
    return _EN_RELATIVE_WORD.fullmatch(value) is not None


# The county's, district's or banner's hospital of a kind (县人民医院, 区中医院, 旗医院) names
# no one hospital.
ZH_KIND_OF_HOSPITAL = (
    r"(?:[省市县區区旗镇乡][级級立里]?)?"
    r"(?:人民|儿童|兒童|妇幼保健|妇幼|婦幼|妇产|妇女儿童|中医|中醫|中西医结合|肿瘤|腫瘤|传染病|精神卫生"
    r"|精神病|口腔|眼科|胸科|骨科|皮肤病|结核病|中心|社区|社區|康复|三甲|二甲|三级|二级|私立|公立|民营"
    r"|专科|大|小)*"
    r"(?:医院|醫院|保健院|卫生院|衛生院|卫生服务中心)"
    r"|[省市县区][妇婦]幼"
    r"|(?:中医|中醫|针灸|針灸|推拿|牙科|口腔|私人|免费|免費|社区|社區|戒烟|戒菸|小)+(?:诊所|診所)"
)
# A grade or ownership of hospital after a city names no one hospital (上海 | 三甲医院).
ZH_GRADE_OF_HOSPITAL = r"(?:三甲|二甲|三级甲等|三级|二级|私立|公立|民营|专科)(?:医院|醫院)"
_ZH_KIND_OF_HOSPITAL = re.compile(
    rf"(?:那个|这个|那家|这家|一家|一个|某)?(?:{ZH_KIND_OF_HOSPITAL})"
)


def is_kind_of_hospital(value: str) -> bool:
    """A hospital with no proper name (省人民医院, 市儿童医院, 省妇幼, 一家三甲医院, 县医院), which
    names no one hospital: an optional level, generic types, then the kind of hospital."""
    return _ZH_KIND_OF_HOSPITAL.fullmatch(value) is not None


def not_a_named_place(value: str) -> bool:
    """A kind of hospital or clinic (三甲医院, 一个小诊所, 私立医院) or words with one that names
    no place (Christmas, Slimming World, English, May): what a learned tagger may take for a
    place."""
    value = value.lstrip("了的在去到是从")  # 了 | 社区卫生服务中心
    if is_kind_of_hospital(value):
        return True
    kind = re.fullmatch(r"(.*?)(?:医院|诊所|卫生院|门诊|(?:卫生)?服务(?:中心|站))", value)
    if kind is not None:
        return all(ch in _ZH_GENERIC_HOSPITAL for ch in kind.group(1))
    words = [w.removesuffix("'s").removesuffix("’s") for w in value.split()]
    return any(w in _NOT_FACILITY or w in _CALENDAR_WORDS for w in words)


def _facility_name(value: str) -> bool:
    """A capitalised name after "at"/"to" that is not a holiday, a drug or a medical term."""
    word = value.removesuffix("'s").removesuffix("’s")
    return word not in _NOT_FACILITY and _plausible_name(word) and not is_medical_term(word)


def _any_handle(value: str) -> bool:
    return len(value) >= 4 and value.lower() not in {"someone", "another", "anyone", "somebody"}


def context_rules() -> tuple[Rule, ...]:
    """More cue rules: ages over 89 after "she's", "who is", in brackets or apposition after
    a relative; initials after a title; a name alone on the last line ("Siobhan x");
    facilities named without "Hospital" (Royal Gwent, Northern General, St Mary's, Parkside
    Surgery, a hospice, Ysbyty Gwynedd, 北医三院, 中山眼科中心); user names after a strong cue
    ("posted by", 回复, 楼上, B站); surnames alone (我姓邝, 刘某, 黄主任), nicknames (阿强, 老周)
    and a given name alone after a kinship word (婆婆秀兰); dates after a weekday, with a
    two-digit year or written year first; a day alone after an event word ("on the 2nd")."""
    lex = lexicon()
    surnames = _words(lex.zh_surnames)
    ambiguous = _words(lex.zh_surnames_ambiguous)
    chars = lex.zh_given_chars
    c = re.compile
    number = rf"(\d{{2,3}}|{_EN_AGE_WORDS})"
    kin = (
        ZH_KIN_WORDS
        + r"|大舅|二舅|小舅|大姑|二姑|小姑|二伯|三叔|二叔|小叔|二姨|三姨|邻居|同学|室友|病友|师傅"
    )
    return (
        Rule(
            "AGE",
            c(
                rf"(?i:\b(?:{_ELDER})(?:['’]s|['’]m|\s+(?:is|was|am|turns|turned|will be|is now"
                rf"|was only|just turned))\s+(?:now\s+|nearly\s+|almost\s+|just\s+)?){number}\b"
                rf"{_NOT_AN_AGE}"
            ),
            group=1,
            accept=_over_89,
            cues=_OVER_89_CUES,
        ),
        Rule(
            "AGE",
            c(
                rf"(?i:\b(?:{_RELATIVES_EN}|{_ELDER}|nan|nana|gran|great aunt|great uncle"
                r"|great gran)"
                rf"\s*[(,–—-]\s*){number}(?:\s*(?:yo|y/o|yrs?))?\s*[),–—-]"
            ),
            group=1,
            accept=_over_89,
            cues=_OVER_89_CUES,
        ),
        # An age over 89 in apposition after a name: "Mrs K., 93, fell".
        Rule(
            "AGE",
            c(rf"(?<=[A-Za-z.)])\s*,\s*{number}\s*,\s*(?=[a-z])"),
            group=1,
            accept=_over_89,
            cues=_OVER_89_CUES,
        ),
        Rule(
            "NAME",
            c(r"\b(?:Mrs|Mr|Ms|Miss|Dr)\.?\s+([A-Z]\.(?:\s?[A-Z]\.)?)"),
            group=1,
            cues=("mr", "ms", "miss", "dr"),
        ),
        Rule(
            "NAME",
            c(rf"\n[ \t]*({_CAP}(?:[ \t]{_CAP})?)[ \t]*(?:x+|xo+|xxx)[ \t!.]*$"),
            group=1,
            accept=_plausible_name,
            cues=("x",),
        ),
        Rule("NAME", c(rf"\n[ \t]*({_CAP})[ \t!.]*$"), group=1, accept=_given_name),
        Rule(
            "LOCATION",
            c(
                rf"\b(?:Royal|Queen|King|Princess|Prince)\s+{_CAP}(?:\s+{_CAP})?"
                rf"|\b{_NOT_PLACE_WORD}{_CAP}\s+(?:General|Royal|Infirmary|Hospice|Surgery|Memorial"
                r"|Health Centre|Medical Practice)\b"
                rf"|\b(?:St\.?|Saint)\s+{_CAP}(?:['’]s|s['’]|['’])"
                r"(?:\s+(?:Hospital|Hospice|Infirmary|Clinic|Medical Centre))?"
                rf"|\bYsbyty\s+{_CAP}(?:\s+{_CAP})?|\b{_CAP}(?:\s+{_CAP})*\s+Hospice"
            ),
            accept=_facility,
            cues=(
                "royal",
                "queen",
                "king",
                "prince",
                "general",
                "infirmary",
                "hospice",
                "surgery",
                "memorial",
                "health centre",
                "medical practice",
                "st",
                "saint",
                "ysbyty",
            ),
        ),
        Rule(
            "LOCATION",
            c(
                rf"(?:[^\W\d{_ZH_NOT_IN_NAME}]{{1,4}})[一二三四五六七八九十]院(?![长士子里外内区系])"
                rf"|[^\W\d{_ZH_NOT_IN_NAME}]{{0,10}}?(?:眼科中心|肿瘤(?:防治)?中心|癌症中心|儿童医学中心"
                r"|妇产医院|口腔医院|眼科医院|肿瘤医院|精神卫生中心|医疗中心|体检中心|卫生室|卫生站|门诊部)"
                rf"|(?:{'|'.join(_FAMOUS_HOSPITALS)})(?![\u4e00-\u9fff]{{0,2}}医院)"
            ),
            cues=("院", "中心", "卫生", "门诊", *_FAMOUS_HOSPITALS),
        ),
        Rule(
            HANDLE,
            c(
                rf"(?i:\bposted by|\boriginally posted by|\buser ?name(?:\s+is|\s*:)|{_REDDIT_U}"
                r"|\bhandle(?:\s+is|\s*:)|\bon reddit as|\bgoes by)"
                r"\s*@?([A-Za-z0-9_][A-Za-z0-9_.\-]{2,29})"
            ),
            group=1,
            accept=_any_handle,
            cues=("posted by", "user", "u/", "handle", "reddit", "goes by"),
        ),
        # A user name up to the colon after it (回复风中的蒲公英：…), else up to a break.
        Rule(
            HANDLE,
            c(rf"(?:{_ZH_HANDLE_CUE})[\s:：@]*(?![我你])([^\s：:，,。！!？?]{{2,12}})[：:]"),
            group=1,
            cues=_ZH_HANDLE_CUES,
        ),
        Rule(
            HANDLE,
            c(
                rf"(?:{_ZH_HANDLE_CUE})[\s:：@]*"
                r"(?!说|讲|的|了|也|是|和|提到|所说|那位|这位|朋友|姐妹|兄弟|宝妈|亲|有|搜|就|可以|可|去|在|要"
                r"|应该|建议|最好|我|你)"
                r"([\w\u4e00-\u9fff]{2,12}?)(?=[：:，,。\s]|说|讲|的|提到|有|$)"
            ),
            group=1,
            cues=_ZH_HANDLE_CUES,
        ),
        Rule(
            "ID",
            c(
                r"(?i:医保电子凭证号?|电子凭证号?|凭证号|居民健康卡号?|健康卡号?|就诊号|流水号|(?<![A-Za-z])PHN(?![A-Za-z])"
                r"|personal health number|health number|care card|\bUR number|\bNHI\b)"
                r"[\s:：#.=\-是为（(]*([A-Za-z0-9][A-Za-z0-9\- ]{4,20}[A-Za-z0-9])"
            ),
            group=1,
            accept=_looks_like_id,
            min_digits=3,
        ),
        Rule(
            HANDLE,
            c(
                r"(?i:\breply(?:ing)? to|\breplied to|\bquoting)\s+@?"
                r"([A-Za-z0-9_][\w.\-]{2,29})(?=\s*[:,])"
            ),
            group=1,
            accept=_any_handle,
            cues=("repl", "quoting"),
        ),
        # A place named after "at"/"to" and followed by what ends a place phrase: "at
        # Addenbrooke's for the biopsy", "Dad's at Southmead with sepsis".
        Rule(
            "LOCATION",
            c(
                rf"\b(?:at|to|into|from)\s+{_NOT_PLACE_WORD}({_CAP}(?:['’]s)?)(?=\s+(?:with|for|on|in"
                r"|last|yesterday|today|tomorrow|since|until|after|before|because|and they|where"
                r"|when|but)\b|\s*[,.;:!?)]|\s*$)"
            ),
            group=1,
            accept=_facility_name,
        ),
        # A Chinese hospital by its own name (南方医院), not a kind of hospital (三甲医院).
        Rule(
            "LOCATION",
            c(rf"[^\W\d{_ZH_NOT_IN_NAME}{_ZH_VERBS}]{{2,8}}?医院"),
            accept=_zh_named_hospital,
            cues=("医院",),
        ),
        Rule(
            "ID",
            c(r"(?i:wechat|weixin)\s+me[\s:：]*([A-Za-z][-_A-Za-z0-9]{5,19})"),
            group=1,
            cues=("wechat", "weixin"),
        ),
        Rule(
            "NAME",
            c(rf"(?:我姓|本人姓|免贵姓|患者姓|他姓|她姓|个姓|位姓)((?:{surnames}|{ambiguous}))"),
            group=1,
            cues=("姓",),
        ),
        Rule("NAME", c(rf"(?:{surnames})某+"), cues=("某",)),
        Rule(
            "NAME",
            c(
                rf"(?:^|(?<=[，,。！!？?\s：:的找问挂是])|(?<=感谢))((?:{surnames}|{ambiguous}))"
                r"(?=主任|医生|大夫|教授|护士长|院长)"
            ),
            group=1,
            cues=("主任", "医生", "大夫", "教授", "护士长", "院长"),
        ),
        Rule(
            "NAME",
            c(
                rf"(?:^|(?<=[，,。！!？?\s：:家我叫和跟找问是])|(?<=谢谢))(阿[{chars}]|老(?:{surnames})"
                rf"(?![公婆师人家板妈爸伴乡总表大二三])|小(?:{surnames})(?![时儿姐朋伙区学便孩]))"
                rf"(?=头|{_ZH_NAME_END.removeprefix('(?=')}"
            ),
            group=1,
            cues=("阿", "老", "小"),
        ),
        Rule(
            "NAME",
            c(
                rf"(?:我的?|家里|我家)?(?:{kin})((?:{surnames}|{ambiguous})[{chars}]{{1,2}}|[{chars}]{{2}})"
                rf"{_ZH_NAME_END}"
            ),
            group=1,
            cues=(
                *_ZH_KIN_CUES,
                "舅",
                "姑",
                "伯",
                "叔",
                "姨",
                "邻居",
                "同学",
                "室友",
                "病友",
                "师傅",
            ),
        ),
        Rule(
            "DATE",
            c(
                r"(?i:\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?\.?,?\s+)"
                # …not a score out of ten (mon 6/10 w aura)
                r"\d{1,2}/(?!10(?![/\d]))\d{1,2}(?:/\d{2,4})?(?![/\d])"
            ),
            min_digits=2,
        ),
        Rule(
            "DATE",
            c(
                rf"\b{_DAY}(?:st|nd|rd|th)?\s+{_MONTH_NAME}\s+['’]?\d\d(?![\d:]|\.\d|\s*(?:%|mg|mcg|ml|kg"
                r"|units?|hours?|hrs?|mins?|days?|weeks?|tablets?|x\b))"
            ),
            min_digits=3,
        ),
        Rule(
            "DATE",
            c(
                r"(?<![\d./:-])(?:1[3-9]|[2-9]\d)/(?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])"
                r"(?![\d./-]?\d|\s*(?:mg|mcg|ml|units?))"
            ),
            min_digits=3,
        ),
        Rule(
            "DATE",
            c(
                r"(?i:\b(?:on|since|until|admitted|discharged|died|operated|booked for"
                r"|scheduled for|planned for|set for|due on)(?:\s+on)?\s+)"
                r"(the\s+(?:3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th))\b(?!\s+(?:time|day|dose|cycle|round"
                r"|week|month|floor|visit|opinion|one|attempt|child|baby|pregnancy|trimester|line"
                r"|degree|centile|percentile|stage|grade|ward|bed|session|infusion|injection|course|lot"
                r"|batch|shot|jab|vaccine|go|try|scan))"
            ),
            group=1,
            min_digits=1,
        ),
        Rule(
            "DATE",
            c(
                r"(?<![\d/])(?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])"
                r"(?=预约|约了|做|查|入院|出院|手术|住院|复查|开|生|剖|拆|打|去|来|到|住的院|住进|入的院"
                r"|出的院|动的?手术|走的|去世|确诊|发病|摔)"
            ),
            min_digits=2,
        ),
    )


# Doubled characters that are words, not pet names (妈妈, 常常, 谢谢, 宝宝).
_ZH_NOT_DOUBLED = "妈爸哥姐弟妹爷奶姥婆公叔舅姑伯婶宝常刚慢天渐偏往谢哈嘿呵好多人个看试说想走等点"
# Pet names and given names a Chinese post uses for a person: 小敏, 阿杰, 大宝, 二丫, 琪琪,
# 晓燕 (two given-name characters), 丹增 (a transliterated name).
_ZH_NOT_AFTER_XIAO = "时便孩儿朋区学姐伙心腿肠肚脑儿于宝组"
_ZH_NOT_AFTER_A = "姨司莫奇托卡伐昔糖片尔"
_ZH_NOT_AFTER_DA = "夫便人学概家姨舅伯姑哥姐医三夫小部量多片便"
_ZH_NICK_END = (
    r"(?=[，,。.\s；;：:！!、）)】（(]|$|\d|[一二三四五六七八九十两]+岁|今年|也|是|的|说|在|得|和|跟"
    r"|已经|去年|前年|今天|昨天|最近|怀孕|发烧|吃|住|做|查|确诊|患|得了|术后|一直|刚|都|又|还|就"
    r"|被|用|扭|崴|送|背|白血病|生了|痛风|剖|产后|中风|过敏|爸爸|妈妈|上个?月|上周|前天|前几天|摔|住院|出院)"
)
_ZH_PLACE_NOT = (
    "看查住做治去到来上下打吃买找挂病院医生市区县省里边面这那的了是有没大小中人我你他她在和就都也"
)
_EN_SHOPS = frozenset(
    [
        "Boots",
        "Tesco",
        "Asda",
        "Lidl",
        "Aldi",
        "Sainsbury's",
        "Superdrug",
        "Specsavers",
        "Costa",
        "Starbucks",
        "Walgreens",
        "CVS",
        "Walmart",
        "Costco",
        "Amazon",
        "Morrisons",
        "Waitrose",
        "Rite",
        "Target",
        "Kmart",
        "Coles",
        "Woolworths",
        "Chemist",
    ]
)
# The word before a shop named as where something happens ("at Boots", "from Tesco").
_SHOP_CUE = re.compile(r"(?i:\b(?:at|from|to|in|into|near|outside)\s+(?:the\s+)?)$")


def shop_alone(text: str, start: int, end: int) -> bool:
    """`text[start:end]` is a shop or chain by its name alone after "at", "from", "to" ("at
    Boots"): every branch has that name, so it singles out no place. With a place after it
    ("Boots Kensington", "Tesco Extra Slough") the span is longer and names a branch."""
    return (
        text[start:end] in _EN_SHOPS
        and _SHOP_CUE.search(text, max(0, start - 20), start) is not None
    )


_EN_WEEKDAY = r"(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)(?:day)?\.?,?"
# Two-letter capitals that end a post but are not initials.
_NOT_INITIALS = frozenset(
    [
        "GP",
        "OK",
        "UK",
        "US",
        "EU",
        "NHS",
        "ER",
        "ED",
        "IV",
        "BP",
        "HR",
        "MS",
        "MD",
        "PA",
        "OT",
        "PT",
        "TV",
        "PS",
        "BTW",
        "FYI",
        "LOL",
        "ICU",
        "ENT",
        "A&E",
    ]
)


_NOT_SHORT_NAMES = frozenset(
    ["Help", "Bye", "Ta", "Hugs", "Love", "Thx", "Tia", "Soz", "Ugh", "Edit", "Yes", "Nope", "Done"]
)


def _nickname_en(value: str) -> bool:
    """A short capitalised word or two-letter initials closing a post: a gazetteer given name
    or a short form of at most four letters (Shaz, Bex), not a function word, sign-off word,
    drug, eponym, medical term, place or common English word."""
    lex = lexicon()
    if value in _NOT_INITIALS or value in _EN_SHOPS or value in _NOT_SHORT_NAMES:
        return False
    if value.isupper():
        return len(value) == 2
    return (
        (len(value) <= 4 or lex.is_given(value))
        and _plausible_name(value)
        and not is_medical_term(value)
        and not lex.is_kept_place(value)
        and not lex.is_common_word(value.lower())
        and value not in _DATE_WORDS
    )


def _lower_given(value: str) -> bool:
    """A lower-case given name of the gazetteer ("my bf jake", "my daughter maisie") that is
    no everyday English word (will, mark, rose) and no drug or medical term."""
    lex = lexicon()
    return (
        lex.is_given(value.capitalize())
        and value not in lex.en_common_words
        and not lex.is_common_word(value)
        and not lex.is_drug_name(value)
        and not is_medical_term(value)
    )


# What ends a facility's name after "at": a verb, a time word, a preposition, punctuation.
_FACILITY_END = (
    r"(?=\s+(?:has|have|had|is|was|said|says|when|last|after|for|with|on|at|in|quoted"
    r"|number|waiting)\b|\s+\d|\s*[,.;:!?)—–]|\s*$)"
)


def _facility_run(value: str) -> bool:
    """Capitalised words after "at"/"in" in a post about care: not a shop, a holiday, a
    drug, a medical term, a country or region, or a word the rules keep."""
    words = [w.removesuffix("'s").removesuffix("’s") for w in value.split() if w not in ("&", "of")]
    lex = lexicon()
    return (
        bool(words)
        and words[0] not in _EN_SHOPS
        and all(w not in _NOT_FACILITY and w not in _DATE_WORDS for w in words)
        and _plausible_name(words[0])
        and not is_medical_term(value)
        and not lex.is_kept_place(value)
        and not lex.is_kept_place(words[0])
    )


def _zh_subplace(value: str) -> bool:
    """Two characters after a city that name a district in it (杭州滨江, 深圳龙华), not a verb or
    a common word (北京看病, 上海工作)."""
    return not any(ch in _ZH_PLACE_NOT for ch in value) and value not in _ZH_NOT_SUBPLACE


_ZH_NOT_SUBPLACE = frozenset(
    [
        "工作",
        "生活",
        "读书",
        "出差",
        "上学",
        "上班",
        "打工",
        "旅游",
        "定居",
        "买房",
        "租房",
        "开会",
        "复查",
        "检查",
        "治疗",
        "手术",
        "住院",
        "回来",
        "回去",
        "过来",
        "那边",
        "这边",
        "附近",
        "一带",
        "当地",
        "本地",
        "市内",
        "郊区",
        "农村",
        "城里",
        "老家",
        "医保",
        "社保",
        "协和",
        "华西",
        "湘雅",
    ]
)


def _zh_pet_name(value: str) -> bool:
    """Not a doubled word (宝宝, 妈妈) nor a kinship word taken for two given-name characters."""
    doubled = len(value) == 2 and value[0] == value[1]
    return not (doubled and value[0] in _ZH_NOT_DOUBLED) and value not in _ZH_KIN_CUES


def position_rules() -> tuple[Rule, ...]:
    """Names, places, ages, dates and user names found by where they stand in a post rather
    than by a gazetteer: a pet name or given name after a kinship word or before the parent
    it names (我媳妇小敏, 晓雯的爸爸, 海燕姐你好), a name closing or opening a post ("…sorry for the
    essay. TJ", "Lynne, did yours…"), an age over 89 in brackets or after "is" next to a name
    ("Winston (94)", "my mum Edna is 93"), a facility named after "at" in a post about care
    ("the endocrinologist at Ninewells"), a district right after its city (杭州滨江), short
    hospital names (省妇幼, 郑大一附院, 301医院), a weekday before a date ("Friday 17th")."""
    lex = lexicon()
    c = re.compile
    surnames = _words(lex.zh_surnames)
    ambiguous = _words(lex.zh_surnames_ambiguous)
    chars = lex.zh_given_chars
    zh_places = _words(lex.zh_places)
    zh_towns = trie(lex.zh_towns)
    number = rf"(\d{{2,3}}|{_EN_AGE_WORDS})"
    nick = (
        rf"(?P<d>[^\W\d{_ZH_NOT_DOUBLED}])(?P=d)"
        rf"|小(?![{_ZH_NOT_AFTER_XIAO}]){_HAN}{{1,2}}?"
        rf"|阿(?![{_ZH_NOT_AFTER_A}]){_HAN}"
        rf"|大(?![{_ZH_NOT_AFTER_DA}])(?:{surnames}|[宝毛妞丫壮])|[二三四][宝毛妞丫娃]"
        rf"|老(?:{surnames})(?![公婆师人家板妈爸伴乡总表])"
        rf"|[{chars}]{{2}}|[{_TRANSLIT}丹增嘉措然]{{2,4}}"
    )
    kin = (
        ZH_KIN_WORDS
        + r"|大舅|二舅|小舅|大姑|二姑|小姑|二伯|三叔|二叔|小叔|二姨|三姨|老伴|闺蜜|宝贝|媳妇"
        r"|我家|我们家|本人|病友|这位病友|护士|护士长|叫我|孙女|孙子|外孙女?|我是|我和|我跟"
        # …and a companion's or a guide's word (同伴小莫, 领队阿旺)
        rf"|{_ZH_COMPANION}"
    )
    return (
        # 我媳妇小敏, 老伴桂兰, 我家一一, 这位病友阿杰, 本人胖虎 is left: no pet-name form.
        Rule(
            "NAME",
            c(rf"(?:{kin})(?:叫|名叫|是)?({nick}){_ZH_NICK_END}"),
            group=1,
            accept=_zh_pet_name,
            cues=(
                *_ZH_KIN_CUES,
                "舅",
                "姑",
                "伯",
                "叔",
                "姨",
                "伴",
                "蜜",
                "贝",
                "家",
                "本人",
                "病友",
                "护士",
                "叫我",
                "孙",
                *_ZH_COMPANION.split("|"),
                "我是",
                "我和",
                "我跟",
            ),
        ),
        # The parent or sibling of a named person: 晓雯的爸爸, 依娜妈妈, 海燕姐你好, 李哥你好.
        Rule(
            "NAME",
            c(
                rf"(?:^|(?<=[，,。！!？?\s：:】])|(?<=求助|各位|谢谢))({nick}|(?:{surnames}))"
                r"(?:的)?(?:妈妈|爸爸|妈|爸|姐|哥)(?=[，,！!\s]|你好|您好|在|加油)"
            ),
            group=1,
            accept=_zh_pet_name,
            cues=("妈", "爸", "姐", "哥"),
        ),
        # A person addressed at the start of a line: 小雨，加油！ 米娜，上次你说…
        Rule(
            "NAME",
            c(rf"(?m)^\s*({nick})[，,！!](?=[^。\n]*(?:你|加油))"),
            group=1,
            accept=_zh_pet_name,
            cues=("你", "加油"),
        ),
        # A pet name opening a post or a title: 小胖今年五岁, 【求助】大宝三岁.
        Rule(
            "NAME",
            c(
                rf"(?m)^\s*(?:求助[：:]?|【[^】]{{1,8}}】)?({nick})"
                r"(?=今年|[，,]?\s*[\d一二三四五六七八九十两]+(?:岁|个月)|说|是我|家的)"
            ),
            group=1,
            accept=_zh_pet_name,
        ),
        # 老张, 大刘 after 位/的/个 or before 家: 我家那位老张痛风, 老王家的孙子.
        Rule(
            "NAME",
            c(
                rf"(?:(?<=[位的个])|(?<=那位)|^)((?:老|大|小)(?:{surnames}))(?=家(?!里|属|人|长)"
                r"|痛|说|也|又|还|的|[，,。！!？?])"
            ),
            group=1,
        ),
        # A surname after a strong cue and a full name: 我丈夫叫莫志坚 (an ambiguous surname).
        Rule(
            "NAME",
            c(rf"(?:叫|名叫|患者|病人)((?:{ambiguous})[{chars}]{{2}})"),
            group=1,
            cues=("叫", "患者", "病人"),
        ),
        # A full name of two given characters after a kinship word and before a clear end:
        # 我大舅熊长江是九江的, 我大舅廖长青，尿毒症.
        Rule(
            "NAME",
            c(
                rf"(?:{kin})((?:{surnames})(?![{_ZH_NOT_GIVEN}岁]){_HAN}(?![{_ZH_NOT_GIVEN}岁]){_HAN})"
                r"(?=是|[，,（(]|\s|今年|\d|生了)"
            ),
            group=1,
            cues=(*_ZH_KIN_CUES, "舅", "姑", "伯", "叔", "姨", "伴"),
        ),
        # A Latin given name after a kinship word in Chinese text: 我女朋友Amy（中文名…）.
        Rule(
            "NAME",
            c(rf"(?:{kin})\s?([A-Z][a-z]{{1,12}})(?=[（(，,\s]|$)"),
            group=1,
            accept=_given_name,
        ),
        # A Chinese sign-off with the user name after it: ——晓东（xd_runner）.
        Rule(
            "NAME",
            c(rf"(?:——|—|~)\s*({_HAN}{{2,3}})\s*[（(][A-Za-z0-9_.]{{3,30}}[)）]"),
            group=1,
            cues=("—", "~"),
        ),
        Rule(
            HANDLE,
            c(rf"(?:——|—|~)\s*{_HAN}{{2,3}}\s*[（(]([A-Za-z0-9_.]{{3,30}})[)）]"),
            group=1,
            cues=("—", "~"),
        ),
        # The place before a kind of hospital: 福州 | 康复医院, 广安门 | 中医院.
        Rule(
            "LOCATION",
            c(
                rf"(?:^|(?<=[在去到是从的]))([^\W\d{_ZH_NOT_IN_NAME}{_ZH_VERBS}]{{2,6}}?)(?=康复医院|中医院)"
            ),
            group=1,
            accept=lambda v: not any(ch in _ZH_GENERIC_HOSPITAL for ch in v),
            cues=("医院",),
        ),
        # Ages over 89 in words before 了: 她九十八了.
        Rule(
            "AGE",
            c(
                rf"(?:[她他我都]|今年|已经|{ZH_KIN_WORDS}|老人家?)({_ZH_AGE_WORDS}|9\d|1[01]\d)"
                r"(?=了|多了)"
            ),
            group=1,
            accept=_over_89,
            cues=("了",),
        ),
        # A district after its city: 杭州滨江, 台州温岭, 北京海淀.
        Rule("LOCATION", c(rf"(?:{zh_places})((?:{zh_towns}))"), group=1),
        Rule(
            "LOCATION",
            c(
                rf"(?:{zh_places})({_HAN}{{2}})(?=那|这|的|人|上班|上学|租房|工作|附近|一带|[，,。\s]"
                rf"|{_HAN}{{2,3}}(?:租房|上班|上学))"
            ),
            group=1,
            accept=_zh_subplace,
        ),
        # Short hospital names: 省妇幼, 市一院, 郑大一附院, 北大人民医院, 301医院.
        Rule(
            "LOCATION",
            c(
                r"[省市](?:妇幼|人医|[一二三四五六七八九]院|[一二三四五六七八九]附院|儿童医院|肿瘤医院)"
                rf"|(?:^|(?<=[^\u4e00-\u9fff])|(?<=[在去到是从于找挂转的离住]))"
                rf"[^\W\d{_ZH_NOT_IN_NAME}]{{1,2}}大(?:学)?(?:第?[一二三四五六七八九](?:附属)?医院"
                r"|[一二三四五六七八九]附院"
                r"|[一二三四五六七八九]院(?![长士子里外内区系])|人民医院|附属医院|(?:口腔|肿瘤|儿童|妇产|眼科)医院"
                r"|儿科|医院)"
                r"|(?<!\d)\d{2,3}(?:医院|部队医院)"
            ),
            cues=("省", "市", "大", "医院"),
        ),
        Rule(
            "LOCATION",
            c(
                rf"(?:小区|住在?|我们|在)([^\W\d{_ZH_NOT_IN_NAME}]{{2,4}}(?:花园|家园|新村|公寓|山庄|花城))"
            ),
            group=1,
            cues=("花园", "家园", "新村", "公寓", "山庄", "花城"),
        ),
        # A user name after a shop or video site and a search: 淘宝ID暖暖的小太阳, B站搜骨科小刘.
        Rule(
            HANDLE,
            c(
                r"(?i:(?:b站|抖音|小红书|快手|微博|知乎)搜(?:索)?|(?:淘宝|闲鱼|拼多多|b站|抖音|小红书)(?:id|号))"
                r"[\s:：@]*([^\s，,。！!？?：:]{2,16})(?=[，,。！!？?\s]|$)"
            ),
            group=1,
            cues=("搜", "id", "号"),
        ),
        # EN: a lower-case given name after a relative: "my bf jake", "my daughter maisie".
        Rule(
            "NAME",
            c(
                rf"\b(?i:my|our|his|her|their)\s+(?:(?i:{_KIN_ADJ})\s+)*"
                rf"(?i:{_RELATIVES_EN})\b(?:-in-law)?\s*[,(–—-]?\s*([a-z][a-z'’-]{{2,11}})\b"
            ),
            group=1,
            accept=_lower_given,
        ),
        # A short name or initials closing a post after a sentence or a blank line ("…essay.
        # TJ", "\n\nGwil", "Chloe x", "xx Bex"), or after a dash with a user name after it.
        Rule(
            "NAME",
            c(
                rf"(?:[.!?)]\s+|\n\s*|\bx{{2,}}\s+)({_CAP}|[A-Z]{{2}})(?:\s+x+)?[\s!.]*"
                r"(?:\([^()\n]{1,40}\))?\s*$"
            ),
            group=1,
            accept=_nickname_en,
        ),
        # A whole reply that is a name and a kiss: "Chloe x" (a title alone, "Question", is not).
        Rule("NAME", c(rf"^\s*({_CAP})\s+x+[\s!.]*$"), group=1, accept=_nickname_en, cues=("x",)),
        Rule(
            "NAME",
            c(rf"(?:^|\n)\s*x{{2,}}\s+({_CAP})\b"),
            group=1,
            accept=_nickname_en,
            cues=("xx",),
        ),
        Rule(
            "NAME",
            c(rf"(?:^|\n|[.!?]\s)\s*(?:[—–~]|--)\s*({_CAP})\s*\("),
            group=1,
            accept=_nickname_en,
            cues=("—", "–", "~", "--"),
        ),
        Rule(
            HANDLE,
            c(rf"(?:[—–~]|--)\s*{_CAP}\s*\(\s*@?([A-Za-z0-9][A-Za-z0-9_.]{{2,29}})\s*\)"),
            group=1,
            accept=lambda v: any(ch.isdigit() or ch == "_" for ch in v) or v.islower(),
            cues=("—", "–", "~", "--"),
        ),
        # A user name after "username" with no colon: "under my old username hopefulhen".
        Rule(
            HANDLE,
            c(r"(?i:\buser ?name|\bscreen ?name|\bhandle)\s+@?([a-z0-9_][a-z0-9_.]{3,29})\b"),
            group=1,
            accept=lambda v: _any_handle(v) and not lexicon().is_common_word(v),
            cues=("user", "screen", "handle"),
        ),
        # Initials after a title with no full stop: "Mrs P said".
        Rule(
            "NAME",
            c(r"\b(?:Mrs|Mr|Ms|Miss|Dr)\.?\s+([A-Z])(?![\w.&])"),
            group=1,
            cues=("mr", "ms", "miss", "dr"),
        ),
        # A name before an Indian or family title: "Sunita aunty", "Ramesh uncle", "Pooja didi".
        Rule(
            "NAME",
            c(
                rf"\b({_CAP})\s+(?:aunty|auntie|uncle|ji|didi|bhaiya|bhai|nani|nana|dadi|dada|chacha|mama"
                # …and the Sinhala and Tamil words for an elder brother or sister (Nimal aiya)
                r"|aiya|ayya|akka|anna|thambi|malli|nangi)\b"
            ),
            group=1,
            accept=_plausible_name,
        ),
        # A common given name opening a sentence that goes on about that person or addresses
        # them: "Mags from the support group", "Lynne, did yours grow back?", "Jen in Cardiff".
        Rule(
            "NAME",
            c(
                rf"(?m)(?:^|(?<=[.!?]\s))({_CAP})(?=,\s+(?=[^.!?\n]{{0,60}}\byou)|\s+from\s+(?:the|my|our)\b"
                rf"|\s+in\s+[A-Z]|\s+(?:and|&)\s+{_CAP}\s+(?:got|were|are|have|had|went)\b)"
            ),
            group=1,
            accept=_given_name,
        ),
        # An age over 89 after a name or relative: "my mum Edna is 93", "Maureen was
        # ninety-two", "Mrs Halina Kowalczyk, is 97", "Winston (94)", "gran (Edna, 93)", "aunty
        # is ninety-four"; not a test's result (Hb is 98, Glucose is 95).
        Rule(
            "AGE",
            c(
                rf"(?:\b(?i:{_RELATIVES_EN})|\b(?!(?i:{_MEASURE}|{_LAB_WORDS})\b){_CAP})"
                rf"(?:\s+{_CAP})*(?:\s*\([^()]{{1,20}}\))?"
                rf",?\s+(?:is|was|turns|turned|is now)\s+{number}\b{_NOT_AN_AGE}"
            ),
            group=1,
            accept=_over_89,
            cues=_OVER_89_CUES,
        ),
        Rule(
            "AGE",
            c(rf"(?:\b(?i:{_RELATIVES_EN})|\b{_CAP})\s*\((?:[^()]{{0,40}},\s*)?{number}\s*!?\)"),
            group=1,
            accept=_over_89,
            cues=_OVER_89_CUES,
        ),
        # A facility in a post about care, named after "at" or "to the": "the endocrinologist at
        # Ninewells has", "had his tonsils out at Alder Hey", "took me to the Lister when".
        Rule(
            "LOCATION",
            c(
                rf"\b(?:at|to|in)\s+(?:the\s+)?{_NOT_PLACE_WORD}"
                rf"({_CAP}(?:['’]s)?(?:\s+(?:{_CAP}(?:['’]s)?|&\s+{_CAP}|of\s+{_CAP}))*|[A-Z]{{2,4}}H)"
                rf"{_FACILITY_END}"
            ),
            group=1,
            accept=_facility_run,
            cues=("at", "to", "in"),
        ),
        Rule(
            "DATE",
            c(
                rf"\b{_EN_WEEKDAY}\s+(?:the\s+)?{_DAY}(?:st|nd|rd|th)(?:\s+(?:of\s+)?{_MONTH_NAME})?"
                rf"|\b{_EN_WEEKDAY}\s+{_DAY}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH_NAME}{_YEAR}?"
            ),
            cues=("mon", "tue", "wed", "thu", "fri", "sat", "sun"),
        ),
        # A UK sort code and account number.
        Rule("ID", c(r"(?<![\d-])\d{2}-\d{2}-\d{2}\s+\d{8}(?!\d)"), min_digits=14),
    )


# What follows a Chinese facility's own short or private name (阜外医院, 天津血研所, 江宁分院,
# 瑞美康复中心, 澄江镇卫生院).
_ZH_FACILITY_KIND = (
    r"医院|醫院|卫生院|衛生院|血研所|研究所|康复中心|康復中心|诊所|診所|门诊部|門診部|分院"
    r"|医疗站|醫療站|卫生站|衛生站|卫生所|衛生所|听力中心|聽力中心|验配中心|驗配中心|视光中心|視光中心"
    r"|言语中心|言語中心|检疫中心|檢疫中心|疾病预防控制中心|疾病預防控制中心"
    r"|托育园|托育園|早教中心|月子中心|月子会所|月子會所"
    rf"|[东西南北]院|{_ZH_CARE_HOME}"
)
# Level words that end a place before its facility (澄江镇 | 卫生院): the rest is the name.
_ZH_LEVEL_END = "镇乡街区县市省村"
# Hospitals known by a short name that is also a word or a town (同济, 中山, 长庚): one only
# where the words around it make it a hospital (在同济看, 去长庚, 同济的医生, 中信湘雅).
_SHORT_HOSPITALS = (
    r"同济|同濟|长庚|長庚|中山|荣总|榮總|301|301医院|北大|北医|复旦肿瘤|肿瘤医院|华西|湘雅|协和|瑞金|阜外"
    r"|齐鲁|西京|仁济|华山|中日友好|积水潭|安贞|天坛|宣武"
)
_SHORT_HOSPITAL_PREFIX = r"中信|北京|上海|台北|林口|高雄|复旦|浙大|中大|川大|中南|北大"
_SHORT_HOSPITAL_AFTER = (
    r"的?(?:医生|醫生|医师|醫師|专家|專家|教授|主任|大夫|号|號|看|住院|做|手术|手術|开刀|開刀|门诊|門診"
    r"|急诊|急診|复查|挂号|治疗|確診|确诊|查|那边|那邊)"
)
# Titles and terms of address after a surname alone (林医生, 钱老师, 杨师傅, 钱奶奶, 邱主任, 杨叔).
_ZH_SURNAME_TITLE = (
    r"醫師|醫生|医师|師傅|师傅|老师|老師|阿姨|叔叔|奶奶|爷爷|大爷|大妈|大姐|大哥|护士|護士|教授|主任|医生"
    r"|大夫|院長|院长|主治|叔|伯|护理师|護理師|药师|藥師|婆婆|阿婆|伯伯|大娘|阿伯|老伯"
    r"|姑娘|经理|經理|阿訇|老板|老闆|先生|女士|小姐|助产士|助產士|营养师|營養師|治疗师|治療師|康复师"
    r"|康復師|社工|护工|護工|月嫂|保姆|姐|神医|神醫|太太|阿公|伯公|主席|书记|書記|局长|局長|科长|科長"
    r"|处长|處長|校长|校長|园长|園長|所长|所長|站长|站長|村长|村長|会长|會長"
    r"|大伯|大叔|大婶|大嬸|爹爹|嗲嗲|舅舅|阿叔|阿嬷|阿嬤|牧师|牧師|神父|修女|传道|傳道|长老|長老"
    r"|执事|執事|法师|法師|里长|里長|师兄|師兄|师姐|師姐|师姊|師姊|神婆|老太|道长|道長"
)
# Solar terms and holidays that date care when an event of care follows (今天冬至，在病房陪我爸).
_ZH_SOLAR_TERMS = (
    r"立春|雨水|惊蛰|春分|清明|谷雨|立夏|小满|芒种|夏至|小暑|大暑|立秋|处暑|白露|秋分|寒露|霜降|立冬"
    r"|小雪|大雪|冬至|小寒|大寒"
)
_ZH_CARE_EVENT = (
    r"医院|醫院|病房|住院|化疗|化療|手术|手術|复查|出院|入院|查出|确诊|確診|开刀|開刀|急诊|急診|产检"
    r"|预约|開始|开始|发烧|發燒|摔|走的|去世|抢救|透析|打针|挂号|挂了|看病|就诊|检查|檢查"
)
# Words of strength or release that follow a brand (Augmentin Duo Forte, Tegretol XR).
STRENGTH_WORDS = frozenset(
    {"Duo", "Forte", "XR", "ER", "SR", "XL", "CR", "LA", "Retard", "Plus", "Mite", "DS", "ODT"}
)


def _zh_private_facility(value: str) -> bool:
    """A facility by its own name (阜外医院, 天津血研所, 澄江镇卫生院), not a kind of one (县医院,
    儿童康复中心, 肿瘤研究所 ...): the name before the kind has two or more characters that are
    not generic level or type words once a closing level word (镇, 区) is set aside."""
    if (
        not_a_named_place(value)
        or is_kind_of_hospital(value)
        or _ZH_HOSPITAL_KIND.search(value)
        or re.fullmatch(f"{_HAN}+", value) is None
        # …a count or a measure word says a kind is meant (分享一个免费诊所, 又入多次醫院).
        or re.search("[个個次]", value)
    ):
        return False
    head = re.sub(rf"(?:{_ZH_FACILITY_KIND})$", "", value)
    name = head.rstrip(_ZH_LEVEL_END) or head
    generic = _ZH_GENERIC_HOSPITAL | set("儿童老年妇幼中西医科肿瘤康复精神口腔眼残疾人民第附属")
    return len(name) >= 2 and sum(ch not in generic for ch in name) >= 2


def _zh_community(value: str) -> bool:
    head = value[:-2] if value.endswith("社区") else value[:-1]
    return len(head) >= 2 and not any(ch in _ZH_GENERIC_HOSPITAL for ch in head)


def ninth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 8 showed missing: Chinese facilities by a private
    or short name, villages and communities after a town or street, streets with a number,
    foreign cities in Chinese text, a surname alone before a title or term of address, a
    weekday or solar term dating care, landlines with full-width brackets, 400/800 numbers
    with an extension, ids with inner spaces after a cue; Welsh patronymics and street
    words, a holiday's day (the 3rd of Ramadan, Tết) and ids of letters and digits after a
    policy or card cue."""
    lex = lexicon()
    c = re.compile
    surnames = _words(lex.zh_surnames)
    ambiguous = _words(lex.zh_surnames_ambiguous)
    rare = "".join(lex.zh_surnames_rare)
    stop = f"{_ZH_NOT_IN_NAME}{_ZH_VERBS}问请哪谁么"
    name_char = rf"[^\W\d{stop}]"
    street_stop = stop.replace("和", "").replace("与", "")  # 林和西路
    return (
        Rule(
            "LOCATION",
            c(rf"{name_char}{{2,5}}(?:{_ZH_FACILITY_KIND})"),
            accept=_zh_private_facility,
            cues=("院", "所", "中心", "诊", "診", "门诊", "門診", "托育", "月子"),
        ),
        Rule(
            "LOCATION",
            c(
                rf"(?:{_SHORT_HOSPITAL_PREFIX}|(?<=[在去到从是找挂转於于，,。：:、「“\s])|^)"
                rf"(?:{_SHORT_HOSPITALS})(?=[东西南北]院|{_SHORT_HOSPITAL_AFTER}|[」”])"
            ),
            cues=tuple(_SHORT_HOSPITALS.split("|")),
        ),
        # A village after its town (金马镇小坝村), a community after a street (湘江社区), a
        # village after a county-level place (如皋长寿村).
        Rule(
            "LOCATION",
            c(
                rf"(?<=[镇乡段路街号区县市])((?![{_ZH_NUM}段号])"
                rf"{name_char}{{2,4}}(?:村|社区))(?![民委里口子医卫服])"
            ),
            group=1,
            accept=_zh_community,
            cues=("村", "社区"),
        ),
        Rule(
            "LOCATION",
            c(
                rf"[^\W\d{street_stop}]{{1,4}}(?:大街|大道|路|街|巷|胡同)"
                r"(?:[一二三四五六七八九十\d]{1,3}段(?:\d{1,4}(?:号|號))?|\d{1,4}(?:号|號|弄))"
                rf"{_ZH_COMPOUND}"
            ),
            cues=("号", "號", "段", "弄"),
        ),
        Rule("LOCATION", c(trie(lex.zh_foreign_cities))),
        # A Latin place in Chinese text after a locative (住Leeds, 这边Flushing的), where the
        # English rules' word boundaries do not hold; a known town or a hospital.
        Rule(
            "LOCATION",
            c(
                r"(?<=[住在到去从于近])\s?((?:[A-Z][a-z'’]+)(?:\s+(?:of|the|[A-Z][a-z'’]+)){0,5})"
                r"(?=\s?[\u4e00-\u9fff，,。])"
            ),
            group=1,
            accept=lambda v: (
                v in lex.en_towns
                or v in lex.en_town_words
                or v.split()[-1] in ("Hospital", "Clinic", "Centre", "Center")
            ),
        ),
        Rule(
            "LOCATION",
            c(
                r"(?<![A-Za-z])((?:[A-Z][a-z'’]+\s+){1,4}(?:of\s+(?:[A-Z][a-z'’]+\s+){1,3})?"
                r"(?:Hospital|Medical Centre|Medical Center))(?=[\u4e00-\u9fff，,。])"
            ),
            group=1,
            cues=("hospital", "medical"),
        ),
        Rule(
            "NAME",
            c(
                rf"(?:^|(?<=[，,。！!？?\s：:的找问問挂是、和跟请請.「“个科医过過里裡洽士给給让讓叫被荐薦【\[（(陪→'‘为為"
                r"看探】；;])"
                r"|(?<=谢谢|感谢|認識|认识)|(?<=Dr)"
                # …or after a bed or a day (7床|胡爹爹, 今天|王奶奶).
                r"|(?<=床)|(?<=今天|昨天|明天|前天|后天|後天|那天|每天)"
                # …or after a volunteer or a word in Latin letters (志工陳師姊, call黎醫生).
                r"|(?<=志工|义工|義工|同工)|(?<=[a-z]))"
                rf"((?:{surnames}|{ambiguous}|[{rare}]))(?=(?:{_ZH_SURNAME_TITLE}))"
            ),
            group=1,
            cues=tuple(_ZH_SURNAME_TITLE.split("|")),
        ),
        Rule("NAME", c(rf"(?:{surnames})(?=师傅|師傅)"), cues=("师傅", "師傅")),
        # 我爸老孙, 老公小林: 老 or 小 and a surname right after a kinship word.
        Rule(
            "NAME",
            c(
                rf"(?<=爸|妈|公|婆|爷|奶|哥|姐|弟|妹|叔|姨|舅|友|事|家)([老小](?:{surnames}))"
                rf"(?![公婆师人家板妈爸伴乡总表时儿朋伙区学便孩病花])"
            ),
            group=1,
            cues=("老", "小"),
        ),
        # A pet name of doubled characters before a birth or an age (朵朵6月1号出生).
        Rule(
            "NAME",
            c(
                rf"(?P<d>[^\W\d{_ZH_NOT_DOUBLED}])(?P=d)"
                r"(?=\d{1,2}月|出生|今年|[一二三四五六七八九十两\d]+(?:岁|個?个?月)(?:了|半|大))"
            ),
        ),
        # Handles that join Latin and Chinese with an underscore (Kevin_张), or Chinese words
        # and three or more digits before what is said (蓝天白云123说得对).
        Rule(
            HANDLE,
            c(r"(?<!\w)[A-Za-z]{2,15}_[\u4e00-\u9fff]{1,3}?(?=说|說|：|:|，|,|的|在|\s|$)"),
            cues=("_",),
        ),
        Rule(
            HANDLE,
            c(r"(?:^|(?<=[\s@「“]))([\u4e00-\u9fff]{2,8}\d{3,6})(?=说|說|：|:|的回复|的帖子)"),
            group=1,
            min_digits=3,
        ),
        Rule(
            "DATE",
            c(
                r"(?<![每在是到逢])(?:周|星期|礼拜|禮拜)[一二三四五六日天]"
                rf"(?=[^，,。！!？?；;]{{0,10}}?(?:{_ZH_CARE_EVENT}))"
            ),
            cues=("周", "星期", "礼拜", "禮拜"),
        ),
        Rule(
            "DATE",
            c(rf"(?:{_ZH_SOLAR_TERMS}|{_ZH_HOLIDAY})(?=[^。！!？?]{{0,12}}?(?:{_ZH_CARE_EVENT}))"),
        ),
        Rule("PHONE", c(r"[（(]0\d{2,3}[）)]\s?\d{3,4}[\s-]?\d{4}(?!\d)"), min_digits=10),
        Rule(
            "PHONE",
            c(r"(?<!\d)[48]00[-\s]?\d{3}[-\s]?\d{4}(?:\s?(?:转|轉|ext\.?|x)\s?\d{2,5})?(?!\d)"),
            min_digits=10,
        ),
        Rule(
            "ID",
            c(
                r"(?:卡号|卡號|序列号|序列號|病理号|病理號|群号|群號|住院号|住院號|门诊号|門診號|编号|編號"
                r"|证号|證號|帐号|帳號)[\s:：#是为為]*"
                # …one space at most between its groups (编号 HIV-5331-0097  ART: no more)
                r"([A-Za-z0-9](?:[A-Za-z0-9\-]| (?! )){4,24}[A-Za-z0-9])"
            ),
            group=1,
            accept=_looks_like_id,
            min_digits=4,
        ),
        Rule(
            "NAME",
            c(rf"\b{_CAP}\s+(?:ap|ab|ferch|verch)\s+{_CAP}\b"),
            cues=(" ap ", " ab ", "ferch", "verch"),
        ),
        Rule(
            "LOCATION",
            c(rf"\b(?:Heol|Ffordd|Stryd|Lon|Lôn)\s+(?:(?:y|yr|'r)\s+)?{_CAP}(?:\s+{_CAP})?"),
            cues=("heol", "ffordd", "stryd", "lon", "lôn"),
        ),
        Rule(
            "DATE",
            c(
                r"\b(?:the\s+)?(?:(?:3[01]|[12]\d|[1-9])(?:st|nd|rd|th)|first|second|third|last)"
                r"\s+(?:day\s+)?of\s+(?:Ramadan|Tết|Tet|Passover|Hanukkah|Diwali|Lent|Muharram)\b"
            ),
            cues=("ramadan", "tết", "tet", "passover", "hanukkah", "diwali", "lent", "muharram"),
        ),
        Rule(
            "DATE",
            c(r"\b(?:over|during|before|after|since|until|at)\s+(Tết)(?!\w)"),
            group=1,
            cues=("tết",),
        ),
        Rule(
            "ID",
            c(
                r"(?i:\b(?:policy|membership|member|card|OHIP|CNIC|serial|health card|insurance)"
                r"(?:\s+(?:no\.?|number|#))?(?:\s*[-:–]\s*|\s+)(?:(?:mine|it|hers|his)\s+is\s+|is\s+)?)"
                r"([A-Z0-9]{2,6}(?:-[A-Z0-9]{1,8}){1,4})\b"
            ),
            group=1,
            accept=_looks_like_id,
            min_digits=5,
        ),
    )


# Where a person lives, before a house number and its name: "we live at 14 Orchard Rise".
_RESIDENCE_CUE = (
    r"(?i:\b(?:live|lives|living|lived|stay|stays|staying|moved|moving|address|home|house|flat"
    r"|bungalow|cottage|farm|post(?:ed|ing)? it|send it|sent it|deliver(?:ed)?)"
    r"(?:\s+(?:is|was|at|to|in|on|now))*\s+(?:at\s+|to\s+)?(?:number\s+|no\.?\s*)?)"
)
# A partial postcode where a place is expected: a Canadian forward sortation area (T1K, M5V)
# or an Irish routing key (D15, T12, A94). HbA1c's "A1C" and spine levels (T12, C5) are not
# found: only after a word of residence or a postcode word.
_PARTIAL_POSTCODE_CUE = (
    r"(?i:\b(?:live|lives|living|lived|based|moved|home|area|postcode|post code|postal code"
    r"|zip|fsa|eircode|routing key)(?:\s+(?:is|was|in|to|of|code|area))*[\s:]+)"
)
# Elders whose age over 89 may follow with no 岁: 外婆今年九十六了, 老爷子97了, 老太太 96 了.
_ELDER_ZH = (
    r"爷爷|奶奶|外公|外婆|姥姥|姥爷|老人家|老人|老爷子|老爺子|老太太|太奶奶|太爷爷|曾祖母|曾祖父"
    r"|老母亲|老父亲|老奶奶|老爷爷|老爺爺|阿婆|阿公"
)
_ZH_AGE_OVER_89 = r"9\d|1[01]\d|九十[一二三四五六七八九]?|一百(?:零[一二三四五六七八九])?"
# Words of care after a day and month without a year: "14/10 admitted", "(3/11) scan".
_EN_CARE_AFTER = (
    r"admitted|admission|discharged|discharge|surgery|op\b|operation|appointment|appt|scan|seen"
    r"|clinic|ward|a&e|ed\b|gp\b|started|stopped|biopsy|results?|chemo|infusion|bloods|referral"
    r"|referred|review|fell|fall|collapsed|died|passed"
)


def _short_hospital_pattern(names: tuple[str, ...]) -> str:
    """One alternation of the short hospital names: acronyms and one-word names with an
    apostrophe in their case, names of two or more words in any case, and single
    capitalised words only after "the", "at", "to", "in" or "from"."""
    exact = [n for n in names if " " not in n and ("'" in n or n.isupper())]
    loose = [n for n in names if " " in n or "-" in n]
    single = [n for n in names if n not in exact and n not in loose]
    apostrophes = [v for n in exact for v in (n, n.replace("'", "’"))]
    cue = "|".join(rf"(?<=\b{word} )" for word in ("the", "at", "to", "in", "from"))
    return (
        rf"(?<![\w'’/-])(?:{trie(tuple(apostrophes))})(?![\w'’/-])"
        rf"|(?i:\b(?:{trie(tuple(loose))}))(?![\w'’])"
        rf"|(?:{cue})(?:{trie(tuple(single))})(?![\w'’])"
    )


# Words of a ward, a bay or a time after a number ("moved to 4 North", "home at 3 Weeks").
_NOT_HOUSE = frozenset(
    {"North", "South", "East", "West", "Ward", "Bay", "Unit", "Wing", "Floor", "Level", "Bed"}
    | {"Theatre", "Block", "Weeks", "Days", "Months", "Years", "Hours", "Times", "Pm", "Am"}
)


def is_numbered_ward(value: str) -> bool:
    """A ward, bay or floor by its number and the words of one alone ("4 North", "7B Ward"):
    a clinical detail, not an address, whoever found it."""
    number, *words = value.split()
    return bool(words) and number[:1].isdigit() and all(w in _NOT_HOUSE for w in words)


def _house_name(value: str) -> bool:
    """A house number and a name that are no ward, bay or time and no drug or term."""
    words = value.split()[1:]
    return not any(w in _NOT_HOUSE for w in words) and not is_medical_term(" ".join(words))


def _handle_word(value: str) -> bool:
    """A lower-case user name that is no English word of the lists (and no drug or
    medical term)."""
    lex = lexicon()
    return (
        value.capitalize() not in lex.not_names
        and not lex.is_common_word(value)
        and not lex.is_drug_name(value)
        and not is_medical_term(value)
    )


def _initial_and_family(value: str) -> bool:
    """An initial and a capitalised word that is no function word, month or day, common
    word, drug, medical term or eponym (R. Okafor, not "C. Then" or "A. Vogel's syndrome")."""
    family = value.split(".", 1)[1].strip()
    lex = lexicon()
    return (
        family not in lex.not_names
        and family not in _CALENDAR_WORDS
        and not lex.is_common_word(family)
        and not lex.is_drug_name(family)
        and not lex.is_eponym(family)
        and not is_medical_term(family)
    )


# Words that take a letter after them ("hep C. Then", "plan B. After"): no initial follows.
_LETTER_AFTER = (
    "plan",
    "Plan",
    "yo",
    "type",
    "Type",
    "vitamin",
    "Vitamin",
    "hep",
    "Hep",
    "hepatitis",
    "Hepatitis",
    "grade",
    "Grade",
    "stage",
    "Stage",
    "class",
    "Class",
    "group",
    "Group",
    "option",
    "Option",
    "part",
    "Part",
    "section",
    "Section",
    "category",
    "Category",
    "level",
    "Level",
    "zone",
    "Zone",
    "ward",
    "Ward",
    "bay",
    "Bay",
    "bed",
    "Bed",
    "room",
    "Room",
    "wing",
    "Wing",
    "unit",
    "Unit",
    "team",
    "Team",
    "strep",
    "Strep",
    "and",
    "or",
    "of",
)


_ZH_CENTRE_KIND = re.compile(r"(?:社区|社區)?(?:卫生服务|衛生服務)(?:中心|站)$|院区$|院區$")


def _zh_health_centre(value: str) -> bool:
    """A community health centre or a hospital campus by its own name (枫林社区卫生服务中心,
    松江院区), not a kind of one (社区卫生服务中心, 东院区): two or more characters before the
    kind that are no generic words."""
    name = _ZH_CENTRE_KIND.sub("", value).rstrip(_ZH_LEVEL_END)
    return sum(ch not in _ZH_GENERIC_HOSPITAL for ch in name) >= 2 and not is_kind_of_hospital(
        value
    )


def tenth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 9 showed missing: English hospitals by a short or
    informal name, a house number and its name after a word of residence, partial postcodes
    after an address cue, an initial and a family name, lower-case user names before what
    they said, ages over 89 in brackets or commas after a relative, a day and month with no
    year before a word of care; Chinese community health centres and hospital campuses,
    lunar dates after 农历, landlines with an extension after 转, ages over 89 after an
    elder with no 岁."""
    c = re.compile
    short_hospitals = tuple(word_lines("hospitals_en_short.txt"))
    stop = f"{_ZH_NOT_IN_NAME}{_ZH_VERBS}问请哪谁么"
    name_char = rf"[^\W\d{stop}]"
    elder_en = f"{_ELDER_NOUNS}|{_ELDER_MORE}"
    return (
        Rule("LOCATION", c(_short_hospital_pattern(short_hospitals))),
        Rule(
            "LOCATION",
            c(
                rf"{_RESIDENCE_CUE}(\d{{1,4}}[A-Za-z]?,?\s+(?:(?:y|yr|the|de|la|le)\s+)?"
                rf"[{UPPER_LETTERS}][{LOWER_LETTERS}'’]+(?:\s+(?:(?:y|yr|the|de|la|le|of)\s+)?[{UPPER_LETTERS}][{LOWER_LETTERS}'’]+){{0,2}})"
            ),
            group=1,
            accept=_house_name,
            min_digits=1,
            cues=(
                "live",
                "stay",
                "moved",
                "moving",
                "address",
                "home",
                "house",
                "flat",
                "bungalow",
                "cottage",
                "farm",
                "post",
                "send",
                "sent",
                "deliver",
            ),
        ),
        Rule(
            "LOCATION",
            c(
                rf"{_PARTIAL_POSTCODE_CUE}([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]"
                r"|[ACDEFHKNPRTVWXY]\d{2}|D6W)(?![\w-])"
            ),
            group=1,
            min_digits=1,
        ),
        Rule(
            "NAME",
            c(
                # The initial looked at first: the look-behinds are then tried at an initial
                # only, not at every position of the text (the same matches, far sooner).
                r"(?=[A-Z]\.)"
                + "".join(rf"(?<!\b{word} )" for word in _LETTER_AFTER)
                # …and no number before it, whose unit the letter is (IV NS 1 L. Recovered).
                + r"(?<!\d )(?<![\w.&/°])[A-Z]\.\s?(?:Mc|Mac|O['’])?[A-Z][a-z]{2,}"
                + r"(?:-[A-Z][a-z]+)?\b"
                + r"(?!['’]s\s+(?:disease|syndrome|sign|test))"
            ),
            accept=_initial_and_family,
            cues=(". ",),
        ),
        Rule(
            HANDLE,
            c(
                r"(?i:\b(?:user|member|poster|forumite|commenter|commentor)\s+@?)"
                r"([a-z][a-z0-9_.]{2,24}[a-z0-9])"
                r"(?=\s+(?:said|says|wrote|writes|posted|posts|mentioned|asked|replied|suggested"
                r"|recommended|messaged|is right|was right|has)\b|['’]s\s+(?:post|reply|comment"
                r"|advice|thread|story|message))"
            ),
            group=1,
            accept=_handle_word,
            cues=("user", "member", "poster", "forumite", "comment"),
        ),
        Rule(
            "AGE",
            c(
                rf"(?i:\b(?:{elder_en})\b[^.!?\n\d()]{{0,30}}?(?:\(\s*|,\s+))"
                rf"(9\d|1[01]\d)(?=\s*(?:\)|,)){_NOT_AN_AGE}"
            ),
            group=1,
            accept=_over_89,
            min_digits=2,
            cues=_OVER_89_CUES,
        ),
        Rule(
            "DATE",
            c(
                r"(?:^|(?<=[\s(\[]))((?:3[01]|[12]\d|0?[1-9])/(?:1[0-2]|0?[1-9]))(?![/\d])"
                rf"(?=[)\]:,\s-]+(?:[^.\n]{{0,25}}?\s)?(?i:{_EN_CARE_AFTER}))"
            ),
            group=1,
            accept=_day_and_month,
            min_digits=2,
        ),
        Rule(
            "LOCATION",
            c(
                rf"{name_char}{{2,6}}(?:社区卫生服务中心|社區衛生服務中心|卫生服务中心|社区卫生服务站"
                r"|院区|院區)"
            ),
            accept=_zh_health_centre,
            cues=("卫生服务", "衛生服務", "院区", "院區"),
        ),
        Rule(
            "DATE",
            c(
                r"(?:农历|農曆|阴历|陰曆|旧历|舊曆)(?:正|腊|臘|冬|[一二三四五六七八九十]{1,2})月"
                r"(?:初[一二三四五六七八九十]|十[一二三四五六七八九]|二十[一二三四五六七八九]?"
                r"|廿[一二三四五六七八九]|三十|[一二三四五六七八九十])[日号]?"
            ),
            cues=("农历", "農曆", "阴历", "陰曆", "旧历", "舊曆"),
        ),
        Rule(
            "PHONE",
            c(
                r"(?<!\d)(?:[（(]0\d{2,3}[）)]\s?|0\d{2,3}[-\s]?)\d{3,4}[-\s]?\d{4}"
                r"\s?(?:转|轉|分机|分機)\s?\d{1,5}(?!\d)"
            ),
            min_digits=10,
            cues=("转", "轉", "分机", "分機"),
        ),
        Rule(
            "AGE",
            c(
                rf"(?:{_ELDER_ZH})[ \t]*(?:(?:今年|已经|已|都|快|也|有)[ \t]*)*({_ZH_AGE_OVER_89})"
                r"(?=[ \t]*(?:了|啦|岁|歲|高龄|高寿|大寿|的人|的老人|，|,|。))"
            ),
            group=1,
            accept=_over_89,
            cues=tuple(_ELDER_ZH.split("|")),
        ),
    )


# Grandparents named in the family's language ("my gogo is 91", "halmeoni … is 97"), whose
# age over 89 may follow as in `_ELDER_MORE`.
_ELDER_WORLD = (
    r"gogo|mkhulu|ouma|oupa|halmeoni|halmoni|harabeoji|nainai|yeye|laolao|waipo|popo|ah ma"
    r"|amah|yiayia|yia yia|pappou|babcia|dziadek|bubbe|bubby|zayde|savta|saba|tutu|mamie"
    r"|bà|ông|lolo|lola|nonna|nonno|abuela|abuelo"
    r"|bà ngoại|bà nội|ông ngoại|ông nội|grandpère|grand-père|grandmère|grand-mère|abuelita"
    r"|abuelito|oma|opa|kokum|kookum|mushum|koro|kuia|nannu|nanna|tatay|nanay|itay|inay"
    r"|mamanjoon|babajoon|maman bozorg|nani|naani|dadi|daadi|nanaji|dadaji|ajji|ajja|paati"
    r"|thatha|ammamma|achachan|dida|dadu|teta|sitto|sitti|jiddo|jeddo|babushka|dedushka"
    r"|abba|abbu|ammi|ammu|bebe ji|bebeji|biji|beeji|nanu|nanuji|nanima|dadima|thakuma"
    r"|thakurda|zaidy|zaide|zeide"
    r"|dziadzia|mormor|farmor|morfar|farfar|avó|avô|vovó|vovô|babaanne|anneanne|obaachan"
    r"|ojiichan|bebia|babua|yaya|lelo|shimásání|shimasani|shicheii|atuk|nenek|opah"
)
# Words of a reading before "at N" ("sats stable at 92", "hovering at 95").
_READING_BEFORE_AT = (
    r"stable|steady|running|sitting|hovering|around|about|down|up|dropped|dipped|reading|peaked"
    r"|maxed|capped|set|kept|level|levels|sats?|o2|spo2|pulse|hr|rate|score"
)
# What a person did or had done "at N" when N is their age (got one at 91, had the op at 94).
_DONE_AT = (
    r"got|had|has|done|diagnosed|started|began|passed|died|retired|married|learned|learnt"
    r"|moved|finished|operated|operation|surgery|replacement|jab|vaccine|vaccinated"
)
# The letters and digits of an Irish Eircode's unique identifier (A65 F4E2, D06 X2K8).
_EIRCODE = r"(?:[ACDEFHKNPRTVWXY]\d{2}|D6W) ?[0-9ACDEFHKNPRTVWXY]{4}"
# UK postcode areas of two letters, for an outward code alone (in NE6, from BT9, AB25); the
# one-letter areas (B, E, G …) and CA and ST (CA125, ST2 are markers) are left out.
UK_AREAS = (
    r"AB|AL|BA|BB|BD|BH|BL|BN|BR|BS|BT|CB|CF|CH|CM|CO|CR|CT|CV|CW|DA|DD|DE|DG|DH|DL|DN|DT|DY"
    r"|EC|EH|EN|EX|FK|FY|GL|GU|HA|HD|HG|HP|HS|HU|HX|IG|IP|IV|KA|KT|KW|KY|LA|LD|LE|LL|LN|LS|LU"
    r"|ME|MK|ML|NE|NG|NN|NP|NR|NW|OL|OX|PA|PE|PH|PL|PO|PR|RG|RH|RM|SA|SE|SG|SK|SL|SM|SN|SO|SP"
    r"|SR|SS|SW|SY|TA|TD|TF|TN|TQ|TR|TS|TW|UB|WA|WC|WD|WF|WN|WR|WS|WV|YO|ZE"
)
# Digits read out one by one, "oh" for zero and "double" for a pair.
_DIGIT_WORDS = (
    r"oh|zero|one|two|three|four|five|six|seven|eight|nine|double[\s-]+\w+|triple[\s-]+\w+"
)


_HYPHENED_DIGITS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _spoken_digits(value: str) -> bool:
    """Digits read out make a phone number's ten or more: each word one ("double oh" two, as
    its two words; "triple oh" three)."""
    words = re.findall(r"[a-z]+", value.lower())
    return len(words) + words.count("triple") >= 10


# Words of an event of care after a Chinese month.day (5.3在红房子做剖宫产, 5.6就出院了).
_ZH_DOTTED_EVENT = (
    r"出院|住院|入院|手术|手術|做的|做了|做剖|开刀|開刀|复查|複查|确诊|確診|生的|出生|去世|就诊"
    r"|挂号|那天|剖宫产|顺产|生了|拆线|化疗"
)


def _eircode(value: str) -> bool:
    """An Eircode's unique identifier mixes letters and digits (X2K8, F4E2)."""
    tail = value.replace(" ", "")[3:]
    return any(ch.isdigit() for ch in tail) and any(ch.isalpha() for ch in tail)


def fourteenth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind sets 8-12 showed missing together: ages over 89 with
    no "years old" (his 90th, would've been 90, got one at 91, 92 years of, a grandparent
    in the family's language, 阿公99歲, 今年93, 老伴叫乔卫东，93了); Irish Eircodes and
    Dublin's postal districts; UK outward codes alone after a place word; Chinese month.day
    dates before an event of care (5.3在…做的); 老 + surname in more places (楼下那家诊所的老胡给,
    单位老陈上周) and surname + 姐/哥 after a carer's word (陪护阿姨蒋姐); numbered hospitals by
    their short name (六院, 重医附二院)."""
    c = re.compile
    lex = lexicon()
    surnames = _words(lex.zh_surnames)
    ambiguous = _words(lex.zh_surnames_ambiguous)
    chars = lex.zh_given_chars
    stop = f"{_ZH_NOT_IN_NAME}{_ZH_VERBS}问请哪谁么"
    return (
        Rule(
            "AGE",
            c(
                r"(?i:\b(?:happy|his|her|my|their|your|[a-z]+['’]s)\s+)(9\d|1[01]\d)(?=st|nd|rd|th)"
                r"(?!\w*\s+(?:percentile|centile|day|dose|cycle|week|visit|time|attempt"
                r"|anniversary|session|floor|minute|place)\b)"
            ),
            group=1,
            min_digits=2,
            cues=_OVER_89_CUES,
        ),
        Rule(
            "AGE",
            c(
                r"(?i:\b(?:would(?:['’]ve| have)? been|will be|would be|(?:he|she)['’]ll be)\s+)"
                r"(9\d|1[01]\d)\b(?=\s+(?:next|this|on|in|today|tomorrow|years?|by)\b|\s*[!.,])"
            ),
            group=1,
            min_digits=2,
            cues=("would", "will be", "ll be"),
        ),
        Rule(
            "AGE",
            c(r"\b(9\d|1[01]\d)(?=\s+years\s+of\b)"),
            group=1,
            min_digits=2,
            cues=("years of",),
        ),
        Rule(
            "AGE",
            c(
                rf"(?i:\b(?:{_DONE_AT})\b"
                rf"(?:(?!{_MEASURE}|\b(?:{_READING_BEFORE_AT})\b)[^.!?\n\d]){{0,40}}?"
                r"\bat\s+)(9\d|1[01]\d)\b(?![.,]\d)"
                rf"{_NOT_AN_AGE}(?=\s*[!,.;)]|\s+(?:and|but|now|too|though|years)\b)"
            ),
            group=1,
            min_digits=2,
            cues=("at ",),
        ),
        Rule(
            "AGE",
            c(
                rf"(?i:\b(?:{_ELDER_WORLD})\b(?:(?!{_MEASURE})[^.!?\n\d]){{0,50}}?"
                r"\b(?:is|was|turned|turns|will be|is now|aged|turning)\s+"
                r"(?:now\s+|nearly\s+|almost\s+|just\s+)?)(9\d|1[01]\d)\b"
                rf"{_NOT_AN_AGE}(?!\s*(?:/|mmhg|%|on\b|over\b))"
            ),
            group=1,
            min_digits=2,
            cues=_OVER_89_CUES,
        ),
        Rule(
            "AGE",
            c(r"(?i:\b[a-z]+-in-law\s*\((?:[^()]{0,40},\s*)?)(9\d|1[01]\d)\s*!?\)"),
            group=1,
            min_digits=2,
            cues=("-in-law",),
        ),
        Rule(
            "AGE",
            c(rf"(?<![\d.])(\d{{2,3}}|{_ZH_AGE_WORDS})(?=\s*(?:周歲|歲))"),
            group=1,
            accept=_over_89,
            cues=("歲",),
        ),
        Rule(
            "AGE",
            c(rf"(?:今年|已经|已經)({_ZH_AGE_OVER_89})(?![\d.%])(?=了|[，,。！!；;]|$)"),
            group=1,
            accept=_over_89,
            cues=("今年", "已经", "已經"),
        ),
        Rule(
            "AGE",
            c(rf"(?:叫|名叫)[\u4e00-\u9fff]{{2,3}}[，,]({_ZH_AGE_OVER_89})(?=了[，,。！!]|岁)"),
            group=1,
            accept=_over_89,
            cues=("叫",),
        ),
        Rule("LOCATION", c(rf"\b{_EIRCODE}\b"), accept=_eircode, min_digits=3),
        Rule(
            "LOCATION",
            c(
                r"\bDublin\s+(?:[1-9]|1\d|2[0-4]|6W)\b(?![.,:/]?\d|\s*(?:%|am|pm|mg)\b"
                r"|\s+(?:weeks?|days?|months?|years?|hours?|times?|nights?|min(?:ute)?s?|hrs?)\b)"
            ),
            cues=("dublin",),
        ),
        Rule(
            "LOCATION",
            c(
                r"(?:(?<=\bin )|(?<=\bfrom )|(?<=\bnear )|(?<=\bto ))"
                rf"(?:{UK_AREAS})\d{{1,2}}[A-Z]?(?![\w/-])(?!\s+\d[A-Z]{{2}})"
            ),
            min_digits=1,
        ),
        Rule(
            "DATE",
            c(
                r"(?:^|(?<=[是于於在从從到，,。：:！!]))((?:1[0-2]|[1-9])\.(?:3[01]|[12]\d|[1-9])[号號日]?)"
                rf"(?![\d.%])(?=[^，,。！!？?\d]{{0,12}}?(?:{_ZH_DOTTED_EVENT}))"
            ),
            group=1,
            min_digits=2,
        ),
        Rule(
            "NAME",
            c(
                rf"(?:(?<=[的位个])|(?<=单位|同事|邻居|隔壁|楼下|楼上|同学|病友|室友|朋友))"
                rf"(老(?:{surnames}))(?=给|在|上|去|来|做|查|住|是|跟|和|带|帮|开|让|被|把|刚|就"
                r"|才|已|最|今|昨|前|这|那|说|也|又|还|的|痛|[，,。！!？?])"
            ),
            group=1,
            cues=("老",),
        ),
        Rule(
            "NAME",
            c(
                r"(?:(?<=阿姨|护工|保姆|月嫂|陪护|护士|同事|邻居|病友)|(?<=的))"
                rf"((?:{surnames})[姐哥])(?=[，,。！!？?、]|给|说|帮|人)"
            ),
            group=1,
            cues=("姐", "哥"),
        ),
        # A phone number read out digit by digit ("oh one five six four, seven seven oh, …",
        # "oh seven seven double oh, nine double oh, one two six": ten digits or more).
        Rule(
            "PHONE",
            c(rf"(?i:\b(?:(?:{_DIGIT_WORDS})[\s,-]+){{6,}}(?:{_DIGIT_WORDS})\b)"),
            accept=_spoken_digits,
            # …or digits hyphened in groups (eight-seven-six, five-five-two, …)
            cues=("oh ", "oh-", "zero", "double", *(f"-{w}" for w in _HYPHENED_DIGITS)),
        ),
        # A ZIP code after a town and a state code that is also a word or an abbreviation
        # (Kalamazoo, MI 49008; Portland, OR 97201), which `_STATE_CODES` leaves out.
        Rule(
            "LOCATION",
            c(
                r"[A-Z][a-z]+,?\s+(?:MI|ME|IN|OR|PA|GA|DE|CO|HI|IA|ID|LA|MA|MD|MS|OK|VA|DC)\s+"
                r"(\d{5}(?:-\d{4})?)\b"
            ),
            group=1,
            min_digits=5,
        ),
        # A flat in a named building (Flat 12, Rosemount Court).
        Rule(
            "LOCATION",
            c(
                r"\b(?:Flat|Apt|Apartment|Unit|Suite)\.?\s*\d[0-9A-Za-z]{0,3},?\s+"
                r"(?:[A-Z][a-z]+\s+){1,2}(?:Court|House|Tower|Towers|Mews|Gardens|Lodge|Mansions"
                r"|Heights|Place|Close|Terrace|Square|Building)\b"
            ),
            cues=("flat", "apt", "apartment", "unit", "suite"),
        ),
        # A flat in a residential compound, whose name may end in 里, and the street number
        # before it: 幸福里小区7栋2单元501, 红旗大道88号锦绣华庭3栋2单元1204.
        Rule(
            "LOCATION",
            c(
                rf"(?:\d{{1,5}}[号號])?[^\W\d{stop.replace('里', '')}]{{2,8}}?\d{{1,3}}"
                r"(?:栋|幢|棟|号楼|號樓|座)"
                r"\d{1,2}单元\d{2,4}(?:室|号|號)?"
            ),
            min_digits=4,
            cues=("单元",),
        ),
        # A surname after "Dr" with no title after it (Dr. 李真的耐心, Dr.邱在群里说).
        Rule(
            "NAME",
            c(rf"(?<![A-Za-z])Dr\.?\s?((?:{surnames}|{ambiguous})[{chars}]{{0,2}})"),
            group=1,
            cues=("dr",),
        ),
        # Weekdays before a time of day and an event of care (周三下午去的, 到周四早上才去医院).
        Rule(
            "DATE",
            c(
                r"(?<![每逢])(?:周|星期|礼拜|禮拜)[一二三四五六日天]"
                rf"(?=(?:{_ZH_TIME_OF_DAY})[^，,。！!？?；;]{{0,8}}?(?:{_ZH_EVENT}|{_ZH_CARE_EVENT}))"
            ),
            cues=("周", "星期", "礼拜", "禮拜"),
        ),
        Rule(
            "LOCATION",
            c(
                rf"(?:[^\W\d{stop}]{{1,3}}?)?附(?:属)?[一二三四五六七八]院"
                rf"|(?:(?<=[在去到转、和或])|(?<=住在))[一二三四五六七八九十]院(?![士长区子里内外落])"
            ),
            cues=("院",),
        ),
    )


# A Chinese province's one-character abbreviation, before 一/二/三 for its university
# hospitals by number (浙一, 浙二, 湘一).
_ZH_PROVINCE_ABBR = "浙湘苏皖赣鄂川渝闽粤桂黔滇陕甘晋冀豫鲁辽吉黑蒙宁青新藏琼沪京津"
# What follows a hospital's short name in a sentence of care (浙一做的, 湘雅附二的医生, 转到浙二，).
_ZH_AFTER_SHORT_HOSPITAL = r"[的做住看查治急门挂复手开就吗呢了，,。！!？?、）)\s]|$"
# A kinship word before a child's or a sibling's pet name (我弟二蛋, 我外甥女果果).
_ZH_KIN_BEFORE_NICK = (
    r"我弟|我妹|我哥|我姐|弟弟|妹妹|外甥女|外甥|侄子|侄女|儿子|女儿|闺女|孙子|孙女|外孙女|外孙"
    r"|我家|俺家|我们家|老大|老二|老三"
)
# Pet names built of a number or 大/小 and a word for a small thing (二蛋, 三娃, 大毛, 小胖).
_ZH_RUSTIC_NICK = r"[大二三四小][蛋狗娃妞丫毛胖虎宝牛]"
# What follows a pet name in a sentence: a verb, a time word or a stop.
_ZH_AFTER_NICK = (
    r"[在也今昨前去刚才就从被把跟和说是得发又还都，,。！!（(]|这|那|最近|每天|上周|上个"
)
# Acronyms ending in H that are clinical, not a hospital (to PPH, from SAH, at TSH).
_CLINICAL_H = frozenset(
    (
        "TSH",
        "FSH",
        "ACTH",
        "PTH",
        "ADH",
        "HGH",
        "PPH",
        "SAH",
        "ICH",
        "IVH",
        "BPH",
        "LVH",
        "RVH",
        "IIH",
        "CAH",
        "PAH",
        "CTEPH",
        "NASH",
        "HH",
        "DVH",
        "EMH",
        "LDH",
        "CRH",
        "GHRH",
        "SIADH",
        "NSH",
        "ARH",
        "MSH",
        "IPH",
        "APH",
    )
)
# Given names that are also English words (Hope, Sunny, Faith), named only after a word for
# a relative or a thanks or farewell that opens a sentence.
_WORD_NAMES = (
    r"Hope|Faith|Sunny|Joy|Grace|Charity|Patience|Precious|Blessing|Mercy|Destiny|Honor|Honour"
    r"|Dawn|Summer|Autumn|Skye|Star|Angel|Heaven|Harmony|Serenity|Trinity|Liberty|Justice"
    r"|Poppy|Daisy|Holly|Ivy|Iris|Hazel|Heather|Ruby|Amber|Pearl|Crystal|Jade|Olive|Rose"
    r"|Lily|Willow|Rain|River|Hunter|Gift|Godknows|Lucky|Sonny|Brandy|Chance|Happy|Goodness"
)
# Time words after a child's pet name at home (我家石头今天, 我家花生最近).
ZH_PET_NAME_TIME = (
    r"今天|昨天|前天|最近|这两天|这几天|前几天|上周|上个月|刚刚|早上|晚上|半夜|昨晚|今早"
)
# Words after 我家 that are no pet name: who is meant, not what they are called.
_ZH_NOT_PET = frozenset(
    (
        "孩子",
        "宝宝",
        "小孩",
        "老人",
        "老大",
        "老二",
        "老三",
        "老幺",
        "大宝",
        "二宝",
        "姑娘",
        "小子",
        "那边",
        "这边",
        "附近",
        "楼下",
        "楼上",
        "那位",
        "先生",
        "太太",
        "这位",
        "两个",
    )
)
# Domains of free mail after "#" written for "@" (xiaoyu#163.com).
_MAIL_TLD = r"(?:com|cn|net|org|me|io|edu|co\.uk|com\.cn|com\.tw|hk|tw|sg)"


def fifteenth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind sets 13 and 14 showed missing together: e-mails whose
    "@" is written "(at)", "[at]" or "#"; names masked with asterisks (何*平, 张**, J***);
    Chinese pet names after a kinship word (我弟二蛋, 外甥女果果), after 我家 before a time
    word (我家石头今天) or before a bracketed "nickname" (石头（小名）); university hospitals by
    their province's abbreviation and number (浙一, 湘一) or a school's name and 附N with no 院
    (湘雅附二); a hospital named in Latin letters before 医院 (Westmead儿童医院) or by an
    acronym ending in H (TTSH, NUH); a 街道 after its district; English given names that are
    words after a relative or a thanks (my daughter Sunny, Thanks Hope,) and a given name in
    capitals after a greeting (Hi DEREK,); lunar dates with the year before them and dates in
    the lunar months that need no 农历 (腊月二十三, 正月初五)."""
    c = re.compile
    lex = lexicon()
    surnames = _words(lex.zh_surnames)
    stop = f"{_ZH_NOT_IN_NAME}{_ZH_VERBS}问请哪谁么"
    return (
        Rule(
            "EMAIL",
            c(
                r"[\w.+-]*[A-Za-z][\w.+-]*\s?(?:[(\[（【]\s?(?i:at)\s?[)\]）】]|#)\s?"
                rf"[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.{_MAIL_TLD}\b"
            ),
            cues=("(at", "[at", "（at", "【at", "#"),
        ),
        Rule(
            "NAME",
            c(
                rf"(?<![A-Za-z0-9_*＊])(?:{surnames})(?:[*＊×]{_HAN}|[*＊×]{{1,2}}|{_HAN}[*＊×])"
                r"(?![*＊×])|(?<![\w*＊])[A-Z](?:[a-z]{0,2}\*{2,}|\*{2,}[a-z]{1,3})(?![\w*])"
            ),
            cues=("*", "＊", "×"),
        ),
        Rule(
            "NAME",
            c(
                rf"(?:{_ZH_KIN_BEFORE_NICK})((?:{_zh_nick('a')})|{_ZH_RUSTIC_NICK})"
                rf"(?={_ZH_AFTER_NICK})"
            ),
            group=1,
            accept=_zh_pet_name,
        ),
        Rule(
            "NAME",
            c(rf"({_HAN}{{2}})(?=[（(](?:小名|乳名|外号|昵称))"),
            group=1,
            accept=lambda v: (
                not is_kinship_word(v)
                and re.fullmatch(_ZH_KIN_BEFORE_NICK, v) is None
                and re.search(f"[{stop}]", v) is None
            ),
            cues=("小名", "乳名", "外号", "昵称"),
        ),
        Rule(
            "LOCATION",
            c(
                rf"(?:^|(?<=[在去到转、和或，,。！!：:\s]))[{_ZH_PROVINCE_ABBR}][一二三](?:院)?(?={_ZH_AFTER_SHORT_HOSPITAL})"
            ),
        ),
        Rule(
            "LOCATION",
            c(
                rf"[^\W\d{stop}]{{2,4}}?附(?:属)?[一二三四五六七八](?!院)"
                rf"(?={_ZH_AFTER_SHORT_HOSPITAL})"
            ),
            cues=("附",),
        ),
        Rule(
            "LOCATION",
            c(
                r"(?<![A-Za-z])[A-Z][a-z]{2,}(?:\s[A-Z][a-z]{2,})?\s?"
                r"(?:儿童|兒童|妇幼|婦幼|妇儿|婦兒|妇产|婦產|眼科|口腔|私立)?(?:医院|醫院|诊所|診所)"
            ),
            cues=("医院", "醫院", "诊所", "診所"),
        ),
        Rule(
            "NAME",
            c(
                r"(?:\b(?i:my|our)\s+(?:(?i:little|baby|eldest|youngest|older|younger)\s+)?"
                rf"(?i:{_RELATIVES_EN}|granddaughter|grandson)\s*[,(]?\s*"
                r"|(?m:^|(?<=[.!?]\s))\s*(?:Thanks|Thank you|Rest easy|RIP|Rest in peace|Quoting"
                r"|Love you|Miss you|Sleep tight),?\s+)"
                rf"({_WORD_NAMES})(?=\s*[,!.;:)(]|\s+(?:is|was|has|had|and|from|found|said|who)\b)"
            ),
            group=1,
        ),
        # A child's pet name that is a word after 我家 and before a time word (我家石头今天…).
        Rule(
            "NAME",
            c(rf"(?:我家|俺家|我们家)({_HAN}{{2}})(?={ZH_PET_NAME_TIME})"),
            group=1,
            accept=lambda v: (
                v not in _ZH_NOT_PET
                and not is_kinship_word(v)
                and re.search(f"[{stop}]", v) is None
            ),
            cues=("我家", "俺家", "我们家"),
        ),
        # A 街道 (sub-district) after its district or city: 拱墅区米市巷街道.
        Rule(
            "LOCATION",
            c(rf"[^\W\d{stop}]{{1,6}}?[区县市][^\W\d{stop}]{{2,5}}?街道"),
            cues=("街道",),
        ),
        # A given name in capitals after a greeting (Hi DEREK, your colonoscopy …).
        Rule(
            "NAME",
            c(
                r"(?m)(?:^|(?<=[.!?'‘\"“]\s)|(?<=['‘\"“]))(?:Hi|Hello|Dear|HI|DEAR)\s+([A-Z]{3,12})(?=\s*[,!:])"
            ),
            group=1,
            accept=lambda v: lexicon().is_given(v.title(), 2000),
            cues=("hi ", "hello ", "dear "),
        ),
        # A hospital by an acronym ending in H for Hospital after at/to/from (TTSH, NUH, RPAH).
        Rule(
            "LOCATION",
            c(
                r"(?:\b(?:at|to|from|into)\s+|(?<=[在去到转的]))([A-Z]{2,4}H)"
                r"(?![A-Za-z0-9]|[-/]\d)"
            ),
            group=1,
            accept=lambda v: v not in _CLINICAL_H,
            cues=("h",),
        ),
        Rule(
            "DATE",
            c(
                r"(?:(?:19|20)\d\d年)?(?:农历|農曆|阴历|陰曆|旧历|舊曆)?"
                r"(?:正|腊|臘|冬)月"
                r"(?:初[一二三四五六七八九十]|十[一二三四五六七八九]|二十[一二三四五六七八九]?"
                r"|廿[一二三四五六七八九]|三十)[日号]?"
                r"|(?:19|20)\d\d年(?:农历|農曆|阴历|陰曆)(?:[一二三四五六七八九十]{1,2})月"
                r"(?:初[一二三四五六七八九十]|十[一二三四五六七八九]|二十[一二三四五六七八九]?"
                r"|廿[一二三四五六七八九]|三十|[一二三四五六七八九十])[日号]?"
            ),
            cues=("正月", "腊月", "臘月", "冬月", "农历", "農曆", "阴历", "陰曆"),
        ),
    )


# Words of kin or of a poster's role that forum handles are built with (bluebonnetmama).
_HANDLE_KIN = ("mum", "mom", "mam", "mama", "mummy", "dad", "papa", "nan", "nana", "gran")


def _signoff_handle(value: str) -> bool:
    """A lower-case word signed at the end of a post that is a user name, not a word: it has a
    digit, _ or ., or a given name or a word of kin at one end (hopefulhelen, lottiespoons)."""
    lex = lexicon()
    if lex.is_common_word(value) or lex.is_drug_name(value) or is_medical_term(value):
        return False
    if any(ch.isdigit() or ch in "_." for ch in value):
        return True
    ends = {value[:k] for k in range(5, len(value) - 2)} | {
        value[-k:] for k in range(5, len(value) - 2)
    }
    return (
        value.startswith(_HANDLE_KIN)
        or value.endswith(_HANDLE_KIN)
        or any(lex.is_given(end.capitalize(), 1000) for end in ends)
    )


def _given_before_age(value: str) -> bool:
    lex = lexicon()
    return (
        lex.is_given(value)
        and not lex.is_common_word(value.lower())
        and not lex.is_drug_name(value)
        and not is_medical_term(value)
    )


def seventeenth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 17 showed missing: a weekday with the word that
    places it (last Monday, this Friday: the whole is the date, not the weekday alone), a
    range of days before one month (admitted 2-9 Feb, the 12th to the 19th of March), a user
    name signed at the end of a post (… on every single sheet? lottiespoons), and a given name
    that opens a sentence before an age (Caden is 16, BMI 41)."""
    c = re.compile
    ordinal = r"(?:st|nd|rd|th)?"
    chars = lexicon().zh_given_chars
    return (
        # A nickname in quotes inside a full name: Margaret 'Peggy' Holloway.
        Rule(
            "NAME",
            c(r"\b[A-Z][a-z]+ ['‘\"“][A-Z][a-z]+['’\"”] [A-Z][A-Za-z'’-]*[a-z]"),
            cues=("'", "‘", '"', "“"),
        ),
        # A compound surname and a given name with no cue before them (欧阳明轩复查血钾).
        Rule(
            "NAME",
            c(
                r"(?:^|(?<=[\s，,。！!？?、：:；;（(]))(?:欧阳|歐陽|司马|司馬|上官|诸葛|諸葛|慕容|令狐"
                rf"|皇甫|尉迟|公孙|夏侯|长孙|宇文|司徒|端木|独孤|南宫|西门)[{chars}]{{1,2}}"
            ),
            cues=(
                "欧阳",
                "歐陽",
                "司马",
                "司馬",
                "上官",
                "诸葛",
                "諸葛",
                "慕容",
                "令狐",
                "皇甫",
                "尉迟",
                "公孙",
                "夏侯",
                "长孙",
                "宇文",
                "司徒",
                "端木",
                "独孤",
                "南宫",
                "西门",
            ),
        ),
        Rule(
            HANDLE,
            c(r"(?:[.!?)]\s+|\n\s*)([a-z][a-z0-9_.]{5,29})\s*\Z"),
            group=1,
            accept=_signoff_handle,
        ),
        Rule(
            "NAME",
            c(
                r"(?m)(?:^|(?<=[.!?]\s))([A-Z][a-z]{2,14})(?= (?:is|was|turned|turns|just turned)"
                r" \d{1,2}(?:\s*(?:[,.;!]|and\b|years?\b|yrs?\b|yo\b|y/o|months?\b|weeks?\b|now\b)"
                r"|\s*$))"
            ),
            group=1,
            accept=_given_before_age,
            cues=(" is ", " was ", " turned ", " turns "),
        ),
        Rule(
            "DATE",
            c(rf"\b(?i:last|las|this|next|past)\s+{_EN_DAY_NAME}\b"),
            cues=("last", "las", "this", "next", "past"),
        ),
        Rule(
            "DATE",
            c(
                rf"(?<![\d/.:])\b(?:the\s+)?{_DAY}{ordinal}\s*(?:-|–|to|until)\s*(?:the\s+)?"
                rf"{_DAY}{ordinal}\s+(?:of\s+)?{_MONTH_NAME}(?:,?\s+(?:19|20)\d\d\b)?"
            ),
            cues=("-", "–", " to ", "until"),
        ),
    )


# Honorifics of address before a given name, in the languages of forum posters (Ate Joy, Kuya
# Ramon, Tita Baby, Encik Razak, Alhaji Musa, Bác Hùng).
_EN_HONORIFIC = (
    r"Kuya|Tita|Tito|Lola|Lolo|Manang|Manong|Encik|Puan|Datuk|Alhaji|Alhaja|Hajia|Mallam"
    r"|Bác|Chú|Aunty|Auntie|Uncle|Aunt|Nana|Nanna|Nan|Granny|Grandma|Grandad|Grandpa"
)
# A word that starts with a capital of any script's Latin letters (Trần, Ōtara).
_TITLED_WORD = r"(?![a-zß-ÿ])[^\W\d_][^\W\d_]*"
_HIJRI_MONTH = (
    r"Muharram|Safar|Rajab|Sha['‘’]?ban|Rama[dz]an|Shawwal|Dhu\s?(?:al|l)[- ]Qa['‘’]?dah"
    r"|Dhu\s?(?:al|l)[- ]Hijjah"
)
_ORDINAL_WORD = (
    r"(?:(?:twenty|thirty)[- ])?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)"
    r"|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth"
    r"|nineteenth|twentieth|thirtieth|last"
)
# Units and words after a number that make a dotted pair a quantity (3.5mg, 4.20万), not a
# month and a day.
_ZH_NOT_AFTER_DOTTED = (
    r"\s*(?:[A-Za-zμµ%‰℃°×*/]|万|亿|千|元|块|分|倍|级|度|岁|个|次|天|周|月|年|小时|厘米|毫米"
    r"|公斤|斤|克)"
)


def _given_after_comma(value: str) -> bool:
    """SURNAME, GIVEN: the part after the comma is a known given name."""
    given = value.split(",", 1)[1].split()[0]
    return lexicon().is_given(given.title())


def _handle_phrase(value: str) -> bool:
    """A forum handle read as "X的提问": no word of a role or of people in general."""
    return (
        re.search(
            r"医生|醫生|大夫|护士|護士|专家|專家|老师|老師|大家|网友|網友|楼主|樓主|别人|別人|朋友|家长"
            r"|家長|病友|官方|医院|醫院|我|你|他|她|们|們",
            value,
        )
        is None
    )


def nineteenth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 19 showed missing: a given name after an
    honorific of address from outside English (Ate Joy, Kuya Ramon); a letter's SURNAME,
    GIVEN after RE: or Patient: (RE: DOHERTY, MAIREAD); the last digits of a number ("the
    old one ending 0126", "NHS number ending 4471": a partial number still narrows who it
    is); a day of a Hijri month in words (the twenty-second of Ramadan); a weekday or day
    placed by a holiday (the Monday after Thanksgiving); dotted month.day dates in Chinese
    after an order or a move of an appointment (第一次3.5, 推迟到4.20); dates with a 民國
    year (112年9月14日); a flat by building, entrance and number (7栋2单元1503); a metro
    station (广州地铁体育西路站); a hospital by the number everyone knows it by (去301); a
    forum handle whose question or post is cited (看到北京打工人小王的提问); an e-mail spelled
    with 在 or 艾特 and 点 (xiaomi_mama 在 sina 点 cn); 老 or 小 before a surname, after a
    thanks or before punctuation (我们厂老郭，感谢小唐护士)."""
    c = re.compile
    lex = lexicon()
    surnames = _words(lex.zh_surnames)
    return (
        Rule(
            "NAME",
            c(rf"\b(?:{_EN_HONORIFIC})\s+({_TITLED_WORD}(?:[ -]{_TITLED_WORD}){{0,2}})"),
            group=1,
            accept=lambda v: not lexicon().is_drug_name(v) and not is_medical_term(v),
            cues=tuple(w.lower() for w in _EN_HONORIFIC.split("|")),
        ),
        # …and after Ate (an elder sister), an English verb too: a known given name only.
        Rule(
            "NAME",
            c(rf"\bAte\s+({_TITLED_WORD})"),
            group=1,
            accept=lambda v: (
                (lexicon().is_given(v) or re.fullmatch(_WORD_NAMES, v) is not None)
                and not lexicon().is_drug_name(v)
            ),
            cues=("ate ",),
        ),
        Rule(
            "NAME",
            c(
                r"(?:\bRE|\bRe|\bPatient|\bPATIENT|\bName|\bNAME|\bPt)\s*:\s*"
                r"([A-Z][A-Z'’-]+,\s*[A-Z][A-Z'’-]+(?:\s[A-Z][A-Z'’-]+)?)"
            ),
            group=1,
            accept=_given_after_comma,
            cues=("re:", "re :", "patient", "name", "pt"),
        ),
        Rule(
            "PHONE",
            c(
                r"(?i:\b(?:fax|phone|mobile|tel|landline|one)\s+(?:ending|ends)\s+(?:in\s+|with\s+)?)"
                r"(\d{3,6})\b"
            ),
            group=1,
            cues=("ending", "ends"),
        ),
        Rule(
            "ID",
            c(
                r"(?i:\b(?:number|no\.?|card|account)\s+(?:ending|ends)\s+(?:in\s+|with\s+)?)"
                r"(\d{3,6})\b"
            ),
            group=1,
            cues=("ending", "ends"),
        ),
        Rule(
            "DATE",
            c(
                rf"\b(?:the\s+)?(?:(?i:{_ORDINAL_WORD})|\d{{1,2}}(?:st|nd|rd|th))\s+(?:day\s+)?of\s+(?:{_HIJRI_MONTH})\b"
            ),
            cues=("ramadan", "ramzan", "muharram", "safar", "rajab", "sha", "shawwal", "dhu"),
        ),
        Rule(
            "DATE",
            c(
                rf"\b(?:the|The)\s+(?:{_EN_DAY_NAME}|weekend|day|night)\s+(?:after|before)\s+(?:{_EN_HOLIDAY})\b"
            ),
            cues=("after", "before"),
        ),
        Rule(
            "DATE",
            c(
                r"(?:第[一二三四五六七八九十\d]{1,3}次|(?:推迟|推遲|改|提前|延|约|約|排|定)(?:到|在))"
                r"\s?((?:1[0-2]|[1-9])\.(?:3[01]|[12]\d|0?[1-9]))"
                rf"(?![\d.])(?!{_ZH_NOT_AFTER_DOTTED})"
            ),
            group=1,
            cues=("次", "到", "在"),
        ),
        Rule(
            "DATE",
            c(
                r"(?:民國|民国)?(?<!\d)(?:1[01]\d|[4-9]\d)年(?:1[0-2]|0?[1-9])月(?:3[01]|[12]\d|0?[1-9])[日号號]"
                r"|(?:民國|民国)(?:1[01]\d|[1-9]\d?)年(?:(?:1[0-2]|0?[1-9])月)?"
            ),
            cues=("年",),
        ),
        Rule(
            "LOCATION",
            c(r"(?<![\d.])\d{1,3}(?:栋|棟|幢|号楼|號樓)\d{1,2}单元\d{2,4}(?:室|号|號)?"),
            cues=("单元",),
        ),
        Rule(
            "LOCATION",
            c(rf"(?:{_HAN}{{2}})?(?:地铁|地鐵|轻轨|輕軌)(?:\d{{1,2}}号线)?(?:{_HAN}){{2,6}}?站"),
            accept=lambda v: re.search(r"地铁站|地鐵站|轻轨站|輕軌站|[这那哪每]站", v) is None,
            cues=("地铁", "地鐵", "轻轨", "輕軌"),
        ),
        Rule(
            "LOCATION",
            c(r"(?<=[去在到转轉住])301(?=医院|醫院|[，,。.！!？?、做看住复複的]|$)"),
            cues=("301",),
        ),
        Rule(
            HANDLE,
            c(
                r"(?:看到|看了|看过|看過|感谢|感謝|谢谢|謝謝)@?([^\s，,。.！!？?：:、@]{2,14}?)的(?:提问|提問|帖子|回复|回覆|分享|留言|评论|評論|经验|經驗)"
            ),
            group=1,
            accept=_handle_phrase,
            cues=(
                "的提问",
                "的提問",
                "的帖子",
                "的回复",
                "的回覆",
                "的分享",
                "的留言",
                "的评论",
                "的評論",
                "的经验",
                "的經驗",
            ),
        ),
        Rule(
            "EMAIL",
            c(
                r"[A-Za-z][A-Za-z0-9_.-]{2,}\s?(?:在|艾特|圈a)\s?[A-Za-z0-9-]+\s?(?:点|點)\s?(?:com|cn|net|org|hk|tw)(?:\s?(?:点|點)\s?(?:cn|hk|tw))?\b"
            ),
            cues=("点", "點"),
        ),
        Rule(
            "NAME",
            c(
                rf"(?:(?<=感谢|感謝|谢谢|謝謝|多谢|多謝)[小老](?:{surnames})(?=护士|護士|医生|醫生|大夫|主任|老师|老師|姐|哥)"
                rf"|(?<=[厂廠我们們的，,])老(?:{surnames})(?=[，,。！!？?（(]))"
            ),
            cues=("小", "老"),
        ),
    )


# Relatives whose age a poster gives with "is" or "turned" (my mam is 91 and …).
_AGED_RELATIVE = (
    r"mum|mam|mom|mother|dad|father|nan|nana|gran|granny|grandma|grandad|grandpa|grandmother"
    r"|grandfather|aunt|auntie|uncle|husband|wife|dad-in-law|mum-in-law|father-in-law"
    r"|mother-in-law|patient|neighbour|neighbor"
)


def twentieth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 20 showed missing: an age over 89 given with "is"
    or "turned" after a relative (my mam is 91 and …); a hospital whose name holds "and"
    (Royal Devon and Exeter Hospital) or is written short with "hosp"; the last four digits
    of a number after "last four"; a Singapore block address and its postcode (Blk 318 Ang
    Mo Kio Ave 3 #08-114, S560318); an e-mail with "[at]" and "[dot]" written out; a
    handle with digits opening a reply (风吹麦浪88：); an English name after 我是 or 我叫; a
    range of dotted month.day dates before a stay (3.5到3.12在…住院)."""
    c = re.compile
    return (
        Rule(
            "AGE",
            c(
                rf"\b(?i:my|our|his|her)\s+(?i:{_AGED_RELATIVE})"
                r"\s+(?:is|was|turned|turns|just turned)\s+(9\d|1[01]\d)"
                r"\b(?!\s*(?:%|kg|mg|mmHg|bpm|/|\.\d|percent|minutes?|mins?|miles?|km|lbs?|pounds"
                r"|cm|mmol|seconds?|steps))"
            ),
            group=1,
            cues=(" is ", " was ", " turn"),
        ),
        Rule(
            "LOCATION",
            c(
                rf"\b(?:{_CAP}\s+){{1,3}}and\s+(?:{_CAP}\s+){{0,2}}"
                r"(?:Hospital|Infirmary|Medical Centre|Medical Center|Hospitals)\b"
            ),
            cues=(" and ",),
        ),
        Rule(
            "LOCATION",
            c(
                rf"(?i:\b(?:at|in|into|to|from)\s+)({_CAP}(?:\s{_CAP})?\s+(?i:hosp|hosptial|hospitl))\b"
            ),
            group=1,
            accept=lambda v: not lexicon().is_common_word(v.split()[0].lower()),
            cues=("hosp",),
        ),
        Rule(
            "ID",
            c(
                r"(?i:\blast\s+(?:four|4|five|5|six|6)(?:\s+digits)?(?:\s+(?:is|are|of it))?)"
                r"[\s:(]*(\d{4,6})\b"
            ),
            group=1,
            cues=("last",),
        ),
        Rule(
            "LOCATION",
            c(
                r"\b(?:Blk|Block)\s+\d{1,4}[A-Z]?\s+(?:[A-Z][a-z]+\s+){1,4}"
                r"(?:Ave|Avenue|St|Street|Rd|Road|Dr|Drive|Cres|Crescent|Lane|Ring|Walk|Close"
                r"|Lor|Lorong)\.?"
                r"(?:\s+\d{1,2})?(?:,?\s*#\d{1,2}-\d{1,4})?"
            ),
            cues=("blk", "block"),
        ),
        Rule(
            "LOCATION",
            c(r"(?<![\w-])(?:S\(?\d{6}\)?|(?<=Singapore )\d{6})(?![\w-])"),
            cues=("s", "singapore"),
            min_digits=6,
        ),
        Rule(
            "EMAIL",
            c(
                r"[A-Za-z0-9][\w.+-]*\s?[(\[]\s?(?i:at)\s?[)\]]\s?[A-Za-z0-9-]+"
                r"(?:\s?[(\[]\s?(?i:dot)\s?[)\]]\s?[A-Za-z0-9-]+)+"
            ),
            cues=("[dot", "(dot"),
        ),
        Rule(
            HANDLE,
            # a Chinese word and two or more digits: "COVID19:", "Week2:" or "化疗2：" head a line
            # as labels, not as handles
            c(r"(?m)^\s*([\u4e00-\u9fff][\u4e00-\u9fffA-Za-z_]{2,11}\d{2,4})[：:](?!\s?\d)"),
            group=1,
            accept=lambda v: re.search(r"[第次天周期号月年日]", v) is None,
            min_digits=1,
        ),
        Rule(
            "NAME",
            c(
                rf"(?<=我是|我叫|我係|我系)\s?(?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s?)?"
                rf"({_CAP}(?:\s{_CAP}){{0,2}})(?![A-Za-z\d])"
            ),
            group=1,
            accept=lambda v: not lexicon().is_drug_name(v) and not is_medical_term(v),
            cues=("我是", "我叫", "我係", "我系"),
        ),
        Rule(
            "DATE",
            c(
                r"(?<![\d.])((?:1[0-2]|[1-9])\.(?:3[01]|[12]\d|0?[1-9]))\s?(?:到|至|~|～|-|—)\s?"
                r"((?:1[0-2]|[1-9])\.(?:3[01]|[12]\d|0?[1-9]))(?![\d.])"
                r"(?=\s?(?:在|住院|期间|住|去|回|出差|出院|入院|做|复查|化疗|放疗|，?在))"
            ),
            cues=("到", "至", "~", "～", "-", "—"),
        ),
    )


# The first words of a school's name that name a kind of school, not one school.
_SCHOOL_KIND = frozenset(
    [
        "Medical",
        "Nursing",
        "Dental",
        "Sunday",
        "Primary",
        "Secondary",
        "High",
        "Grammar",
        "Boarding",
        "Summer",
        "Night",
        "Special",
        "The",
        "My",
        "Our",
        "His",
        "Her",
        "Their",
        "Business",
        "Law",
        "Art",
        "Music",
        "Driving",
        "Public",
        "Private",
        "Local",
    ]
)


def _named_school(value: str) -> bool:
    first = value.split()[0]
    return first not in _SCHOOL_KIND and not lexicon().is_common_word(first.lower())


# Words after a lower-case title that no one is called (dr said, mr and mrs).
_NOT_LOWER_NAME = frozenset(
    (
        *("and", "or", "the", "a", "an", "is", "was", "has", "had", "said", "says", "told"),
        *("to", "at", "in", "on", "of", "for", "with", "who", "that", "this"),
        *("about", "after", "before", "from", "by", "if", "but", "not", "will", "would"),
        *("can", "could", "should", "did", "does", "gave", "give", "put", "wants", "thinks"),
        *("appointment", "appt", "office", "surgery", "gp"),
    )
)


def _lower_surname(value: str) -> bool:
    lex = lexicon()
    return not (
        value in _NOT_LOWER_NAME
        or lex.is_common_word(value)
        or lex.is_drug_name(value)
        or is_medical_term(value)
    )


def twenty_first_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 21 showed missing: a surname after 姓 (主管医生姓孔，
    自称姓罗); a Hong Kong estate (深水埗南昌邨); a 街道 after a city with no district word
    (义乌稠城街道); a handle after ID, 网名 or 昵称 (ID 健康小卫士888); a school by its name (St
    Brigid's National School); a hospital called by its saint after at or to (at St.
    Boniface); a lower-case surname after dr, mr or mrs (dr kavanagh); a lower-case given name
    in brackets after a relative (mama (krystyna)). Elsewhere: a range of days with its year
    (3-11 October 2023), a street written with Dr (2231 Maple Ridge Dr), a number that "ends
    in" its digits, more titles (許護理師, 黎婆婆) and care homes (護老院); compound surnames
    (申屠) are in the surname list the tagger reads."""
    c = re.compile
    lex = lexicon()
    surnames = _words(lex.zh_surnames)
    ambiguous = _words(lex.zh_surnames_ambiguous)
    return (
        Rule(
            "NAME",
            c(
                rf"(?<![百])(?<=姓)(?:{surnames}|{ambiguous})"
                r"(?=[，,。、；;！!？?\s）)]|$|的|人|先生|女士|小姐|医生|大夫|护士|主任|老师)"
            ),
            cues=("姓",),
        ),
        Rule(
            "LOCATION",
            c(
                r"(?:(?<=住喺)|(?<=住在)|(?<=喺)|(?<=住)|(?<=在)|(?<=係))(?![喺在])[\u4e00-\u9fff]{2,6}?邨"
            ),
            cues=("邨",),
        ),
        Rule(
            "LOCATION",
            c(
                r"(?:^|(?<=[在住到从，,。\s]))[\u4e00-\u9fff]{2,3}[\u4e00-\u9fff]{2,3}?街道(?!办|上|里|口)"
            ),
            # …not after a word of being or going (是|长清区文昌街道, 去|…).
            accept=lambda v: (
                re.match(r"(?:这|那|哪|每|社区|附近|本地|当地|我们|你们|是|去|到)", v) is None
            ),
            cues=("街道",),
        ),
        Rule(
            HANDLE,
            c(
                r"(?:(?<![A-Za-z])ID|网名|網名|昵称|暱稱|用户名|用戶名)\s*[:：]?\s*"
                r"([\u4e00-\u9fff][\u4e00-\u9fffA-Za-z0-9_]{1,15})(?=[\s，,。:：]|$)"
            ),
            group=1,
            cues=("id", "网名", "網名", "昵称", "暱稱", "用户名", "用戶名"),
        ),
        Rule(
            "LOCATION",
            c(
                rf"\b(?:St\.?\s+)?(?:{_CAP}(?:['’]s)?\s+){{1,3}}(?:(?:National|Primary|Secondary"
                r"|High|Grammar|Junior|Infant|Middle|Elementary|Catholic|Community|C of E)\s+)?"
                r"School\b"
            ),
            accept=_named_school,
            cues=("school",),
        ),
        Rule(
            "LOCATION",
            c(rf"(?i:\b(?:at|to|into|from)\s+)(St\.\s+{_CAP}(?:['’]s?)?)"),
            group=1,
            cues=("st.",),
        ),
        Rule(
            "NAME",
            c(r"\b(?:dr|mr|mrs)\.?\s+([a-z][a-z'’-]{2,})\b"),
            group=1,
            accept=_lower_surname,
            cues=("dr", "mr"),
        ),
        Rule(
            "NAME",
            c(
                rf"\b(?:{_RELATIVES_EN}|mama|mamma|papa|nonna|babcia|dziadek)\s*\(([a-z][a-z'’-]{{2,}})\)"
            ),
            group=1,
            accept=_lower_surname,
            cues=("(",),
        ),
    )


# A pinyin syllable (an initial, then a final), for a Chinese poster's name in Latin letters.
_PINYIN_SYLLABLE = (
    r"(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?"
    r"(?:iang|iong|uang|ang|eng|ing|ong|ian|iao|uai|uan|ai|ei|ao|ou|an|en|in|un|ia|ie|iu|ua|uo"
    r"|ue|ui|er|a|o|e|i|u|v)"
)
_PINYIN_NAME = re.compile(rf"(?:{_PINYIN_SYLLABLE}){{1,3}}")


def _latin_name(value: str) -> bool:
    """A name in Latin letters after a Chinese kinship word: pinyin (xiaoyu, gao) or a given
    name (Ivy, Kevin), not an abbreviation (bmi, psa) or a drug."""
    lex = lexicon()
    word = value.lower()
    if lex.is_drug_name(word) or is_medical_term(word):
        return False
    return _PINYIN_NAME.fullmatch(word) is not None or lex.is_given(word.capitalize())


def twenty_third_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 23 showed missing: a name in pinyin or English
    letters after a Chinese kinship word (我女儿xiaoyu, 我老公gao); a month/day after a Chinese
    word of an appointment (约在3/15); a UK postcode in lower case (ls12 4ab; the inward
    code's letters are never C, I, K, M, O or V, so no dose reads as one). Elsewhere: a
    lower-case given name after any relative, not only a partner (my daughter maisie); a
    surname before more terms of address (陳姑娘, 钱经理, 马阿訇, 王先生) and after a role
    (社康護士陳姑娘, 請問宋醫師); a phone read out with "double" counted by its digits; a
    weekday in lower case or short after on or since; a day and month after expired or due
    (the auth expired 9/30; "on 1/2 tablet" is a dose); bin, binte, a/l and s/o inside a
    name; ah ma, ah gong, koro and kuia as relatives."""
    c = re.compile
    return (
        Rule(
            "NAME",
            c(rf"(?:{ZH_KIN_WORDS})\s?([A-Za-z][a-z]{{2,}})(?![A-Za-z])"),
            group=1,
            accept=_latin_name,
            cues=_ZH_KIN_CUES,
        ),
        # A month/day after a Chinese word of an appointment (下次约在3/15, 預約12/27下午回診).
        Rule(
            "DATE",
            c(
                r"(?:约在|約在|预约|預約|约了|約了|约的|約的|下次|复诊|複診|回诊|回診)[是在：:\s]?"
                r"((?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9]))(?![/\d])"
            ),
            group=1,
            min_digits=2,
            cues=("约", "約", "下次", "诊", "診"),
        ),
        Rule(
            "LOCATION",
            c(r"(?<![\w/])((?:[a-pr-uwyz][a-hk-y]?)\d[a-z\d]?\s\d[abd-hjlnp-uw-z]{2})\b"),
            group=1,
            accept=lambda v: re.match(rf"(?:{UK_AREAS}|[BEGLMNSW])\d", v.upper()) is not None,
            min_digits=2,
        ),
    )


def _everyday_cues() -> tuple[str, ...]:
    """The rules for everyday-word given names run only over a text holding one of them."""
    return tuple(sorted({name.lower() for name in lexicon().everyday_given}))


def twenty_fourth_rules() -> tuple[Rule, ...]:
    """Given names that are everyday words (Hope, Faith, Will, Sunny, Dawn; the list
    `data/names_en_everyday.txt`) where the words around them say a person is meant, the
    class blind set 24 missed most: after a title (Nurse Patience, Granny Mo) or a greeting
    anywhere in a sentence ("Thank you Faith for the card"); before a bracket saying who
    they are ("Sunny (my dad)", "Will (hubby)", "Sky (6yo)"), before "and I", a possessive
    ("Bill's finally home", "Faith and Grace's brother"), "from the surgery" or a verb of
    speech ("Grace rang"); addressed after a comma ("Mine took 4 months, Faith!"); between
    commas ("the carer from the agency, Precious, noticed"); after "update on"; alone at the
    end of a post (". Dawn x", "——Grace"), after no word; next to a Chinese word
    for a nurse or a girl (Ivy护士, 院舍姑娘May). The months that are names (April, May,
    June) count only after a title, a greeting or a relative."""
    c = re.compile
    cues = _everyday_cues()
    # One of the names, as literal words tried only where a capital letter starts a word:
    # a scan for them costs little where a capitalised word of any kind would cost a lot.
    names = sorted(lexicon().everyday_given, key=lambda n: (-len(n), n))
    word = rf"(?<![A-Za-z])(?=[A-Z])(?:{'|'.join(map(re.escape, names))})(?![A-Za-z])"
    title = (
        r"Nurse|Sister|Matron|Midwife|Aunty|Auntie|Aunt|Uncle|Granny|Grandma|Grandpa|Nanny"
        r"|Nana|Nan|Pastor|Father|Brother|Coach|Teacher|Miss|Mrs|Mr|Ms|Dr"
    )
    greeting = (
        r"hi|hiya|hello|hey|dear|thanks|thank you|thank u|thanks so much|thank you so much"
        r"|cheers|congrats|congratulations|welcome|morning|evening|hugs to|love to|sorry"
    )
    who = (
        rf"(?:(?i:my|our|his|her|the)\s+)?(?:(?i:{_KIN_ADJ})\s+)*(?i:{_RELATIVES_EN})\b"
        r"|\d{1,2}\s?(?i:yo|y/o|yrs?|years?|months?|mo|wks?|weeks?)\b|(?i:my|our|yes|aged?)\b"
    )
    speech = r"said|wrote|posted|replied|rang|phoned|texted|messaged|told"
    place_word = (
        r"surgery|practice|ward|clinic|hospital|hospice|pharmacy|agency|team|church|group"
        r"|office|school|nursery|page\s+\d+"
    )
    return (
        Rule(
            "NAME",
            c(rf"\b(?:{title})\.?\s+({_CAP})\b"),
            group=1,
            accept=_everyday_given,
            cues=cues,
        ),
        # A name after a greeting, and a second one joined to it by "and".
        *(
            Rule(
                "NAME",
                c(
                    rf"(?i:\b(?:{greeting}))[,!]?\s+{second}({_CAP})"
                    rf"(?=\s*[,!.:;?)—–，！。：；？]|\s+(?:for|x+)\b|\s*$|\s+(?:and|&)\s+{_CAP})"
                ),
                group=1,
                accept=_everyday_given,
                cues=cues,
            )
            for second in ("", rf"{_CAP}\s+(?:and|&)\s+")
        ),
        Rule(
            "NAME",
            c(rf"({word})\s*\(\s*(?:{who})"),
            group=1,
            accept=_everyday_given,
            cues=cues,
        ),
        Rule(
            "NAME",
            c(rf"({word})\s+(?:and|&)\s+(?:I|me|myself)\b"),
            group=1,
            accept=everyday_name,
            cues=cues,
        ),
        Rule(
            "NAME",
            c(rf"\b(?:I|me)\s+(?:and|&)\s+({word})"),
            group=1,
            accept=everyday_name,
            cues=cues,
        ),
        Rule(
            "NAME",
            c(rf"(?<!St )(?<!St\. )({word})['’]s\s+(?=[a-z]|[A-Z]{{2,}}\b)"),
            group=1,
            accept=everyday_name,
            cues=cues,
        ),
        Rule(
            "NAME",
            c(rf"({word})\s+(?:and|&)\s+{_CAP}['’]s\b"),
            group=1,
            accept=everyday_name,
            cues=cues,
        ),
        Rule(
            "NAME",
            c(rf"({word})\s+(?:from\s+(?:the\s+)?(?i:{place_word})|(?:{speech}))\b"),
            group=1,
            accept=everyday_name,
            cues=cues,
        ),
        Rule(
            "NAME",
            c(rf"(?i:\b(?:quoting|replying to|update\s+(?:on|from|about)))\s+({_CAP})\b"),
            group=1,
            accept=everyday_name,
            cues=cues,
        ),
        Rule(
            "NAME",
            c(rf",\s+({word})(?:\s*[!?]|\.?\s*$)"),
            group=1,
            accept=everyday_name,
            cues=cues,
        ),
        Rule(
            "NAME",
            c(rf",\s+({word}),\s"),
            group=1,
            accept=everyday_name,
            cues=cues,
        ),
        Rule(
            "NAME",
            c(rf"(?<![\w,;:'’&/(\"“]\s)(?<![\w,;:'’&/(\"“])({word})(?:\s+x+)?\s*\Z"),
            group=1,
            accept=everyday_name,
            cues=cues,
        ),
        Rule(
            "NAME",
            c(rf"({word})(?=护士|護士|醫生|医生|姑娘|老师|老師|姐姐|姐|阿姨)"),
            group=1,
            accept=_everyday_given,
            cues=cues,
        ),
        Rule(
            "NAME",
            c(rf"(?:护士|護士|姑娘|同事|朋友|宝妈|寶媽|闺蜜|閨蜜|群友)\s?({_CAP})(?![A-Za-z])"),
            group=1,
            accept=_everyday_given,
            cues=cues,
        ),
    )


def twenty_fifth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 25 showed missing and no rule took: a lower-case
    given name after a lower-case self-introduction ("hi im kayleigh 23 from wigan"). Its
    other misses widened rules already there: a second everyday-word name joined by "and"
    after a thanks ("Thank you April and Summer for"), a possessive before an acronym
    ("Will's MRI"), a name in brackets after a relative after a dash or comma ("- mum (Pat)
    had a fall"), and South Asian kinship words as relatives (my amma valli); and an age over
    89 in brackets after a grandparent in another language (grandpère (96!)), festivals that
    date care (Holy Week, Sallah, Ugadi, Bihu; Eid al-Adha after "the first day of"; Chinese
    New Year eve), a weekday after "is" (the tumor board is wednesday), a day and month after
    "follow-up is", a ZIP after a town and a state code with no comma (Ann Arbor MI 48104)."""
    return (
        Rule(
            "NAME",
            re.compile(
                r"(?i:\b(?:im|i'm|i’m|i am|my name is|my names|my name's|this is))"
                r"\s+([a-z][a-z'’-]{2,11})\b"
            ),
            group=1,
            accept=_lower_given,
            cues=("im", "i'm", "i’m", "i am", "name", "this is"),
        ),
        # An age over 89 in brackets after a grandparent named in the family's language
        # ("my grandpère (96!)", "Bà ngoại (94)").
        Rule(
            "AGE",
            re.compile(rf"(?i:\b(?:{_ELDER_WORLD})\s*\(\s*)(9\d|1[01]\d)\s*!?\)"),
            group=1,
            min_digits=2,
        ),
    )


# Characters of the Chinese transcriptions of Uyghur, Kazakh, Tibetan and Mongolian names
# (阿卜杜热合曼, 托合提, 叶尔兰, 斯琴), for a name whose two parts an interpunct joins.
_TRANSCRIBED = _TRANSLIT + (
    "托山逊吐不都卜杜肯拜兰叶洪斯哈坦素玉图雅乌日其琪萨敖登宝音苏朝鲁孟特根再班勒那塔琴瓦菲祖里明"
    "赫纳加措嘉久美更秀才让嘎茹穆默德"
)


def twenty_eighth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 28 showed missing and no rule took:
    - a name transcribed into Chinese whose two parts an interpunct joins (古丽娜尔·艾山,
      买买提江·托合提) where a part is not in the list of minority name parts: each part a run
      of the characters such transcriptions use (`_TRANSCRIBED`), so the name ends where a
      title, a verb or a particle begins (艾山大夫, 托合提说); a plate (湘C·8K235) has a
      letter after its dot;
    - a name in capitals on one line, surname first or after a title (`_capitals_name`);
    - a handle named by a PTT quote header, an author line or a "user" word (blind 25 and
      27 missed the first two as well)."""
    chars = _TRANSCRIBED
    caps = r"[A-Z][A-Z'’-]*[A-Z]"
    return (
        Rule(
            "NAME",
            re.compile(rf"(?<![{chars}])[{chars}]{{2,7}}[·•‧・][{chars}]{{2,7}}(?![{chars}])"),
        ),
        # A name in capitals, surname first, as a label, a wristband or a letter prints it
        # (BOUDREAUX, ODILE; MWANGI, KERUBO), or an initial and a surname after a title in
        # capitals (MR D. TREVENNA): no word an everyday word, a drug or a medical term.
        Rule(
            "NAME",
            re.compile(rf"\b{caps}(?: {caps})?, ?{caps}(?: {caps})?\b(?![,/] ?[A-Z])"),
            accept=_capitals_name,
        ),
        Rule(
            "NAME",
            re.compile(rf"\b(?:MR|MRS|MS|MISS|DR)\.?[ \t]+((?:[A-Z]\. ?)?{caps})\b"),
            group=1,
            accept=_capitals_name,
            cues=("mr", "ms", "miss", "dr"),
        ),
        # Forum conventions that name a user: a PTT quote header (※ 引述《id》之銘言), a post's
        # author line (作者：id), a user or netizen named by a handle that ends in digits
        # (用户养生小能手88多次…).
        Rule(
            HANDLE,
            re.compile(r"(?:引述|引用)《([^》\s]{2,30})》(?:之銘言|之铭言)"),
            group=1,
            cues=("引述", "引用"),
        ),
        Rule(
            HANDLE,
            re.compile(r"作者\s*[：:]\s*([A-Za-z][A-Za-z0-9_.]{1,19})(?![A-Za-z0-9_.@])"),
            group=1,
            cues=("作者",),
        ),
        Rule(
            HANDLE,
            re.compile(
                r"(?:用户|用戶|网友|網友|版友|群友|ID)\s*[：:]?\s*"
                r"([\u4e00-\u9fffA-Za-z_][\u4e00-\u9fffA-Za-z_]{1,11}\d{1,4})(?!\d|\.\d)"
            ),
            group=1,
            cues=("用户", "用戶", "网友", "網友", "版友", "群友", "id"),
        ),
    )


# Words that end in a count or a number in clinical text rather than in a user name
# (week12, cycle10, covid19, cyfra21): the letters of a handle are none of them.
_COUNTED_WORDS = frozenset((
    "week", "weeks", "day", "days", "month", "months", "year", "years", "cycle", "cycles",
    "phase", "stage", "grade", "round", "dose", "visit", "level", "type", "room", "ward",
    "floor", "page", "line", "step", "item", "part", "test", "batch", "model", "version",
    "covid", "sars", "cyfra", "spf", "svr", "das", "hpv", "psa",
))  # fmt: skip


# The last word of a street's name (Corve Street, Tilehurst Road, Brixton Hill).
_STREET_WORDS = (
    r"Road|Street|Lane|Hill|Avenue|Park|Green|Square|Way|Close|Drive|Place|Row|Terrace"
    r"|Crescent|Gardens|Bridge|Gate|Walk|Court|Vale"
)
# A month and a day with a dot or a slash (3.5, 3/28, 12.25), not part of a longer number.
_ZH_MONTH_DAY = r"((?:1[0-2]|0?[1-9])[./](?:3[01]|[12]\d|0?[1-9]))(?![\d.%/])"
# What follows a reading rather than a date: a unit, a count, a word of range or degree.
_ZH_AFTER_A_READING = (
    "度个次倍公斤米厘毫克升分秒岁歲周週天小年月万萬千元块塊级級期型号號楼樓床层層片粒支瓶袋盒"
    "针針单位寸两兩磅成折人例組组项項页頁章节節条條点點左以到至之偏"
)
# Events of care a date opens (3.5入院, 3/28在…走了, 11/8第一次看診).
_ZH_DATED_EVENT = (
    r"在|去|做|入院|住院|出院|移植|抽血|验血|驗血|剖|开始|開始|复查|複查|手术|手術|那天|拍|转院|轉院"
    r"|转到|晚上|早上|上午|下午|凌晨|中午|当天|當天|发烧|發燒|发热|發熱|生的|走了|离世|離世|去世|确诊"
    r"|確診|挂号|掛號|就诊|就診|预约|預約|给您|打针|打針|住进|住進|送|急诊|急診|开刀|開刀|看诊|看診"
    r"|第一次"
)


def twenty_ninth_rules() -> tuple[Rule, ...]:
    """Classes of identifier the sets measured up to blind 29 still missed and no rule took
    (the freeze after blind 29 also widened rules already there: less common surnames and
    more titles after a surname alone, elders named in more languages, an age after a name
    and a comma):
    - a user name of lower-case letters and two to four digits (saltfish0921, kuroneko77),
      in any language's text, its letters not a word that counts (week12, covid19);
    - the user of a PTT push line (推 kuroneko77: …, → id: …, 噓 id: …);
    - a GP surgery named after its street (Corve Street Surgery, Tilehurst Road surgery);
    - a month and day written 3.5 or 3/28 in Chinese text, opening a clause before a word
      that is not a unit (3.5发烧，3.7在县医院拍片), or after a word before an event of care
      (我3.5在…做的胃镜, 爸爸3/28在…走了); a reading follows its test's Latin name (INR 2.3挺好)
      or comes before a unit or a word of range (7.2偏, 5.2左右, 6.0-6.7之间)."""
    return (
        Rule(
            HANDLE,
            re.compile(r"(?<![\w.@/#+])(?<!\w-)([a-z]{4,16})(\d{2,4})(?![\w@]|[.-]\w)"),
            accept=lambda v: re.sub(r"\d+$", "", v) not in _COUNTED_WORDS,
            min_digits=2,
        ),
        Rule(
            HANDLE,
            re.compile(r"(?m)^(?:推|噓|嘘|→)[ \t]+([A-Za-z][A-Za-z0-9_]{1,15})[ \t]?[:：]"),
            group=1,
            cues=("推", "噓", "嘘", "→"),
        ),
        Rule(
            "LOCATION",
            re.compile(rf"\b(?:[A-Z][a-z'’]+\s){{1,3}}(?:{_STREET_WORDS})\s+[Ss]urgery\b"),
            cues=("surgery",),
        ),
        Rule(
            "DATE",
            re.compile(
                rf"(?<![A-Za-z]\s)(?<![A-Za-z][:：])(?<![\d.\w/~～-]){_ZH_MONTH_DAY}"
                rf"(?=[\u4e00-\u9fff])(?![{_ZH_AFTER_A_READING}])"
            ),
            min_digits=2,
        ),
        Rule(
            "DATE",
            re.compile(rf"(?<=[\u4e00-\u9fff]){_ZH_MONTH_DAY}(?=(?:{_ZH_DATED_EVENT}))"),
            min_digits=2,
        ),
    )


# Events of care a date follows (取卵3.21，鲜胚移植3.26，).
_ZH_EVENT_THEN_DATE = (
    r"取卵|移植|入院|出院|手术|手術|复查|複查|剖|住院|确诊|確診|去世|离世|開刀|开刀|出生|抽血|验血"
    r"|驗血|就诊|就診|化疗|化療|放疗|放療|分娩|引产|流产|清宫|接种|接種|拆线|拆線|拔管|转院|轉院"
    r"|预产期|預產期"
)


def thirtieth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 30 showed missing and no rule took:
    - an ID number masked after its first digits, which still show a region and a birth
      date (520526201604******, 3205**********2418);
    - a Chinese month.day date right after the event of care it dates, ending its clause
      (取卵3.21，鲜胚移植3.26，)."""
    return (
        Rule(
            "ID",
            re.compile(r"(?<![\dA-Za-z*])[1-8]\d{2,16}[*＊xX×]{3,14}[\dxX*]{0,4}(?![\dA-Za-z*])"),
            min_digits=3,
        ),
        Rule(
            "DATE",
            re.compile(rf"(?:{_ZH_EVENT_THEN_DATE}){_ZH_MONTH_DAY}(?=[，,。；;、\s]|$)"),
            group=1,
            min_digits=2,
        ),
    )


def _capitals_name(value: str) -> bool:
    """A name in capitals: words of five letters or more (an initial aside; acronyms are
    shorter: ICU, IVIG, NHIA), each with a vowel and a consonant, none an everyday English
    word, a drug, a medical term, a month or a day."""
    lex = lexicon()
    words = [w for w in re.split(r"[\s,.]+", value) if len(w) > 1]
    return bool(words) and all(
        len(w) >= 5
        and re.search("[AEIOUY]", w)
        and re.search("[B-DF-HJ-NP-TV-Z]", w)
        and w.lower() not in lex.en_common_words
        and not lex.is_common_word(w.lower())
        and not lex.is_drug_name(w.capitalize())
        and not is_medical_term(w.capitalize())
        and not is_medical_term(w)
        and w.capitalize() not in _CALENDAR_WORDS
        for w in words
    )


# Titles, ranks and terms of address after a surname alone that _ZH_SURNAME_TITLE lacks
# (谭干事, 蔡科长, 隋站长, 韦排长, 马军医, 钟主管, 謝阿公).
_ZH_SURNAME_RANK = (
    r"干事|幹事|科长|科長|站长|站長|排长|排長|连长|連長|军医|軍醫|主管|所长|所長|局长|局長|处长|處長"
    r"|组长|組長|队长|隊長|校长|校長|书记|書記|部长|部長|厂长|廠長|律师|律師|警官|阿公|阿嬷|阿嬤"
    r"|阿婆|婶婶|嬸嬸|嫂子|大嫂|嬢嬢|孃孃|老太太|老爷子|老爺子|老先生"
)
# Terms of address of one character that are words on their own too (王姐, 刘哥, 王婶, 陳太:).
_ZH_SURNAME_KIN = r"姐|哥|婶|嬸|嫂"
# What may follow 太 after a surname when it means Mrs (陳太：, 陳太話, 李太嘅), not "too".
_ZH_MRS_AFTER = r"[：:，,。！!？?、\s）)]|話|话|講|讲|嘅|係|叫|同|佢|仲|个|個|說|说"


def _zh_surname_in_running_text(text: str, start: int, end: int) -> bool:
    """A surname before a title after any character (药师宁姐, 人事蔡科长, 邻居王婶, 了柏老师):
    the character before it is not one of a given name (琳达阿姨), and neither the characters
    before it and the surname (房钱奶奶, 语文老师, 音乐老师, 健身房经理) nor the surname and what
    follows (班主任, 师姐) make a word of jieba's dictionary (`redact_ner.chinese_tagger`; with
    jieba not installed, no match is accepted). At the start of the text only what follows is
    read (陳生： opening a chat)."""
    tagger = chinese_tagger()
    if tagger is None or (start > 0 and text[start - 1] in lexicon().zh_given_chars):
        return False  # 琳达阿姨: one name
    words = tagger.dt.tokenizer.FREQ
    before = (text[max(0, start - 2) : end], text[start - 1 : end]) if start > 0 else ()
    pairs = (*before, text[start : end + 1], text[start : end + 2])  # 健身房经理, 班主任
    return not any(words.get(w, 0) > 0 for w in pairs)


# Hong Kong's and Macau's districts and neighbourhoods and Taiwan's counties, as written in
# traditional and simplified characters; each is a LOCATION wherever it stands.
_ZH_TW_COUNTY = (
    r"花蓮|花莲|屏東|屏东|宜蘭|宜兰|新竹|苗栗|彰化|南投|雲林|云林|嘉義|嘉义|臺東|台東|台东|澎湖|金門"
    r"|金门|連江|连江|基隆|桃園|桃园|臺中|台中|臺南|台南|高雄|新北|臺北|台北"
)


def thirty_second_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind sets 30-32 showed missing and no rule took (with three
    that blind 33 showed: a pharmacy's branch in brackets, a Hong Kong identity card number,
    西門町):
    - a surname alone before a title after any character, where the look-behind of the
      older rule lists too few (主任鲁老师, 人事钟主管, 邻居王婶, 药师宁姐, 教官韦排长), checked
      against jieba's dictionary; more ranks and terms of address (谭干事, 隋站长, 邬姐, 陳太：);
    - Hong Kong's, Macau's and Taiwan's districts and towns (沙田, 觀塘, 香港仔, 花蓮縣吉安鄉,
      屏東縣潮州鎮);
    - a pharmacy's branch (老百姓大药房长沙芙蓉中路店), a company's branch in a city
      (平安保险深圳分公司) and a city's government office (合肥市医保局); a Hong Kong identity
      card number (A123456(7));
    - churches, chapels and funeral homes by name (Defeated Creek Baptist Church, Engle
      Funeral Home, O'Sullivan's Funeral Home); places joined by lower-case particles
      (Weston-super-Mare); hospitals named with "and" or "for" or in the plural;
    - user names: the default of Weibo and Douyin (用户8823901145), any joined by an
      underscore (tina_chen0312), the author or poster named alone on a line after 作者： or
      楼主：, and a floor's
      poster before a colon."""
    lex = lexicon()
    c = re.compile
    common = _words(lex.zh_surnames)
    rare = "".join(lex.zh_surnames_rare)
    # Titles of two characters or more: 叔 and 伯 alone also end given names and words
    # (阿强叔, 克雷伯菌).
    titles = "|".join(t for t in f"{_ZH_SURNAME_TITLE}|{_ZH_SURNAME_RANK}".split("|") if len(t) > 1)
    stop = f"{_ZH_NOT_IN_NAME}{_ZH_VERBS}问请哪谁么"
    name_char = rf"[^\W\d{stop}]"
    zh_places = _words(lex.zh_places)
    return (
        Rule(
            "NAME",
            c(rf"(?<=[\u4e00-\u9fff～~])((?:{common}|[{rare}]))(?=(?:{titles}))"),
            group=1,
            accept_at=_zh_surname_in_running_text,
            cues=tuple(titles.split("|")),
        ),
        # …and before 姐, 哥 or 太 (Mrs), which are words alone too: common surnames only.
        Rule(
            "NAME",
            c(
                rf"(?<=[\u4e00-\u9fff～~])((?:{common}))"
                rf"(?=(?:{_ZH_SURNAME_KIN})(?![姐哥婶嬸嫂])|太(?:{_ZH_MRS_AFTER}))"
            ),
            group=1,
            accept_at=_zh_surname_in_running_text,
            cues=("姐", "哥", "婶", "嬸", "嫂", "太"),
        ),
        # The same at the start of a clause, for the ranks and terms the older rule lacks.
        Rule(
            "NAME",
            c(
                rf"(?:^|(?<=[，,。！!？?\s：:、「“（(]))((?:{common}|[{rare}])(?=(?:{_ZH_SURNAME_RANK}))"
                rf"|(?:{common})(?=(?:{_ZH_SURNAME_KIN})(?![姐哥婶嬸嫂])|太(?:{_ZH_MRS_AFTER})))"
            ),
            group=1,
            cues=(*_ZH_SURNAME_RANK.split("|"), "姐", "哥", "婶", "嬸", "嫂", "太"),
        ),
        # A district alone, not the start of a longer place the address rules take (秀茂坪邨,
        # 牛頭角道77號, 鳳山區).
        Rule(
            "LOCATION",
            c(rf"(?:{trie(lex.zh_regional_places)})(?![邨村道街路徑径里苑樓楼站區区市鎮镇鄉乡])"),
        ),
        Rule(
            "LOCATION",
            c(rf"(?:{_ZH_TW_COUNTY})(?:縣|县|市)?{name_char}{{1,3}}?(?:鄉|乡|鎮|镇|區|区|市)"),
            cues=("鄉", "乡", "鎮", "镇", "區", "区", "市"),
        ),
        Rule(
            "LOCATION",
            c(
                rf"{name_char}{{2,5}}(?:大药房|大藥房|药房|藥房|药店|藥局|連鎖|连锁)"
                rf"(?:{name_char}{{2,8}}?(?:分店|店)(?![员員主铺舖面])|[（(]{name_char}{{2,8}}?(?:分店|店)[）)])"
            ),
            cues=("店",),
        ),
        Rule(
            "LOCATION",
            c(rf"{name_char}{{2,6}}(?:{zh_places})(?:分公司|分行|支行|营业部|營業部)"),
            cues=("分公司", "分行", "支行", "营业部", "營業部"),
        ),
        Rule(
            "LOCATION",
            c(
                rf"(?:{zh_places})市?(?:医保局|醫保局|社保局|卫健委|衛健委|卫生局|衛生局|民政局|人社局"
                r"|公安局|税务局|稅務局|残联|殘聯|疾控中心|信访局|信訪局|医保中心|社保中心)"
            ),
            cues=("局", "委", "残联", "殘聯", "中心"),
        ),
        Rule(
            "LOCATION",
            c(
                rf"\b{_NOT_PLACE_WORD}(?:[A-Z]{{2,5}}\s+)?"
                rf"(?:{_CAP}(?:['’]s)?\s+(?:(?:an|de|la|of|the|on)\s+)?){{1,4}}"
                r"(?:Funeral Home|Funeral Parlou?r|Funeral Chapel|Mortuary|Crematorium|Church"
                r"|Chapel|Gospel Hall|Kingdom Hall|Tabernacle"
                r"|Cathedral|Mosque|Temple|Synagogue|Gurdwara|Care Home)\b"
                r"(?!\s+(?:Street|Road|Lane|Hall|Avenue|Close|Drive|Row|Square)\b|,\s+[A-Z])"
            ),
            accept=_named_congregation,
            cues=(
                "funeral",
                "mortuary",
                "crematorium",
                "church",
                "chapel",
                "cathedral",
                "mosque",
                "temple",
                "synagogue",
                "gurdwara",
                "care home",
                "gospel hall",
                "kingdom hall",
                "tabernacle",
            ),
        ),
        # A place joined by lower-case particles (Weston-super-Mare, Gulshan-e-Iqbal).
        Rule("LOCATION", c(r"\b[A-Z][a-z]+(?:-[a-z]{1,5}){1,2}-[A-Z][a-z]+\b"), cues=("-",)),
        # Hospitals named with "and" or "for", or in the plural (Royal Brisbane and Women's
        # Hospital, Bustamante Hospital for Children, Lanka Hospitals, Royal Victoria Eye and Ear).
        Rule(
            "LOCATION",
            c(
                rf"\b{_NOT_PLACE_WORD}(?:{_CAP}(?:['’]s)?\s+){{1,3}}"
                rf"(?:(?:and|&)\s+(?:{_CAP}(?:['’]s)?\s+){{0,2}}(?:Hospital|Infirmary)"
                r"|Hospitals?\s+for\s+(?:Sick\s+)?(?:Children|Women|Tropical Diseases)"
                r"|Hospitals|Eye and Ear)\b"
            ),
            cues=("hospital", "infirmary", "eye and ear"),
        ),
        # User names: Weibo's and Douyin's default (用户8823901145), one joined by an underscore
        # (tina_chen0312, Running_Leo77, Lily_好孕), and the author or the floor's poster named
        # before a colon (作者：好孕糖糖2024, 【2楼】冰城二虎_88：, 💬东北银儿在海南：).
        Rule(HANDLE, c(r"(?:用户|用戶)\d{6,12}(?!\d)"), min_digits=6),
        # A Hong Kong identity card number: one or two letters, six digits, a check digit in
        # brackets (A123456(7)).
        Rule("ID", c(r"(?<![A-Za-z0-9])[A-Z]{1,2}\d{6}\s?[(（][0-9A][)）]"), min_digits=6),
        Rule(
            HANDLE,
            c(
                r"(?<![A-Za-z0-9_@/.\-])[A-Za-z][A-Za-z0-9]{0,15}"
                r"_(?:[A-Za-z0-9]{1,16}(?:_[A-Za-z0-9]{1,16})*|[\u4e00-\u9fff]{1,3}(?![\u4e00-\u9fff]))"
                r"(?![A-Za-z0-9_.\-]|\s?[@＠])"
            ),
            cues=("_",),
        ),
        Rule(
            HANDLE,
            c(
                r"(?m)(?:(?:作者|楼主|樓主|发帖人|發帖人|回复人|回覆人)[：:][ \t]*"
                r"(?=[^\s：:【】，。]{2,14}[ \t]*$)"
                r"|(?:【\d+[楼樓]】|💬)\s*(?=[^\s：:【】，。]{2,14}[：:]))([^\s：:【】，。]{2,14})"
            ),
            group=1,
            cues=(
                "作者",
                "楼主",
                "樓主",
                "发帖人",
                "發帖人",
                "回复人",
                "回覆人",
                "楼】",
                "樓】",
                "💬",
            ),
        ),
    )


# Words that name a faith or a kind of building, not a place of its own (the Catholic Church,
# a Baptist church, Mormon Temple).
_DENOMINATIONS = frozenset(
    [
        "Catholic",
        "Roman",
        "Baptist",
        "Methodist",
        "Anglican",
        "Orthodox",
        "Presbyterian",
        "Lutheran",
        "Pentecostal",
        "Evangelical",
        "Mormon",
        "Episcopal",
        "Adventist",
        "Reformed",
        "Christian",
        "Protestant",
        "Hindu",
        "Sikh",
        "Buddhist",
        "Jewish",
        "Muslim",
        "Islamic",
        "Greek",
        "Coptic",
        "Local",
        "Parish",
        "Village",
        "Town",
        "City",
        "Free",
        "Community",
        "Seventh",
        "Day",
        "United",
        "Church",
        "Chapel",
        "Temple",
        "Mosque",
        "Funeral",
        "Home",
        "Care",
    ]
)


def _named_congregation(value: str) -> bool:
    """A church, chapel or funeral home by a name of its own: some capitalised word before the
    kind is neither a faith nor a kind of building, a holiday nor a medical term."""
    words = [w.removesuffix("'s").removesuffix("’s") for w in value.split()[:-1]]
    own = [w for w in words if w[:1].isupper() and w not in _DENOMINATIONS]
    return bool(own) and all(w not in _NOT_FACILITY and not is_medical_term(w) for w in own)


# What follows a hospital's name and a comma that is part of the hospital, not its district
# (Derby Hospital, Endoscopy Unit; Lister Hospital, Outpatients).
_WITHIN_A_HOSPITAL = frozenset(
    [
        "Ward",
        "Level",
        "Unit",
        "Clinic",
        "Outpatients",
        "Outpatient",
        "Room",
        "Bay",
        "Floor",
        "Block",
        "Wing",
        "Building",
        "Department",
        "Dept",
        "Suite",
        "Theatre",
        "Theatres",
        "Annexe",
        "Reception",
        "Pharmacy",
        "Radiology",
        "Endoscopy",
        "Rheumatology",
        "Cardiology",
        "Oncology",
        "Maternity",
        "Paediatrics",
        "Pediatrics",
        "Orthopaedics",
        "Urology",
    ]
)


# The kind of a home or a parish, which the facility check reads as an everyday word.
_HOME_OR_PARISH = re.compile(r"\s+(?:Nursing Home|Care Home|Maternity Home|Parish|Church)$")


def _district_after_hospital(value: str) -> bool:
    """A hospital, clinic or centre by name and, after the comma, its district (Square Hospital,
    Panthapath; Lifeline Hospital, Sector 21), not a part of the hospital or a medical term
    (Derby Hospital, Endoscopy Unit), nor a department by its kind (Fracture Clinic, …)."""
    name, district = value.split(",", 1)
    return (
        (_facility_run(name) or _facility_run(_HOME_OR_PARISH.sub("", name)))
        and not is_medical_term(name.split()[0])
        and all(w not in _WITHIN_A_HOSPITAL and not is_medical_term(w) for w in district.split())
    )


# Doubled characters that are words for a person, not a child's name (宝宝妈妈, 姐姐爸爸).
_ZH_DOUBLED_KIN = frozenset(
    [
        "宝宝",
        "寶寶",
        "娃娃",
        "弟弟",
        "妹妹",
        "哥哥",
        "姐姐",
        "奶奶",
        "爷爷",
        "爺爺",
        "姥姥",
        "婆婆",
        "公公",
        "叔叔",
        "舅舅",
        "姑姑",
        "伯伯",
        "太太",
        "爸爸",
        "妈妈",
        "媽媽",
        "婶婶",
        "嬸嬸",
        "姨姨",
        "嫂嫂",
        "孩孩",
        "人人",
        "个个",
        "個個",
        "天天",
        "常常",
        "刚刚",
        "剛剛",
    ]
)


def thirty_fourth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 34 showed missing and no rule took (the freeze
    after it also named elders in Navajo and Malay before an age over 89):
    - a hospital's district after a comma (Square Hospital, Panthapath; Lisie Hospital,
      Ernakulam), not a ward, a level or a department; since blind 38 also a clinic's, a
      centre's or a maternity home's, and a district with its number (Sector 21); since
      blind 39 a nursing home's, an institute's, a parish's or a church's too, and a sector
      of a letter and a number (Shifa Maternity Home, F-8);
    - a display name made of a child's name and 妈妈 or 爸 (Emma妈妈, 乐乐妈妈, 哆哆爸): a Latin
      given name or a doubled character;
    - a Hong Kong estate and its block (尚德邨尚美樓);
    - an age over 89 right after a pronoun with no verb or before the Malay word for years."""
    c = re.compile
    number = rf"(\d{{2,3}}|{_EN_AGE_WORDS})"
    return (
        Rule(
            "LOCATION",
            c(
                rf"\b{_NOT_PLACE_WORD}(?:{_CAP}(?:['’]s)?\s+){{1,4}}"
                r"(?:Hospital|Hospitals|Medical Centre|Medical Center|Maternity(?: Home)?|Clinic"
                r"|Polyclinic|Centre|Center|Frail Care|Nursing Home|Care Home|Institute|Parish"
                r"|Church|Multi-?[Ss]peciality|Hospice),\s+"
                r"(?:[A-Z]-\d{1,2}|[A-Z][a-z]+(?:\s[A-Z][a-z]+)?(?:\s(?:\d{1,3}|[A-Z]))?)"
                r"(?=[\s.,;)!?]|$)(?!\s*&)"
                r"(?!\s[A-Z][a-z])"
            ),
            accept=_district_after_hospital,
            cues=(
                "hospital",
                "medical cent",
                "maternity",
                "clinic",
                "centre",
                "center",
                "frail",
                "nursing home",
                "care home",
                "institute",
                "parish",
                "church",
                "speciality",
                "hospice",
            ),  # fmt: skip
        ),
        Rule(
            "NAME",
            c(
                r"(?<![A-Za-z\u4e00-\u9fff])(?:[A-Z][a-z]{2,9}|([\u4e00-\u9fff])\1)"
                r"(?:妈妈|媽媽|媽咪|妈咪|爸爸|爸比|爸|妈|媽)"
            ),
            accept=lambda v: v[:2] not in _ZH_DOUBLED_KIN,
            cues=("妈", "媽", "爸"),
        ),
        Rule(
            "LOCATION",
            c(r"[\u4e00-\u9fff]{2,4}(?:邨|苑)[\u4e00-\u9fff]{1,3}(?:樓|楼|座|閣|阁)"),
            cues=("樓", "楼", "座", "閣", "阁"),
        ),
        # An age over 89 right after a pronoun with no verb ("she 98 and still sharp", "Shes
        # ninety nine next month") or before the Malay word for years (atuk 91 tahun).
        Rule(
            "AGE",
            c(
                rf"(?i:\b(?:she|he|shes|hes|she['’]s|he['’]s)\s+(?:now\s+|nearly\s+|almost\s+)?)"
                rf"{number}\b{_NOT_AN_AGE}"
            ),
            group=1,
            accept=_over_89,
            cues=_OVER_89_CUES,
        ),
        Rule("AGE", c(r"\b(9\d|1[01]\d)\s+(?:tahun|thn)\b"), group=1, min_digits=2),
    )


# Hospitals known by a short name that is no other word (川医, 复旦儿科, 湘雅三): found anywhere.
_ZH_SHORT_HOSPITALS_ANYWHERE = (
    r"川医|川醫|中山肿瘤|中山腫瘤|复旦儿科|復旦兒科|和睦家|北医三院|北醫三院|湘雅[一二三]院?|华西二院"
    r"|馬偕|马偕|彰基|鏡湖醫院|镜湖医院|廣華醫院|广华医院"
)
# …as one pattern, for `redact._is_identifier`: 复旦儿科 holds a department's name and is a place.
ZH_SHORT_HOSPITAL = re.compile(_ZH_SHORT_HOSPITALS_ANYWHERE)
# Health-care chains whose site follows their name (Kaiser Permanente Vallejo, Bupa Wantirna).
_CARE_CHAINS = (
    r"Kaiser Permanente|Kaiser|Bupa(?: Aged Care| Care Homes?| Care)?|Spire|Nuffield Health"
    r"|Ramsay|Estia|Arcare|Barchester|HC-One|Sutter|Atrium Health|Baptist Health"
)
_CARE_CHAIN_CUES = (
    "kaiser", "bupa", "spire", "nuffield", "ramsay", "estia", "arcare", "barchester", "hc-one",
    "sutter", "atrium", "baptist",
)  # fmt: skip
# A chain's name with its site: a place, though the chain alone is kept (insured with Bupa).
CARE_CHAIN_SITE = re.compile(rf"(?:{_CARE_CHAINS})\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?")
# Events of care that a day and month after them date (biopsy 1/9, port placed 1/17).
_CARE_EVENTS = (
    r"biopsy|surgery|op|operation|scan|mri|ct|pet|pci|chemo|placed|done|admitted|discharged"
    r"|appt|appointment|induction|transfer|delivery|c-section|csection|removed|infusion|started"
    r"|diagnosed|dx'?d|seen|review|follow-up|f/u|colonoscopy|endoscopy|echo|angio|angiogram"
    r"|stent|implant|booked|scheduled|consult|ultrasound|xray|x-ray|mammogram|lumpectomy"
    r"|mastectomy|ivf|retrieval|iui|birth|born"
)
# What follows 生 after a surname when it means Mr in Cantonese (陳生：, 陳生話, 搵陳生).
_ZH_MR_AFTER = rf"(?:{_ZH_MRS_AFTER}|即|就|都|叫|$)"


# Chinese surnames as romanised in Hong Kong, Singapore, Malaysia and pinyin (Grace Zhou,
# Sandy Leong), for an English given name before one in Chinese text.
_ROMANISED_SURNAMES = (
    r"Zhou|Leong|Wong|Chan|Wang|Zhang|Liu|Chen|Yang|Huang|Zhao|Lin|Lee|Tan|Lim|Cheung|Lau"
    r"|Yeung|Chow|Tse|Fung|Lam|Tang|Kwok|Yip|Mak|Leung|Cheng|Chu|Xu|Sun|Zhu|Guo|Gao|Luo|Zheng"
    r"|Liang|Xie|Song|Han|Feng|Deng|Cao|Peng|Zeng|Xiao|Tian|Dong|Pan|Yuan|Cai|Jiang|Du|Wei|Shen"
    r"|Yao|Cui|Zhong|Fan|Jin|Liao|Xia|Fang|Zou|Xiong|Meng|Qin|Qiu|Hou|Xue|Duan|Wu|Ng|Kwan|Choi"
    r"|Tsang|Siu|Poon|Lui|Hui|Chiu|Mok|Tsui|Tam|Goh|Teo|Ong|Chua|Koh|Yeo|Tay|Toh|Teh|Seah|Quek"
    r"|Heng|Neo|Chia|Chong|Foo|Khoo|Loh|Phua|Soh|Yap|Yong|Wee"
)
_CJK_TAIL = re.compile(r"[\u4e00-\u9fff]+$")


def _given_and_romanised_in_chinese(text: str, start: int, end: int) -> bool:
    """An English given name before a romanised Chinese surname, in a text written in Chinese
    (in English text the NER and the name rules read it)."""
    return re.search(_HAN, text) is not None and lexicon().is_given(text[start:end].split()[0])


_SPEAKER = re.compile(r"(?m)^[^\n：:]{1,20}[：:]")


def _in_a_chat(text: str, start: int, end: int) -> bool:
    """Two lines or more of `text` open with a speaker and a colon: a chat, whose speakers
    are display names."""
    return len(_SPEAKER.findall(text)) >= 2


def thirty_sixth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind sets 33-35 showed missing and no rule took:
    - Mr and Mrs in Cantonese after a surname (陳生：, 樓下陳生, 陳太即刻, 搵陳太), checked
      against jieba's dictionary; a surname alone after "Dr" (Dr 區話);
    - hospitals by a short name (川医, 中山肿瘤, 复旦儿科, 湘雅三), a university's hospital whose
      name runs past the facility rule's reach (中國醫藥大學附設醫院), a branch in brackets
      (美年大健康(徐汇店)) and an arrondissement (巴黎13区);
    - a health-care chain and its site (Kaiser Permanente Vallejo, Bupa Wantirna);
    - a user name of a word and two to four digits (Lovelyjubbly77, Bumblebee88), not a
      drug's name with its strength;
    - a US ZIP code after "moving to", "live in" or "zip";
    - in Chinese text, an English given name before a Chinese surname (Helen刘, Annie王) or
      before a romanised one (Grace Zhou, Sandy Leong);
    and, from blind 36's and 37's misses, a speaker's display name in a group chat that joins
    two parts with a hyphen (江苏-小梅, 5栋-唐嬢嬢) or opens with a building (3号楼李阿姨,
    12栋彤彤爸), a day and month after an event of care (biopsy 1/9, port placed 1/17, PCI done
    on 3/10), a Taiwanese date of the ROC calendar (112/10/21), an age over 89 after "going to
    be" or before "already", a surname alone after Miss, Mrs or Mdm (Miss 陈话) and a hospital or
    church named with Sta. or Sto. (Sta. Rosa Doctors Hospital)."""
    lex = lexicon()
    c = re.compile
    common = _words(lex.zh_surnames)
    rare = "".join(lex.zh_surnames_rare)
    stop = f"{_ZH_NOT_IN_NAME}{_ZH_VERBS}问请哪谁么"
    name_char = rf"[^\W\d{stop}]"
    return (
        Rule(
            "NAME",
            c(
                rf"(?:^|(?<=[\u4e00-\u9fff，,。！!？?\s：:、「“（(【\[]))({common})(?=[生太]{_ZH_MR_AFTER})"
            ),
            group=1,
            accept_at=_zh_surname_in_running_text,
            cues=("生", "太"),
        ),
        Rule(
            "NAME",
            c(
                r"(?<![A-Za-z])(?:Dr\.?|Doctor|Prof\.?|Miss|Mrs\.?|Ms\.?|Mdm\.?|Madam)\s*"
                rf"((?:{common}|[{rare}]))(?=[^\u4e00-\u9fff]|[话話说說講讲]|$)"
            ),
            group=1,
            cues=("dr", "doctor", "prof", "miss", "mrs", "ms", "mdm", "madam"),
        ),
        Rule(
            "NAME",
            c(
                r"(?m)^(?:[\w\u4e00-\u9fff]{1,8}[-－—·~～][\w\u4e00-\u9fff]{1,8}"
                r"|\d{1,3}(?:栋|棟|幢|号楼|號樓|座|单元|單元)(?:\d{3,4})?[-－—·]?[\u4e00-\u9fffA-Za-z]{1,8})"
                r"(?=[ \t]*[：:])"
            ),
            accept_at=_in_a_chat,
        ),
        Rule(
            "DATE",
            c(
                rf"(?i:\b(?:{_CARE_EVENTS})\b(?:\s+(?!cycle|dose|of|round)[a-z']+){{0,2}}?\s+"
                r"(?:on\s+)?)((?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9]))\b(?![/\d]|\.\d)"
                r"(?!\s*(?:mg|ml|units?|pain|score|dose|tabs?|pills?))"
            ),
            group=1,
            min_digits=2,
            cues=("/",),
        ),
        Rule(
            "DATE",
            c(r"(?<![\d/])1[01]\d/(?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])(?![\d/])"),
            min_digits=5,
            cues=("/",),
        ),
        Rule(
            "AGE",
            c(
                r"(?i:\b(?:going (?:to )?be|gonna be|gon be)\s+)(9\d|1[01]\d)\b(?![-\d.])"
                rf"{_NOT_AN_AGE}"
            ),
            group=1,
            min_digits=2,
            cues=("be ",),
        ),
        Rule(
            "LOCATION",
            c(
                rf"\b(?:Sta|Sto)\.\s+(?:(?:[{UPPER_LETTERS}][{LOWER_LETTERS}]+|de|del|dela|la)\s+){{1,5}}"
                r"(?:Hospital|Medical Cent(?:er|re)|Health Cent(?:er|re)|Clinic|Church|Parish)\b"
            ),
            cues=("sta.", "sto."),
        ),
        Rule("LOCATION", ZH_SHORT_HOSPITAL),
        Rule(
            "LOCATION",
            c(
                rf"{name_char}{{2,3}}(?:医科|醫科|医药|醫藥|中医药|中醫藥|医学|醫學)?(?:大學|大学)"
                r"(?:附設|附设|附屬|附属)(?:第[一二三四五六七八九十]|[\u4e00-\u9fff]{0,4}?)(?:醫院|医院)"
            ),
            cues=("附",),
        ),
        Rule(
            "LOCATION",
            c(
                rf"{name_char}{{2,8}}[（(][\u4e00-\u9fff]{{2,6}}"
                r"(?:店|分店|分院|院区|院區)[）)]"
            ),
            cues=("店", "院"),
        ),
        Rule("LOCATION", c(r"(?:巴黎|里昂|马赛|馬賽)\s?\d{1,2}\s?区"), cues=("区",)),
        Rule(
            "LOCATION",
            c(rf"\b{CARE_CHAIN_SITE.pattern}\b(?!['’])"),
            cues=_CARE_CHAIN_CUES,
        ),
        Rule(
            "NAME",
            c(r"(?<![\w@/.#-])[A-Z][a-z]{3,}(?:[A-Z][a-z]+)*\d{2,4}(?![\w/.-])"),
            accept=lambda v: not lexicon().is_drug_name(v.rstrip("0123456789")),
            min_digits=2,
        ),
        Rule(
            "NAME",
            c(rf"(?<![A-Za-z])[A-Z][a-z]{{2,8}}(?:{common})"),
            accept=lambda v: lexicon().is_given(_CJK_TAIL.sub("", v)),
        ),
        Rule(
            "NAME",
            c(rf"(?<![A-Za-z])[A-Z][a-z]{{2,9}} (?:{_ROMANISED_SURNAMES})(?![A-Za-z])(?!\s+[A-Z])"),
            accept_at=_given_and_romanised_in_chinese,
        ),
        Rule(
            "LOCATION",
            c(
                r"(?i:\b(?:moving to|moved to|live in|living in|zip(?: code)?:?|zipcode:?"
                r"|postcode:?)\s+)(\d{5})\b(?![\d-])"
            ),
            group=1,
            min_digits=5,
            cues=("moving", "moved", "live", "living", "zip", "postcode"),
        ),
    )


# What a number after "Phase", "Block" or "Sector" is when the word before it is no place.
_NOT_A_SETTLEMENT = (
    r"Trial|Study|Stage|Step|Level|Cycle|Week|Day|Dose|Grade|Type|Class|Part|Round|Year|Room"
    r"|Bed|Ward|Unit|Floor|Bay|Module|Chapter|Section|Heart|Nerve|Spinal|Bundle|Branch|AV|Cancer"
)
# After "near", "around" or "in the": a US ZIP that stands for where the writer lives.
_NEAR = r"(?i:\b(?:near|around|in the|outside|by)\s+)"
_NEAR_CUES = ("near", "around", "in the", "outside", "by ")


def _hospital_by_level(value: str) -> bool:
    """A hospital by its level: "Hospital" after it, or a known town or city before it."""
    first = value.split()[0]
    lex = lexicon()
    return (
        value.endswith(("Hospital", "Centre", "Center"))
        or first in lex.en_towns
        or (first in lex.en_places)
    )


def thirty_ninth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 38 showed missing and no rule took:
    - a US ZIP after "near", "around" or "in the" (near 59801, in the 97214 zip), not a
      quantity, and an Australian postcode after them before a word that asks for someone
      (any GPs around 3177 who …);
    - a barangay (Brgy. San Roque, Barangay Maligaya);
    - a settlement's phase, block, sector or section (Lekki Phase 1, Soshanguve Block H,
      Hayatabad Phase 6, Mirpur 10 stays with the facility rule), not a trial's phase or a
      heart block;
    - a Kenyan hospital by its level (Nakuru Level 5, Mumias Road Level 4 Hospital);
    - a Discord tag (SleepyOtter#4471);
    - a city's numbered hospital in Chinese (江城第五人民医院), whatever the city's name;
    - a registration or ticket number of two or three capitals and eight to twelve digits
      (JZ2312240391);
    - in a group chat, a speaker known by one character and a kinship word (梅姐：, 芳姨：);
    and, from blind 39's: an Irish county after "Co."; a ZIP closing a question (in 28374?);
    initials before a name (W. M. Gunawardena Bandara, K. Venkata Ramana Rao); an age over 89
    and "today" after a birthday; a date with a two-digit year in Chinese text (23.11.5); a
    Taiwanese care home (福樂護理之家), a Hong Kong general outpatient clinic by its district
    and its own name (大埔富亨普通科門診; the district alone names a kind of clinic in it:
    荃灣|普通科門診) and a clinic by its own name (苓和診所); a user name of three letters and
    four digits (hsu0806)."""
    c = re.compile
    return (
        Rule(
            "LOCATION",
            c(
                rf"{_NEAR}(\d{{5}})\b(?![\d.,:/-]\d)"
                r"(?!\s*(?:%|mg|mcg|g|kg|ml|mL|IU|units?|steps|calories|cal|kcal|people|feet|ft"
                r"|miles|mi|km|lbs?|dollars|\$)\b)"
            ),
            group=1,
            min_digits=5,
            cues=_NEAR_CUES,
        ),
        Rule(
            "LOCATION",
            c(rf"{_NEAR}([2-7]\d{{3}})(?=\s+(?:who|that|which|area|region|suburbs?)\b|\s*[?,])"),
            group=1,
            min_digits=4,
            cues=_NEAR_CUES,
        ),
        Rule(
            "LOCATION",
            c(r"\b(?:Brgy\.?|Bgy\.?|Barangay)\s+(?:\d{1,3}\b|(?:[A-Z][a-z]+\s?){1,3})"),
            cues=("brgy", "bgy", "barangay"),
        ),
        Rule(
            "LOCATION",
            c(
                rf"\b(?!(?:{_NOT_A_SETTLEMENT})\b){_NOT_PLACE_WORD}[A-Z][a-z]{{3,}}"
                r"\s+(?:Phase|Block|Sector|Section|Extension|Zone)\s+(?:\d{1,3}|[A-Z]|[IVX]{1,4})\b"
                r"(?![-.]\d)"
            ),
            accept=_plausible_name,
            cues=("phase", "block", "sector", "section", "extension", "zone"),
        ),
        Rule(
            "LOCATION",
            c(r"\b(?:[A-Z][a-z]+\s+){1,2}Level\s+[2-6]\b(?:\s+(?:Hospital|Health Cent(?:re|er)))?"),
            accept=_hospital_by_level,
            cues=("level",),
        ),
        Rule(
            "NAME",
            c(r"(?<![\w#])[A-Za-z][A-Za-z0-9_.]{2,31}#\d{4}(?!\d)"),
            accept=lambda v: (
                not re.match(
                    r"(?i)(?:rx|ref|claim|order|case|no|ticket|invoice|room|bed|apt|unit|box|id"
                    r"|lot|batch)#",
                    v,
                )
            ),
            cues=("#",),
        ),
        Rule(
            "LOCATION",
            c(
                rf"[^\W\d{_ZH_NOT_IN_NAME}{_ZH_VERBS}]{{2}}第[一二三四五六七八九十]{{1,2}}人民(?:医院|醫院)"
            ),
            cues=("人民",),
        ),
        Rule(
            "ID",
            c(r"(?<![A-Za-z0-9])[A-Z]{2,3}\d{8,12}(?![A-Za-z0-9])"),
            min_digits=8,
        ),
        Rule(
            "NAME",
            c(
                r"(?m)^([\u4e00-\u9fff])"
                r"(?=(?:姐|哥|姨|叔|婶|嬸|嫂|奶奶|爷爷|爺爺|伯|阿姨)[ \t]*[：:])"
            ),
            accept_at=_in_a_chat,
            group=1,
        ),
        # …and, from blind 39's misses:
        Rule(
            "LOCATION",
            c(rf"\bCo\.?\s+(?:{_IRISH_COUNTIES})\b"),
            cues=("co",),
        ),
        Rule(
            "LOCATION",
            c(r"\bin\s+(\d{5})(?=\s*[?!]|\s*$)"),
            group=1,
            min_digits=5,
            cues=("in ",),
        ),
        Rule(
            "NAME",
            c(
                rf"(?<![\w.])(?:[A-Z]\.\s?){{2,3}}{_CAP}(?:\s+{_CAP}){{1,2}}"
                rf"|(?<![\w.])[A-Z]\.\s?{_CAP}\s+{_CAP}\s+{_CAP}"
            ),
            accept=lambda v: _plausible_name(re.sub(r"^(?:[A-Z]\.\s?)+", "", v)),
            cues=(". ",),
        ),
        Rule(
            "AGE",
            c(r"(?<![\d.])(9\d|1[01]\d)\s+today\b"),
            group=1,
            accept_at=_a_birthday,
            min_digits=2,
            cues=("today",),
        ),
        Rule(
            "DATE",
            c(r"(?<![\d.])[12]\d\.(?:1[0-2]|0?[1-9])\.(?:3[01]|[12]\d|0?[1-9])(?![\d.])"),
            accept_at=lambda t, a, b: re.search(_HAN, t) is not None,
            min_digits=4,
            cues=(".",),
        ),
        Rule(
            "LOCATION",
            c(r"[^\W\d的在到去了是]{2,6}(?:護理之家|护理之家|安養中心|安养中心|養護中心|养护中心)"),
            cues=("護理", "护理", "安養", "安养", "養護", "养护"),
        ),
        Rule(
            "LOCATION",
            c(
                r"(?:(?<![\u4e00-\u9fff])|(?<=[在喺到去於于]))"
                rf"(?:[^\W\d{_ZH_NOT_IN_NAME}{_ZH_VERBS}{_NOT_A_CLINIC_NAME}]{{4,6}}"
                r"(?:普通科門診|普通科门诊)"
                rf"|[^\W\d{_ZH_NOT_IN_NAME}{_ZH_VERBS}{_NOT_A_CLINIC_NAME}]{{2,6}}"
                r"診所(?=[，,。！!？?\s]))"
            ),
            cues=("門診", "门诊", "診所"),
        ),
        Rule(
            HANDLE,
            c(r"(?<![\w.@/#+])[a-z]{3}\d{4}(?![A-Za-z0-9_@]|[.-]\w)"),
            accept=lambda v: v[:3] not in _COUNTED_WORDS,
            min_digits=4,
        ),
    )


# Characters no clinic's own name holds: kinds of clinic, places near, Cantonese particles.
_NOT_A_CLINIC_NAME = "科健附近嘅個个好帶带推薦荐夜晚開开即刻叫佢私小黑家公立区區这這那一"
# The 26 counties of Ireland and the six of Northern Ireland, after "Co." (Co. Donegal).
_IRISH_COUNTIES = (
    r"Antrim|Armagh|Carlow|Cavan|Clare|Cork|Derry|Donegal|Down|Dublin|Fermanagh|Galway|Kerry"
    r"|Kildare|Kilkenny|Laois|Leitrim|Limerick|Londonderry|Longford|Louth|Mayo|Meath|Monaghan"
    r"|Offaly|Roscommon|Sligo|Tipperary|Tyrone|Waterford|Westmeath|Wexford|Wicklow"
)
_BIRTHDAY = re.compile(r"(?i)birthday|bday|b-day|生日")


def _a_birthday(text: str, start: int, end: int) -> bool:
    """A birthday is spoken of within 80 characters before an age over 89 and "today"."""
    return _BIRTHDAY.search(text, max(0, start - 80), start) is not None


def _capitals_given_and_surname(text: str, start: int, end: int) -> bool:
    """JAYLEN THOMPSON, TANE WAIARIKI: two words in capitals, neither an everyday word, a drug,
    an eponym or a medical term, the first a known given name or the two a line of their own
    (a sign-off)."""
    words = text[start:end].split()
    lex = lexicon()
    alone = (not text[:start].strip(" \t") or text[:start].rstrip(" \t").endswith("\n")) and (
        not text[end:].strip(" \t") or text[end:].lstrip(" \t").startswith("\n")
    )
    return all(
        w.lower() not in lex.en_common_words
        and _plausible_name(w.title())
        and not is_medical_term(w)
        for w in words
    ) and (lex.is_given(words[0].title()) or alone)


def _surname_first_in_capitals(value: str) -> bool:
    """KOWALCHUK, Stanley Peter: a known given name after the comma, and before it a surname
    (no medical term or acronym: "off CPAP, Grace still on high flow") of six letters or more
    or with two given names after it."""
    surname, given = re.split(r",\s+", value, maxsplit=1)
    return (
        lexicon().is_given(given.split()[0])
        and not is_medical_term(surname)
        and (len(surname) >= 6 or len(given.split()) == 2)
    )


def _given_with_initial(value: str) -> bool:
    """Kelechi O.: a given name (no everyday word) and the initial of the surname."""
    given = value.split()[0]
    lex = lexicon()
    return (
        lex.is_given(given) and given.lower() not in lex.en_common_words and _plausible_name(given)
    )


def fortieth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 40 showed missing and no rule took:
    - a full name in capitals, a given name and a surname (JAYLEN THOMPSON, TANE WAIARIKI),
      and a surname in capitals before a comma and the given names (KOWALCHUK, Stanley
      Peter);
    - Ma. for Maria before a Filipino name (Ma. Cristina Dela Paz-Ocampo);
    - two initials before one name (K. R. Suresh), a given name and a surname's initial
      (Kelechi O., Bupe N.), initials that sign a post (A.B.);
    - a name given to a child after "named her" or "called him" (We named her Hope), whatever
      the word;
    - a phone number in capital Chinese numerals (壹叁玖零…), a Taiwanese ID number
      (A223456789), a user name of "user" and digits;
    - a lying-in clinic named with Sta. or Sto., a maternity home by its name (Adabraka
      Maternity Home)."""
    c = re.compile
    return (
        Rule(
            "NAME",
            c(r"(?<![\w'’-])[A-Z]{3,12} [A-Z]{3,14}(?![\w'’-])(?! [A-Z]{2})"),
            accept_at=_capitals_given_and_surname,
        ),
        Rule(
            "NAME",
            c(rf"(?<![\w'’-])[A-Z]{{3,14}},\s+({_CAP})(?:\s+{_CAP})?(?![\w'’-])"),
            accept=_surname_first_in_capitals,
        ),
        Rule(
            "NAME",
            c(
                rf"\bMa\.\s+{_CAP}(?:\s+(?:[Dd]ela|[Dd]elos|[Dd]e la|[Dd]e los|[Dd]el|[Dd]e))?"
                rf"(?:\s+{_CAP}){{0,2}}"
            ),
            cues=("ma.",),
        ),
        Rule(
            "NAME",
            c(rf"(?<![\w.])(?:[A-Z]\.\s?){{2,3}}{_CAP}(?![\w'’-])"),
            accept=lambda v: v.split()[-1].split(".")[-1].lower() not in lexicon().en_common_words,
            cues=(". ",),
        ),
        Rule(
            "NAME",
            c(r"(?<![\w.])[A-Z][a-z]{2,12} [A-Z]\.(?=\s|$)"),
            accept=_given_with_initial,
        ),
        Rule("NAME", c(r"(?:^|\n)[ \t]*(?:[-–—/][ \t]*)?([A-Z]\.[A-Z]\.)[ \t]*$"), group=1),
        Rule(
            "NAME",
            c(
                r"(?i:\b(?:named|call(?:ed|ing)?|christened)\s+(?:her|him|them|our (?:son|daughter|"
                r"baby|girl|boy|little one))\s+)([A-Z][a-z]{2,14})\b"
            ),
            group=1,
            cues=("named", "call", "christened"),
        ),
        Rule(
            "PHONE",
            c(r"[壹贰貳叁參肆伍陆陸柒捌玖零〇]{7,12}"),
            cues=("壹", "贰", "貳", "叁", "參", "肆", "伍", "陆", "陸", "柒", "捌", "玖", "零"),
        ),
        Rule("ID", c(r"(?<![A-Za-z0-9])[A-Z][12]\d{8}(?![A-Za-z0-9])"), min_digits=9),
        Rule(HANDLE, c(r"(?<![\w@])user\d{5,12}(?![A-Za-z0-9_@])"), min_digits=5, cues=("user",)),
        Rule(
            "LOCATION",
            c(r"\b(?:Sta|Sto)\.\s+[A-Z][a-z]+\s+Lying-in(?:\s+Clinic)?"),
            cues=("lying-in",),
        ),
        Rule(
            "LOCATION",
            c(rf"\b{_NOT_PLACE_WORD}{_CAP}(?:\s{_CAP})?\s+Maternity Home\b"),
            accept=lambda v: _facility_run(v.removesuffix(" Maternity Home")),
            cues=("maternity home",),
        ),
    )


# A line of a chat opened by an English display name and a colon ("Roxy: yeh she's fine",
# "Marlon J: ask for the pain team", "Jaz 💕: bless her"): the name, up to the colon.
_EN_SPEAKER = re.compile(
    rf"(?m)^[ \t]*({_CAP}(?:[ \t](?:{_CAP}|[A-Z]\.?))?|[A-Z][a-z]+(?:[A-Z][a-z]+)+)"
    r"(?=[ \t]*(?:[^\w\s:：]{1,4}[ \t]*)?:[ \t]"
    # …or a time before the colon (Fergal 22:40: grand).
    r"|[ \t]+\d{1,2}[:.]\d{2}(?:[ \t]?[APap][Mm])?[ \t]*:[ \t])"
)
# Words that open a line before a colon and name no one: headers of letters and e-mails,
# questions and answers, and the people of a story told as a dialogue.
_NOT_A_SPEAKER = frozenset((
    "to", "from", "re", "cc", "bcc", "attn", "ref", "via", "dob", "mrn", "dx", "pt", "ps", "op",
    "nb", "fyi", "tldr", "edit", "mod", "admin", "bot", "ok", "hi", "hey", "hello", "dear", "yes",
    "ans", "mummy", "mommy", "momma", "mamma", "daddy", "hubby", "nurse", "doc", "dr", "gp",
    "midwife", "consultant", "pharmacist", "receptionist", "paramedic", "surgeon", "physio",
    "therapist", "prescriber", "med", "meds",
    # …and the fields of a care or school form (Allergy: penicillin, Asthma: inhaler in bag).
    "allergy", "allergies", "asthma", "diabetes", "epilepsy", "diagnosis", "condition",
    "conditions", "medication", "medications", "medicines", "emergency",
    # …and the roles and headings a notice or an appeal opens with (Moderator: please don't,
    # Fundraiser: our daughter).
    "moderator", "moderators", "mods", "fundraiser", "organiser", "organizer", "volunteer",
    "volunteers", "recruiting", "announcement", "notice", "reminder", "psa", "appeal",
))  # fmt: skip
# Kinship and respect words that open a display name (Mama Tolu, Aunty Bisi, Apa Nasreen).
_SPEAKER_KIN = frozenset((
    "mama", "mummy", "mommy", "papa", "baba", "aunty", "auntie", "aunt", "uncle", "apa", "baji",
    "bhai", "didi", "nana", "nani", "dadi", "granny", "grandma", "grandpa", "tita", "tito", "lola",
    "lolo", "ate", "kuya", "pastor", "sister", "brother", "mother", "father", "mai", "iya",
    "mallam", "alhaji", "mzee",
))  # fmt: skip


def _english_chat_speaker(text: str, start: int, end: int) -> bool:
    """`text[start:end]` opens a line of a chat (two lines or more open with a speaker and a
    colon) and is a display name (`_display_name_word`)."""
    return _in_a_chat(text, start, end) and _display_name_word(text, start, end)


def _opens_the_post(text: str, start: int, end: int) -> bool:
    """`text[start:end]`, opening a post before a colon, is its writer's display name: the
    writer speaks in the first person after it (Sokha: bong, my mom …; not Recruiting: people
    with …), and it is a display name (`_display_name_word`) but no given name that is also an
    everyday word (Faith: could be the post's subject)."""
    line_end = text.find("\n", end)
    message = text[end : line_end if line_end >= 0 else len(text)]
    return (
        _FIRST_PERSON.search(message) is not None
        and text[start:end] not in lexicon().everyday_given
        and _display_name_word(text, start, end)
    )


_FIRST_PERSON = re.compile(r"(?i)\b(?:i|i['’]m|me|my|we|our|us)\b")


def _display_name_word(text: str, start: int, end: int) -> bool:
    """`text[start:end]` before a colon is a display name: a given name that is also a word
    (Joy:, Hope:), or no everyday word, header or role (To:, Update:, Nurse:), and a kinship
    word only with a name after it (Aunty Bisi:, not Mummy:)."""
    lex = lexicon()
    first, *rest = text[start:end].split()
    word = first.lower()
    if word in _SPEAKER_KIN:
        return bool(rest) and len(rest[0]) > 2 and rest[0].lower() not in lex.en_common_words
    return first in lex.everyday_given or (
        len(first) > 2
        and word not in _NOT_A_SPEAKER
        and word not in lex.en_common_words
        and first not in lex.not_names
        and not lex.is_kept_place(first)
        and not lex.is_drug_name(first)
    )


_WEEKDAY_LINE = re.compile(
    r"(?m)^[ \t]*((?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)(?:day)?)\b\.?"
    r"(?=[ \t]*[:,–-]?[ \t]*\d)"
)


def _weekday_log(text: str, start: int, end: int) -> bool:
    """Two lines or more of `text` open with a weekday and a number: a diary of readings."""
    return len(_WEEKDAY_LINE.findall(text)) >= 2


def forty_second_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 42 showed missing and no rule took:
    - an English display name opening a line of a chat (Roxy:, Marlon J:, Mehwish:, Joy:),
      a kinship word before it taken in (Aunty Bisi:, Mama Tolu:);
    - the weekdays of a diary of readings, one a line (Mon 142/88, Tue 155/92);
    - an age over 89 in brackets after a relative, however it goes on ((104!!), (90+));
    - a street of a Singapore estate and its number (Tampines St 21, Ang Mo Kio Ave 3), a North
      American street by its number after a house number (3318 W 12th Ave);
    - in Chinese, a day and month after a word of booking (排到12/15, 约在3/8), and a
      romanised surname of two letters after a title (医务社工Ms Ho叫我); and, after blind 43
      was taken in, a place of any case before a UK postcode inside brackets (the willows,
      NE29 7HQ), which the retrained tagger no longer read."""
    c = re.compile
    return (
        Rule(HANDLE, _EN_SPEAKER, group=1, accept_at=_english_chat_speaker, cues=(":",)),
        Rule("DATE", _WEEKDAY_LINE, group=1, accept_at=_weekday_log),
        Rule(
            "AGE",
            c(rf"(?i:\b(?:{_RELATIVES_EN})\s*\(\s*)(9\d|1[01]\d)(?=\s*(?:\+|!{{2,}}|\?))"),
            group=1,
            min_digits=2,
            cues=_OVER_89_CUES,
        ),
        Rule(
            "LOCATION",
            c(
                rf"\b{_CAP}(?:\s{_CAP}){{0,2}}\s+(?:St|Street|Ave|Avenue|Rd|Road|Dr|Drive|Cres"
                r"|Crescent|Link|Lane|Central)\s+\d{1,3}[A-Z]?\b(?![.,:/]?\d)"
            ),
            min_digits=1,
        ),
        Rule(
            "LOCATION",
            c(
                r"\b\d{1,5}\s+(?:[NSEW]\.?\s+|(?:North|South|East|West)\s+)?\d{1,3}(?:st|nd|rd|th)"
                r"\s+(?:Ave|Avenue|St|Street|Rd|Road|Blvd|Boulevard|Dr|Drive|Pl|Place|Way|Ln"
                r"|Lane|Terrace|Ter|Court|Ct)\b\.?"
            ),
            min_digits=2,
        ),
        Rule(
            "DATE",
            c(
                r"(?:排到|排在|约到|约在|約在|約到|预约到|預約到|定在|改到|改成|改约|改約)\s*"
                r"((?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9]))(?![\d/])"
            ),
            group=1,
            min_digits=2,
        ),
        Rule(
            "NAME",
            c(
                r"(?<![A-Za-z])(?:Mr|Mrs|Ms|Miss|Mdm|Dr)\.?\s?(Ho|Ng|Lo|Li|Wu|Yu|Ma|Lu|Xu|Hu|Ko|Au|Ip|Yi|Mo|So"
                r"|To|Fu|He|Ye|Qi|Ni)(?=[\u4e00-\u9fff])"
            ),
            group=1,
            cues=("mr", "ms", "miss", "mdm", "dr"),
        ),
        Rule(
            "LOCATION",
            c(
                r"\(((?:[Tt]he\s+)?[A-Za-z][A-Za-z'’]+(?:\s[A-Za-z][A-Za-z'’]+){0,3}),\s*"
                rf"{UK_POSTCODE}\)"
            ),
            group=1,
            min_digits=2,
            cues=("(",),
        ),
    )


# A saint's name that is a place or a facility after a word of where (in St. John's, at St
# Anne's, if St. John's has), not a remedy or a disease named after one (St. John's wort, St.
# Vitus' dance).
SAINTS_PLACE = re.compile(
    r"(?:(?<=\bin )|(?<=\bat )|(?<=\bto )|(?<=\bfrom )|(?<=\bnear )|(?<=\bif )|(?<=\bof )"
    r"|(?<=\baround ))St\.?\s[A-Z][a-z]+['’]s\b"
    r"(?!\s+(?:wort|dance|fire|disease|bread))"
)
# A web address without its scheme: a domain of lower-case labels with a generic ending, or a
# country's ending with a second-level label (co.uk, com.pk) or a path after it
# (ozempic-cheap-canada.biz, bit.ly/IloiloPinkOct); not a file name or an abbreviation.
_BARE_DOMAIN = re.compile(
    r"(?<![\w@.\-/])(?<!@ )(?:[a-z0-9](?:[a-z0-9-]{0,40}[a-z0-9])?\.){1,3}"
    r"(?:(?:com|org|net|biz|info|io|gov|edu)\b(?:\.[a-z]{2}\b)?(?:/[A-Za-z0-9\-._~/?=&%#+]*[A-Za-z0-9/=])?"
    r"|(?:ly|me|co|ca|uk|au|nz|pk|ph|in|ie|za|sg|my|hk|tw|cn|ng|ke|gh|tv|cc|fm)"
    r"/[A-Za-z0-9\-._~/?=&%#+]*[A-Za-z0-9/=])"
    r"(?![\w@])"
)
# A Chinese chat's speaker: a name of two or three characters under a surname (胡二：), or a
# user name of letters and digits (zhangsan6688a：), opening a line before the colon.
_ZH_SPEAKER = re.compile(
    r"(?m)^[ \t]*([\u4e00-\u9fff]{2,3}|[A-Za-z][A-Za-z0-9_]{2,24})(?=[ \t]*[：:])"
)


# The fields of a form (a prescription, a record), whose lines open with a word and a colon
# as a chat's do (费别：职工医保).
_FORM_FIELDS = re.compile(
    r"(?m)^[ \t]*(?:姓名|性别|性別|年龄|年齡|科室|诊断|診斷|临床诊断|日期)[ \t]*[：:]"
)


def _zh_chat_speaker(text: str, start: int, end: int) -> bool:
    """`text[start:end]` opens a line of a chat (`_in_a_chat`) and is a display name: a
    surname and one or two characters that are no everyday word, or a user name with a
    digit in it."""
    if not _in_a_chat(text, start, end) or _FORM_FIELDS.search(text):
        return False
    value = text[start:end]
    if value[0].isascii():
        return any(ch.isdigit() for ch in value)
    lex = lexicon()
    return (
        value[0] in lex.zh_surnames
        and not lex.is_common_word(value)
        and not lex.is_drug_name(value)
        and not lex.is_zh_place(value)
    )


# A list a group signs up to (接龙), one member a numbered line: the name or the handle that
# opens the line before a space (1、梅子 第4次EC方案, 3. 德阳-文哥 他克莫司5.2).
_SIGN_UP_LINE = re.compile(
    r"(?m)^[ \t]*\d{1,2}[、.．:：)）][ \t]*"
    r"((?:[\u4e00-\u9fffA-Za-z0-9]{1,6}[-－—·])?[\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z0-9_]{0,11})"
    r"(?=[ \t　]+\S)"
)


def _signs_up(text: str, start: int, end: int) -> bool:
    """`text[start:end]` opens a numbered line of a sign-up list (接龙) and is no drug, test
    or other kept clinical word."""
    if "接龙" not in text and "接龍" not in text:
        return False
    value = text[start:end]
    lex = lexicon()
    return not (
        lex.is_drug_name(value) or lex.is_protected(text, start, end) or is_medical_term(value)
    )


def forty_fourth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 44 showed missing and no rule took:
    - a chat speaker with the time before the colon (Fergal 22:40:) or a handle in camel case
      (GaryTheGaffer:), through `_EN_SPEAKER`;
    - a saint's name that is a place after a word of where (in St. John's);
    - a web address without its scheme (ozempic-cheap-canada.biz, bit.ly/IloiloPinkOct);
    - in a Chinese chat, a speaker under a surname (胡二：) or a user name with digits
      (zhangsan6688a：);
    - the members of a sign-up list (接龙) at the head of its numbered lines (1、梅子,
      3. 德阳-文哥)."""
    return (
        Rule("LOCATION", SAINTS_PLACE, cues=("st",)),
        Rule("URL", _BARE_DOMAIN, cues=(".",)),
        Rule("NAME", _ZH_SPEAKER, group=1, accept_at=_zh_chat_speaker, cues=(":", "：")),
        Rule("NAME", _SIGN_UP_LINE, group=1, accept_at=_signs_up, cues=("接龙", "接龍")),
    )


# A forum's board or app before a bar and the user name after it, which a colon or the end of
# the line closes (宝宝树孕育｜小鹿乱撞2019：, 小红书笔记｜是可乐不是咖啡), or a user name
# before the bar of an answerer's rate (健康小百科2021｜采纳率87%).
_BOARD_HANDLE = re.compile(
    r"(?m)^[ \t]*[^\s｜|：:]{2,10}[ \t]*[｜|][ \t]*"
    r"([^\s｜|：:，。！？,.!?()（）]{2,16})[ \t]*(?:[：:]|$)"
)
_RATE_HANDLE = re.compile(r"(?<![^\s：:])[^\s｜|：:，。！？]{2,16}(?=[｜|]采纳率)")
# A board that names its platform: a title after its bar is a user name only after one of
# these when no colon follows ("求助｜宝宝湿疹" is a title).
_PLATFORM = re.compile(
    r"小红书|小紅書|宝宝树|寶寶樹|妈妈网|媽媽網|知乎|豆瓣|微博|贴吧|貼吧|丁香园|好大夫|百度|笔记|筆記"
)


# The fields of a message's header after a bar, no user names.
_BOARD_FIELDS = frozenset((
    "收件", "收件人", "发件", "发件人", "發件人", "主题", "主題", "标题", "標題", "作者", "时间",
    "時間", "地点", "地點", "来源", "來源", "日期", "回复", "回覆", "楼主", "樓主", "状态", "狀態",
    "附件", "抄送",
))  # fmt: skip
# Words of a sentence, which a title has and a user name seldom does.
_TITLE_WORDS = re.compile(r"[的了在我做吗呢吧？?]|\d+天")


def _board_handle(text: str, start: int, end: int) -> bool:
    """`text[start:end]` is a user name after a board's bar: a colon after it, the bar of an
    answerer's rate, or a platform's name before the bar; no drug or clinical word."""
    lex = lexicon()
    value = text[start:end]
    if lex.is_drug_name(value) or is_medical_term(value) or lex.is_protected(text, start, end):
        return False
    after = text[end : end + 6].lstrip(" \t")
    if value in _BOARD_FIELDS or (len(value) <= 2 and lex.is_common_word(value)):
        return False  # a field (投诉邮件｜收件：)
    if after[:1] in "：:" or after.startswith(("｜采纳率", "|采纳率")):
        return True
    # …or a platform's board before the bar and a name after it, not a note's title (笔记｜陪我爸
    # 在青海做肾移植的180天)
    line = text.rfind("\n", 0, start) + 1
    return _PLATFORM.search(text, line, start) is not None and not _TITLE_WORDS.search(value)


# The doctor's surname of one character that closes a form's line (医师：樊).
_FORM_DOCTOR = re.compile(
    r"(?m)(?:医师|醫師|医生|醫生|大夫|签名|簽名)[ \t]*[：:][ \t]*([\u4e00-\u9fff])[ \t]*$"
)


def forty_fifth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 45 showed missing and no rule took:
    - a user name after a board's bar (宝宝树孕育｜小鹿乱撞2019：, 小红书笔记｜是可乐不是咖啡) or
      before the bar of an answerer's rate (健康小百科2021｜采纳率87%);
    - a palliative home by its name (Anandadhara Palliative Home: `_NAMED_UNIT`);
    - a doctor's surname of one character closing a form's line (医师：樊);
    and, through the cues of numbers, an admission, post, order, ticket or tracking number."""
    return (
        Rule("NAME", _BOARD_HANDLE, group=1, accept_at=_board_handle, cues=("｜", "|")),
        Rule("NAME", _RATE_HANDLE, accept_at=_board_handle, cues=("采纳率",)),
        Rule(
            "NAME",
            _FORM_DOCTOR,
            group=1,
            accept=lambda v: v in lexicon().zh_surnames,
            cues=("医师", "醫師", "医生", "醫生", "大夫", "签名", "簽名"),
        ),
    )


# A day and month with its weekday in brackets after it (5/16（四）, 3月8號（五）, 12.6（周三）,
# 14/6（六）): a date, whichever of the two comes first; the weekday joins it (`redact._AFTER`).
_DAY_WITH_WEEKDAY = re.compile(
    r"(?<![\d./])(\d{1,2}[/.]\d{1,2}|\d{1,2}月\d{1,2}[日号號]?)"
    r"(?=\s?[（(](?:周|週|星期|礼拜|禮拜)?[一二三四五六日天][）)])"
)
# A chat's display name that joins a class, a building or a group to a nickname with a hyphen
# (三(2)班-浩浩妈妈：, 一年级5班家委-豆豆爸：, Rh阴性-小北：), a line of its own before the colon,
# even as the only line: the nickname ends with a word of the family or opens with 小, 老 or 阿.
_GROUP_DISPLAY_NAME = re.compile(
    r"(?m)^[ \t]*([\w\u4e00-\u9fff()（）]{1,10}[-－—]"
    r"(?:[小老阿][\u4e00-\u9fff]{1,2}|[\u4e00-\u9fff]{1,3}(?:妈妈|爸爸|妈|爸|哥|姐|叔|姨|奶奶|爷爷)))"
    r"(?=[ \t]*[：:])"
)
# A user name of lower-case letters with a dot, an underscore or digits opening a line of a
# chat before its colon, a reply's arrow before it allowed (tanvir.bd88:, fiji.mama.lani:).
_HANDLE_SPEAKER = re.compile(
    r"(?m)^[ \t]*(?:[↳>»-][ \t]*)?([a-z][a-z0-9]*(?:[._][a-z0-9]+)+|[a-z]{2,}\d{2,})(?=:[ \t])"
)
# A user name signing a post at its very end after a dash (– kernowkev).
_CLOSING_HANDLE = re.compile(r"(?<!\S)[–—-][ \t]*([a-z][a-z0-9_.]{3,23}[a-z0-9_])[ \t]*\Z")


def _closing_handle(value: str) -> bool:
    """A user name, not an everyday word or a drug, closing a post."""
    lex = lexicon()
    return value not in lex.en_common_words and not lex.is_drug_name(value)


# A unit, group or home by its own name (Granville Infusion Centre, Belvedere Breast Unit,
# Tolvaddon Medical Group, Sisilasa Elders' Home, Anandadhara Palliative Home).
_NAMED_UNIT = re.compile(
    rf"\b{_NOT_PLACE_WORD}{_CAP}(?:\s+{_CAP}){{0,2}}\s+(?:(?:Infusion|Breast|Dialysis|Fertility"
    r"|Chemotherapy|Chemo)\s+(?:Centre|Center|Unit|Suite)|Medical\s+Group|Elders['’]?\s+Home"
    r"|Old\s+People['’]s\s+Home|Palliative\s+(?:Home|Care\s+(?:Centre|Center|Unit|Home)))\b"
)
# The first word of a unit's kind in `_NAMED_UNIT`: the words before it are its name.
_UNIT_WORDS = frozenset((
    "Infusion", "Breast", "Dialysis", "Fertility", "Chemotherapy", "Chemo", "Medical", "Elders'",
    "Elders’", "Elders", "Old", "Palliative",
))  # fmt: skip


# Words that say what kind of unit it is, not whose (the Symptomatic Breast Unit).
_UNIT_KIND_WORDS = frozenset((
    "symptomatic", "outpatient", "inpatient", "paediatric", "pediatric", "ambulatory",
    "oncology", "haematology", "hematology", "adult", "children's", "women's", "satellite",
    "mobile", "renal", "cancer", "nhs", "hospital", "university", "county", "city", "state",
))  # fmt: skip


def _named_unit(value: str) -> bool:
    """A unit, group or home whose words before its kind name it: none of them an everyday
    word or a word for a kind of unit."""
    words = re.split(r"\s+", value)
    lex = lexicon()
    name = words[: next((i for i, w in enumerate(words) if w in _UNIT_WORDS), len(words))]
    return _facility(value) and all(
        w.lower() not in lex.en_common_words and w.lower() not in _UNIT_KIND_WORDS for w in name
    )


def forty_sixth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 46 showed missing and no rule took:
    - a day and month with its weekday in brackets (5/16（四）, 12.6（周三）, 3月8號（五）);
    - a group chat's display name joining a class or a building to a nickname with a hyphen,
      even on the chat's only line (三(2)班-浩浩妈妈：);
    - a lower-case user name with a dot, an underscore or digits opening a chat's line
      (tanvir.bd88:, fiji.mama.lani:), and one signing a post after a dash (– kernowkev);
    - a unit, group or home by its own name (Granville Infusion Centre, Tolvaddon Medical
      Group, Sisilasa Elders' Home), which now takes in blind 45's palliative homes."""
    return (
        Rule("DATE", _DAY_WITH_WEEKDAY, group=1, min_digits=2, cues=("（", "(")),
        Rule("NAME", _GROUP_DISPLAY_NAME, group=1, cues=("-", "－", "—")),
        Rule(HANDLE, _HANDLE_SPEAKER, group=1, accept_at=_in_a_chat, cues=(":",)),
        Rule("NAME", _CLOSING_HANDLE, group=1, accept=_closing_handle, cues=("-", "–", "—")),
        Rule(
            "LOCATION",
            _NAMED_UNIT,
            accept=_named_unit,
            cues=(
                "infusion",
                "breast",
                "dialysis",
                "fertility",
                "chemo",
                "medical group",
                "home",
                "palliative",
            ),  # fmt: skip
        ),
    )


# A comment thread's reply line: the user name who replies, before 回复 and the name replied to
# (二胎进行时 回复 柚子妈咪：…); the name replied to is `_ZH_HANDLE_CUES`' own.
_ZH_REPLIER = re.compile(
    rf"(?m)^[ \t]*({_ZH_HANDLE_TEXT})[ \t]*(?:回复|回覆)[ \t]*@?[^\s：:]{{1,16}}[ \t]*[：:]"
)


def _replier(value: str) -> bool:
    """A user name, not a pronoun, a group or a role (我 回复 楼主：)."""
    return _ZH_NOT_HANDLE.search(value) is None


# A month and day with a dot before 号 (6.12号): 号 after a number counts days.
_DOTTED_DAY = re.compile(r"(?<![\d.])((?:1[0-2]|0?[1-9])\.(?:3[01]|[12]\d|0?[1-9])[号號])")
# A day and month or month and day right after the day it is (today, 12/11, at 10:20).
_TODAY_IS = re.compile(
    r"(?i)\b(?:today|yesterday|tomorrow)\s*[,(]\s*((?:3[01]|[12]\d|0?[1-9])/(?:3[01]|[12]\d|0?[1-9]))"
    r"(?![/\d])"
)

# A day and an English month in Chinese text (原本是9 May下午复诊), where no English cue word
# comes before it; and the month first (May 9).
_EN_DATE_IN_CHINESE = re.compile(
    rf"(?<![A-Za-z\d.])((?:3[01]|[12]\d|0?[1-9])\s?{_MONTH_NAME}"
    rf"|{_MONTH_NAME}\s(?:3[01]|[12]\d|0?[1-9]))(?![A-Za-z\d])"
)


def _in_chinese_text(text: str, start: int, end: int) -> bool:
    return re.search(_HAN, text) is not None


# What dates a thing, not a person, in the sentence before a month and year: an expiry, a
# publication or a guideline, a price (expiry Dec 2025, the NICE guideline of June 2023,
# prices from March 2024). Any other month and year in a post about someone's health dates
# that person's care or life, which HIPAA's Safe Harbor removes (in May 2025, since Dec 2022):
# across the labelled sets all but two of some three hundred are labelled dates.
_THING_DATED_BEFORE = re.compile(
    r"(?i)\b(?:expir\w*|exp|use[ \t]+by|best[ \t]+before|valid[ \t]+(?:until|till|to|through)"
    r"|published|updated|revised|edition|version|issue|volume|vol|guidelines?|guidance"
    r"|prices?|pricing|tariff|launched|approved|licensed|data[ \t]+(?:from|as[ \t]+of)"
    r"|as[ \t]+of|accessed|retrieved|copyright|©)\b\.?[^.!?\n]{0,40}$"
)


def personal_month_and_year(text: str, start: int) -> bool:
    """A month and year at `start` dates the person: nothing before it in its sentence says it
    dates a thing (`_THING_DATED_BEFORE`)."""
    return _THING_DATED_BEFORE.search(text, max(0, start - 80), start) is None


# A month and a year with no day (`personal_month_and_year`).
_PERSONAL_MONTH_AND_YEAR = re.compile(rf"(?<![\w-])({MONTH_AND_YEAR})(?![\w-])")


def _dates_the_person(text: str, start: int, end: int) -> bool:
    return personal_month_and_year(text, start)


# A British national grid reference where a walker or a climber was found (callout to SH 6436
# 5895): the grid square's two letters and eight or ten digits.
_GRID_REFERENCE = re.compile(
    r"(?<![A-Za-z\d])([HNOST][A-HJ-Z]"
    r"\s?(?:\d{4}\s?\d{4}|\d{5}\s?\d{5}))(?![\d])"
)


def _listed_nickname() -> re.Pattern[str]:
    """老 or 小 and a surname opening an item of a list, before its reading (打卡：老周肌酐310、
    小燕肌酐180)."""
    surnames = _words(lexicon().zh_surnames)
    return re.compile(rf"(?<=[：:、，,])([老小](?:{surnames}))(?=[\u4e00-\u9fff]{{1,4}}\d)")


def forty_seventh_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 47 showed missing and no rule took:
    - the user name replying in a Chinese comment thread (二胎进行时 回复 柚子妈咪：);
    - a key safe's, a lock box's or a door's code (key safe 4471, lock box 2207), and the last
      digits of a number (身份证后四位0318, 尾号), through the cues of numbers;
    - a month and day with a dot before 号 (6.12号), a date right after "today" (today,
      12/11), and an English day and month in Chinese text (9 May下午);
    - 老 or 小 and a surname opening an item of a list before its reading (老周肌酐310);
    - a British grid reference (SH 6436 5895);
    - a month and a year dating the person's care or life (his operation failed in March
      2023), which HIPAA's Safe Harbor removes; one dating a thing (expiry Dec 2025, the
      guidance of June 2023) stays (`personal_month_and_year`)."""
    return (
        Rule("NAME", _ZH_REPLIER, group=1, accept=_replier, cues=("回复", "回覆")),
        Rule("DATE", _DOTTED_DAY, group=1, min_digits=2, cues=("号", "號")),
        Rule("DATE", _TODAY_IS, group=1, min_digits=2, cues=("today", "yesterday", "tomorrow")),
        Rule("DATE", _EN_DATE_IN_CHINESE, group=1, accept_at=_in_chinese_text, min_digits=1),
        Rule("NAME", _listed_nickname(), group=1, min_digits=1, cues=("老", "小")),
        Rule("LOCATION", _GRID_REFERENCE, group=1, min_digits=8),
        Rule(
            "DATE",
            _PERSONAL_MONTH_AND_YEAR,
            group=1,
            accept_at=_dates_the_person,
            min_digits=4,
        ),
    )


# The date that opens a care home's or a ward's handover note (11/07 夜班交班, 妇女节白班交接).
_HANDOVER_DATE = re.compile(
    r"(?m)^[ \t]*((?:1[0-2]|0?[1-9])[/.](?:3[01]|[12]\d|0?[1-9])"
    r"|(?:[\u4e00-\u9fff]{1,3}节|元旦|除夕))"
    r"[ \t]*(?:白班|夜班|早班|中班|晚班)?[ \t]*(?:交班|交接|接班|記錄|记录)"
)
# A month and day before 起 or 开始 (自3/28起停课, 可於7/22起領取).
_FROM_DAY = re.compile(
    r"(?<![\d/.])((?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9]))(?![\d/])(?=[ \t]*(?:起|开始|開始))"
)
# An age over 89 in brackets after an old person's term of address (钱奶奶（94）).
_ELDER_AGE = re.compile(
    r"(?:奶奶|爷爷|爺爺|大爷|大爺|阿婆|婆婆|伯伯|阿公|阿嬤|阿嬷|姥姥|姥爷|老人)[（(]((?:9\d|1[01]\d))(?:岁|歲)?[)）]"
)
# The place a form's "Site:" field names (Site: Wakefield).
_SITE_FIELD = re.compile(
    r"(?m)^[ \t]*(?:Site|Base|Location|Depot|Branch)[ \t]*:[ \t]*"
    r"([A-Z][a-z]+(?:[ -][A-Z][a-z]+)?)\b"
)


def forty_eighth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 48 showed missing and no rule took:
    - the date or holiday opening a handover note (11/07 夜班交班, 妇女节白班交接);
    - a month and day before 起 (自3/28起停课);
    - an age over 89 in brackets after an old person's term of address (钱奶奶（94）);
    - the town a form's Site field names (Site: Wakefield);
    - a month and year after a spell of service (Served RAAF Feb 1986–Mar 1999), through
      `personal_month_and_year`."""
    return (
        Rule("DATE", _HANDOVER_DATE, group=1, cues=("交班", "交接", "接班", "記錄", "记录")),
        Rule("DATE", _FROM_DAY, group=1, min_digits=2, cues=("起", "开始", "開始")),
        Rule("AGE", _ELDER_AGE, group=1, min_digits=2, cues=("（", "(")),
        Rule(
            "LOCATION",
            _SITE_FIELD,
            group=1,
            accept=lambda value: not lexicon().is_common_word(value),
            cues=("site", "base", "location", "depot", "branch"),
        ),
    )


# An initial and a surname after a title (Ms T Nguyen, Mr K. Sadowski, MR A HOSSAIN): the title
# stays outside.
_TITLED_INITIAL = re.compile(
    r"\b(?:Mr|Mrs|Ms|Miss|Mx|Dr|MR|MRS|MS|MISS|DR)\.?[ \t]+([A-Z]\.?[ \t]+(?:[A-Z][a-z'’-]+[a-z]"
    r"|[A-Z]{2,}(?:-[A-Z]{2,})?))\b"
)
# The month and day a log, a handover or a clinic's session closes its title on (陪诊日志 6.18,
# 交接班 12/3, 儿科门诊 11/27), or opens the next line with (服药记录\n8/14).
_LOG_DATE = re.compile(
    r"(?:日志|日誌|日记|日記|记录|記錄|纪录|紀錄|交班|交接|交接班|门诊|門診|查房|出诊|出診)"
    r"(?:[ \t\u3000]*\n)?[ \t\u3000]*"
    r"((?:1[0-2]|0?[1-9])[./](?:3[01]|[12]\d|0?[1-9]))(?![\d./])"
)
_LOG_CUES = (
    "日志",
    "日誌",
    "日记",
    "日記",
    "记录",
    "記錄",
    "纪录",
    "紀錄",
    "交班",
    "交接",
    "门诊",
    "門診",
    "查房",
    "出诊",
    "出診",
)
# A month and day opening a line of a dated register (9/2 邹建国 要：…, 📅 3/4 细针穿刺), or dotted
# before a wide space (2.20　Haberman奶嘴), two such lines or more.
_REGISTER_DAY = re.compile(
    r"(?m)^[ \t\u3000]*(?:[\U0001F300-\U0001FAFF\u2600-\u27BF]\ufe0f?[ \t]*|[•·▪*-][ \t]*)?"
    r"((?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])(?=[ \t\u3000]+[\u4e00-\u9fff])"
    r"|(?:1[0-2]|0?[1-9])\.(?:3[01]|[12]\d|0?[1-9])"
    rf"(?=(?:\u3000|\t|[ ]{{2}})[ \t\u3000]*[\u4e00-\u9fff{UPPER_LETTERS}]))"
)


# A place and the six-digit Indian PIN code after it (Dwarkapur 110077).
_PIN_PLACE = re.compile(r"\b([A-Z][a-z]{3,}(?:[ \t][A-Z][a-z]+)?,?[ \t]+[1-9]\d{5})\b(?![.,]?\d)")


# The date of a line of an exported WhatsApp chat ([12/03, 21:14] Rania: …).
_CHAT_EXPORT_DATE = re.compile(
    r"\[((?:3[01]|[12]\d|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])(?:/(?:\d{2}|\d{4}))?),[ \t]*"
    r"\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]?[APap][Mm])?\]"
)


def _pin_place(value: str) -> bool:
    first = value.split()[0].rstrip(",")
    lex = lexicon()
    return first.lower() not in lex.en_common_words and not lex.is_drug_name(first)


def _in_a_register(text: str, start: int, end: int) -> bool:
    return len(_REGISTER_DAY.findall(text)) >= 2


def forty_ninth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 49 showed missing and no rule took:
    - an initial and a surname after a title, in capitals too (Ms T Nguyen, MR A HOSSAIN);
    - a day and a French month (3 avril; now in `calendar_rules`);
    - the month and day a log's title closes on (陪诊日志 6.18), and those opening the lines of a
      dated register (9/2 邹建国 要：…);
    - the check digit in brackets after a number (HN08712345(3)), in `_grown`;
    - a place and the Indian PIN code after it (Dwarkapur 110077);
    - the date of a line of an exported WhatsApp chat ([12/03, 21:14])."""
    return (
        Rule("NAME", _TITLED_INITIAL, group=1, cues=("mr", "ms", "miss", "mx", "dr")),
        Rule("DATE", _LOG_DATE, group=1, min_digits=2, cues=_LOG_CUES),
        Rule("DATE", _REGISTER_DAY, group=1, accept_at=_in_a_register, min_digits=2),
        Rule("LOCATION", _PIN_PLACE, group=1, accept=_pin_place, min_digits=6),
        Rule("DATE", _CHAT_EXPORT_DATE, group=1, min_digits=4, cues=("[",)),
    )


# A street by its word in Irish, Welsh, Spanish, Portuguese or French and the name after it
# (Bóthar na Trá, Heol y Dŵr, Calle Mayor, Rua Augusta, Rue de la Paix; a particle joined by a
# hyphen too: an t-).
_FOREIGN_STREET = re.compile(
    r"\b((?:Bóthar|Bothar|Sráid|Sraid|Ascaill|Bóithrín|Heol|Ffordd|Stryd|Calle|Avenida|Rua"
    r"|Rue)(?:[ \t]+(?:an t-|na|an|y|yr|de la|de|del|da|do|dos|das|des|du))?"
    rf"[ \t]*(?<=[ \t-])[{UPPER_LETTERS}][{LOWER_LETTERS}'’-]+"
    rf"(?:[ \t]+[{UPPER_LETTERS}][{LOWER_LETTERS}'’-]+)?)"
)
# A Latin given name (in Hong Kong, a suffix of endearment after it) opening a line of Chinese
# text before a full-width colon, the name the poster goes by (Grace：, Kelvin仔：).
_LATIN_SPEAKER = re.compile(
    rf"(?m)^[ \t]*([{UPPER_LETTERS}][{LOWER_LETTERS}]{{1,14}}(?:[ \t][{UPPER_LETTERS}]\.?)?"
    r"(?:仔|妹|哥|姐)?)(?=[ \t]*：)"
)
# An age over 89 right after a name and a comma, then the week or the day it is reached in
# (Losa Tuilaepa, 94 this week!).
_AGE_AFTER_NAME = re.compile(
    rf"\b[{UPPER_LETTERS}][{LOWER_LETTERS}'’-]+,[ \t]+(9\d|1[01]\d)"
    r"(?=[ \t]+(?:this|next)[ \t]+(?:week|month)\b|[ \t]+(?:today|tomorrow)\b|[ \t]*!)"
)
# The person a form names in a line of its own (Employee: Lowrie Tulloch).
_FORM_PERSON = re.compile(
    r"(?m)^[ \t]*(?:Employee|Staff member|Worker|Patient|Client|Resident|Pupil|Student"
    r"|Applicant|Claimant|Deceased|Tenant|Passenger|Crew member)(?:[ \t]+name)?[ \t]*:[ \t]*"
    rf"({_CAP}(?:[ \t]+{_CAP}){{1,2}})[ \t]*$"
)
# A day and month a form's field of a date or an absence gives (First day absent: 02/02).
_FORM_DAY = re.compile(
    r"(?mi)^[ \t]*(?:[a-z][a-z ()/'’-]{0,30})?\b(?:day|date|absent|admitted|discharged|injury"
    r"|incident|accident)\b[a-z ()/'’-]{0,20}:[ \t]*"
    r"((?:3[01]|[12]\d|0?[1-9])[/.](?:1[0-2]|0?[1-9]))(?![\d/]|\.\d)"
)
# A day and month, dotted or slashed, right after an event of a person's care (admitted 16.03
# and passed away 22.03).
_EVENT_DAY = re.compile(
    r"(?i:\b(?:admitted|discharged|died|passed away|operated on|transferred|readmitted"
    # …a procedure, a letter, a donation or a jab (post fasciectomy 02/05, GP letter of
    # 03/06, last whole blood donation 03/04)
    r"|seen|born|[a-z]+(?:ectomy|otomy|ostomy|plasty|scopy|pexy)|letter[ \t]+(?:of|dated)"
    r"|donation|donated|jab|vaccinated|checked))(?:[ \t]+on)?[ \t]+"
    r"((?:3[01]|[12]\d|0?[1-9])[/.](?:1[0-2]|0?[1-9]))(?![\d/]|\.\d)"
)
# A day of a month of the Nepali calendar (Baisakh 12, 3 Magh).
_NEPALI_MONTH = (
    r"(?:Baisakh|Baishakh|Jestha|Jeth|Asar|Asadh|Ashadh|Shrawan|Saun|Bhadra|Bhadau|Asoj|Ashwin"
    r"|Kartik|Mangsir|Poush|Push|Magh|Falgun|Fagun|Chaitra|Chait)"
)
_NEPALI_DATE = re.compile(
    rf"\b({_NEPALI_MONTH}[ \t]+(?:3[0-2]|[12]\d|0?[1-9])|(?:3[0-2]|[12]\d|0?[1-9])[ \t]+"
    rf"{_NEPALI_MONTH})\b(?![.,]?\d)"
)
# An account's name in capitals with a hyphen after the word account (account OTIENO-SPINE).
_ACCOUNT_NAME = re.compile(
    r"(?i:\b(?:account|acc\.?|a/c))(?:[ \t]+(?i:no\.?|number|name))?[ \t:]*"
    r"\b([A-Z0-9]{2,}(?:-[A-Z0-9]{2,})+)\b"
)
# The month and day a title in brackets closes on (【晨检反馈 4/17】).
_TITLE_DATE = re.compile(
    r"【[^】\n]{1,16}?[ \t]*((?:1[0-2]|0?[1-9])[/.](?:3[01]|[12]\d|0?[1-9]))[ \t]*】"
)
# The user name a post claims as its own (内科小白兔这个号是我的).
_OWN_ACCOUNT = re.compile(
    r"(?:^|(?<=[，,。！!？?\s：:]))([^\s，,。！!？?：:]{2,12}?)"
    r"(?=(?:这个(?:账)?号|這個(?:帳)?號)(?:是我|是本人|被盗|被盜|被封|被人))"
)
# A nickname of 阿 and one character before a kinship word of address (阿珠姨，…).
_A_NICKNAME_KIN = re.compile(
    r"(阿[\u4e00-\u9fff])(?=(?:姨|婶|嬸|叔|伯|婆|嫂|公)(?:[，,、：:！!？?\s]|你|您))"
)
_NOT_A_NICKNAME = frozenset("姨婶嬸叔伯婆嫂公爸妈媽哥姐弟妹胶膠司拉斯莫片米托")
# A given name after a word for a man or a woman (lovely lady Kerensa, the gentleman Alun).
_GIVEN_AFTER_PERSON_WORD = re.compile(
    rf"\b(?:lady|gentleman|gent|chap|fella|bloke|fellow)[ \t]+({_CAP})\b(?![ \t]*['’]s\b)"
)
# A patient named at the head of a bulleted line before a dash (• Delbert Spence – PHIN …).
_BULLETED_NAME = re.compile(rf"(?m)^[ \t]*[•·▪◦*][ \t]+({_CAP}[ \t]+{_CAP})(?=[ \t]+[–—-][ \t])")


def _latin_speaker(text: str, start: int, end: int) -> bool:
    """A Latin name before the colon in Chinese text: a common given name, even one that is
    also a word (Grace：, Lily：, Sunny：, Max：; an initial may follow it, Amy L：), or a word
    that is no everyday English word (Update：, Note： are not); never a drug or an eponym."""
    value = text[start:end].rstrip("仔妹哥姐").split()[0]  # Amy L：
    lex = lexicon()
    return (
        re.search(_HAN, text) is not None
        and len(value) >= 3
        and not lex.is_drug_name(value)
        and not lex.is_eponym(value)
        and (lex.is_given(value, 500) or value in lex.everyday_given or _not_words(value))
    )


def _street_name(value: str) -> bool:
    return not lexicon().is_drug_name(value.split()[-1])


def _a_nickname(value: str) -> bool:
    return value[1] not in _NOT_A_NICKNAME and not lexicon().is_common_word(value)


def _not_words(value: str) -> bool:
    """Capitalised words none of which is an everyday English word, a drug or an eponym."""
    lex = lexicon()
    words = value.split()
    return _plausible_name(value) and not any(w.lower() in lex.en_common_words for w in words)


def fiftieth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 50 showed missing and no rule took:
    - a street by its Irish, Welsh, Spanish, Portuguese or French word (Bóthar na Trá);
    - a Latin given name opening a line of Chinese text before its colon (Grace：, Kelvin仔：);
    - an age over 89 after a name and a comma (Losa Tuilaepa, 94 this week!);
    - the person a form's line names (Employee: Lowrie Tulloch), the day and month of a form's
      date field (First day absent: 02/02) and a dotted day and month after an event (admitted
      16.03);
    - a day of the Nepali calendar (Baisakh 12);
    - an account's name in capitals (account OTIENO-SPINE);
    - a UK postcode in Chinese text (在M14 5RB那边), by the postcode rule of `structured_rules`
      bounded by Latin letters and digits instead of word boundaries;
    - the month and day a title in brackets closes on (【晨检反馈 4/17】);
    - a user name a post claims (内科小白兔这个号是我的);
    - 阿 and one character before a kinship word of address (阿珠姨，…);
    - a given name after a word for a man or a woman (lovely lady Kerensa);
    - a patient's name heading a bulleted line (• Delbert Spence – PHIN …)."""
    return (
        Rule("LOCATION", _FOREIGN_STREET, group=1, accept=_street_name),
        Rule("NAME", _LATIN_SPEAKER, group=1, accept_at=_latin_speaker, cues=("：",)),
        Rule("AGE", _AGE_AFTER_NAME, group=1, min_digits=2, cues=(",",)),
        Rule("NAME", _FORM_PERSON, group=1, accept=_plausible_name, cues=(":",)),
        Rule("DATE", _FORM_DAY, group=1, min_digits=2, cues=(":",)),
        Rule("DATE", _EVENT_DAY, group=1, min_digits=2),
        Rule("DATE", _NEPALI_DATE, group=1, min_digits=1),
        Rule("ID", _ACCOUNT_NAME, group=1, cues=("acc", "a/c")),
        Rule("DATE", _TITLE_DATE, group=1, min_digits=2, cues=("【",)),
        Rule(HANDLE, _OWN_ACCOUNT, group=1, cues=("这个", "這個")),
        Rule("NAME", _A_NICKNAME_KIN, group=1, accept=_a_nickname, cues=("阿",)),
        Rule("NAME", _GIVEN_AFTER_PERSON_WORD, group=1, accept=_not_words),
        Rule("NAME", _BULLETED_NAME, group=1, accept=_not_words),
    )


# The author of an answer in brackets before its colon (答（白衣天使小糖）：,
# 最佳答案（杏林春暖0517）：), after the platform and department that may open the brackets
# (春雨医生·感染科 郑海燕).
_ANSWERED_BY = re.compile(
    r"(?:答|回答|解答|答主|最佳答案|回复|回覆)[ \t]*[（(][ \t]*"
    r"(?:[^（）()\n：:，,。]{0,16}[ \t·・])?"
    r"([^（）()\s：:，,。·・]{2,16}?)[ \t]*[)）][ \t]*[：:]"
)
# A flat's block and number opening a line of a residents' chat before the speaker
# (3-1502 刘姐：).
_FLAT_SPEAKER = re.compile(r"(?m)^[ \t]*(\d{1,2}-\d{3,4})[ \t]+(?=[^\s：:]{1,12}[：:])")
# A Japanese clinic, hospital or pharmacy by its name in kana (さくらキッズクリニック,
# 葛西こどもクリニック).
_JAPANESE_FACILITY = re.compile(
    r"([\u4e00-\u9fff]{0,3}[\u3040-\u30ffー]{2,20}?(?:クリニック|びょういん|ホスピタル|薬局|やっきょく|歯科))"
)
# A surname and the Cantonese 生 or 太 (Mr, Mrs) before a colon or a comma (陳生：, 李太，).
_CANTONESE_TITLE = re.compile(
    r"(?:^|(?<=[\s】」：:，,。]))([\u4e00-\u9fff])(?=[生太](?:[：:，,]|你好|話|话|講|讲))"
)
# A pick-up or tracking code (取货码736215, 取件码 88-1-2043).
_PICKUP_CODE = re.compile(
    r"(?:取货码|取貨碼|取件码|取件碼|提货码|提貨碼|运单号|運單號|快递单号|快遞單號)[ \t:：是为]*"
    r"([A-Za-z]{0,3}\d[\d-]{3,20}\d(?:[A-Z]{2}(?![A-Za-z]))?)"
)
# A given name after a signature field (sig: Sigurd) or a form's field for a role, alone on
# its line (Driver: Erlend).
_SIGNED_BY = re.compile(
    r"(?m)(?i:\b(?:sig|signed|signature)[ \t]*:[ \t]*"
    r"|^[ \t]*(?:driver|carer|volunteer|escort|contact|nurse|midwife|key ?worker)[ \t]*:[ \t]*)"
    rf"({_CAP}(?:[ \t]+{_CAP})?)(?=[ \t]*(?:\(|$))"
)
# A surname after Sr (Sister, Señor: Sr. Nansubuga, Sr Okello).
_SISTER = re.compile(rf"\bSr\.?[ \t]+({_CAP})\b")
# A place after the Welsh for "in" (yn Abergwaun, ym Mangor, yng Nghaerdydd).
_WELSH_IN = re.compile(rf"\b(?:yn|ym|yng)[ \t]+([{UPPER_LETTERS}][{LOWER_LETTERS}]{{3,}})\b")
# A Hindu, Jain, Sikh, Muslim or Buddhist place of worship by its name (Shri Ram Mandir,
# Masjid Noor, Gurdwara Guru Nanak Darbar, Shri Vardhman Jain Sthanak).
_PLACE_OF_WORSHIP = re.compile(
    r"\b((?:(?:Shri|Sri|Shree)[ \t]+)?(?:[A-Z][a-z]+[ \t]+){1,3}"
    r"(?:Mandir|Gurdwara|Masjid|Mosque|Sthanak|Derasar|Jamatkhana|Imambargah|Vihara|Gompa)"
    r"|(?:Masjid|Gurdwara|Mandir)(?:[ \t]+(?:al-|e-)?[A-Z][a-z]+){1,3})\b"
)
# A payment app's tag (Cash App $LeroyKidneyFund, Venmo @Aguon-Familia-671).
_CASHTAG = re.compile(r"(?i:cash ?app|cashtag)[ \t:]*(\$[A-Za-z][\w-]{2,24})")
# A day and month after "born", parted by a hyphen (born 06-12), not a range of a count.
_BORN_DAY = re.compile(
    r"(?i:\bborn)(?:[ \t]+on)?[ \t]+((?:1[0-2]|0?[1-9])-(?:3[01]|[12]\d|0?[1-9]))(?![\d/-]|\.\d)"
)


# A relative's name after a Portuguese or Spanish kinship word (Minha filha Júlia, mi abuela
# Carmen) and the town after "I live in" (Moro em Lowell, vivo en Ponce).
_ROMANCE_RELATIVE = re.compile(
    r"\b(?:[Mm]inha|[Mm]eu|[Mm]i|[Nn]uestr[oa]|[Nn]ossa|[Nn]osso)[ \t]+(?:filha|filho|mãe|pai"
    r"|avó|avô|esposa|marido|irmã|irmão|neta|neto|hija|hijo|madre|padre|abuela|abuelo|esposo"
    r"|hermana|hermano|tía|tío|nieta|nieto)[ \t,]+"
    r"(?:(?:Doña|Don|Dona|Dom|Seu|Señora|Señor|Sra|Sr)\.?[ \t]+)?"
    rf"({_CAP})"
)
_LIVE_IN = re.compile(
    r"\b(?:[Mm]oro|[Mm]oramos|[Vv]ivo|[Vv]ivimos)[ \t]+(?:em|en|no|na)[ \t]+"
    rf"({_CAP}(?:[ \t]+{_CAP})?)"
)


def _answerer(value: str) -> bool:
    """A user name, not a role alone (答（医生）：) or a word of the text (答（补充）：)."""
    return value not in _ROLES_ALONE and not lexicon().is_common_word(value)


_ROLES_ALONE = frozenset(
    ("医生", "醫生", "护士", "護士", "药师", "藥師", "网友", "網友", "楼主", "樓主", "补充", "補充")
)


def _cantonese_surname(text: str, start: int, end: int) -> bool:
    """A surname whose 生 or 太 after it makes no word with it (卫生, 发生 and 花生 are words)."""
    lex = lexicon()
    return text[start:end] in lex.zh_surnames and not lex.is_common_word(text[start : end + 1])


def _given_or_not_word(value: str) -> bool:
    lex = lexicon()
    first = value.split()[0]
    return _plausible_name(value) and (
        lex.is_given(first) or first.lower() not in lex.en_common_words
    )


def _welsh_place(text: str, start: int, end: int) -> bool:
    """A capitalised word after yn in a text with more Welsh (diolch, helo, bore da, pawb)."""
    value = text[start:end]
    lex = lexicon()
    return (
        _WELSH_WORDS.search(text) is not None
        and value.lower() not in lex.en_common_words
        and not lex.is_drug_name(value)
    )


_WELSH_WORDS = re.compile(r"(?i)\b(?:diolch|helo|bore da|pawb|plîs|ddydd|gyda|mae|wedi)\b")


def fifty_first_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 51 showed missing and no rule took:
    - the author of an answer in brackets (答（白衣天使小糖）：);
    - a flat's number opening a residents' chat line (3-1502 刘姐：);
    - a Japanese clinic by its name in kana (さくらキッズクリニック);
    - a surname before the Cantonese 生 or 太 (陳生：);
    - a pick-up or tracking code (取货码736215);
    - a name after a signature field or a role's field (sig: Sigurd, Driver: Erlend), and
      after Sr (Sr. Nansubuga);
    - a place after the Welsh yn (yn Abergwaun);
    - a temple, gurdwara or mosque by its name (Shri Ram Mandir, Masjid Noor);
    - a payment app's tag (Cash App $LeroyKidneyFund);
    - a day and month after "born", with a hyphen (born 06-12);
    - a relative's name after a Portuguese or Spanish kinship word (Minha filha Júlia) and the
      town after "I live in" (Moro em Lowell)."""
    return (
        Rule(HANDLE, _ANSWERED_BY, group=1, accept=_answerer, cues=("（", "(")),
        Rule("LOCATION", _FLAT_SPEAKER, group=1, accept_at=_in_chinese_text, min_digits=4),
        Rule("LOCATION", _JAPANESE_FACILITY, group=1),
        Rule("NAME", _CANTONESE_TITLE, group=1, accept_at=_cantonese_surname, cues=("生", "太")),
        Rule("ID", _PICKUP_CODE, group=1, min_digits=4),
        Rule("NAME", _SIGNED_BY, group=1, accept=_given_or_not_word, cues=(":",)),
        Rule("NAME", _SISTER, group=1, accept=_plausible_name, cues=("sr",)),
        Rule("LOCATION", _WELSH_IN, group=1, accept_at=_welsh_place, cues=("yn", "ym")),
        Rule(
            "LOCATION",
            _PLACE_OF_WORSHIP,
            group=1,
            cues=(
                "mandir",
                "gurdwara",
                "masjid",
                "mosque",
                "sthanak",
                "derasar",
                "jamatkhana",
                "imambargah",
                "vihara",
                "gompa",
            ),  # fmt: skip
        ),
        Rule("ID", _CASHTAG, group=1, cues=("cash",)),
        Rule("DOB", _BORN_DAY, group=1, min_digits=2, cues=("born",)),
        Rule("NAME", _ROMANCE_RELATIVE, group=1, accept=_plausible_name),
        Rule(
            "LOCATION", _LIVE_IN, group=1, accept=_plausible_name, cues=("moro", "vivo", "vivimos")
        ),
    )


# A Discord speaker before the time of the message (moss.and.ivy — Today at 3:15 PM).
_DISCORD_SPEAKER = re.compile(
    r"(?m)^[ \t]*([^\s—]{2,32})[ \t]+—[ \t]+(?:Today|Yesterday|\d{1,2}/\d{1,2}/\d{2,4})"
    r"[ \t]+at[ \t]+\d"
)
# A lower-case user name with a dot, an underscore or a digit opening a post before its colon
# (marigold.exe: update, …), or one word the colon follows at the start of a post of more
# lines than one (quietkestrel: pacing spreadsheet…).
_OPENING_HANDLE = re.compile(
    r"\A[ \t]*([a-z][a-z0-9]*(?:[._][a-z0-9]+)+|[a-z][a-z0-9]{5,23})(?=:[ \t])"
)
# A name after a Swahili title (Bw. Juma, Bi. Neema, Mzee Otieno).
_SWAHILI_TITLE = re.compile(rf"\b(?:Bw|Bi|Mzee|Ndugu)\.?[ \t]+({_CAP})\b")
# A practice or a dispensary by its name (Wind River Family Health, Mbezi Mission Dispensary,
# Green Mountain Heart & Vascular).
_NAMED_PRACTICE = re.compile(
    rf"\b((?:{_CAP}[ \t]+){{1,3}}(?:Family Health|Family Practice|Family Medicine|Dispensary"
    r"|Heart & Vascular|Heart and Vascular|Medical Group|Health Clinic))\b"
)
# A surname in capitals, a comma and the given name (JENKINS, Elwyn – a death notice's or a
# register's way).
_SURNAME_FIRST = re.compile(
    rf"\b((?:O['’]|MC|MAC)?[A-Z]{{3,}}(?:[-'’][A-Z]{{2,}})?,[ \t]+{_CAP})\b"
)
# A town in a post written all in lower case, after a word of where and before a break or a
# word that ends a phrase (the gp in mount gambier was, the pharmacy in gweedore has; not
# tregaron surgery, whose second word may be the place's too).
_TOWN_ENDS = (
    r"(?=[ \t]*(?:[,.;:!?)\n]|$)|[ \t]+(?:is|was|has|had|and|but|or|for|the|with|so|because|are"
    r"|were|last|this|today|yesterday|tomorrow|on)\b)"
)
_LOWER_TOWN_TWO = re.compile(
    rf"\b(?:in|at|from|near|to)[ \t]+([a-z]{{3,}}[ \t][a-z]{{3,}})\b{_TOWN_ENDS}"
)
_LOWER_TOWN_ONE = re.compile(rf"\b(?:in|at|from|near|to)[ \t]+([a-z]{{4,}})\b{_TOWN_ENDS}")
# An Indonesian mobile number in groups of four (0812-9034-6617).
_ID_MOBILE = re.compile(r"(?<![\d-])(08\d{2}-\d{4}-\d{3,4})(?![\d-])")
# A day and a month's short name joined by a hyphen (15-Apr, 3-Sep-24).
_DAY_DASH_MONTH = re.compile(
    r"\b((?:3[01]|[12]\d|0?[1-9])-(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)"
    r"(?:-(?:\d{4}|\d{2}))?)\b"
)
# A Chinese gym, pool or animal hospital by its name (超燃拳击馆, 蓝鲸游泳馆, 萌宠之家动物医院).
_ZH_NAMED_VENUE = re.compile(
    r"(?<=[在去到的是了家个個])([\u4e00-\u9fff]{2,4}(?:拳击馆|拳擊館|游泳馆|游泳館|健身房|健身馆|健身館"
    r"|瑜伽馆|瑜伽館|动物医院|動物醫院|宠物医院|寵物醫院))"
)


def _mostly_lower_case(text: str) -> bool:
    """A post written in lower case: hardly a capital letter in it."""
    letters = [ch for ch in text if ch.isalpha() and ch.isascii()]
    return len(letters) >= 40 and sum(ch.isupper() for ch in letters) <= len(letters) // 50


def _lower_town(text: str, start: int, end: int) -> bool:
    value = text[start:end]
    lex = lexicon()
    return (
        _mostly_lower_case(text)
        and value.title() in lex.en_towns
        and not all(w in lex.en_common_words for w in value.split())
    )


def _opening_handle(text: str, start: int, end: int) -> bool:
    value = text[start:end]
    if "." in value or "_" in value or any(ch.isdigit() for ch in value):
        return not lexicon().is_drug_name(value)
    return "\n" in text and value not in lexicon().en_common_words


def _surname_first(value: str) -> bool:
    """A surname with a vowel that is no everyday word, and a given name (not PPH, Hb)."""
    surname, given = (part.strip() for part in value.split(","))
    lex = lexicon()
    return (
        any(ch in "AEIOUY" for ch in surname)
        and surname.lower() not in lex.en_common_words
        and lex.is_given(given)
        and _plausible_name(given)
    )


def _named_practice(value: str) -> bool:
    return _plausible_name(value) and value.split()[0].lower() not in ("the", "our", "your", "my")


def fifty_second_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 52 showed missing and no rule took:
    - a Discord speaker before the message's time (moss.and.ivy — Today at 3:15 PM);
    - a lower-case user name opening a post before its colon (marigold.exe: …);
    - a name after a Swahili title (Bw. Juma);
    - a practice or a dispensary by its name (Wind River Family Health);
    - a surname in capitals, a comma and the given name (JENKINS, Elwyn);
    - a town in a post written in lower case (the gp in mount gambier);
    - an Indonesian mobile number (0812-9034-6617);
    - a day and a month's short name joined by a hyphen (15-Apr);
    - a Chinese gym, pool or animal hospital by its name (超燃拳击馆, 萌宠之家动物医院)."""
    return (
        Rule(HANDLE, _DISCORD_SPEAKER, group=1, cues=("—",)),
        Rule(HANDLE, _OPENING_HANDLE, group=1, accept_at=_opening_handle, cues=(":",)),
        Rule(
            "NAME",
            _SWAHILI_TITLE,
            group=1,
            accept=_plausible_name,
            cues=("bw", "bi", "mzee", "ndugu"),
        ),
        Rule("LOCATION", _NAMED_PRACTICE, group=1, accept=_named_practice),
        Rule("NAME", _SURNAME_FIRST, group=1, accept=_surname_first, cues=(",",)),
        Rule("LOCATION", _LOWER_TOWN_TWO, group=1, accept_at=_lower_town),
        Rule("LOCATION", _LOWER_TOWN_ONE, group=1, accept_at=_lower_town),
        Rule("PHONE", _ID_MOBILE, group=1, min_digits=11),
        Rule("DATE", _DAY_DASH_MONTH, group=1, min_digits=1),
        Rule("LOCATION", _ZH_NAMED_VENUE, group=1),
    )


# A day and month before the time of a sailing, a flight or a shift (09/08 14:05 sailing).
_DAY_BEFORE_SAILING = re.compile(
    r"(?<![\d/.])((?:3[01]|[12]\d|0?[1-9])/(?:1[0-2]|0?[1-9]))(?![\d/])"
    r"(?=[ \t]+(?:[01]?\d|2[0-3])[:.h][0-5]\d\b)"
)
# A day and month in two digits each, dotted, after "on" or "since" (the polio vaccine on
# 12.05); not a time, a dose or a price.
_ON_DOTTED_DAY = re.compile(
    r"(?i:\b(?:on|since)[ \t]+)((?:3[01]|[12]\d|0[1-9])\.(?:1[0-2]|0[1-9]))(?![\d.,])"
    r"(?![ \t]*(?:am|pm|a\.m|p\.m|h\b|hrs|mg|mcg|ml|g\b|kg|%|mmol|units?|iu|eur|usd|gbp|€|\$|£))"
)
# A sex and an age over 89 in a log's list of a patient (Pax F, 93, SOB on exertion).
_SEX_AND_AGE = re.compile(
    r"\b(?:[MF]|male|female),[ \t]*(9\d|1[01]\d)\b"
    r"(?![ \t]*(?:%|kg|bpm|mmHg|/|\.\d|cm|mm|mg|ml|years? ago))"
)
# A block or tower of a residence before its name (Block C, Sandy Bay Residences).
_BLOCK_OF = re.compile(
    rf"\b((?:Block|Blk|Tower|Wing)[ \t]+[A-Z0-9]{{1,2}},[ \t]+{_CAP}(?:[ \t]+{_CAP}){{0,3}}"
    r"[ \t]+(?:Residences?|Halls?|House|Court|Village|Apartments|Towers|Estate|Gardens|Lodge))\b"
)
# A French or English town of joined words (Pointe-à-Pitre, Port-au-Prince,
# Stratford-upon-Avon).
_JOINED_TOWN = re.compile(
    rf"\b([{UPPER_LETTERS}][{LOWER_LETTERS}]+(?:-(?:à|au|aux|de|du|des|la|le|les|sur|en|sous|lès"
    rf"|upon|on|under|in|by)-[{UPPER_LETTERS}][{LOWER_LETTERS}]+)+)\b"
)
# A phone number whose country code is in brackets with its plus ((+223) 66 55 09 14).
_BRACKETED_PLUS = re.compile(r"(?<![\w(])(\(\+\d{1,3}\)[ \t]?\d{1,4}(?:[ .-]?\d{2,4}){2,4})(?!\d)")
# A Chinese name before 小朋友 or 同学 in a notice (林子涵小朋友家长您好).
_ZH_CHILD_NAME = re.compile(
    rf"(?:^|(?<=[：:，,。！!\s】）)]))({_HAN}{{2,3}})(?=小朋友|同学|同學)", re.MULTILINE
)
# A second user name a moderator bans along with the first (同IP小号好孕来了888一并处理).
_ZH_SOCK_PUPPET = re.compile(
    r"(?:小号|小號|马甲|馬甲)[\s:：]*((?:(?![是都也就的在有])[\u4e00-\u9fffA-Za-z_]){1,10}\d{2,6})(?!\d)"
)
# A second number of a list after a cue of a serial or a card (序列号CI-622 0917345、CI-…).
_ZH_SECOND_ID = re.compile(
    r"(?:序列号|序列號|编号|編號|卡号|卡號)[\s:：#是为為]*[A-Za-z]{0,4}-?\d[\dA-Za-z -]{4,}\d"
    r"[、，,/和及][ \t]*([A-Za-z]{1,4}-?\d[\d -]{4,}\d)(?!\d)"
)


def _surname_and_given(value: str) -> bool:
    """A surname and a given name, not an everyday word (王梓萱, not 各位)."""
    return value[0] in lexicon().zh_surnames and not lexicon().is_common_word(value)


def _joined_town(value: str) -> bool:
    lex = lexicon()
    return not lex.is_eponym(value.split("-")[0]) and not lex.is_drug_name(value)


def fifty_third_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 53 showed missing and no rule took:
    - a day and month before the time of a sailing (09/08 14:05 sailing);
    - a dotted day and month after "on" (the polio vaccine on 12.05);
    - a sex and an age over 89 in a log (Pax F, 93, SOB on exertion);
    - a block of a residence and its name (Block C, Sandy Bay Residences);
    - a French town of joined words (Pointe-à-Pitre);
    - a phone number with its country code in brackets ((+223) 66 55 09 14);
    - a Chinese child's name before 小朋友 in a notice;
    - a second user name a moderator bans (同IP小号好孕来了888);
    - a second serial number of a list after its cue (CI-622 0917345、CI-622 0917346)."""
    return (
        Rule("DATE", _DAY_BEFORE_SAILING, group=1, min_digits=4, cues=(":", ".", "h")),
        Rule("DATE", _ON_DOTTED_DAY, group=1, min_digits=4, cues=(".",)),
        Rule("AGE", _SEX_AND_AGE, group=1, min_digits=2, cues=(",",)),
        Rule("LOCATION", _BLOCK_OF, group=1, cues=("block", "blk", "tower", "wing")),
        Rule("LOCATION", _JOINED_TOWN, group=1, accept=_joined_town, cues=("-",)),
        Rule("PHONE", _BRACKETED_PLUS, group=1, min_digits=7, cues=("(+",)),
        Rule("NAME", _ZH_CHILD_NAME, group=1, accept=_surname_and_given),
        Rule(HANDLE, _ZH_SOCK_PUPPET, group=1, min_digits=2),
        Rule("ID", _ZH_SECOND_ID, group=1, min_digits=10),
    )


# An address in a form's field of its own line, in English or French (Adresse : Villa 221,
# Cité Keur Gorgui, Dakar).
_ADDRESS_FIELD = re.compile(
    r"(?m)^[ \t]*(?:Address|Home address|Adresse|Endereço|Dirección|Direccion|Domicile)"
    r"[ \t]*:[ \t]*([^\n:]{3,80}?)[ \t]*$"
)
# An age over 89 after a titled name or a full name and a comma (Mr Rendall, 93: refused
# supper; Rosa Taitano, 95.), or in brackets after a titled name (Miss Icy (97!!)).
_TITLED_AGE = re.compile(
    rf"(?:\b(?:Mr|Mrs|Ms|Miss|Mx)\.?[ \t]+{_CAP}|{_CAP}[ \t]+{_CAP}),[ \t]+(9\d|1[01]\d)"
    r"(?=[ \t]*[:;.,!)]|[ \t]*$)(?![ \t]*[.,]\d)"
    rf"|\b(?:Mr|Mrs|Ms|Miss|Mx|Nana|Nan|Granny|Grandma|Grandad|Auntie|Aunty|Uncle)\.?[ \t]+{_CAP}"
    r"[ \t]+\((9\d|1[01]\d)(?:!+|\?)?\)"
)
# A day and month in two digits each opening a line of a log before a name or a column (02/11
# Ciarán …, 11/04 | Dafydd Jones),
# or before its colon and what was seen (07/01: R hallux ulcer, 04/02: 0.9 x 0.7cm).
_LOG_LINE_DAY = re.compile(
    rf"(?m)^((?:0[1-9]|[12]\d|3[01])/(?:0[1-9]|1[0-2])|[1-9]/(?:0[1-9]|1[0-2])(?=:))"
    rf"(?=[ \t]+[{UPPER_LETTERS}|]|:[ \t]+[{UPPER_LETTERS}\d]|[ \t]+[–—][ \t])"
)
# A day and month after an event of a person's health (had a seizure 8/11).
_EVENT_NOUN_DAY = re.compile(
    r"(?i:\b(?:seizure|fall|fit|stroke|collapse|bleed|faint|overdose)[ \t]+(?:on[ \t]+)?)"
    r"((?:3[01]|[12]\d|0?[1-9])/(?:1[0-2]|0?[1-9]))(?![\d/])"
)
# The number of an online request or booking after its "#" (Online booking request #48821).
_REQUEST_NUMBER = re.compile(
    r"(?i:\b(?:request|booking|enquiry|inquiry|confirmation|submission|appointment|form)"
    r"[ \t]*#[ \t]*)(\d{4,10})\b"
)
# A plot by its number, and the ward or village after it (Plot 1442, Mannonye Ward).
_PLOT = re.compile(
    rf"\b(Plot[ \t]+(?:No\.?[ \t]*)?\d{{1,6}}[A-Z]?(?:,[ \t]+{_CAP}(?:[ \t]+{_CAP}){{0,2}})?)"
)
# A Latin given name with the Cantonese 仔 of endearment (Kelvin仔).
_LATIN_WITH_ZAI = re.compile(rf"(?<![A-Za-z])([{UPPER_LETTERS}][{LOWER_LETTERS}]{{2,14}}仔)")
# A surname alone before a title of a trade, a post or a role (王工长, 刘老板, 韦班长, 周群主,
# 钟太婆).
_ZH_TITLES_AFTER_SURNAME = (
    r"工长|工長|老板|老闆|班长|班長|群主|太婆|太公|组长|組長|科长|科長|院长|院長|站长|站長|所长|所長|队长|隊長"
    r"|师傅|師傅|经理|經理|总管|總管|家长|家長"
)
# A day and month in Chinese text before what was done on it (您3/8捐的全血).
_ZH_NUMERIC_DAY = re.compile(
    r"(?<=[\u4e00-\u9fff])((?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9]))"
    r"(?=[捐做去来來到住出入复復打看查开開拔生走过過那])"
)


# A second place after a slash before "area" or "county" (Monmouth/Ocean area).
_SLASHED_PLACE = re.compile(
    rf"\b[{UPPER_LETTERS}][{LOWER_LETTERS}]+/([{UPPER_LETTERS}][{LOWER_LETTERS}]+)"
    r"(?=[ \t]+(?:area|county|counties|region)\b)"
)
# A Latin initial a colleague or a friend goes by in Chinese text (同事W哥, Y医生建议).
_ZH_LATIN_INITIAL = re.compile(
    r"(?<![A-Za-z0-9])([A-Z])(?=哥|姐|总|總|姨|叔|仔|妹|院长|院長|医生|醫生|主任|经理|經理)"
)


def _address_value(value: str) -> bool:
    """An address a form's field holds: a number or two capitalised words, not N/A."""
    return bool(re.search(r"\d", value)) or len(re.findall(rf"\b[{UPPER_LETTERS}]", value)) >= 2


def _latin_with_zai(value: str) -> bool:
    return lexicon().is_given(value[:-1], 2000) or value[:-1] in lexicon().everyday_given


def fifty_fourth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 54 showed missing and no rule took:
    - an address in a form's field (Adresse : Villa 221, Cité Keur Gorgui, Dakar);
    - an age over 89 after a titled or a full name and a comma, or in brackets (Mr Rendall,
      93:; Miss Icy (97!!));
    - a day and month opening a line of a log, or after a seizure or a fall (had a seizure
      8/11);
    - the number of an online request after its "#" (booking request #48821);
    - a plot and its ward (Plot 1442, Mannonye Ward);
    - a Latin given name with 仔 (Kelvin仔);
    - a surname alone before a title of a trade or a post (王工长, 刘老板, 周群主), an
      ambiguous surname before 医生 or 护士 (值班高医生);
    - a day and month in Chinese text before what was done on it (您3/8捐的);
    - a second place after a slash before "area" (Monmouth/Ocean area);
    - a Latin initial before 哥 or 姐 in Chinese text (同事W哥)."""
    lex = lexicon()
    surnames = _words(lex.zh_surnames)
    # …but not 时, 管 or 文 before 医生 (急诊时医生说, 主管护士, 中文医生).
    ambiguous = _words([s for s in lex.zh_surnames_ambiguous if s not in "时時管文"])
    return (
        Rule("LOCATION", _ADDRESS_FIELD, group=1, accept=_address_value, cues=(":",)),
        Rule("AGE", _TITLED_AGE, group=1, min_digits=2),
        Rule("AGE", _TITLED_AGE, group=2, min_digits=2, cues=("(",)),
        Rule("DATE", _LOG_LINE_DAY, group=1, min_digits=4, cues=("/",)),
        Rule("DATE", _EVENT_NOUN_DAY, group=1, min_digits=2, cues=("/",)),
        Rule("ID", _REQUEST_NUMBER, group=1, min_digits=4, cues=("#",)),
        Rule("LOCATION", _PLOT, group=1, min_digits=1, cues=("plot",)),
        Rule("NAME", _LATIN_WITH_ZAI, group=1, accept=_latin_with_zai, cues=("仔",)),
        Rule(
            "NAME",
            re.compile(rf"((?:{surnames}))(?=(?:{_ZH_TITLES_AFTER_SURNAME}))"),
            group=1,
            cues=tuple(_ZH_TITLES_AFTER_SURNAME.split("|")),
        ),
        Rule(
            "NAME",
            re.compile(
                rf"(?<![提最较較更很太升增小老阿])((?:{ambiguous}))"
                r"(?=医生|醫生|护士|護士|大夫|婶子|嬸子|总管|總管)"
            ),
            group=1,
            cues=("医生", "醫生", "护士", "護士", "大夫", "婶子", "嬸子", "总管", "總管"),
        ),
        Rule("DATE", _ZH_NUMERIC_DAY, group=1, min_digits=2, cues=("/",)),
        Rule("LOCATION", _SLASHED_PLACE, group=1, cues=("/",)),
        Rule("NAME", _ZH_LATIN_INITIAL, group=1),
    )


# A day and month closing a log's heading or a clause, after a dash, a comma or "on", in
# either order (INCIDENT LOG – Tower 2, Waiolena Beach Park, 6/22); not a visual acuity (6/12),
# a score (Beighton score, 7/9) or a rating out of 5 or 10.
_HEADING_DAY = re.compile(
    r"(?m)(?:(?<=[–—,][ \t])|(?<=\bon[ \t])|(?<=\bnote[ \t]))(?<![Ss]core, )"
    r"(?!6/(?:5|6|7\.5|9|12|18|24|36|60)\b)"
    r"((?:3[01]|[12]\d|0?[1-9])/(?:3[01]|[12]\d|0?[1-9]))(?<!/5)(?<!/10)(?![\d/])"
    r"(?=[ \t]*(?:$|[,.;)])|[ \t]+[–—][ \t])"
)
# A town, a US state's code and a ZIP code (Browning MT 59417).
_TOWN_STATE_ZIP = re.compile(
    rf"\b((?:{_CAP}[ \t]+){{1,3}}(?:AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA"
    r"|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY),?"
    r"[ \t]+\d{5}(?:-\d{4})?)\b"
)
# A month and day, dotted, the day of two digits, opening a clause of Chinese text (打卡第12天
# 11.18 促排第8天); not after a word (血糖11.18).
_ZH_DOTTED_DAY = re.compile(
    r"(?:^|(?<=[\s，,。：:（(【💉]))((?:1[0-2]|0?[1-9])\.(?:3[01]|[12]\d))(?![\d.])"
    r"(?=[ \t]*[\u4e00-\u9fff])(?![ \t]*(?:毫|微|个|個|次|倍|岁|歲|斤|公斤|克|度))",
    re.MULTILINE,
)
# An employee's or a staff member's number (Emp #: 44193).
_EMPLOYEE_NUMBER = re.compile(
    r"(?i:\b(?:Emp|Employee|Staff|Payroll)\.?[ \t]*(?:#|no\.?|number|id)[ \t]*:?[ \t]*)(\d{4,10})\b"
)
# A Chinese shop of medicines by its own name (福寿堂国药号, 仁和大药房).
_ZH_NAMED_PHARMACY = re.compile(
    r"(?<=[【在去到是家间間])([\u4e00-\u9fff]{2,4}?(?:国药号|國藥號|大药房|大藥房|药房|藥房|药店|藥店|药铺|藥鋪))"
)
# A flat's number after an item's number in a list of a residents' group (3. 18-1102 蒙脱石散×3).
_LISTED_FLAT = re.compile(r"(?m)^[ \t]*\d{1,3}[.、][ \t]*(\d{1,2}-\d{3,4})(?=[ \t])")
# A surname after 姓 (主任姓窦，).
_ZH_SURNAME_IS = re.compile(r"(?<=姓)([\u4e00-\u9fff])(?=[，,。！!？?\s]|的|$)")
# A surname and a given name of one character said twice, after a role (护士胡佳佳).
_ZH_DOUBLED_GIVEN = re.compile(r"(?<=[士师師生长長叫是])([\u4e00-\u9fff]([\u4e00-\u9fff])\2)")
# A Latin place in Chinese text after a word of where and before 的 or a side (我在Hurstville的).
_ZH_LATIN_PLACE = re.compile(
    rf"(?<=[在住去到从從])([{UPPER_LETTERS}][{LOWER_LETTERS}]{{3,}}"
    rf"(?:[ \t][{UPPER_LETTERS}][{LOWER_LETTERS}]+)?)"
    r"(?=的|这边|這邊|那边|那邊|附近|[，,])"
)


def _named_pharmacy(value: str) -> bool:
    head = re.sub("(?:国药号|國藥號|大药房|大藥房|药房|藥房|药店|藥店|药铺|藥鋪)$", "", value)
    generic = _ZH_GENERIC_HOSPITAL | set("近边邊那这這哪个個家间間")
    if any(ch in "的开開上网網连連锁鎖指定零售华華人医醫院" for ch in head):
        return False  # 开的药店, 网上药房, 一家连锁药店, 华人药房, 人医的药房
    return any(ch not in generic for ch in head) and not lexicon().is_common_word(head)


def _surname_is(value: str) -> bool:
    lex = lexicon()
    return any(
        value in names
        for names in (lex.zh_surnames, lex.zh_surnames_ambiguous, lex.zh_surnames_rare)
    )


def _doubled_given(value: str) -> bool:
    lex = lexicon()
    return value[0] in lex.zh_surnames and not lex.is_common_word(value[1:])


def _latin_place(text: str, start: int, end: int) -> bool:
    value = text[start:end]
    lex = lexicon()
    return (
        re.search(_HAN, text) is not None
        and not lex.is_drug_name(value)
        and not lex.is_eponym(value)
        and not lex.is_given(value, 2000)
        and value not in lex.everyday_given
    )


def fifty_fifth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 55 showed missing and no rule took:
    - a day and month closing a log's heading, in either order (Tower 2, Waiolena, 6/22);
    - a town, a US state's code and a ZIP code (Browning MT 59417);
    - a month and day, dotted, opening a clause of Chinese text (11.18 促排第8天);
    - a Chinese shop of medicines by its name (福寿堂国药号);
    - a flat's number in a residents' list (3. 18-1102 蒙脱石散×3);
    - a surname after 姓 (主任姓窦);
    - a given name said twice after a surname, after a role (护士胡佳佳);
    - a Latin place in Chinese text after a word of where (我在Hurstville的; not one that is an
      everyday word, Flushing);
    - an employee's number (Emp #: 44193)."""
    return (
        Rule("DATE", _HEADING_DAY, group=1, min_digits=2, cues=("/",)),
        Rule("LOCATION", _TOWN_STATE_ZIP, group=1, min_digits=5),
        Rule("DATE", _ZH_DOTTED_DAY, group=1, min_digits=3, cues=(".",)),
        Rule("LOCATION", _ZH_NAMED_PHARMACY, group=1, accept=_named_pharmacy),
        Rule("LOCATION", _LISTED_FLAT, group=1, min_digits=4, cues=("-",)),
        Rule("NAME", _ZH_SURNAME_IS, group=1, accept=_surname_is, cues=("姓",)),
        Rule("NAME", _ZH_DOUBLED_GIVEN, group=1, accept=_doubled_given),
        Rule("LOCATION", _ZH_LATIN_PLACE, group=1, accept_at=_latin_place),
        Rule("ID", _EMPLOYEE_NUMBER, group=1, min_digits=4),
    )


# A given name, an abbreviated middle name and a family name (Dafydd Ll. Jones, John Wm. Ward).
_ABBREVIATED_MIDDLE = re.compile(
    rf"\b([{UPPER_LETTERS}][{LOWER_LETTERS}]+[ \t]"
    rf"(?!Dr|Mr|Ms|Mt)[{UPPER_LETTERS}][{LOWER_LETTERS}]?\."
    rf"[ \t][{UPPER_LETTERS}][{LOWER_LETTERS}]+)\b"
)
# Where a person named in a report lives, after their age (…, 94, of Cloonagh, Quilty, died).
_LATIN_WORDS = (
    rf"[{UPPER_LETTERS}][{LOWER_LETTERS}'’-]+(?:[ \t][{UPPER_LETTERS}][{LOWER_LETTERS}'’-]+)*"
)
_OF_AFTER_AGE = re.compile(
    rf"(?<=\d, of )((?:\d{{1,4}}[A-Za-z]?,?[ \t])?{_LATIN_WORDS}(?:,[ \t]{_LATIN_WORDS}){{0,2}})"
    r"(?=,|[ \t](?:died|was|who|has|had|is|appeared|pleaded|admitted)\b)"
)
# A surname before 老, the respect an old doctor is given (钱老的膏方, 找李老看); only a word
# of what the doctor does after 老 (not 老是, 老年, 老人).
_ZH_SURNAME_LAO = (
    r"(?:^|(?<=[：:，,。！!？?\s“”\"跟找问問请請让讓是]))({surnames})"
    r"(?=老(?:的|说|說|讲|講|开|開|看|坐诊|坐診|出诊|出診|门诊|門診|中医|中醫|专家|專家|大夫))"
)
# A Latin name in a Chinese form's field (病人姓名：Lee Siew Keng).
_ZH_FIELD_LATIN_NAME = re.compile(
    r"(?:姓名|名字|病人|患者|病患|客户|客戶|联系人|聯繫人|家属|家屬|来访者|來訪者)"
    rf"[ \t]*[：:][ \t]*"
    rf"([{UPPER_LETTERS}][{LOWER_LETTERS}]+,?(?:[ \t][{UPPER_LETTERS}][{LOWER_LETTERS}]+){{0,3}}"
    rf"|[{UPPER_LETTERS}]{{2,}},?(?:[ \t][{UPPER_LETTERS}]{{2,}}){{1,3}})"
)
# A surname an anonymised record keeps (患者：牛某某).
_ZH_SURNAME_MOU = r"({surnames})(?=某某)"
# A surname, 某 and a given name's character an anonymised record keeps (随访彭某华).
_ZH_SURNAME_MOU_GIVEN = (
    r"(?:^|(?<=[\s，,。：:、访訪视視患者]))(?:{surnames})某[{given}](?![\u4e00-\u9fff]{{2}})"
)
# A surname before 工, an engineer's title, closing a clause (报修人：潘工，分机8123).
_ZH_SURNAME_GONG = r"({surnames})(?=工(?:[，,。、：:！!；;\s]|$|分机|分機|电话|電話|您好|你好))"
# A Latin given name greeted in Chinese text (Grace你好).
_ZH_GREETED_LATIN = re.compile(
    rf"(?:^|(?<=[\s，,。！!？?：:]))([{UPPER_LETTERS}][{LOWER_LETTERS}]{{2,}})"
    r"(?=[ \t]?(?:你好|您好|早上好|早晨|晚上好|姐|哥))",
    re.MULTILINE,
)


def _given_and_family(value: str) -> bool:
    words = value.split()
    lex = lexicon()
    return lex.is_given(words[0]) and words[-1] in lex.family_names


def _latin_given(value: str) -> bool:
    lex = lexicon()
    return lex.is_given(value, 2000) or value in lex.everyday_given


def fifty_sixth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 56 showed missing and no rule took:
    - an abbreviated middle name between a given and a family name (Dafydd Ll. Jones);
    - where a person named in a report lives, after their age (…, 94, of Cloonagh, Quilty,);
    - a surname before 老 (钱老的膏方), 某某 (牛某某) or 工 (潘工，);
    - a Latin name in a Chinese form's field (姓名：Lee Siew Keng) or greeted (Grace你好)."""
    lex = lexicon()
    any_surname = _words(lex.zh_surnames + lex.zh_surnames_ambiguous)
    # …not 童 or 木 before 工 (童工, 木工: child labour, carpentry).
    gong = _words([s for s in lex.zh_surnames if s not in "童木"])
    return (
        Rule("NAME", _ABBREVIATED_MIDDLE, group=1, accept=_given_and_family, cues=(".",)),
        Rule("LOCATION", _OF_AFTER_AGE, group=1, min_digits=1, cues=(", of ",)),
        Rule(
            "NAME", re.compile(_ZH_SURNAME_LAO.format(surnames=any_surname)), group=1, cues=("老",)
        ),
        Rule("NAME", _ZH_FIELD_LATIN_NAME, group=1),
        Rule(
            "NAME",
            re.compile(_ZH_SURNAME_MOU.format(surnames=any_surname)),
            group=1,
            cues=("某某",),
        ),
        Rule("NAME", re.compile(_ZH_SURNAME_GONG.format(surnames=gong)), group=1, cues=("工",)),
        Rule("NAME", _ZH_GREETED_LATIN, group=1, accept=_latin_given),
    )


# The last digits of a payment card (Paid: Visa ending 4471).
_CARD_ENDING = re.compile(
    r"(?i:\b(?:visa|mastercard|master card|amex|card|debit|credit)\b[^\n\d]{0,15}?\bending"
    r"(?:[ \t]+in)?[ \t]*[:#]?[ \t]*)(\d{4})(?!\d)"
)
# A user name in lower case after the word of who logged a ticket (Logged by kjones.).
_LOGGED_BY = re.compile(
    r"\b(?:[Ll]ogged|[Ee]ntered|[Rr]ecorded|[Uu]pdated|[Tt]riaged|[Aa]ssigned|[Cc]losed"
    r"|[Ss]ubmitted|[Aa]pproved|[Rr]aised)[ \t]+by:?[ \t]+([a-z][a-z0-9_.]{2,20}[a-z0-9])\b"
    r"(?![@'’-])"
)
# A donor's number (Donor 4477 | Tongan …); not a volume given (donor 450 mL).
_DONOR_NUMBER = re.compile(
    r"\b[Dd]onor(?:[ \t]+(?:ID|id|no\.?|number|#))?[ \t]*[:#]?[ \t]*([A-Z]{0,3}-?\d{3,8})\b"
    r"(?![ \t]*(?:ml|mL|cc|units?|kg|g)\b)"
)
# A dotted day and month before the time of an event (caught in a machine 02.10 at approx
# 06:20), or after a log's word and before its colon (Team log 16.02:).
_DOTTED_DAY_AT = re.compile(
    r"\b((?:3[01]|[12]\d|0[1-9])\.(?:1[0-2]|0[1-9]))(?=[ \t]+(?:at|@)[ \t]+"
    r"(?:approx\.?[ \t]+|about[ \t]+|around[ \t]+)?\d{1,2}[:.]\d{2})"
)
_LOG_DOTTED_DAY = re.compile(rf"(?i:\blog[ \t]+)({_DAY_DOT_MONTH})(?=[ \t]*[:–—-])")
# A Korean clinic, hospital or pharmacy by its name in Hangul (하나소아청소년과).
_HANGUL_CLINIC = re.compile(
    r"([\uac00-\ud7a3]{2,12}(?:의원|병원|과|클리닉|약국))(?![\uac00-\ud7a3])"
)
# A Chinese street or lane by its name before a word of where (我是安宁路那边的, 江汉区杨柳巷的).
_ZH_STREET_BEFORE_WHERE = re.compile(
    r"(?:(?<=[是在住到去从從於于])|(?<=[区區县縣市镇鎮]))([\u4e00-\u9fff]{2,4}?(?:路|街|巷|胡同))"
    r"(?=那边|那邊|这边|這邊|附近|的|口|一带|一帶)"
)


def _no_measure_before(text: str, start: int, end: int) -> bool:
    """No word of a measurement just before (glucose 12.04 at 07:30 is a reading)."""
    return re.search(rf"(?i:{_MEASURE})", text[max(0, start - 25) : start]) is None


def _user_name_logged(value: str) -> bool:
    """A user name: digits, an underscore or a dot in it, or an initial and a family name
    (kjones); not an everyday word (Logged by staff)."""
    lex = lexicon()
    if value in lex.en_common_words:
        return False
    return bool(re.search(r"[\d_.]", value)) or value[1:].capitalize() in lex.family_names


def _zh_named_street(value: str) -> bool:
    """A street by a name, not a road of no name (大马路, 这条路, 老街, 铁路)."""
    return not (
        re.match(r"这|那|哪|每|一|马|公|铁|水|山|大马|小", value)
        or re.search(r"[马道公铁网线电思套出走半后前老新小大条][路街]$", value)
        or lexicon().is_common_word(value)
    )


def fifty_seventh_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 57 showed missing and no rule took:
    - the last digits of a payment card (Visa ending 4471);
    - a user name in lower case after "Logged by" (kjones);
    - a donor's number (Donor 4477);
    - a dotted day and month before the time of an event or after a log's word (02.10 at
      approx 06:20; Team log 16.02:);
    - a Korean clinic by its name in Hangul (하나소아청소년과);
    - a Chinese street or lane by its name before a word of where (安宁路那边, 杨柳巷的)."""
    return (
        Rule("ID", _CARD_ENDING, group=1, min_digits=4, cues=("ending",)),
        Rule("NAME", _LOGGED_BY, group=1, accept=_user_name_logged, cues=(" by",)),
        Rule("ID", _DONOR_NUMBER, group=1, min_digits=3, cues=("donor",)),
        Rule("DATE", _DOTTED_DAY_AT, group=1, accept_at=_no_measure_before, min_digits=6),
        Rule("DATE", _LOG_DOTTED_DAY, group=1, min_digits=2, cues=("log",)),
        Rule("LOCATION", _HANGUL_CLINIC, group=1),
        Rule("LOCATION", _ZH_STREET_BEFORE_WHERE, group=1, accept=_zh_named_street),
    )


# A runner's bib number (Bib 4417, F, 34, collapsed).
_BIB_NUMBER = re.compile(r"(?i:\bbib(?:[ \t]*(?:no\.?|number|#))?[ \t]*[:#]?[ \t]*)(\d{2,6})\b")
# A surname alone in a Chinese form's field of who signed (经治医生：钱　日期).
_ZH_SIGNED_SURNAME = (
    r"(?:医生|医师|醫生|醫師|护士|護士|签名|簽名|签字|簽字|经办人|經辦人)"
    r"[ \t]*[：:][ \t]*({surnames})"
    r"(?=[\s　，,。]|$)"
)


def fifty_eighth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 58 showed missing and no rule took:
    - a runner's bib number (Bib 4417);
    - a surname alone in a Chinese form's field of who signed (经治医生：钱　日期)."""
    lex = lexicon()
    any_surname = _words(lex.zh_surnames + lex.zh_surnames_ambiguous)
    return (
        Rule("ID", _BIB_NUMBER, group=1, min_digits=2, cues=("bib",)),
        Rule(
            "NAME",
            re.compile(_ZH_SIGNED_SURNAME.format(surnames=any_surname)),
            group=1,
            cues=("：", ":"),
        ),
    )


# A Chinese estate's block and flat after its name (枫林苑3-502).
_ZH_ESTATE_FLAT = re.compile(
    r"(?<![\u4e00-\u9fff])([\u4e00-\u9fff]{2,4}(?:苑|园|園|庭|府|邸|居|湾|灣|轩|軒|阁|閣|小区|小區)"
    r"\d{1,2}-\d{3,4})(?![\d-])"
)
_ZH_KIN_AFTER_SURNAME = "婶|嬸|叔|伯|姨|姑|舅|嫂|阿婆|阿公|阿嬷|阿嫲|婆婆"
_ZH_ADDRESSED = "女士|先生|小姐|阿姨|大爷|大爺|奶奶|爷爷|爺爺|师傅|師傅"


def fifty_ninth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 59 showed missing and no rule took:
    - a Chinese surname alone, even one that is also a word (关, 石, 卓), after a word of
      family or patient before a term of address (家属关女士), before an ordinal and a
      kinship word (石二婶) and before 氏 and a child (卓氏之子);
    - a Chinese estate's block and flat after its name (枫林苑3-502)."""
    lex = lexicon()
    any_surname = _words(lex.zh_surnames + lex.zh_surnames_ambiguous)
    return (
        Rule(
            "NAME",
            re.compile(
                rf"(?:家属|家屬|患者|病人|病友|邻居|鄰居|联系人|聯繫人)({any_surname})"
                rf"(?=(?:{_ZH_ADDRESSED}))"
            ),
            group=1,
        ),
        Rule(
            "NAME",
            re.compile(
                rf"(?:^|(?<=[\s，,。！!？?、：:｜|]))(?![大小老表堂])({any_surname})"
                rf"(?=[二三四五六七八九]?(?:{_ZH_KIN_AFTER_SURNAME}))",
                re.MULTILINE,
            ),
            group=1,
        ),
        Rule(
            "NAME",
            re.compile(rf"((?:{any_surname})氏)(?=之子|之女|婴|嬰|新生儿|新生兒|宝宝|寶寶)"),
            group=1,
            cues=("氏",),
        ),
        Rule("LOCATION", _ZH_ESTATE_FLAT, group=1, min_digits=4),
    )


# A day and month opening a line of a Chinese log before its colon (6/4：渗液少).
_ZH_LOG_DAY = re.compile(rf"(?m)^[ \t]*({_SLASHED_DAY})(?=[ \t]*：)")
# A day and month before a time of day (急救交接：2/17 03:10; Callout 2/17 03:10).
_DAY_BEFORE_TIME = re.compile(
    rf"(?<![\d/.])({_SLASHED_DAY})(?![\d/])(?=[ \t]+(?:(?:at|@)[ \t]*)?"
    r"(?:[0-2]?\d:[0-5]\d\b|[01]?\d(?:[.:][0-5]\d)?[ \t]?[ap]\.?m\b))"
)
# A user name in lower case opening a chat line before its colon (moss: factory reset), in a
# chat where another line's speaker is a handle (kai.wren:, redacted_ribs:).
_CHAT_SPEAKER = re.compile(
    r"(?m)^[ \t]*(?:\[[^\]\n]{1,30}\][ \t]*)?([a-z][A-Za-z0-9_.]{2,23}(?:[ \t][a-z]\.?)?)(?=:[ \t])"
)
_HANDLE_SHAPE = re.compile(r"[a-z][a-z0-9]*[._\d][a-z0-9._]*")
# Words a note's line opens with before a colon (plan: …, meds: …), no speaker.
_NOTE_LABELS = frozenset(
    (
        "note", "notes", "plan", "dx", "hx", "rx", "meds", "pmh", "psh", "obs", "bp", "hr", "rr",
        "temp", "spo2", "sats", "edit", "update", "tldr", "eta", "fyi", "ps", "nb", "re",
        "subject", "to", "from", "cc", "date", "time", "pt", "rv",
    )
)  # fmt: skip
# A code to collect a result or a parcel with (凭取单码8831到…取报告).
_ZH_PICKUP_CODE = re.compile(
    r"(?:取单码|取件码|取报告码|提取码|取号码)[:：]?[ \t]*([A-Za-z0-9]{4,10})(?![A-Za-z0-9])"
)
# A Latin initial before a Chinese term of address ({L}先生).
_LATIN_INITIAL_ADDRESSED = re.compile(r"(?<![A-Za-z])([A-Z])(?=先生|女士|小姐|太太)")
# A Spanish or Portuguese title before a surname (Sr. Ho, Sra. Nuñez).
_IBERIAN_TITLE = re.compile(
    rf"\b(?:Sr|Sra|Srta|Snr|Snra)\.?[ \t]+([{UPPER_LETTERS}][{LOWER_LETTERS}]+)"
)
# A Welsh place of Llan- (Llan-non, Llanfairfechan), which is no one's name.
_LLAN_PLACE = re.compile(rf"\bLlan(?:-[{LOWER_LETTERS}]+|[{LOWER_LETTERS}]{{3,}})\b")


def _lower_handle(value: str) -> bool:
    """Lower case, or a handle of eight characters or more with capitals inside a lower-case
    run of four (xXsnackwizardXx; not eGFR or pCO2)."""
    return value.islower() or (len(value) >= 8 and re.search("[a-z]{4}", value) is not None)


def _chat_speaker(text: str, start: int, end: int) -> bool:
    """A word opening a line before a colon, in lower case or a handle's mixed case
    (`_lower_handle`), is a speaker when it is no note's label and it, or another line's
    speaker, is shaped as a handle or is no everyday word (kai.wren, velvetstatic): a chat,
    not a note's fields."""
    value = text[start:end]
    lex = lexicon()
    if value in _NOTE_LABELS or lex.is_drug_name(value) or not _lower_handle(value):
        return False
    return any(
        speaker not in _NOTE_LABELS
        and (_HANDLE_SHAPE.fullmatch(speaker) or speaker not in lex.en_common_words)
        for speaker in {m.group(1) for m in _CHAT_SPEAKER.finditer(text)}
    )


def _one_word_name(value: str) -> bool:
    """One word a rule reads as a name (greeted before "and", before an age in commas) is one
    when it is no title, drug or eponym and is a given name or no everyday word (Dear Wade
    and…, Nyabol, 19, delivered…; not Dear Parents and Carers)."""
    lex = lexicon()
    return (
        value not in _TITLES_GREETED
        and _no_drug_or_eponym(value)
        and (lex.is_given(value) or value.lower() not in lex.en_common_words)
    )


_TITLES_GREETED = frozenset(("Mr", "Mrs", "Ms", "Miss", "Mx", "Dr", "Prof", "Madam", "Sir"))


def _no_drug_or_eponym(value: str) -> bool:
    lex = lexicon()
    return not (lex.is_drug_name(value) or lex.is_eponym(value))


def sixtieth_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 60 showed missing and no rule took:
    - a day and month opening a Chinese log's line (6/4：) or before a time (2/17 03:10);
    - a user name in lower case opening a chat line, beside handles (moss:, pip:);
    - a name greeted before "and" (Dear Wade and the whole Bauer family);
    - a Chinese surname before 家 and its people (致骆家各位);
    - a code to collect a result with (取单码8831);
    - a Latin initial before 先生 or 女士; a surname after Sr. or Sra.;
    - a Welsh place of Llan- (Llan-non)."""
    lex = lexicon()
    any_surname = _words(lex.zh_surnames + lex.zh_surnames_ambiguous)
    return (
        Rule("DATE", _ZH_LOG_DAY, group=1, min_digits=2, cues=("：",)),
        Rule("DATE", _DAY_BEFORE_TIME, group=1, min_digits=4, cues=(":",)),
        Rule("NAME", _CHAT_SPEAKER, group=1, accept_at=_chat_speaker, cues=(":",)),
        Rule(
            "NAME",
            re.compile(
                rf"(?m)(?:^|(?<=[.!?]\s))[ \t]*(?i:dear|hi|hello)[ \t]+({_CAP})"
                r"(?=[ \t]+(?:and|&)[ \t]+(?:the[ \t]+(?:whole[ \t]+)?)?[A-Z])"
            ),
            group=1,
            accept=_one_word_name,
            cues=("dear", "hi", "hello"),
        ),
        Rule(
            "NAME",
            re.compile(
                rf"(?:^|(?<=[致给給对對\s，,]))({any_surname})(?=家(?:各位|人|属|屬|亲友|親友))"
            ),
            group=1,
            cues=("家",),
        ),
        Rule("ID", _ZH_PICKUP_CODE, group=1, min_digits=2),
        Rule("NAME", _LATIN_INITIAL_ADDRESSED, group=1),
        Rule("NAME", _IBERIAN_TITLE, group=1, accept=_no_drug_or_eponym, cues=("sr",)),
        Rule("LOCATION", _LLAN_PLACE, cues=("llan",)),
    )


# Two dates of a range, full (住院日期2024.03.02-2024.03.09) or a day and month slashed (7/3—7/5,
# 12/11 - 14/11): the first and the second; not scores out of ten (4/10-6/10) nor fractions
# before a unit (1/2-3/4 tab).
_FULL_DATE = r"(?:\d{4}[/.-]\d{1,2}[/.-]\d{1,2}|\d{1,2}[/.-]\d{1,2}[/.-]\d{4})"
_RANGE_DASH = r"[ \t]*[-–—~～至到][ \t]*"
_NOT_A_DAY_AFTER = (
    r"(?![ \t]*(?:of\b|tabs?\b|tablets?|pills?|cups?|doses?|mg|ml|片|粒|杯|支|包|次))"
)
_FULL_DATE_FROM = re.compile(
    rf"(?<![\d./:-])({_FULL_DATE})(?={_RANGE_DASH}{_FULL_DATE}(?![\d./-]?\d))"
)
_FULL_DATE_TO = re.compile(rf"(?<![\d./:-]){_FULL_DATE}{_RANGE_DASH}({_FULL_DATE})(?![\d./-]?\d)")
_DAY_FROM = re.compile(
    rf"(?<![\d/.])({_SLASHED_DAY})(?={_RANGE_DASH}(?:{_SLASHED_DAY})(?![\d/.]){_NOT_A_DAY_AFTER})"
)
_DAY_TO = re.compile(
    rf"(?<![\d/.])(?!(?:10|0?[1-9])/10(?!\d))(?:{_SLASHED_DAY}){_RANGE_DASH}({_SLASHED_DAY})"
    rf"(?![\d/.]){_NOT_A_DAY_AFTER}"
)
# A day and month in a form's field of the date (Date: 5/17, Visit date - 12/3).
_DATE_FIELD_DAY = re.compile(
    r"(?im)^[ \t]*(?:(?:visit|appt|appointment|review|request|referral|clinic)[ \t]+)?date"
    r"(?:[ \t]+(?:seen|of[ \t]+(?:visit|request|referral|appointment|review)))?"
    rf"[ \t]*[:：#-][ \t]*({_SLASHED_DAY})(?![\d/.])"
)
# A weekday before a day and month slashed (Weds 15/10, Thursday 6/3).
_WEEKDAY_SLASHED_DAY = re.compile(
    rf"\b(?:{_EN_DAY_NAME}|Mon|Tues?|Weds?|Thu(?:rs?)?|Fri|Sat|Sun)\.?,?[ \t]+"
    rf"(?<![\d/.])(?:{_SLASHED_DAY})(?![\d/.])"
)
# A day and month opening a Chinese post before a space (9.12　降温，痰多).
_OPENING_DAY = re.compile(
    r"\A[ \t\u3000]*((?:1[0-2]|0?[1-9])[./](?:3[01]|[12]\d|0?[1-9]))"
    r"(?=[ \t\u3000]+[\u4e00-\u9fff])"
)
# A Latin name after who a person is to the writer in Chinese text (志愿者Grace, 我室友Ben).
_ZH_ROLE_LATIN_NAME = re.compile(
    r"(?:志愿者|志願者|翻译|翻譯|社工|护工|護工|室友|同事|闺蜜|閨蜜|男友|女友|老公|老婆|朋友"
    r"|助理|协调员|協調員|专员|專員|顾问|顧問|药剂师|藥劑師)[ \t]?"
    rf"([{UPPER_LETTERS}][{LOWER_LETTERS}]{{2,}})(?![{LOWER_LETTERS}{UPPER_LETTERS}])"
)
# A display name before the region a Chinese platform shows beside it (饿了就吃　IP属地：广东).
_IP_REGION_HANDLE = re.compile(r"(?m)^[ \t]*@?([^\s@：:]{2,20}?)[ \t\u3000]+IP属地[：:]")
# A given name before an age between commas opening a sentence (Nyabol, 19, delivered twins).
_NAME_BEFORE_AGE = re.compile(
    rf"(?m)(?:^|(?<=[.!?][ \t]))([{UPPER_LETTERS}][{LOWER_LETTERS}]{{2,}})"
    r"(?=,[ \t]+\d{1,2},[ \t]+[a-z])"
)
# A given name in an old abbreviation before a surname (Wm Bremner, Thos. Gunn).
_OLD_GIVEN_ABBREVIATION = re.compile(
    r"\b(?:Wm|Jas|Chas|Thos|Robt|Saml|Jno|Benj|Richd|Edwd|Alexr|Danl)\.?(?=[ \t]+[A-Z][a-z])"
)


def sixty_first_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 61 showed missing and no rule took:
    - both dates of a range, full or a day and month (2024.03.02-2024.03.09, 7/3—7/5);
    - a day and month in a form's date field (Date: 5/17), after a weekday (Weds 15/10) or
      opening a Chinese post (9.12　降温);
    - a Latin name after who a person is in Chinese text (志愿者Grace);
    - a display name before a platform's IP属地;
    - a given name before an age between commas (Nyabol, 19, delivered…);
    - a given name's old abbreviation before a surname (Wm Bremner)."""
    return (
        Rule("DATE", _FULL_DATE_FROM, group=1, accept=_valid_numeric_date, min_digits=8),
        Rule("DATE", _FULL_DATE_TO, group=1, accept=_valid_numeric_date, min_digits=8),
        Rule("DATE", _DAY_FROM, group=1, accept=_day_and_month, min_digits=4, cues=("/",)),
        # The second day of a range that is no score's may end in /10 (7/8—7/10).
        Rule("DATE", _DAY_TO, group=1, min_digits=4, cues=("/",)),
        Rule("DATE", _DATE_FIELD_DAY, group=1, accept=_day_and_month, cues=("date",)),
        Rule(
            "DATE",
            _WEEKDAY_SLASHED_DAY,
            accept=lambda v: _day_and_month(v.split()[-1]),
            min_digits=2,
            cues=("/",),
        ),
        Rule("DATE", _OPENING_DAY, group=1, min_digits=2),
        Rule("NAME", _ZH_ROLE_LATIN_NAME, group=1, accept=_latin_given),
        Rule(HANDLE, _IP_REGION_HANDLE, group=1, cues=("ip属地",)),
        Rule("NAME", _NAME_BEFORE_AGE, group=1, accept=_one_word_name, min_digits=1),
        Rule("NAME", _OLD_GIVEN_ABBREVIATION),
    )


# A day and month after the week it opens, in either order and any number (week of 3/10).
_WEEK_OF_DAY = re.compile(
    r"(?i:\b(?:week[ \t]+(?:of|beginning|commencing|starting)|w/c|wk[ \t]+of)[ \t]*:?[ \t]*)"
    rf"({_SLASHED_DAY})(?![\d/.])"
)
# A day and month before its weekday in Chinese (9.23周一).
_ZH_DAY_WEEKDAY = re.compile(
    r"(?<![\d./])((?:1[0-2]|0?[1-9])[./](?:3[01]|[12]\d|0?[1-9])"
    r"(?:周|週|星期|礼拜|禮拜)[一二三四五六日天])"
)
# A weekday after "back", the day a person returns for care (Back Fri for a check).
_BACK_ON_DAY = re.compile(
    rf"(?i:\bback[ \t]+(?:on[ \t]+)?)((?i:{_EN_DAY_NAME})"
    r"|(?:Mon|Tues?|Weds?|Thu(?:rs?)?|Fri|Sat|Sun)\b)"
)
# A user name in lower case after the account it names (your account kbrightfeather from).
_ACCOUNT_HANDLE = re.compile(
    r"(?i:\b(?:account|username|user name|login|log-in)[ \t]*:?[ \t]+)([a-z][a-z0-9_.]{4,29})\b"
)


def _account_handle(value: str) -> bool:
    """A word after "account" is its user name when it has a handle's shape or ten letters or
    more and is no English word (kbrightfeather; not "account locked", "account attempts")."""
    return _handle_word(value) and (_HANDLE_SHAPE.fullmatch(value) is not None or len(value) >= 10)


def sixty_second_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 62 showed missing and no rule took:
    - a day and month after the week it opens (week of 3/10: a date even in tenths);
    - a Chinese day and month before its weekday (9.23周一);
    - a weekday after "back" (Back Fri for a check);
    - a user name in lower case after "account" or "username";
    and, in existing rules, a surname before a title after 看, 探, 】 or ；, and before 太太, 阿公
    or 伯公; a Latin name in a Chinese field written surname first with a comma or in capitals
    (HO, KWAN YING); a chat speaker after a channel's tag ([#chronic-pain] marrowbone:); a log
    line's day of one digit before its colon, or before a dash (02/10 – Y8 pupil); a day closing
    the title of a handover or a clinic's session (交接班 12/3) or opening the next line."""
    return (
        Rule("DATE", _WEEK_OF_DAY, group=1, min_digits=2, cues=("week", "w/c", "wk")),
        Rule("DATE", _ZH_DAY_WEEKDAY, group=1, min_digits=2),
        Rule("DATE", _BACK_ON_DAY, group=1, cues=("back",)),
        Rule(
            HANDLE,
            _ACCOUNT_HANDLE,
            group=1,
            accept=_account_handle,
            cues=("account", "user", "log"),
        ),
    )


# A day and month opening two lines or more of a log, before a space or a colon (12/06 60 ml
# supervised ✓; 2/5: L ankle inversion; 3/2 65ml 已服): a dosing sheet, a rota, an injury log.
_LINE_DAY = re.compile(rf"(?m)^[ \t]*({_SLASHED_DAY})(?![\d/.])(?=[ \t]+\S|[:：][ \t]*\S)")
# A day and a month's short name joined by a hyphen, in any case (14-feb, 3-Ago).
_DAY_HYPHEN_MONTH = re.compile(
    r"(?i)(?<![\d-])((?:3[01]|[12]\d|0?[1-9])-(?:ene|jan|feb|fév|fev|mar|abr|avr|apr|may|mai|jun|juin"
    r"|jul|juil|ago|aug|aoû|sep|set|oct|out|nov|dic|dez|déc|dec))\b(?!-?\d)"
)


def _log_of_days(text: str, start: int, end: int) -> bool:
    return _day_and_month(text[start:end]) and len(_LINE_DAY.findall(text)) >= 2


def sixty_third_rules() -> tuple[Rule, ...]:
    """Classes of identifier that blind set 63 showed missing and no rule took:
    - a day and month opening two lines or more of a log, before a space or a colon (12/06 60
      ml supervised; 2/5: L ankle inversion);
    - a weekday in French, Spanish or Portuguese that dates an event (le jeudi 4, mardi
      dernier; now in `calendar_rules`), and a day and a month's short name joined by a
      hyphen (14-feb);
    - a surname, 某 and a given name's character (彭某华);
    and, in existing rules, an age over 89 before a word for years in Portuguese, Creole or
    Dutch (tem 91 anos, ena 104 an), and a surname before an office's title (赵主席, 钱校长)."""
    lex = lexicon()
    any_surname = _words(lex.zh_surnames + lex.zh_surnames_ambiguous)
    return (
        Rule("DATE", _LINE_DAY, group=1, accept_at=_log_of_days, min_digits=2, cues=("/",)),
        Rule("DATE", _DAY_HYPHEN_MONTH, group=1, min_digits=1, cues=("-",)),
        Rule(
            "NAME",
            re.compile(
                _ZH_SURNAME_MOU_GIVEN.format(surnames=any_surname, given=lex.zh_given_chars)
            ),
            cues=("某",),
        ),
    )


# Words for a parent, a grandparent, a sibling, an aunt or an uncle in the writer's own
# language (Ommi Ċettina, my pappous Stamatis, nha pai Djodje), before whom `_ELDER_WORLD`'s
# grandparents also stand; each is a word of its language only, so a possessive before it is
# not needed, but the name after it must be no everyday English word.
_KIN_WORLD = (
    r"pappous|papous|ommi|missieri|nannti|nannuwa|m['’]athair|mo mháthair|mo dheartháir"
    r"|mo dheirfiúr|daideo|mamó|pai|mãe|irmão|irmã|titio|titia|mamá|papá|hermano|hermana"
    r"|hermanito|hermanita|tío|tía|abuelita|abuelito|mère|père|frère|sœur|tonton|tatie"
    r"|granmer|granper|mutter|vater|bruder|schwester|moeder|vader|broer|zus|fratello|sorella"
    r"|zio|zia|annem|babam|ablam|abim|ağabeyim|teyzem|halam|dayım|amcam|anneannem|babaannem"
    r"|dedem|ninem|yaay|baay|maman|aki|odu|inang|amang|tatang|nanang|bapa|emak|abah|umi|kakak"
    r"|adik|ibunda|ayahanda|mzee|bibi|babu|dada|kaka|mamá grande|mami|papi|anaa|ataata"
)
# The writer's possessive before a kinship word (my, mo, nha, mi, ma, mon, mein, meine, mijn,
# minha, meu, la mia, il mio, ka, ko).
_POSSESSIVE_WORLD = (
    r"my|mo|nha|mi|ma|mon|mein|meine|mijn|minha|meu|la mia|il mio|ka|ko|sama|mia|mio|moja|mój"
)


def _kin_world_name() -> str:
    """A kinship word of any language and the name after it: after a possessive any word of
    `_ELDER_WORLD` or `_KIN_WORLD` (ka pi Lalhmangaihi stays: pi is too short to be read
    alone), or a word of `_KIN_WORLD` opening a sentence (Ommi Ċettina għandha)."""
    return (
        rf"(?:\b(?i:{_POSSESSIVE_WORLD})\s+(?i:{_ELDER_WORLD}|{_KIN_WORLD})"
        rf"|(?:^|(?<=[.!?]\s))(?i:{_KIN_WORLD})"
        rf"(?=\s+[{UPPER_LETTERS}][{LOWER_LETTERS}]+\s+[{LOWER_LETTERS}]))"
        # …a title or another kinship word may stand before the name (mi abuela Doña Carmen,
        # my lola Nanay Lucing), a reading never is it (my nanay, Hb 62).
        rf"\s*,?\s+(?:(?i:{_TITLES_WORLD}|{_ELDER_WORLD}|{_KIN_WORLD})\s+)?"
        rf"(?!(?i:{_TITLES_WORLD}|{_LAB_WORDS}|{_MEASURE})\b)"
        rf"({_CAP})\b(?!['’]s\s+(?:clinic|surgery|hospital|house))"
    )


# Words of respect before a name in the languages of `_KIN_WORLD` (Doña Carmen, Tita Baby).
_TITLES_WORLD = r"doña|don|dona|dom|señora|señor|sra|sr|mme|frau|herr|signora|signor|tita|tito"


def other_languages_rules() -> tuple[Rule, ...]:
    """What a writer puts in the forms of another language than English or Chinese: a name
    after a kinship word of that language (my pappous Stamatis, Nha pai Djodje, Ommi
    Ċettina); a day and month each closed by a dot, as German and Nordic writers date (Mo,
    03.06.; am 21.10. um 9:00); a Korean month and day (6월 15일); a European address, its
    street and number before the postcode and the town (Lindwurmhof 9, 80337 München;
    Kalliolanrinne 5 B, 00510 Helsinki)."""
    return (
        Rule("NAME", re.compile(_kin_world_name()), group=1, accept=_no_everyday_word),
        Rule("DATE", _DAY_MONTH_DOTTED, group=1, min_digits=4, accept_at=_no_reading_before),
        Rule("DATE", _KO_DATE, group=1, min_digits=2, cues=("월",)),
        Rule("LOCATION", _EU_ADDRESS, group=1, min_digits=5, accept=_town_no_word),
    )


def opening_and_list_rules() -> tuple[Rule, ...]:
    """Identifiers known by where they stand: a name opening a post as its writer's before a
    colon (Giorgi: shepherds up in Omalo …), as a chat's speakers do
    (`_english_chat_speaker`); the days of the month a list gives, three or more (后面还有3号、
    7号、14号: a course of injections), which no bed, floor or line closes."""
    return (
        Rule(HANDLE, _POST_OPENER, group=1, accept_at=_opens_the_post, cues=(":",)),
        Rule("DATE", _ZH_DAY_LIST, group=1, min_digits=3, cues=("号", "號")),
    )


# A Korean date: month and day, the year before them where written (2024년 6월 15일).
_KO_DATE = re.compile(
    r"(?<!\d)((?:\d{4}년[ \t]?)?(?:1[0-2]|0?[1-9])월[ \t]?(?:3[01]|[12]\d|0?[1-9])일)"
)
# A street, its number (and a flat's letter or number), a postcode of four or five digits with
# a country's letters where written, and the town (Lindwurmhof 9, 80337 München; Storgata 12
# B, N-0155 Oslo).
_EU_ADDRESS = re.compile(
    rf"\b({_CAP}(?:[ -]{_CAP})?[ \t]\d{{1,4}}(?:[ \t]?[A-Za-z]\b)?(?:[ \t]\d{{1,3}})?,[ \t]*"
    rf"(?:[A-Z]{{1,2}}-)?\d{{4,5}}[ \t]+{_CAP}(?:[ -]{_CAP})?)"
)


def _town_no_word(value: str) -> bool:
    """The town closing an address is no everyday English word (Report in "Ward 5, 2024
    Report")."""
    return value.split()[-1].lower() not in lexicon().en_common_words


# Three days of the month or more in a list parted by 、, no bed, floor, line or room after
# the last (3号、7号、14号、28号; not 3号、5号、8号床).
_ZH_DAY_LIST = re.compile(
    r"(?<![\d.第])((?:(?:3[01]|[12]\d|[1-9])[号號]、){2,}(?:3[01]|[12]\d|[1-9])[号號])"
    r"(?![床楼樓线線房室窗院病患机機柜櫃门門桌位车車口诊診])"
)


# A display name opening a post before a colon and a message in lower case (Sokha: bong, my
# mom got dengue).
_POST_OPENER = re.compile(rf"\A[ \t]*({_CAP})(?=[ \t]*:[ \t]+[a-z])")
# A day and a month each closed by a dot (03.06., 21.10.), after a weekday's two letters
# where one is written (Mo, 03.06.); a decimal closing a sentence has one digit before its
# point or more than two after it.
_DAY_MONTH_DOTTED = re.compile(
    r"(?<![\w.,])((?:(?:Mo|Di|Mi|Do|Fr|Sa|So|Ma|Ti|Ke|To|Pe|La|Su|On|Lø|Sø|Må|Ti)\.?,?[ \t])?"
    r"(?:0[1-9]|[12]\d|3[01])\.(?:0[1-9]|1[0-2])\.)(?![\w.]|,\d|[ \t]?\d{2,4}\b(?![:.]))"
)


def _no_reading_before(text: str, start: int, end: int) -> bool:
    """No measurement or test stands before `text[start:end]` (Hb was 10.12.: a reading)."""
    return _READING_BEFORE.search(text, max(0, start - 30), start) is None


# A measurement or a test and the verb or sign that gives its value, right before a number.
_READING_BEFORE = re.compile(
    rf"(?i:\b(?:{_MEASURE}|{_LAB_WORDS})\W*(?:(?:is|was|of|at|now|=|:)\s*)?)\Z"
)


def logs_and_registers_rules() -> tuple[Rule, ...]:
    """What the lines of a log, a register or a form are known by:
    - the numbers opening two lines or more of a register, of one shape (ZN-0931 | F | 24;
      LM/112 Ram Bahadur; 30178455 Pte Jamieson);
    - a day and month opening an entry before its colon (03/02: bag change), after a word
      of what was done that day (issued 9/11, RFT 02/01, del 12/09), a field ending in 日
      (訪視日：11/14) or a word of leave or stay before a range of days (休息两周（10.8—10.21）),
      and dotted days opening two lines or more of a Chinese log (10.5 未遇);
    - initials before an age and sex (L.O. 71F, P.McK 66M) or after a field of initials
      (缩写 L.J.H); a user name after a "User:" field;
    - in Chinese text, a surname alone after a role and its colon (咨询师：施, 带队：和主任), a
      name between a role and a phone number (司机 才仁 138…), a name opening a register's
      line before the age (关金山  88岁), a surname after an English title (Mr. 伍) and a
      Latin name after a field's colon with the surname in capitals (BATBAYAR Ganzorig,
      ZHANG/WEIMIN)."""
    lex = lexicon()
    surnames = _words(lex.zh_surnames)
    ambiguous = _words(lex.zh_surnames_ambiguous)
    rare = "".join(lex.zh_surnames_rare)
    c = re.compile
    return (
        Rule("ID", _REGISTER_NUMBER, group=1, accept_at=_register_of_numbers, min_digits=4),
        Rule("DATE", _ENTRY_DAY, group=1, accept=_day_and_month, min_digits=2, cues=("/",)),
        Rule("DATE", _DAY_AFTER_DONE, group=1, accept=_day_and_month, min_digits=2, cues=("/",)),
        Rule("DATE", _ZH_DAY_FIELD, group=1, min_digits=2, cues=("日", "记录", "記錄")),
        Rule("DATE", _ZH_LEAVE_RANGE, group=1, min_digits=4),
        Rule(
            "DATE",
            _ZH_LINE_DOT_DAY,
            group=1,
            accept_at=_on_two_lines(_ZH_LINE_DOT_DAY),
            min_digits=2,
        ),
        Rule("NAME", _INITIALS_AGE_SEX, group=1, min_digits=1),
        Rule("NAME", _INITIALS_FIELD, group=1, cues=("缩写", "縮寫", "initials")),
        Rule(HANDLE, _USER_FIELD, group=1, accept=_user_name, cues=("user", "login")),
        Rule(
            "NAME",
            c(
                rf"(?:{_ZH_ROLE})[:：][ \t]*((?:{surnames}|{ambiguous}|[{rare}]))"
                rf"(?=(?:{_ZH_SURNAME_TITLE})?(?:$|[\s，。；;,.)）]))"
            ),
            group=1,
            cues=(":", "："),
        ),
        Rule(
            "NAME",
            c(rf"(?:{_ZH_ROLE})[ \t]+([\u4e00-\u9fff]{{2,4}})[ \t]+(?=\+?\d{{3}})"),
            group=1,
            min_digits=3,
        ),
        Rule(
            "NAME",
            c(
                rf"(?m)^[ \t]*((?:{surnames}|{ambiguous})[\u4e00-\u9fff]{{1,2}})[ \t\u3000]+"
                r"(?=(?:\d{1,3}|[一二三四五六七八九十]{1,3})[ \t]?[岁歲])"
            ),
            group=1,  # a common word there is dropped as any name is (`_is_identifier`)
        ),
        Rule(
            "NAME",
            c(
                rf"\b(?:Mr|Mrs|Ms|Miss|Dr|Prof)\.?[ \t]?((?:{surnames}|{ambiguous})"
                r"[\u4e00-\u9fff]{0,2})(?![\u4e00-\u9fff])"
            ),
            group=1,
        ),
        Rule("NAME", _LATIN_NAME_IN_FIELD, group=1, accept=_latin_name_in_field),
    )


# The numbers that open a register's lines: letters, a hyphen or slash and digits, or six
# digits or more, before a field's bar or a capitalised word.
_REGISTER_NUMBER = re.compile(
    r"(?m)^[ \t]*([A-Z]{1,4}[-/]\d{2,7}|\d{6,10})(?=[ \t]*\|[ \t]*\S|[ \t]+[A-Z])"
)


def _register_of_numbers(text: str, start: int, end: int) -> bool:
    """Two lines or more of `text` open with a number of the same shape as this one's."""

    def shape(code: str) -> str:
        return re.sub(r"\d", "9", re.sub(r"[A-Z]", "A", code))

    mine = shape(text[start:end])
    return sum(shape(code) == mine for code in _REGISTER_NUMBER.findall(text)) >= 2


# A day and month opening an entry before its colon (03/02: bag change x2).
_ENTRY_DAY = re.compile(r"(?m)^[ \t]*(\d{2}/\d{2})(?=:[ \t]+[A-Za-z])")
# A day and month after a word of what was done that day, or the Spanish "el"/"del" (issued
# 9/11, RFT 02/01, sale del 12/09); not a count of days, weeks or months (started 3/7 ago,
# given 2/52).
_DAY_AFTER_DONE = re.compile(
    r"\b(?:issued|given|started|stopped|seen|fitted|removed|inserted|changed|sent|booked|admitted"
    r"|discharged|reviewed|collected|dispensed|RFT|completed|consented|randomi[sz]ed|del|el)"
    r"[ \t]+((?:3[01]|[12]\d|0?[1-9])/(?:1[0-2]|0?[1-9]))(?![\d/])"
    r"(?![ \t]*(?:ago|course|of|days?|weeks?|months?|hrs?|hours?)\b)"
)
# A day after a field ending in 日 or 日期 (訪視日：11/14, 手术日：3-5, 签名日期 6.19) or after a
# record's colon (冲管记录：2/14).
_ZH_DAY_FIELD = re.compile(
    r"(?:[\u4e00-\u9fff]{1,4}日期?[:：]|[\u4e00-\u9fff]{0,4}日期[ \t]|记录[:：]|記錄[:：])[ \t]*"
    r"((?:1[0-2]|0?[1-9])[/.\-](?:3[01]|[12]\d|0?[1-9]))(?![\d/.\-])"
)
# A range of days after a word of leave or a stay (休息两周（10.8—10.21）, 住院 3.2-3.9).
_ZH_LEAVE_RANGE = re.compile(
    r"(?:休息|病休|休假|请假|請假|病假|住院|隔离|隔離|留观|留觀)[^。\n]{0,6}?[（(]?"
    r"((?:1[0-2]|0?[1-9])\.(?:3[01]|[12]\d|0?[1-9])[ \t]?[—–\-~～至到][ \t]?"
    r"(?:1[0-2]|0?[1-9])\.(?:3[01]|[12]\d|0?[1-9]))(?![\d.])"
)
# A dotted day and month opening a line of a Chinese log before its words, no unit (10.5 未遇).
_ZH_LINE_DOT_DAY = re.compile(
    r"(?m)^[ \t]*((?:1[0-2]|0?[1-9])\.(?:3[01]|[12]\d|0?[1-9]))(?![\d.])"
    r"(?=[ \t]+(?!分|毫|克|升|厘|公|斤|度|次|个|個|小时|天|周|岁|歲|倍|万|千|元|米)[\u4e00-\u9fff])"
)


def _on_two_lines(pattern: re.Pattern[str]) -> Callable[[str, int, int], bool]:
    """An `accept_at` for a pattern that opens lines: true where two lines or more of the text
    match it (a log's dotted days, a diary's weekdays), never for one line alone."""

    def accept(text: str, start: int, end: int) -> bool:
        return len(pattern.findall(text)) >= 2

    return accept


# Initials before an age and a sex (L.O. 71F, P.McK 66M) and after a field of initials.
_INITIALS_AGE_SEX = re.compile(
    r"(?<![\w./])((?:[A-Z]\.){1,3}[A-Z]?|[A-Z]\.(?:Mc|Mac|O['’])?[A-Z][a-z]{0,2})"
    r"(?=[ \t]+\d{1,3}[ \t]?[MF]\b)"
)
_INITIALS_FIELD = re.compile(
    r"(?:缩写|縮寫|(?i:initials))[:：]?[ \t]*((?:[A-Z]\.?){2,4})(?![A-Za-z])"
)
# A user name after a "User:" field (User: wenehoua.h).
_USER_FIELD = re.compile(
    r"(?m)^[ \t]*(?:User|Username|User name|Login)[ \t]*:[ \t]*([\w][\w.\-]{2,29})(?![\w@])"
)
# Roles before whose colon a surname alone is a person (咨询师：施) or before a name and phone.
_ZH_ROLE = (
    r"咨询师|諮詢師|医师|醫師|医生|醫生|护士|護士|技师|技師|药师|藥師|治疗师|治療師|社工|司机|司機|带队"
    r"|帶隊|联系人|聯絡人|负责人|負責人|记录人|記錄人|对接人|護工|护工|志愿者|志願者"
)
# A Latin name after the colon of a field of who a person is in Chinese text, the surname in
# capitals first (入境人员：BATBAYAR Ganzorig（蒙古国籍）, 姓名：ZHANG/WEIMIN).
_LATIN_NAME_IN_FIELD = re.compile(
    r"(?:姓名|名字|人员|人員|患者|病人|旅客|乘客|申请人|申請人|受检者|受檢者|受试者|受試者|案主|个案|個案"
    r"|联系人|聯絡人|家属|家屬|持证人|持證人)[：:][ \t]*"
    r"([A-Z]{3,}(?:/[A-Z]{3,}|[ \t][A-Z][a-z]+(?:[ \t-][A-Z][a-z]+)?))"
    r"(?=[（(\s，,]|$)"
)


def _latin_name_in_field(value: str) -> bool:
    """No part is an everyday English word or an acronym without a vowel (HIV/AIDS, COPD
    Exacerbation are no names)."""
    parts = re.split(r"[ \t/-]", value)
    return all(re.search(r"[AEIOUaeiou]", p) for p in parts) and _no_everyday_word(
        " ".join(p.capitalize() for p in parts)
    )


_PRISON = re.compile(
    r"\b((?:HMP(?:[ \t]&[ \t]YOI)?|HMYOI|HM[ \t]Prison)[ \t]+[A-Z][a-z]+(?:[ \t][A-Z][a-z]+)?)"
)
_INDUSTRIAL_AREA = re.compile(
    r"\b((?:[A-Z][a-z]+[ \t]){1,2}Industrial[ \t](?:Area|Estate|Zone|Park|City)(?:[ \t]\d{1,3})?)\b"
)


def _industrial_area(value: str) -> bool:
    """The words before "Industrial" are no everyday words (not Light Industrial Estate)."""
    return _no_everyday_word(value.split(" Industrial")[0])


# A unit's or a flat's number written before its street's after a slash (Unit 4/27
# Canterbury Rd): the part before the street's number the street's own finding leaves.
_UNIT_BEFORE_STREET = re.compile(
    r"\b((?:Unit|Apt|Flat|Suite|Shop)[ \t]?\d{1,4}[A-Za-z]?/)(?=\d{1,5}[A-Za-z]?[ \t]+[A-Z])"
)
# A flat by its number alone, capitalised, after a colon or a word of where, not a count and
# not before a street's number (Log: Flat 9 pull cord, in Flat 22; not "Flat 2 weeks", nor
# the flat of "Flat 3, 17 Cowgate", which its address's finding takes whole).
_FLAT_ALONE = re.compile(
    r"(?:^|[:(–—]|\b(?:in|at|to|from|of|into|outside))[ \t]*((?:Flat|Apt\.?)[ \t]+\d{1,4}[A-Z]?)\b"
    r"(?![ \t]*(?:%|mg|ml|days?|weeks?|months?|years?)\b)(?![ \t]*,?[ \t]*\d)",
    re.MULTILINE,
)
_BLOCK = re.compile(
    r"\b((?:Blk|BLK|Block)\.?[ \t]*\d{1,4}[A-Z]?(?:[ \t,]+(?:#\d{1,2}-\d{1,4}|Lot[ \t]*\d{1,4}))?)"
    r"(?![\d/.])"
)
_POSTAL_CODE = re.compile(r"(?i:\b(?:postal(?:[ \t]code)?|Singapore))[ \t:]*(\d{6})(?!\d)")
_TW_POSTCODE = re.compile(
    r"(?<![\d-])(\d{3}(?:\d{2,3})?)[ \t]?(?=(?:臺北|台北|新北|桃園|臺中|台中|臺南|台南|高雄|基隆"
    r"|新竹|嘉義|苗栗|彰化|南投|雲林|屏東|宜蘭|花蓮|臺東|台東|澎湖|金門|連江)[市縣])"
)
_ZH_PO_BOX = re.compile(r"((?:九龍|九龙)?(?:中央)?(?:郵政信箱|邮政信箱)[ \t]*\d{1,6}[號号]?)")
# A town before its border crossing (凭祥口岸, 霍尔果斯口岸), not a kind of crossing (公路口岸).
_ZH_BORDER_TOWN = re.compile(
    r"(?:^|(?<=[^\u4e00-\u9fff])|(?<=[在到去从從经經过過由]))([\u4e00-\u9fff]{2,4}?)(?=口岸)",
    re.MULTILINE,
)
_NOT_A_BORDER_TOWN = re.compile(
    r".*(?:陆路|陸路|公路|铁路|鐵路|航空|水运|水運|边境|邊境|入境|出境|进境|進境|国家|國家|开放|開放"
    r"|一类|二类|这个|那个|這個|那個|各|的|个|個|口岸)"
)


def _zh_border_town(value: str) -> bool:
    return _NOT_A_BORDER_TOWN.match(value) is None


def places_by_their_word_rules() -> tuple[Rule, ...]:
    """Places known by the word next to them (blind sets 68-71 showed them missing): a town
    before the kind of facility it has, in lower case or as an acronym (Tsholotsho clinic, Bol
    district hospital, Djibo CSPS, Parachinar DHQ), when no word of it is an everyday word, a
    drug or a medical term; a numbered street or a corner of two (82nd St, 8th Ave & 57th St);
    a place after a distance and a bearing (14 nm W of Castlebay), after a commune's or a
    district's word (commune Makiso), in an address field (Lesná 47), and an Italian street
    (Via dei Gelsomini 14); and from blind 72's, a British road by its number before a word of
    where (on the A859 near Balallan) and a village named by a family after a word of going or
    living (从林家湾骑三轮); from blind 74's, an Ethiopian kebele by number and a Vietnamese
    ward, commune or district by name (kebele 08, phường Vĩnh Ninh); from blind 75's, a
    British prison (HMP Ravensmoor), an industrial area (Sharjah Industrial Area 12), a
    corner of two streets (Bridge Rd and Church St), a unit's number before its street's
    (Unit 4/27 Canterbury Rd), a Hong Kong post office box (中央郵政信箱8823號) and a town
    before its border crossing (凭祥口岸); from blind 76's, a flat by its number alone (Flat 9
    pull cord), a Singapore or Philippine block (Blk 561 #04-22, Blk 12 Lot 4), a Singapore
    postal code after its word, and a Taiwanese postal code before its city (807 高雄市…)."""
    return (
        Rule("LOCATION", _FLAT_ALONE, group=1, min_digits=1, cues=("flat", "apt")),
        Rule("LOCATION", _BLOCK, group=1, min_digits=1, cues=("blk", "block")),
        Rule("LOCATION", _POSTAL_CODE, group=1, min_digits=6, cues=("postal", "singapore")),
        Rule("LOCATION", _TW_POSTCODE, group=1, min_digits=3),
        Rule("LOCATION", _PRISON, group=1, cues=("hmp", "hmyoi", "hm prison")),
        Rule("LOCATION", _INDUSTRIAL_AREA, group=1, accept=_industrial_area, cues=("industrial",)),
        Rule("LOCATION", _STREET_CORNER, group=1, cues=(" and ", "&")),
        Rule("LOCATION", _UNIT_BEFORE_STREET, group=1, min_digits=2),
        Rule("LOCATION", _ZH_PO_BOX, group=1, min_digits=1, cues=("信箱",)),
        Rule("LOCATION", _ZH_BORDER_TOWN, group=1, accept=_zh_border_town, cues=("口岸",)),
        Rule("LOCATION", _TOWN_BEFORE_KIND, group=1, accept=_town_before_kind),
        Rule("LOCATION", _ORDINAL_STREET, group=1, min_digits=1),
        Rule("LOCATION", _BEARING_OF_PLACE, group=1, accept=_no_everyday_word, cues=(" of ",)),
        Rule("LOCATION", _PLACE_DIVISION, group=1, accept=_no_everyday_word),
        Rule("LOCATION", _STREET_IN_ADDRESS, group=1, accept=_no_everyday_word, min_digits=1),
        Rule("LOCATION", _ITALIAN_STREET, group=1, accept=_italian_street),
        # An Ethiopian kebele by its number and a Vietnamese ward, commune or district by its
        # name (kebele 08, phường Vĩnh Ninh, xã Tân Phú).
        Rule("LOCATION", _LOCAL_WARD, group=1),
        # A British road by its number where a place's word follows (on the A859 near
        # Balallan, the M6 northbound).
        Rule("LOCATION", _UK_ROAD, group=1, min_digits=1, cues=("the",)),
        # A village named by a family, after a word of going or living (从林家湾骑三轮, 住在
        # 王家坪): a surname, 家 and a word of the land.
        Rule(
            "LOCATION",
            re.compile(
                r"(?:从|從|在|到|去|回|住|老家|来自|來自)"
                rf"((?:{_words(lexicon().zh_surnames)})家(?:湾|灣|塆|村|庄|莊|坪|沟|溝|岭|嶺|坳|寨|屯"
                r"|铺|鋪|营|營|垸|咀|嘴|坝|壩|堡|集|岗|崗|洼|窪|峪|峁|塬))"
            ),
            group=1,
        ),
    )


_CYRILLIC_DAY_MONTH = re.compile(
    r"(?<!\d)((?:[12]\d|3[01]|0?[1-9])[ \t]+(?:січня|лютого|березня|квітня|травня|червня|липня"
    r"|серпня|вересня|жовтня|листопада|грудня|января|февраля|марта|апреля|мая|июня|июля|августа"
    r"|сентября|октября|ноября|декабря"
    # Bulgarian, Serbian and Macedonian months (5 февруари 2024, 12 септембра)
    r"|януари|февруари|март|април|май|юни|юли|септември|октомври|ноември|декември"
    r"|јануара?|фебруара?|марта?|априла?|маја?|јуна?|јула?|августа?|септемб(?:ар|ра)"
    r"|октоб(?:ар|ра)|новемб(?:ар|ра)|децемб(?:ар|ра))(?:[ \t]+(?:19|20)\d\d)?)(?!\w)",
    re.IGNORECASE,
)


def days_on_forms_rules() -> tuple[Rule, ...]:
    """Days and months known by where they stand (blind sets 68-71): after a schedule's or a
    card's word (EDD 03/11, Intake 03/06, Day 3 07/06, D9 9/13, BCG ✔ 02.03, next appt 04-09,
    Last injection: 05/09), closing a signed line (评估人：郑晓雯 11.03, seen by Dr Chen 2/14),
    in a form's Date field, after a Spanish or Portuguese word of an appointment (Próxima cita
    5/7, dia 12/08), opening two lines of a log (15.08 altitude headache); weekdays opening a
    log's entry before its colon (AWD CTC, Sunday: 53 admits), opening a diary's lines in lower
    case, after a time (21:30 Sat); Thai dates (15 ส.ค.); and from blind 72's, a day after an
    admission's or a discharge's word (Admit 6/2 — Discharge 6/7) and a month and day opening a
    log's line before a time of four digits (07-14 0300); from blind 73's, Chinese weekdays
    opening a rota's lines (周二 小周：), a day after a Chinese word of a visit (本次随访：9/26) or
    opening a log's line before Chinese text (4/14 潜深 32m); and from blind 74's, a birthday's
    day and month after DOB (DOB 11/22); from blind 75's, a day and a month in Ukrainian or
    Russian (22 лютого)."""
    return (
        Rule("DATE", _CYRILLIC_DAY_MONTH, group=1, min_digits=1),
        Rule("DATE", _DIARY_WEEKDAY, group=1, accept_at=_on_two_lines(_DIARY_WEEKDAY)),
        Rule("DATE", _DAY_ON_SCHEDULE, group=1, accept=_schedule_day, min_digits=2),
        Rule("DATE", _SIGNED_DAY, group=1, accept=_schedule_day, min_digits=2),
        Rule("DATE", _WEEKDAY_ENTRY, group=1, cues=("day:",)),
        Rule("DATE", _FORM_DATE_FIELD, group=1, accept=_schedule_day, cues=("date",)),
        Rule("DATE", _ROMANCE_DAY, group=1, accept=_day_of_a_month, min_digits=2),
        Rule(
            "DATE", _EN_LOG_DOT_DAY, group=1, accept_at=_on_two_lines(_EN_LOG_DOT_DAY), min_digits=4
        ),
        Rule("DATE", _WEEKDAY_AFTER_TIME, group=1, min_digits=3),
        Rule("DATE", _THAI_DATE, group=1, min_digits=1),
        # A day and month after an admission's or a discharge's word, where a clinician's
        # shorthand of days would read "ago" after it (Admit 6/2 — Discharge 6/7).
        Rule("DATE", _ADMIT_OR_DISCHARGE_DAY, group=1, accept=_day_and_month, min_digits=2),
        # Chinese weekdays opening two lines or more of a rota (周二 小周：换药 … 周五 罗姐：…).
        Rule("DATE", _ZH_ROTA_WEEKDAY, group=1, accept_at=_on_two_lines(_ZH_ROTA_WEEKDAY)),
        # A day and month after a Chinese word of a visit or a follow-up (本次随访：9/26), or
        # opening a log's line before Chinese text (4/14 潜深 32m…; not a dose: 1/2 片).
        Rule("DATE", _ZH_VISIT_DAY, group=1, accept=_day_and_month, min_digits=2),
        Rule("DATE", _ZH_LOG_LINE_DAY, group=1, accept=_day_and_month, min_digits=2),
        # A birthday's day and month after DOB with no year, as a newborn's bracelet writes it
        # (DOB 11/22).
        Rule("DOB", _DOB_DAY, group=1, accept=_day_and_month, min_digits=2, cues=("dob",)),
        # A month and day opening a log's line before a time of four digits (07-14 0300 右下腹痛).
        Rule(
            "DATE",
            re.compile(
                r"(?m)^[ \t]*((?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))"
                r"(?=[ \t]+(?:[01]\d|2[0-3])[0-5]\d(?!\d))"
            ),
            group=1,
            min_digits=8,
        ),
    )


_AGE_AFTER_TURN = re.compile(r"\b(?:turn|turns|turned)[ \t]+(\d{2,3})\b(?![ \t]*(?:%|mg|ml))")
_AGE_AFTER_BIRTH_YEAR = re.compile(r"(?:19|20)\d\d\)?[ \t]*\((\d{2,3})\)")
# A name before "(known name)" or "(street name)", as outreach notes write it.
_KNOWN_NAME = re.compile(rf"\b({_CAP})[ \t]+\((?:known|street|goes by)[ \t]name\)")
# A given name opening a post before "here" (Camila here. My dad is…).
_HERE_OPENING = re.compile(rf"(?m)^[ \t]*({_CAP})[ \t]+here\b(?=[ \t]*[.,!:;—–-])")
# A handle a moderator's or a filter's note names before what it did (Mod note: lonelyinleeds
# posted…, Flagged: bluebellwhispers made 6 posts).
_MODERATED_HANDLE = re.compile(
    r"(?i:\b(?:mod note|flagged|reported|banned|warned|warning|mod)[ \t]*[:：-])[ \t]*"
    r"([a-z][a-z0-9_.]{4,29})(?=[ \t]+(?:posted|made|wrote|sent|has|was|is|replied|shared))"
)
# A handle closing a post after "dm me" (dm me, thabo.codes).
_DM_ME_HANDLE = re.compile(
    r"(?i:\b(?:dm|pm|message)[ \t]+me)[,:]?[ \t]+([a-z][a-z0-9_.]{2,28}[a-z0-9])[ \t]*[.!]?[ \t]*$"
)
# Initials addressed at a line's start, before a comma or a colon (K.C.，你上次講嘅…).
_ADDRESSED_INITIALS = re.compile(r"(?m)^[ \t]*((?:[A-Z]\.){2,3})(?=[ \t]*[,，:：])")
_ABBREVIATIONS = frozenset(
    {
        "N.B.",
        "P.S.",
        "A.M.",
        "P.M.",
        "U.S.",
        "U.K.",
        "E.U.",
        "I.E.",
        "E.G.",
        "O.D.",
        "B.D.",
        "Q.D.",
        "T.D.S.",
        "P.R.N.",
        "N.H.S.",
        "U.S.A.",
    }
)


def _not_an_abbreviation(value: str) -> bool:
    return value.upper() not in _ABBREVIATIONS


def people_and_speakers_rules() -> tuple[Rule, ...]:
    """People known by where they stand (blind sets 68-71): an age over 89 after a relative's
    word and "is" or "'s" (me mam's 91, my da (Paddy) is 95), after a name closing its line
    (Mr H. Gunn, 91) or joined to the sex (Joan Whitaker, 94F); a chat's speakers on lines of
    their own before the time they wrote (小狼不哭 21:05) or in lower case before a colon
    closing the line (jason.wu:), and in a Chinese chat a display name with a number or a mask
    in it (7栋1202：, t***8：) or closed by a parent's word (碎娃他妈：); a name of two words
    after the day opening a log's line (30/04 Mutinta Liswaniso obstructed labour), after the
    field of either partner on a premarital check (男方：罗布), written SURNAME, Given (WU,
    Meiling; TREGENZA, Michael J) or as a ticket writes it (ADEBAYO/FOLASHADE MRS); a Korean
    name in Hangul standing alone in text of another language (김선희：), and a Chinese surname
    before a Japanese honorific (王さん); and from blind 72's, a given name between a word of
    calling and a phone number (Contact Joy 0917 845 2230), a chat's speakers after the times
    they wrote ([19:04] Rob: what ward??), a nickname quoted in brackets after a full name
    (Jordan Ellis ('Hammer')) and the nickname a log's line is signed with (Signed Skip.); in
    Chinese text a surname after an English title (Sir 梁) and a surname with an elder's word
    of address (陳伯, 杨阿奶); from blind 73's, a name greeted after a sender's bracket
    (【…】阿支您好) and a pet name before a nurse's or a doctor's word (宁宁护士, 小燕护士); from
    blind 74's, a newborn's surname after "baby girl" or "baby boy" (BB GIRL NORDSTROM); from
    blind 75's, initials addressed at a line's start (K.C.，你上次講嘅…); from blind 76's, an age
    over 89 after "turn" (Grandpa turn 103) or in brackets after a year of birth (born 2
    February 1932 (92)), a name before "(known name)" or "here" opening a post (Camila here.),
    a handle a moderator's note names (Mod note: lonelyinleeds posted…) and one closing a post
    after "dm me" (dm me, thabo.codes)."""
    lex = lexicon()
    surnames = _words(lex.zh_surnames)
    ambiguous = _words(lex.zh_surnames_ambiguous)
    return (
        Rule("AGE", _AGE_AFTER_KIN, group=1, accept=_over_89, cues=_OVER_89_CUES),
        Rule("AGE", _AGE_CLOSING_NAME, group=1, accept=_over_89, cues=_OVER_89_CUES),
        Rule("AGE", _AGE_BEFORE_SEX, group=1, accept=_over_89, cues=_OVER_89_CUES),
        Rule(HANDLE, _SPEAKER_BEFORE_TIME, group=1, accept_at=_speakers_with_times, min_digits=3),
        Rule(HANDLE, _SPEAKER_LINE, group=1, accept_at=_speaker_lines, cues=(":",)),
        Rule(HANDLE, _ZH_CODED_SPEAKER, group=1, accept_at=_zh_coded_speaker, cues=(":", "：")),
        Rule("NAME", _NAME_AFTER_LOG_DAY, group=1, accept=_no_everyday_word, min_digits=2),
        Rule("NAME", _ZH_PARTNER_FIELD, group=1, cues=("男方", "女方")),
        Rule("NAME", _SURNAME_COMMA_GIVEN, group=1, accept_at=_surname_comma_given, cues=(",",)),
        Rule("NAME", _PASSENGER_NAME, group=1),
        Rule("NAME", _HANGUL_NAME, group=1, accept_at=_hangul_name),
        Rule("NAME", _NAME_BEFORE_PHONE, group=1, accept=_given_words, min_digits=6),
        Rule("NAME", _TIMED_SPEAKER, group=1, accept_at=_timed_speaker, min_digits=3),
        Rule("NAME", _QUOTED_NICKNAME, group=1, accept_at=_after_a_full_name),
        Rule("NAME", _SIGNED_NICKNAME, group=1, accept=_signed_nickname, cues=("signed", "sgd")),
        Rule("NAME", _ADDRESSED_INITIALS, group=1, accept=_not_an_abbreviation, cues=(".",)),
        Rule("AGE", _AGE_AFTER_TURN, group=1, accept=_over_89, cues=("turn",)),
        Rule("AGE", _AGE_AFTER_BIRTH_YEAR, group=1, accept=_over_89, min_digits=6),
        Rule("NAME", _KNOWN_NAME, group=1, accept=_no_everyday_word, cues=("name)",)),
        Rule("NAME", _HERE_OPENING, group=1, accept=_given_words, cues=(" here",)),
        Rule(HANDLE, _MODERATED_HANDLE, group=1, accept=_user_name_shaped),
        Rule(HANDLE, _DM_ME_HANDLE, group=1, cues=("dm me", "pm me", "message me")),
        # A surname a report gives with 某 for the rest of the name (钢筋工莫某被…, 患者张某某).
        Rule(
            "NAME",
            re.compile(
                rf"(?<![\u4e00-\u9fff某])({surnames})(?=某)|(?<=[工员員者人士生属屬])({surnames}|{ambiguous})(?=某)"
            ),
            cues=("某",),
        ),
        # A newborn's surname after "baby girl" or "baby boy", as a cot card or a bracelet
        # writes it (BB GIRL NORDSTROM, Baby Boy Okafor).
        Rule("NAME", _NEWBORN_SURNAME, group=1, accept=_newborn_surname),
        # A name greeted after a sender's bracket (【昭觉县疾控中心】阿支您好) and a pet name or
        # 小 and a character before a nurse's or a doctor's word (宁宁护士, 小燕护士).
        Rule("NAME", _ZH_GREETED_AFTER_SENDER, group=1, cues=("您好", "你好")),
        Rule("NAME", _ZH_PET_BEFORE_ROLE, group=1, cues=("护士", "護士", "医生", "醫生", "老师")),
        # A Chinese surname after an English title, as Hong Kong writes a teacher or a leader
        # (負責領袖：Sir 梁, Miss 陳說).
        Rule(
            "NAME",
            re.compile(
                rf"\b(?:Sir|Mr|Mrs|Ms|Miss|Madam|Dr)\.?[ \t]?({surnames})"
                r"(?=$|[^\u4e00-\u9fff]|[說说讲講话話问問叫嘅的都也就同和跟])",
                re.MULTILINE,
            ),
            group=1,
        ),
        # A surname and an elder's word of address, after a word that is no part of a name
        # (有冇人知陳伯今朝…, 找王叔, ：杨阿奶): 伯, 叔, 婶, 嫂 and 阿奶 close no given name;
        # 阮 before 阿嬤 is Taiwanese for "my".
        Rule(
            "NAME",
            re.compile(
                rf"(?:^|(?<=[\s，,。！!？?、：:「“（(知问問找叫同和跟见見是的给給帮幫让讓]))"
                rf"(?!阮阿)((?:{surnames})(?:[伯叔婶嬸嫂姨]|阿[奶婆公爷爺嬷嫲嬤]))"
                r"(?![\u4e00-\u9fff]?[父母子])",
                re.MULTILINE,
            ),
            group=1,
        ),
        Rule(
            "NAME",
            re.compile(
                rf"((?:{surnames}|{ambiguous})[\u4e00-\u9fff]{{0,2}})"
                r"(?=さん|様|さま|ちゃん|くん)"
            ),
            group=1,
        ),
    )


# A LINE id after the app's name (add me on LINE nurse.rina88, LINE rattana.aftercare, 加我line：
# somchai_88), with a digit, a dot or an underscore in it, or any id after LINE in capitals
# and a colon (LINE：carewithlulu).
_LINE_ID = re.compile(
    r"(?<![A-Za-z])(?:LINE(?:[ \t]*(?:ID|id))?[ \t]*[:：][ \t]*@?"
    r"|(?:LINE|Line|line)(?:[ \t]*(?:ID|id|Id))?[ \t]*[:：]?[ \t]*@?(?=[\w.-]*[\d._]))"
    r"([A-Za-z][\w.-]{3,28}[A-Za-z\d])(?![\w.-])"
)


def numbers_by_their_word_rules() -> tuple[Rule, ...]:
    """Numbers known by the word before them (blind sets 68-70): an extension alone (分机6312,
    ext. 4471), a receipt's or a docket's number (No. 00418), a number in a URL's path after
    patient or user (/portal/patient/48812/results); and from blind 74's, a Mexican CURP by
    its shape; from blind 75's, a LINE id after the app's name (add me on LINE nurse.rina88;
    from blind 83's, LINE rattana.aftercare)."""
    return (
        Rule("PHONE", _EXTENSION, group=1, min_digits=3),
        Rule("ID", _LINE_ID, group=1, cues=("line",)),
        Rule("ID", _DOCKET_NUMBER, group=1, min_digits=4, cues=("no", "№")),
        Rule("ID", _ID_IN_URL_PATH, group=1, min_digits=3, cues=("/",)),
        # A Mexican CURP by its shape: four letters, the birth date, the sex, five letters of
        # state and name, two characters (MUSD190415HZSXCG08).
        Rule("ID", _CURP, min_digits=7),
    )


_ADMIT_OR_DISCHARGE_DAY = re.compile(
    r"\b(?:[Aa]dmit(?:ted)?|ADMIT(?:TED)?|[Dd]ischarge[ds]?|DISCHARGE[DS]?|D/C)[ \t]*"
    r"(?:on[ \t]+)?[:\-–]?[ \t]*((?:3[01]|[12]\d|0?[1-9])/(?:3[01]|[12]\d|0?[1-9]))(?![\d/])"
    r"(?![ \t]*(?i:ago|days?|wks?|weeks?|post|later|prior|before|after)\b)"
)
_UK_ROAD = re.compile(
    r"\b(?:the|The)[ \t]+((?:A\d{1,4}|M\d{1,2})(?:\(M\))?)(?=[ \t]+(?:near|at|between|outside"
    r"|towards|to|by|north|south|east|west|(?:north|south|east|west)bound|junction|slip|roundabout"
    r")\b)"
)


_ZH_ROTA_WEEKDAY = re.compile(
    r"(?m)^[ \t]*((?:周|週|星期|礼拜|禮拜)[一二三四五六日天])(?=[ \t\u3000]+\S)"
)
_ZH_VISIT_DAY = re.compile(
    r"(?:随访|隨訪|复诊|複診|访视|訪視|复查|複查|就诊|就診|回访|回訪|日期)[：:]?[ \t]*"
    r"((?:3[01]|[12]\d|0?[1-9])/(?:3[01]|[12]\d|0?[1-9]))(?![\d/])"
)
_ZH_LOG_LINE_DAY = re.compile(
    r"(?m)^[ \t]*((?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9]))(?![\d/])"
    r"(?=[ \t]+[\u4e00-\u9fff])(?![ \t]+[片粒支袋包瓶次量份])"
)
_ZH_GREETED_AFTER_SENDER = re.compile(
    r"[】\]]((?!大家|各位|家长|家長|老师|老師|医生|醫生|患者|用户|用戶|同学|同學|朋友|先生|女士|亲)"
    r"[\u4e00-\u9fff]{2,3}?)(?=您好|你好)"
)
_ZH_PET_BEFORE_ROLE = re.compile(
    r"(?:(?<![\u4e00-\u9fff])|(?<=[是的找叫问問和跟给給让讓请請]))"
    # …no kin's word and no everyday doubled word (谢谢医生, 刚刚医生说, 天天)
    r"((?P<pet>(?![妈媽爸爷爺奶哥姐弟妹叔婶嬸姑舅宝寶谢謝多天常刚剛慢好人看试試问問听聽等渐漸偏仅僅往时時处處个個年])"
    r"[\u4e00-\u9fff])(?P=pet)"
    r"|小(?![儿兒学學组組区區时時])[\u4e00-\u9fff])(?=护士|護士|医生|醫生|老师|老師)"
)


_LOCAL_WARD = re.compile(
    r"\b((?:[Kk]ebele|KEBELE)[ \t]+\d{1,3}(?!\d|[.,]\d)"
    r"|(?:phường|Phường|xã|Xã|quận|Quận|huyện|Huyện)[ \t]+[A-ZĐÀ-Ỹ][^\s,.;:()]*"
    r"(?:[ \t][A-ZĐÀ-Ỹ][^\s,.;:()]*){0,2})"
)
_CURP = re.compile(
    r"\b[A-Z]{4}\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])[HM][A-Z]{5}[A-Z0-9]\d\b"
)
_NEWBORN_SURNAME = re.compile(
    r"\b(?:BB|BABY|Baby|baby)[ \t]+(?:GIRL|BOY|Girl|Boy|girl|boy)[ \t]+"
    r"((?:[A-Z][a-z'’]+|[A-Z]{2,})(?:-(?:[A-Z][a-z'’]+|[A-Z]{2,}))?)\b"
)


def _newborn_surname(value: str) -> bool:
    """No twin's letter or number and no everyday word (Baby Girl Twin, BABY BOY ONE)."""
    return value.upper() not in {"TWIN", "ONE", "TWO", "A", "B", "I", "II"} and (
        value.lower() not in lexicon().en_common_words
    )


_DOB_DAY = re.compile(
    r"\b(?:DOB|D\.O\.B\.?|[Dd]ob)[ \t]*[:\-]?[ \t]*"
    r"((?:3[01]|[12]\d|0?[1-9])/(?:3[01]|[12]\d|0?[1-9]))(?![\d/])"
)


# A given name between a word of calling and the phone number it is reached on (Contact Joy
# 0917 845 2230, ring Shona on 07700 914352).
_NAME_BEFORE_PHONE = re.compile(
    r"\b(?:[Cc]ontact|CONTACT|[Cc]all|[Tt]ext|[Rr]ing|[Mm]essage|WhatsApp|[Aa]sk[ \t]+for)[ \t:]+"
    rf"({_CAP}(?:[ \t]{_CAP})?)[ \t,:–-]*(?:on|at)?[ \t]*(?=\(?\+?\d[\d \t().-]{{6,}})"
)


def _given_words(value: str) -> bool:
    """The first word is a given name, an everyday word among them (Joy, Rob), or a word no
    list holds (Shaji, from blind 75); no word is a drug or a medical term, and no word but
    a given name an everyday word (Contact Reception, Call Lifeline: no one)."""
    first, *rest = value.split()
    lex = lexicon()
    return (lex.is_given(first) or first in lex.everyday_given or _no_everyday_word(first)) and all(
        not lex.is_drug_name(w) and not is_medical_term(w) for w in (first, *rest)
    )


# A chat's speaker after the time of the message, in brackets or not, a day before it
# allowed ([19:04] Rob: what ward??, 12/03/24, 19:04 - Dani: ok).
_TIMED_SPEAKER = re.compile(
    r"(?m)^[ \t]*\[?(?:\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?,?[ \t]*)?(?:[01]?\d|2[0-3]):[0-5]\d"
    rf"(?::[0-5]\d)?(?:[ \t]?[APap][Mm])?\]?[ \t]*(?:[-–][ \t]*)?({_CAP})(?=:[ \t])"
)


def _timed_speaker(text: str, start: int, end: int) -> bool:
    """Two lines or more of `text` open with a time and a speaker, and this one is a display
    name (`_display_name_word`: Rob, Dani; not Me, Meds, Update)."""
    return len(_TIMED_SPEAKER.findall(text)) >= 2 and _display_name_word(text, start, end)


# A nickname quoted in brackets after a full name (Boxer: Jordan Ellis ('Hammer')).
_QUOTED_NICKNAME = re.compile(rf"[ \t]*\([ \t]*['‘\"“]({_CAP}(?:[ \t]{_CAP})?)['’\"”][ \t]*\)")
_FULL_NAME_BEFORE = re.compile(rf"(?<![\w.])({_CAP})[ \t]+{_CAP}[ \t]*\Z")


def _after_a_full_name(text: str, start: int, end: int) -> bool:
    """The bracket follows two capitalised words whose first is a given name."""
    before = _FULL_NAME_BEFORE.search(text, max(0, start - 40), text.rfind("(", 0, start))
    return before is not None and lexicon().is_given(before.group(1))


# The nickname a line is signed with, closing it (Signed Skip., sgd Tash).
_SIGNED_NICKNAME = re.compile(
    rf"(?m)\b(?:[Ss]igned|SIGNED|[Ss]gd)[:.]?[ \t]+({_CAP})(?=[ \t]*[.!]?[ \t]*$)"
)
_NOT_SIGNED_BY = frozenset(
    ("Copy", "Off", "Consent", "Form", "Parent", "Guardian", "Nurse", "Doctor", "Manager",
     "Leader", "Yes", "No", "Above", "Below", "Here", "Today", "Date", "Patient", "Carer",
     "Witness", "Declaration", "Agreement", "Receipt", "Version", "Original")
)  # fmt: skip


def _signed_nickname(value: str) -> bool:
    """No word of a form (Signed Copy., Signed Parent), drug or medical term."""
    return (
        value not in _NOT_SIGNED_BY
        and not lexicon().is_drug_name(value)
        and not is_medical_term(value)
    )


# The kind of facility a town has, after the town and in lower case or as an acronym:
# what it is (district, teaching, camp) then the facility (hospital, clinic, CSPS: a
# Burkinabè health centre, DHQ: a Pakistani district hospital, TTYT: a Vietnamese district
# health centre).
_FACILITY_KIND_EN = (
    r"(?:(?:district|teaching|governmental|government|general|referral|regional|rural|camp"
    r"|mobile|mountain|dive|community|county|mission|military|maternity|leprosy)[ \t]+){0,2}"
    r"(?:hospital|clinic|health cent(?:re|er)|health post|dispensary|CSPS|CSCom|CSI|CSB|PHC"
    r"|CHC|DHQ|THQ|BHU|RHC|TTYT|CRENI|CRENAS|CTC|annex|transit (?:site|centre|center)|camp)"
    r"(?![\w-])(?![ \t]+(?:number|no\b|records?|notes?|letters?))"
)
_TOWN_BEFORE_KIND = re.compile(
    rf"(?<![\w'’.-])((?:al-|el-)?{_CAP}(?:[ \t]{_CAP}){{0,2}})[ \t]+(?={_FACILITY_KIND_EN})"
)


def _town_before_kind(value: str) -> bool:
    """No word of the town is an everyday word, a function word, a drug, a medical term, a
    date's word or one the rules keep, nor shaped like an English adjective or participle
    (Fracture clinic, My hospital, Tuesday clinic, Warfarin clinic, Kenya camp, Diabetic
    clinic, Pacing clinic)."""
    lex = lexicon()
    words = value.removeprefix("al-").removeprefix("el-").split()
    return (
        not is_medical_term(value)
        and not lex.is_kept_place(value)
        and all(
            len(w) >= 3
            and _ENGLISH_ENDING.search(w) is None
            and w not in lex.not_names
            and w.lower() not in lex.en_common_words
            and not lex.is_common_word(w)
            and not lex.is_drug_name(w)
            and not lex.is_eponym(w)
            and w not in _NOT_FACILITY
            and w not in _SPECIALTY_WORDS
            and w not in _CALENDAR_WORDS
            and not is_medical_term(w)
            and not lex.is_kept_place(w)
            for w in words
        )
    )


# A specialty's or a body part's word before a kind of facility in lower case (Spine clinic,
# Resp clinic, Clinical Genetics clinic): no town.
_SPECIALTY_WORDS = frozenset(
    ("Spine", "Resp", "Genetics", "Genetic", "Clinical", "Radiology", "Neuro", "Cardio", "Derm",
     "Ortho", "Uro", "Onc", "Haem", "Gastro", "Rheum", "Endo", "Paeds", "Peds", "Obs", "Gynae",
     "Knee", "Hip", "Shoulder", "Hand", "Foot", "Back", "Bone", "Lung")
)  # fmt: skip
# Endings of English adjectives, participles and abstract nouns (Diabetic, Pacing, Surgical).
_ENGLISH_ENDING = re.compile(r"(?:ing|ic|ical|al|ive|ary|ory|ous|ed|ology|ity|ment|ness|tion|ics)$")
_OVER_89 = r"(9\d|1[01]\d)(?![\d.,%])"
_AGE_AFTER_KIN = re.compile(
    rf"\b(?:(?i:{_RELATIVES_EN})(?:[ \t]*\([^()\n]{{1,30}}\))?(?:['’]s|[ \t]+(?:is|was|turned"
    r"|turns|now))?"
    # …and "is" or "'s" after the short words, which are also acronyms (MAM 118: a count).
    rf"|(?i:mam|da|ma|pa)(?:[ \t]*\([^()\n]{{1,30}}\))?(?:['’]s|[ \t]+(?:is|was|turned|turns"
    rf"|now)))[ \t]+{_OVER_89}"
    r"(?![ \t]*(?:[/:]|(?i:mmhg|sats?)\b)|[ \t]*(?i:kg|kgs|lbs?|mg|mmol|bpm|cm|percent|per|over"
    r"|out|on (?:air|oxygen)"
    r"|minutes?|mins?|miles?|km|kms|metres|meters|feet|ft|seconds?|secs?|hours?|hrs?|days?"
    r"|weeks?|months?)\b)"
)
# An age over 89 joined to the sex after a name and a comma (Pt: Joan Whitaker, 94F).
_AGE_BEFORE_SEX = re.compile(r"(?<=[A-Za-z\]]),[ \t]*(9\d|1[01]\d)(?=[ \t]?[MF]\b)")
# Weekdays in lower case opening the lines of a diary, two or more (mon 6/10 w aura … fri none).
_DIARY_WEEKDAY = re.compile(
    r"(?m)^[ \t]*(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\b(?=[ \t]+\S)"
)


# A numbered street, or a corner of two (82nd St, 9th Street, 8th Ave & 57th St).
_STREET_KIND = (
    r"(?:Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Drive|Dr|Blvd|Boulevard|Hwy|Pde|Parade)(?![A-Za-z])"
)
_ORDINAL_STREET = re.compile(
    rf"\b(\d{{1,3}}(?:st|nd|rd|th)[ \t]+{_STREET_KIND}"
    rf"(?:[ \t]*&[ \t]*\d{{1,3}}(?:st|nd|rd|th)[ \t]+{_STREET_KIND})?)"
)
# …and a corner of two named streets (Bridge Rd and Church St).
_STREET_CORNER = re.compile(
    rf"\b((?:[A-Z][a-z]+[ \t]){{1,2}}{_STREET_KIND}\.?[ \t]+(?:and|&)[ \t]+"
    rf"(?:[A-Z][a-z]+[ \t]){{1,2}}{_STREET_KIND})"
)
_AGE_CLOSING_NAME = re.compile(rf"(?m)(?<=[A-Za-z.)]),[ \t]*{_OVER_89}(?=[ \t]*(?:$|\([a-z]))")
# A day and month after a word of a schedule, a card or a cycle (EDD 03/11, Intake 03/06,
# Day 3 07/06, D9 9/13, BCG ✔ 02.03, next appt 04-09); a dot or a hyphen only between two
# digits each side, so that a reading (D2 1.5 mg) is never one.
_DAY_ON_SCHEDULE = re.compile(
    r"(?:\b(?:EDD|LMP|[Ii]ntake|INTAKE|[Ss]ervice|[Vv]isit|appt|[Aa]ppointment|[Rr]echeck"
    r"|[Ss]ession|[Dd]ay[ \t]?\d{1,2}|D\d{1,2}|POD[ \t]?\d{1,2}|DOS|[Oo]nset"
    # …or after "last" or "next" and what it is (Last injection: 05/09, Next MDT 11/12)
    r"|(?:[Ll]ast|[Nn]ext|LAST|NEXT)(?:[ \t]+[A-Za-z]{2,15}){1,2})[ \t]*[:\-–]?|[✔✓☑])[ \t]*"
    r"((?:3[01]|[12]\d|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])"
    r"|(?:3[01]|[12]\d|0[1-9])[.-](?:3[01]|[12]\d|0[1-9]))"
    r"(?![\d/]|[.-]\d"
    r"|[ \t]*(?i:%|mg|ml|days?(?![ \t]*\d)|weeks?|hrs?|hours?|ago|course|units?|iu)\b)"
)
# A day and month closing the line a person signs (评估人：郑晓雯 11.03, seen by Dr Chen 2/14).
_SIGNED_DAY = re.compile(
    r"(?m)(?:人|师|師|者|签名|簽名|签名日期|seen by|signed|Signed)[:：]?[ \t]*[^\n:：]{1,16}?[ \t]+"
    r"((?:3[01]|[12]\d|0?[1-9])[./](?:3[01]|[12]\d|0?[1-9]))[ \t]*$"
)


def _schedule_day(value: str) -> bool:
    """A day and a month in some order, and no span of days, weeks or months in a clinician's
    shorthand (3/7, 6/12, 2/52) or a score out of ten."""
    a, b = (int(p) for p in re.split(r"[/.-]", value))
    if re.fullmatch(r"[1-9]/(?:7|12|52)", value) or (b == 10 and a <= 10):
        return False
    return (1 <= a <= 31 and 1 <= b <= 12) or (1 <= a <= 12 and 1 <= b <= 31)


# A weekday opening a log's entry before its colon, after a comma or at a line's start
# (AWD CTC, Sunday: 53 admits).
_WEEKDAY_ENTRY = re.compile(
    r"(?m)(?:^|,[ \t]+)((?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day)(?=:[ \t]+\S)"
)
# A chat's speaker on a line of its own before the time of the message, a bracket of who
# they are allowed between (向日葵(QQ 3385126047) 21:03, 小狼不哭 21:05).
_SPEAKER_BEFORE_TIME = re.compile(
    r"(?m)^[ \t]*([^\s:：()（）\[\]【】\d][^\s:：()（）\[\]【】]{1,15})"
    r"(?:[ \t]*[（(][^()（）\n]{0,30}[)）])?[ \t]+(?:[01]?\d|2[0-3]):[0-5]\d[ \t]*$"
)


def _speakers_with_times(text: str, start: int, end: int) -> bool:
    """Two lines or more of `text` are a speaker and a time, and this one is no date, no
    everyday word and no family member's or group role's word (奶奶 08:12, 群主 21:00)."""
    value = text[start:end]
    return (
        len(_SPEAKER_BEFORE_TIME.findall(text)) >= 2
        and not re.search(r"\d[./-]\d", value)
        and value.lower() not in lexicon().en_common_words
        and _KIN_OR_ROLE.fullmatch(value) is None
    )


_KIN_OR_ROLE = re.compile(
    rf"(?:{ZH_KIN_WORDS}|[大小二三四老表堂]?[爸妈爷奶姥婆公姨舅叔伯姑哥姐弟妹嫂][父母子]?"
    r"|群主|管理员|管理員|楼主|樓主|客服|助理|我)"
)


# A place a distance and a bearing are from (14 nm W of Castlebay, 5 km north of Bol).
_BEARING_OF_PLACE = re.compile(
    r"\b\d+(?:\.\d+)?[ \t]?(?:nm|km|kms|mi|miles|NM)[ \t]+(?:[NSEW]{1,3}|north|south|east|west"
    rf"|north-?east|north-?west|south-?east|south-?west)[ \t]+of[ \t]+({_CAP}(?:[ \t]{_CAP})?)"
)
# A name of two words after the day opening a log's line, before what happened in lower case
# (30/04 Mutinta Liswaniso obstructed labour).
_NAME_AFTER_LOG_DAY = re.compile(
    rf"(?m)^[ \t]*(?:3[01]|[12]\d|0?[1-9])[/.](?:3[01]|[12]\d|0?[1-9])[ \t]+({_CAP}[ \t]{_CAP})"
    r"(?=[ \t]+[a-z])"
)
# A chat's speaker in lower case on a line of their own, the message on the next line
# (jason.wu:\n我奶奶…\nmei:\n哇).
_SPEAKER_LINE = re.compile(r"(?m)^[ \t]*([a-z][a-z0-9_.]{1,24})[ \t]*:[ \t]*$")


def _speaker_lines(text: str, start: int, end: int) -> bool:
    """Two lines or more of `text` are such speakers, and this one is no everyday word."""
    return (
        len(_SPEAKER_LINE.findall(text)) >= 2
        and text[start:end] not in lexicon().en_common_words
        and not lexicon().is_common_word(text[start:end])
    )


# A Chinese chat's speaker known by a number or a mask in the name (7栋1202：, t***8：) or by
# a parent's word closing it (碎娃他妈：).
_ZH_CODED_SPEAKER = re.compile(
    r"(?m)^[ \t]*([^\s：:，,。！!？?()（）\[\]【】]{2,12}?)(?=[ \t]*[：:][ \t]*\S)"
)


def _zh_coded_speaker(text: str, start: int, end: int) -> bool:
    """`text[start:end]` opens a line of a chat with no form's fields, and is a display name:
    a digit or a mask among other characters (not a cycle's day, D2, nor a time or a date),
    or a parent's word closing it."""
    if not _in_a_chat(text, start, end) or _FORM_FIELDS.search(text):
        return False
    value = text[start:end]
    if re.search(r"(?:他|她|娃|崽)(?:妈|爸|娘|爹)$", value) and len(value) >= 3:
        return True
    return (
        re.search(r"[\d*]", value) is not None
        and re.search(r"[^\d*\s]", value) is not None
        and re.search(r"[\u4e00-\u9fff]|\*", value) is not None
        and re.fullmatch(r"[A-Za-z]{1,3}\d{1,3}|[\d.:/\-年月日号號]+", value) is None
    )


# The bride's or the groom's name on a premarital check's form (男方：罗布　女方：央金卓玛).
_ZH_PARTNER_FIELD = re.compile(
    r"(?:男方|女方)(?:姓名)?[:：][ \t\u3000]*([\u4e00-\u9fff·]{2,8})(?=[\s，,；;]|$)"
)
# A surname, a comma and the given name, as forms, labels and passports write them (WU,
# Meiling; LIANG, SHU FEN; TREGENZA, Michael J; Zhou, Mingyu).
_SURNAME_COMMA_GIVEN = re.compile(
    r"(?<![\w,])((?:[A-Z][a-z]+|[A-Z]{2,}),[ \t]?(?:[A-Z][a-z]+(?:-[A-Za-z]+)?|[A-Z]{2,}"
    r"(?:[ \t][A-Z]{2,}){0,2})(?:[ \t][A-Z]\b(?!['’.]\w))?)(?![\w,])"
)
_NAME_FIELD_BEFORE = re.compile(
    r"(?:^|(?i:name|patient|passenger|insured|member|client|claimant|applicant)[ \t]*[:：]"
    r"|(?:姓名|患者|病人|旅客|乘客|申请人|申請人|持证人|持證人|受检者|受檢者)[:：]?)[ \t]*\Z",
    re.MULTILINE,
)


def _surname_comma_given(text: str, start: int, end: int) -> bool:
    """A romanised Chinese or a listed surname, or any surname opening a line or after a
    field of who a person is; the given name a known given name or pinyin; no everyday word
    (COPD, Asthma; Thanks, Mary)."""
    value = text[start:end]
    family, given = (part.strip() for part in value.split(",", 1))
    words = [w for w in given.split() if len(w) > 1]
    lex = lexicon()
    known = re.fullmatch(_ROMANISED_SURNAMES, family.capitalize()) or family.capitalize() in (
        lex.family_names
    )
    placed = _NAME_FIELD_BEFORE.search(text, max(0, start - 30), start) is not None
    return (
        bool(words)
        and (known or placed)
        and re.search(r"[AEIOUaeiou]", family) is not None
        and family.lower() not in lex.en_common_words
        and all(
            lex.is_given(w.capitalize()) or _PINYIN_NAME.fullmatch(w.lower().replace("-", ""))
            for w in words
        )
        and _no_everyday_word(" ".join(w.capitalize() for w in words))
    )


# A passenger's name as a ticket writes it, SURNAME/GIVEN and the title (ADEBAYO/FOLASHADE MRS).
_PASSENGER_NAME = re.compile(
    r"\b([A-Z]{2,}/[A-Z]{2,}(?:[ \t][A-Z]{2,})?)(?=[ \t]+(?:MRS|MR|MS|MISS|MSTR|DR)\b)"
)
# A day and month in a form's Date field (Signed: G. Okonkwo-Bell   Date: 12/08).
_FORM_DATE_FIELD = re.compile(
    r"\b(?i:date(?:[ \t]of[ \t][a-z]+)?)[ \t]*[:：][ \t]*"
    r"((?:3[01]|[12]\d|0?[1-9])[/.](?:3[01]|[12]\d|0?[1-9]))(?![\d/.])"
)
# A day and month after a Spanish, Portuguese, French or German word of an appointment
# (Próxima cita 5/7, Retorno na UBS Compensa dia 12/08, RDV 3/4): no clinician's shorthand there.
_ROMANCE_DAY = re.compile(
    r"\b(?:[Cc]ita|[Tt]urno|[Rr]etorno|[Rr]egreso|[Cc]onsulta|[Dd]ia|[Dd]ía|RDV|[Rr]endez-vous"
    r"|[Tt]ermin)(?:[ \t]+(?:el|la|le|o|a|am|em|en|para|du|le))?[ \t]+"
    r"((?:3[01]|[12]\d|0?[1-9])/(?:1[0-2]|0?[1-9]))(?![\d/])"
)


def _day_of_a_month(value: str) -> bool:
    """A day of 1-31 and a month of 1-12."""
    day, month = (int(p) for p in value.split("/"))
    return 1 <= day <= 31 and 1 <= month <= 12


# Dotted days and months opening the lines of an English log (14.08 walker from Brescia,
# 15.08 altitude headache).
_EN_LOG_DOT_DAY = re.compile(
    r"(?m)^[ \t]*((?:3[01]|[12]\d|0[1-9])\.(?:1[0-2]|0[1-9]))(?![\d.])(?=[ \t]+[A-Za-z])"
)


# A weekday after the time it names (Trigger Ovitrelle 21:30 Sat).
_WEEKDAY_AFTER_TIME = re.compile(
    r"(?<!\d)(?:[01]?\d|2[0-3]):[0-5]\d[ \t]+((?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)"
    r"(?:day)?)\b"
)
# A Thai day and month by the month's abbreviation, its year where written (15 ส.ค. 2567).
_THAI_DATE = re.compile(
    r"(?<!\d)(\d{1,2}[ \t]?(?:ม\.ค\.|ก\.พ\.|มี\.ค\.|เม\.ย\.|พ\.ค\.|มิ\.ย\.|ก\.ค\.|ส\.ค\.|ก\.ย\."
    r"|ต\.ค\.|พ\.ย\.|ธ\.ค\.)(?:[ \t]?\d{2,4}(?![\d:]))?)"
)
# A number in a URL's path after a patient, user or account (/portal/patient/48812/results).
_ID_IN_URL_PATH = re.compile(
    r"/(?:patients?|users?|members?|accounts?|records?|clients?|profile)/(\d{3,12})(?=[/?#\s\"]|$)"
)
# A place after the word of a commune, a district or a neighbourhood (commune Makiso,
# quartier Lingwala, barrio San Judas).
_PLACE_DIVISION = re.compile(
    r"\b(?:commune|quartier|secteur|localité|comuna|colonia|barrio|bairro|vereda|aldea"
    rf"|kelurahan|desa|kampung)[ \t]+(?:de[ \t]+|d['’])?({_CAP}(?:[ \t-]{_CAP})?)"
)
# A street and number in an address field with words before its colon (Address in Košice:
# Lesná 47).
_STREET_IN_ADDRESS = re.compile(
    rf"(?i:\baddress)[^:\n]{{0,20}}:[ \t]*({_CAP}(?:[ \t]{_CAP})?[ \t]\d{{1,4}}[A-Za-z]?)\b"
    r"(?![,.]?\d)"
)
# An Italian street and its number (Via dei Gelsomini 14, Piazza San Marco).
_ITALIAN_STREET = re.compile(
    r"\b((?:Via|Viale|Piazza|Piazzale|Corso|Largo|Vicolo)[ \t]+"
    r"(?:(?:dei|degli|delle|della|del|di|da|San|Santa|Sant['’])[ \t]*)?"
    rf"{_CAP}(?:[ \t]{_CAP}){{0,2}}(?:,?[ \t]\d{{1,4}}[a-z]?)?)"
)


def _italian_street(value: str) -> bool:
    """The street's own name is no everyday English word (Via Email, Corso Online)."""
    name = [w for w in value.split()[1:] if w[:1].isupper() and not w[:1].isdigit()]
    return bool(name) and _no_everyday_word(" ".join(name))


# An extension written alone, no phone number before it to take it in (联系人：于丽娜 分机6312,
# ext. 4471).
_EXTENSION = re.compile(
    r"(?<![\d)])(?<![\d)][ \t,])(?<![\d)][ \t,][ \t])(?<![\d)][ \t,]转)(?<![\d)]转)"
    r"(?:分[机機]|内线|內線|\b(?i:ext|extn|extension)\.?)[ \t]*[:：#]?[ \t]*(\d{3,6})(?!\d)"
)
# A receipt's, an invoice's or a docket's number after No. (送货单 No.00418, 收据 No. 7781).
_DOCKET_NUMBER = re.compile(r"(?:\bNo\.|\bNO\.|№)[ \t]?(\d{4,12})(?![\w.,/-])")
# A Korean name in Hangul: a common surname and two syllables, standing alone (no word of
# three syllables that opens like one: 이번주, 이렇게).
_HANGUL_NAME = re.compile(
    r"(?<![\uac00-\ud7a3])(?!이번|이렇|이제|이후|이야|이상|이것|이거|이사)"
    r"([김이박최정강조윤장임한서신권황안송류전홍고문양손배백허유남심노하곽성차주우구"
    r"민진나지엄채원천방공현함변염여추도석선설마길연위표명기반왕금옥육인맹제모탁국은편용]"
    r"[\uac00-\ud7a3]{2})(?![\uac00-\ud7a3])"
)


def _hangul_name(text: str, start: int, end: int) -> bool:
    """The text is mostly of another language: Hangul makes up under half of its letters (a
    Korean sentence's words are no names)."""
    hangul = sum("\uac00" <= ch <= "\ud7a3" for ch in text)
    letters = sum(ch.isalpha() for ch in text)
    return hangul * 2 < letters


# Letters of every script with case, for the words of places named in other languages
# (Phương Nam, Αγία Ειρήνη, Sącz): a capital, then small letters or an apostrophe.
_CASED = [chr(c) for c in range(0xC0, 0x2000)]
_ANY_UPPER = "A-Z" + "".join(ch for ch in _CASED if ch.isupper())
_ANY_LOWER = "a-z" + "".join(ch for ch in _CASED if ch.islower())
_ANY_CAP = rf"[{_ANY_UPPER}][{_ANY_LOWER}'’]+"
_NOT_LATIN_BEFORE = r"(?<![A-Za-z\u00c0-\u024f\u1e00-\u1eff])"
# A date in Vietnamese: the day and the month, and the year where written (ngày 12 tháng 3,
# ngày 2 tháng 3 năm 2024).
_VI_DATE = re.compile(
    rf"{_NOT_LATIN_BEFORE}((?i:ngày)[ \t]+{_DAY}[ \t]+(?i:tháng)[ \t]+(?:1[0-2]|0?[1-9])"
    r"(?:,?[ \t]+(?i:năm)[ \t]+(?:19|20)\d\d)?)(?!\d)"
)
# A date in Thai: the day, the month's name, and the year of the Buddhist era where written
# (9 เมษายน 2567, 5 มกราคม พ.ศ. 2567).
_TH_DATE = re.compile(
    rf"(?<!\d)({_DAY}[ \t]*(?:มกราคม|กุมภาพันธ์|มีนาคม|เมษายน|พฤษภาคม|มิถุนายน|กรกฎาคม|สิงหาคม"
    r"|กันยายน|ตุลาคม|พฤศจิกายน|ธันวาคม)(?:[ \t]*(?:พ\.ศ\.[ \t]*)?(?:25|19|20)\d\d)?)(?!\d)"
)
# A date in Greek, in its letters or in Latin ones: the day and the month's name in the
# genitive, the weekday before them and the year after where written (12 Ιουνίου 2024, Triti 9
# Apriliou).
_GR_DATE = re.compile(
    r"(?<![\w])((?:(?i:Δευτέρα|Τρίτη|Τετάρτη|Πέμπτη|Παρασκευή|Σάββατο|Κυριακή|Deftera|Triti"
    rf"|Tetarti|Pempti|Paraskevi|Savvato|Kyriaki),?[ \t]+)?{_DAY}[ \t]+"
    r"(?i:Ιανουαρίου|Φεβρουαρίου|Μαρτίου|Απριλίου|Μαΐου|Μαίου|Ιουνίου|Ιουλίου|Αυγούστου"
    r"|Σεπτεμβρίου|Οκτωβρίου|Νοεμβρίου|Δεκεμβρίου|Ianouariou|Fevrouariou|Martiou|Apriliou|Maiou"
    r"|Iouniou|Iouliou|Avgoustou|Septemvriou|Oktovriou|Noemvriou|Dekemvriou)"
    r"(?:[ \t]+(?:19|20)\d\d)?)(?![\w])"
)
# Korea's harvest festival and new year, which date what happened in them (추석 연휴 那几天).
_KO_HOLIDAY = re.compile(r"(?<![\uac00-\ud7a3])(추석|설날)(?![\uac00-\ud7a3])")
# A hospital, clinic or pharmacy named in the language of its country, its kind and its
# name whole (Clínica do Estoril Atlântico, Hospital Particular do Barlavento, Szpital Miejski
# im. Anny Wrzos, Bệnh viện Đa khoa Tâm Phúc, Klinik am Isarbogen), also written into Chinese
# text (送Phòng khám Đa khoa Vạn Phúc Chợ Lớn检查).
_FACILITY_ABROAD = re.compile(
    rf"{_NOT_LATIN_BEFORE}((?:Clínica|Clinica|Clinique|Policlínica|Policlinica|Hospital|Hôpital"
    r"|Centre hospitalier|Pharmacie|Ospedale|Szpital"
    # (a Malay Klinik by the health posts' rule, a German one before am, an or im here)
    r"|Klinik(?:um)?(?=[ \t]+(?:am|an|im)\b)|Farmacia|Farmácia|Bệnh viện|Phòng khám)"
    r"(?:[ \t]+(?:Đa khoa|Quốc tế|Particular|Privado|Privada|Pakar|Miejski|Wojewódzki"
    r"|Powiatowy|Universitario|Universitário|médicale|dentaire|universitaire))*"
    rf"(?:(?:[ \t]+(?:de|do|da|dos|das|del|della|di|am|an|im\.|la|el|Sf\.))*[ \t]+{_ANY_CAP})"
    r"{1,5})"
)
# …and in Greek, Japanese, Korean and Thai letters (Ιδιωτική Κλινική Αγία Ειρήνη,
# 千里丘こども内科, 特別養護老人ホームさくら苑, 영등포 새봄정형외과, โรงพยาบาลล้านนาสุขใจ).
_FACILITY_ABROAD_SCRIPTS = re.compile(
    r"((?:Ιδιωτική[ \t]+)?Κλινική(?:[ \t]+[Α-ΩΆ-Ώ][α-ωά-ώϊϋΐΰ]+){1,3}"
    r"|(?:特別養護老人ホーム|老人ホーム|グループホーム)[\u3040-\u30ff\u4e00-\u9fff]{1,6}?[苑園荘]"
    r"|[\u4e00-\u9fff]{0,3}[\u3040-\u30ff][\u3040-\u30ff\u4e00-\u9fff]{0,8}?"
    r"(?:クリニック|内科|小児科|歯科|医院|病院|健診センター|メディカルスクエア)"
    r"|(?:[\uac00-\ud7a3]{2,4}[ \t])?[\uac00-\ud7a3]{1,6}?"
    r"(?:내과의원|정형외과|내과|의원|병원|치과|한의원)"
    r"|โรงพยาบาล[\u0e00-\u0e7f]{2,20})"
)
# An age over 89 in a form's field of another language (Idade: 90, 年齡：95) or before
# Japanese 歳 ((94歳)).
_AGE_FIELD_ABROAD = re.compile(
    rf"(?:{_NOT_LATIN_BEFORE}(?i:idade|edad|âge|alter|età|wiek|tuổi|ηλικία|yaş|leeftijd)"
    r"|年齡|年紀)[ \t]*[:：][ \t\u3000]*(9\d|1[01]\d)(?!\d)"
)
_JP_AGE = re.compile(r"(?<!\d)(9\d|1[01]\d)(?=歳)")
# A Japanese name before its honorific: a surname of the list alone or with its given name
# (山田さん, 林 玉英様), or a child's name in hiragana before くん or ちゃん (ゆうとくん; not
# おばあちゃん, a grandmother).
_JP_HONORIFIC = r"(?=さん|様|さま|くん|ちゃん|先生)"
_JP_KANA_NAME = re.compile(
    r"(?<![\u3040-\u30ff])(?!お(?:ばあ|じい|かあ|とう|ねえ|にい)|ばあ|じい|あか)"
    r"([\u3041-\u3093]{2,4}?)(?=くん|ちゃん)"
)

# A street in Spain, Portugal, Latin America, Italy, Romania or Poland by its kind, its name
# and its number, with the floor and door and the postcode where written (Calle Las Adelfas
# 7, 2ºB; Rua da Liberdade 12; ul. Kościuszki 14/3).
_STREET_ABROAD = re.compile(
    r"(?<![\w.])((?:Calle|C/|Avenida|Avda\.|Rua|Travessa|Largo|Praça|Carrer|Passeig|Camino|Paseo"
    r"|Plaza|Strada|Via|Viale|Corso|Piazza|Bulevardul|Str\.|ul\.|ulica|al\.|aleja)"
    rf"(?:(?:[ \t]+(?:de|da|do|dos|das|del|la|las|los|el|di|della|San|Santa))*[ \t]+{_ANY_CAP})"
    r"{1,4},?[ \t]+\d{1,4}[A-Za-z]?(?:/\d{1,3})?"
    r"(?:,[ \t]*\d{1,2}[ºª°][ \t]?[A-Za-z]?(?:[ \t]?(?:Dto|Esq|Izq|Dcha|Dta)\.?)?)?"
    rf"(?:,[ \t]*\d{{4,5}}(?:-\d{{3}})?[ \t]+{_ANY_CAP}(?:[ \t]+{_ANY_CAP})?)?)(?![\w/])"
)
# Numbers by their shape alone: a Brazilian CPF (318.447.290-15) and a Macau resident's
# card (5/218463/2).
_CPF = re.compile(r"(?<![\d.])(\d{3}\.\d{3}\.\d{3}-\d{2})(?![\d.-])")
_MACAU_ID = re.compile(r"(?<![\d/])([157]/\d{6}/\d)(?![\d/])")
# A weekday and a day and a month all in lower case, as a hurried post writes them (tues 4th
# june, sat 12 oct).
_LOWER_WEEKDAY_DATE = re.compile(
    r"(?<![\w'’])((?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day)?\.?,?[ \t]+"
    r"(?:3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)?[ \t]+(?:of[ \t]+)?"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*)(?![\w'’])"
)

# A Vietnamese lane or alley by its number and street (ngõ 12 Đặng Thai Mai, hẻm 45/7 Trần
# Hưng Đạo).
_VI_LANE = re.compile(
    rf"{_NOT_LATIN_BEFORE}((?i:ngõ|ngách|hẻm|kiệt)[ \t]+\d{{1,4}}(?:/\d{{1,4}})?"
    rf"(?:[ \t]+{_ANY_CAP}){{1,4}})"
)
# A Korean neighbourhood (동) where a Chinese sentence says someone was (在대림동, 住방배동).
_KO_NEIGHBOURHOOD = re.compile(r"(?<=[在住去到从從])([\uac00-\ud7a3]{1,3}동)(?![\uac00-\ud7a3])")


def _no_english_street(value: str) -> bool:
    """Where a street's kind is also an English word (Via, Plaza, Corso, Largo), its name's
    first word is no everyday English word: "via Zoom 2" and "Plaza Hotel 5" stay."""
    kind, _, rest = value.partition(" ")
    if kind not in ("Via", "Plaza", "Corso", "Largo", "Camino", "Paseo"):
        return True
    name = re.findall(_ANY_CAP, rest)
    return bool(name) and _no_everyday_word(name[0])


def _no_english_first_word(value: str) -> bool:
    """A facility's first word after its kind and qualifiers is no everyday English word: the
    Hospital Anxiety and Depression Scale, Hospital Road and Klinik Trust stay."""
    words = re.findall(_ANY_CAP, value)
    return len(words) > 1 and _no_everyday_word(words[1])


def abroad_rules() -> tuple[Rule, ...]:
    """What posts from abroad write in the forms of their country (blind sets 77 and 78):
    dates in Vietnamese, Thai and Greek, Korea's festivals, a weekday of any language with a
    comma before a day and a month (joi, 18 aprilie; Mittwoch, 4. September), a weekday and
    date all in lower case (tues 4th june), facilities and streets named in their country's
    language, a Vietnamese lane and a Korean neighbourhood, ages over 89 in a foreign form's
    field, Japanese names before their honorific, a Brazilian CPF and a Macau identity card by
    their shape."""
    lex = lexicon()
    weekdays = trie(
        tuple(
            n
            for n, langs in lex.weekdays.items()
            if "en" not in langs and len(n) >= 3 and n not in lex.en_common_words
        )
    )
    months = trie(tuple(n for n in lex.months if len(n) >= 3))
    c = re.compile
    return (
        Rule("DATE", _VI_DATE, group=1, min_digits=2, cues=("ngày",)),
        Rule("DATE", _TH_DATE, group=1, min_digits=1),
        Rule("DATE", _GR_DATE, group=1, min_digits=1),
        Rule("DATE", _KO_HOLIDAY, group=1, cues=("추석", "설날")),
        Rule(
            "DATE",
            c(
                rf"(?<![\w'’-])((?i:{weekdays}),[ \t]+{_DAY}\.?[ \t]+(?:de[ \t]+)?"
                rf"(?i:{months}){_YEAR_AFTER})(?![\w'’-])"
            ),
            group=1,
            min_digits=1,
            cues=(",",),
        ),
        Rule("LOCATION", _FACILITY_ABROAD, group=1, accept=_no_english_first_word),
        Rule("LOCATION", _FACILITY_ABROAD_SCRIPTS, group=1),
        Rule("AGE", _AGE_FIELD_ABROAD, group=1, min_digits=2),
        Rule("AGE", _JP_AGE, group=1, min_digits=2, cues=("歳",)),
        Rule(
            "NAME",
            c(rf"((?:{_words(lex.jp_surnames)})(?:[ \t]?{_HAN}{{1,2}}?)?){_JP_HONORIFIC}"),
            group=1,
            cues=("さん", "様", "さま", "くん", "ちゃん", "先生"),
        ),
        Rule("NAME", _JP_KANA_NAME, group=1, cues=("くん", "ちゃん")),
        Rule("LOCATION", _STREET_ABROAD, group=1, min_digits=1, accept=_no_english_street),
        Rule("ID", _CPF, group=1, min_digits=11),
        Rule("ID", _MACAU_ID, group=1, min_digits=8),
        Rule("DATE", _LOWER_WEEKDAY_DATE, group=1, min_digits=1),
        Rule("LOCATION", _VI_LANE, group=1, min_digits=1),
        Rule("LOCATION", _KO_NEIGHBOURHOOD, group=1, cues=("동",)),
    )


# A place a traveller passes through, by the word of its kind after it: an airport's or a
# ferry pier's after a word of where (在白云|机场, 在樟宜|國際機場, 在朱家尖|码头), a station on a
# railway or metro line (高鐵|左營站), a mountain or an island gone up or to (上|峨眉山,
# 去|石垣島); not "this" or "that" one (在这座山).
_ZH_WHERE_BEFORE = r"(?<=[在到从從去于於飞飛往至抵达達的经經])"
# The characters of such a place's name: none a word of where, going or "this" (爬到|半山,
# 去了|平潭岛 are no names).
_ZH_TRAVEL_CHAR = rf"(?:(?![到在去上爬登朝了过過半这這那哪一座个個从從往至的]){_HAN})"
_ZH_PORT = re.compile(
    rf"{_ZH_WHERE_BEFORE}(?!本|国际|國際|首都)({_ZH_TRAVEL_CHAR}{{2,3}}?)"
    r"(?=(?:国际|國際)?(?:机场|機場)|码头|碼頭)"
)
_ZH_STATION = re.compile(rf"(?<=高铁|高鐵|捷运|捷運|地铁|地鐵|火车|火車)({_HAN}{{2,3}}站)")
_ZH_MOUNTAIN = re.compile(
    rf"(?<=[上爬登朝去到在])({_ZH_TRAVEL_CHAR}{{2}}山)(?![区區市县縣路街脚腳下上])"
)
_ZH_ISLAND = re.compile(
    rf"(?<=[去到在往登])(?![小海])({_ZH_TRAVEL_CHAR}{{2,3}}[島岛])(?![上区區市县縣路街])"
)
# A child's pet name given as such (汤圆（小名，8岁）, 外婆喊他乖乖）, 小孩叫石头，).
_ZH_PET_NAME = re.compile(rf"({_HAN}{{1,4}}?)(?=[（(]小名)")
_ZH_CALLED = re.compile(
    r"(?:(?<=名叫)|(?<=小名)|(?<=外号)|(?<=綽號)|(?<=绰号)|(?<=喊他)|(?<=叫他)|(?<=喊她)"
    rf"|(?<=叫她)|(?<=孩叫)|(?<=子叫))[：:]?({_HAN}{{2}})(?=[）)，,。；;\s])"
)
# A US ZIP code in brackets after the town or the home it is of, in a Chinese post (West
# Yellowstone（59758）, Fremont家里（94538）).
_ZIP_IN_BRACKETS = re.compile(
    r"(?<=[A-Za-z])(?:家里|家裡|家|那边|那邊)?[（(](\d{5}(?:-\d{4})?)[）)]"
)


def travel_rules() -> tuple[Rule, ...]:
    """What a post from a journey or an emergency away from home names (blind set 79): an
    airport, a pier, a station, a mountain or an island by the word of its kind in Chinese, a
    child's pet name given as such, a US ZIP code in brackets in a Chinese post."""
    return (
        Rule("LOCATION", _ZH_PORT, group=1, cues=("机场", "機場", "码头", "碼頭")),
        Rule("LOCATION", _ZH_STATION, group=1, cues=("站",)),
        Rule("LOCATION", _ZH_MOUNTAIN, group=1, cues=("山",)),
        Rule("LOCATION", _ZH_ISLAND, group=1, cues=("島", "岛")),
        Rule("NAME", _ZH_PET_NAME, group=1, cues=("小名",)),
        Rule("NAME", _ZH_CALLED, group=1, cues=("叫", "喊", "名", "号", "號")),
        Rule("LOCATION", _ZIP_IN_BRACKETS, group=1, min_digits=5),
    )


def papers_rules() -> tuple[Rule, ...]:
    """What the papers of illness, work, money and an estate name (blind set 80): a Chinese
    document's number (a notary's, an arbitration's, a court's), a company with its city in
    brackets, a notary's office; a coroner's or a prescription's number, a subject's number in
    a trial, a policy number by its shape; a name in brackets before a sex, after 已故, after a
    message's sender in brackets, and 阿 before a name in Latin letters; initials in brackets or
    signing off; a weekday of another language said as a day (w poniedziałek, Isnin depan,
    Jumaat 入院), a Tagalog date, a Taiwanese date in the Republic's years, a month and year a
    diagnosis or an admission follows (于2023年12月经病理确诊); a hotline rung (打12315投诉); an age
    over 89 at death."""
    lex = lexicon()
    weekdays = trie(
        tuple(
            n
            for n, langs in lex.weekdays.items()
            if "en" not in langs and len(n) >= 4 and n not in lex.en_common_words
        )
    )
    return (
        Rule("ID", _ZH_DOC_NUMBER, group=1, min_digits=5, cues=("字",)),
        Rule("ID", _ZH_COURT_CASE, group=1, min_digits=7),
        Rule("LOCATION", _ZH_COMPANY_IN_BRACKETS, group=1, cues=("公司",)),
        Rule("LOCATION", _ZH_NOTARY, group=1, cues=("公证处", "公證處")),
        Rule("ID", _CASE_YEAR_NUMBER, group=1, min_digits=7),
        Rule("ID", _RX_NUMBER, group=1, min_digits=4, cues=("rx",)),
        Rule("ID", _SUBJECT_NUMBER, group=1, min_digits=2),
        Rule("ID", _LETTERS_DASH_NUMBER, group=1, min_digits=7, cues=("-",)),
        Rule("NAME", _ZH_NAME_BEFORE_SEX, group=1, cues=("男", "女")),
        Rule("NAME", _ZH_LATE, group=1, cues=("已故",)),
        Rule("NAME", _ZH_SENDER_TITLE, group=1, cues=("】", "]")),
        Rule("NAME", _ZH_A_LATIN, group=1, cues=("阿",)),
        Rule("NAME", _INITIALS_IN_BRACKETS, group=1, cues=("(", "（")),
        Rule("NAME", _INITIALS_SIGN_OFF, group=1),
        Rule(
            "DATE",
            re.compile(
                rf"(?:(?<=\b[Ww][ \t])|(?<=\b[Ww]e[ \t])|(?<=\b[Nn]a[ \t])|(?<=\b[Pp]ada[ \t])"
                rf"|(?<=\b[Hh]ari[ \t]))((?i:{weekdays}))(?![\w'’-])"
                rf"|(?<![\w'’-])((?i:{weekdays}))(?=[ \t]+(?:depan|ini|lepas|nanti)\b|[ \t]?{_HAN})"
            ),
            min_digits=0,
        ),
        Rule("DATE", _TL_DATE, group=1, min_digits=1, cues=("ika-", "ika ")),
        Rule("DATE", _TARIKH, group=1, min_digits=1, cues=("tarikh",)),
        Rule("DATE", _ROC_DOTTED_DATE, group=1, min_digits=5),
        Rule("DATE", _ZH_MONTH_YEAR_EVENT, group=1, min_digits=4),
        Rule(HANDLE, _ZH_VILLAGE_NICKNAME, group=1, cues=("村",)),
        Rule("LOCATION", _MY_ADDRESS, group=1, min_digits=1, cues=("jalan", "jln", "lorong")),
        Rule(HANDLE, _HANDLE_BY, group=1, min_digits=1, cues=("by ",)),
        Rule("PHONE", _ZH_HOTLINE, group=1, min_digits=4),
        Rule("AGE", _AGE_AT_DEATH, group=1, min_digits=2),
        Rule(
            "NAME",
            re.compile(
                rf"{_ZH_ROLE_BEFORE}({_words(lex.zh_surnames)})"
                r"(?=[、，,说說讲講：:）)]|太太|先生|女士|小姐)"
            ),
            group=1,
        ),
        Rule(
            "NAME",
            re.compile(
                rf"(?m)^({_words((*lex.zh_surnames, *lex.zh_surnames_ambiguous))})"
                r"(?=(?:律师|律師|医生|醫生|老师|老師|主任|经理|經理|先生|女士|小姐)[：:，,])"
            ),
            group=1,
        ),
    )


# A role in a team or a ward before a surname alone (主管医生尹、社工; 护士长阮说).
_ZH_ROLE_BEFORE = (
    r"(?:(?<=医生)|(?<=醫生)|(?<=护士长)|(?<=護士長)|(?<=主任)|(?<=社工)|(?<=律师)|(?<=律師)"
    r"|(?<=组长)|(?<=組長)|(?<=经理)|(?<=經理)|(?<=雇主)|(?<=老板)|(?<=老闆))"
)


# A Chinese document's number: a year in brackets and a number after 字 and 第, either first
# ((2024)沪长信证字第3817号, 桂南劳人仲案字〔2024〕第1126号, 京0105民初字第88号).
_ZH_DOC_NUMBER = re.compile(
    rf"((?:[(（〔\[](?:19|20)\d\d[)）〕\]]|\d{{2,3}}年度)?{_HAN}{{1,10}}?字"
    r"(?:[(（〔\[]?(?:19|20)\d\d[)）〕\]]?)?第?\d{1,6}[号號])"
)
# A Chinese court's case number: the year in brackets, the province, the court's code, the
# kind of case and its number (（2024）粤0305刑初1187号).
_ZH_COURT_CASE = re.compile(
    rf"([(（〔\[](?:19|20)\d\d[)）〕\]]{_HAN}\d{{2,6}}{_HAN}{{1,4}}\d{{1,6}}[号號])"
)
# A company with its city in brackets (恒锐精密（苏州）有限公司).
_ZH_COMPANY_IN_BRACKETS = re.compile(
    rf"(?<![\u4e00-\u9fff])(?:致|在|于|於)?({_HAN}{{2,8}}[（(]{_HAN}{{2,3}}[)）]"
    r"(?:股份)?有限(?:责任|責任)?公司)"
)
# A notary's office by its name (上海市长宁信和公证处); not "the local" or "a" notary's office.
_ZH_NOTARY = re.compile(
    rf"(?<![\u4e00-\u9fff])(?!当地|當地|附近|本地|去|到|在|的)({_HAN}{{2,10}}?(?:公证处|公證處))"
)
# A case's letters, a year and a number after a slash (COR 2023/004871, MHT 2024/0031).
_CASE_YEAR_NUMBER = re.compile(
    r"(?<![\w/-])([A-Z]{2,5}[ -]?(?:(?:19|20)\d\d/\d{3,8}|\d{1,6}/(?:19|20)\d\d))(?![\w/-])"
)
# A prescription's number after "rx" (rx 44817, Rx #20931).
_RX_NUMBER = re.compile(
    r"(?<![\w-])(?i:rx)[ \t]?(?:#|no\.?|number)?[ \t]?(\d{4,10})(?![\w/-]|[.,]\d|\s?mg)"
)
# A trial subject's or a patient's number with a dash (Pt 04-118; R-031号受试者).
_SUBJECT_NUMBER = re.compile(
    r"(?<![A-Za-z0-9-])((?:(?<=\bPt[ \t])|(?<=\bPt\.[ \t])|(?<=\bSubject[ \t]))"
    r"\d{2,4}-\d{2,4}(?![\w-])"
    r"|[A-Z]{1,3}-\d{2,4}(?=[号號]受(?:试|試)者))"
)
# Letters, a dash and seven digits or more: a policy's, a claim's or a case's number by its
# shape (IS-20931877); a trial's registration (NCT…) has no dash.
_LETTERS_DASH_NUMBER = re.compile(r"(?<![\w/-])([A-Z]{2,4}-\d{7,12})(?![\w/-])")
# A name in brackets before a sex and an age (患者（平安，女，34岁）).
_ZH_NAME_BEFORE_SEX = re.compile(rf"[（(]({_HAN}{{2,4}}?)[，,、][ \t]?[男女][，,、]")
# A name after 已故 (the late): 已故區炳（…）之長子.
_ZH_LATE = re.compile(rf"(?<=已故)({_HAN}{{2,3}}?)(?=[（(，,之的先女])")
# A surname of one character after a message's sender in brackets, before a title
# (【台州椒江康瑞医院】应先生).
_ZH_SENDER_TITLE = re.compile(rf"(?<=[】\]])({_HAN})(?=先生|女士|小姐|阿姨|同学|同學)")
# 阿 before a name in Latin letters (阿lok, 阿Ken); not 阿Q.
_ZH_A_LATIN = re.compile(r"(?<![A-Za-z])(阿[A-Za-z]{2,8}(?:爸爸|妈妈|媽媽)?)(?![A-Za-z])")
# Two or three initials with dots in brackets (S.V.); not a country's or a time's.
_INITIALS_IN_BRACKETS = re.compile(
    r"[(（]((?!U\.[SK]\.|E\.U\.|N\.B\.|P\.S\.|A\.M\.|P\.M\.|U\.N\.)[A-Z]\.[A-Z]\.(?:[A-Z]\.)?)[)）]"
)
# Initials signing a post off after a dash at its very end (-KB).
_INITIALS_SIGN_OFF = re.compile(r"(?:^|\s)[-–—~][ \t]?([A-Z]{2,3})[ \t]*\Z")
# A Tagalog date (ika-12 ng Marso).
_TL_DATE = re.compile(
    r"(?<![\w-])((?i:ika)[- ](?:3[01]|[12]\d|0?[1-9])[ \t]+ng[ \t]+(?i:Enero|Pebrero|Marso|Abril"
    r"|Mayo|Hunyo|Hulyo|Agosto|Setyembre|Oktubre|Nobyembre|Disyembre))(?![\w'’-])"
)
# A day of the month with the Hindi or Malay word for date (21 tarikh ko, tarikh 21).
_TARIKH = re.compile(
    r"(?<![\w.-])((?:3[01]|[12]\d|0?[1-9])[ \t]+(?i:tarikh)"
    r"|(?i:tarikh)[ \t]+(?:3[01]|[12]\d|0?[1-9]))"
    r"(?![\w.-])"
)
# A Taiwanese date in the Republic's years with dots (112.10.05).
_ROC_DOTTED_DATE = re.compile(
    r"(?<![\w.])(1[01]\d\.(?:1[0-2]|0[1-9])\.(?:3[01]|[12]\d|0[1-9]))(?![\w.])"
)
# A month and year that a diagnosis, an admission or an operation follows
# (于2023年12月经病理确诊, 於2022年3月入院).
# A diagnosis, a stay in hospital, an operation or a referral said right after a month and
# year in a Chinese post (于2023年12月|经病理确诊, 自 Jan 2022 |确诊, 由2021年3月|轉介).
ZH_EVENT_AFTER = r"(?:确诊|確診|住院|入院|出院|手术|手術|[经經]病理|转介|轉介|转诊|轉診)"
_ZH_MONTH_YEAR_EVENT = re.compile(
    r"(?:(?<=[于於自由从從])|(?<=[于於自由从從][ \t]))"
    rf"((?:19|20)\d\d年(?:1[0-2]|0?[1-9])月|{_MONTH}[ \t]+(?:19|20)\d\d)"
    rf"[ \t]?(?={ZH_EVENT_AFTER}|[经經行因在起]|开始|開始)"
)
# A nickname before 他爹 or 他妈 in a village (我们村石头他爹).
_ZH_VILLAGE_NICKNAME = re.compile(rf"(?<=村)({_HAN}{{2}})(?=他[爹妈媽娘爸])")
# A Malaysian address: a house number, a Jalan, a Taman, a postcode and a town
# (23, Jalan Mawar 4, Taman Sri Muda, 40400 Shah Alam).
_MY_ADDRESS = re.compile(
    r"(?<![\w,])(\d{1,4}[A-Z]?,?[ \t]+(?:Jalan|Jln\.?|Lorong|Lrg\.?)[ \t]+"
    r"[A-Z][a-z]+(?:[ \t][A-Z][a-z]+)?"
    r"(?:[ \t]\d{1,3}[A-Z]?(?:/\d{1,3})?)?"
    r"(?:,[ \t]*Taman[ \t]+[A-Z][a-z]+(?:[ \t][A-Z][a-z]+){0,2})?"
    r"(?:,[ \t]*\d{5}[ \t]+[A-Z][a-z]+(?:[ \t][A-Z][a-z]+)?)?)"
)
# A user name with a dot and digits after "by" (★★☆☆☆ by rahul.k88:).
_HANDLE_BY = re.compile(r"(?<=\bby )([a-z][a-z0-9_]{2,}\.[a-z0-9_]*\d{1,4})(?=[:\s,]|$)")
# A hotline rung (打12315投诉, 可以打1955問嗎, 拨12393).
_ZH_HOTLINE = re.compile(
    r"(?<=[打拨撥])(?:了|通)?(\d{4,5})(?=[投问問查申咨諮热熱专專]|服务|服務|电话|電話|[，,。？?！!]|$)"
)
# An age over 89 at death (passed peacefully at 93, died at 101).
_AGE_AT_DEATH = re.compile(
    r"(?i:\b(?:passed(?:[ \t]+away)?|died)(?:[ \t]+\w+ly)?[ \t]+(?:at|aged)[ \t]+)"
    r"(9\d|1[01]\d)(?![\w.%])"
)


def appeals_rules() -> tuple[Rule, ...]:
    """What an appeal, a pedigree, a parents' group or a charity event names (blind set 81):
    a family by its surname and 氏, a surname after a signature's field or a counsellor's
    client, a school in Taiwan (太昌濱海國小), a car's plate after the car (我架車 PK 8316) and a
    Kenyan plate by its shape, a UPI payment id, a parent's handle of a child's name and Papa
    or Mama (LeoPapa); a date in Hindi (14 मार्च), an Akan weekday (Wukuada); a British pub
    after at or outside (the Red Lion). (Churches and gospel halls named with an acronym, PCEA
    Rironi West Church, are found by `thirty_second_rules`' rule for congregations.)"""
    lex = lexicon()
    return (
        Rule(
            "NAME",
            re.compile(rf"((?:{_words(lex.zh_surnames)})氏)(?=家族|宗亲|宗親|家系)"),
            group=1,
            cues=("氏",),
        ),
        Rule(
            "NAME",
            re.compile(
                r"(?:(?<=签名[：:])|(?<=簽名[：:]))[ \t]?"
                rf"({_words((*lex.zh_surnames, *lex.zh_surnames_ambiguous))})(?=[（(\s]|$)"
            ),
            group=1,
        ),
        Rule(
            "NAME",
            re.compile(
                rf"{_SIGNER_BEFORE}[ \t]?"
                rf"({_words((*lex.zh_surnames, *lex.zh_surnames_ambiguous))})(?=先生|女士|小姐)"
            ),
            group=1,
        ),
        Rule("LOCATION", _TW_SCHOOL, group=1, cues=("國小", "國中", "国小", "国中")),
        Rule("ID", _PLATE_AFTER_CAR, group=1, min_digits=1, cues=("車", "车")),
        Rule("ID", _KENYAN_PLATE, group=1, min_digits=3),
        Rule("ID", _UPI_ID, group=1, cues=("@",)),
        Rule(
            HANDLE,
            _PARENT_HANDLE,
            group=1,
            cues=("papa", "mama", "mami", "daddy", "mommy", "mummy"),
        ),
        Rule("DATE", _HI_DATE, group=1, min_digits=1),
        Rule("DATE", _AKAN_WEEKDAY, group=1, cues=("ada",)),
        Rule("LOCATION", _PUB, group=1),
    )


# A counsellor's client or a trial's subject before a surname and a title (咨询者麦小姐).
_SIGNER_BEFORE = r"(?:(?<=咨询者)|(?<=諮詢者)|(?<=受试者)|(?<=受試者))"
# A primary or junior high school in Taiwan by its name (太昌濱海國小, 中華國小), none of its
# characters a word of where, going or "this" (在读国小 is no school's name).
_TW_SCHOOL = re.compile(
    r"((?:(?![在到读讀念上的这這那本該该一个個就])[\u4e00-\u9fff]){2,6}?(?:國小|國中|国小|国中))"
)
# A car's plate after the car (我架車 PK 8316, 车牌号 粤B 12345 is a Chinese one).
_PLATE_AFTER_CAR = re.compile(
    r"(?:(?<=架車)|(?<=架车)|(?<=車牌)|(?<=车牌)|(?<=車牌號)|(?<=车牌号))[ \t：:]*"
    r"([A-Z]{1,3}[ \t]?\d{1,5}[A-Z]?)(?![\w-])"
)
# A Kenyan plate (KDG 418M).
_KENYAN_PLATE = re.compile(r"(?<![\w-])(K[A-Z]{2}[ \t]?\d{3}[A-Z])(?![\w-])")
# An Indian UPI payment id (ishaanfight@okhdfc, name@ybl).
_UPI_ID = re.compile(
    r"(?<![\w.@-])([a-z0-9][\w.-]{2,}@(?:ok(?:hdfc|icici|sbi|axis)(?:bank)?|ybl|paytm|upi|ibl|axl|apl))"
    r"(?![\w.@-])"
)
# A parent's handle of a child's name and Papa or Mama (LeoPapa, MiaMama).
_PARENT_HANDLE = re.compile(
    r"(?<![\w@])([A-Z][a-z]{1,10}(?:Papa|Mama|Mami|Daddy|Mommy|Mummy))(?!\w)"
)
# A date in Hindi (14 मार्च, 3 जून 2023).
_HI_DATE = re.compile(
    r"(?<![\w.])((?:3[01]|[12]\d|0?[1-9])[ \t]+(?:जनवरी|फ़रवरी|फरवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त"
    r"|सितंबर|सितम्बर|अक्टूबर|अक्तूबर|नवंबर|नवम्बर|दिसंबर|दिसम्बर)(?:[ \t]+(?:19|20)\d\d)?)(?![\w])"
)
# An Akan day's name (Wukuada: Wednesday).
_AKAN_WEEKDAY = re.compile(
    r"(?<![\w'’-])((?i:Dwoada|Benada|Wukuada|Yawoada|Yawada|Fiada|Memeneda|Kwasiada))(?![\w'’-])"
)
# A British pub after at, outside or in (at the Red Lion, outside The King's Arms).
_PUB = re.compile(
    r"(?i:\b(?:at|outside|in|from)[ \t]+)((?:[Tt]he[ \t]+)?(?:[A-Z][a-z'’]+[ \t]){1,2}"
    r"(?:Lion|Arms|Inn|Crown|Head|Horse|Bell|Swan|Anchor|Plough|Oak|Bull|Ship|Tavern|Hart))(?![\w'’-])"
)


def custody_rules() -> tuple[Rule, ...]:
    """What the notes of prisons, police custody, courts, detention, shelters and outreach
    name (blind set 82): an inmate's or a detainee's number, a Hong Kong name as a court writes
    it (LEUNG Wing-sze), a surname before 某某 or signing a letter as a parent (陈母), a client's
    number before 号 (A0217号), a shelter or a detention centre by its name (白云区松洲救助站); a
    weekday of another language written in full (jumamosi, Lwakusatu, il-Ħamis) or in Bengali
    or Thai letters, a day and month in Bengali or Arabic (১০ ফেব্রুয়ারি, ١٢ آذار); an age over 89
    in brackets after a person (the elder (91))."""
    lex = lexicon()
    surnames = _words((*lex.zh_surnames, *lex.zh_surnames_ambiguous))
    weekdays = trie(
        tuple(
            n
            for n, langs in lex.weekdays.items()
            if "en" not in langs
            and len(n) >= 7
            and n not in lex.en_common_words
            and not lex.is_given(n.capitalize())
        )
    )
    return (
        Rule("ID", _INMATE_NUMBER, group=1, min_digits=2),
        Rule("NAME", _HK_COURT_NAME, group=1),
        Rule("NAME", re.compile(rf"({surnames})(?=某某?)"), group=1, cues=("某",)),
        Rule(
            "NAME",
            re.compile(rf"(?m)^[ \t]*({_words(lex.zh_surnames)})(?=[母父][ \t\u3000]|[母父]$)"),
            group=1,
        ),
        Rule("ID", _NUMBER_BEFORE_HAO, group=1, min_digits=3, cues=("号", "號")),
        Rule("LOCATION", _ZH_SHELTER, group=1, accept=_named_shelter),
        Rule(
            "DATE",
            # (not before its date: tirsdag d. 8. april is found whole by the calendar rules)
            re.compile(rf"(?<![\w'’-])((?i:{weekdays}))(?![\w-]|['’]\w|[ \t,]+(?:d\.[ \t]*)?\d)"),
            group=1,
        ),
        Rule("DATE", _OTHER_SCRIPT_DATE, group=1),
        Rule("AGE", _AGE_IN_BRACKETS, group=1, min_digits=2, cues=("(",)),
    )


# An inmate's, a prisoner's or a detainee's number (inmate 4402/2566, Prisoner No. A1234).
_INMATE_NUMBER = re.compile(
    r"(?i:\b(?:inmate|prisoner|detainee|remand)(?:[ \t]+(?:no\.?|number|#))?)[ \t:#]*"
    r"([A-Z]{0,2}\d{2,7}(?:/\d{2,4})?)(?![\w/-])"
)
# A Hong Kong name as a court or a form writes it, the surname in capitals and the given name
# with a hyphen (LEUNG Wing-sze, CHEUNG Kwok-keung).
_HK_COURT_NAME = re.compile(r"(?<![\w-])([A-Z]{2,8}[ \t][A-Z][a-z]{1,6}-[a-z]{1,6})(?![\w-])")
# A client's or a patient's number before 号 (今天A0217号没来); not a bed, a room or a line.
_NUMBER_BEFORE_HAO = re.compile(
    r"(?<![A-Za-z0-9-])([A-Z]{1,2}\d{3,6})(?=[号號](?![楼樓床房室线線门門院馆館]))"
)
# A shelter, a rescue station or a detention centre by its name (白云区松洲救助站).
_ZH_SHELTER = re.compile(
    r"((?:(?![在到去送进進回住往从從的了他她我你被把给給])[\u4e00-\u9fff]){2,10}?"
    r"(?:救助管理站|救助站|庇护中心|庇護中心|戒毒所|看守所|拘留所"
    r"|收容所|羁留中心|羈留中心|惩教所|懲教所))"
)
_GENERIC_PLACE_WORDS = (
    "当地",
    "當地",
    "本地",
    "附近",
    "这个",
    "這個",
    "那个",
    "那個",
    "一个",
    "一個",
    "市里",
    "市裡",
    "区里",
    "區裡",
    "县里",
    "縣裡",
    "去",
    "到",
    "在",
    "送",
    "进",
    "進",
    "回",
)


def _named_shelter(value: str) -> bool:
    """The name does not open with a word of where or going or "a", "this" or "the local"
    (去救助站, 当地看守所 name none)."""
    return not value.startswith(_GENERIC_PLACE_WORDS)


# Weekdays, and days and months, in Bengali, Thai and Arabic letters (বৃহস্পতিবার, วันศุกร์,
# ১০ ফেব্রুয়ারি, ١٢ آذار); `\d` reads the Bengali and Arabic-Indic digits too.
_BN_MONTHS = "জানুয়ারি|ফেব্রুয়ারি|মার্চ|এপ্রিল|মে|জুন|জুলাই|আগস্ট|সেপ্টেম্বর|অক্টোবর|নভেম্বর|ডিসেম্বর"
_AR_MONTHS = (
    "كانون الثاني|كانون الأول|تشرين الأول|تشرين الثاني|شباط|آذار|نيسان|أيار|حزيران|تموز|آب|أيلول"
    "|يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر"
)
_OTHER_SCRIPT_DATE = re.compile(
    r"((?:রবিবার|সোমবার|মঙ্গলবার|বুধবার|বৃহস্পতিবার|শুক্রবার|শনিবার)"
    r"|วัน(?:จันทร์|อังคาร|พุธ|พฤหัสบดี|พฤหัส|ศุกร์|เสาร์|อาทิตย์)"
    rf"|\d{{1,2}}[ \t]+(?:{_BN_MONTHS}|{_AR_MONTHS}))"
)
# An age over 89 in brackets after a person (one of our visitors (92, Albanian), the elder (91)).
_AGE_IN_BRACKETS = re.compile(
    r"(?i:\b(?:elder|visitor|resident|patient|client|inmate|man|woman|lady|gentleman|gran|granny"
    r"|nan|nana|grandma|grandpa|grandad|grandfather|grandmother|mum|mom|dad|father|mother|aunt"
    r"|auntie|uncle)s?)[ \t]*\((9\d|1[01]\d)(?=[,)])"
)


def uniform_rules() -> tuple[Rule, ...]:
    """What the posts and notes of aesthetic clinics, studios, gyms, sports clubs and the armed
    forces name (blind set 83): a person named by the trade they ply there, before the name
    or set off after it (Trainer Mint, Piercer was Ro, Sunny, the club physio,), a person
    thanked by name opening a sentence (Sawyer, thanks for …), a name in a register's field,
    surname first (Name: OKONJO-HART, D.; Client: MacIsaac, Robert J.), a handle quoted
    before its colon (> NurseKaz:), Korean neighbourhoods and streets in Latin letters
    (Sinsa-dong, Mirae-ro 7-gil 38), a Hungarian date (2023. október 9.); in Chinese, a
    surname alone after a team's doctor or a form's recorder (记录人：队医覃, 军医：韦), before
    a title of a unit or a comrade (崔室长, 余同志) or 老 of an elder before an age (胡老 96岁),
    a Latin name after a shop's owner or trainer (老板娘Joy), a military hospital by its
    number (联勤保障部队第九九六医院), a handle the writer gives as theirs
    (我是@眼睛好干的小周); and in any Chinese post a given name in Latin letters next to the
    Chinese (今天Lily陪我去, 老板娘Joy说), which the tagger misses where the name is also a
    word (Joy, Ivy, Grace)."""
    lex = lexicon()
    surnames = _words(lex.zh_surnames)
    return (
        Rule("NAME", _TRADE_THEN_NAME, group=1, accept=_name_not_word, cues=_TRADE_CUES),
        Rule("NAME", _NAME_THEN_TRADE, group=1, accept=_name_not_word, cues=_POST_CUES),
        Rule("NAME", _NAME_THANKED, group=1, accept=_name_not_word, cues=("thank", "cheers")),
        Rule("NAME", _REGISTER_NAME, group=1),
        Rule(HANDLE, _QUOTED_HANDLE, group=1, cues=(">",)),
        Rule("LOCATION", _KOREAN_ROMANISED, group=1),
        Rule("DATE", _HU_DATE, group=1, min_digits=5),
        Rule(
            "NAME",
            re.compile(
                rf"(?:{_ZH_TEAM_ROLE})[ \t]*[：:]?[ \t]*({surnames})(?=[、，,。；;\s）)（(]|$)"
            ),
            group=1,
        ),
        Rule(
            "NAME",
            re.compile(rf"({surnames})(?={_ZH_COMRADE_TITLES})"),
            group=1,
            cues=tuple(_ZH_COMRADE_TITLES.split("|")),
        ),
        Rule(
            "NAME",
            re.compile(
                rf"(?:(?<![\u4e00-\u9fff])|(?<=[祝给給跟和与與向对對]))({surnames})"
                rf"(?=老[ \t]*\d{{2,3}}[岁歲])"
            ),
            group=1,
            min_digits=2,
            cues=("老",),
        ),
        Rule("NAME", _ZH_TRADE_LATIN_NAME, group=1),
        Rule("LOCATION", _ZH_NUMBERED_MILITARY_HOSPITAL, group=1),
        Rule(HANDLE, _ZH_MY_HANDLE, group=1, cues=("@",)),
        Rule("NAME", _LATIN_WORD_BY_CHINESE, group=1, accept_at=_given_name_in_chinese),
    )


# The titles of a unit, a comrade or a classmate after a surname alone (崔室长, 余同志, 符同学).
_ZH_COMRADE_TITLES = (
    "室长|室長|同志|同学|同學|指导员|指導員|政委|连长|連長|排长|排長|营长|營長|团长|團長|教练|教練"
    "|队医|隊醫|军医|軍醫"
)
# The trades of a gym, a studio, a club or a unit that name the person plying them.
_TRADES = (
    r"trainer|personal trainer|PT|coach|medic|piercer|physio|tattooist|tattoo artist|injector"
    r"|aesthetician|instructor|receptionist|stylist|barber|padre|chaplain|interpreter"
)
_TRADE_CUES = tuple(_TRADES.lower().split("|"))
# …and the posts a person set off before them holds (Sunny, the club physio).
_POSTS = (
    r"nurse|doctor|surgeon|dentist|counsellor|therapist|manager|sergeant|officer|caseworker"
    r"|key worker|social worker|midwife"
)
_POST_CUES = _TRADE_CUES + tuple(_POSTS.split("|"))
# A person after the trade they ply (Trainer Mint, Medic Danny B, Piercer was Ro): a
# capitalised name, or a given name and an initial, with no capitalised word after it.
_TRADE_THEN_NAME = re.compile(
    rf"\b(?i:{_TRADES})(?:[ \t]+(?:was|is))?[ \t]+"
    rf"([{UPPER_LETTERS}][{LOWER_LETTERS}]+(?:[ \t][A-Z](?![\w'’]))?)(?![\w'’-]|[ \t]+[A-Z])"
)
# A person set off before their trade or post (Sunny, the club physio, said …; with Taff, our
# medic,).
_NAME_THEN_TRADE = re.compile(
    rf"(?:^|(?<=[.!?][ \t])|(?<=\n)|(?<=\bwith[ \t])|(?<=\band[ \t]))"
    rf"([{UPPER_LETTERS}][{LOWER_LETTERS}]+),[ \t]+(?:the|our|my|his|her|their)[ \t]+"
    rf"(?:[\w'’-]+[ \t]+){{0,2}}?(?i:{_TRADES}|{_POSTS})\b"
)
# A person thanked by name, opening a sentence (Sawyer, thanks for telling me).
_NAME_THANKED = re.compile(
    rf"(?m)(?:^|(?<=[.!?][ \t]))[ \t]*([{UPPER_LETTERS}][{LOWER_LETTERS}]+),[ \t]+"
    r"(?i:thanks|thank you|thank u|ty|cheers)\b"
)


def _name_not_word(value: str) -> bool:
    """A name, its first word no everyday word (Again, thanks; Coach Trip; my PT Session)
    unless it is a given name, and no weekday or month (Mon and Tue were fine)."""
    lex = lexicon()
    first = value.split()[0]
    return (
        _plausible_name(value)
        and _DAY_OR_MONTH.fullmatch(first) is None
        and (first.lower() not in lex.en_common_words or lex.is_given(first))
    )


_DAY_OR_MONTH = re.compile(rf"{_EN_DAY_NAME}|{_EN_DAY_SHORT}|Tue|Thu|Sun|{_MONTH_NAME}")


# A person's name in a register's field, surname first and in capitals or not, with the given
# name or initials after a comma (Name: OKONJO-HART, D.; Client: MacIsaac, Robert J.).
_REGISTER_NAME = re.compile(
    r"(?m)^[ \t]*(?i:(?:full[ \t]+)?name|patient|client|claimant|applicant|member|veteran"
    r"|resident|service[ \t]+member|serving[ \t]+member)[ \t]*:[ \t]*"
    rf"((?:Mc|Mac|O['’])?[{UPPER_LETTERS}][{UPPER_LETTERS}{LOWER_LETTERS}'’]+"
    rf"(?:-[{UPPER_LETTERS}][{UPPER_LETTERS}{LOWER_LETTERS}'’]+)?,[ \t]*"
    rf"[{UPPER_LETTERS}](?:[{LOWER_LETTERS}]+|\.)"
    rf"(?:[ \t][{UPPER_LETTERS}](?:[{LOWER_LETTERS}]+|\.))*)"
    r"(?![\w'’-])"
)
# A handle quoted before its colon (> NurseKaz: …): joined capitalised words, or letters with
# digits or an underscore.
_QUOTED_HANDLE = re.compile(
    r"(?m)^[ \t]*>[ \t]*((?:[A-Z][a-z]+){2,}\d*|[A-Za-z]+\d+[A-Za-z\d]*|[A-Za-z\d]+_[\w]+)"
    r"(?=[ \t]*:[ \t])"
)
# A Korean neighbourhood, district or street in Latin letters, with its numbers (Sinsa-dong,
# Gangnam-gu, Mirae-ro 7-gil 38, Teheran-ro 152).
_KOREAN_ROMANISED = re.compile(
    r"(?<![\w-])([A-Z][a-z]{1,12}(?:-[a-z]{1,8})?-(?:dong|gu|si|eup|myeon)"
    r"|[A-Z][a-z]{1,12}(?:-[a-z]{1,8})?-(?:ro|daero|gil)(?:[ \t]\d{1,3}(?:beon)?-gil)?"
    r"(?:[ \t]\d{1,4}(?:-\d{1,4})?)?)(?![\w-])"
)
# A Hungarian date: the year, the month's name and the day with their dots (2023. október 9.).
_HU_DATE = re.compile(
    r"(?<![\d.])((?:19|20)\d\d\.[ \t]*(?i:január|február|március|április|május|június|július"
    r"|augusztus|szeptember|október|november|december|jan\.|febr\.|márc\.|ápr\.|máj\.|jún\."
    r"|júl\.|aug\.|szept\.|okt\.|nov\.|dec\.)[ \t]*(?:3[01]|[12]\d|0?[1-9])\.?)(?!\d)"
)
# The roles of a team, a unit or a form before a surname alone (记录人：队医覃, 军医：韦).
_ZH_TEAM_ROLE = (
    r"队医|隊醫|军医|軍醫|记录人|記錄人|签名|簽名|教练|教練|私教|卫生员|衛生員|指导员|指導員"
    r"|调查员|調查員|流调员|流調員|采样员|採樣員"
)
# A Latin name after a shop's owner or a trainer (老板娘Joy, 私教Kenny, 纹身师Ace).
_ZH_TRADE_LATIN_NAME = re.compile(
    r"(?:老板娘|老闆娘|老板|老闆|店长|店長|教练|教練|私教|纹身师|紋身師|美容师|美容師|咨询师|諮詢師"
    r"|技师|技師|队医|隊醫|军医|軍醫)[ \t]?"
    rf"([{UPPER_LETTERS}][{LOWER_LETTERS}]{{1,}})(?![{LOWER_LETTERS}{UPPER_LETTERS}])"
)
# A military hospital by its number (联勤保障部队第九九六医院, 解放军第四〇一医院).
_ZH_NUMBERED_MILITARY_HOSPITAL = re.compile(
    r"((?:中国人民|中國人民)?(?:联勤保障部队|聯勤保障部隊|解放军|解放軍|武警|陆军|陸軍|海军|海軍|空军|空軍)"
    r"第?[〇零一二三四五六七八九十百\d]{2,5}(?:医院|醫院))"
)
# A handle the writer gives as their own (我是@眼睛好干的小周，): up to the punctuation.
_ZH_MY_HANDLE = re.compile(
    r"(?:我是|本人|我叫)[ \t]?@([^\s@，,。！!？?：:、]{2,16})(?=[，,。！!？?\s]|$)"
)
# A capitalised Latin word next to Chinese text, with at most a space between
# (`_given_name_in_chinese`).
_CJK_SIDE = r"[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]"
_LATIN_WORD_BY_CHINESE = re.compile(
    rf"(?:(?<={_CJK_SIDE})|(?<={_CJK_SIDE}[ \t])"
    rf"|(?<![A-Za-z])(?=[A-Z][a-z]{{1,12}}[ \t]?{_CJK_SIDE}))"
    r"([A-Z][a-z]{1,12})(?![A-Za-z])"
)
# Words of the given-name lists that a Chinese post uses otherwise: Malay and Filipino titles
# and kinship words (Mdm, Cik, Lola), the LINE app, "Bro", a lung's or a bang's English.
_NOT_GIVEN_IN_CHINESE = frozenset((
    "Mdm", "Kak", "Cik", "Puan", "Encik", "Lola", "Lolo", "Line", "Bro", "Sis", "Junior", "Cal",
    "Lung", "Bang",
))  # fmt: skip


def _given_name_in_chinese(text: str, start: int, end: int) -> bool:
    """A given name in Latin letters in a Chinese post: across the labelled Chinese posts some
    2,000 such words are names and a score are not (the titles of `_NOT_GIVEN_IN_CHINESE`, a
    classification or a brand they open: Lauren分型, Neo-Mercazole, Lorenzo油), so it is one
    unless it is a drug's name or a brand that is also a name (Yasmin), an eponym, a term's
    start, before a disease's word or a hyphen, or inside a display name or handle, which the
    rules for speakers and the tagger take whole (Coco在东京：, @阳光总在风雨后_Lily)."""
    word = text[start:end]
    lex = lexicon()
    return (
        word not in _NOT_GIVEN_IN_CHINESE
        and (lex.is_given(word) or word in lex.everyday_given)
        and not lex.is_drug_name(word)
        and word.lower() not in lex.ambiguous_brands
        and not lex.is_eponym(word)
        and not lex.is_protected(text, start, end)
        and not names_before_disease_word(text, end)
        and not text.startswith("-", end)
        and not _in_display_name(text, start, end)
    )


# The rest of a display name after a word in it, up to the colon or bar that closes it.
_DISPLAY_NAME_REST = re.compile(r"[^\s，。、！？,.!?：:｜|]{1,12}[：:｜|]")
_RUN_BREAK = re.compile(r"[\s，。、！？,.!?：:]")
# A chat line's time or date in brackets before its speaker ([21:05] Mandy在槟城:).
_CHAT_STAMP = re.compile(r"\A[ \t]*\[[^\]\n]{1,25}\][ \t]*")


def _in_display_name(text: str, start: int, end: int) -> bool:
    """The word at `start`-`end` is part of a handle (after @ or _ in its run of characters) or
    of a display name opening its line, after a chat's time or not, before a colon or a bar
    ([21:05] Mandy在槟城:, 屯門Lulu🐱：)."""
    line_start = text.rfind("\n", 0, start) + 1
    before = _CHAT_STAMP.sub("", text[line_start:start], count=1)
    breaks = list(_RUN_BREAK.finditer(before))
    run = before[breaks[-1].end() :] if breaks else before
    if "@" in run or run.endswith("_"):
        return True
    return not breaks and _DISPLAY_NAME_REST.match(text, end) is not None


def outbreak_rules() -> tuple[Rule, ...]:
    """What reports of outbreaks, inspections, complaints and exposures name (blind set 84):
    an eating place by its kind's word (Mama Rosa's Trattoria, 好再来酒楼, 明記燒味茶餐廳) or a
    form's business field, a pub after in or at (in The Hanged Man's), a market (沙井农贸市场), a
    ward named after a saint with its word (St Brendan's Ward), a Welsh street with its number
    (2 Maes yr Ysgol, Tregaron), a ZIP code the writer is in (I'm in 85339); a ship's master
    or a premises' licensee by their field, a pet named before "(my dog)", names paired
    opening a sentence (Mereoni and Sakiusa are …, Sterling and I), a name from an
    organisation (Vili from the Deaf association), a speaker quoted by one name (> Summer:), a
    patient surname first (Pt Zhao, Min); in Vietnamese, a place after ở, a lunar date (rằm
    tháng Giêng) and an age over 89 (90 tuổi); an age over 89 after a grandparent written in
    Chinese (my 阿嬷 is 96); in Chinese, a surname alone after a field of the patient
    (患者：沈)."""
    lex = lexicon()
    surnames = _words(lex.zh_surnames)
    return (
        Rule("LOCATION", _EATING_PLACE, group=1, accept=_some_word_names_it),
        Rule("LOCATION", _BUSINESS_FIELD, group=1, accept=_address_value),
        Rule("LOCATION", _PUB_AFTER_IN, group=1, cues=("the",)),
        Rule("LOCATION", _ZH_EATING_PLACE, group=1, accept=_named_shelter),
        Rule("LOCATION", _SAINTS_WARD, group=1, cues=("ward",)),
        Rule("LOCATION", _WELSH_STREET, group=1, min_digits=1),
        Rule("LOCATION", _ZIP_I_AM_IN, group=1, min_digits=5, cues=(" in ",)),
        Rule("NAME", _PERSON_FIELD, group=1, accept=_plausible_name),
        Rule("NAME", _PET_BEFORE, group=1, accept=_plausible_name, cues=("(",)),
        Rule("NAME", _FIRST_OF_PAIR, group=1, accept=_name_not_word, cues=(" and ",)),
        Rule("NAME", _SECOND_OF_PAIR, group=1, accept=_name_not_word, cues=(" and ",)),
        Rule("NAME", _NAME_FROM_THE, group=1, accept=_speaker_quoted, cues=(" from the ",)),
        Rule("NAME", _QUOTED_SPEAKER, group=1, accept=_speaker_quoted, cues=(">",)),
        Rule("NAME", _SURNAME_FIRST_PATIENT, group=1, cues=("pt", "patient")),
        Rule("LOCATION", _VI_PLACE_AFTER_O, group=1, accept=_not_kept_place, cues=("ở",)),
        Rule("DATE", _VI_LUNAR_DATE, group=1, cues=("tháng",)),
        Rule("AGE", _VI_AGE, group=1, min_digits=2, cues=("tuổi",)),
        Rule("AGE", _AGE_AFTER_ZH_GRANDPARENT, group=1, min_digits=2),
        Rule(
            "NAME",
            re.compile(
                rf"(?:患者|病人|病患|姓名)[：:][ \t\u3000]*({surnames})(?=[\s\u3000，,（(]|$)"
            ),
            group=1,
        ),
    )


# A place that serves food by its kind's word, after one to three capitalised words (Mama
# Rosa's Trattoria, Golden Lotus Takeaway) …
_EATING_KINDS = (
    r"Trattoria|Ristorante|Restaurant|Bistro|Brasserie|Diner|Café|Cafe|Takeaway|Take-Away"
    r"|Grill|Pizzeria|Steakhouse|Tavern|Cantina|Taqueria|Chippy|Chip Shop|Noodle Bar|Sushi Bar"
    r"|Kebab House|Curry House|Bakery|Deli"
)
_EATING_PLACE = re.compile(
    rf"\b((?:[{UPPER_LETTERS}][\w'’&-]*[ \t]){{1,3}}(?:{_EATING_KINDS}))(?![\w'’-])"
)
# … not a kind of one (The Indian Restaurant, the hospital café, Staff Canteen, The Maternity
# Unit): the words of a kind, an article or a cuisine name nothing.
_GENERIC_NAME_WORDS = frozenset((
    "The", "A", "An", "Our", "My", "Hospital", "Staff", "Local", "Chinese", "Indian", "Italian",
    "Thai", "Mexican", "Turkish", "Greek", "Japanese", "Korean", "Vietnamese", "Fish", "Kebab",
    "Pizza", "Fast", "Food", "New", "Best", "Main", "Street", "Ward", "Visitors", "Patients",
    "Maternity", "Unit", "Birth", "Birthing", "Centre", "Midwifery", "Midwife-led", "Adoption",
    "Service", "Agency", "Fostering", "Children's", "Family", "Hub", "Neonatal", "NHS", "County",
))  # fmt: skip


def _some_word_names_it(value: str) -> bool:
    """A word before the kind's last word that is no article, cuisine or kind's word."""
    return any(w.strip("'’") not in _GENERIC_NAME_WORDS for w in value.split()[:-1])


# A form's field naming the business inspected (Business: Mama Rosa's Trattoria).
_BUSINESS_FIELD = re.compile(
    r"(?m)^[ \t]*(?:Business|Business name|Trading name|Premises|Establishment|Venue|Outlet"
    r"|Food business)[ \t]*:[ \t]*([A-Z0-9][^\n,;/]{1,50}?)[ \t]*(?=$|[,;/])"
)
# A pub after in, at or outside, named with the and a possessive (in The Hanged Man's).
_PUB_AFTER_IN = re.compile(
    r"\b(?:in|at|outside|from)[ \t]+(The[ \t](?:[A-Z][a-z]+[ \t]){0,2}[A-Z][a-z]+['’]s)"
    r"(?![\w'’])"
)
# A Chinese eating place or market by its name and kind (好再来酒楼, 明記燒味茶餐廳,
# 沙井农贸市场): the name runs back to a place's level word, a measure word, a verb or a word
# of when, which it does not hold.
_ZH_EATING_PLACE = re.compile(
    r"((?:(?![在去到从從的了是和与與我你他她这這那个個間间家一镇鎮乡鄉区區县縣市村街路喺號号日月晚早时時吃食买買住])"
    r"[\u4e00-\u9fff]){2,6}?"
    r"(?:茶餐廳|茶餐厅|酒楼|酒樓|酒家|饭店|飯店|餐厅|餐廳|大排档|大排檔|面馆|麵館|粉店|火锅店|火鍋店"
    r"|烧腊店|燒臘店|小吃店|快餐店|鸡饭档|雞飯檔|农贸市场|農貿市場|菜市场|菜市場|街市|活禽市场|活禽市場))"
)
# A ward named after a saint, with its word (St Brendan's Ward).
_SAINTS_WARD = re.compile(r"\b(St\.?[ \t][A-Z][a-z]+['’]s[ \t]Ward)\b")
# A Welsh street with its number and the town after it (2 Maes yr Ysgol, Tregaron).
_WELSH_LETTER = "a-zâêîôûŵŷ"
_WELSH_STREET = re.compile(
    r"(?<![\w-])(\d{1,4}[A-Za-z]?,?[ \t]+(?:Maes|Heol|Ffordd|Stryd|Lôn|Lon|Rhodfa|Teras|Clos"
    r"|Cae|Bryn|Pant|Nant|Llys|Plas|Bro|Cwrt)"
    rf"(?:[ \t](?:y|yr|[A-ZÂÊÎÔÛŴŶ][{_WELSH_LETTER}]+)){{1,3}}"
    rf"(?:,[ \t]+[A-Z][{_WELSH_LETTER}]+)?)(?![\w-])"
)
# A ZIP code the writer is in (I'm in 85339).
_ZIP_I_AM_IN = re.compile(
    r"\b(?i:I['’]?m|I am|we['’]?re|we are|living|live|based|located)[ \t]+in[ \t]+"
    r"(\d{5})(?![\d-])"
)
# A ship's master, a premises' licensee or a tenant by the field of a form (Master: Dmitri
# Voloshyn).
_PERSON_FIELD = re.compile(
    r"(?m)^[ \t]*(?:Master|Captain|Skipper|Proprietor|Licensee|Occupier|Tenant|Landlord"
    rf"|Operator|FBO)[ \t]*:[ \t]*({_CAP}(?:[ \t]{_CAP}){{0,2}})"
)
# A pet named before "(my dog)" (Juno (my black lab)).
_PET_BEFORE = re.compile(
    rf"\b({_CAP})[ \t]*\((?i:my|our|his|her|their)[ \t]+(?:[\w-]+[ \t]+){{0,2}}"
    r"(?i:dog|cat|lab|labrador|puppy|pup|spaniel|terrier|collie|greyhound|kitten|retriever"
    r"|poodle|whippet|lurcher|guide dog|pony|horse)\)"
)
# Two names joined opening a sentence, before a verb, or one name and I (Mereoni and Sakiusa
# are both in hospital, Sterling and I got an apology).
_PAIR_VERB = r"(?:are|were|both|have|had|went|got|came|came|took)\b"
_FIRST_OF_PAIR = re.compile(
    r"(?m)(?:^|(?<=[.!?][ \t]))([A-Z][a-z]{2,})"
    rf"(?=[ \t]+and[ \t]+(?:I\b|me\b|[A-Z][a-z]{{2,}}[ \t]+{_PAIR_VERB}))"
)
_SECOND_OF_PAIR = re.compile(
    rf"(?m)(?:^|(?<=[.!?][ \t]))[A-Z][a-z]{{2,}}[ \t]+and[ \t]+([A-Z][a-z]{{2,}})"
    rf"(?=[ \t]+{_PAIR_VERB})"
)
# A name opening a sentence before "from the" an organisation (Vili from the Deaf association).
_NAME_FROM_THE = re.compile(
    r"(?m)(?:^|(?<=[.!?][ \t]))([A-Z][a-z]{2,})(?=[ \t]+from[ \t]+the[ \t]+[A-Za-z])"
)
# A speaker quoted by one name before its colon (> Summer: Can a restaurant …).
_QUOTED_SPEAKER = re.compile(r"(?m)^[ \t]*>[ \t]*([A-Z][a-z]+)(?=[ \t]*:[ \t])")


def _speaker_quoted(value: str) -> bool:
    """A name, or a given name that is an everyday word (Summer), not any everyday word."""
    return value in lexicon().everyday_given or _name_not_word(value)


# A patient surname first, the given name after a comma (Pt Zhao, Min, 52F).
_SURNAME_FIRST_PATIENT = re.compile(
    r"\b(?:Pt|Patient)[ \t:]+((?:Mc|Mac|O['’])?[A-Z][a-z]+,[ \t]*[A-Z][a-z]+(?:[ \t][A-Z]\.?)?)"
    r"(?=[,;\s])"
)
# A place of two to four words after Vietnamese ở (AQI ở Cầu Giấy hôm nay); a country of one
# word (ở Pháp, ở Úc) is none, one of two is kept by the allow-list (Việt Nam, Hàn Quốc).
_VI_UPPER = "A-ZĐÀ-ÝĂÂÊÔƠƯ"
_VI_LOWER = "a-zđà-ỹăâêôơư"
_VI_PLACE_AFTER_O = re.compile(
    rf"(?<!\w)ở[ \t]+([{_VI_UPPER}][{_VI_LOWER}]+(?:[ \t][{_VI_UPPER}][{_VI_LOWER}]+){{1,3}})"
)


def _not_kept_place(value: str) -> bool:
    return not lexicon().is_kept_place(value)


# A Vietnamese lunar date (rằm tháng Giêng, mùng 3 tháng Chạp).
_VI_LUNAR_DATE = re.compile(
    r"(?<!\w)((?:rằm|mùng|mồng)(?:[ \t]\d{1,2})?[ \t]+tháng[ \t]+(?:Giêng|giêng|Chạp|chạp"
    r"|\d{1,2})(?:[ \t]+âm lịch)?)(?!\w)"
)
# An age over 89 in Vietnamese (90 tuổi).
_VI_AGE = re.compile(r"(?<![\d.])(9\d|1[01]\d)[ \t]+tuổi\b")
# An age over 89 after a grandparent named in Chinese in an English post (my 阿嬷 is 96).
_AGE_AFTER_ZH_GRANDPARENT = re.compile(
    r"(?:阿嬷|阿嬤|阿公|阿婆|奶奶|爷爷|爺爺|外婆|外公|婆婆|嫲嫲|公公|姥姥|姥爷|姥爺)[ \t]+"
    r"(?:is|was|turned|turns|just turned)[ \t]+(9\d|1[01]\d)\b"
)


def maternity_rules() -> tuple[Rule, ...]:
    """What the notes and posts of pregnancy, birth and a baby's first years name (blind set
    85): a maternity unit, a birth centre or an adoption service by its name (Harrowfield
    Maternity Unit, Kirklees Adoption Service), a housing phase in Pakistan (DHA Phase 5), a
    baby by name (baby June), people thanked together (shout out to Hope and Summer), a
    person who "had his" or "her" done (Bodhi had his done), a thread's starter (started by
    gumnutgirl), a weekday before "the 8th of October", a Welsh date (ddydd Llun 6 Hydref), a
    notification's reference in brackets (birth notification (B1-4429071)); in Chinese, a
    booking or a contract's number after its word (建档号HZ20240311-0457), a name a baby is
    given (名字取許芯語, 取名平安), a midwife, a maternity nurse or a group's owner by name
    (助产士文文, 群主月亮姐姐), a speaker after a chat's time (22:47 大米:), an account's name
    (我的账号豆芽菜mama被封), a name signing off after a dash (——夏天), an English town in
    lower case (我在box hill); and a week or weekday after a count (每两周一次) is no date."""
    return (
        Rule("LOCATION", _MATERNITY_UNIT, group=1, accept=_some_word_names_it),
        Rule("LOCATION", _PK_HOUSING_PHASE, group=1, cues=("phase",)),
        Rule("NAME", _BABY_NAMED, group=1, accept=_person_name, cues=("baby",)),
        Rule("NAME", _THANKED_FIRST, group=1, accept=_person_name),
        Rule("NAME", _THANKED_SECOND, group=1, accept=_person_name),
        Rule("NAME", _HAD_HIS_DONE, group=1, accept=_name_not_word, cues=("had ",)),
        Rule(HANDLE, _STARTED_BY, group=1, cues=(" by ",)),
        Rule("DATE", _WEEKDAY_THE_NTH_OF, group=1),
        Rule("DATE", _WELSH_DATE, group=1),
        Rule("ID", _REFERENCE_IN_BRACKETS, group=1, min_digits=5, cues=("(",)),
        Rule("ID", _ZH_RECORD_NUMBER, group=1, min_digits=4),
        Rule(HANDLE, _ZH_NAME_GIVEN, group=1),
        Rule(HANDLE, _ZH_CARER_NAME, group=1),
        Rule(HANDLE, _CHAT_TIME_SPEAKER, group=1, accept=_zh_speaker, min_digits=3),
        Rule(HANDLE, _ZH_ACCOUNT_NAME, group=1),
        Rule(HANDLE, _ZH_DASH_SIGN_OFF, group=1),
        Rule("LOCATION", _TOWN_IN_LOWER_CASE, group=1, accept_at=_english_town_in_lower_case),
    )


# A maternity unit, a birth centre or an adoption service by its name, after one to three
# capitalised words (Ness View Maternity Unit, St Brigid's Maternity Unit).
_MATERNITY_UNIT = re.compile(
    r"\b((?:St\.?[ \t])?(?:[A-Z][\w'’-]*[ \t]){1,3}(?:Maternity Unit|Birth Centre|Birthing Centre"
    r"|Midwifery Unit|Midwife-led Unit|Adoption Service|Adoption Agency|Fostering Service"
    r"|Children's Centre|Family Hub|Neonatal Unit))(?![\w'’-])"
)
# A housing society's phase in Pakistan (DHA Phase 5, Bahria Town Phase 8).
_PK_HOUSING_PHASE = re.compile(
    r"\b((?:DHA|Bahria Town|Gulberg|Johar Town|Model Town|Askari|Wapda Town)[ \t]+Phase"
    r"[ \t]+(?:\d{1,2}|[IVX]{1,4}))\b"
)
# A baby by name (baby June, our baby Arlo).
_BABY_NAMED = re.compile(rf"\bbaby[ \t]+({_CAP})(?![\w'’-])")
# People thanked together (shout out to Hope and Summer, thanks to Kez and Ange).
_THANKED_TO = r"(?i:shout[ -]?outs?[ \t]+to|thanks[ \t]+to|thank[ \t]+you[ \t]+to|grateful[ \t]+to)"
_THANKED_FIRST = re.compile(rf"{_THANKED_TO}[ \t]+({_CAP})(?![\w'’-])")
_THANKED_SECOND = re.compile(rf"{_THANKED_TO}[ \t]+{_CAP}[ \t]+(?:and|&)[ \t]+({_CAP})(?![\w'’-])")
# A person who had theirs done, opening a sentence (Bodhi had his done at Southmead).
_HAD_HIS_DONE = re.compile(
    r"(?m)(?:^|(?<=[.!?][ \t]))([A-Z][a-z]{2,})(?=[ \t]+(?:had|has|got)[ \t]+(?:his|her)\b)"
)
# A thread's starter or a post's author by their handle (started by gumnutgirl).
_STARTED_BY = re.compile(
    r"(?i:\b(?:started|posted|written|asked|shared|submitted|created)[ \t]+by)[ \t]+@?"
    r"([A-Za-z][\w.]{3,30})(?![\w.])"
)
# A weekday before the ordinal day "of" the month (Wednesday the 8th of October).
_WEEKDAY_THE_NTH_OF = re.compile(
    rf"\b({_EN_DAY_NAME}[ \t]+the[ \t]+(?:3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)[ \t]+of"
    rf"[ \t]+{_MONTH_NAME}(?:[ \t]+(?:19|20)\d\d)?)(?![\w'’])"
)
# A Welsh weekday with its day and month, or a day and a Welsh month (ddydd Llun 6 Hydref).
_WELSH_MONTHS = (
    r"Ionawr|Chwefror|Mawrth|Ebrill|Mai|Mehefin|Gorffennaf|Awst|Medi|Hydref|Tachwedd|Rhagfyr"
)
_WELSH_DATE = re.compile(
    r"(?<![\w'’-])((?:[Dd]dydd|[Dd]ydd)[ \t]+(?:Llun|Mawrth|Mercher|Iau|Gwener|Sadwrn|Sul)"
    rf"(?:[ \t]+(?:3[01]|[12]\d|0?[1-9])[ \t]+(?:{_WELSH_MONTHS}))?"
    rf"|(?:3[01]|[12]\d|0?[1-9])[ \t]+(?:Ionawr|Chwefror|Ebrill|Mehefin|Gorffennaf|Awst|Medi"
    r"|Hydref|Tachwedd|Rhagfyr)(?:[ \t]+(?:19|20)\d\d)?)(?![\w'’-])"
)
# A reference in brackets after a notification's or a certificate's word (birth notification
# (B1-4429071)).
_REFERENCE_IN_BRACKETS = re.compile(
    r"(?i:notification|certificate|cert|reference|ref|registration|entry)[ \t]*\("
    r"([A-Z]{1,3}\d?-?\d{5,10})\)"
)
# A Chinese booking's, file's or contract's number after its word (建档号HZ20240311-0457).
_ZH_RECORD_NUMBER = re.compile(
    r"(?:建档号|建檔號|档案号|檔案號|合同编号|合同編號|预约号|預約號)[：:]?[ \t]*"
    r"([A-Za-z0-9][A-Za-z0-9-]{4,24})(?![A-Za-z0-9-])"
)
# The name a baby is given (名字取許芯語, 给宝宝取名平安, 名叫安安).
_ZH_NAME_GIVEN = re.compile(
    r"(?:取名|起名|名字取|名字叫|名叫|命名为|命名為)[为為叫做]?[「“\"]?([\u4e00-\u9fff]{2,3})"
    r"(?=[」”\"，,。！!；;\s（(]|$)"
)
# A midwife, a maternity nurse, a nurse or a group's owner by name (助产士文文和…, 群主月亮姐姐。,
# 护理师露露😊).
_ZH_CARER_NAME = re.compile(
    r"(?:助产士|助產士|月嫂|通乳师|通乳師|催乳师|催乳師|群主|版主|护理师|護理師|陪诊师|陪診師)"
    r"([\u4e00-\u9fff]{2,4}?)(?=[和与與、]|(?![\u4e00-\u9fff-]))"
)
# A speaker after a chat line's time, before the colon (22:47 大米: 宝宝呛奶了).
_CHAT_TIME_SPEAKER = re.compile(
    r"(?m)^[ \t]*(?:[01]?\d|2[0-3]):[0-5]\d[ \t]+([^\s:：\d][^\s:：]{0,11}?)(?=[ \t]*[:：][ \t])"
)


def _zh_speaker(value: str) -> bool:
    """A display name, not a word of a log (备注, 体温) nor one the speakers' rules skip."""
    return value.lower() not in _NOT_A_SPEAKER and not is_kinship_word(value)


# An account's name before what was done to it (我的账号豆芽菜mama被封了, 昵称：小鹿已注销).
_ZH_ACCOUNT_NAME = re.compile(
    r"(?:账号|賬號|帐号|帳號|用户名|用戶名|昵称|暱稱)(?:是|为|為|叫|[：:])?[ \t]?"
    r"((?=[^\s，,。！!？?：:、]*[A-Za-z\u4e00-\u9fff])[^\s，,。！!？?：:、\d（()）]"
    r"[^\s，,。！!？?：:、（()）]{1,11}?)(?=被|已)"
)
# A name signing off after a dash, alone at the end of its line (——夏天（也就是Summer）), not a
# department or a ward signing (——神经内科 小吕, ——安宁病房 许护士), nor a parent by the child's
# name (—— 小雅妈妈: the child's name alone is found).
_ZH_DASH_SIGN_OFF = re.compile(
    r"(?m)^[ \t]*(?:——|—|--)[ \t]*([\u4e00-\u9fff]{2,4})(?=[（(]|[ \t]*$)"
    r"(?<![科房区區室部组組站妈媽爸麻])"
)
# An English town in lower case in a Chinese post, before its Chinese (我在box hill，想问).
_TOWN_IN_LOWER_CASE = re.compile(
    r"(?<![A-Za-z])([a-z]{3,}(?:[ \t][a-z]{3,}){0,2}?)(?![A-Za-z])"
    r"(?=[ \t]?[\u4e00-\u9fff，,。？?！!])"
)


def _english_town_in_lower_case(text: str, start: int, end: int) -> bool:
    """A town of the gazetteer (not an everyday word) written in lower case in a post with
    Chinese in it."""
    lex = lexicon()
    value = text[start:end]
    title = " ".join(w.capitalize() for w in value.split())
    return (
        title in lex.en_towns
        and value not in lex.en_common_words
        and (len(value) >= 5 or " " in value)  # not com of health.com
        and re.search(_HAN, text) is not None
    )


def online_rules() -> tuple[Rule, ...]:
    """What forums, chats, apps and portals name (blind set 86): a handle on a leaderboard
    before its steps (1. jojo.reyes 98,412; 1. 跑不动的阿June 23518步), a handle before a
    chat's day (moth_wings — Today at 21:17) or its time (糖小二 07:51：), a handle opening a
    chat line before its colon (RobinB:, skinwithsimone:), a person an app says did
    something (Lukas Brenner completed Morning Run), a Québec CLSC by its place, a hotline
    with # (打#7119) (a LINE id after its colon, LINE：carewithlulu, is `_LINE_ID`'s); in
    Chinese, an author's nickname in brackets (作者 kiwi0731 (奇異果)), a video's or a post's
    author (UP主：阿宽爱吃饭), group members thanked (谢谢组里的鲸落), 阿 and a name after a
    relative (我爸阿发), initials with dots (Y.L.), a name alone signing above an e-mail, where
    someone lives (现居：Düsseldorf, 我们住Flushing), a year's festival (2019年除夕), a handle
    with a dot before a recommendation (cycle.ling推薦), a weekday of another language before
    its Chinese (Khamis（星期四）)."""
    lex = lexicon()
    weekdays = trie(
        tuple(n for n, langs in lex.weekdays.items() if "en" not in langs and len(n) >= 4)
    )
    return (
        Rule(HANDLE, _LEADERBOARD_HANDLE, group=1, accept=_zh_speaker, min_digits=3),
        Rule(HANDLE, _HANDLE_BEFORE_DAY, group=1, cues=("today at", "yesterday at")),
        Rule(HANDLE, _HANDLE_BEFORE_TIME, group=1, accept=_zh_speaker, min_digits=3),
        Rule(HANDLE, _CHAT_HANDLE, group=1, accept=_chat_handle),
        Rule("NAME", _APP_FEED_NAME, group=1, accept=_plausible_name),
        Rule("LOCATION", _CLSC, group=1, cues=("clsc",)),
        Rule("PHONE", _HASH_HOTLINE, group=1, min_digits=4, cues=("#",)),
        Rule(HANDLE, _PTT_NICKNAME, group=1, cues=("作者",)),
        Rule(HANDLE, _ZH_AUTHOR, group=1),
        Rule(HANDLE, _ZH_GROUP_THANKED, group=1),
        Rule("NAME", _ZH_KIN_THEN_A_NAME, group=1, cues=("阿",)),
        Rule("NAME", _DOTTED_INITIALS_IN_CHINESE, group=1, cues=(".",)),
        Rule("NAME", _ZH_NAME_ABOVE_EMAIL, group=1, cues=("@",)),
        Rule("LOCATION", _ZH_RESIDENCE_FIELD, group=1, accept=_not_kept_place),
        Rule("LOCATION", _ZH_LIVES_IN_LATIN, group=1, accept=_town_or_place),
        Rule("DATE", _ZH_YEAR_FESTIVAL, group=1, min_digits=4),
        Rule(HANDLE, _DOTTED_HANDLE_RECOMMENDS, group=1, accept=_not_a_domain),
        Rule(
            "DATE",
            re.compile(
                rf"(?<![A-Za-z'’-])((?i:{weekdays}))"
                r"(?=[ \t]*[（(](?:星期|礼拜|禮拜|周|週)[一二三四五六日天])"
            ),
            group=1,
        ),
    )


# A handle on a leaderboard, numbered, before its count of steps or points (1. jojo.reyes
# 98,412; 3. 芳芳 18770步).
_LEADERBOARD_HANDLE = re.compile(
    r"(?m)^[ \t]*\d{1,2}[.、)][ \t]*([^\s\d][^\s]{0,29}?)[ \t]+"
    r"(?:\d{1,3}(?:,\d{3})+(?:[ \t]*steps?)?|\d{3,6}[ \t]*(?:步|steps?|pts|points))"
    r"[ \t]*$"
)
# A handle before a chat's day and time (moth_wings — Today at 21:17).
_HANDLE_BEFORE_DAY = re.compile(
    r"(?m)^[ \t]*([^\s—–]{2,30}?)[ \t]+[—–-][ \t]+(?i:today|yesterday)[ \t]+at\b"
)
# A handle before a chat line's time and colon (糖小二 07:51：, 老黄 07:45:).
_HANDLE_BEFORE_TIME = re.compile(
    r"(?m)^[ \t]*([^\s\d:：][^\s:：]{0,11}?)[ \t]+(?:[01]?\d|2[0-3]):[0-5]\d[ \t]*[：:]"
)
# A handle opening a chat line before its colon: a name and capitals joined (RobinB), or
# letters, digits, dots and underscores in lower case (skinwithsimone, jayyy.lol).
_CHAT_HANDLE = re.compile(r"(?m)^[ \t]*([A-Z][a-z]+[A-Z]{1,2}\d*|[a-z][a-z0-9_.]{4,29})(?=:[ \t])")


def _chat_handle(value: str) -> bool:
    """No everyday word, field or speaker word (update:, note:, edit:)."""
    lower = value.lower()
    return lower not in _NOT_A_SPEAKER and lower not in lexicon().en_common_words


# A person an app's feed says did something (Lukas Brenner completed Morning Run).
_APP_FEED_NAME = re.compile(
    rf"(?m)^[ \t]*({_CAP}[ \t]{_CAP})(?=[ \t]+(?:completed|finished|logged|recorded|shared"
    r"|joined|liked|commented on|reacted to)\b)"
)
# A Québec CLSC by its place (the CLSC de Rosemont, CLSC du Marigot).
_CLSC = re.compile(
    r"\b(CLSC[ \t]+(?:de[ \t]+(?:la[ \t]+|l['’])?|du[ \t]+|des[ \t]+|d['’])?"
    r"[A-ZÀ-Þ][\w'’-]+(?:[ \t-][A-ZÀ-Þ][\w'’-]+){0,3})"
)
# A hotline written with # after a word of calling (打#7119, call #8000).
_HASH_HOTLINE = re.compile(r"(?:打|拨|撥|(?i:call|dial|ring))[ \t]?(#\d{4,5})(?!\d)")
# An author's nickname in brackets after their id on a bulletin board (作者 kiwi0731 (奇異果)).
_PTT_NICKNAME = re.compile(r"(?m)^[ \t]*作者[ \t:：]+[\w.]+[ \t]*[(（]([^()（）\n]{1,16})[)）]")
# A video's or a post's author (UP主：阿宽爱吃饭, 博主：小鹿).
_ZH_AUTHOR = re.compile(
    r"(?:UP主|up主|博主|主播|楼主|樓主)[：:][ \t]*(?![我你他她这這那咱])"
    r"([^\s，,。！!？?｜|：:\d]{2,16})"
    r"(?=[\s，,。！!？?｜|]|$)"
)
# A group's member thanked (谢谢组里的鲸落和…, 感谢群里的阿宁).
_ZH_GROUP_THANKED = re.compile(
    r"(?:谢谢|感谢|謝謝|感謝)(?:群里|组里|組裡|群裡|组内|群内)的([\u4e00-\u9fff]{2,6}?)"
    r"(?=和|与|與|、|[，,。！!]|前天|昨天|今天|一直|陪)"
)
# 阿 and a name after a relative, before what is not Chinese (我爸阿发HbA1c 8.2).
_ZH_KIN_THEN_A_NAME = re.compile(
    r"(?<=[爸妈媽爷爺奶公婆哥姐弟妹舅姨叔伯])(阿[\u4e00-\u9fff])(?=[A-Za-z0-9 \t，,。、：:])"
)
# Initials with dots in Chinese text (15床 Y.L. 阑尾切除术后).
_DOTTED_INITIALS_IN_CHINESE = re.compile(r"(?<![A-Za-z.])([A-Z]\.[A-Z]\.)(?=[ \t]*[\u4e00-\u9fff])")
# A Chinese name alone on the line above an e-mail address, signing (田野 / tianye@…).
_ZH_NAME_ABOVE_EMAIL = re.compile(
    r"(?m)^[ \t]*([\u4e00-\u9fff]{2,3})[ \t]*\n[ \t]*[\w.+-]+@[\w-]+\."
)
# Where someone lives, in Latin letters after a form's field of residence (现居：Düsseldorf) or
# a word of living (我们住Flushing), the latter only a town of the gazetteer.
_ZH_RESIDENCE_FIELD = re.compile(
    r"(?:现居|現居|居住地|现住址|現住址)[：:][ \t]?"
    r"([A-ZÀ-Þ][a-zß-ÿ'’-]+(?:[ \t][A-ZÀ-Þ][a-zß-ÿ'’-]+){0,2})(?![A-Za-z])"
)
_ZH_LIVES_IN_LATIN = re.compile(
    r"(?:住在|住|搬到|搬去)[ \t]?([A-ZÀ-Þ][a-zß-ÿ'’-]+(?:[ \t][A-ZÀ-Þ][a-zß-ÿ'’-]+){0,2})"
    r"(?![A-Za-z])"
)


def _town_or_place(value: str) -> bool:
    """A town of the gazetteer (an everyday word among them: Flushing) or a city abroad, not
    a country."""
    lex = lexicon()
    return (
        value in lex.en_towns or value in lex.en_town_words or unaccent(value) in lex.en_towns
    ) and not lex.is_kept_place(value)


# A year's festival (2019年除夕夜里, 2020年中秋).
_ZH_YEAR_FESTIVAL = re.compile(
    r"((?:19|20)\d\d年(?:(?:除夕|春节|春節|元旦|中秋|端午|国庆|國慶|元宵|清明|七夕|重阳|重陽|圣诞"
    r"|聖誕)(?:节|節)?|大年初[一二三四五六七八九十]))"
)
# A handle with a dot before what it recommended or said (cycle.ling推薦的App).
_DOTTED_HANDLE_RECOMMENDS = re.compile(
    r"(?<![A-Za-z0-9_.@/])([a-z][a-z0-9_]*\.[a-z0-9_.]*[a-z0-9])"
    r"(?=[ \t]?(?:推荐|推薦|说|說|介绍|介紹|分享|教的|贴的|貼的))"
)
_TLDS = frozenset(("com", "net", "org", "cn", "io", "tw", "hk", "my", "sg", "uk", "au", "co"))


def _not_a_domain(value: str) -> bool:
    return value.rsplit(".", 1)[-1] not in _TLDS


def faith_rules() -> tuple[Rule, ...]:
    """What congregations and their carers write (blind set 87): a name in religion before
    its title (慧净法师, 玄明道长), a temple, mosque or church by its own name (福慧寺,
    南薰巷清真寺, 媽閣廟), a co-worker's name before how to reach them (同工约拿单微信), a
    name in Latin letters after a spouse or child whatever its word (我老公Happy), a day and
    month with a dot after "on" or a weekday (on 15.3 at the, Sunday 17.11 08:15), Malay and
    Indonesian names with bin or binti, streets after Jl. and villages after Kampung, and a
    handle someone logged in as."""
    stop = f"{_ZH_NOT_IN_NAME}{_ZH_VERBS}问请哪谁么个個座间間家给給把被向为為、，。"
    return (
        Rule("NAME", _ZH_NAME_IN_RELIGION, group=1, accept=_name_in_religion),
        Rule(
            "LOCATION",
            re.compile(rf"[^\W\d{stop}]{{2,6}}(?:{_ZH_WORSHIP_KIND})"),
            accept=_zh_named_worship,
        ),
        Rule("NAME", _ZH_CO_WORKER, group=1),
        Rule("NAME", _ZH_SPOUSE_OR_CHILD_LATIN, group=1, accept_at=_latin_name_in_chinese),
        Rule("DATE", _DOTTED_DAY_AFTER_ON, group=1, min_digits=2),
        Rule("NAME", _MALAY_PATRONYMIC, group=1, accept=_malay_name, cues=("bin", "bte", "a/")),
        Rule("LOCATION", _NUSANTARA_STREET, group=1, cues=("jl", "jalan", "lorong")),
        Rule("LOCATION", _KAMPUNG, group=1, cues=("kampung", "kampong", "kg.")),
        Rule(HANDLE, _LOGGED_IN_AS, group=1, accept=_chat_handle, cues=(" as ",)),
    )


# A Buddhist's or Taoist's name in religion before the title (慧净法师, 玄明道长): the name's
# first character is one such names are made of.
_ZH_NAME_IN_RELIGION = re.compile(
    r"([慧妙释釋圣聖悟宏智清觉覺德净淨玄静靜空印性云雲圆圓定源广廣善仁法心寂光弘宗湛海明真]"
    r"[\u4e00-\u9fff])(?=法师|法師|道长|道長|居士|师父|師父|上人|喇嘛|仁波切|活佛|方丈|住持)"
)


def _name_in_religion(value: str) -> bool:
    """No time, country or word of grammar as its second character (明天法师来, 德国法师)."""
    return (
        value[1]
        not in "天日年早晚后後前的了是在也都就去来來说說请請和跟与與会會要给給让讓被把对對向国國人"
    )


# The kinds of a place of worship (寺, 清真寺, 教堂); not 宫, which the womb's words hold
# (剖宫产, 清宫, 宫颈) and a medicine's (安宫牛黄丸).
_ZH_WORSHIP_KIND = r"清真大寺|清真寺|禮拜堂|礼拜堂|教堂|佛堂|精舍|道观|道觀|祠堂|寺|廟|庙"
# Words that make a kind of temple, not one temple (城隍庙, 关帝庙, 清真寺, 那座佛寺).
_ZH_GENERIC_WORSHIP = (
    "清真", "佛", "道", "天主", "基督", "教", "神", "城隍", "土地", "关帝", "關帝", "妈祖", "媽祖",
    "观音", "觀音", "龙王", "龍王", "财神", "財神", "娘娘", "山神", "附近", "本地", "当地", "當地",
    "大", "小", "老", "新", "古", "村", "里", "裡", "寺", "庙", "廟", "一", "两", "兩", "几", "幾",
)  # fmt: skip


def _zh_named_worship(value: str) -> bool:
    """Two characters or more of the name before the kind are none of a kind's words."""
    head = re.sub(rf"(?:{_ZH_WORSHIP_KIND})$", "", value)
    for word in _ZH_GENERIC_WORSHIP:
        head = head.replace(word, "")
    return len(head) >= 2 and not is_kind_of_hospital(value)


# A co-worker's or volunteer's name before how to reach them (同工约拿单微信：).
_ZH_CO_WORKER = re.compile(
    r"(?:同工|志工|义工|義工)([\u4e00-\u9fff]{2,4}?)(?=微信|电话|電話|手机|手機|[：:])"
)
# A name in Latin letters right after a spouse or child, whatever else its word means
# (我老公Happy在怡保, 女儿Sunny发烧).
_ZH_SPOUSE_OR_CHILD_LATIN = re.compile(
    r"(?<=老公|老婆|先生|太太|儿子|兒子|女儿|女兒|老豆|细佬|細佬|家姐|囡囡)([A-Z][a-z]{2,14})(?![A-Za-z])"
)


def _latin_name_in_chinese(text: str, start: int, end: int) -> bool:
    """Neither a drug, an eponym nor a protected term, nor before a disease's word."""
    word = text[start:end]
    lex = lexicon()
    return (
        not lex.is_drug_name(word)
        and not lex.is_eponym(word)
        and not lex.is_protected(text, start, end)
        and not names_before_disease_word(text, end)
    )


# A day and month with a dot after "on" or a weekday, before a time, "at" or a stop (on 15.3
# at the, Sunday 17.11 08:15), not a dose or a reading.
_DOTTED_DAY_AFTER_ON = re.compile(
    rf"(?:\b[Oo]n|{_EN_DAY_NAME})[ \t]+((?:3[01]|[12]\d|0?[1-9])\.(?:1[0-2]|0?[1-9]))"
    r"(?=[ \t]+(?:at|in|@|(?:[01]?\d|2[0-3])[:.][0-5]\d)\b|[ \t]*[,;)]|[ \t]*$)"
)
# A Malay or Indonesian name with bin or binti, and a Tamil one with a/l or a/p, title or
# not (Pn. Rokiah binti Hassan, Ahmad bin Ismail, Suresh a/l Kumar).
_MALAY_PATRONYMIC = re.compile(
    rf"\b((?:{_CAP}[ \t]+)?{_CAP}[ \t]+(?:binti|bin|bte|a/l|a/p)[ \t]+{_CAP}(?:[ \t]+{_CAP})?)\b"
)


def _malay_name(value: str) -> bool:
    """Its first word is a given name and no everyday English word (the Recycling bin
    Monday)."""
    first = value.split()[0]
    lex = lexicon()
    return lex.is_given(first) and first.lower() not in lex.en_common_words


# A street after Jl., Jalan or Lorong, with its number (Jl. Kenanga Sari No. 17).
_NUSANTARA_STREET = re.compile(
    rf"(?<![A-Za-z])((?:Jl|Jln)\.?[ \t]+{_CAP}(?:[ \t]+(?!No\b){_CAP}){{0,3}}"
    r"(?:[ \t]+No\.?[ \t]*\d+[A-Za-z]?)?"
    rf"|(?:Jalan|Lorong)[ \t]+{_CAP}(?:[ \t]+(?!No\b){_CAP}){{0,3}}"
    rf"(?:[ \t]+(?:No\.?[ \t]*)?\d+[A-Za-z]?(?:[号號](?:,[ \t]*{_CAP})?)?)?)"
)
# A village after Kampung (Kampung Baru, Kg. Padang Jawa).
_KAMPUNG = re.compile(rf"\b((?:Kampung|Kampong|Kg\.)[ \t]+{_CAP}(?:[ \t]+{_CAP})?)")
# A handle someone logged or signed in as (logged into the inbox as fr.tom.k).
_LOGGED_IN_AS = re.compile(
    r"(?i:\b(?:logged|signed)[ \t]+(?:in|on)(?:to)?\b[^\n]{0,40}?[ \t]as)[ \t]+"
    r"([a-z][a-z0-9_.]{2,29}[a-z0-9])(?![\w@])"
)


def _zh_surname_or_rare() -> str:
    """One Chinese surname, common or rare, as a pattern (`elder_rules`, `campus_rules`)."""
    lex = lexicon()
    return f"(?:{_words(lex.zh_surnames)}|[{''.join(lex.zh_surnames_rare)}])"


def elder_rules() -> tuple[Rule, ...]:
    """What care homes, day centres and families of the old write (blind set 88): a name
    after a room or a bed (Rm 7 Hetty, Bed 4 Fairweather), a name opening a register's line
    before a dash (Joy – present), a flat by its number, an age of 90 or more in brackets
    after a given name (Pat (102!!)) or opening a line before "today", a Japanese honorific
    (Nakamura-san), a handle in brackets opening a post ([DaisyChain]), a sibling's nickname in
    lower case before what they do (my bro dez keeps), Singapore's blocks (Blk 12 Jalan Bukit
    Merah #05-116) and Malaysia's clinics (Klinik Dr. Yap); in Chinese, an age of 90 or more
    after a parent or grandparent (我阿爸93，) and a hundred years (百岁), a surname before 家
    and a relative or before 婆 or 伯 alone (何家太婆, 黎婆，), a name greeted in a letter
    (區永康先生：), a Latin name before a Chinese care home or clinic (Sri Kasih疗养院), a Latin
    name in lower case (问了jenny 她妈, lim兄), a day before a blood test or a check (5/3 抽血), an
    initial before a title (K.婆婆), a handle before its question or reply (听雨轩主人提问：)."""
    surnames = _zh_surname_or_rare()
    return (
        Rule("NAME", _ROOM_OR_BED_NAME, group=1, accept_at=_name_in_a_register),
        Rule("NAME", _REGISTER_LINE_NAME, group=1, accept_at=_name_in_a_register),
        Rule("LOCATION", _FLAT_NUMBER, group=1, min_digits=1, cues=("flat",)),
        Rule("AGE", _AGE_AFTER_GIVEN_NAME, group=1, accept_at=_given_name_before, min_digits=2),
        Rule("AGE", _AGE_TODAY, group=1, min_digits=2, cues=("today",)),
        Rule("NAME", _JAPANESE_HONORIFIC, group=1, accept=_plausible_name),
        Rule(HANDLE, _BRACKETED_HANDLE, group=1),
        Rule("NAME", _SIBLING_NICKNAME, group=1, accept=_not_a_word),
        Rule("LOCATION", _SINGAPORE_BLOCK, group=1, min_digits=1, cues=("blk",)),
        Rule("LOCATION", _ZH_SINGAPORE_AVENUE_BLOCK, group=1, min_digits=2, cues=("blk",)),
        Rule("LOCATION", _KLINIK, group=1, cues=("klinik",)),
        Rule("AGE", _ZH_ELDER_AGE, group=1, min_digits=2),
        Rule("AGE", _ZH_HUNDRED_YEARS, group=1, cues=("百",)),
        Rule(
            "NAME",
            re.compile(
                rf"({surnames})(?=家(?:太婆|太公|阿婆|阿公|婆婆|公公|奶奶|爷爷|爺爺|老人|老太|阿伯"
                r"|阿叔|聘))"
                rf"|(?:^|(?<=[，,。：:\s]))({surnames})(?=[婆伯][，,。：:\s])"
            ),
            cues=("家", "婆", "伯"),
        ),
        Rule(
            "NAME",
            re.compile(
                rf"(?m)^[ \t]*({surnames}[\u4e00-\u9fff]{{1,2}}?)"
                r"(?=(?:先生|女士|小姐)[：:，,])"
            ),
            group=1,
            cues=("先生", "女士", "小姐"),
        ),
        Rule("LOCATION", _LATIN_BEFORE_ZH_HOME, group=1, accept_at=_latin_name_in_chinese),
        Rule("NAME", _ZH_LOWER_LATIN_NAME, group=1, accept=_lower_given_name),
        Rule("NAME", _LOWER_LATIN_BROTHER, group=1, accept=_lower_name_or_no_word),
        Rule("DATE", _ZH_SLASHED_DAY_CHECK, group=1, min_digits=2),
        Rule("NAME", _ZH_DOTTED_INITIAL_TITLE, group=1, cues=(".",)),
        Rule(HANDLE, _ZH_ASKER, group=1, accept=_zh_speaker),
    )


# A name after a room's, a bed's or a flat's number (Rm 7 Hetty had, Bed 4 Fairweather –).
_ROOM_OR_BED_NAME = re.compile(
    rf"\b(?:Rm|Room|Bed|Flat)\.?[ \t]*\d{{1,3}}[A-Za-z]?[ \t]*[:–—-]?[ \t]+({_CAP})(?![\w'’-])"
)
# A name opening a register's or a round's line before a dash (Joy – present, 3. Alf – key).
_REGISTER_LINE_NAME = re.compile(
    rf"(?m)^[ \t]*(?:\d{{1,2}}[.)][ \t]*)?({_CAP})(?=[ \t]+[–—][ \t]+\S)"
)


def _name_in_a_register(text: str, start: int, end: int) -> bool:
    """A given name (one that is a word among them: Joy, Patience) or a word that is none of
    the everyday words, not a drug, an eponym or a log's word, with no reading after it."""
    word = text[start:end]
    lex = lexicon()
    after = text[end : end + 6].lstrip(" \t–—-:")
    named = (
        word in lex.everyday_given
        or lex.is_given(word)
        or (word.lower() not in lex.en_common_words and word not in lex.not_names)
    )
    return (
        named
        and not (
            (word.endswith("ing") and not lex.is_given(word))  # an exercise (2. Bridging – hold)
            or lex.is_drug_name(word)
            or lex.is_eponym(word)
            or word.lower() in _NOT_A_SPEAKER
            or after[:1].isdigit()
        )
    )


# A flat by its number after "in", "at", "to" or "from" (the pull cord went off in flat 9).
_FLAT_NUMBER = re.compile(
    r"(?i:\b(?:in|at|to|from|of)[ \t]+)((?:flat|Flat)[ \t]+\d{1,3}[A-Za-z]?)\b"
    r"(?![ \t]*(?:%|mg|ml|days?|weeks?|hours?|mins?)\b)"
)
# An age of 90 or more in brackets after a given name (Mum Pat (102!!) lives).
_AGE_AFTER_GIVEN_NAME = re.compile(rf"\b{_CAP}[ \t]+\((9\d|1[01]\d)!*\)")
_WORD_BEFORE_BRACKET = re.compile(r"(\w+)[ \t]+\($")


def _given_name_before(text: str, start: int, end: int) -> bool:
    word = _WORD_BEFORE_BRACKET.search(text, max(0, start - 30), start)
    return word is not None and (
        lexicon().is_given(word.group(1)) or word.group(1) in lexicon().everyday_given
    )


# An age of 90 or more opening a line or a sentence before "today" (103 today and on no meds).
_AGE_TODAY = re.compile(r"(?m)(?:^|(?<=[.!?])[ \t]+)(9\d|1[01]\d)(?=[ \t]+today\b)")
# A surname before a Japanese honorific (Nakamura-san's hearing aids).
_JAPANESE_HONORIFIC = re.compile(rf"\b({_CAP})-(?:san|sama|chan|kun|sensei)\b")
# A handle in joined capitals in brackets opening a post ([DaisyChain] anyone's dad…).
_BRACKETED_HANDLE = re.compile(r"(?m)^[ \t]*\[([A-Z][a-z]+(?:[A-Z][a-z0-9]+)+)\]")
# A sibling's or grandparent's nickname in lower case before what they do (my bro dez keeps).
_SIBLING_NICKNAME = re.compile(
    r"\b(?:bro|sis|brother|sister|cousin|nan|nana|gran|grandad)[ \t]+([a-z]{3,10})"
    r"(?=[ \t]+(?:keeps|is|was|has|had|said|says|came|went|got|took|takes)\b)"
)


def _not_a_word(value: str) -> bool:
    """Neither an everyday English word nor a drug's name."""
    lex = lexicon()
    return value.lower() not in lex.en_common_words and not lex.is_drug_name(value)


# A block of Singapore's flats with its street and unit (Blk 12 Jalan Bukit Merah #05-116).
_SINGAPORE_BLOCK = re.compile(
    rf"\b((?:Blk|BLK)[ \t]*\d{{1,4}}[A-Z]?[ \t]+{_CAP}(?:[ \t]+{_CAP}){{0,3}}(?:[ \t]+\d{{1,2}})?"
    r"(?:[ \t]*#\d{1,2}-\d{1,4}[A-Z]?)?)"
)
# A town's avenue or street by its number in Chinese, then its block (宏茂桥5道 Blk 512).
_ZH_SINGAPORE_AVENUE_BLOCK = re.compile(
    rf"([^\W\d{_ZH_NOT_IN_NAME}]{{2,4}}\d{{1,2}}(?:道|街)[ \t]*(?:Blk|BLK)[ \t]*\d{{1,4}}[A-Z]?"
    r"(?:[ \t]*#\d{1,2}-\d{1,4}[A-Z]?)?)"
)
# A Malaysian clinic by its name (Klinik Dr. Yap Sungai Chua, Klinik Kanak-kanak Sri Murni,
# Klinik Lim & Tan).
_KLINIK_WORD = rf"{_CAP}(?:-[a-z]+)?"
_KLINIK = re.compile(
    rf"\b(Klinik[ \t]+(?:Dr\.?[ \t]+)?{_KLINIK_WORD}(?:[ \t]+(?:&[ \t]+)?{_KLINIK_WORD}){{0,4}})"
)
# An age of 90 or more right after a parent or grandparent (我阿爸93，插住尿喉).
_ZH_ELDER_AGE = re.compile(
    r"(?<=阿爸|阿妈|阿媽|老豆|老爸|我爸|我妈|我媽|爷爷|爺爺|奶奶|外婆|外公|阿公|阿嬷|阿嬤|婆婆|公公|老母)"
    r"(9\d|1[01]\d)(?=[，,。 ]|$)"
)
# A hundred years (迎来百岁寿辰), not the wish of them (长命百岁).
_ZH_HUNDRED_YEARS = re.compile(
    r"(?<![一二三四五六七八九十百命])((?:一)?百(?:零[一二三四五六七八九])?)(?=岁|歲)"
)
# A name in Latin letters before a Chinese care home or clinic (那间Sri Kasih疗养院).
_LATIN_BEFORE_ZH_HOME = re.compile(
    r"(?<![A-Za-z])([A-Z][a-z]+(?:[ \t][A-Z][a-z]+){0,2}[ \t]?"
    r"(?:疗养院|療養院|养老院|養老院|护老院|護老院|安老院|老人院|护理院|護理院|诊所|診所))"
)
# A given name in lower case between Chinese words (帮你问了jenny 她妈也住那间).
_ZH_LOWER_LATIN_NAME = re.compile(
    r"(?<=[\u4e00-\u9fff])[ \t]?([a-z]{3,12})(?=[ \t]?[\u4e00-\u9fff])"
)


def _lower_given_name(value: str) -> bool:
    """A given name of the lexicon that is none of the names that are also words (will, mark)
    nor a drug's name."""
    name = value.capitalize()
    lex = lexicon()
    return lex.is_given(name) and name not in lex.everyday_given and not lex.is_drug_name(value)


def _lower_name_or_no_word(value: str) -> bool:
    return _lower_given_name(value) or _not_a_word(value)


# A name in lower case before 兄 or 哥 (lim兄, ken哥).
_LOWER_LATIN_BROTHER = re.compile(r"(?<![A-Za-z_])([a-z]{2,10})(?=兄|哥)")
# A day and month before a blood test or a check (5/3 抽血 INR 1.9).
_ZH_SLASHED_DAY_CHECK = re.compile(
    r"(?<![\d/.])((?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9]))(?![\d/])"
    r"(?=[ \t]?(?:抽血|复查|複查|回诊|回診|入院|出院|住院|手术|手術|就诊|就診|门诊|門診|开刀|開刀"
    r"|打针|打針))"
)
# A Latin initial with its dot before a title (K.婆婆 SpO2 91%).
_ZH_DOTTED_INITIAL_TITLE = re.compile(
    r"(?<![A-Za-z.])([A-Z]\.)(?=婆婆|伯伯|阿姨|爷爷|爺爺|奶奶|阿婆|阿伯|先生|女士|小姐|太太)"
)
# A handle opening a line before its question or reply (听雨轩主人提问：).
_ZH_ASKER = re.compile(
    r"(?m)^[ \t]*((?![我你他她请請想])[^\s：:，,。！!？?]{2,12}?)"
    r"(?=(?:提问|提問|回复|回覆|留言|发帖|發帖)[：:])"
)


def campus_rules() -> tuple[Rule, ...]:
    """What schools, universities and sports clubs write (blind set 89): a pupil's name
    before the year or grade in brackets (Tobi (Yr 7), Harper (3rd grade)), a child after
    "our little", a relative's name after Afrikaans or Hindi kinship words (My seun Wian,
    Mera beta Ravinesh), a room or unit with its hall or park (Room 214, Ganga Hostel), a
    student's number in brackets (u2104478), a card's number after "card is", a handle whose
    portal was logged into (a login to kmurphy4's), a weekday in lower case after "on" (no on
    sat); in Chinese and Cantonese, a surname before Sir (張Sir), 姓 (游姓高中生), 运动员, 教练
    or 指导, or after 本人 (本人姚，), initials with dots before a log's colon (L.Q.：), a car's
    plate after 架車 (我架車PX 8261), and a Japanese clinic by its name (さくら病院)."""
    surnames = _zh_surname_or_rare()
    return (
        Rule("NAME", _PUPIL_BEFORE_YEAR, group=1, accept=_person_name),
        Rule("NAME", _OUR_LITTLE, group=1, accept=_person_name, cues=("little",)),
        Rule("NAME", _KIN_OF_OTHER_TONGUES, group=1, accept=_plausible_name),
        Rule("LOCATION", _ROOM_IN_HALL, group=1, min_digits=1),
        Rule("ID", _STUDENT_NUMBER, group=1, min_digits=6),
        Rule("ID", _CARD_IS, group=1, min_digits=6, cues=("card",)),
        Rule(HANDLE, _LOGIN_TO_ACCOUNT, group=1, cues=("log",)),
        Rule("DATE", _ON_LOWER_WEEKDAY, group=1, cues=("on ",)),
        Rule(
            "NAME",
            re.compile(
                rf"({surnames})(?=[Ss]ir\b|[Ss]ir(?![A-Za-z])|运动员|運動員|教练|教練|指导|指導)"
                rf"|(?<!老)(?<!百)(?<!同)(?<!异)(?<!異)({surnames})(?=姓(?!名))"
                rf"|(?<=本人)({surnames})(?=[，,。])"
            ),
        ),
        Rule("NAME", _DOTTED_INITIALS_BEFORE_COLON, group=1, cues=(".",)),
        Rule("ID", _ZH_CAR_PLATE, group=1, min_digits=1),
        Rule("LOCATION", _JAPANESE_CLINIC, group=1),
    )


# A pupil's name before the year or grade in brackets (Tobi (Yr 7), Harper (3rd grade)).
_PUPIL_BEFORE_YEAR = re.compile(
    rf"\b({_CAP})[ \t]+\((?:Yr|Year|Y|P|S|Form|Grade)[ \t]?\d{{1,2}}\b[^)]{{0,12}}\)"
    rf"|\b({_CAP})[ \t]+\(\d{{1,2}}(?:st|nd|rd|th)[ \t]+grade\)"
)
# A child after "our little" or "my little", before what they are or did (Our little Ruby was).
_OUR_LITTLE = re.compile(
    rf"\b(?:[Oo]ur|[Mm]y)[ \t]+little[ \t]+({_CAP})(?=[ \t]+(?:was|is|has|had|got|turned)\b)"
)
# A relative's name after Afrikaans or Hindi and Urdu kinship words (My seun Wian, Mera beta
# Ravinesh, meri beti Anaya).
_KIN_OF_OTHER_TONGUES = re.compile(
    r"\b(?:[Mm]y|[Oo]ns|[Mm]era|[Mm]eri|[Mm]ere|[Hh]amara|[Hh]amari|[Hh]umara|[Hh]umari)[ \t]+"
    r"(?:seun|dogter|broer|suster|beta|beti|bhai|behen|bahen|pati|patni|dost|bacha|bachi)[ \t]+"
    rf"({_CAP})\b"
)
# A room or a unit by its number with its hall, hostel or park (Room 214, Ganga Hostel).
_ROOM_IN_HALL = re.compile(
    rf"\b((?:Room|Rm|Unit|Flat)[ \t]+\d{{1,4}}[A-Z]?,[ \t]+(?:{_CAP}[ \t]+){{1,2}}"
    r"(?:Hostel|Hall|Halls|House|Park|Court|Building|Block|Residence|Lodge|Tower|Village))\b"
)
# A student's number in brackets, a letter and six to eight digits (Farah Al-Najjar (u2104478)).
_STUDENT_NUMBER = re.compile(r"\(([a-z]\d{6,8})\)")
# A card's number after "card is" or "card number:" (my UHIP card is UH 0831 2276).
_CARD_IS = re.compile(
    r"(?i:\bcard(?:[ \t]+(?:no\.?|number|#))?[ \t]*(?:is|:)[ \t]*)"
    r"([A-Z]{1,3}[ \t]?\d{3,6}(?:[ \t-]?\d{3,6}){1,2})(?![\w-])"
)
# A handle whose portal or account was logged into (a login to kmurphy4's counselling portal).
_LOGIN_TO_ACCOUNT = re.compile(
    r"(?i:\blog-?in[ \t]+(?:to|for|into)[ \t]+)([a-z][a-z0-9_.]{2,28}\d?)['’]s\b"
)
# A weekday short and in lower case after "on" (ref said no on sat and), not sun (on sun
# cream).
_ON_LOWER_WEEKDAY = re.compile(r"\bon[ \t]+(mon|tues?|weds?|thurs?|fri|sat)\b(?![-'’])")
# Initials with dots before a log's or a register's colon (- L.Q.：中暑先兆).
_DOTTED_INITIALS_BEFORE_COLON = re.compile(r"(?<![A-Za-z.])([A-Z]\.[A-Z]\.)(?=[ \t]?[：:])")
# A Hong Kong car's plate after the car (我架車PX 8261衝咗; a mainland plate, 粤B 12345, is
# `web_rules`').
_ZH_CAR_PLATE = re.compile(r"(?:架車|架车|部車|部车)[ \t]?([A-Z]{1,2}[ \t]?\d{1,4})(?![\dA-Za-z])")
# A Japanese clinic or hospital by its name, kana in it (さくら病院, なかむら整形クリニック); one
# ending in a department the allow-list keeps (天神すこやか内科) is dropped with the term.
_JAPANESE_CLINIC = re.compile(
    r"((?=[\u4e00-\u9fff\u3040-\u30ff]*[\u3040-\u30ff])[\u4e00-\u9fff\u3040-\u30ff]{2,12}"
    r"(?:内科|外科|整形外科|小児科|皮膚科|歯科|眼科|耳鼻科|クリニック|医院|病院))"
)


def donor_rules() -> tuple[Rule, ...]:
    """What trials, donors and transplant units write (blind set 90): a surname alone on a
    unit's rota after its session (Mon/Wed/Fri am: Oyelaran (chair 4)), wards named after a
    person (Nightingale Ward, Dr Gharib Ward), blood centres and hospitals in Portuguese
    (Hemocentro Paraíso, Centro Hospitalar do Mondego), a unit "of" its town (Lakeview
    Dialysis of Duluth), an institute for its field (Carmel Institute for Genomic Medicine), a
    centre of two organs (Prahran Heart and Lung Centre), dates of the Hebrew calendar (כ״ג
    באדר), Persian weekdays (Shanbe), Dutch months with a year (maart 2019), a Belgian
    national number (32.04.11-287.65), ages of 90 and over after a relative and a comma
    before when (101 in June) or at a death (passed … at 95), holidays in capitals (ON
    THANKSGIVING) or after "because of"; in Chinese, a surname masked with stars (佟**), a
    husband's surname alone (我丈夫陆，), initials speaking after a chat's time ([16:40] JL：),
    a Latin given name before an age (Alice5岁) or signing on the last line, a year of two
    digits after an apostrophe ('23年5月), and a flat's room (兆康苑C座1805室)."""
    surnames = _zh_surname_or_rare()
    return (
        Rule("NAME", _ROTA_SESSION_SURNAME, group=1, accept=_plausible_name, cues=("m:", "m :")),
        Rule("LOCATION", _NAMED_WARD, group=1, accept=_ward_named_for_someone, cues=("ward",)),
        Rule("LOCATION", _PORTUGUESE_CENTRE, group=1, cues=("hemocentro", "hospitalar")),
        Rule("LOCATION", _UNIT_OF_TOWN, group=1, accept=_plausible_name, cues=(" of ",)),
        Rule("LOCATION", _INSTITUTE_FOR, group=1, accept=_named_institute, cues=("institute",)),
        Rule("LOCATION", _TWO_ORGAN_CENTRE, group=1, accept=_plausible_name, cues=(" and ",)),
        Rule("DATE", _HEBREW_DATE, group=1),
        Rule("DATE", _PERSIAN_WEEKDAY, group=1, cues=("shanbe", "jom")),
        Rule("DATE", _DUTCH_MONTH_YEAR, group=1, min_digits=4, cues=_DUTCH_MONTH_CUES),
        Rule("ID", _BELGIAN_NATIONAL_NUMBER, group=1, min_digits=11),
        Rule("AGE", _KIN_AGE_BEFORE_WHEN, group=1, cues=_OVER_89_CUES),
        Rule("AGE", _AGE_LATER_AT_DEATH, group=1, cues=_OVER_89_CUES),
        Rule("DATE", _CAPITALS_HOLIDAY, group=1, cues=_CAPITALS_HOLIDAY_CUES),
        Rule("DATE", _HOLIDAY_BECAUSE_OF, group=1, cues=("because of", "due to")),
        Rule("NAME", re.compile(rf"({surnames})(?=\*{{2,3}}|＊{{2,3}}|×{{1,2}})")),
        Rule(
            "NAME",
            re.compile(rf"(?<=我丈夫|我老公|我先生|我爱人|我愛人)({surnames})(?=[，,。、])"),
        ),
        Rule("NAME", _CHAT_TIME_INITIALS, group=1),
        Rule("NAME", _LATIN_NAME_BEFORE_ZH_AGE, group=1, accept=_given_or_everyday),
        Rule("NAME", _LATIN_NAME_SIGNING_ZH, group=1, accept=_given_or_everyday),
        Rule("DATE", _APOSTROPHE_YEAR_ZH, group=1, min_digits=3),
        Rule("LOCATION", _ZH_FLAT_ROOM, group=1, min_digits=2),
    )


# A surname alone after a session of a unit's rota and its colon, before a bracket, a plus,
# a comma or the line's end (Mon/Wed/Fri am: Oyelaran (chair 4); Tue/Thu/Sat pm: Rudd + 2).
_ROTA_SESSION_SURNAME = re.compile(
    rf"(?m)\b(?:am|pm|AM|PM)[ \t]?:[ \t]*({_CAP})(?=[ \t]*(?:\(|\+|,|;|$))"
)
# A ward named after a person, with "Dr" where written (Nightingale Ward, Dr Gharib Ward).
_NAMED_WARD = re.compile(rf"\b((?:Dr\.?[ \t]+)?{_CAP}[ \t]+Ward)\b")
# Words that say what a ward is for, not whom it is named after (Renal Ward, Day Ward).
_WARD_KIND_WORDS = frozenset((
    "renal", "surgical", "medical", "maternity", "labour", "labor", "delivery", "cardiac",
    "cardiology", "oncology", "isolation", "acute", "stroke", "general", "private",
    "psychiatric", "burns", "respiratory", "children's", "childrens", "paediatric",
    "pediatric", "geriatric", "elderly", "orthopaedic", "orthopedic", "trauma", "transplant",
    "liver", "kidney", "day", "night", "female", "male", "women's", "men's", "postnatal",
    "antenatal", "neonatal", "neurology", "haematology", "hematology", "infectious", "covid",
    "assessment", "admissions", "observation", "rehab", "rehabilitation", "recovery",
    "gynae", "gynaecology", "gynecology", "eye", "dialysis", "mental", "main", "old", "new",
    "cancer", "chemo", "palliative", "hospice", "respite", "emergency", "cardiothoracic",
    "vascular", "urology", "gastro", "endoscopy", "colorectal", "ortho", "spinal", "plastics",
    "critical", "intensive", "special", "side", "medicine", "hdu", "icu", "amu", "sau",
))  # fmt: skip


def _ward_named_for_someone(value: str) -> bool:
    """A ward whose name is a person's: a plausible name that is not a word for what the
    ward is for or an everyday word."""
    word = value.split()[-2]
    return (
        _plausible_name(word)
        and word.lower() not in _WARD_KIND_WORDS
        and word.lower() not in lexicon().en_common_words
        and not is_medical_term(word)
    )


# A blood centre or a hospital centre in Portuguese by its name (Hemocentro Paraíso,
# Hemocentro Serra do Curral, Centro Hospitalar do Mondego).
_PORTUGUESE_CENTRE = re.compile(
    rf"\b((?:Hemocentro|Centro Hospitalar)(?:[ \t]+(?:d[aeo]s?[ \t]+)?{_CAP}){{1,3}})"
)
# A dialysis unit or kidney centre of its town (Lakeview Dialysis of Duluth).
_UNIT_OF_TOWN = re.compile(
    rf"\b({_CAP}[ \t]+(?:Dialysis|Kidney[ \t]+Cent(?:er|re)|Renal[ \t]+Cent(?:er|re))"
    rf"[ \t]+of[ \t]+{_CAP})\b"
)
# An institute for or of its field, named by its own first word (Carmel Institute for
# Genomic Medicine).
_INSTITUTE_FOR = re.compile(
    rf"\b({_CAP}[ \t]+Institute[ \t]+(?:for|of)[ \t]+{_CAP}(?:[ \t]+{_CAP}){{0,2}})\b"
)


def _named_institute(value: str) -> bool:
    """An institute whose first word names it: not an everyday word, a country or a word
    of the kind (the National Institute for Health Research stays)."""
    first = value.split()[0]
    return _plausible_name(first) and first.lower() not in lexicon().en_common_words


# A centre of two organs by its own first word (Prahran Heart and Lung Centre).
_TWO_ORGAN_CENTRE = re.compile(
    rf"\b({_CAP}[ \t]+(?:Heart|Lung|Kidney|Liver|Eye|Ear|Bone|Brain)[ \t]+(?:and|&)[ \t]+"
    r"(?:Heart|Lung|Lungs|Kidney|Liver|Eye|Ear|Joint|Spine|Vascular|Pancreas)[ \t]+"
    r"(?:Centre|Center|Clinic|Institute|Unit))\b"
)
# A date of the Hebrew calendar: the day in letters with a geresh or gershayim, and the
# month after ב (כ״ג באדר, ט״ו בשבט, ה׳ בניסן).
_HEBREW_DATE = re.compile(
    r"(?<![\u05d0-\u05ea])([\u05d0-\u05ea](?:[\u05d0-\u05ea]?[\"״][\u05d0-\u05ea]|[׳'])"
    r"[ \t]+ב(?:תשרי|חשוון|חשון|כסלו|כסליו|טבת|שבט|אדר(?:[ \t]+[אב]׳?)?|ניסן|אייר|סיוון|סיון"
    r"|תמוז|אב|אלול))(?![\u05d0-\u05ea])"
)
# A weekday in Persian written in Latin letters (Shanbe, Doshanbeh, Jom'e).
_PERSIAN_WEEKDAY = re.compile(
    r"\b((?:Yek|Do|Se|Chahar|Chahār|Panj)?[Ss]hanbe(?:h)?|Jom['’]?e(?:h)?)\b"
)
_DUTCH_MONTHS = (
    "januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september",
    "oktober", "november", "december",
)  # fmt: skip
_DUTCH_MONTH_CUES = ("januari", "februari", "maart", "mei", "juni", "juli", "augustus", "oktober")
# A Dutch month in lower case with a year, and its day where written (maart 2019, 4 juli 2021).
_DUTCH_MONTH_YEAR = re.compile(
    rf"(?<![\w-])((?:{_DAY}[ \t]+)?(?:{'|'.join(_DUTCH_MONTHS)})[ \t]+(?:19|20)\d\d)(?!\d)"
)
# A Belgian national register number (rijksregisternummer 32.04.11-287.65).
_BELGIAN_NATIONAL_NUMBER = re.compile(r"(?<![\d.])(\d{2}\.\d{2}\.\d{2}-\d{3}\.\d{2})(?!\.?\d)")
# An age of 90 or more after a relative and a comma, before when it is reached (My
# great-grandfather, 101 in June, …).
_KIN_AGE_BEFORE_WHEN = re.compile(
    r"(?i:\b(?:great-?)?(?:grand(?:father|mother|dad|pa|ma|mum|mom)|nan|nana|gran|granny"
    r"|mum|mom|dad|father|mother|aunt|auntie|uncle)),[ \t]+(9\d|1[01]\d)[ \t]+"
    r"(?=(?:in|this|next|on|come)\b)"
)
# An age of 90 or more at a death, words between (passed on 3 May at 95; died in her sleep at
# 97); `_AGE_AT_DEATH` takes it right after (passed away at 94).
_AGE_LATER_AT_DEATH = re.compile(
    r"(?i:\b(?:passed(?:[ \t]+away)?|died)\b)[^.\n]{0,40}?\bat[ \t]+(9\d|1[01]\d)\b"
    r"(?![ \t]*(?:%|mg|kg|ml|bpm|am|pm|[:.]\d|percent))"
)
_CAPITALS_HOLIDAYS = (
    "THANKSGIVING", "CHRISTMAS DAY", "CHRISTMAS EVE", "CHRISTMAS", "NEW YEAR'S EVE",
    "NEW YEAR'S DAY", "NEW YEAR’S EVE", "NEW YEAR’S DAY", "EASTER SUNDAY", "EASTER",
    "HALLOWEEN", "GOOD FRIDAY", "BOXING DAY", "MOTHER'S DAY", "MOTHER’S DAY",
)  # fmt: skip
_CAPITALS_HOLIDAY_CUES = ("thanksgiving", "christmas", "new year", "easter", "halloween",
                          "good friday", "boxing day", "mother")  # fmt: skip
# A holiday in capitals after "on" or a word of when, in capitals (PAGER WENT OFF ON
# THANKSGIVING).
_CAPITALS_HOLIDAY = re.compile(
    r"\b(?:ON|SINCE|DURING|OVER|BEFORE|AFTER|FOR|AT)[ \t]+(?:THE[ \t]+)?"
    rf"({'|'.join(_CAPITALS_HOLIDAYS)})\b"
)
# A holiday after "because of" or "due to" (because of Good Friday, this week's dialysis).
_HOLIDAY_BECAUSE_OF = re.compile(
    rf"(?i:\b(?:because[ \t]+of|due[ \t]+to)[ \t]+(?:the[ \t]+)?)({_EN_HOLIDAY})\b"
)
# Latin initials speaking after a chat line's time ([16:40] JL：).
_CHAT_TIME_INITIALS = re.compile(
    r"(?m)^[ \t]*[\[【(（]?\d{1,2}:\d{2}(?::\d{2})?[\]】)）]?[ \t]*([A-Z]{2,3})(?=[ \t]*[：:])"
)


def _given_or_everyday(value: str) -> bool:
    """A common given name, or one that is an everyday word (Grace, Hope)."""
    return _given_name(value) or value in lexicon().everyday_given


# A Latin given name just before an age in Chinese (Alice5岁那年, Ken 3岁).
_LATIN_NAME_BEFORE_ZH_AGE = re.compile(
    r"(?<![A-Za-z])([A-Z][a-z]{2,})(?=[ \t]?\d{1,2}[ \t]?(?:岁|歲|周岁|週歲))"
)
# A Latin given name alone on the last line of a text in Chinese, or after a slash at its end
# (…Contact me 0412 555 806 / Grace).
_LATIN_NAME_SIGNING_ZH = re.compile(
    r"(?s)\A(?=.*?[\u4e00-\u9fff]).*(?:\n|[ \t][/／][ \t])[ \t]*(?:[-–—~][ \t]*)?([A-Z][a-z]{2,})"
    r"[ \t]*\Z"
)
# A year of two digits after an apostrophe, with its month (我是'23年5月换的肝).
_APOSTROPHE_YEAR_ZH = re.compile(r"(['’‘]\d{2}年\d{1,2}月(?:\d{1,2}[日号號])?)")
# A flat's block and room, whose estate other rules take (兆康苑C座1805室).
_ZH_FLAT_ROOM = re.compile(r"([A-Z0-9一二三四五六七八九十]{1,3}[座栋棟幢][ \t]?\d{2,5}[室房])")


def diet_rules() -> tuple[Rule, ...]:
    """What dietitians, canteens, restaurants and food-safety officers write (blind set 91),
    in the many languages of those who eat abroad: a Korean given name before 엄마 or 아빠
    (서윤 엄마), Korean cities and districts in Hangul (부산, 서울 강남구; not 대구탕), Korean dates
    with their weekday (3월 14일 (금)) and weekdays (월요일), a Greek patient's name (Ο ασθενής
    Γεώργιος Παπαδάκης), a Thai name after its title (นางสาวพิมพ์ชนก ศรีสุข), a hospital number
    (HN 64-118203), Vietnamese dates after ngày with slashes and codes after mã (mã đơn
    GF-2503-8812-44VN), an Italian tax code (BNCLRN15D12F205K), a range of days in a month
    (Feb 2-5, 2025), an Italian polyclinic or hospital by its saint (Policlinico
    Sant'Ercolano), a phone's extension after PHS, a grandparent's age of 90 or more in Greek
    or Turkish (Büyükannem 93), initials greeted (Hi GK,), an app's id (LINE … ID: yui.fj0611),
    a handle opening a post before "here", German feasts (Ostern); in Chinese, a booking's
    code (订座记录 NPX7QK), a caterer or a factory by its name (永豐團膳, 鸿运电子厂), a surname
    alone after a report's role or a dash (审核者：麦, ——钟（康复医学科）), Latin initials
    after 患者 or before 某 or a sex (患者WJH, L某, ZW　女), and a name after 紧急联系人."""
    surnames = _zh_surname_or_rare()
    return (
        Rule("NAME", _HANGUL_NAME_BEFORE_PARENT, group=1, accept=lambda v: v not in _KO_NOT_NAMES),
        Rule("LOCATION", _KOREAN_CITY, group=1),
        Rule("DATE", _KOREAN_DATE_WEEKDAY, group=1, min_digits=2),
        Rule("DATE", _KOREAN_WEEKDAY, group=1, cues=("요일",)),
        Rule("NAME", _GREEK_PATIENT, group=1, cues=("ασθεν", "ονοματεπώνυμο")),
        Rule("NAME", _THAI_TITLED_NAME, group=1),
        Rule("ID", _HOSPITAL_NUMBER_HN, group=1, min_digits=5),
        Rule("DATE", _VI_SLASHED_DATE, group=1, min_digits=2, cues=("ngày",)),
        Rule("ID", _VI_CODE, group=1, min_digits=4, cues=("mã",)),
        Rule("ID", _ITALIAN_TAX_CODE, group=1, min_digits=7),
        Rule("DATE", _DAY_RANGE_IN_MONTH, group=1, min_digits=6),
        Rule("LOCATION", _ITALIAN_SAINTS_HOSPITAL, group=1, cues=("policlinico", "ospedale")),
        Rule("PHONE", _PHS_EXTENSION, group=1, min_digits=3, cues=("phs",)),
        Rule("AGE", _GRANDPARENT_AGE_ABROAD, group=1, cues=_OVER_89_CUES),
        Rule("NAME", _GREETED_INITIALS, group=1, accept=lambda v: v not in _GREETED_WORDS),
        Rule("NAME", _APP_ID, group=1, cues=("id",)),
        Rule(HANDLE, _HANDLE_HERE_OPENING, group=1, accept=_handle_not_a_word, cues=("here",)),
        Rule("DATE", _GERMAN_FEAST, group=1),
        Rule("ID", _ZH_BOOKING_CODE, group=1, min_digits=1),
        Rule("LOCATION", _ZH_NAMED_CATERER, group=1, accept=_zh_own_name),
        Rule(
            "NAME",
            re.compile(
                r"(?:审核者|審核者|检验者|檢驗者|报告者|報告者|记录者|記錄者|签名|簽名)"
                rf"[ \t]*[:：][ \t]*({surnames}|{_words(lexicon().zh_surnames_ambiguous)})"
                r"(?![\u4e00-\u9fff])"
            ),
            group=1,
        ),
        Rule("NAME", re.compile(rf"(?:——|—|--)[ \t]*({surnames})(?=[（(])"), group=1),
        Rule("NAME", _LATIN_INITIALS_AFTER_PATIENT, group=1),
        Rule("NAME", _LATIN_INITIALS_BEFORE_SEX, group=1),
        Rule("NAME", _EMERGENCY_CONTACT_ZH, group=1, accept=lambda v: v not in _ZH_KIN_WORDS),
    )


# A Korean given name before the parent who speaks for the child (서윤 엄마예요).
_HANGUL_NAME_BEFORE_PARENT = re.compile(
    r"(?<![\uac00-\ud7a3])([\uac00-\ud7a3]{2,3})(?=[ \t]?(?:엄마|아빠|어머니|아버지|맘))"
)
# Words before 엄마 or 아빠 that are no child's name (우리 엄마, 친구 엄마).
_KO_NOT_NAMES = frozenset(
    ("우리", "저희", "친구", "아기", "애기", "남편", "아내", "와이프", "시어", "친정", "새엄마")
)
# A Korean city in Hangul with its district where written (부산에서, 서울 강남구), not a dish of
# cod (대구탕, 대구찜) or a word it starts (광주리, 전주곡).
_KOREAN_CITY = re.compile(
    r"(?<![\uac00-\ud7a3])((?:서울|부산|대구|인천|광주|대전|울산|수원|성남|고양|용인|창원|청주|전주"
    r"|천안|제주|포항|김해|안산|안양)(?:시)?(?:[ \t]?[\uac00-\ud7a3]{1,3}(?:구|군))?)"
    r"(?!탕|찜|조림|살|전|회|포|국|리|곡)"
)
# A Korean date with its weekday in brackets (3월 14일 (금)).
_KOREAN_DATE_WEEKDAY = re.compile(
    r"(?<!\d)((?:1[0-2]|0?[1-9])월[ \t]?(?:3[01]|[12]\d|0?[1-9])일[ \t]?\([월화수목금토일]\))"
)
# A Korean weekday (월요일 中午那顿).
_KOREAN_WEEKDAY = re.compile(r"(?<![\uac00-\ud7a3])([월화수목금토일]요일)")
# A Greek patient's name after the word for patient or a name's field (Ο ασθενής Γεώργιος
# Παπαδάκης).
_GREEK_PATIENT = re.compile(
    r"(?:[Οο][ \t]+ασθενής|[Ηη][ \t]+ασθενής|[Οο]νοματεπώνυμο[ \t]*:?)[ \t]+"
    r"([Α-ΩΆ-Ώ][α-ωά-ώς]+(?:[ \t]+[Α-ΩΆ-Ώ][α-ωά-ώς]+){0,2})"
)
# A Thai name after its title, given name and surname (ชื่อ นางสาวพิมพ์ชนก ศรีสุข).
_THAI_TITLED_NAME = re.compile(
    r"(?:นางสาว|นาย|นาง|ด\.ช\.|ด\.ญ\.)[ \t]?([\u0e01-\u0e4e]{2,}(?:[ \t][\u0e01-\u0e4e]{2,})?)"
)
# A hospital number after HN (HN 64-118203).
_HOSPITAL_NUMBER_HN = re.compile(r"\bHN[ \t]*[:.]?[ \t]*(\d{2}-\d{4,7}|\d{5,10})(?![\d-])")
# A Vietnamese date after ngày with slashes (ngày 2/4/2025).
_VI_SLASHED_DATE = re.compile(
    r"(?<![A-Za-z])((?i:ngày)[ \t]+(?:3[01]|[12]\d|0?[1-9])/(?:1[0-2]|0?[1-9])"
    r"(?:/(?:\d{4}|\d{2}))?)(?![\d/])"
)
# A code after mã and what it codes (Mã đơn GF-2503-8812-44VN, mã BN 2503118).
_VI_CODE = re.compile(
    r"(?<![A-Za-z])(?i:mã)(?:[ \t]+(?i:đơn|bn|bệnh[ \t]+nhân|hồ[ \t]+sơ|số|khách[ \t]+hàng))?"
    r"[ \t]*:?[ \t]*((?=[A-Z0-9-]*\d)[A-Z0-9][A-Z0-9-]{4,24})(?![\w-])"
)
# An Italian tax code (codice fiscale: BNCLRN15D12F205K).
_ITALIAN_TAX_CODE = re.compile(r"\b([A-Z]{6}\d{2}[A-EHLMPRST]\d{2}[A-Z]\d{3}[A-Z])\b")
# A range of days in a month with its year (confined Feb 2-5, 2025).
_DAY_RANGE_IN_MONTH = re.compile(
    rf"\b({_MONTH_NAME}[ \t]+{_DAY}[ \t]?[-–][ \t]?{_DAY},?[ \t]+(?:19|20)\d\d)(?!\d)"
)
# An Italian polyclinic or hospital named after its saint (Policlinico Sant'Ercolano,
# Ospedale San Gerardo).
_ITALIAN_SAINTS_HOSPITAL = re.compile(
    r"\b((?:Policlinico|Ospedale)[ \t]+(?:San|Santa|Santo|Sant['’])[ \t]?"
    rf"{_CAP}(?:[ \t]+{_CAP})?)"
)
# A phone's extension after PHS, the hospital's in-house phone (Requested by: Dr Ito, PHS 4417).
_PHS_EXTENSION = re.compile(r"\bPHS[ \t]*(?:no\.?|#)?[ \t]*:?[ \t]*(\d{3,5})(?![\d-])")
# A grandparent's age of 90 or more in Greek or Turkish (Η γιαγιά μου, 96; Büyükannem 93).
_GRANDPARENT_AGE_ABROAD = re.compile(
    r"(?i:γιαγιά(?:[ \t]+μου)?|παππούς(?:[ \t]+μου)?|büyükannem|büyükbabam|anneannem"
    r"|babaannem|dedem|ninem),?[ \t]+(9\d|1[01]\d)(?![\d.%])"
)
# Initials greeted at a message's start (Hi GK,).
_GREETED_INITIALS = re.compile(
    r"(?:^|\n)[ \t]*(?:Hi|Hello|Dear|Hey)[ \t]+([A-Z]{2,3})(?=[ \t]*[,!\n])"
)
# Words in capitals greeted that are no one's initials (Hi ALL,).
_GREETED_WORDS = frozenset(("ALL", "YOU", "MUM", "MOM", "MAM", "DAD", "DOC", "SIR", "YAL", "YA"))
# An app's id after the app's name (Message via LINE from Yui (ID: yui.fj0611)).
_APP_ID = re.compile(
    r"\b(?:LINE|WeChat|Kakao(?:Talk)?|Telegram|Viber|Zalo)\b[^\n:：]{0,24}?\bID[ \t]*[:：][ \t]*"
    r"([A-Za-z][A-Za-z0-9._-]{3,29})(?![\w.-])"
)
# A handle in lower case opening a post before "here" (coeliacinseoul here - reminder).
_HANDLE_HERE_OPENING = re.compile(r"\A[ \t]*([a-z][a-z0-9_.]{5,30})[ \t]+here\b")


def _handle_not_a_word(value: str) -> bool:
    """A user name's shape, with a digit, a dot or an underscore or of ten letters or more, that
    is not an everyday or a medical word (coeliacinseoul here; not coeliac here for 11 yrs)."""
    return (
        (len(value) >= 10 or re.search(r"[\d_.]", value) is not None)
        and _user_name_shaped(value)
        and value not in lexicon().en_common_words
        and not is_medical_term(value)
    )


# German feasts that date an event (an Ostern im Krankenhaus).
_GERMAN_FEAST = re.compile(r"\b(Ostern|Weihnachten|Pfingsten|Heiligabend|Silvester)\b")
# A booking's code after its word (订座记录 NPX7QK).
_ZH_BOOKING_CODE = re.compile(
    r"(?:订座记录|訂座記錄|订座号|訂座號|预订号|預訂號|确认码|確認碼|PNR)[ \t]*[:：]?[ \t]*"
    r"((?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{5,8})(?![A-Za-z0-9])"
)
# A caterer, a food company or a factory by its own name (永豐團膳, 鸿运电子厂).
_ZH_NAMED_CATERER = re.compile(
    r"([\u4e00-\u9fff]{2,3}(?:团膳|團膳|餐饮公司|餐飲公司|食品厂|食品廠|电子厂|電子廠|制衣厂|製衣廠))"
)
# Words before a kind of caterer or factory that name none (这家, 一家, 某).
_ZH_NOT_OWN_NAME = re.compile(r"^(?:这|這|那|一|某|哪|每|本|该|該|同|大|小|附近)")


def _zh_own_name(value: str) -> bool:
    return _ZH_NOT_OWN_NAME.match(value) is None


# Latin initials for a person in Chinese after 患者 or 病人 before a comma or a bracket (患者WJH，;
# not 患者BMI 42).
_LATIN_INITIALS_AFTER_PATIENT = re.compile(r"(?:患者|病人|病患)([A-Z]{2,4})(?=[，,、（(])")
# Latin initials for a person in Chinese before 某 or a sex (L某　男; ZW　女).
_LATIN_INITIALS_BEFORE_SEX = re.compile(r"(?<![A-Za-z])([A-Z]{1,3})(?=某|[ \t　]+[男女][ \t　，,])")
# A name after the field of an emergency contact (緊急聯絡人：家明 9123 4567).
_EMERGENCY_CONTACT_ZH = re.compile(
    r"(?:緊急聯絡人|紧急联系人|緊急聯繫人|紧急联络人)[ \t]*[:：][ \t]*([\u4e00-\u9fff]{2,3})"
    r"(?=[ \t]*(?:[\d(（+]|$))"
)
_ZH_KIN_WORDS = frozenset((
    "父亲", "母亲", "父親", "母親", "丈夫", "妻子", "老公", "老婆", "儿子", "女儿", "兒子", "女兒",
    "爸爸", "妈妈", "媽媽", "家属", "家屬", "本人", "先生", "太太",
))  # fmt: skip


def support_rules() -> tuple[Rule, ...]:
    """What disability services, equipment stores and their users write (blind set 92), many
    of them in the Nordic languages: Swedish, Danish and Norwegian dates with their weekday
    (måndag 9 september, tirsdag den 12. marts), Nordic feasts (juhannuksena), Italian, Spanish
    and Portuguese months with a year (febbraio 2024, marzo 2024), a month and year in digits
    after a date's field (Date stopped working: 08/2022), Nordic streets (Storgatan 14, Ramels
    väg 41), Romanian streets (Str. Zorilor nr. 27) and districts (cartier Fabric), Ukrainian
    names after a relative and places after "near" in Cyrillic (Мій брат Андрій, near
    Бахмут), a Cyrillic name opening a post before a comma, dates in Bengali, ids of letters
    and digits after a word (passport, FT 482917; DVA file QX 219844), Finnish personal codes
    (140367-218K), Chilean RUTs (8.412.937-5), an age after "At" before a relative (At 101 my
    nan), relatives' names after Italian and Nordic kinship words (mio marito Davide, pappa
    Sten, Vores lille Alma), a name signing a Nordic letter and the town it is sent from
    (Hälsningar från Västerås, / Gunnel), the first name after "Present:", a handle on
    Facebook with dots (Vlad.Pop.TM); in Chinese, a surname before a village's or a unit's
    post (李会计), before 太 and a comma (莫太，), a Latin name after 我家, a name before its
    group name (我是蓝天（群名…）), a month and day in digits before an event (10/30还要回), a
    bakery or café by its name (星语烘焙坊), a district's social security office."""
    surnames = _zh_surname_or_rare()
    ambiguous = _words(lexicon().zh_surnames_ambiguous)
    return (
        Rule("DATE", _NORDIC_DATE, group=1, min_digits=1, cues=_NORDIC_MONTH_CUES),
        Rule("DATE", _NORDIC_FEAST, group=1, cues=("juhannu", "midsommar", "julafton", "jule")),
        Rule("DATE", _ROMANCE_MONTH_YEAR, group=1, min_digits=4, cues=_ROMANCE_MONTH_CUES),
        Rule("DATE", _MONTH_YEAR_AFTER_DATE_FIELD, group=1, min_digits=5, cues=("date",)),
        Rule("LOCATION", _NORDIC_STREET, group=1, min_digits=1),
        Rule("LOCATION", _ROMANIAN_STREET, group=1, min_digits=1, cues=("str", "bd.", "calea")),
        Rule("LOCATION", _ROMANIAN_DISTRICT, group=1, cues=("cartier",)),
        Rule("NAME", _CYRILLIC_KIN_NAME, group=1),
        Rule("LOCATION", _CYRILLIC_PLACE_AFTER, group=1),
        Rule("NAME", _CYRILLIC_NAME_OPENING, group=1),
        Rule("DATE", _BENGALI_DATE, group=1),
        Rule("ID", _LETTERS_DIGITS_AFTER_WORD, group=1, min_digits=4),
        Rule("ID", _FINNISH_PERSONAL_CODE, group=1, min_digits=9),
        Rule("ID", _CHILEAN_RUT, group=1, min_digits=7),
        Rule("AGE", _AT_AGE_BEFORE_RELATIVE, group=1, cues=_OVER_89_CUES),
        Rule("NAME", _ROMANCE_NORDIC_KIN_NAME, group=1, accept=_person_name),
        Rule("NAME", _NORDIC_SIGNED_NAME, group=1, accept=_person_name),
        Rule("LOCATION", _NORDIC_GREETING_TOWN, group=1, cues=("hälsning", "hilsen")),
        Rule("NAME", _FIRST_PRESENT, group=1, accept=_person_name, cues=("present",)),
        Rule(HANDLE, _DOTTED_SOCIAL_HANDLE, group=1),
        Rule(
            "NAME",
            re.compile(
                rf"({surnames})(?=会计|會計|书记|書記|村长|村長|队长|隊長|站长|站長|所长|所長|厂长|廠長)"
            ),
        ),
        Rule("NAME", re.compile(rf"({surnames}|{ambiguous})(?=太[，,：:])")),
        Rule("NAME", _LATIN_NAME_AFTER_WO_JIA, group=1, accept=_not_a_brand_or_country),
        Rule("NAME", _NAME_BEFORE_GROUP_NAME, group=1),
        Rule("DATE", _ZH_MONTH_DAY_BEFORE_EVENT, group=1, min_digits=2),
        Rule("LOCATION", _ZH_NAMED_SHOP, group=1, accept=_zh_own_name),
        Rule("LOCATION", _HK_SOCIAL_SECURITY_OFFICE, group=1),
    )


_NORDIC_MONTHS = (
    r"januari|januar|februari|februar|mars|marts|april|maj|mai|juni|juli|augusti|august"
    r"|september|oktober|november|december|desember"
)
_NORDIC_MONTH_CUES = (
    "januar", "februar", "mars", "marts", "april", "maj", "mai", "juni", "juli", "august",
    "september", "oktober", "november", "desember", "december",
)  # fmt: skip
_NORDIC_WEEKDAYS = r"måndag|tisdag|onsdag|torsdag|fredag|lördag|söndag|mandag|tirsdag|lørdag|søndag"
# A Swedish, Danish or Norwegian date, its weekday and "den" or "d." where written (måndag 9
# september, den 4 december, tirsdag den 12. marts, tirsdag d. 8. april).
_NORDIC_DATE = re.compile(
    rf"(?<![\w.])((?:(?i:{_NORDIC_WEEKDAYS})[ \t]+)?(?:den[ \t]+|d\.[ \t]*)?{_DAY}\.?[ \t]+"
    rf"(?:{_NORDIC_MONTHS})(?:[ \t]+(?:19|20)\d\d)?)\b"
)
# Nordic feasts that date an event (Isä kaatui juhannuksena).
_NORDIC_FEAST = re.compile(
    r"(?i:\b(juhannu(?:s|ksena|ksen|kseen)|midsommar(?:afton)?|julafton|juleaften))\b"
)
_ROMANCE_MONTHS = (
    r"gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre"
    r"|dicembre|enero|febrero|abril|mayo|junio|julio|septiembre|setiembre|octubre|noviembre"
    r"|diciembre|janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|dezembro"
)
_ROMANCE_MONTH_CUES = tuple(_ROMANCE_MONTHS.split("|"))
# An Italian, Spanish or Portuguese month with a year (nel febbraio 2024, en marzo 2024, em
# março de 2023).
_ROMANCE_MONTH_YEAR = re.compile(
    rf"(?<![\w-])((?:{_DAY}[ \t]+(?:de[ \t]+)?)?(?i:{_ROMANCE_MONTHS})[ \t]+(?:de[ \t]+|del[ \t]+)?"
    r"(?:19|20)\d\d)(?!\d)"
)
# A month and year in digits after a field of a date (Date stopped working: 08/2022).
_MONTH_YEAR_AFTER_DATE_FIELD = re.compile(
    r"(?im:^[ \t]*(?:[a-z]+[ \t]+){0,3}date(?:[ \t]+[a-z]+){0,3}[ \t]*:)[ \t]*"
    r"((?:0?[1-9]|1[0-2])/(?:19|20)\d\d)(?![\d/])"
)
# A Nordic street with its number: one word ending in its kind (Storgatan 14, Kongensgade 3)
# or a name before the kind (Ramels väg 41).
_NORDIC_STREET = re.compile(
    r"(?<![\w-])([A-ZÅÄÖÆØ][a-zåäöæøé]+(?:gatan|gata|vägen|gränd|gade|gaten|veien|vegen|katu|tie)"
    r"[ \t]+\d{1,4}[A-Za-z]?"
    r"|[A-ZÅÄÖÆØ][a-zåäöæøé]+s?[ \t]+(?:väg|vägen|gata|gatan|gate|vej|vei|allé|plads|torg)"
    r"[ \t]+\d{1,4}[A-Za-z]?)(?![\w-])"
)
# A Romanian street with its number (Str. Zorilor nr. 27, Bd. Eroilor nr. 5).
_ROMANIAN_STREET = re.compile(
    rf"\b((?:Str\.|Strada|Bd\.|Bulevardul|Calea|Aleea)[ \t]+{_CAP}(?:[ \t]+{_CAP})?,?[ \t]+"
    r"nr\.?[ \t]*\d{1,4}[A-Za-z]?)"
)
# A Romanian town's district after cartier (stau în Timișoara, cartier Fabric).
_ROMANIAN_DISTRICT = re.compile(rf"\b(?i:cartier(?:ul)?)[ \t]+({_CAP})")
_CYRILLIC_CAP = r"[А-ЯІЇЄҐЁ][а-яіїєґё'’]{2,}"
# A Ukrainian or Russian name after a relative (Мій брат Андрій).
_CYRILLIC_KIN_NAME = re.compile(
    r"(?i:брат|сестра|мама|тато|батько|мати|син|донька|дочка|чоловік|дружина|бабуся|дідусь|муж"
    rf"|жена|сын|дочь|бабушка|дедушка)[ \t]+({_CYRILLIC_CAP})"
)
# A place in Cyrillic after an English or Ukrainian word of where (near Бахмут, біля Ізюма).
_CYRILLIC_PLACE_AFTER = re.compile(
    rf"(?i:\b(?:near|in|from|at|outside)|біля|під|поблизу)[ \t]+({_CYRILLIC_CAP})"
)
# A name in Cyrillic opening a post before a comma (Оксана, волонтерка: …).
_CYRILLIC_NAME_OPENING = re.compile(rf"\A[ \t]*({_CYRILLIC_CAP})(?=,)")
# A date in Bengali digits and month (১২ মার্চ ২০২৫).
_BENGALI_DATE = re.compile(
    r"([০-৯]{1,2}[ \t]+(?:জানুয়ারি|ফেব্রুয়ারি|মার্চ|এপ্রিল|মে|জুন|জুলাই|আগস্ট|সেপ্টেম্বর|অক্টোবর"
    r"|নভেম্বর|ডিসেম্বর)(?:[ \t]+[০-৯]{4})?)"
)
# An id of two to four capitals and digits after a word for a record (passport, FT 482917;
# DVA file QX 219844; ref ISLS-44817; client AC 6619 2047).
_LETTERS_DIGITS_AFTER_WORD = re.compile(
    r"(?i:\b(?:passport|file|ref|reference|client|member|case))\b[ \t]*(?:no\.?|number|#)?"
    r"[ \t]*[:,]?[ \t]*([A-Z]{2,4}(?:[ \t-]?\d{4,6}){1,2})(?![\w-])"
)
# A Finnish personal identity code (henkilötunnus 140367-218K).
_FINNISH_PERSONAL_CODE = re.compile(r"(?<![\w-])(\d{6}[-+A]\d{3}[0-9A-Y])(?![\w-])")
# A Chilean RUT (8.412.937-5, 12.345.678-K).
_CHILEAN_RUT = re.compile(r"(?<![\d.])(\d{1,2}\.\d{3}\.\d{3}-[\dkK])(?![\w-])")
# An age of 90 or more after "At", before a relative (At 101 my nan still refuses).
_AT_AGE_BEFORE_RELATIVE = re.compile(
    r"\b[Aa]t[ \t]+(9\d|1[01]\d),?[ \t]+(?=(?:my|our|his|her)[ \t]+(?:great-?)?"
    r"(?:nan|nana|gran|granny|grandma|grandmother|grandad|grandpa|grandfather|mum|mom|dad"
    r"|mother|father|aunt|uncle)\b)"
)
# A relative's name after Italian or Nordic kinship words (mio marito Davide, pappa Sten,
# Vores lille Alma, min man Erik).
_ROMANCE_NORDIC_KIN_NAME = re.compile(
    r"\b(?:(?:[Mm]io|[Mm]ia)[ \t]+(?:marito|moglie|figlio|figlia|padre|madre|fratello|sorella"
    r"|nonno|nonna|compagno|compagna)"
    r"|(?:[Mm]in|[Mm]itt)[ \t]+(?:man|fru|son|dotter|søn|datter|bror|syster|søster|mand|kone)"
    r"|pappa|mamma|farfar|farmor|morfar|mormor"
    rf"|(?:[Vv]ores|[Vv]årt?)[ \t]+(?:lille|lilla))[ \t]+({_CAP})\b"
)
# A name signing a Nordic or Italian letter on its last line (Hälsningar från Västerås, /
# Gunnel).
_NORDIC_SIGNED_NAME = re.compile(
    r"(?i:hälsningar|hilsen|hilsner|mvh|terveisin|cordiali saluti|un saluto)[^\n]{0,40}\n"
    rf"[ \t]*({_CAP})[ \t]*\Z"
)
# The town a Nordic greeting is sent from (Hälsningar från Västerås).
_NORDIC_GREETING_TOWN = re.compile(
    rf"(?i:hälsningar|hilsen|hilsner)[ \t]+(?i:från|fra)[ \t]+({_CAP})"
)
# The first name after "Present:" in a meeting's notes (Present: Hege, Ingrid, …).
_FIRST_PRESENT = re.compile(rf"\b(?i:present)[ \t]*:[ \t]*({_CAP})(?=[ \t]*[,;\n])")
# A handle with dots on a social network (pe facebook sunt Vlad.Pop.TM).
_DOTTED_SOCIAL_HANDLE = re.compile(
    r"(?i:facebook|fb|instagram|insta|tiktok)\b[^\n]{0,12}?[ \t]"
    r"((?:[A-Za-z0-9]+\.){2,3}[A-Za-z0-9]+)(?![\w.])"
)
# A Latin name after 我家, a pet's or a child's (我家Lucky要退休了).
_LATIN_NAME_AFTER_WO_JIA = re.compile(r"(?<=我家)([A-Z][a-z]{2,})(?![a-z])")


def _not_a_brand_or_country(value: str) -> bool:
    """A name by its place after 我家, whatever its word (Lucky), unless a drug or device
    brand or a country (我家Ozempic, 我家Canada)."""
    lex = lexicon()
    return not lex.is_drug_name(value) and not lex.is_kept_place(value)


# A name before the group's name it goes by (我是蓝天（群名“…”）).
_NAME_BEFORE_GROUP_NAME = re.compile(
    r"(?<=我是)([\u4e00-\u9fff]{2,3})(?=[（(](?:群名|网名|網名|昵称|暱稱))"
)
# A month and day in digits before an event or a bracket, no year (他10/30还要回; 1/24（過年前）;
# not a spine's level, L4/5手术).
_ZH_MONTH_DAY_BEFORE_EVENT = re.compile(
    r"(?<![A-Za-z\d/.])((?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9]))(?![\d/.])"
    r"(?=[（(]|还|還|要|回|去|到|起|开始|開始|出院|入院|手术|手術|复诊|複診|覆診)"
)
# Characters of particles and pronouns, which a shop's own name before its kind does not hold.
_NOT_SHOP_NAME_CHARS = "的在是了和与與到去我你他她它"
# A bakery, café or caterer by its own name (星语烘焙坊).
_ZH_NAMED_SHOP = re.compile(
    rf"((?:(?![{_NOT_SHOP_NAME_CHARS}])[\u4e00-\u9fff]){{2,3}}(?:烘焙坊|烘焙店|面包店|麵包店"
    r"|咖啡馆|咖啡館|甜品店|饼店|餅店))"
)
# A Hong Kong district's social security office (黃大仙社會保障辦事處).
_HK_SOCIAL_SECURITY_OFFICE = re.compile(
    rf"((?:(?![{_NOT_SHOP_NAME_CHARS}])[\u4e00-\u9fff]){{2,4}}(?:社會保障辦事處|社会保障办事处))"
)


def clinic_rules() -> tuple[Rule, ...]:
    """What sexual and reproductive health services and their users write (blind set 93): a
    name given by "my name is" in other languages (Me llamo Maite), a name after a Czech
    title (MUDr. Novotná), clinics by their own name before a service (Fitzroy Women's
    Health), pharmacies and clinics in Cyrillic with their street (Аптека Світанок, вул. Зелена
    112), places in Greek and Thai after a preposition (στη Θεσσαλονίκη, in เชียงใหม่) and a
    Greek name opening a post, Czech towns after "v" (v Praze), Georgian dates (5 მარტი),
    Malaysian and Indonesian pharmacies (Farmasi Sihat Connaught), a patient's initials after
    "Pt" and a clinician's after "by" at the end of a note (Procedure by HM); in Chinese,
    Taiwan's Minguo dates (113.2.6, 113.3.5（二）), clinics by their own name before their
    specialty (文化路安心泌尿科, 港都身心科診所), community health stations, reproductive
    centres and sperm banks by name (利文生殖中心), HIV clinics by their district (团结湖红丝带
    门诊), a Latin place before 附近 and a ZIP code after 我住, a forum author's handle (作者
    peachmoon (桃月)), the name quoted (引用 小豬媽媽 的留言), a speaker before their time in
    brackets (石头（18:02）：), a surname before 工, a Latin initial before 醫師, a name thanked for
    a recommendation (多謝花生推介), a month and day after 您."""
    surnames = _zh_surname_or_rare()
    return (
        Rule("NAME", _NAME_GIVEN_IN_OTHER_LANGUAGES, group=1),
        Rule("NAME", _CZECH_TITLED_NAME, group=1, cues=("mudr", "mddr", "phdr", "mgr.", "ing.")),
        Rule("LOCATION", _CLINIC_BEFORE_SERVICE, group=1, accept=_clinic_own_name),
        Rule("LOCATION", _CYRILLIC_FACILITY, group=1),
        Rule("LOCATION", _GREEK_PLACE_AFTER, group=1, accept=_no_greek_adjective),
        Rule("NAME", _GREEK_NAME_OPENING, group=1),
        Rule("LOCATION", _THAI_PLACE_AFTER, group=1),
        Rule("LOCATION", _CZECH_TOWN_AFTER_V, group=1),
        Rule("DATE", _GEORGIAN_DATE, group=1, min_digits=1),
        Rule("LOCATION", _MALAY_PHARMACY, group=1, cues=("farmasi", "apotek")),
        Rule("NAME", _INITIALS_AFTER_PT, group=1, cues=("pt",)),
        Rule("NAME", _INITIALS_AFTER_BY, group=1, accept=_not_a_role, cues=("by",)),
        Rule("DATE", _MINGUO_DATE, group=1, min_digits=3),
        Rule("LOCATION", ZH_OWN_NAMED_CLINIC, group=1),
        Rule("LOCATION", _ZH_NAMED_CARE_CENTRE, group=1),
        Rule("LOCATION", _LATIN_PLACE_BEFORE_NEARBY, group=1, accept=_not_a_brand_or_country),
        Rule("LOCATION", _ZIP_AFTER_I_LIVE, group=1, min_digits=5),
        Rule(HANDLE, _FORUM_AUTHOR_HANDLE, group=1),
        Rule("NAME", _QUOTED_POSTER, group=1),
        Rule("NAME", _SPEAKER_BEFORE_BRACKETED_TIME, group=1, min_digits=3),
        Rule("NAME", _surname_before_gong(surnames), group=1),
        Rule("NAME", _LATIN_INITIAL_BEFORE_DOCTOR, group=1),
        Rule("NAME", _NAME_THANKED_FOR_ADVICE, group=1, accept=_not_people_word),
        Rule("DATE", _ZH_MONTH_DAY_AFTER_YOU, group=1, min_digits=2),
    )


# A name given by "my name is" in Spanish, Italian, French, German, Portuguese, Dutch,
# Czech, Polish, Ukrainian and Russian (Me llamo Maite, Mi chiamo Giulia).
_NAME_GIVEN_IN_OTHER_LANGUAGES = re.compile(
    r"(?:\b(?:[Mm]e llamo|[Mm]i nombre es|[Mm]i chiamo|[Jj]e m['’]appelle|[Ii]ch hei(?:ß|ss)e"
    r"|[Mm]eu nome é|[Mm]ijn naam is|[Jj]menuji se|[Nn]azywam się)|[Мм]еня зовут|[Мм]ене звати)"
    rf"[ \t]+({_ANY_CAP})"
)
# A name after a Czech or Slovak academic title (MUDr. Novotná, Mgr. Dvořák).
_CZECH_TITLED_NAME = re.compile(rf"\b(?:MUDr|MDDr|PhDr|Mgr|Ing)\.[ \t]*({_CAP}(?:[ \t]+{_CAP})?)")
# A clinic by its own name before the service it gives (Fitzroy Women's Health, Oakridge
# Sexual Health Clinic).
_CLINIC_BEFORE_SERVICE = re.compile(
    rf"\b({_CAP}(?:[ \t]+{_CAP})?[ \t]+(?:Women['’]s|Men['’]s|Sexual|Fertility|Reproductive)"
    r"[ \t]+(?:Health|Clinic|Centre|Center)(?:[ \t]+(?:Clinic|Centre|Center|Service))?)\b"
)
# Words before a service that are no clinic's own name (The Sexual Health Clinic, NHS
# Fertility Centre).
_NO_CLINIC_OWN_NAME = frozenset(
    {"The", "Our", "My", "Your", "Her", "His", "Their", "A", "Local", "National", "NHS",
     "Community", "Integrated", "Specialist", "Private", "Public", "University", "Hospital",
     "Regional", "County", "City", "Free", "New"}
)  # fmt: skip


# Words of a place that a service is part of, whose name is then the place's (Archway Centre
# Sexual Health: the centre's sexual health service).
_PLACE_WITH_SERVICES = frozenset({"Centre", "Center", "Clinic", "Hospital", "Unit", "Practice"})


def _clinic_own_name(value: str) -> bool:
    """A clinic's own name: its first word is no article, pronoun or kind of service, and it
    names no centre or hospital that the service is part of."""
    words = value.split()
    return (
        words[0] not in _NO_CLINIC_OWN_NAME
        and not lexicon().is_drug_name(words[0])
        and not _PLACE_WITH_SERVICES.intersection(words[:2])
    )


# A pharmacy, clinic or hospital in Cyrillic by its name, with its street where written
# (Аптека Світанок, вул. Зелена 112; Клініка Лелека-Дніпро).
_CYRILLIC_FACILITY = re.compile(
    r"((?:Аптека|Клініка|Клиника|Лікарня|Больница|Поліклініка|Поликлиника)[ \t]+[«\"]?"
    rf"{_CYRILLIC_CAP}(?:-{_CYRILLIC_CAP})?[»\"]?"
    rf"(?:,[ \t]*(?:вул\.|вулиця|ул\.|улица|просп\.)[ \t]*{_CYRILLIC_CAP}[ \t]+\d{{1,4}})?)"
)
_GREEK_CAP = r"[Α-ΩΆΈΉΊΌΎΏ][α-ωάέήίόύώϊϋΐΰ]{2,}"
# A place in Greek after a Greek or English word of where (στη Θεσσαλονίκη, in Αθήνα).
_GREEK_PLACE_AFTER = re.compile(
    rf"(?:\b(?i:in|near|from|at)|(?<![\w])(?:στη|στην|στο|στον|στα|από|κοντά στη|κοντά στο))"
    rf"[ \t]+({_GREEK_CAP})"
)


def _no_greek_adjective(value: str) -> bool:
    """A place, not an adjective of a clinic's kind (στη Γαστρεντερολογική Κλινική)."""
    return not value.endswith(("ική", "ικό", "ικής", "ικού", "ικά", "ικές"))


# A Greek name opening a post, before a comma or "here" (Ελένη εδώ).
_GREEK_NAME_OPENING = re.compile(rf"\A[ \t]*({_GREEK_CAP})(?=,|[ \t]+(?:εδώ|here)\b)")
# A place in Thai after an English word of where (a clinic in เชียงใหม่).
_THAI_PLACE_AFTER = re.compile(r"\b(?i:in|near|from|at|to)[ \t]+([\u0e01-\u0e4e]{3,})")
# A Czech town in its locative after "v" or "ve" (v Praze, ve Zlíně).
_CZECH_TOWN_AFTER_V = re.compile(
    r"\b[Vv]e?[ \t]+(Praze|Brně|Ostravě|Plzni|Olomouci|Liberci|Hradci Králové|Pardubicích"
    r"|Zlíně|Jihlavě|Opavě|Kladně|Teplicích|Karlových Varech|Českých Budějovicích)\b"
)
# A date in Georgian, the day and its month (5 მარტი).
_GEORGIAN_DATE = re.compile(
    rf"(?<![\d.])({_DAY}[ \t]+(?:იანვარი|თებერვალი|მარტი|აპრილი|მაისი|ივნისი|ივლისი|აგვისტო"
    r"|სექტემბერი|ოქტომბერი|ნოემბერი|დეკემბერი)[ა-ჰ]{0,2})"
)
# A pharmacy in Malaysia or Indonesia by its name (Farmasi Sihat Connaught, Apotek Kimia).
_MALAY_PHARMACY = re.compile(rf"\b((?:Farmasi|Apotek|Apotik)(?:[ \t]+{_CAP}){{1,3}})")
# A patient's initials after "Pt" (Pt T.W. - Nexplanon removal).
_INITIALS_AFTER_PT = re.compile(r"\bPt\.?:?[ \t]+([A-Z]\.[ \t]?[A-Z]\.?)(?![\w.])")
# A clinician's initials after "by" ending a note's line or before a bracket (Procedure by
# HM, chaperone offered; Seen by NB (SHA)).
_INITIALS_AFTER_BY = re.compile(
    r"\b(?i:seen|procedure|inserted|removed|fitted|performed|reviewed|examined|done)[ \t]+by"
    r"[ \t]+([A-Z]{2,3})(?=[ \t]*[(,;]|[ \t]*\.?[ \t]*$)",
    re.MULTILINE,
)
# Clinicians' roles and services written in capitals, which follow "seen by" as initials do.
_ROLE_INITIALS = frozenset(
    {"GP", "ED", "AE", "SHO", "HCA", "CNS", "RN", "NP", "OT", "PT", "SLT", "MDT", "ENT", "ANP",
     "ACP", "APP", "PA", "CNM", "RM", "HV", "DN", "SN", "SW", "MO", "RMO", "HO", "GUM", "ICU",
     "ITU", "EMS", "EMT", "OBS", "TOP", "SRH", "GYN", "DR", "ME", "US", "IR", "PHN", "CHW",
     "MW", "FNP", "CRNA", "RT", "PCP", "DO", "MD"}
)  # fmt: skip


def _not_a_role(value: str) -> bool:
    """Initials, not a clinician's role or service (seen by GP, reviewed by SHO)."""
    return value not in _ROLE_INITIALS


# A date in Taiwan's Minguo years (民國 100 to 119 is 2011 to 2030), dotted or with slashes,
# and its weekday in brackets where written (113.2.6, 113.3.5（二）).
_MINGUO_DATE = re.compile(
    r"(?<![\w.])(1[01]\d([./])(?:1[0-2]|0?[1-9])\2(?:3[01]|[12]\d|0?[1-9])"
    r"(?:[（(][一二三四五六日][）)])?)(?![\d.])"
)
_ZH_SPECIALTY = (
    r"泌尿科|皮膚科|皮肤科|婦產科|妇产科|婦科|妇科|身心科|耳鼻喉科|眼科|牙科|小兒科|小儿科|家醫科"
    r"|骨科|復健科|康复科|皮膚專科|皮肤专科"
)
# Characters of the lucky words clinics take for their own names (安心, 和平, 安仁, 仁爱).
_CLINIC_NAME_CHARS = "安仁爱愛和平康健德博慈惠福寿壽長长春宏恩祥瑞华華明光新乐樂心民泰顺順佳信廣广"
# A clinic by its own name before its specialty: two lucky characters after its road or
# town (文化路安心泌尿科, 員林和平皮膚科), any two before the specialty and 診所 (港都身心科診所),
# or a capitalised Latin name that is no kind of facility (Lumière整形外科; not Hospital眼科).
ZH_OWN_NAMED_CLINIC = re.compile(
    rf"((?:[\u4e00-\u9fff]{{1,4}}路)?[{_CLINIC_NAME_CHARS}]{{2}}(?:{_ZH_SPECIALTY})"
    rf"(?:診所|诊所)?"
    rf"|(?:(?![{_NOT_SHOP_NAME_CHARS}院])[\u4e00-\u9fff]){{2}}(?:{_ZH_SPECIALTY})(?:診所|诊所)"
    r"|(?<![A-Za-z])(?!Hospital|Clinic|Centre|Center|Infirmary|Institute|Medical)"
    rf"[A-Z][a-zà-ÿ'’-]{{2,}}(?:整形外科|{_ZH_SPECIALTY}))"
)
# A community health station, a reproductive centre, a sperm bank or an HIV clinic by its
# name or its district's (霄边社区卫生服务站, 利文生殖中心, 赣江人类精子库, 团结湖红丝带门诊).
_ZH_NAMED_CARE_CENTRE = re.compile(
    rf"((?:(?![{_NOT_SHOP_NAME_CHARS}院科市省])[\u4e00-\u9fff]){{2,4}}(?:社区卫生服务站|社區衛生服務站"
    r"|社區健康站|社区健康站|人类精子库|人類精子庫|生殖中心|生殖醫學中心|生殖医学中心|红丝带门诊"
    r"|紅絲帶門診|感染病门诊|感染病門診))"
)
# A town in Latin letters before 附近 or 一带 (Flushing附近).
_LATIN_PLACE_BEFORE_NEARBY = re.compile(
    r"(?<![A-Za-z])([A-Z][a-z]{3,}(?:[ \t][A-Z][a-z]+)?)(?=[ \t]?(?:附近|一带|一帶))"
)
# A US ZIP code after 我住 (我住11355).
_ZIP_AFTER_I_LIVE = re.compile(r"(?<=我住|住在)[ \t]?(\d{5})(?![\d号號楼樓室])")
# A forum author's handle on a PTT post's author line (作者 peachmoon (桃月)).
_FORUM_AUTHOR_HANDLE = re.compile(
    r"(?m:^[ \t]*作者[ \t:：]+([A-Za-z][A-Za-z0-9_]{2,15}))(?=[ \t]*[（(])"
)
# The poster quoted (引用 小豬媽媽 的留言).
_QUOTED_POSTER = re.compile(r"引用[ \t]+([^\s]{2,12}?)[ \t]*的留言")
# A speaker before their time in brackets, opening a line (石头（18:02）：).
ZH_BRACKETED_TIME = r"[（(]\d{1,2}:\d{2}[）)][：:]"
_SPEAKER_BEFORE_BRACKETED_TIME = re.compile(
    rf"(?m:^[ \t]*([\u4e00-\u9fff]{{2,4}}))(?={ZH_BRACKETED_TIME})"
)


def _surname_before_gong(surnames: str) -> re.Pattern[str]:
    """A surname before 工, an engineer's title, after whom is asked or a pause (客服孟工说;
    not a kind of worker after a verb: 不招童工，)."""
    return re.compile(
        r"(?:(?<=客服|联系|聯繫)|(?<=[找问問跟和与與叫请請师師，,、：:\s])|^)"
        rf"({surnames})(?=工[说說讲講问問让讓，,：:])"
    )


# A Latin initial before 醫師 or 医生, after a verb or a comma (跟L醫師約).
_LATIN_INITIAL_BEFORE_DOCTOR = re.compile(
    r"(?<=[跟找问問给給和讓让約约，,\s])([A-Z])(?=醫師|医师|醫生|医生)"
)
# A name thanked for a recommendation (多謝花生推介).
_NAME_THANKED_FOR_ADVICE = re.compile(
    r"(?<=多謝|多谢|感谢|感謝|謝謝|谢谢)([\u4e00-\u9fff]{2,3})(?=推介|推荐|推薦)"
)
# People by their role, who are thanked for advice as a name is (感谢医生推荐).
_PEOPLE_WORDS = frozenset(
    {"大家", "医生", "醫生", "老师", "老師", "楼主", "樓主", "各位", "姐妹", "姐妹们", "姐妹們",
     "群友", "网友", "網友", "博主", "版主", "前辈", "前輩", "朋友", "护士", "護士", "药师", "藥師",
     "师傅", "師傅", "同事", "闺蜜", "閨蜜", "邻居", "鄰居", "亲戚", "親戚", "妈妈", "媽媽", "老公",
     "老婆", "室友", "同学", "同學", "店员", "店員", "客服", "专家", "專家"}
)  # fmt: skip


def _not_people_word(value: str) -> bool:
    """A name, not a word for people by their role (大家, 医生, 姐妹)."""
    return value not in _PEOPLE_WORDS and value[:2] not in _PEOPLE_WORDS


# A month and day in digits after 您, no year (您8/17之淋病…結果).
_ZH_MONTH_DAY_AFTER_YOU = re.compile(
    r"(?<=您|妳)((?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9]))(?![\d/])"
)


def pharmacy_rules() -> tuple[Rule, ...]:
    """What pharmacies and those who buy their medicines write (blind set 94): a pharmacy by
    its own name before "Family Pharmacy" (Nugegoda Family Pharmacy) or after Botica
    (Botica ni Aling Nena), a Karachi block and its town (Block 13-D, Gulshan-e-Iqbal), a LINE
    id after "LINE me", an age of 90 or more after a grandparent named in other languages
    (abuelita (93!!), lola ko 91 na, 90 na siya), the name quoted (Quote from Hope:), a
    handle in two capitalised words signing a post (- MigraineMel), a Mexican family clinic
    by its number (UMF 51), a Medi-Cal BIC, a Bangalore layout (Independence Layout), a postal
    tracking number (KR8823014457CN); in Chinese, a month and day before 前 (3/18前), a
    community health station after its street (和平南路睿康社区卫生服务站), a surname before です,
    a nickname before its formal name (石头叔（大名…）), a herbal shop by its name (万寿药行)."""
    surnames = _zh_surname_or_rare()
    return (
        Rule("LOCATION", _FAMILY_PHARMACY, group=1, accept=_clinic_own_name, cues=("pharmacy",)),
        Rule("LOCATION", _BOTICA, group=1, cues=("botica", "botika")),
        Rule("LOCATION", _KARACHI_BLOCK, group=1, cues=("block",)),
        Rule(HANDLE, _LINE_ME_ID, group=1, cues=("line",)),
        Rule("AGE", _AGE_AFTER_GRANDPARENT_ELSEWHERE, group=1, cues=_OVER_89_CUES),
        Rule("AGE", _TAGALOG_AGE, group=1, cues=_OVER_89_CUES),
        Rule("NAME", _QUOTE_FROM, group=1, accept=_person_name, cues=("quote",)),
        Rule(HANDLE, _CAMEL_HANDLE_SIGNING, group=1),
        Rule("LOCATION", _MEXICAN_FAMILY_CLINIC, group=1, min_digits=1),
        Rule("ID", _MEDI_CAL_BIC, group=1, min_digits=8, cues=("bic",)),
        Rule("LOCATION", _BANGALORE_LAYOUT, group=1, accept=_town_layout, cues=("layout",)),
        Rule("ID", _POSTAL_TRACKING, group=1, min_digits=9),
        Rule("DATE", _ZH_MONTH_DAY_BEFORE_QIAN, group=1, min_digits=2),
        Rule("LOCATION", _ZH_STATION_AFTER_STREET, group=1),
        Rule("NAME", re.compile(rf"(?:(?<=[的のは、，,\s])|^)({surnames})(?=です|と申します)")),
        Rule("NAME", _NICKNAME_BEFORE_FORMAL_NAME, group=1),
        Rule("LOCATION", _ZH_HERBAL_SHOP, group=1),
    )


# A pharmacy by its own name, a town's or a founder's, before "Family Pharmacy" (Nugegoda
# Family Pharmacy).
_FAMILY_PHARMACY = re.compile(rf"\b({_CAP}(?:[ \t]+{_CAP})?[ \t]+Family[ \t]+Pharmacy)\b")
# A Filipino pharmacy by its owner's name (Botica ni Aling Nena, Botika Santos).
_BOTICA = re.compile(
    rf"\b((?i:botica|botika)[ \t]+(?:ni[ \t]+)?(?:(?:Aling|Mang|Doña|Don)[ \t]+)?{_CAP}"
    rf"(?:[ \t]+{_CAP})?)"
)
# A block of a Karachi or Lahore town and the town (Block 13-D, Gulshan-e-Iqbal).
_KARACHI_BLOCK = re.compile(rf"\b(Block[ \t]+\d{{1,2}}(?:-?[A-Z])?,[ \t]*{_CAP}-e-{_CAP})(?![\w-])")
# A LINE id after "LINE me" or "add me on LINE" (LINE me dewi.susanti88).
_LINE_ME_ID = re.compile(
    r"\b(?:LINE[ \t]+me|add[ \t]+me[ \t]+on[ \t]+LINE)[ \t]*:?[ \t]+([A-Za-z][\w.]{3,24})"
    r"(?<![.])(?![\w.])"
)
# An age of 90 or more after a grandparent named in Spanish, Tagalog, Korean, Sinhala,
# Indonesian, Swahili or Hindi (abuelita (93!!), lola ko 91 na, halmeoni (97)).
_AGE_AFTER_GRANDPARENT_ELSEWHERE = re.compile(
    r"(?i:\b(?:abuelit[ao]|abuel[ao]|lola|lolo|halmeoni|harabeoji|appachchi|ammachchi|achchi"
    r"|seeya|nenek|kakek|eyang|mzee|bibi|babu|nani|dadi|nana-ji|dada-ji|avó|avô|vovó|vovô))"
    r"(?:[ \t]+(?:ko|is|was|turned|turns|now))?[ \t]*[(（]?[ \t]*(9\d|1[01]\d)(?![\d.])"
)
# An age of 90 or more in Tagalog (90 na siya, 91 na).
_TAGALOG_AGE = re.compile(r"(?<![\d.])(9\d|1[01]\d)[ \t]+na(?:[ \t]+(?:siya|sya|sha|po))?\b")
# The name a quote is from (Quote from Hope:).
_QUOTE_FROM = re.compile(rf"\b(?i:quote[ \t]+from|quoting)[ \t]+({_CAP})(?=[ \t]*:)")
# A handle of two capitalised words run together signing a post after a dash (- MigraineMel).
_CAMEL_HANDLE_SIGNING = re.compile(r"(?m:^[ \t]*[-—–][ \t]*([A-Z][a-z]{2,}[A-Z][a-z]+\d*)[ \t]*$)")
# A Mexican IMSS clinic or hospital by its number (UMF 51, HGZ No. 2).
_MEXICAN_FAMILY_CLINIC = re.compile(r"\b((?:UMF|HGZ|HGR|UMAA)[ \t]*(?:No\.?[ \t]*)?\d{1,3})\b")
# A Medi-Cal Benefits Identification Card number (BIC 91882704E).
_MEDI_CAL_BIC = re.compile(r"\bBIC[ \t]*(?:#|no\.?)?[ \t]*:?[ \t]*(\d{8}[A-Z])\b")
# A Bangalore layout by its name (Independence Layout, HSR Layout).
_BANGALORE_LAYOUT = re.compile(rf"\b((?:{_CAP}|[A-Z]{{2,4}})[ \t]+Layout)\b")
# Words before "Layout" that lay out a thing, not a town (Page Layout, Ward Layout).
_NOT_A_TOWN_LAYOUT = frozenset(
    {"Page", "Keyboard", "Screen", "Room", "Floor", "Kitchen", "Home", "Site", "Print", "Ward",
     "New", "The", "Our", "My", "Your", "Garden", "Office", "Unit", "Bed", "Plan", "Form",
     "Report", "Label", "Menu", "App", "Web", "Card", "Table"}
)  # fmt: skip


def _town_layout(value: str) -> bool:
    """A town's layout, a district of Bangalore, not a thing's (Page Layout)."""
    return value.split()[0] not in _NOT_A_TOWN_LAYOUT


# A postal tracking number of two letters, nine digits and a country (KR8823014457CN).
_POSTAL_TRACKING = re.compile(r"(?<![A-Za-z\d])([A-Z]{2}\d{9}[A-Z]{2})(?![A-Za-z\d])")
# A month and day in digits before 前 (要在3/18前領).
_ZH_MONTH_DAY_BEFORE_QIAN = re.compile(
    r"(?<![A-Za-z\d/.])((?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9]))(?![\d/.])(?=前|之前|以前)"
)
# A community health station by its name after its street (和平南路睿康社区卫生服务站).
_ZH_STATION_AFTER_STREET = re.compile(
    rf"((?:(?![{_NOT_SHOP_NAME_CHARS}谢謝])[\u4e00-\u9fff]){{1,4}}[路街道][\u4e00-\u9fff]{{2}}"
    r"(?:社区卫生服务站|社區衛生服務站"
    r"|社区卫生服务中心|社區衛生服務中心))"
)
# A nickname before the formal name given after it (石头叔（大名石建国）).
_NICKNAME_BEFORE_FORMAL_NAME = re.compile(
    r"([\u4e00-\u9fff]{2})(?=[叔姨哥姐伯婶嬸]?[（(](?:大名|本名|真名))"
)
# A herbal shop by its name (万寿药行, 永安參茸行).
_ZH_HERBAL_SHOP = re.compile(
    rf"((?:(?![{_NOT_SHOP_NAME_CHARS}这這那哪家每各])[\u4e00-\u9fff]){{2}}(?:药行|藥行|参茸行|參茸行))"
)


def practice_rules() -> tuple[Rule, ...]:
    """What practices for the eyes, teeth, ears and skin and their patients write (blind set
    95): Persian dates in Persian script or Latin letters (۱۵ مهر, 12 Bahman), Hebrew weekdays
    and نوروز after "on", Vietnamese clinics and districts (Phòng khám Da liễu Thảo Nguyên, Quận
    1), Hungarian practices and dates (Tisza-parti Fogászati Rendelő, 1952. 04. 17.), Dutch
    relatives' names, names after a Dutch or German role or title (Tandarts Verhaegen, mevr. de
    Wit), Dutch and German weekdays with a date (vr 28/6, Mo 3.6.), Portuguese health centres
    (Centro de Saúde Santa Clara-a-Nova), a user in a log (user=kpatel3), a Korean name before
    unnie, a name before "from choir", an age after a titled name and a comma (Mr Cheung, 91,),
    dental practices by name (Kim Dental Surgery), Vietnamese plates (43A-218.76); in Chinese,
    a clinic by its own name after 的 (的口福牙科), a town before 鄉親, a Vietnamese town or name
    in Latin letters, a month and day opening an itinerary's line or after 是 (下一针是1/15), a
    surname after 致 or before an elder's title (帮方大爷), initials opening a post before 話,
    阿明仔, a pet's name after 家猫, a doubled name opening a post before 你 (蔓蔓你), a reply's
    handle (回覆 #23 fatfatbear), a poster after a post's number (#12 菠蘿油媽媽)."""
    surnames = _zh_surname_or_rare()
    ambiguous = _words(lexicon().zh_surnames_ambiguous)
    return (
        Rule("DATE", _PERSIAN_DATE, group=1),
        Rule("DATE", _PERSIAN_DATE_LATIN, group=1, min_digits=1),
        Rule("DATE", _HEBREW_OR_PERSIAN_DAY_AFTER_ON, group=1),
        Rule("LOCATION", _VIETNAMESE_CLINIC, group=1, cues=("phòng khám", "nha khoa", "bệnh viện")),
        Rule("LOCATION", _VIETNAMESE_DISTRICT, group=1, cues=("quận", "phường")),
        Rule("LOCATION", _HUNGARIAN_PRACTICE, group=1),
        Rule("DATE", _HUNGARIAN_DATE, group=1, min_digits=8),
        Rule("NAME", _DUTCH_KIN_NAME, group=1, accept=_person_name),
        Rule("NAME", _NAME_AFTER_DUTCH_GERMAN_ROLE, group=1, accept=_not_a_word_or_drug),
        Rule("NAME", _DUTCH_TITLED_NAME, group=1),
        Rule("DATE", _DUTCH_GERMAN_WEEKDAY_DATE, group=1, min_digits=2),
        Rule("LOCATION", _PORTUGUESE_HEALTH_CENTRE, group=1, cues=("centro de saúde",)),
        Rule(HANDLE, _LOG_USER, group=1, cues=("user",)),
        Rule("NAME", _NAME_BEFORE_KOREAN_TITLE, group=1),
        Rule("NAME", _NAME_FROM_A_GROUP, group=1, accept=_person_name),
        Rule("AGE", _AGE_AFTER_TITLED_NAME, group=1, cues=_OVER_89_CUES),
        Rule("ID", _VIETNAMESE_PLATE, group=1, min_digits=7),
        Rule("LOCATION", _DENTAL_PRACTICE, group=1, cues=("dental",)),
        Rule("LOCATION", _ZH_CLINIC_AFTER_DE, group=1, accept=_own_not_modifier),
        Rule("LOCATION", _ZH_TOWN_BEFORE_FELLOWS, group=1),
        Rule("LOCATION", _VIETNAMESE_IN_CHINESE, group=1, accept=_vietnamese_letters),
        Rule("DATE", _ZH_ITINERARY_DATE, group=1, min_digits=2),
        Rule("DATE", _ZH_LATE_MONTH_DAY_AFTER_IS, group=1, min_digits=3),
        Rule(
            "NAME", re.compile(rf"(?<=致)({surnames}|{ambiguous})(?=太|先生|小姐|女士|婆婆|伯伯)")
        ),
        Rule(
            "NAME",
            re.compile(
                rf"(?<=[帮幫给給和跟对對让讓叫])({surnames}|{ambiguous})"
                r"(?=大爷|大爺|大妈|大媽|大娘|阿姨|奶奶|爷爷|爺爺|婆婆)"
            ),
        ),
        Rule("NAME", _INITIALS_OPENING_BEFORE_SAYS, group=1),
        Rule("NAME", _A_X_ZAI, group=1),
        Rule("NAME", _PET_AFTER_HOME_ANIMAL, group=1),
        Rule("NAME", _DOUBLED_NAME_OPENING, group=1, accept=_no_kin_or_word),
        Rule(HANDLE, _REPLY_NUMBER_HANDLE, group=1),
        Rule("NAME", _POSTER_AFTER_POST_NUMBER, group=1),
    )


_PERSIAN_MONTHS = "فروردین|اردیبهشت|خرداد|تیر|مرداد|شهریور|مهر|آبان|آذر|دی|بهمن|اسفند"
# A date in Persian, its day in Persian or Western digits, its year where written (۱۵ مهر,
# ۳ آذر ۱۴۰۲).
_PERSIAN_DATE = re.compile(
    rf"(?<![۰-۹\d])([۰-۹\d]{{1,2}}[ \t]+(?:{_PERSIAN_MONTHS})(?:[ \t]+[۰-۹\d]{{4}})?)"
    r"(?![\u0600-\u06ff])"
)
# A Persian month in Latin letters after its day (12 Bahman, 3 Esfand 1402).
_PERSIAN_DATE_LATIN = re.compile(
    r"(?<![\d.])(\d{1,2}[ \t]+(?:Farvardin|Ordibehesht|Khordad|Mordad|Shahrivar|Mehr|Aban|Azar"
    r"|Bahman|Esfand)(?:[ \t]+1[34]\d\d)?)\b"
)
# A Hebrew weekday, or نوروز, after an English word of when (on יום ראשון, on نوروز).
_HEBREW_OR_PERSIAN_DAY_AFTER_ON = re.compile(
    r"\b(?i:on|since|until|before|after)[ \t]+"
    r"(יום[ \t]+(?:ראשון|שני|שלישי|רביעי|חמישי|שישי)|שבת|نوروز)"
)
# A Vietnamese clinic or hospital by its name, up to the punctuation after it (Phòng khám Da
# liễu Thảo Nguyên, Nha khoa Sao Biển).
_VIETNAMESE_CLINIC = re.compile(
    rf"((?:Phòng khám|Nha khoa|Bệnh viện)[ \t]+[{_ANY_UPPER}][^\s,.;:!?()]*"
    r"(?:[ \t]+[^\s,.;:!?()]+){0,4}?)(?=[ \t]*[,.;:!?()]|[ \t]+[–—-][ \t])"
)
# A district or ward of a Vietnamese city (Quận 1, Phường Bến Nghé).
_VIETNAMESE_DISTRICT = re.compile(rf"\b((?:Quận|Phường)[ \t]+(?:\d{{1,2}}\b|{_ANY_CAP}))")
# A Hungarian dental, eye or skin practice by its name (Tisza-parti Fogászati Rendelő).
_HUNGARIAN_PRACTICE = re.compile(
    rf"((?:{_ANY_CAP}(?:-[{_ANY_LOWER}]+)?[ \t]+){{1,2}}(?:Fogászati|Szemészeti|Bőrgyógyászati"
    r"|Fül-orr-gégészeti)[ \t]+(?:Rendelő|Klinika|Központ))"
)
# A Hungarian date, year first (1952. 04. 17.).
_HUNGARIAN_DATE = re.compile(
    r"(?<![\d.])((?:19|20)\d\d\.[ \t]?(?:0[1-9]|1[0-2])\.[ \t]?(?:0[1-9]|[12]\d|3[01])\.)"
)
# A relative's name after Dutch kinship words (Onze dochter Fleur, mijn zoon Daan).
_DUTCH_KIN_NAME = re.compile(
    r"\b(?:[Oo]nze|[Mm]ijn|[Oo]ns)[ \t]+(?:dochter|zoon|man|vrouw|moeder|vader|oma|opa|zus|broer"
    rf"|kleinzoon|kleindochter|tweeling)[ \t]+({_CAP})\b"
)
# A name after a Dutch or German role (Tandarts Verhaegen, Hausärztin Brunner).
_NAME_AFTER_DUTCH_GERMAN_ROLE = re.compile(
    r"\b(?:[Tt]andarts|[Hh]uisarts|[Oo]ogarts|[Zz]ahnarzt|[Zz]ahnärztin|[Hh]ausarzt|[Hh]ausärztin"
    rf"|[Aa]ugenarzt|[Aa]ugenärztin|[Hh]autarzt|[Hh]autärztin)[ \t]+({_CAP})\b"
)


def _not_a_word_or_drug(value: str) -> bool:
    """A name after a role, not a word or a drug (Tandarts zegt, Zahnarzt Ibuprofen)."""
    lex = lexicon()
    return not lex.is_common_word(value) and not lex.is_drug_name(value)


# A name after a Dutch title, its particle with it (mevr. de Wit, dhr. van den Berg).
_DUTCH_TITLED_NAME = re.compile(
    r"\b(?:[Mm]evr\.|[Mm]evrouw|[Dd]hr\.|[Mm]eneer|[Mm]w\.)[ \t]+"
    rf"((?:(?:van[ \t]+de[nr]?|van|de|den|der|ten|ter)[ \t]+)?{_CAP})"
)
# A Dutch or German weekday written short with its date (vr 28/6, Mo 3.6.).
_DUTCH_GERMAN_WEEKDAY_DATE = re.compile(
    r"\b((?:ma|di|wo|do|vr|za|zo)\.?[ \t]+(?:3[01]|[12]\d|0?[1-9])/(?:1[0-2]|0?[1-9])"
    r"|(?:Mo|Di|Mi|Do|Fr|Sa|So)\.?[ \t]+(?:3[01]|[12]\d|0?[1-9])\.(?:1[0-2]|0?[1-9])\.)"
    r"(?![\d/])"
)
# A Portuguese health centre by its name (Centro de Saúde Santa Clara-a-Nova).
_PORTUGUESE_HEALTH_CENTRE = re.compile(
    r"(Centro de Saúde(?:[ \t]+(?:de|da|do|dos|das))?"
    rf"(?:[ \t]+{_CAP}(?:-[a-z]{{1,3}}-{_CAP})?){{1,3}})"
)
# A user in a log's line (user=kpatel3).
_LOG_USER = re.compile(r"\b(?:user|username|login)=([A-Za-z][\w.-]{2,30})")
# A Korean given name before a title of kin or respect (Seo-yeon unnie).
_NAME_BEFORE_KOREAN_TITLE = re.compile(
    rf"\b({_CAP}(?:-[a-z]+)?)[ \t]+(?:unnie|eonni|oppa|noona|nuna|hyung|ssi)\b"
)
# A name before the group the person is from (Faith from choir).
_NAME_FROM_A_GROUP = re.compile(
    rf"\b({_CAP})[ \t]+from[ \t]+(?:choir|church|work|school|book club|next door|the gym|my gym"
    r"|the office|bible study|mosque|temple)\b"
)
# An age of 90 or more after a titled name and a comma (Mr Cheung Kwok-wing，91，).
_AGE_AFTER_TITLED_NAME = re.compile(
    r"\b(?:Mr|Mrs|Ms|Mdm|Miss|Madam)\.?[ \t]+[A-Z][A-Za-z-]+(?:[ \t]+[A-Z][A-Za-z-]+){0,2}"
    r"[ \t]*[，,][ \t]*(9\d|1[01]\d)(?![\d.])"
)
# A Vietnamese plate (43A-218.76).
_VIETNAMESE_PLATE = re.compile(r"(?<![A-Za-z\d.-])(\d{2}[A-Z]{1,2}\d?-\d{3}\.\d{2})(?![A-Za-z\d.])")
# A dental practice by its owner's or its place's name (Kim Dental Surgery).
_DENTAL_PRACTICE = re.compile(
    rf"\b({_CAP}(?:[ \t]+{_CAP})?[ \t]+Dental[ \t]+"
    r"(?:Surgery|Clinic|Centre|Center|Care|Practice))\b"
)
# A clinic by its own name after 的, before its specialty (平遥顺城路56号的口福牙科).
_ZH_CLINIC_AFTER_DE = re.compile(rf"(?<=的)([\u4e00-\u9fff]{{2}}(?:{_ZH_SPECIALTY})(?:診所|诊所)?)")


def own_named_clinic(text: str, start: int, end: int) -> bool:
    """`text[start:end]` is a clinic's own name before its specialty (文化路安心泌尿科, 港都身心科
    診所, Lumière整形外科, みどり整形外科), or two characters of its own after 的 (的口福牙科): a
    place, though it ends in a department's name."""
    return (
        ZH_OWN_NAMED_CLINIC.fullmatch(text, start, end) is not None
        or _JP_KANA_CLINIC.fullmatch(text, start, end) is not None
        or (
            _ZH_CLINIC_AFTER_DE.fullmatch(text, start, end) is not None
            and _own_not_modifier(text[start:end])
        )
    )


# Words before a specialty that say what kind of it, not whose (的儿童眼科, 的口腔科).
_SPECIALTY_MODIFIERS = frozenset(
    {"儿童", "兒童", "小儿", "小兒", "成人", "口腔", "专科", "專科", "中医", "中醫", "西医", "西醫",
     "附近", "那家", "这家", "這家", "一家", "公立", "私立", "社区", "社區", "医院", "醫院", "门诊",
     "門診", "普通", "综合", "綜合", "整形", "美容", "医美", "醫美", "私人", "大学", "大學", "附属",
     "附屬", "市立", "省立", "县里", "縣裡", "镇上", "鎮上", "楼下", "樓下", "隔壁", "对面", "對面",
     # …and the fields of rehabilitation and sport (的神经康复科, 好的运动医学诊所)
     "神经", "神經", "运动", "運動", "康复", "康復", "疼痛", "心理", "营养", "營養", "老年"}
)  # fmt: skip


def _own_not_modifier(value: str) -> bool:
    """A clinic's own two characters, not a kind of the specialty (的儿童眼科)."""
    return value[:2] not in _SPECIALTY_MODIFIERS


# A town before 鄉親, its people (安平鄉親).
_ZH_TOWN_BEFORE_FELLOWS = re.compile(r"(?<![\u4e00-\u9fff])([\u4e00-\u9fff]{2})(?=鄉親|乡亲)")
# A Vietnamese town or name in Latin letters inside Chinese text (Từ Sơn有个…).
_VIETNAMESE_IN_CHINESE = re.compile(
    rf"(?<=[\u4e00-\u9fff])((?:[{_ANY_UPPER}][{_ANY_LOWER}]+[ \t]){{1,2}}"
    rf"[{_ANY_UPPER}][{_ANY_LOWER}]+)"
    r"(?=[\u4e00-\u9fff])"
)
_VIETNAMESE_ONLY = re.compile("[ạảãấầẩẫậắằẳẵặẹẻẽếềểễệỉĩịọỏốồổỗộơớờởỡợụủũưứừửữựỳỷỹỵđĐƠƯ]")


def _vietnamese_letters(value: str) -> bool:
    """Words with a letter only Vietnamese writes (Từ Sơn), not another language's."""
    return _VIETNAMESE_ONLY.search(value) is not None


# A month and day opening a line of an itinerary or a record in Chinese, before a
# full-width space or a space and a line with Chinese in it (12/18　Seoul Glow皮膚科; 1/6 Hb
# 68g，输血; not a pain score opening an English line, 4/10 morning).
_ZH_ITINERARY_DATE = re.compile(
    r"(?m:^[ \t]*((?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])))"
    r"(?=\u3000|[ \t][^\n]*[\u4e00-\u9fff])"
)
# A month and a day past the 12th after 是 or 到, no year (下一针是1/15。): no fraction is
# written so.
_ZH_LATE_MONTH_DAY_AFTER_IS = re.compile(
    r"(?<=是|到)((?:1[0-2]|0?[1-9])/(?:3[01]|2\d|1[3-9]))(?![\d/.])"
)
# Latin initials opening a post before 話 or 说 (KC話佢…).
_INITIALS_OPENING_BEFORE_SAYS = re.compile(r"\A[ \t]*([A-Z]{2,3})(?=話|话|說|说)")
# A Cantonese nickname 阿…仔 (阿明仔).
_A_X_ZAI = re.compile(r"(阿[\u4e00-\u9fff]仔)")
# A pet's name after 家猫 or 家狗, before what it did (我家猫芝麻抓了一下).
_PET_AFTER_HOME_ANIMAL = re.compile(r"(?<=家猫|家貓|家狗)([\u4e00-\u9fff]{2})(?=[抓咬叫跑吃舔，,])")
# A doubled given name opening a post before 你 (蔓蔓你上次说…).
_DOUBLED_NAME_OPENING = re.compile(r"\A[ \t]*(([\u4e00-\u9fff])\2)(?=你|妳|，|,)")
# Doubled words that open a post and are no name (妈妈，谢谢，宝宝…).
_DOUBLED_WORDS = frozenset(
    {"妈妈", "媽媽", "爸爸", "哥哥", "姐姐", "弟弟", "妹妹", "宝宝", "寶寶", "奶奶", "爷爷", "爺爺",
     "婆婆", "公公", "姥姥", "舅舅", "叔叔", "伯伯", "姑姑", "婶婶", "嬸嬸", "谢谢", "謝謝", "刚刚",
     "剛剛", "常常", "天天", "人人", "大大", "亲亲", "親親", "好好", "慢慢", "星星", "太太", "嫲嫲"}
)  # fmt: skip


def _no_kin_or_word(value: str) -> bool:
    """A doubled given name, not a word for kin or a doubled word (妈妈, 谢谢)."""
    return value not in _DOUBLED_WORDS


# A reply's handle after its number (回覆 #23 fatfatbear).
_REPLY_NUMBER_HANDLE = re.compile(
    r"(?:回覆|回复|回應|回应)[ \t]*#\d{1,4}[ \t]+([A-Za-z][A-Za-z\d_.-]{2,24})(?<![.-])"
)
# A poster's name after the post's number opening a line (#12 菠蘿油媽媽).
_POSTER_AFTER_POST_NUMBER = re.compile(r"(?m:^#\d{1,4}[ \t]+([^\s/#]{2,12})(?=[ \t]*(?:/|$)))")


def illness_rules() -> tuple[Rule, ...]:
    """What people living with cancer and long illness and their families write (blind set
    96): dates with the month in Roman numerals (12.IV.2024), a day and month closed by a dot
    after "on" (on 12.9.), a weekday opening a sentence before its colon (Monday: benign), a
    given name before a bracketed age (Nikola (5, ALL)), after "little" or before a relative
    ("Zoran's sister"), heading a list of names ("Bobur, Sherzod and I"), introducing a post
    ("Sisa from Otavalo here"), a name written with an ʻokina ('Ana), handles opening a reply
    (tamuna.g, lumihiutale I'm), hospitals and clinics by their own names in the Nordic,
    Baltic and Slavic languages (Solvik sjukehus, Žirmūnų vaikų klinika), Nordic and Uzbek
    streets (Södra Förstadsgatan, Mustaqillik ko'chasi 17), towns whose names have a particle
    (Santa Cruz de la Sierra), an age of 90 or more in brackets after a relative (Gramps (90 on
    July 4!)); in Chinese, a surname after a workplace's word before 姐 or 哥 (HR熊姐), a name
    before its bearer's real name (我是山茶，本名…), handles ending in a year (抗癌老兵1968), towns
    before an office of the county (吉首民政局) or before going home for a feast (回保亭过节), a
    workplace by name after 的 (的顺达物流做仓管), an obituary's family name (程门胡桂英), a
    Cantonese surname before Miss or Sir (Ho Miss), CNY before 前 or 后, a Minguo date with its
    lunar month (民國一一三年農曆九月廿八日), a surname before 工程师."""
    surnames = _zh_surname_or_rare()
    lex = lexicon()
    towns = frozenset(lex.zh_towns) | frozenset(lex.zh_places)
    return (
        Rule("DATE", _ROMAN_MONTH_DATE, group=1, min_digits=1),
        Rule("DATE", _DAY_MONTH_DOTTED_AFTER_ON, group=1, min_digits=2),
        Rule("DATE", _WEEKDAY_BEFORE_COLON, group=1),
        Rule("NAME", _NAME_BEFORE_BRACKETED_AGE, group=1, accept=_known_given_name),
        Rule("NAME", _NAME_AFTER_LITTLE, group=1, accept=_known_given_name),
        Rule("NAME", _NAME_BEFORE_RELATIVE, group=1, accept=_known_given_name),
        Rule("NAME", _NAME_HEADING_A_LIST, group=1, accept=_known_given_name),
        Rule("NAME", _NAME_FROM_PLACE_HERE, group=1, accept=_not_a_word_or_drug),
        Rule("NAME", _OKINA_NAME, group=1, accept=_okina_name),
        Rule(HANDLE, _DOTTED_HANDLE_OPENING, group=1),
        Rule(HANDLE, _WORD_HANDLE_OPENING, group=1, accept=_not_an_english_word),
        Rule("LOCATION", _NORDIC_BALTIC_HOSPITAL, group=1),
        Rule("LOCATION", _NORDIC_STREET_ALONE, group=1, accept=_not_a_word_or_drug),
        Rule("LOCATION", _UZBEK_STREET, group=1, cues=("ko'chasi", "ko’chasi", "koʻchasi")),
        Rule("LOCATION", _TOWN_WITH_PARTICLE, group=1, known=lex.en_towns),
        Rule("AGE", _AGE_AFTER_RELATIVE_BRACKET, group=1, cues=_OVER_89_CUES),
        Rule("NAME", re.compile(rf"(?<=HR|IT|单位|單位|公司|人事|财务|財務)({surnames})(?=姐|哥)")),
        Rule("NAME", _ZH_NAME_BEFORE_REAL_NAME, group=1),
        Rule(HANDLE, _ZH_HANDLE_WITH_YEAR, group=1, accept=_zh_handle_with_year, min_digits=4),
        Rule(
            "LOCATION",
            re.compile(
                r"(?<![\u4e00-\u9fff])([\u4e00-\u9fff]{2,3})(?=民政局|人社局|医保局|醫保局|卫健委"
                r"|卫健局|残联|殘聯|红十字会|紅十字會|慈善总会|慈善總會)"
                r"|(?<=[回到去])([\u4e00-\u9fff]{2,3})(?=过节|過節|过年|過年)"
            ),
            accept=towns.__contains__,
        ),
        Rule("LOCATION", _ZH_WORKPLACE_AFTER_DE, group=1),
        Rule(
            "NAME",
            re.compile(
                rf"({surnames})(?=[门門][\u4e00-\u9fff]{{2,3}}(?:老孺人|孺人|老夫人|女士|老太君))"
            ),
        ),
        Rule("NAME", _CANTONESE_SURNAME_BEFORE_MISS, group=1),
        Rule("DATE", re.compile(r"(?<![A-Za-z])(CNY)(?=前|后|後|期间|期間|假期|放假)"), group=1),
        Rule("DATE", _ZH_MINGUO_LUNAR_DATE, group=1),
        Rule(
            "NAME",
            re.compile(
                rf"(?:(?<=[，。！？、：:\s的了让讓找请請问問跟和给給])|^)({surnames})(?=工程师|工程師)"
            ),
            group=1,
        ),
    )


_ROMAN_MONTH = r"(?:XII|XI|X|IX|VIII|VII|VI|V|IV|III|II|I)"
# A date with its month in Roman numerals, its year where written (12.IV.2024, 3. XI. 2023).
_ROMAN_MONTH_DATE = re.compile(
    rf"(?<![\w.])((?:3[01]|[12]\d|0?[1-9])\.[ \t]?{_ROMAN_MONTH}\.(?:[ \t]?(?:19|20)\d\d)?)"
    r"(?!\w|\.\w)"
)
# A day and month closed by a dot, as the Nordic countries write them, after "on" (on 12.9.).
_DAY_MONTH_DOTTED_AFTER_ON = re.compile(
    r"(?<=\bon )((?:3[01]|[12]\d|0?[1-9])\.(?:1[0-2]|0?[1-9])\.)(?!\w|\.\w)"
)
# A weekday opening a sentence before its colon, as a diary reads (… convinced. Monday: benign).
_WEEKDAY_BEFORE_COLON = re.compile(
    r"(?<=[.!?] )(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)(?=:[ \t])"
)
# A name before a bracketed age (Nikola (5, ALL) is due vincristine).
_NAME_BEFORE_BRACKETED_AGE = re.compile(
    rf"\b({_CAP})(?=[ \t]\((?:[1-9]|[1-8]\d)(?:,|[ \t]?(?:y|yo|yrs?|years?|mo|months?)\b))"
)
# A name after "little" (Edin and little Lejla).
_NAME_AFTER_LITTLE = re.compile(rf"(?<=[Ll]ittle )({_CAP})\b")
# A name before a relative of theirs (Zoran's sister Milica).
_NAME_BEFORE_RELATIVE = re.compile(rf"\b({_CAP})(?=['’]s (?i:{_RELATIVES_EN})\b)")
# A name heading a list of names opening a sentence (Bobur, Sherzod, Gulnora and I).
_NAME_HEADING_A_LIST = re.compile(
    rf"(?:^|(?<=[.!?] )|(?<=\n))({_CAP})(?=,[ \t]{_CAP}(?:,[ \t]{_CAP})*,?[ \t]and[ \t]"
    rf"(?:I|me|{_CAP})\b)"
)
# A poster introducing themselves (Sisa from Otavalo here).
_NAME_FROM_PLACE_HERE = re.compile(
    rf"(?:^|(?<=\n))({_CAP})(?=[ \t]from[ \t]{_ANY_CAP}(?:[ \t]{_ANY_CAP})?[ \t]here\b)"
)
# A name written with an ʻokina or an apostrophe for it ('Ana, ʻAisea).
_OKINA_NAME = re.compile(r"(?<![\w'’ʻ])([ʻ'’][AEIOU][a-zāēīōū]{1,12})\b")
# A handle with a dot or an underscore opening a reply (tamuna.g I can send you).
_DOTTED_HANDLE_OPENING = re.compile(r"(?:^|(?<=\n))([a-z][a-z0-9]{2,}[._][a-z0-9]{1,12})(?=[ \t])")
# A handle in lower case opening a reply before "I'm" or "you" (lumihiutale I'm in Rovaniemi).
_WORD_HANDLE_OPENING = re.compile(
    r"(?:^|(?<=\n))([a-z][a-z0-9]{4,})(?=[ \t]+(?:I['’]m|I['’]ve|I was|I had|you|your)\b)"
)
_NORDIC_HOSPITAL_WORDS = (
    r"sjukehus|sykehus|sjukhus|sygehus|sairaala|keskussairaala|terveyskeskus|vårdcentral"
    r"|legesenter|helsesenter|ligoninė|klinika|poliklinika|slimnīca|haigla|bolnica|bolnišnica"
    r"|kórház|nemocnice|szpital|болница|больница|клиника"
)
# A hospital or clinic by its own name in the Nordic, Baltic and Slavic languages (Solvik
# sjukehus, Žirmūnų vaikų klinika).
_NORDIC_BALTIC_HOSPITAL = re.compile(
    rf"((?:{_ANY_CAP}[ \t])(?:[{_ANY_LOWER}]+[ \t]){{0,2}}(?:{_NORDIC_HOSPITAL_WORDS}))(?![\w])"
)
# A Nordic street by its name alone, a quarter's word before it where written (Vestergade,
# Södra Förstadsgatan; `_NORDIC_STREET` finds one with its number).
_NORDIC_STREET_ALONE = re.compile(
    r"((?:(?:Södra|Norra|Östra|Västra|Store|Lille|Nørre|Søndre|Øvre|Nedre|Gamla|Gamle)[ \t])?"
    rf"[{UPPER_LETTERS}][{LOWER_LETTERS}]+(?:gade|gatan|gata|gaten|vej|veien|vegen|vägen"
    r"|katu|kuja|stræde|torv|torget|plads|plass)(?:[ \t]\d{1,4}[A-Za-z]?)?)(?![\w])"
)
# An Uzbek street, its number where written (Mustaqillik ko'chasi 17).
_UZBEK_STREET = re.compile(
    rf"({_ANY_CAP}(?:[ \t]{_ANY_CAP})?[ \t]ko['’ʻ]chasi(?:[ \t]\d{{1,4}})?)(?![\w])"
)
# A town whose name has a particle, after a word of place (in Santa Cruz de la Sierra).
_TOWN_WITH_PARTICLE = re.compile(
    r"(?:(?<=\bin )|(?<=\bto )|(?<=\bat )|(?<=\bof )|(?<=\bnear )|(?<=\bfrom ))"
    rf"({_CAP}(?:[ \t]{_CAP})*(?:[ \t](?:de|del|de la|de las|de los|do|da|dos|das|di|du|des"
    rf"|am|an der|im|upon|on|en|sur|le|la)[ \t]{_CAP}(?:[ \t]{_CAP})*)+)"
)
# An age of 90 or more in brackets after a relative (Gramps (90 on July 4!)).
_AGE_AFTER_RELATIVE_BRACKET = re.compile(
    rf"\b(?i:{_RELATIVES_EN}|gramps|nonno|nonna|opa|oma)[ \t]\((9\d|1[01]\d)"
    r"(?=[ \t](?:on|in|next|this)\b|!|\))"
)
# A name before its bearer's real name (我是山茶，本名盘金妹).
_ZH_NAME_BEFORE_REAL_NAME = re.compile(
    r"(?<=我是|我叫)([\u4e00-\u9fff]{2,4})(?=[，,][ \t]*(?:本名|真名|原名))"
)
# A handle ending in a year, opening a post or after a word of who (抗癌老兵1968报喜, 我的真号是
# 抗癌老兵1968, 后来花开1989推荐).
_ZH_HANDLE_WITH_YEAR = re.compile(
    r"(?:^|(?<=[\n来來是经經被谢謝问問跟和让讓给給@＠\s，,。！：:、]))"
    r"([\u4e00-\u9fff]{2,6}(?:19[4-9]\d|20[0-2]\d))"
    r"(?![\dA-Za-z\uac00-\ud7a3年月日号號级級届屆版款期\-.－/／:：_#])"
)
# A workplace by its name after 的, before working there (在长沙的顺达物流做仓管).
_ZH_WORKPLACE_AFTER_DE = re.compile(
    r"(?<=的)([\u4e00-\u9fff]{2,4}(?:物流|快递|快遞|货运|貨運|超市|餐厅|餐廳|饭店|飯店|工厂|工廠"
    r"|公司|集团|集團|酒店))(?=做|上班|工作|打工|当|當)"
)
# A romanised Cantonese surname before Miss or Sir in Chinese (Ho Miss好细心, Chan Sir話).
_CANTONESE_SURNAME_BEFORE_MISS = re.compile(
    rf"(?<![A-Za-z])({_ROMANISED_SURNAMES}|Ho|Lo|Li|Ma|Yu|Mo|Au|Kong|Chung|Law|Yau|Ko)"
    r"(?=[ \t]?(?:Miss|Sir)[\u4e00-\u9fff，,。])"
)
# A Minguo date with its lunar month and day (民國一一三年農曆九月廿八日).
_ZH_MINGUO_LUNAR_DATE = re.compile(
    r"((?:民國|民国)[一二三四五六七八九十〇零百\d]{1,4}年(?:農曆|农历)?"
    r"(?:[正一二三四五六七八九十冬腊臘]|十一|十二)月[初十廿卅一二三四五六七八九]{1,3}[日号號]?)"
)


def _known_given_name(value: str) -> bool:
    """A given name the names lists hold, those of other countries too (Nikola, Håkon), that
    is no everyday word or drug."""
    lex = lexicon()
    listed = value in lex.given_rank or value in lex.given_abroad
    return listed and _person_name(value) and not lex.is_common_word(value)


def _okina_name(value: str) -> bool:
    """A name after its ʻokina ('Ana): the rest is a given name or no everyday word."""
    rest = value[1:]
    return rest in lexicon().given_rank or _not_a_word_or_drug(rest)


def _not_an_english_word(value: str) -> bool:
    """No everyday English word, word of the lists or drug (lumihiutale, not thanks)."""
    lex = lexicon()
    return value not in lex.en_common_words and _not_a_word_or_drug(value)


def _zh_handle_with_year(value: str) -> bool:
    """A handle ending in a year, not a year after a word of when (确诊于2019) nor a
    helpline after a word of calling (可以打1955)."""
    han = value.rstrip("0123456789")
    return han[-1] not in "于於在到从從至自是的为為起止截号號码碼期打拨撥叫" and "年" not in han


def injury_rules() -> tuple[Rule, ...]:
    """What people hurt in accidents and at work, and their families, write (blind set 97):
    Ethiopian dates (Meskerem 17, 2016 E.C., Hidar 12), Buddhist-era dates (4 May 2567 BE),
    Greek months (Νοέμβριο 2023), plates after "plate" (the van plate, BHK 921), claim numbers
    after Italian and Spanish cue words (numero sinistro 2024/MI/0087731), Irish addresses in
    Irish (14 Ard na Gréine, Tuam, H54 XK27), Maltese addresses (12, Triq San Bastjan, Qormi QRM
    2314), spine, orthopaedic and rehabilitation practices by name (Acadiana Spine and Joint), a
    name before "here" or before a word of contact opening a sentence (Goce here, Kiri, text);
    in Chinese, Japanese clinics in kana (みどり整形外科), case numbers of injury recognition
    after their cue (受理号津西人社伤受[2023]1172), a holiday before its first week
    (斋月第一周), Japanese surnames before a Japanese title (田中課長), surnames after a boss's,
    foreman's or relative's word (课长朴说, 儿子龚叔) or before a foreman's, therapist's or
    lawyer's title (林工頭, 鄭物理治療師, 自称周律), 老 and a surname opening a sentence
    (老鲁在门口), names in a list before a bracketed injury (、黄三（腰椎骨折）), nicknames of a
    group (群里的豪哥), a companion's name (同伴向巴), a name after a boss's title
    (船老大于国庆说), Korean towns in Hangul (在부천开出租), towns after a word of going
    (转个旧) or before a mine or site (子长的煤矿), and businesses by name
    (韩资厂世进电子, 的杨氏盲人推拿, 嘅梁李律師行)."""
    surnames = _zh_surname_or_rare()
    lex = lexicon()
    ambiguous = _words(lex.zh_surnames_ambiguous)
    towns = frozenset(lex.zh_towns) | frozenset(lex.zh_places)
    return (
        Rule("DATE", _ETHIOPIAN_DATE, group=1, min_digits=1),
        Rule("DATE", _BUDDHIST_ERA_DATE, group=1, min_digits=5),
        Rule("DATE", _GREEK_MONTH_DATE, group=1, min_digits=2),
        Rule("ID", _PLATE_AFTER_PLATE, group=1, min_digits=2, cues=("plate",)),
        Rule("ID", _CLAIM_NUMBER_ABROAD, group=1, min_digits=4),
        Rule("LOCATION", _IRISH_ADDRESS, group=1, min_digits=1),
        Rule("LOCATION", _MALTESE_ADDRESS, group=1, min_digits=1, cues=("triq",)),
        Rule("LOCATION", _SPINE_PRACTICE, group=1, accept=_not_a_word_or_drug),
        Rule("NAME", _NAME_HERE_OR_CONTACT, group=1, accept=_name_not_english_word),
        Rule("LOCATION", _JP_KANA_CLINIC, group=1),
        Rule("ID", _ZH_CASE_NUMBER_AFTER_CUE, group=1, min_digits=4),
        Rule(
            "DATE", re.compile(rf"(?:{_ZH_HOLIDAY})(?=第[一二三四五六七八九十\d]{{1,2}}[天周週])")
        ),
        Rule(
            "NAME",
            re.compile(
                rf"(?:{_words(lex.jp_surnames)})(?=課長|课长|部長|部长|社長|社长|主任|係長|班長|所長)"
            ),
        ),
        Rule(
            "NAME",
            re.compile(
                r"(?:(?<=课长|課長|组长|組長|班长|班長|老板|老闆|经理|經理|主管|家属|家屬|儿子|兒子)"
                r"|(?<=包工头|包工頭))"
                rf"({surnames})(?=说|說|叔|伯|师傅|師傅|[，,。！!…\s]|$)"
            ),
            group=1,
        ),
        Rule(
            "NAME",
            re.compile(
                r"(?:(?<=[，。！？、：:\s的但跟找问問让讓和与與])|^)"
                rf"(?!包工[头頭])({surnames})(?=工头|工頭|物理治疗师|物理治療師|治疗师|治療師|康复师|康復師)"
            ),
            group=1,
        ),
        Rule(
            "NAME",
            re.compile(rf"(?:(?<=自称)|(?<=自稱)|(?<=[叫找请請问問]))({surnames}律)(?![师師所])"),
            group=1,
        ),
        Rule(
            "NAME",
            re.compile(
                rf"(?:(?<=[\n，。！？])|^)(老{surnames})"
                r"(?=在|说|說|帮|幫|让|讓|给|給|来|來|把|也|和|跟|就|又|还|還)"
            ),
            group=1,
            accept=lambda value: value[1] not in "公家师師板",
        ),
        Rule("NAME", _ZH_NAME_BEFORE_BRACKETED_INJURY, group=1, accept=_zh_listed_name),
        Rule("NAME", _ZH_GROUP_NICKNAME, group=1),
        Rule("NAME", _ZH_COMPANION_NAME, group=1, accept=_zh_listed_name),
        Rule(
            "NAME",
            re.compile(
                r"(?:(?<=船老大)|(?<=包工头)|(?<=包工頭)|(?<=[板闆头頭长長]))"
                rf"((?:{surnames}|{ambiguous})[\u4e00-\u9fff]{{1,2}}?)"
                r"(?=说|說|讲|講|让|讓|叫|不给|不給|没|沒)"
            ),
            group=1,
        ),
        Rule("LOCATION", _KOREAN_TOWN_IN_CHINESE, group=1),
        Rule(
            "LOCATION",
            re.compile(
                r"(?<=[转轉送到去回从從])([\u4e00-\u9fff]{2,3}?)(?=[，。,、\s]|$)"
                r"|(?<![\u4e00-\u9fff])([\u4e00-\u9fff]{2,3})(?=的(?:煤矿|煤礦|工地|工厂|工廠|矿上|礦上))"
            ),
            accept=towns.__contains__,
        ),
        Rule("LOCATION", _ZH_BUSINESS_BY_NAME, group=1, accept=_zh_own_business_name),
    )


_ETHIOPIAN_MONTHS = (
    r"Meskerem|Tikimt|Tekemt|Hidar|Hedar|Tahsas|Tahisas|Tir|Ter|Yekatit|Megabit|Miyazya|Ginbot"
    r"|Sene|Hamle|Nehase|Pagume"
)
# A date of the Ethiopian calendar, its year and era where written (Meskerem 17, 2016 E.C.,
# Hidar 12, 5 Tir).
_ETHIOPIAN_DATE = re.compile(
    rf"\b((?:(?:{_ETHIOPIAN_MONTHS})[ \t]+(?:30|[12]\d|0?[1-9])(?:,?[ \t]+(?:19|20)\d\d)?"
    rf"|(?:30|[12]\d|0?[1-9])[ \t]+(?:{_ETHIOPIAN_MONTHS})(?:[ \t]+(?:19|20)\d\d)?)"
    r"(?:[ \t]+E\.?C\.?)?)(?![\w/])"
)
# A date of the Buddhist era (4 May 2567 BE, May 4, 2567).
_BUDDHIST_ERA_DATE = re.compile(
    rf"\b((?:\d{{1,2}}(?:st|nd|rd|th)?[ \t]+{_MONTH}|{_MONTH}[ \t]+\d{{1,2}},?)[ \t]+25[4-9]\d"
    r"(?:[ \t]*B\.?E\.?)?)(?![\w/])"
)
# A Greek month with its day or year (Νοέμβριο 2023, 12 Μαρτίου).
_GREEK_MONTH_DATE = re.compile(
    r"((?:(?:3[01]|[12]\d|0?[1-9])[ \t]+)?(?:Ιανου[αά]ρ|Φεβρου[αά]ρ|Μ[αά]ρτ|Απρ[ιί]λ|Μα[ΐϊι]"
    r"|Ιο[υύ]ν|Ιο[υύ]λ|Α[υύ]γο[υύ]στ|Σεπτ[εέ]μβρ|Οκτ[ωώ]βρ|Ν[οό][εέ]μβρ|Δεκ[εέ]μβρ)"
    r"[α-ωάέήίόύώϊΐ]*(?:[ \t]+(?:19|20)\d\d)?)(?![\w])"
)
# A plate after "plate" and a comma or colon (the van plate, BHK 921; plate: KRT 84D).
_PLATE_AFTER_PLATE = re.compile(
    r"(?i:\bplate)[,:]?[ \t]+(?:(?i:was|is)[ \t]+)?"
    r"([A-Z]{1,3}[ \t-]?\d{1,4}[ \t-]?[A-Z]{0,3})(?![\w-])"
)
# A claim's number after an Italian, Spanish or Portuguese cue word (numero sinistro
# 2024/MI/0087731, número de siniestro 55-88120).
_CLAIM_NUMBER_ABROAD = re.compile(
    r"(?i:\b(?:numero|n\.?)[ \t]+(?:di[ \t]+)?(?:sinistro|pratica)|sinistro[ \t]+n\.?"
    r"|n[úu]mero[ \t]+de[ \t]+(?:siniestro|expediente|sinistro|processo))[:#]?[ \t]+"
    r"([A-Z0-9][A-Z0-9/.-]{4,}[A-Z0-9])"
)
# An Irish address in Irish, its town and Eircode where written (14 Ard na Gréine, Tuam, H54
# XK27).
_IRISH_ADDRESS = re.compile(
    r"(\d{1,4}[ \t]+(?:Ard|Bóthar|Sráid|Cnoc|Páirc|Radharc|Cois|Baile|Bóithrín|Ascaill|Lána"
    rf"|Cúirt|Gleann|Lios)[ \t]+(?:na|an|{_CAP})(?:[ \t][{LOWER_LETTERS}{UPPER_LETTERS}'’]+){{0,3}}"
    rf"(?:,[ \t]+{_CAP}(?:,[ \t]+[AC-FHKNPRTV-Y]\d{{2}}[ \t]?[0-9AC-FHKNPRTV-Y]{{4}})?)?)"
)
# A Maltese address, its town and postcode where written (12, Triq San Bastjan, Qormi QRM 2314).
_MALTESE_ADDRESS = re.compile(
    rf"(\d{{1,4}},?[ \t]+Triq[ \t]+[^,\n]{{2,40}}?"
    rf"(?:,[ \t]+{_CAP}(?:[ \t]+[A-Z]{{3}}[ \t]?\d{{4}})?)?)"
    r"(?=[,.;:!?)\n]|[ \t]+(?:but|and)\b|$)"
)
# A spine, orthopaedic or rehabilitation practice by its name after "at" or "to" (at Acadiana
# Spine and Joint).
_SPINE_PRACTICE = re.compile(
    rf"(?<=\b(?:at|to) )({_CAP}(?:[ \t]{_CAP}){{0,2}}[ \t]"
    r"(?:Spine|Orthopa?edics?|Physio(?:therapy)?"
    r"|Physical[ \t]Therapy|Sports[ \t]Medicine|Rehab(?:ilitation)?)"
    rf"(?:[ \t](?:and|&)[ \t]{_CAP}(?:[ \t]{_CAP})?)?"
    r"(?:[ \t](?:Center|Centre|Clinic|Institute|Associates|Group))?)"
)
# A name opening a sentence before "here" or a word of contact (Goce here, 41; Kiri, text me).
_NAME_HERE_OR_CONTACT = re.compile(
    rf"(?:^|(?<=[.!?] )|(?<=\n))({_CAP})(?=[ \t]here\b[,.!]|,[ \t](?:text|call|ring|message|DM"
    r"|dm|email|e-mail|WhatsApp|whatsapp|Viber|viber)\b)"
)
# A Japanese clinic by its name in kana (みどり整形外科, さくらクリニック).
_JP_KANA_CLINIC = re.compile(
    r"([\u3040-\u30ff]{2,8}(?:整形外科|クリニック|病院|医院|接骨院|整骨院|リハビリ病院))"
)
# A case number of injury recognition or arbitration after its cue (受理号津西人社伤受[2023]1172,
# 决定书编号津滨人社工认[2024]第0236号).
_ZH_CASE_NUMBER_AFTER_CUE = re.compile(
    r"(?:受理号|受理號|编号|編號|案号|案號|文号|文號)[：:\s]*"
    r"([\u4e00-\u9fff]{2,8}[\[〔【（(](?:19|20)\d\d[\]〕】）)]第?\d{2,6}号?)"
)
# A name in a list before a bracketed injury (、黄三（腰椎骨折）、小四川（头皮裂伤）).
_ZH_NAME_BEFORE_BRACKETED_INJURY = re.compile(
    r"(?<=[：:、，,])([\u4e00-\u9fff]{2,3})(?=[（(][^）)\n]{1,12}[）)][、，,])"
)
# A nickname of a group's member (就是群里的豪哥).
_ZH_GROUP_NICKNAME = re.compile(
    r"(?:(?<=群里的)|(?<=群裡的)|(?<=就是))([\u4e00-\u9fff][哥姐])(?=[）)，,。\s]|$)"
)
# A companion's name (我和同伴向巴都受了伤).
_ZH_COMPANION_NAME = re.compile(
    r"(?:(?<=同伴)|(?<=队友)|(?<=隊友)|(?<=工友)|(?<=室友)|(?<=战友)|(?<=戰友))"
    r"([\u4e00-\u9fff]{2,3}?)(?=都|也|和|跟|说|說|[，,。（(])"
)
# A Korean town in Hangul after a word of place in Chinese (在부천开出租, 在평창滑雪).
_KOREAN_TOWN_IN_CHINESE = re.compile(r"(?<=[在去到住])([\uac00-\ud7a3]{2,3})(?=[\u4e00-\u9fff])")
# A business by its own name after 的, 嘅 or a factory's word (韩资厂世进电子, 昆明的杨氏盲人推拿,
# 灣仔嘅梁李律師行, 郑州的中原求实司法鉴定所).
_ZH_BUSINESS_BY_NAME = re.compile(
    r"(?<=[的嘅厂廠])([\u4e00-\u9fff]{2,8}?(?:电子|電子|律师行|律師行|律师事务所|律師事務所"
    r"|司法鉴定所|司法鑒定所|盲人推拿|假肢))(?![\u4e00-\u9fff]{0,2}(?:公司|厂|廠))"
)
# What a business's own name is not: a kind of it (进口假肢, 正规律师事务所).
_ZH_GENERIC_BUSINESS = re.compile(
    r"(?:定制|訂製|进口|進口|国产|國產|普通|智能|肌电|肌電|大腿|小腿|上肢|下肢|正规|正規|专业|專業"
    r"|当地|當地|附近|一家|这家|這家|那家|本地|社区|社區)"
)


def _name_not_english_word(value: str) -> bool:
    """A listed given name, or a capitalised word that is no everyday English word."""
    lex = lexicon()
    listed = value in lex.given_rank or value in lex.given_abroad
    return _not_a_word_or_drug(value) and (listed or value.lower() not in lex.en_common_words)


def _zh_listed_name(value: str) -> bool:
    """A Chinese name or nickname: a surname or a nickname's first character first (黄三, 小四川);
    向, which the surname lists leave out as a preposition (向医生咨询), is one here (同伴向巴)."""
    lex = lexicon()
    first = value[0]
    return (
        first in "小老阿大二向"
        or first in lex.zh_surnames
        or first in lex.zh_surnames_rare
        or first in lex.zh_surnames_ambiguous
    )


def _zh_own_business_name(value: str) -> bool:
    """A business's own name, not a kind of it (杨氏盲人推拿, not 进口假肢) nor what is done with
    one (的人量假肢)."""
    own = value.removesuffix("假肢")
    return (
        _ZH_GENERIC_BUSINESS.match(value) is None
        and value not in ("盲人推拿", "假肢")
        and not any(ch in "量装裝配换換做戴穿修给給了" for ch in own)
    )
