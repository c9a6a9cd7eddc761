"""Safety screen: drop threads with hate speech, discriminatory language or a high risk of
re-identification (LiveMedBench §3.1).

Hate speech and discriminatory language are matched on the raw text by the filter.
Re-identification risk is judged on what remains *after* redaction: a thread whose
identifiers were all replaced by markers is kept, however many there were; a thread in which
identifiers remain that the redactor leaves alone is rejected. Those are the ones it cannot
remove without guessing: links to personal social-media profiles and @handles, long digit
runs and letter+digit codes with no cue saying what they are (an account, a case or a
licence number) and Chinese licence plates.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from medrubric.data.models import Thread
from medrubric.screen.keywords import TermMatcher, read_data_lines
from medrubric.screen.reasons import Rejection
from medrubric.screen.text import normalise

LEXICON_REASONS = {"hate": "hate_speech", "discriminatory": "discriminatory"}
_PROFILE_SITES = (
    r"(?:facebook|fb|instagram|twitter|x|tiktok|linkedin|weibo|douyin|xiaohongshu|youtube"
    r"|reddit|snapchat)\.(?:com|cn)|threads\.net|t\.me"
)


@lru_cache(maxsize=1)
def lexicon_matcher() -> TermMatcher:
    terms: dict[str, str] = {}
    for line in read_data_lines("safety_lexicon.tsv"):
        category, _language, term = line.split("\t")
        terms[normalise(term)] = LEXICON_REASONS[category]
    return TermMatcher(terms)


def screen_thread(thread: Thread, *, normalised_text: str | None = None) -> Rejection | None:
    """The hate-speech or discrimination rejection for a thread, or None (`normalised_text`:
    the thread's text already passed through `text.normalise`, to save redoing it)."""
    norm = normalised_text if normalised_text is not None else normalise(thread.text())
    found = screen_text(norm)
    if found is None:
        return None
    return Rejection(thread_key=thread.key, reason=found[0], detail=found[1])


def screen_text(norm: str) -> tuple[str, str] | None:
    """(reason, detail) of the hate-speech or discrimination rule for a normalised text."""
    hit = lexicon_matcher().first(norm, normalised=True)
    if hit is None:
        return None
    term, reason = hit
    return reason, f"term {term!r}"


@lru_cache(maxsize=1)
def residual_patterns() -> dict[str, re.Pattern[str]]:
    """Identifier shapes the redactor leaves in place, by the label used in the detail."""
    return {
        "profile link": re.compile(
            rf"(?i)\b(?:https?://)?(?:www\.|m\.)?(?:{_PROFILE_SITES})/[@\w][\w.@/-]*"
        ),
        "@handle": re.compile(r"(?<![\w@.])@[A-Za-z_][\w.]{2,29}\b"),
        "unlabelled number": re.compile(r"(?<![\d.,])\d{9,}(?![\d.,])"),
        "unlabelled code": re.compile(r"\b[A-Z]{1,3}\d{6,}\b"),
        "licence plate": re.compile(
            r"[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-Z][·\s]?[A-Z\d]{5,6}(?![A-Za-z\d])"
        ),
    }


def residual_identifiers(text: str) -> Counter[str]:
    """How many identifiers of each residual shape are left in a redacted text."""
    return Counter(
        {label: n for label, p in residual_patterns().items() if (n := len(p.findall(text)))}
    )


def reidentification_risk(redacted: Thread) -> str | None:
    """Why a redacted thread still risks re-identifying someone (no identifier text), or None."""
    left: Counter[str] = Counter()
    for text in (redacted.title, *(m.text for m in redacted.messages)):
        left.update(residual_identifiers(text))
    if not left:
        return None
    return "left after redaction: " + ", ".join(f"{k} x{n}" for k, n in sorted(left.items()))
