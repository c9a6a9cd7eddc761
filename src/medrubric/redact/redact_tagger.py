"""A learned sequence tagger for identifiers: a linear-chain CRF (`python-crfsuite`, from the
extra `medrubric[pii]`) trained on the labelled snippets of `tests/data/pii/`.

Text is cut into units: one Chinese character, one run of Latin letters, one run of digits or
one other non-space character. Each unit is described by its own form and shape, the units
around it, word lists (Chinese surname and given-name characters, English given names by
frequency, family names, towns), jieba's word around a Chinese character (its position in
the word and its part of speech) and whether a line or a sentence starts before it; the CRF
labels it B-KIND, I-KIND or O. Its spans are added to what the rules and NER found where they
overlap nothing found already (`redact.find_identifiers`), and pass the same allow-list
(drugs, eponyms, medical terms, countries).

The shipped model is `data/tagger.crfsuite`, its training record `data/tagger.json` (the sets,
their commit, the parameters, the digests of the training items and of the model file);
`python -m medrubric.redact.train` rebuilds both. Training is deterministic: the same items in
the same order give the same model file.
`MEDRUBRIC_TAGGER=0` turns the tagger off; `MEDRUBRIC_TAGGER=PATH` uses another model file.
It runs only when NER is on (`MEDRUBRIC_NER`).
"""

from __future__ import annotations

import hashlib
import importlib.util
import ipaddress
import json
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from medrubric.errors import InputError
from medrubric.redact.redact_lexicon import lexicon, unaccent
from medrubric.redact.redact_ner import (
    Entity,
    everyday_chinese_span,
    jieba_words,
    ner_enabled,
)
from medrubric.redact.redact_rules import DOSE, is_kinship_word, not_a_named_place, shop_alone

MODEL_NAME = "tagger.crfsuite"
RECORD_NAME = "tagger.json"
# L1 keeps the model small (most features get weight 0); L2 smooths the rest.
PARAMS = {"c1": 0.05, "c2": 0.01, "max_iterations": 120, "feature.possible_transitions": True}
_UNIT = re.compile(r"[\u4e00-\u9fff]|[A-Za-z]+|\d+|\S")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_SENTENCE_END = frozenset(".!?。！？；;:：")
_DIGITS = re.compile(r"\d")
_WORD_CHAR = re.compile(r"[A-Za-z\u4e00-\u9fff]")
_NUMERIC_DATE = re.compile(r"\d+(?:[/.\-]\d+)+")
_DECIMAL = re.compile(r"\d\.\d")
# Not IDs: words without a Latin letter or digit (很详细), a bare acronym (ID, PPSN, NHS: the
# cue, not the number).
# A month or a year alone, as in the rules, is kept (上个月, 去年底, last month).
_MONTH_OR_YEAR = re.compile(
    r"(?:上上?|下下?|这|本|前|去|今|明|后)(?:个月|月|年)(?:初|底|中|末)?"
    r"|(?i:(?:last|next|this) (?:month|year))"
)
# ... unless the date goes on after it (去年 + 11月3号, 去年腊月二十三).
_DATE_GOES_ON = re.compile(r"\s*[\d零〇一二三四五六七八九十腊正冬]")
# A ward or wing named by a number and a compass point (4 North, 6 East) is no date.
_WARD = re.compile(r"(?i:(?:ward\s+)?\d{1,2}\s*(?:north|south|east|west|[nsew])(?:\s+wing)?)")
# …nor a span that starts with one ("4 North yesterday": the words after it date nothing).
_WARD_FIRST = re.compile(_WARD.pattern + r"\b(?!\s*[/.-]?\d)")
_ID_CHAR = re.compile(r"[A-Za-z0-9]")
# A bare acronym or a regimen of them (PPSN, R-CHOP, FOLFOX): upper-case letters, no digit.
_ACRONYM = re.compile(r"[A-Z]{1,6}(?:[-/][A-Z]{1,6})*")
# An age in digits the tagger finds needs an age word next to it ("glucose was 95" is no age).
_AGE_BEFORE = re.compile(r"(?i:\b(?:aged?|turn(?:ed|s)|age of)\s*|享年|高龄|年龄)$")
_AGE_AFTER = re.compile(r"(?i:\s*-?\s*(?:years?|yrs?\b|y/?o\b)|th birthday|岁|周岁)")
_ZH_NUMERAL = re.compile(r"[零〇一二三四五六七八九幺两]")
# Recall-oriented decoding: a unit the best path labels O becomes part of an identifier when
# the CRF's marginal P(O) there is under this. On by default at the threshold
# leave-one-set-out over blind 7-10 chose (bench/RESULTS.md, "## Redaction: twelfth
# freeze"): more identifiers found for some clinical words and ordinary words lost.
# `MEDRUBRIC_TAGGER_P_O` overrides it; 0 keeps the best path alone.
P_O_BELOW = 0.9

