"""The faster paths of redaction decide exactly as the definitions they replace."""

from __future__ import annotations

import random
import re
import unicodedata
from pathlib import Path

import pytest

from medrubric.redact import redact_ner
from medrubric.redact.pii_eval import load_snippets, score
from medrubric.redact.redact import redact_text
from medrubric.redact.redact_lexicon import _protected_spans, lexicon, unaccent
from medrubric.redact.redact_ner import jieba_words
from medrubric.redact.redact_rules import (
    _OVER_89_CUES,
    JUNCTION,
    SCRIPT_CHARS,
    cues_implied,
    first_characters,
    names_unspaced,
    rules,
    scripts_needed,
    spaced,
)
from medrubric.redact.redact_tagger import features, units

PII = Path(__file__).parents[1] / "data" / "pii"
_HAN = re.compile("[\u4e00-\u9fd5]+")


def test_scripts_needed_reads_what_every_match_contains():
    latin, cjk = (True, False), (False, True)
    assert scripts_needed(re.compile(r"\d+")) == (False, False)
    assert scripts_needed(re.compile(r"(?i:dr)\.?\s*\d")) == latin
    assert scripts_needed(re.compile(r"(?:患者|病人)\d")) == cjk
    assert scripts_needed(re.compile(r"(?<=叫)\d+|(?<=call )\d+")) == (False, False)
    assert scripts_needed(re.compile(r"(?<=叫)\d+")) == cjk  # a look-behind reads the text
    assert scripts_needed(re.compile(r"(?<!叫)\d+")) == (False, False)
    assert scripts_needed(re.compile(r"(?:Dr)?\d|[^a-z]\d|\w\d|[a-z0-9]")) == (False, False)
    assert scripts_needed(re.compile(r"(?:Dr|Mr)+\s*[王李]")) == (True, True)
    assert scripts_needed(re.compile(r"[a-c]{0,2}\d|(\d)\1")) == (False, False)


def test_script_classes_are_closed_under_ignore_case_and_lowercase():
    """A letter of (?i) pattern matches only characters of its own class, and a text has a
    character of a class exactly when its lowercase has (`admitted_rules` reads the latter)."""
    for chars in SCRIPT_CHARS:
        folded = re.compile(chars.pattern, re.I)
        for code in range(0x10000):
            ch = chr(code)
            inside = chars.match(ch) is not None
            assert (folded.match(ch) is not None) == inside, hex(code)
            assert (chars.search(ch.lower()) is not None) == inside, hex(code)


def test_viterbi_gives_jieba_posseg_route_and_probability(labelled_texts):
    pytest.importorskip("jieba")
    from jieba.posseg import char_state_tab_P, emit_P, start_P, trans_P
    from jieba.posseg.viterbi import viterbi as jieba_viterbi

    from medrubric.redact.redact_ner import viterbi

    blocks = [b for text in labelled_texts("zh") for b in _HAN.findall(text)]
    rng = random.Random(3)
    samples = rng.sample(blocks, 150)
    for block in rng.sample(blocks, 150):  # pieces, as the HMM sees new words
        start = rng.randrange(len(block))
        samples.append(block[start : start + rng.randint(2, 6)])
    for obs in samples:
        expected = jieba_viterbi(obs, char_state_tab_P, start_P, trans_P, emit_P)
        assert viterbi(obs) == expected, obs


