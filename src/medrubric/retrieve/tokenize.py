"""One tokenizer for English and Chinese text, shared by indexing and querying.

Latin words are lowercased, stopword-filtered and reduced by a plural-only (S) stemmer, which
never merges unrelated medical terms. Chinese has no spaces, so each CJK run yields its
characters and overlapping character bigrams: bigrams carry precision, unigrams recall.
"""

from __future__ import annotations

import re
import unicodedata

from medrubric.retrieve.stopwords import STOPWORDS_EN, STOPWORDS_ZH

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_RUNS = re.compile(rf"(?P<cjk>[{_CJK}]+)|(?P<word>[^\W_{_CJK}]+)")


def stem(word: str) -> str:
    """Harman's S-stemmer: 'ies'->'y', 'es'->'e', 's'-> '' with the usual exceptions."""
    if len(word) <= 3 or not word.endswith("s") or word.endswith(("ss", "us", "is")):
        return word
    if word.endswith("ies") and not word.endswith(("eies", "aies")):
        return word[:-3] + "y"
    if word.endswith("es") and not word.endswith(("aes", "ees", "oes")):
        return word[:-1]
    return word[:-1]


def _cjk_tokens(run: str) -> list[str]:
    unigrams = [c for c in run if c not in STOPWORDS_ZH]
    bigrams = [run[i : i + 2] for i in range(len(run) - 1)]
    return unigrams + [b for b in bigrams if b not in STOPWORDS_ZH]


def tokenize(text: str) -> list[str]:
    """Index terms of `text`, in order of appearance within each script."""
    tokens: list[str] = []
    for match in _RUNS.finditer(unicodedata.normalize("NFKC", text).lower()):
        if match["cjk"]:
            tokens.extend(_cjk_tokens(match["cjk"]))
        else:
            word = match["word"]
            if word not in STOPWORDS_EN and (len(word) > 1 or word.isdigit()):
                tokens.append(stem(word))
    return tokens