# What the marginal decoding may not add (`_recall_tags`, `_unlike_added`): a Latin word with
# a capital inside it, a brand or lab term (DreamStation, HbSS; McLean, MacLeod are names) …
_INNER_CAPITAL = re.compile(r"^(?!Mc|Mac|De|Di|Da|La|Le|Van|Von)[A-Za-z]*?[a-z][A-Z]")
# … a year alone, a time of day or relative day alone …
_YEAR_ALONE = re.compile(r"\d{0,4}\s*年|(?:1[89]|20)\d\d")
_TIME_OF_DAY = re.compile(r"(?:[今昨明前后]天|早上|上午|中午|下午|傍晚|晚上|凌晨|半夜|夜里)+")
_TIME_OF_DAY_END = re.compile(f"{_TIME_OF_DAY.pattern}$")
# … a Chinese date with a number and none of these, a bare number with neither of these next to it …
_ZH_DATE_WORD = re.compile(r"[月日号號周节節]|星期|礼拜|禮拜|初[一二三四五六七八九十]")
_MONTH_NAME = re.compile(
    r"\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\b|birthday", re.I
)
_ORDINAL = re.compile(r"(?:st|nd|rd|th)\b")
_DATED = re.compile(r"\d{1,4}[/.\-]\d{1,2}[/.\-]\d{1,4}")
# … a department, clinic or ward a place runs on into (`_before_department`) …
_DEPARTMENT_HEAD = re.compile(r"[\u4e00-\u9fff]{0,5}?(?:科|门诊|病房|病区)")
_FACILITY_END = re.compile(r"(?:院|所|中心|站)$")
# … a reading written like a phone number (172/104).
_READING = re.compile(r"\d{2,3}\s*/\s*\d{2,3}")

Unit = tuple[str, int, int]


def units(text: str) -> list[Unit]:
    """(form, start, end) of each unit of `text`, spaces left out."""
    return [(m.group(), m.start(), m.end()) for m in _UNIT.finditer(text)]


@lru_cache(maxsize=8192)
def _shape(form: str) -> str:
    first = form[0]
    if _CJK.match(first):
        return "C"
    if first.isdigit():
        return f"d{min(len(form), 12)}"
    if first.isalpha():
        if form.isupper():
            return "XX" if len(form) > 1 else "X"
        return "Xx" if first.isupper() else "x"
    return form


def _jieba_positions(text: str) -> dict[int, tuple[str, ...]]:
    """For each Chinese character's offset, its jieba features: its position in jieba's word
    (S, B, M, E), the word's part of speech, both, and the word before it."""
    out: dict[int, tuple[str, ...]] = {}
    offset = 0
    previous = ""
    for word, flag in jieba_words(text):
        if _CJK.match(word):
            last = len(word) - 1
            for k in range(len(word)):
                pos = "S" if not last else "B" if k == 0 else "E" if k == last else "M"
                out[offset + k] = _jieba_features(pos, flag, previous)
        previous = word if _CJK.match(word) else ""
        offset += len(word)
    return out