def _unit_by_unit_features(text: str) -> list[list[str]]:
    """The tagger's features by their definition, one unit and one string at a time."""
    lex = lexicon()
    cjk = re.compile("[\u4e00-\u9fff]")
    zh: dict[int, tuple[str, str, str]] = {}
    offset, previous = 0, ""
    for word, flag in jieba_words(text) if cjk.search(text) else ():
        for k in range(len(word) if cjk.match(word) else 0):
            last = len(word) - 1
            pos = "S" if not last else "B" if k == 0 else "E" if k == last else "M"
            zh[offset + k] = (pos, flag, previous)
        previous = word if cjk.match(word) else ""
        offset += len(word)

    def shape(form: str) -> str:
        if cjk.match(form[0]):
            return "C"
        if form[0].isdigit():
            return f"d{min(len(form), 12)}"
        if form[0].isalpha():
            return (
                ("XX" if len(form) > 1 else "X")
                if form.isupper()
                else "Xx"
                if form[0].isupper()
                else "x"
            )
        return form

    seq = units(text)
    forms = [form.lower() for form, _, _ in seq]
    padded = ["<>", "<>", *forms, "<>", "<>"]
    out = []
    for i, (form, start, _) in enumerate(seq):
        f = [f"w={forms[i]}", f"s={shape(form)}"]
        if i == 0 or "\n" in text[seq[i - 1][2] : start]:
            f.append("line")
        if i == 0 or forms[i - 1] in set(".!?。！？；;:："):
            f.append("sent")
        if shape(form) == "C":
            f += [f"sur={form in lex.zh_surnames}", f"giv={form in lex.zh_given_chars}"]
            if start in zh:
                pos, flag, before = zh[start]
                f += [f"jp={pos}", f"jt={flag}", f"jp|jt={pos}|{flag}", f"jw-1={before}"]
        elif form[0].isalpha():
            plain = unaccent(form)
            rank = lex.given_rank.get(form, lex.given_rank.get(plain))
            if rank is not None:
                f.append("given" if rank <= 100 else "given_rare")
            elif form in lex.given_abroad or plain in lex.given_abroad:
                f.append("given_abroad")
            f += [
                name
                for name, words in (("family", lex.family_names), ("town", lex.en_towns))
                if form in words
            ]
            if len(form) > 3:
                f.append(f"suf={forms[i][-3:]}")
        f += [
            f"w-2={padded[i]}",
            f"w-1={padded[i + 1]}",
            f"w+1={padded[i + 3]}",
            f"w+2={padded[i + 4]}",
        ]
        if i:
            f.append(f"s-1={shape(seq[i - 1][0])}")
        if i + 1 < len(seq):
            f.append(f"s+1={shape(seq[i + 1][0])}")
        f += [f"w-1|w={padded[i + 1]}|{forms[i]}", f"w|w+1={forms[i]}|{padded[i + 3]}"]
        out.append(f)
    return out


def test_tagger_features_are_their_unit_by_unit_definition(labelled_texts):
    pytest.importorskip("jieba")
    texts = labelled_texts()
    rng = random.Random(5)
    samples = rng.sample(texts, 400) + ["", "\n\nA b\nC", "。\n李", "Ann, 张三 Ω 12"]
    for text in samples:
        assert features(text) == (units(text), _unit_by_unit_features(text)), text


def test_spacy_reads_the_sentences_where_a_kept_name_or_place_may_start():
    """A sentence is read, with three words each side, when it has a capitalised word that
    is no closed-class word, no day, month, drug, eponym or medical term, and not an unknown
    word opening it; runs of read sentences are one segment."""
    read = redact_ner.ner_segments
    assert read("my back hurts. it is bad") == []
    assert read("Headaches again. Lifestyle changes did nothing.") == []  # unknown openers
    assert read("Then on Monday I took Stelara for my Crohn's.") == []
    text = "the pain is worse at night. we saw Dr Okafor at St Mary's. it is fine now."
    [(start, end)] = read(text)
    assert text[start:end] == "worse at night. we saw Dr Okafor at St Mary's. it is fine"
    text = "one two three four five. Sarah is home. six seven eight nine ten eleven. so is Zoë."
    assert [text[a:b] for a, b in read(text)] == [
        "three four five. Sarah is home. six seven eight",
        "nine ten eleven. so is Zoë.",
    ]
    text = "one two. Sarah is home. six seven eight. so is Zoë."  # context overlaps: one run
    assert read(text) == [(0, len(text))]
    assert read("Leeds was awful.") == [(0, 16)]  # a known place opening a sentence
    assert read("My daughter Inês got her Dexcom.") == [(0, 32)]  # Inês, not "In"


def test_reading_only_those_sentences_loses_no_identifier_nor_clinical_detail(monkeypatch):
    """On the two newest English blind sets, spaCy over the segments catches every labelled
    identifier and keeps every clinical detail that spaCy over the whole text does."""
    snippets = [
        s for name in ("en_blind24", "en_blind25") for s in load_snippets(PII / f"{name}.jsonl")
    ]

    def redact(text: str) -> tuple[str, list[tuple[int, int]]]:
        redacted, findings = redact_text(text)
        return redacted, [(f.start, f.end) for f in findings]

    def scored() -> tuple[set[str], set[str]]:
        result = score(snippets, redact)
        return set(result.missed), set(result.lost)

    missed, lost = scored()
    monkeypatch.setattr(redact_ner, "ner_segments", lambda text: [(0, len(text))] if text else [])
    whole_missed, whole_lost = scored()
    assert missed <= whole_missed and lost <= whole_lost


