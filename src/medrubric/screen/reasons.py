"""Rejection reason codes shared by the filter, the safety screen and their reports."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

REASONS: dict[str, str] = {
    "has_media": "the thread contains images, video or audio (text only)",
    "no_date": "no publication date, so freshness cannot be checked",
    "too_old": "published before the cut-off date",
    "no_physician_reply": "no reply by a (verified) physician",
    "non_alnum": "half or more of the characters are not letters or digits",
    "no_keyword": "no ICD, ICF or ICHI keyword",
    "language": "not English or Chinese",
    "hate_speech": "hate speech (curated lexicon)",
    "discriminatory": "discriminatory language (curated lexicon)",
    "reidentification_risk": "identifiers left after redaction that it cannot remove",
    "duplicate": "same normalised text as the kept thread of its duplicate group",
    "near_duplicate": "in a group of MinHash near-duplicates whose smallest key is kept",
}


class Rejection(BaseModel):
    """Why a thread was dropped: one reason code from `REASONS` and a human-readable detail."""

    model_config = ConfigDict(extra="forbid")

    thread_key: str
    reason: str
    detail: str = ""