@lru_cache(maxsize=16384)
def _jieba_features(pos: str, flag: str, previous: str) -> tuple[str, ...]:
    return f"jp={pos}", f"jt={flag}", f"jp|jt={pos}|{flag}", f"jw-1={previous}"


@lru_cache(maxsize=16384)
def _form_features(form: str) -> tuple[str, str, tuple[str, ...], tuple[str, ...]]:
    """What a unit's features take from its form alone: the form lowercased, its shape, its
    own word and shape features, and its word-list features (a function of the form and the
    fixed word lists, so cached: forms recur across texts)."""
    words = _words()
    low = form.lower()
    shape = _shape(form)
    listed: list[str] = []
    if shape == "C":
        listed += [f"sur={form in words.surnames}", f"giv={form in words.given_chars}"]
    elif form[0].isalpha():
        # the word lists spell most names without accents (Geneviève, Bélanger)
        plain = unaccent(form)
        rank = words.given_rank.get(form, words.given_rank.get(plain))
        if rank is not None:
            listed.append("given" if rank <= 100 else "given_rare")
        elif form in words.given_abroad or plain in words.given_abroad:
            listed.append("given_abroad")
        if form in words.family or plain in words.family:
            listed.append("family")
        if form in words.towns or plain in words.towns:
            listed.append("town")
        if len(form) > 3:
            listed.append(f"suf={low[-3:]}")
    return low, shape, (f"w={low}", f"s={shape}"), tuple(listed)


def _unit_features(text: str, seq: Sequence[Unit]) -> list[list[str]]:
    """Each unit's features, in a fixed order (the model was trained on these strings): its
    form and shape, whether a line or a sentence starts before it, its word lists, jieba's
    word around a Chinese character, then the forms and shapes around it. The strings that
    depend on the neighbours are built a list at a time, not unit by unit."""
    zh = _jieba_positions(text) if _CJK.search(text) else {}
    described = [_form_features(form) for form, _, _ in seq]
    forms = [d[0] for d in described]
    shapes = [d[1] for d in described]
    n = len(seq)
    padded = ["<>", "<>", *forms, "<>", "<>"]
    before, after = padded[1 : n + 1], padded[3 : n + 3]
    around = [
        ["w-2=" + w for w in padded[:n]],
        ["w-1=" + w for w in before],
        ["w+1=" + w for w in after],
        ["w+2=" + w for w in padded[4:]],
    ]
    shape_before = ["s-1=" + s for s in shapes]
    shape_after = ["s+1=" + s for s in shapes]
    pairs_before = ["w-1|w=" + b + "|" + w for b, w in zip(before, forms, strict=True)]
    pairs_after = ["w|w+1=" + w + "|" + a for w, a in zip(forms, after, strict=True)]
    out: list[list[str]] = []
    for i, (_, start, _) in enumerate(seq):
        f = list(described[i][2])
        if i == 0 or "\n" in text[seq[i - 1][2] : start]:
            f.append("line")
        if i == 0 or forms[i - 1] in _SENTENCE_END:
            f.append("sent")
        f += described[i][3]
        if shapes[i] == "C" and start in zh:
            f += zh[start]
        f += [around[0][i], around[1][i], around[2][i], around[3][i]]
        if i:
            f.append(shape_before[i - 1])
        if i + 1 < n:
            f.append(shape_after[i + 1])
        f += [pairs_before[i], pairs_after[i]]
        out.append(f)
    return out


@dataclass(frozen=True)
class _Words:
    """The word lists the features read, as sets."""

    surnames: frozenset[str]
    given_chars: frozenset[str]
    given_rank: dict[str, int]
    given_abroad: frozenset[str]
    family: frozenset[str]
    towns: frozenset[str]


@lru_cache(maxsize=1)
def _words() -> _Words:
    lex = lexicon()
    return _Words(
        surnames=frozenset(lex.zh_surnames),
        given_chars=frozenset(lex.zh_given_chars),
        given_rank=lex.given_rank,
        given_abroad=lex.given_abroad,
        family=lex.family_names,
        towns=lex.en_towns,
    )


