"""Text normalisation shared by keyword matching, the filter and de-duplication.

One definition keeps the three consistent: a keyword that matches in the filter also matches
in the index, and two threads that differ only in case, width or punctuation hash alike.
ASCII text (most English threads) takes a byte-table path built from the same regexes, so it
gives the same result character for character at a fraction of the cost; the filter calls
these once per thread.
"""

from __future__ import annotations

import re
import unicodedata

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_NOT_WORD_RUN = re.compile(r"[\W_]+")
_SPACE = re.compile(r"\s")
_NOT_ALNUM = re.compile(r"[^\w\s]|_")


def _ascii_bytes(pattern: re.Pattern[str]) -> bytes:
    """Every ASCII byte whose character `pattern` matches."""
    return bytes(b for b in range(128) if pattern.fullmatch(chr(b)))


# NFKC leaves ASCII unchanged; lower-case letters, every non-word character or "_" to a space
_ASCII_NORMAL = bytes(
    ord(" ") if _NOT_WORD_RUN.fullmatch(chr(b)) else ord(chr(b).lower()) for b in range(128)
) + bytes(128)
_ASCII_SPACE = _ascii_bytes(_SPACE)
_ASCII_ALNUM_OR_SPACE = bytes(sorted(set(range(128)) - set(_ascii_bytes(_NOT_ALNUM))))


def normalise(text: str) -> str:
    """NFKC, lowercase, every run of punctuation/whitespace to one space, trimmed."""
    if text.isascii():
        return b" ".join(text.encode().translate(_ASCII_NORMAL).split()).decode()
    return _NOT_WORD_RUN.sub(" ", unicodedata.normalize("NFKC", text).lower()).strip()


def has_cjk(text: str) -> bool:
    return not text.isascii() and _CJK.search(text) is not None


def non_alnum_ratio(text: str) -> float:
    """Share of non-space characters that are not letters or digits (CJK counts as letters;
    letters and digits are Unicode word characters other than "_")."""
    if text.isascii():
        raw = text.encode()
        visible = len(raw.translate(None, _ASCII_SPACE))
        not_alnum = len(raw.translate(None, _ASCII_ALNUM_OR_SPACE))
    else:
        visible = len(text) - _SPACE.subn("", text)[1]
        not_alnum = _NOT_ALNUM.subn("", text)[1]
    return not_alnum / visible if visible else 1.0
