"""Cheap en/zh detection for records that omit their language.

The data model only has to tell the two supported languages apart, so the share of CJK
ideographs decides; the harvest filter uses a full detector (lingua) to reject other languages.
"""

import re

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN = re.compile(r"[A-Za-z]")


def detect_language(text: str) -> str:
    """'zh' when CJK ideographs outnumber a fifth of the Latin letters, else 'en'."""
    cjk = len(_CJK.findall(text))
    latin = len(_LATIN.findall(text))
    return "zh" if cjk and cjk * 5 >= latin else "en"