def features(text: str) -> tuple[list[Unit], list[list[str]]]:
    """The units of `text` and the feature strings of each."""
    seq = units(text)
    return seq, _unit_features(text, seq)


def labels(seq: Sequence[Unit], spans: Iterable[tuple[str, int, int]]) -> list[str]:
    """B-KIND / I-KIND / O for each unit from labelled (kind, start, end) spans; a unit is
    inside a span when it overlaps it."""
    tags = ["O"] * len(seq)
    for kind, start, end in spans:
        first = True
        for i, (_, u_start, u_end) in enumerate(seq):
            if u_start < end and start < u_end:
                tags[i] = f"{'B' if first else 'I'}-{kind}"
                first = False
    return tags


Example = tuple[str, Sequence[tuple[str, int, int]]]
TrainingItem = tuple[list[list[str]], list[str]]


def training_items(examples: Iterable[Example]) -> Iterator[TrainingItem]:
    """What the CRF learns from each (text, labelled spans) pair: the feature strings of each
    unit and the unit's label; a text with no unit gives nothing."""
    for text, spans in examples:
        seq, feats = features(text)
        if seq:
            yield feats, labels(seq, spans)


def _digested(items: Iterable[TrainingItem], digest: Any) -> Iterator[TrainingItem]:
    for feats, tags in items:
        digest.update(json.dumps([feats, tags], ensure_ascii=False).encode("utf-8") + b"\n")
        yield feats, tags


def _new_digest() -> Any:
    return hashlib.sha256(json.dumps(PARAMS, sort_keys=True).encode("utf-8"))


def inputs_digest(items: Iterable[TrainingItem]) -> str:
    """SHA-256 of the CRF's parameters and of every training item, in order. crfsuite's
    training is deterministic, so two trainings with one digest write the same model file:
    the shipped record keeps the digest (`tagger.json`, `inputs_sha256`), and a change of the
    labelled sets, the features or the parameters shows as a new one without retraining."""
    digest = _new_digest()
    for _ in _digested(items, digest):
        pass
    return str(digest.hexdigest())


def train(examples: Iterable[Example], model: Path) -> str:
    """Train a CRF on (text, labelled spans) pairs, write it to `model` and return the digest
    of what it learned from (`inputs_digest`)."""
    import pycrfsuite

    trainer = pycrfsuite.Trainer(verbose=False)
    digest = _new_digest()
    for feats, tags in _digested(training_items(examples), digest):
        trainer.append(feats, tags)
    trainer.set_params(PARAMS)
    trainer.train(str(model))
    return str(digest.hexdigest())


@lru_cache(maxsize=1)
def default_model() -> Path:
    return Path(str(files("medrubric.redact").joinpath("data", MODEL_NAME)))


@lru_cache(maxsize=4)
def _tagger(path: str) -> Any:
    import pycrfsuite

    tagger = pycrfsuite.Tagger()
    tagger.open(path)
    return tagger


@lru_cache(maxsize=1)
def tagger_available() -> bool:
    return importlib.util.find_spec("pycrfsuite") is not None


def _model_path() -> str | None:
    chosen = os.environ.get("MEDRUBRIC_TAGGER", "1")
    if chosen == "0" or not ner_enabled() or not tagger_available():
        return None
    if chosen != "1" and not Path(chosen).is_file():
        raise InputError(
            "MEDRUBRIC_TAGGER names no model file (0 turns the tagger off, 1 or unset uses the "
            "shipped one)",
            chosen,
        )
    return str(default_model()) if chosen == "1" else chosen