def test_protected_spans_are_the_matches_of_the_one_alternation(labelled_texts):
    """Searched pattern by pattern, the allow-list's spans are those of the alternation of
    the patterns, leftmost first and not overlapping, the first pattern taken on a tie."""
    combined = re.compile("|".join(p.pattern for p in lexicon().protected))
    texts = [
        *labelled_texts(),
        "Abbott Pharma sent the Abbott pens",  # a term inside a maker's name: the term first
        "Zeta Therapeutics make Humira biosimilars",
        "吃了阿莫西林和Ozempic，还有Norwalk Pharma的药",
    ]
    for text in texts:
        expected = tuple(m.span() for m in combined.finditer(text))
        assert _protected_spans.__wrapped__(text) == expected, text


def test_a_text_without_an_age_from_90_to_125_gets_no_span_from_the_age_rules():
    """The age rules' cues are the ages they keep, so a text with none of them skips rules
    whose patterns would match a younger age only to reject it."""
    over_89 = [rule for rule in rules() if rule.cues == _OVER_89_CUES]
    assert len(over_89) >= 9
    frames = (
        "My mum, {}, fell.",
        "Dad (aged {}) is home",
        "my nan is {} now and sharp",
        "Gran ({}) and me",
        "happy {}th birthday to my nan",
        "Agnes turned {} on Monday",
        "my grandad, {}, has dementia",
    )
    found = set()
    for age in range(0, 200):
        for frame in frames:
            text = frame.format(age)
            spans = [span for rule in over_89 for span in rule.spans(text)]
            if any(cue in text.lower() for cue in _OVER_89_CUES):
                found.update(text[a:b] for a, b in spans)
            else:
                assert spans == [], text
    assert {str(age) for age in range(90, 126)} <= found


@pytest.mark.parametrize(
    ("pattern", "implied"),
    [
        (r"\b(?:at|to|in)\s+[A-Z]", ()),  # too short to skip any text
        (r"(?i:\b(?:kids|children))\s*,", ("children", "kids")),
        (r"\bNurse(?=\s)", ("nurse",)),
        (r"Dr\.? Smith", ("dr smith", "dr. smith")),
        (r"[Mm]um\b", ("mum",)),
        (r"(?=[^.]*passport)\d+", ("passport",)),  # a look-ahead reads the text
        (r"(?!passport)\w+", ()),  # a negative one does not
        (r"(?:ab){2}c", ("ababc",)),
        (r"(?:foo|ba)r|quux", ("bar", "foor", "quux")),
        (r"(?:foo|b)r\d", ()),  # "br" is too short
        (r"\d+ (?:years?|yrs) old", (" years old", " year old", " yrs old")),
        (r"[^a]bcd|x", ()),
    ],
)
def test_cues_implied_are_strings_every_match_contains(pattern, implied):
    assert cues_implied(re.compile(pattern)) == tuple(sorted(implied))


