"""Reworded duplicates: two criteria that ask for the same thing in different words.

The near-duplicate rule of the draft validation (`rubric.validate.near_duplicate`) compares
words and character n-grams as written, so "Recommends seeing a doctor the same day because
hand bites often get infected" and "Advises seeing a doctor today as bites to the hand
frequently become infected" pass it. Here each text is first reduced to its content: lower
case, abbreviations spelled out, stop words and rubric filler dropped, English words cut to a
crude stem, and words (English) or phrases (Chinese) of one meaning mapped to one form
("advises", "recommends", "suggests", "tells" → advise; "today", "same day" → today; "去医院",
"到医院" → 医院). Two texts are paraphrases when their content sets overlap by
`DICE_PARAPHRASE` (Dice coefficient) and by `CONTAINMENT_PARAPHRASE` (overlap coefficient),
unless they differ in a number or one holds a word whose opposite the other holds ("stop" /
"continue", "before" / "after"): those are two behaviours, often the two poles of one, not one
behaviour counted twice. The lists below are the whole of the rule.

This lexical rule needs nothing installed and says why it matched (the shared words). A
sentence embedding (`rubric.similarity`, with the `retrieve` extra) also finds rewordings
that share no word, but scores "Advises stopping allopurinol during the attack" and "Advises
continuing allopurinol during the attack" as near-identical, the exact pair a rubric holds on
purpose: `conflicting` below keeps such pairs apart for both.
"""

from __future__ import annotations

import functools
import math
import re
import unicodedata
from itertools import combinations

from medrubric.retrieve.stopwords import STOPWORDS_EN, STOPWORDS_ZH

DICE_PARAPHRASE = 0.6
CONTAINMENT_PARAPHRASE = 0.7
MIN_CONTENT = 3  # shorter content sets say too little to call two criteria one
# Within a rubric, content weighted by how rare it is there (`rubric_paraphrases`): words
# every criterion of the case shares (the condition, the drug) count little.
WEIGHTED_DICE_PARAPHRASE = 0.35
WEIGHTED_CONTAINMENT_PARAPHRASE = 0.4
MIN_SHARED_WEIGHTED = 3  # shared terms besides the speech act ("advise", "state", "enquir")
ACT_TERMS = frozenset(["advise", "state", "enquir", "caution"])

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_RUNS = re.compile(rf"(?P<cjk>[{_CJK}]+)|(?P<word>[^\W_{_CJK}]+)")
_NUMBER = re.compile(r"(?<![a-z\d.,])\d+(?:[.,]\d+)?")  # not inside a name ("hba1c")