def tag_spans(text: str, model: str | Path | None = None) -> Iterator[Entity]:
    """(kind, start, end) of the identifiers the tagger finds in `text` (none when it is off
    or not installed; `model`: another model file)."""
    path = str(model) if model is not None else _model_path()
    if path is None:
        return
    seq, feats = features(text)
    if not seq:
        return
    tagger = _tagger(path)
    tagger.set(feats)
    tags = tagger.tag()
    threshold = recall_threshold()
    added: set[int] = set()
    if threshold > 0:
        tags, added = _recall_tags(tagger, text, seq, tags, threshold)
    for kind, start, end, grown in _runs(seq, tags, added):
        start, end = _whole_words(text, start, end)
        if grown and kind in ("NAME", "LOCATION"):
            end = _before_department(text, start, end)
        if (
            end > start
            and plausible(kind, text, start, end)
            and not (grown and _unlike_added(kind, text, start, end))
        ):
            yield kind, start, end


def recall_threshold() -> float:
    """The marginal decoding's threshold: `MEDRUBRIC_TAGGER_P_O` (a number from 0 to below 1)
    when set, else `P_O_BELOW`."""
    chosen = os.environ.get("MEDRUBRIC_TAGGER_P_O")
    if chosen is None:
        return P_O_BELOW
    try:
        value = float(chosen)
    except ValueError:
        value = -1.0
    if not 0 <= value < 1:
        raise InputError(
            "MEDRUBRIC_TAGGER_P_O is the tagger's threshold on P(O), a number from 0 (off) to "
            "below 1 (0.9: the recall-oriented setting of bench/RESULTS.md)",
            chosen,
        )
    return value


def _recall_tags(
    tagger: Any, text: str, seq: Sequence[Unit], tags: list[str], threshold: float
) -> tuple[list[str], set[int]]:
    """The best path's `tags` with every O unit whose marginal P(O) is under `threshold`
    given the identifier label the tagger finds likeliest there; an added unit next to a unit
    of its kind joins that unit's run. A Latin word is added only capitalised, not first in
    its sentence, as a name or place, with no capital inside it (DreamStation, HbSS) and,
    when it is an everyday English word (`words_en_common.txt`), only next to a word of its
    kind: there the marginals are as unsure of ordinary words ("typed", "See your doctor",
    "Yasmin 3 years" read as a date, "at Boots", "Breast Clinic"). Only P(O) is read
    on the units the best path left O, and the other labels' marginals only where a unit may
    be added. Returns the tags and the positions of the units added."""
    out = list(tags)
    common = lexicon().en_common_words
    choices = [label for label in tagger.labels() if label != "O"]
    added = set()
    common_words: dict[int, str] = {}
    for t, tag in enumerate(tags):
        if tag != "O" or tagger.marginal("O", t) >= threshold:
            continue
        kind = max(choices, key=lambda label: tagger.marginal(label, t))[2:]
        form, start, _ = seq[t]
        before = text[:start].rstrip(" \t")
        if _latin_letter(form[0]) and (
            form[0].islower()
            or kind not in ("NAME", "LOCATION")
            or not before
            or before[-1] in ".!?:\n"
            or _INNER_CAPITAL.search(form)
        ):
            continue
        if _latin_letter(form[0]) and form.lower() in common:
            common_words[t] = kind
            continue
        out[t] = f"B-{kind}"
        added.add(t)
    # An everyday word joins only a word of its kind next to it ("Hamad Medical Corporation").
    while joining := [
        t
        for t, kind in common_words.items()
        if any(
            0 <= n < len(out) and out[n][2:] == kind and _latin_letter(seq[n][0][0])
            for n in (t - 1, t + 1)
        )
    ]:
        for t in joining:
            out[t] = f"B-{common_words.pop(t)}"
            added.add(t)
    for t in range(1, len(out)):
        kind = out[t][2:]
        if out[t].startswith("B-") and out[t - 1][2:] == kind and (t in added or t - 1 in added):
            out[t] = f"I-{kind}"
    return out, added


