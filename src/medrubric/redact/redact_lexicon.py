"""The word lists redaction relies on, loaded once from `data/`: place gazetteers (the
hand-made `gazetteer.tsv` and the GeoNames extract `places_geonames.tsv`), EN given and
family names, everyday English words by frequency, Chinese surnames and given-name
characters, and the words never to redact (disease eponyms; countries and regions;
capitalised words and drug names that NER mistakes for names)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from medrubric.screen.keywords import keyword_matcher, read_data_lines
from medrubric.screen.text import normalise

# A finding followed by one of these names a disease, sign, test or scale, not a person or place.
_EN_DISEASE_HEAD = re.compile(
    r"(?:(?:['’]s|s['’]|['’])?[ \t]*(?:disease|syndrome|palsy|phenomenon|lymphoma|sarcoma"
    r"|thyroiditis|encephalopathy|dementia|chorea|neuralgia|disorder|anomaly|contracture|o?esophagus|cyst"
    r"|ulcer|tumou?r|virus|fever|flu|hernia|arthritis|triad|wort|tendon|duct|gland|pouch|reflex"
    r"|manoeuvre|maneuver|criteria|classification|coma)"
    # Weaker heads count only right after the name: "Apgar score", not "Mary's test results".
    # (on the name's line: a heading on the next, "Procedure:", names no procedure after it)
    r"|[ \t]+(?:test|score|scale|sign|procedure|operation|fracture|tube|cells?|stage|staging|grade"
    r"|grading|chart|stool|classification|index|questionnaire|inventory|murmur|pupil|nodule"
    r"|catheter|line|splint|formula|manoeuvre|maneuver|position|repair|shunt|harness))\b",
    re.IGNORECASE,
)
_ZH_DISEASE_HEAD = re.compile(
    r"氏|病|症|综合征|甲状腺炎|淋巴瘤|贫血|热|卵巢|囊肿|瘤|评分|量表|分期|分级|手术|征"
    # A finding cut inside a transliterated eponym: 巴金 | 森氏症, 阿尔茨 | 海默氏病.
    r"|[^\W\dA-Za-z是都的了和与也还患得有为就在说叫]{1,3}[氏式](?:症|病|综合[征症]|征)"
)
# A brand or company that is also a person's name or a place (Yasmin, Norco, Lilly, Abbott) is
# a medicine or its maker only next to one of these words.
_MEDICATION_CONTEXT = re.compile(
    r"(?i:\d\s*(?:mg|mcg|µg|ug|ml|iu|units?)\b|\b(?:pills?|tablets?|capsules?|doses?|taking|took"
    r"|takes|prescribed|started|stopped|switched|on|off|contraceptives?|brand|generic|dose|mg"
    r"|reps?|recall(?:ed)?|replac\w*|pens?|sensors?|serial|insulin|pumps?|policy|claims?|insurers?"
    r"|manufacturer|maker|pharma\w*|made by|manufactured by|nebuli[sz]ed|inhaled|infusions?)\b)"
    r"|吃|服用|片|粒|药|开了|处方"
)
# A drug or device maker by the word after its name (Mercia Pharma, Zeta Therapeutics), kept
# like a listed company.
_MAKER = (
    r"\b[A-Z][A-Za-z]+(?:\s[A-Z][A-Za-z]+)?\s(?:Pharma|Pharmaceuticals?|Therapeutics|Biotech"
    r"|Biosciences|Diagnostics|Lifesciences|Life Sciences|Healthcare Ltd|Medical Devices)\b"
)
# Quotes and brackets around a finding ('Norwalk) are not part of the word.
_EDGE = "\"'“”‘’()[]（）「」《》*"


@dataclass(frozen=True)
class Lexicon:
    en_places: tuple[str, ...]
    us_states: tuple[str, ...]
    zh_places: tuple[str, ...]
    given_names: frozenset[str]
    family_names: frozenset[str]
    zh_surnames: tuple[str, ...]
    zh_surnames_ambiguous: tuple[str, ...]
    zh_surnames_rare: tuple[str, ...]
    zh_given_chars: str
    eponyms: tuple[str, ...]
    kept_places: frozenset[str]
    provinces: frozenset[str]
    common_words: frozenset[str]
    drug_stems: tuple[str, ...]
    drug_brands: frozenset[str]
    ambiguous_brands: frozenset[str]
    given_rank: dict[str, int]
    # Given names only countries outside `given_rank`'s give (`names_given_abroad.txt`).
    given_abroad: frozenset[str]
    not_names: frozenset[str]
    everyday_given: frozenset[str]
    protected: tuple[re.Pattern[str], ...]
    zh_minority_parts: tuple[str, ...]
    jp_surnames: tuple[str, ...]
    en_towns: frozenset[str]
    en_town_words: frozenset[str]
    zh_towns: tuple[str, ...]
    zh_foreign_cities: tuple[str, ...]
    zh_regional_places: tuple[str, ...]
    en_common_words: frozenset[str]
    # Month and weekday names of every language in Latin letters (`redact_calendar`): name ->
    # the languages that write it.
    months: dict[str, tuple[str, ...]]
    weekdays: dict[str, tuple[str, ...]]

    def is_eponym(self, text: str) -> bool:
        return _bare(text).removesuffix("'s").removesuffix("’s") in self.eponyms

    def is_common_word(self, text: str) -> bool:
        return _bare(text) in self.common_words

    def is_drug_name(self, text: str) -> bool:
        """A brand of the allow-list, or a word ending in a drug stem (-pril, 霉素) with, in
        Latin letters, three letters or more before it (lisinopril; April is no drug)."""
        word = _bare(text).lower()
        if word in self.drug_brands and word not in self.ambiguous_brands:
            return True
        return word.endswith(self.drug_stems) and (
            not word.isascii()
            or any(word.endswith(s) and len(word) - len(s) >= 3 for s in self.drug_stems)
        )

    def is_given(self, word: str, max_rank: int = 10**6) -> bool:
        """`word` is a given name of frequency rank <= `max_rank` (hand-listed names: rank 0)."""
        return self.given_rank.get(word, max_rank + 1) <= max_rank

    def is_protected(self, text: str, start: int, end: int) -> bool:
        """A drug name or clinical term of the allow-list overlaps `text[start:end]`
        (黄连素 protects 黄连, "Lyme disease" protects Lyme)."""
        return any(
            s < end
            and start < e
            and (
                text[s:e].lower() not in self.ambiguous_brands
                or _MEDICATION_CONTEXT.search(text, max(0, s - 30), min(len(text), e + 30))
            )
            for s, e in _protected_spans(text)
        )

    def first_protected_after(
        self, text: str, start: int, end: int, min_length: int = 1
    ) -> int | None:
        """Where the first term of the allow-list of `min_length` characters or more that
        starts inside `text[start:end]`, after its first character, starts; None when none
        does."""
        return min(
            (s for s, e in _protected_spans(text) if start < s < end and e - s >= min_length),
            default=None,
        )

    def protected_tail(self, text: str, start: int, end: int) -> int | None:
        """Where a term of the allow-list that starts inside `text[start:end]`, after its
        first character, and runs to its end or past it starts; None when none does."""
        return min((s for s, e in _protected_spans(text) if start < s < end <= e), default=None)

    def within_protected(self, text: str, start: int, end: int) -> bool:
        """`text[start:end]` lies inside one term of the allow-list (Melanoma Clinic)."""
        return any(s <= start and end <= e for s, e in _protected_spans(text))

    def starts_in_protected(self, text: str, start: int) -> bool:
        """`start` falls inside a term of the allow-list: a finding from there cuts the term
        (酮|症酸中毒进医院), whatever it runs on to."""
        return any(s < start < e for s, e in _protected_spans(text))

    def is_zh_place(self, word: str) -> bool:
        """A place jieba tags is trusted when it is in the gazetteer or ends with an
        administrative suffix (南山区, 绵阳市); its dictionary also tags 东西, 中度, 太极 ns."""
        if word.startswith(self.zh_places):
            return True
        return len(word) >= 3 and word[-1] in "省市县区镇乡村旗盟州"

    def is_kept_place(self, text: str) -> bool:
        return text.strip().removeprefix("the ") in self.kept_places


def _bare(text: str) -> str:
    return text.strip().strip(_EDGE).strip()


@lru_cache(maxsize=64)
def _protected_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Where the allow-list's terms occur in `text` (found once per text; keyed by the text
    alone: hashing a compiled pattern hashes its whole program): the matches, leftmost first
    and not overlapping, of the alternation of `Lexicon.protected`'s patterns (English terms,
    Chinese terms, makers), in that order where two start at one place. Each pattern searches
    on its own, again only when a match taken ends past the one it found: three times faster
    than the one alternation, which tries all three at every position."""
    patterns = lexicon().protected
    found: list[tuple[int, int]] = []
    ahead = [pattern.search(text) for pattern in patterns]
    while live := [match for match in ahead if match is not None]:
        first = min(live, key=lambda match: match.start())  # the first pattern on a tie
        found.append(first.span())
        end = first.end()
        ahead = [
            match if match is None or match.start() >= end else pattern.search(text, end)
            for pattern, match in zip(patterns, ahead, strict=True)
        ]
    return tuple(found)