# Spelled out, and phrases put in one form, before anything else (whole words only).
PHRASES_EN = {
    "cbt": "cognitive behavioural therapy",
    "gp": "doctor",
    "a&e": "emergency department",
    "ed": "emergency department",
    "er": "emergency department",
    "uti": "urinary infection",
    "bp": "blood pressure",
    "otc": "over the counter",
    "nsaid": "anti inflammatory",
    "nsaids": "anti inflammatory",
    "asap": "promptly",
    "cut down": "reduce",
    "cutting down": "reduce",
    "cuts down": "reduce",
    "cut back": "reduce",
    "go over": "review",
    "goes over": "review",
    "look at": "review",
    # one meaning, several phrasings (general medical wording)
    "life-threatening": "fatal",
    "life threatening": "fatal",
    "a quarter of an hour": "15 minutes",
    "quarter of an hour": "15 minutes",
    "half an hour": "30 minutes",
    "blood thinners": "anticoagulant",
    "blood thinner": "anticoagulant",
    "pain relief": "painkiller",
    "too much": "overdose",
    "too many": "overdose",
    "pain relievers": "painkiller",
    "blood vessel": "vessel",
    "being sick": "vomiting",
    "throw up": "vomit",
    "throwing up": "vomiting",
    "one-sided": "one side",
    "bring (?:his|her|their|the|its) temperature down": "cool",
    "lower (?:his|her|their|the|its) temperature": "cool",
    "same-day": "today",
    "same day": "today",
    "rechecking": "checking again",
    "recheck": "check again",
    "retesting": "testing again",
    "retest": "test again",
    "dvt": "clot",
    "ct": "scan",
    # lay and clinical names of one thing (medical synonym table)
    "emergency room": "emergency department",
    "casualty": "emergency department",
    "short of breath": "breathless",
    "shortness of breath": "breathless",
    "difficulty breathing": "breathless",
    "trouble breathing": "breathless",
    "struggling to breathe": "breathless",
    "brain zaps": "electric shock sensations",
    "electric-shock sensations": "electric shock sensations",
    "narrowing of the stomach outlet": "pyloric stenosis",
    "hollow at the base of the thumb": "anatomical snuffbox",
    "at the same time": "together",
    "all at once": "abruptly",
    "cold turkey": "abruptly",
    "heart rhythm": "rhythm",
    "heartbeat": "rhythm",
    "x-rayed": "imaging",
    "x-ray": "imaging",
    "x-rays": "imaging",
    "ace inhibitor": "ace-inhibitor",
    "high blood pressure": "hypertension",
    "heart attack": "myocardial infarction",
    "mini-stroke": "tia",
    "mini stroke": "tia",
    "water tablets": "diuretic",
    "keep fluids down": "hydrated",
    "breast milk": "breastmilk",
    "nappy": "diaper",
    "nappies": "diaper",
    "tummy": "abdomen",
    "belly": "abdomen",
    "stomach ache": "abdomen pain",
    "fit": "seizure",
    "fits": "seizure",
    "convulsion": "seizure",
    "convulsions": "seizure",
    # holding back, sleep, pregnancy, tests (general wording)
    "stay away from": "avoid",
    "keep away from": "avoid",
    "steer clear of": "avoid",
    "nod off": "fall asleep",
    "nodding off": "falling asleep",
    "doze off": "fall asleep",
    "dozing off": "falling asleep",
    "first three months": "first trimester",
    "heart tracing": "ecg",
    "electrocardiogram": "ecg",
}

# Rubric filler: words every criterion uses, which say nothing about what it asks for.
_FILLER_EN = (
    "response answer model user patient patients person someone he she him her his hers they "
    "them their you your it its that which who whom what when why how whether this those some "
    "any all also just simply only very more most much can could may might should would must "
    "shall do does did done has have had being been because since so as than about regarding "
    "concerning intake"
)
FILLER_EN = frozenset(_FILLER_EN.split())
FILLER_ZH = (
    "回答",
    "用户",
    "患者",
    "病人",
    "家长",
    "他",
    "她",
    "的",
    "了",
    "和",
    "与",
    "及",
    "让",
    "给",
    "把",
    "一起",
    "什么",
    "知道",
    "最好",
    "一定",
    "帮助",
    "效果更好",
    "更好",
)