def test_a_word_opens_a_sentence_as_the_pattern_before_it_says():
    """`_opens_sentence`, read backwards from the word, decides as `(?:^|[.!?\\n])\\s*$`
    searched over the text before it."""
    opening = re.compile(r"(?:^|[.!?\n])\s*$")
    rng = random.Random(5)
    alphabet = "ab .!?\n\t\u00a0\x1cX"
    for _ in range(20000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        start = rng.randint(0, len(text))
        expected = opening.search(text, 0, start) is not None
        assert redact_ner._opens_sentence(text, start) == expected, (text, start)


@pytest.mark.parametrize(
    ("pattern", "starts", "others"),
    [
        (r"\b(?!The\b)[A-Z][a-z]+", "QZ", "aq 1("),
        (r"(?<![\w-])(?:Mc|O')?[A-Z]\w+", "MOZ", "cm'"),
        (r"\b(?i:dr|mr)\.?\s", "dDmM", "xa "),
        (r"(?<!\d)\(?\d{3}", "(07", "a) "),
        (r"(?:^|(?<=\s))(?:a|b)?c", "abc", "dA"),
    ],
)
def test_first_characters_are_those_a_match_can_start_with(pattern, starts, others):
    first = re.compile(first_characters(re.compile(pattern)))
    assert all(first.fullmatch(c) for c in starts)
    assert not any(first.fullmatch(c) for c in others)


@pytest.mark.parametrize(
    "pattern", [r"\b\w+", r"\b[^a]", r"\b.x", r"\b(?:a|)", r"\b(a)?\1?c", r"\b\s*x"]
)
def test_first_characters_are_none_where_any_may_start_or_the_match_may_be_empty(pattern):
    assert first_characters(re.compile(pattern)) is None


def test_the_words_before_an_entity_are_read_as_the_pattern_searched_from_the_start():
    """`_before` decides as the pattern searched over the whole text before the entity, for
    the sentence-start and the brand patterns, whose reach covers their longest phrase."""
    phrases = re._parser.parse(redact_ner._PRODUCT_BEFORE.pattern)[0]
    assert phrases[1][3].getwidth()[1] < redact_ner._PRODUCT_BEFORE_REACH
    rng = random.Random(11)
    pieces = [
        "a",
        "X",
        " ",
        "\n",
        ".",
        ":",
        "(",
        "“",
        "¿",
        "\t",
        "switched to",
        "over ",
        "from",
        "on",
        "weeks of",
        "made by",
        "started",
        "taking",
        "xon",
        "\u00a0",
    ]
    for _ in range(20000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 8)))
        start = rng.randint(0, len(text))
        for pattern, reach in (
            (redact_ner._SENTENCE_START, 1),
            (redact_ner._PRODUCT_BEFORE, redact_ner._PRODUCT_BEFORE_REACH),
        ):
            expected = pattern.search(text, 0, start) is not None
            assert redact_ner._before(pattern, text, start, reach) == expected, (text, start)


def test_unaccent_keeps_every_offset_and_only_folds_latin_letters():
    text = "Ionuț Bélanger, Łukasz, Nguyễn Văn Hùng, Øster; 中文 × ß ǅ"
    plain = unaccent(text)
    assert len(plain) == len(text)
    assert plain == "Ionut Belanger, Lukasz, Nguyen Van Hung, Oster; 中文 × ß ǅ"
    assert unaccent("plain ascii") == "plain ascii"
    # every letter folded is a letter whose decomposition starts with that ASCII letter
    for a, b in zip(text, plain, strict=True):
        if a != b:
            assert b.isascii() and b.isalpha()
            assert unicodedata.normalize("NFD", a)[0] == b or a in "łŁøØđĐ"


def test_the_spaced_reading_keeps_every_offset_and_parts_only_junctions():
    text = "住Flushing的Grace，@小明 14的餐馆 김민준씨 plain"
    reading = spaced(text)
    assert len(reading) == len(text)
    j = JUNCTION
    assert reading == f"{j}Flushing{j}Grace，@小明 14{j}餐馆 김민준씨 plain"
    assert not re.match(r"\w|\s", JUNCTION)
    assert spaced("plain ascii") == "plain ascii"
    # `\b` now holds where a Latin word or a number meets Chinese
    assert re.search(r"\bFlushing\b", reading) and not re.search(r"\bFlushing\b", text)


def test_a_rule_that_names_the_unspaced_scripts_reads_the_text_itself():
    assert not names_unspaced(re.compile(r"\bDr\.? [A-Z]\w+"))
    assert not names_unspaced(re.compile(r"@\w+|[^\s,]+"))
    assert names_unspaced(re.compile(r"(?<=在)\d+"))
    assert names_unspaced(re.compile(r"\d+(?![号號])"))
    assert names_unspaced(re.compile(r"[^\s\u4e00-\u9fff]+"))
    assert names_unspaced(re.compile(r"(?:Blk|座)\s?\d+"))
    assert names_unspaced(re.compile(r"(?i:さん)"))
    spaced_rules = [rule for rule in rules() if rule.spaced]
    assert 0 < len(spaced_rules) < len(rules())