def names_before_disease_word(text: str, end: int) -> bool:
    """True when `text[end:]` starts with a disease word: the finding is an eponym.
    A common given name with a possessive is a person's illness ("Emma's fever"), not an
    eponym ("Baker's cyst")."""
    tail = text[end : end + 40]
    if _ZH_DISEASE_HEAD.match(tail):
        return True
    head = _EN_DISEASE_HEAD.match(tail)
    if head is None:
        return False
    name = text[:end].split()[-1] if text[:end].split() else ""
    return not (head.group().startswith(("'", "’", "s'", "s’")) and name in lexicon().given_names)


def is_medical_term(span: str) -> bool:
    """True when the whole span is an ICD, ICF or ICHI keyword ("Biopsy", "Asthma", 湿疹)."""
    norm = normalise(span)
    return any(term == norm for term, _ in keyword_matcher().find(norm, normalised=True))


def trie(names: frozenset[str] | tuple[str, ...]) -> str:
    """One regex alternation of `names` as a prefix tree, longest match first: a list of
    thousands of places costs a few branch tests per position instead of one per name."""
    tree: dict[str, dict] = {}
    for name in names:
        node = tree
        for ch in name:
            node = node.setdefault(ch, {})
        node[""] = {}

    def pattern(node: dict[str, dict]) -> str:
        branches = [re.escape(ch) + pattern(child) for ch, child in sorted(node.items()) if ch]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return pattern(tree)