# One form per meaning (English, after stemming; see `_stem`).
SYNONYMS_EN = {
    # what the answer does
    "advis": "advise",
    "recommend": "advise",
    "suggest": "advise",
    "tell": "advise",
    "encourag": "advise",
    "instruct": "advise",
    "counsel": "advise",
    "direct": "advise",
    "urg": "advise",
    "explain": "state",
    "say": "state",
    "note": "state",
    "mention": "state",
    "describ": "state",
    "clarif": "state",
    "point": "state",
    "indicat": "state",
    "inform": "state",
    "list": "state",
    "nam": "state",
    "warn": "caution",
    "alert": "caution",
    "ask": "enquir",
    "inquir": "enquir",
    "check": "enquir",
    "question": "enquir",
    # care
    "book": "arrang",
    "schedul": "arrang",
    "organis": "arrang",
    "organiz": "arrang",
    "appointment": "visit",
    "ring": "call",
    "phon": "call",
    "dial": "call",
    "contact": "call",
    "physician": "doctor",
    "clinician": "doctor",
    "medic": "doctor",
    "practitioner": "doctor",
    "see": "visit",
    "consult": "visit",
    "attend": "visit",
    "review": "assess",
    "evaluat": "assess",
    "examin": "assess",
    "assessment": "assess",
    "seek": "get",
    "obtain": "get",
    "receiv": "get",
    "promptly": "soon",
    "quickly": "soon",
    "urgently": "soon",
    "immediately": "now",
    "straight": "now",
    "today": "today",
    "same": "today",
    "tonight": "today",
    # frequency and degree
    "frequently": "often",
    "commonly": "often",
    "usually": "often",
    "typically": "often",
    "regular": "often",
    "regularly": "often",
    "sever": "serious",
    "significant": "serious",
    # body and disease words
    "infect": "infection",
    "infection": "infection",
    "urin": "urinary",
    "pain": "pain",
    "painful": "pain",
    "ach": "pain",
    "sore": "pain",
    "medication": "medicine",
    "medicin": "medicine",
    "drug": "medicine",
    "tablet": "medicine",
    "pill": "medicine",
    "fluid": "drink",
    "hydrat": "drink",
    "exercis": "activity",
    "physical": "activity",
    # signs
    "fad": "blanch",
    "fade": "blanch",
    "blanch": "blanch",
    # actions
    "reduc": "reduce",
    "reduce": "reduce",
    "decreas": "reduce",
    "lessen": "reduce",
    "tak": "use",
    "use": "use",
    "apply": "use",
    "appli": "use",
    "continu": "keep",
    "keep": "keep",
    "maintain": "keep",
    "start": "begin",
    "begin": "begin",
    "initiat": "begin",
    "becom": "get",
    "develop": "get",
    "through": "during",
    "while": "during",
    "throughout": "during",
    "around": "about",
    "approximately": "about",
    "roughly": "about",
    "week": "week",
    "weekly": "week",
    "first": "first",
    "initial": "first",
    # more verbs of one meaning
    "stat": "state",
    "remind": "caution",
    "enquiry": "enquir",
    "test": "enquir",
    "later": "after",
    "repeat": "again",
    "draw": "mark",
    "outlin": "mark",
    "trac": "mark",
    "record": "note",
    "writ": "note",
    "bring": "keep",
    "immers": "immers",
    "submerg": "immers",
    "cool": "cool",
    "cold": "cool",
    "rapid": "soon",
    "fast": "soon",
    # nouns of one meaning
    "sight": "vision",
    "eyesight": "vision",
    "artery": "vessel",
    "arteri": "vessel",
    "vein": "vessel",
    "box": "pack",
    "packag": "pack",
    "packet": "pack",
    "container": "pack",
    "bottl": "pack",
    "carton": "pack",
    "staff": "doctor",
    "nurs": "doctor",
    "team": "doctor",
    "paramedic": "doctor",
    "border": "edge",
    "margin": "edge",
    "redness": "red",
    "thrombosi": "clot",
    "thrombus": "clot",
    "suspect": "possibl",
    "possible": "possibl",
    "likely": "possibl",
    "immobilis": "still",
    "immobiliz": "still",
    "motionless": "still",
    "limb": "limb",
    "leg": "limb",
    "arm": "limb",
    "vomit": "vomit",
    "sick": "vomit",
    "shift": "mov",
    "spotting": "bleed",
    "bleeding": "bleed",
    "infant": "baby",
    "newborn": "baby",
    "deadly": "fatal",
    "kill": "fatal",
    "analgesic": "painkiller",
    "painkiller": "painkiller",
    "anticoagulant": "anticoagulant",
    "glucose": "sugar",
    "sugar": "sugar",
    "womb": "uterus",
    "immersion": "immers",
    "bab": "baby",
    "baby": "baby",
    "using": "use",
    "daily": "day",
    "discontinu": "withdraw",
    "withdrawal": "withdraw",
    "injury": "damage",
    "injur": "damage",
    "harm": "damage",
    "household": "home",
    "paus": "stop",
    "water tablet": "diuretic",
    "house": "home",
    "couch": "sofa",
    "settee": "sofa",
    "handgun": "gun",
    "firearm": "gun",
    "rifle": "gun",
    # lay and clinical names of one thing (medical synonym table)
    "simultaneously": "together",
    "suddenly": "abruptly",
    "abruptly": "abruptly",
    "broken": "fractur",
    "fractur": "fractur",
    "imag": "imaging",
    "imaging": "imaging",
    "scan": "imaging",
    "radiograph": "imaging",
    "breathless": "breathless",
    "dyspnoea": "breathless",
    "dyspnea": "breathless",
    "dehydrat": "hydrated",
    "lethargic": "drowsy",
    "sleepy": "drowsy",
    "drowsi": "drowsy",
    "unrousabl": "drowsy",
    "feverish": "fever",
    "temperatur": "fever",
    "pyrexia": "fever",
    "rash": "rash",
    "spot": "rash",
    "lump": "swelling",
    "swollen": "swelling",
    "swell": "swelling",
    "stool": "poo",
    "faec": "poo",
    "bowel": "poo",
    "pee": "urinary",
    "wee": "urinary",
    "gradual": "slow",
    "gradually": "slow",
    "slowly": "slow",
    "taper": "slow",
    "tapering": "slow",
}