def _before_department(text: str, start: int, end: int) -> int:
    """The end of a Chinese name or place the marginal decoding grew, cut before a time of
    day or relative day it ends with (周敏|昨天) or before the last word of it that begins a
    department, clinic or ward running on past it (杭州邵逸夫|乳腺外科, 华西|肝胆外科,
    |儿童肿瘤科, |麻醉门诊, |安宁病房): the marginals run a name on into the words after it.
    A span that ends as a facility does (儿研所|急诊科) is whole."""
    if not _CJK.match(text[end - 1]):
        return end
    time_word = _TIME_OF_DAY_END.search(text, start, end)
    if time_word is not None:  # 周敏|昨天开始发烧
        return time_word.start()
    if _FACILITY_END.search(text, start, end):
        return end
    starts = [  # where a jieba word begins (its position feature B or S)
        i
        for i, features in _jieba_positions(text).items()
        if start <= i < end and features[0] in ("jp=B", "jp=S")
    ]
    for i in sorted(starts, reverse=True):
        head = _DEPARTMENT_HEAD.match(text, i)
        if head is not None and head.end() > end:
            return len(text[:i].rstrip())
    return end


def _unlike_added(kind: str, text: str, start: int, end: int) -> bool:
    """A span the marginal decoding made or grew that has the form of no identifier of its
    kind, checked beyond `plausible` because the marginals are unsure there:
    - a date that is a year alone (1941, 23年: Safe Harbor keeps the year), a time of day
      or a relative day alone (下午, 今天中午), Chinese text with a number and no word of a
      date (23床), or a bare number (22, 3000) with no month name or numeric date next to it
      and no ordinal ending ("Ward 22", "BNP was over 3000"; "Jan 1", "2022.11.30", "90th"
      are dates);
    - a phone number written as a reading (172/104);
    - a Chinese name or place that ends with a word for an illness or pain (矮小症, 风湿痛)
      or is made of everyday words of jieba's dictionary alone (支教, 小心: no surname and
      given name, `everyday_chinese_span`)."""
    span = text[start:end].strip()
    if kind in ("DATE", "DOB"):
        if _YEAR_ALONE.fullmatch(span) or _TIME_OF_DAY.fullmatch(span):
            return True
        if _CJK.search(span):
            return _DIGITS.search(span) is not None and not _ZH_DATE_WORD.search(span)
        if not _WORD_CHAR.search(span):
            window = text[max(0, start - 12) : end + 12]
            dated = _MONTH_NAME.search(window) or _DATED.search(window)
            return not (dated or _ORDINAL.match(text, end))
        return False
    if kind == "PHONE":
        return _READING.fullmatch(span) is not None
    if kind not in ("NAME", "LOCATION") or _CJK.match(span[-1:]) is None:
        return False
    return span[-1] in "症病痛炎" or everyday_chinese_span(text, start, end)


def _latin_letter(char: str) -> bool:
    return char.isalpha() and not _CJK.match(char)


def _whole_words(text: str, start: int, end: int) -> tuple[int, int]:
    """`start`, `end` moved out to the ends of the Latin words they cut: a unit is a run of
    ASCII letters, so a word with a letter beyond them (Sjögren, Nguyễn) is tagged in pieces,
    and a piece ("Sj") passes no check the whole word would fail (an eponym)."""
    if _latin_letter(text[start]):
        while start and _latin_letter(text[start - 1]):
            start -= 1
    if _latin_letter(text[end - 1]):
        while end < len(text) and _latin_letter(text[end]):
            end += 1
    return start, end


# Words for a person that name no one (小姑娘发烧了: a little girl, not 小姑 + 娘).
_ZH_PERSON_WORDS = frozenset(
    (
        *("小姑娘", "小伙子", "小朋友", "小孩", "小孩子", "小家伙", "小宝宝", "小女孩"),
        *("小男孩", "小姐姐", "小哥哥", "小宝贝", "小屁孩", "小娃", "小丫头"),
    )
)


def _in_person_word(text: str, start: int, end: int) -> bool:
    """`text[start:end]` lies inside a word for a person (小姑 of 小姑娘发烧了): the word starts
    at or before `start` and ends at or after `end`."""
    return any(
        text.startswith(word, at)
        for word in _ZH_PERSON_WORDS
        for at in range(max(0, end - len(word)), start + 1)
    )


