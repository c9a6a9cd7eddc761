"""Text normalisation shared by keyword matching, the filter and de-duplication.

One definition keeps the three consistent: a keyword that matches in the filter also matches
in the index, and two threads that differ only in case, width or punctuation hash alike.
"""

from __future__ import annotations

import re
import unicodedata

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_NOT_WORD_RUN = re.compile(r"[\W_]+")
_SPACE = re.compile(r"\s")
_NOT_ALNUM = re.compile(r"[^\w\s]|_")


def normalise(text: str) -> str:
    """NFKC, lowercase, every run of punctuation/whitespace to one space, trimmed."""
    return _NOT_WORD_RUN.sub(" ", unicodedata.normalize("NFKC", text).lower()).strip()


def has_cjk(text: str) -> bool:
    return _CJK.search(text) is not None


def non_alnum_ratio(text: str) -> float:
    """Share of non-space characters that are not letters or digits (CJK counts as letters;
    letters and digits are Unicode word characters other than "_")."""
    visible = len(text) - len(_SPACE.findall(text))
    if not visible:
        return 1.0
    return len(_NOT_ALNUM.findall(text)) / visible