# Chinese phrases of one meaning, replaced (longest first) before the bigrams are taken.
SYNONYMS_ZH = {
    "去医院": "医院",
    "到医院": "医院",
    "上医院": "医院",
    "就医": "医院",
    "就诊": "医院",
    "看医生": "医院",
    "看病": "医院",
    "立即": "尽快",
    "立刻": "尽快",
    "马上": "尽快",
    "及时": "尽快",
    "尽早": "尽快",
    "接种": "打",
    "注射": "打",
    "需要": "要",
    "需": "要",
    "是否": "否",
    "有没有": "否",
    "能否": "否",
    "评估": "检查",
    "判断": "检查",
    "建议": "",
    "推荐": "",
    "提醒": "",
    "告诉": "",
    "告知": "",
    "说明": "",
    "解释": "",
    "指出": "",
    "提及": "",
    "提到": "",
    "每周约": "每周",
    "大约": "约",
    "左右": "约",
    "进行": "",
    "吃药": "服药",
    "用药": "服药",
    "随便": "随意",
    "按时": "规律",
    "按期": "规律",
    # more phrasings of one meaning
    "今天": "当天",
    "当日": "当天",
    "一刻钟": "15分钟",
    "半小时": "30分钟",
    "复测": "再测",
    "复查": "再测",
    "生理盐水": "盐水",
    "冲洗": "洗",
    "清洗": "洗",
    "鼻腔": "鼻",
    "鼻子": "鼻",
    "药瓶": "药盒",
    "药品包装": "药盒",
    "包装": "药盒",
    "头颅": "头",
    "头部": "头",
    "商量": "沟通",
    "咨询": "沟通",
    "讨论": "沟通",
    "擦拭": "擦",
    "擦身": "擦",
    "发疹": "出疹",
    "起疹": "出疹",
    "改药": "调整用药",
    "换药": "调整用药",
    "婴儿": "宝宝",
    "新生儿": "宝宝",
    "呕吐": "吐",
    "补充糖": "吃糖",
    "煤气中毒": "一氧化碳中毒",
    "一家人": "全家",
    "家人": "全家",
    "吃点糖": "吃糖",
    # lay and clinical names of one thing (medical synonym table)
    "急诊科": "急诊",
    "急诊室": "急诊",
    "喘不上气": "呼吸困难",
    "喘不过气": "呼吸困难",
    "透不过气": "呼吸困难",
    "呼吸急促": "呼吸困难",
    "气短": "呼吸困难",
    "叫救护车": "拨打120",
    "打120": "拨打120",
    "禁用": "不能用",
    "不能吃": "不能用",
    "不可使用": "不能用",
    "不要使用": "不能用",
    "不宜使用": "不能用",
    "瑞氏综合征": "瑞氏",
    "reye综合征": "瑞氏",
    "撤离": "下撤",
    "下降": "下撤",
    "抽风": "抽搐",
    "惊厥": "抽搐",
    "发烧": "发热",
    "高烧": "发热",
    "拉肚子": "腹泻",
    "肚子": "腹",
    "腹部": "腹",
    "嗜睡": "犯困",
    "没精神": "犯困",
    "精神差": "犯困",
    "突然停药": "骤停",
    "直接停药": "骤停",
    "逐渐减量": "慢慢减",
    "缓慢减量": "慢慢减",
}

