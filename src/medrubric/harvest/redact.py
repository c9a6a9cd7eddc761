"""Rule-based redaction of personal identifiers in English and Chinese threads.

Every identifier found is replaced by a typed marker ([NAME], [LOCATION], [DOB],
[PHONE], [EMAIL], [ID]). Rules are regular expressions anchored on formats (e-mail, phone,
ID numbers with their checksum) or on context cues ("my name is", "我叫", "姓名：",
"Dr. X", 王先生, "I live in"), plus a small gazetteer of major cities and provinces. Rules
prefer precision: medical eponyms (Parkinson's, Crohn's) and ages are never touched.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from pydantic import BaseModel

from medrubric.data.models import Thread
from medrubric.harvest.keywords import read_data_lines
from medrubric.harvest.reasons import Rejection
from medrubric.harvest.safety import reidentification_risk

MARKERS = {
    "NAME": "[NAME]",
    "LOCATION": "[LOCATION]",
    "DOB": "[DOB]",
    "PHONE": "[PHONE]",
    "EMAIL": "[EMAIL]",
    "ID": "[ID]",
}
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


_EN_NAME = r"[A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+){0,2}"
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?"
_DATE = (
    rf"(?:\d{{1,2}}[/.-]\d{{1,2}}[/.-]\d{{2,4}}|\d{{4}}[/.-]\d{{1,2}}[/.-]\d{{1,2}}"
    rf"|{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}|\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH},?\s+\d{{4}}"
    r"|\d{4}年\d{1,2}月\d{1,2}[日号])"
)
_HAN = r"[\u4e00-\u9fff]"
_DIGIT = re.compile(r"\d")
_ZH_NAME_END = r"(?=[，,。.\s；;：:！!、）)]|今年|男|女|\d|$)"
_NOT_PLACE_WORD = (
    r"(?!(?:The|A|An|My|Our|This|That|Their|His|Her|Your|Local|Nearby|Private|Public|General"
    r"|Which|What|Any|Every|Some)\b)"
)


def _words(names: list[str]) -> str:
    return "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))


@lru_cache(maxsize=1)
def rules() -> tuple[Rule, ...]:
    """All rules in priority order (earlier rules win overlapping spans of equal start)."""
    places = [line.split("\t") for line in read_data_lines("gazetteer.tsv")]
    en_places = _words([name for lang, name in places if lang == "en"])
    zh_places = _words([name for lang, name in places if lang == "zh"])
    surnames = _words([s for line in read_data_lines("surnames_zh.txt") for s in line.split()])
    honorific = r"先生|女士|小姐|医生|大夫|主任|教授|护士|老师|阿姨|叔叔"
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
                r"|passport (?:number|no\.?)|ID number)"
                r"|病历号|住院号|病案号|门诊号|就诊卡号|身份证号?|医保卡号)"
                r"[\s:：#是为]*([A-Za-z]{0,3}\d[\dA-Za-z-]{3,19})"
            ),
            group=1,
            cues=("mrn", "record", "patient id", "hospital", "passport", "id number", "号"),
            min_digits=1,
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
        Rule(
            "PHONE",
            c(
                r"(?i:\b(?:phone|tel|mobile|cell|whatsapp)\b|电话|手机|联系方式|微信)[\s:：是为号]*(\d[\d\s-]{5,16}\d)"
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
        Rule(
            "NAME",
            c(rf"(?i:\bmy name is|\bI am called|\bI'm called|\bname\s*:)\s+({_EN_NAME})"),
            group=1,
            cues=("name", "called"),
        ),
        Rule(
            "NAME",
            c(rf"\b(?:Dr|Mr|Mrs|Ms|Miss|Prof|Doctor)\.?\s+({_EN_NAME})"),
            group=1,
            cues=("dr", "mr", "ms", "miss", "prof", "doctor"),
        ),
        Rule(
            "NAME",
            c(
                r"(?m)^(?:Regards|Thanks|Thank you|Sincerely|Best|Cheers),?\s*\n"
                rf"\s*({_EN_NAME})\s*$"
            ),
            group=1,
            cues=("regards", "thank", "sincerely", "best", "cheers"),
        ),
        Rule(
            "NAME",
            c(
                rf"(?:我叫|我的名字是|本人姓名|患者姓名|姓名|联系人)[\s:：是为]*({_HAN}{{2,3}}){_ZH_NAME_END}"
            ),
            group=1,
            cues=("我叫", "名字", "姓名", "联系人"),
        ),
        Rule(
            "NAME",
            c(rf"(?<!谢)(?:小|老)?({surnames})(?:{honorific})"),
            group=1,
            cues=tuple(honorific.split("|")),
        ),
        Rule(
            "LOCATION",
            c(
                r"\b\d{1,5}\s+(?:[A-Z][a-z]+\s+){1,3}"
                r"(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Way|Court|Place)\b\.?"
            ),
            min_digits=1,
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
                r"(?i:\bI live in|\bI'm from|\bI am from|\bliving in|\bbased in|\bresident of)"
                rf"\s+({_EN_NAME})"
            ),
            group=1,
            cues=("live in", "from", "living in", "based in", "resident of"),
        ),
        Rule("LOCATION", c(rf"\b(?:{en_places})\b")),
        Rule(
            "LOCATION",
            c(
                rf"(?:{zh_places})(?:省|市|自治区)?(?:{_HAN}{{1,5}}?(?:区|县|市))?"
                rf"(?:{_HAN}{{0,8}}?(?:医院|路\d*号?|街\d*号?|大道|小区))?"
            ),
        ),
        Rule(
            "LOCATION",
            c(
                r"(?:[省市县区]|第[一二三四五六七八九十\d]+)?"
                r"(?:人民医院|中心医院|附属医院|中医院|妇幼保健院|儿童医院|协和医院|华西医院|湘雅医院|瑞金医院|华山医院|中山医院|同济医院|齐鲁医院)"
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


def find_identifiers(text: str) -> list[Finding]:
    """Non-overlapping identifier spans, leftmost first; on a tie the earlier rule wins."""
    candidates: list[tuple[int, int, int, str]] = []
    lowered = text.lower()
    digits = len(_DIGIT.findall(text))
    for priority, rule in enumerate(rules()):
        if not rule.may_match(lowered, digits):
            continue
        for match in rule.pattern.finditer(text):
            start, end = match.span(rule.group)
            if start == end or (rule.accept and not rule.accept(match.group(rule.group))):
                continue
            candidates.append((start, -(end - start), priority, rule.kind))
    findings: list[Finding] = []
    cursor = 0
    for start, neg_len, _, kind in sorted(candidates):
        if start >= cursor:
            findings.append(Finding(kind, start, start - neg_len))
            cursor = start - neg_len
    return findings


def redact_text(text: str) -> tuple[str, list[Finding]]:
    findings = find_identifiers(text)
    parts: list[str] = []
    cursor = 0
    for f in findings:
        parts += [text[cursor : f.start], MARKERS[f.kind]]
        cursor = f.end
    parts.append(text[cursor:])
    return "".join(parts), findings


def redact_thread(thread: Thread) -> RedactionResult:
    """The thread with identifiers in its title and every message replaced by typed markers,
    judged for the re-identification risk of what is left."""
    counts: Counter[str] = Counter()
    title, found = redact_text(thread.title)
    counts.update(f.kind for f in found)
    messages = []
    for message in thread.messages:
        text, found = redact_text(message.text)
        counts.update(f.kind for f in found)
        messages.append(message.model_copy(update={"text": text}))
    redacted = thread.model_copy(update={"title": title, "messages": messages})
    return RedactionResult(
        thread=redacted, counts=dict(counts), risk=reidentification_risk(redacted)
    )