def _zh_common_word(span: str) -> bool:
    """A kinship word (孙女) or a surname with a character no given name has (张口)."""
    if not _CJK.match(span):
        return False
    lex = lexicon()
    if is_kinship_word(span):
        return True
    return len(span) == 2 and span[0] in lex.zh_surnames and span[1] not in lex.zh_given_chars


def _runs(
    seq: Sequence[Unit], tags: Sequence[str], added: set[int]
) -> Iterator[tuple[str, int, int, bool]]:
    """(kind, start, end, grown) of each run of B-KIND I-KIND … tags; `grown` when a unit of
    the run is in `added`."""
    current: list[Any] | None = None
    for i, ((_, start, end), tag) in enumerate(zip(seq, tags, strict=True)):
        kind = tag[2:]
        if tag.startswith("I-") and current is not None and current[0] == kind:
            current[2] = end
            current[3] = current[3] or i in added
            continue
        if current is not None:
            yield current[0], current[1], current[2], current[3]
        current = [kind, start, end, i in added] if tag != "O" else None
    if current is not None:
        yield current[0], current[1], current[2], current[3]


def _short_lower_word(span: str) -> bool:
    """One lower-case Latin word of under nine letters that is no given name ("My son typed
    4471..."): every such name in the labelled sets is a given name ("jake") or a handle of
    nine letters or more ("brightsidebarb")."""
    return (
        span.isascii()
        and span.isalpha()
        and span.islower()
        and len(span) < 9
        and span.capitalize() not in lexicon().given_rank
    )


_PLURAL_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days"
# Weekdays in the plural, one or a list of them (Mondays and Thursdays).
_WEEKDAYS = re.compile(
    rf"(?i:{_PLURAL_WEEKDAY}(?:(?:[ \t]*,[ \t]*|[ \t]+(?:and|or|&)[ \t]+){_PLURAL_WEEKDAY})*)"
)


def plausible(kind: str, text: str, start: int, end: int) -> bool:
    """Whether the tagged span `text[start:end]` has the form its kind needs, so that a lab
    value, a reading or a common word the tagger labels is not redacted:
    - a name or place is not a shop by its name alone after "at", "from" (at Boots);
    - a name has no digit and is not a word that is no given name (May, Will), a kinship
      word (孙女), a word for a person or part of one (小姑 of 小姑娘), a surname with a
      character no given name has (张口) or one short lower-case word that is no given name
      (typed);
    - a place has more letters than digits (800多) and is not a kind of hospital (三甲医院,
      or 三甲 before 医院),
      a holiday or a month (Christmas, May), a kinship word (大伯), the tail of a kind of
      hospital that starts inside a word (幼保健院 of 妇幼保健院) or a shop alone after "at" with
      the everyday words after it (Boots able);
    - a phone number has at least six digits or Chinese numerals; an ID has no decimal
      number (CA19-9 18.6), is no dose (112mcg), no bare acronym or regimen (PPSN, R-CHOP)
      and no Chinese
      words alone (很详细), and, without letters, has at least six digits;
    - an age in digits is over 89 with an age word next to it (aged, years, 岁), not after
      "glucose was", and has no decimal part (aged 90.5 kg is a weight);
    - a date is not a month or year alone (上个月, last year), weekdays in the plural (a
      routine: the clinic runs on Mondays, or on Mondays and Thursdays) nor a ward named by a number
      and a compass point (4 North) or one followed by other words, and every number written
      like a date (150/95, 6.1, 4/10) has three parts, none over 31 but the year, one of
      them 12 or under, and a year of two or four digits (10/5/5 is a dose schedule);
    - an IP address is a valid IPv4 (with or without a port) or IPv6 address (10:30:45 is
      a time)."""
    span = text[start:end]
    digits = len(_DIGITS.findall(span))
    if kind in ("NAME", "LOCATION") and shop_alone(text, start, end):
        return False
    if kind == "NAME":
        return (
            digits == 0
            and span not in lexicon().not_names
            and not _zh_common_word(span)
            and not _in_person_word(text, start, end)
            and not _short_lower_word(span)
        )
    if kind == "LOCATION":
        return (
            len(_WORD_CHAR.findall(span)) > digits
            and not not_a_named_place(span)
            and not (_CJK.match(span) and is_kinship_word(span))
            and not (_CJK.match(span) and _tail_of_a_kind(text, start, end))
            and not (_CJK.match(span) and _head_of_a_kind(text, start, end))
            and not _shop_and_common_words(text, start, end)
        )
    if kind == "ID" and (
        DOSE.fullmatch(span) or not _ID_CHAR.search(span) or _ACRONYM.fullmatch(span)
    ):
        return False
    if kind in ("PHONE", "ID"):
        numerals = digits + len(_ZH_NUMERAL.findall(span))
        short = kind == "PHONE" or not _WORD_CHAR.search(span)
        return not _DECIMAL.search(span) and (numerals >= 6 or not short)
    if kind == "AGE":
        if not span.isdigit():
            return True
        if _DECIMAL.match(text, end - 1):  # 90.5 kg: a measurement, not an age
            return False
        cued = _AGE_BEFORE.search(text, max(0, start - 12), start) or _AGE_AFTER.match(text, end)
        return int(span) >= 90 and cued is not None
    if kind in ("DATE", "DOB"):
        if _WARD.fullmatch(span) or _WARD_FIRST.match(span):  # "4 North yesterday"
            return False
        if _WEEKDAYS.fullmatch(span):  # "runs on Mondays": a routine, no day of anyone's care
            return False
        if _MONTH_OR_YEAR.fullmatch(span) and not _DATE_GOES_ON.match(text, end):
            return False
        return all(_numeric_date(m.group()) for m in _NUMERIC_DATE.finditer(span))
    if kind == "IP":
        return _ip_address(span)
    return True