# A criterion holding one of these while the other holds its opposite is the other pole of a
# behaviour, not the same behaviour (English after stemming and synonyms; Chinese as written).
OPPOSITES_EN = [
    ("stop", "keep"),
    ("stop", "begin"),
    ("avoid", "use"),
    ("increas", "decreas"),
    ("increas", "reduc"),
    ("rais", "lower"),
    ("higher", "lower"),
    ("more", "less"),
    ("before", "after"),
    ("with", "without"),
    ("safe", "unsafe"),
    ("hot", "cold"),
    ("warm", "cold"),
    ("left", "right"),
    ("upper", "lower"),
    ("adult", "child"),
    ("day", "night"),
    ("morning", "evening"),
]
OPPOSITES_ZH = [
    ("停", "继续"),
    ("停", "开始"),
    ("避免", "使用"),
    ("增加", "减少"),
    ("升高", "降低"),
    ("之前", "之后"),
    ("饭前", "饭后"),
    ("热", "冷"),
    ("白天", "夜间"),
]
NEGATION_EN = frozenset(["not", "no", "never", "against", "avoid", "don", "doesn"])
NEGATION_ZH = (
    "不要",
    "不应",
    "不能",
    "不可",
    "不用",
    "不必",
    "不需",
    "不建议",
    "没有",
    "未",
    "别",
    "勿",
    "避免",
)  # not a lone 不 or 没 ("叫不醒", "喘不上气" name a sign)


