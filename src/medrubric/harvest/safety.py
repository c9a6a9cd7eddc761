"""Safety screen: drop threads with hate speech, discriminatory language or a high risk of
re-identification (LiveMedBench §3.1).

Re-identification risk is judged from the identifiers the redaction rules find, before they
are replaced: redaction is imperfect, and a thread that is dense in identifiers, or combines
identifiers that single a person out, is unsafe to publish even redacted. A thread is risky
when it has
- at least `MAX_IDENTIFIERS` identifier mentions in total, or
- at least `MAX_KINDS` different identifier kinds, or
- one of the `RISKY_PAIRS`: an ID number or a date of birth together with a name, or a
  date of birth together with a location.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from medrubric.data.models import Thread
from medrubric.harvest.keywords import TermMatcher, read_data_lines
from medrubric.harvest.reasons import Rejection
from medrubric.harvest.redact import thread_findings
from medrubric.harvest.text import normalise

MAX_IDENTIFIERS = 5
MAX_KINDS = 3
RISKY_PAIRS = (("ID", "NAME"), ("DOB", "NAME"), ("DOB", "LOCATION"))
LEXICON_REASONS = {"hate": "hate_speech", "discriminatory": "discriminatory"}


@lru_cache(maxsize=1)
def lexicon_matcher() -> TermMatcher:
    terms: dict[str, str] = {}
    for line in read_data_lines("safety_lexicon.tsv"):
        category, _language, term = line.split("\t")
        terms[normalise(term)] = LEXICON_REASONS[category]
    return TermMatcher(terms)


def reidentification_risk(counts: Counter[str]) -> str | None:
    """Why the identifier counts are risky, or None."""
    total = sum(counts.values())
    if total >= MAX_IDENTIFIERS:
        return f"{total} identifiers"
    if len(counts) >= MAX_KINDS:
        return "identifier kinds: " + "+".join(sorted(counts))
    for a, b in RISKY_PAIRS:
        if counts[a] and counts[b]:
            return f"{a}+{b}"
    return None


def screen_thread(thread: Thread, *, normalised_text: str | None = None) -> Rejection | None:
    """The safety rejection for a thread, or None when it may be kept (`normalised_text`:
    the thread's text already passed through `text.normalise`, to save redoing it)."""
    norm = normalised_text if normalised_text is not None else normalise(thread.text())
    hit = lexicon_matcher().first(norm, normalised=True)
    if hit is not None:
        term, reason = hit
        return Rejection(thread_key=thread.key, reason=reason, detail=f"term {term!r}")
    risk = reidentification_risk(Counter(f.kind for f in thread_findings(thread)))
    if risk is not None:
        return Rejection(thread_key=thread.key, reason="reidentification_risk", detail=risk)
    return None