def _shop_and_common_words(text: str, start: int, end: int) -> bool:
    """A shop by its name alone after "at" and the everyday words in lower case that follow
    it (Boots able of "at Boots able to"): `shop_alone` with the words it ran on over."""
    first, *rest = text[start:end].split()
    return (
        bool(rest)
        and all(w.islower() and w in lexicon().en_common_words for w in rest)
        and shop_alone(text, start, start + len(first))
    )


def _tail_of_a_kind(text: str, start: int, end: int) -> bool:
    """A Chinese place that starts inside a word of jieba's (幼保健院 of 去妇幼保健院) and is a
    kind of place with that word's first characters (妇幼保健院)."""
    if not any(start >= k and not_a_named_place(text[start - k : end]) for k in (1, 2)):
        return False
    return _jieba_positions(text).get(start, ("jp=B",))[0] in ("jp=M", "jp=E")


_HOSPITAL_AFTER = re.compile(r"医院|醫院")


def _head_of_a_kind(text: str, start: int, end: int) -> bool:
    """A Chinese place that stops before 医院 and with it is a kind of hospital (三甲 of
    三甲医院), which the place's tail would otherwise take in."""
    after = _HOSPITAL_AFTER.match(text, end)
    return after is not None and not_a_named_place(text[start : after.end()])


_IPV4_PORT = re.compile(r"(\d+\.\d+\.\d+\.\d+):\d+")


def _ip_address(span: str) -> bool:
    try:
        ipaddress.ip_address(_IPV4_PORT.sub(r"\1", span))
    except ValueError:
        return False
    return True


def _numeric_date(value: str) -> bool:
    """Three parts, none over 31 but the year, one of them 12 or under, and a year of two or
    four digits (a dose schedule, "10/5/5", is no date)."""
    texts = re.split(r"[/.\-]", value)
    parts = [int(p) for p in texts]
    small = [p for p in parts if p <= 31]
    if len(parts) != 3 or len(small) < 2 or min(parts) > 12:
        return False
    year = texts[0] if parts[0] > 31 else texts[-1]
    return len(year) in (2, 4)