def _stem(word: str) -> str:
    """A crude suffix cut: enough to meet "infected" / "infection", "stopping" / "stop"."""
    for suffix in ("ations", "ation", "ingly", "ings", "ing", "edly", "ed", "ies", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            stem = word[: -len(suffix)]
            doubled = stem[-1] == stem[-2] and stem[-1] not in "lsz"
            return stem[:-1] if doubled and suffix in ("ing", "ings", "ed") else stem
    return word


def _canonical(word: str) -> str:
    """One form per meaning: the synonym of the word or of its stem, itself stemmed."""
    stem = _stem(word)
    return _stem(SYNONYMS_EN.get(word) or SYNONYMS_EN.get(stem) or stem)


_PHRASE_PATTERNS = [
    (re.compile(rf"(?<![\w&]){short if '(?:' in short else re.escape(short)}(?![\w&])"), long)
    for short, long in PHRASES_EN.items()
]
_SYNONYMS_ZH_LONGEST_FIRST = [
    (phrase, f" {SYNONYMS_ZH[phrase]} " if SYNONYMS_ZH[phrase] else " ")
    for phrase in sorted(SYNONYMS_ZH, key=len, reverse=True)
]


@functools.lru_cache(maxsize=4096)
def _expand(text: str) -> str:
    """The text lowercased with its phrases and Chinese synonyms in their canonical words.
    Kept per text: a rubric's duplicate check expands each criterion once per pair."""
    text = unicodedata.normalize("NFKC", text).lower()
    for pattern, long in _PHRASE_PATTERNS:
        text = pattern.sub(long, text)
    for phrase, replacement in _SYNONYMS_ZH_LONGEST_FIRST:
        text = text.replace(phrase, replacement)
    return text


def content(text: str) -> frozenset[str]:
    """The content of a criterion: English canonical stems, Chinese characters and bigrams
    (stop words and filler dropped), and its numbers."""
    terms: set[str] = set()
    for match in _RUNS.finditer(_expand(text)):
        if match["cjk"]:
            run = match["cjk"]
            for filler in FILLER_ZH:
                run = run.replace(filler, " ")
            for part in run.split():
                terms.update(c for c in part if c not in STOPWORDS_ZH)
                terms.update(
                    part[i : i + 2]
                    for i in range(len(part) - 1)
                    if part[i : i + 2] not in STOPWORDS_ZH
                )
            continue
        word = match["word"]
        if word in STOPWORDS_EN or word in FILLER_EN or (len(word) < 2 and not word.isdigit()):
            continue
        terms.add(_canonical(word))
    return frozenset(terms)


def _words(text: str) -> set[str]:
    words = {m["word"] for m in _RUNS.finditer(_expand(text)) if m["word"]}
    return words | {_stem(w) for w in words} | {_canonical(w) for w in words}


# A stop forbidden ("not to stop the valproate", "rather than stopping", 不要自行停用优甲乐) is
# no pole of `conflicting`: it says what "continue" says, not the opposite.
_STOP_FORBIDDEN = (
    re.compile(
        r"\b(?:not|never|n't|against|rather than|instead of)\s+(?:to\s+)?(?:\w+\s+)?"
        r"(?:stop|halt|quit)\w*"
    ),
    re.compile(r"(?:不要|不能|不可|不应|别|勿|切勿)(?:自行|擅自|随意|突然)?(?:停|中断)"),
)


# A use forbidden ("not to take the trimethoprim", "against using it") is avoiding it.
_USE_FORBIDDEN = re.compile(
    r"\b(?:not|never|n't|against)\s+(?:to\s+)?(?:us|tak|tri|giv)\w*(?:\s+(?:the|any|it))?"
)


def _unnegated(text: str) -> str:
    """`text` expanded (`_expand`) with a forbidden stop taken out and a forbidden use read as
    avoiding."""
    expanded = _USE_FORBIDDEN.sub(" avoid ", _expand(text))
    for pattern in _STOP_FORBIDDEN:
        expanded = pattern.sub(" ", expanded)
    return expanded


def conflicting(a: str, b: str) -> bool:
    """One text holds a word whose opposite the other holds ("stop" / "continue"; a stop
    forbidden is no pole, a use forbidden is avoiding), or both name numbers and not the same
    ones (a dose, a time)."""
    za, zb = _unnegated(a), _unnegated(b)
    wa, wb = _words(za), _words(zb)

    def poles(sa: str | set[str], sb: str | set[str], x: str, y: str) -> bool:
        one = x in sa and x not in sb and y in sb and y not in sa
        return one or (y in sa and y not in sb and x in sb and x not in sa)

    if any(poles(wa, wb, x, y) for x, y in OPPOSITES_EN):
        return True
    if any(poles(za, zb, x, y) for x, y in OPPOSITES_ZH):
        return True
    return other_numbers(a, b)


def other_numbers(a: str, b: str) -> bool:
    """Both texts name numbers and not the same ones ("500 mg every 6 hours" / "1000 mg every
    6 hours"), read with their negations taken out as `conflicting` reads them."""
    na, nb = set(_NUMBER.findall(_unnegated(a))), set(_NUMBER.findall(_unnegated(b)))
    return bool(na - nb and nb - na)


def opposed(a: str, b: str) -> bool:
    """`conflicting`, or only one of the two texts is negated."""
    if conflicting(a, b):
        return True
    wa, wb = _words(a), _words(b)
    za, zb = _expand(a), _expand(b)
    if bool(wa & NEGATION_EN) != bool(wb & NEGATION_EN):
        return True
    return any(n in za for n in NEGATION_ZH) != any(n in zb for n in NEGATION_ZH)


def _join_compounds(a: str, b: str) -> tuple[str, str]:
    """Two adjacent words of one text written as one word in the other ("cling film" /
    "clingfilm", "follow up" / "follow-up") become that one word in both."""
    texts = [re.sub(r"\b([a-z]+)-([a-z]+)\b", r"\1\2", _expand(t)) for t in (a, b)]
    for i in (0, 1):
        words = set(re.findall(r"[a-z]+", texts[1 - i]))
        for first, second in re.findall(r"\b(?=([a-z]+) ([a-z]+)\b)", texts[i]):
            if first + second in words:
                texts[i] = re.sub(rf"\b{first} {second}\b", first + second, texts[i])
    return texts[0], texts[1]


def paraphrase_score(a: str, b: str) -> tuple[float, float, frozenset[str]]:
    """(Dice, overlap coefficient, the shared content) of two criterion texts."""
    a, b = _join_compounds(a, b)
    ca, cb = content(a), content(b)
    if not ca or not cb:
        return 0.0, 0.0, frozenset()
    shared = ca & cb
    return 2 * len(shared) / (len(ca) + len(cb)), len(shared) / min(len(ca), len(cb)), shared


def paraphrases(a: str, b: str) -> frozenset[str] | None:
    """The shared content when `a` and `b` ask for the same thing in other words, else None."""
    dice, containment, shared = paraphrase_score(a, b)
    if len(shared) < MIN_CONTENT or dice < DICE_PARAPHRASE:
        return None
    if containment < CONTAINMENT_PARAPHRASE or opposed(a, b):
        return None
    return shared


# What a criterion asks the answer to do, from its opening words: advise, state, or ask.
_ACTS = [
    (
        "ask",
        re.compile(
            r"^(?:asks?|(?:en|in)quir\w*|checks? (?:whether|if)|clarif\w*|establish\w*)\b"
            r"|^(?:询问|问清|了解|确认)"
        ),
    ),
    (
        "state",
        re.compile(
            r"^(?:explains?|states?|says? that|mentions?|points? out|notes?|describes?|lists?"
            r"|names?|tells? (?:\w+ ){0,2}that|informs?|clarifies that|identifies"
            r"|makes? (?:it )?clear that)\b"
            r"|^(?:明确)?(?:说明|指出|解释|提及|提到|告知|告诉\S{0,4}(?:是|可能))"
        ),
    ),
    (
        "advise",
        re.compile(
            r"^(?:advis\w*|recommends?|suggests?|urges?|encourages?|tells?|says? to|instructs?"
            r"|directs?|counsels?)\b|^(?:明确)?(?:建议|推荐|嘱|叮嘱|鼓励|劝)"
        ),
    ),
]


def speech_act(text: str) -> str | None:
    """ "advise", "state" or "ask" from the criterion's opening words; None when unclear."""
    start = unicodedata.normalize("NFKC", text).lower().strip()
    return next((act for act, pattern in _ACTS if pattern.search(start)), None)


def rubric_paraphrases(texts: list[str]) -> dict[tuple[int, int], frozenset[str]]:
    """Pairs (i, j), i < j, 1-based, of a rubric's criteria that reword one another, with
    their shared content: `paraphrases`, or content weighted within the rubric (a term in
    n of the N criteria weighs log(1 + N/n)) overlapping by `WEIGHTED_DICE_PARAPHRASE`
    (Dice) and `WEIGHTED_CONTAINMENT_PARAPHRASE` (overlap), with at least
    `MIN_SHARED_WEIGHTED` shared terms, the same speech act (advise, state, ask) where both
    have one, and no opposite word, lone negation or other number (`opposed`)."""
    contents = [content(t) for t in texts]
    df: dict[str, int] = {}
    for terms in contents:
        for term in terms:
            df[term] = df.get(term, 0) + 1
    n = len(texts)

    def weight(terms: frozenset[str]) -> float:
        return sum(math.log(1 + n / df.get(t, 1)) for t in terms)

    found: dict[tuple[int, int], frozenset[str]] = {}
    for (i, a), (j, b) in combinations(enumerate(texts, start=1), 2):
        strict = paraphrases(a, b)
        if strict is not None:
            found[i, j] = strict
            continue
        acts = speech_act(a), speech_act(b)
        if None not in acts and acts[0] != acts[1]:
            continue
        ca, cb = (content(t) for t in _join_compounds(a, b))
        shared = ca & cb
        if len(shared - ACT_TERMS) < MIN_SHARED_WEIGHTED:
            continue
        wa, wb, ws = weight(ca), weight(cb), weight(shared)
        if 2 * ws / (wa + wb) < WEIGHTED_DICE_PARAPHRASE:
            continue
        if ws / min(wa, wb) < WEIGHTED_CONTAINMENT_PARAPHRASE or opposed(a, b):
            continue
        found[i, j] = shared
    return found
