"""Language identification for the filter: lingua, restricted to a fixed candidate set.

Restricting lingua to languages that actually reach medical Q&A sites keeps it fast and
avoids absurd guesses on short posts, while still letting it say "this is Spanish" instead
of forcing every text into en/zh. Text that is mostly Han characters without kana or hangul
is Chinese by its script alone, which skips the model for most Chinese threads.
Lingua's low-accuracy mode (trigram models only) is used:
a whole thread (title and every message) is almost always longer than the ~120 characters
from which it is as accurate as the full mode, and it loads in under a second instead of ~10.
"""

from __future__ import annotations

import re
from functools import lru_cache

from lingua import Language, LanguageDetector, LanguageDetectorBuilder

CANDIDATES = (
    Language.ENGLISH,
    Language.CHINESE,
    Language.JAPANESE,
    Language.KOREAN,
    Language.SPANISH,
    Language.FRENCH,
    Language.GERMAN,
    Language.PORTUGUESE,
    Language.ITALIAN,
    Language.RUSSIAN,
    Language.ARABIC,
    Language.HINDI,
    Language.INDONESIAN,
    Language.VIETNAMESE,
)
SAMPLE_CHARS = 2000
MIN_HAN = 10
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
_KANA_HANGUL = re.compile(r"[\u3040-\u30ff\uac00-\ud7af\u1100-\u11ff]")
_LATIN = re.compile(r"[A-Za-z]")


@lru_cache(maxsize=1)
def detector() -> LanguageDetector:
    return LanguageDetectorBuilder.from_languages(*CANDIDATES).with_low_accuracy_mode().build()


def identify(text: str) -> str | None:
    """ISO 639-1 code of the text's language among the candidates, None if undecidable."""
    found = detector().detect_language_of(text[:SAMPLE_CHARS])
    return found.iso_code_639_1.name.lower() if found is not None else None


def script_language(text: str) -> str | None:
    """'zh' for text written mostly in Han characters with no kana or hangul (which would make
    it Japanese or Korean); None when the script alone does not decide."""
    sample = text[:SAMPLE_CHARS]
    han = len(_HAN.findall(sample))
    if han < MIN_HAN or _KANA_HANGUL.search(sample):
        return None
    return "zh" if han * 2 >= len(_LATIN.findall(sample)) else None


def identify_batch(texts: list[str]) -> list[str | None]:
    """`identify` for many texts at once: Chinese decided by script, the rest by lingua's
    thread pool."""
    found: list[str | None] = [script_language(t) for t in texts]
    undecided = [i for i, lang in enumerate(found) if lang is None]
    if undecided:
        detected = detector().detect_languages_in_parallel_of(
            [texts[i][:SAMPLE_CHARS] for i in undecided]
        )
        for i, language in zip(undecided, detected, strict=True):
            found[i] = language.iso_code_639_1.name.lower() if language is not None else None
    return found