def word_lines(name: str) -> Iterator[str]:
    """Non-blank, non-comment lines of one of redact's word lists (`redact/data/NAME`)."""
    return read_data_lines(name, package="medrubric.redact")


def _tokens(name: str) -> list[str]:
    return [token for line in word_lines(name) for token in line.split()]


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    places = [line.split("\t") for line in word_lines("gazetteer.tsv")]
    towns = [line.split("\t") for line in word_lines("places_geonames.tsv")]
    never = [line.split("\t") for line in word_lines("not_identifiers.tsv")]
    calendar = [line.split("\t") for line in word_lines("calendar_names.tsv")]
    surnames = _tokens("surnames_zh.txt")
    family = frozenset(_tokens("names_en_family.txt"))
    given_rank = {name: 0 for name in _tokens("names_en_given.txt")}
    given_rank.update({name: 0 for name in _tokens("names_given_extra.txt")})
    for line in word_lines("names_given_freq.tsv"):
        name, rank = line.split("\t")
        given_rank.setdefault(name, int(rank))
    brands = {term.lower() for kind, _, term in never if kind in ("drug", "company")}
    towns_en = {name.lower() for lang, name, kind in towns if lang == "en" and kind == "place"}
    kept = {term for kind, _, term in never if kind in ("drug", "term", "company")}
    # A straight apostrophe in a term also matches a curly one (Hartmann’s procedure).
    en_terms = trie(
        tuple({v.lower() for t in kept if t.isascii() for v in (t, t.replace("'", "’"))})
    )
    zh_terms = trie(tuple(t for t in kept if not t.isascii()))
    return Lexicon(
        en_places=tuple(name for lang, name in places if lang == "en"),
        us_states=tuple(word_lines("us_states.txt")),
        zh_places=tuple(name for lang, name in places if lang == "zh"),
        given_names=frozenset(_tokens("names_en_given.txt")),
        family_names=family,
        zh_surnames=tuple(surnames),
        zh_surnames_ambiguous=tuple(_tokens("surnames_zh_ambiguous.txt")),
        zh_surnames_rare=tuple(_tokens("surnames_zh_rare.txt")),
        zh_given_chars="".join(sorted(set("".join(_tokens("given_chars_zh.txt"))))),
        eponyms=tuple(term for kind, _, term in never if kind == "eponym"),
        kept_places=frozenset(term for kind, _, term in never if kind == "place")
        | {name for _, name, kind in towns if kind == "country"},
        provinces=frozenset(_tokens("provinces_zh.txt")),
        common_words=frozenset(term for kind, _, term in never if kind == "word"),
        drug_stems=tuple(term for kind, _, term in never if kind == "stem"),
        drug_brands=frozenset(brands),
        ambiguous_brands=frozenset(
            b
            for b in brands
            if b.isascii()
            and (b.capitalize() in given_rank or b in towns_en or b.capitalize() in family)
        ),
        given_rank=given_rank,
        given_abroad=frozenset(_tokens("names_given_abroad.txt")),
        not_names=frozenset(_tokens("not_names_en.txt")),
        everyday_given=frozenset(_tokens("names_en_everyday.txt")),
        protected=(
            # Bounded by no Latin letter or digit rather than by a word boundary: a term
            # written into Chinese text (他有G6PD缺乏) has a word character on either side.
            re.compile(rf"(?i:(?<![A-Za-z0-9])(?:{en_terms})(?![A-Za-z0-9]))"),
            re.compile(zh_terms),
            re.compile(_MAKER),
        ),
        zh_minority_parts=tuple(_tokens("names_zh_minority.txt")),
        jp_surnames=tuple(_tokens("surnames_jp.txt")),
        en_towns=frozenset(name for lang, name, kind in towns if lang == "en" and kind == "place"),
        en_town_words=frozenset(name for lang, name, kind in towns if kind == "word"),
        zh_towns=tuple(name for lang, name, _ in towns if lang == "zh"),
        zh_foreign_cities=tuple(
            dict.fromkeys(_tokens("places_foreign_zh.txt") + _tokens("places_world_zh.txt"))
        ),
        zh_regional_places=tuple(_tokens("places_hk_mo_tw_zh.txt")),
        en_common_words=frozenset(_tokens("words_en_common.txt")),
        months={n: tuple(langs.split(",")) for n, kind, langs in calendar if kind == "month"},
        weekdays={n: tuple(langs.split(",")) for n, kind, langs in calendar if kind == "weekday"},
    )


# Latin letters with a diacritic (Latin-1 to Latin Extended-B, Latin Extended Additional).
_ACCENTED = re.compile(r"[\u00c0-\u024f\u1e00-\u1eff]")


@lru_cache(maxsize=1)
def _base_letters() -> dict[int, str]:
    """Each accented Latin letter whose canonical decomposition is an ASCII letter and marks
    (é, ț, ñ, ễ), and the few letters with a stroke, which have none (ł, ø, đ), mapped to
    that letter."""
    table = {ord(a): b for a, b in zip("łŁøØđĐ", "lLoOdD", strict=True)}
    for code in (*range(0xC0, 0x250), *range(0x1E00, 0x1F00)):
        parts = unicodedata.normalize("NFD", chr(code))
        if (
            len(parts) > 1
            and parts[0].isascii()
            and parts[0].isalpha()
            and all(unicodedata.combining(mark) for mark in parts[1:])
        ):
            table[code] = parts[0]
    return table


def unaccent(text: str) -> str:
    """`text` with each accented Latin letter as its base letter, one code point for one
    (Bélanger → Belanger), so that offsets into one are offsets into the other."""
    return text.translate(_base_letters()) if _ACCENTED.search(text) else text
