"""Date parsing for harvested pages: ISO, per-site strptime formats (Chinese included, e.g.
`2024年3月5日`) and relative dates ("3天前", "2 days ago") resolved against the fetch time."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence

# Finds the date-like part of a label: "Posted on: 05/Mar/2024", "发表于 2024年3月5日 10:21".
_DATE_SPAN = re.compile(
    r"\d{4}\s*年\s*\d{1,2}\s*月\s*\d{1,2}\s*[日号](?:\s*\d{1,2}:\d{2}(?::\d{2})?)?"
    r"|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}"
    r"(?:[ T]\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?)?"
    r"|\d{1,2}[/ -][A-Za-z]{3,9}[/ -]\d{4}"
    r"|[A-Za-z]{3,9}\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}"
    r"|\d{1,2}[/.]\d{1,2}[/.]\d{4}"
)
_RELATIVE = re.compile(
    r"(\d+)\s*(?:(分钟|小时|天|周|个月|月|年)前|(minute|hour|day|week|month|year)s?\s+ago)", re.I
)
_UNIT_DAYS = {
    "分钟": 1 / 1440, "minute": 1 / 1440,
    "小时": 1 / 24, "hour": 1 / 24,
    "天": 1, "day": 1,
    "周": 7, "week": 7,
    "个月": 30, "月": 30, "month": 30,
    "年": 365, "year": 365,
}  # fmt: skip
_NAMED_DAYS = {
    "今天": 0,
    "today": 0,
    "刚刚": 0,
    "just now": 0,
    "昨天": 1,
    "yesterday": 1,
    "前天": 2,
}


def parse_date(
    text: str, formats: Sequence[str] = (), *, now: dt.datetime | None = None
) -> dt.datetime | None:
    """The first date found in `text` (naive datetimes are taken as UTC), else None."""
    text = text.strip()
    if not text:
        return None
    now = now or dt.datetime.now(dt.UTC)
    relative = _relative(text, now)
    if relative is not None:
        return relative
    for candidate in _candidates(text):
        parsed = _parse_one(candidate, formats)
        if parsed is not None:
            return parsed if parsed.tzinfo else parsed.replace(tzinfo=dt.UTC)
    return None


def _candidates(text: str) -> list[str]:
    spans = [m.group(0) for m in _DATE_SPAN.finditer(text)]
    return [text, *spans]


def _parse_one(candidate: str, formats: Sequence[str]) -> dt.datetime | None:
    compact = re.sub(r"\s*([年月])\s*|\s+(?=[日号])", lambda m: m.group(1) or "", candidate)
    try:
        return dt.datetime.fromisoformat(compact.replace("Z", "+00:00"))
    except ValueError:
        pass
    for fmt in formats:
        for value in (candidate, compact):
            try:
                return dt.datetime.strptime(value, fmt)
            except ValueError:
                continue
    return None


def _relative(text: str, now: dt.datetime) -> dt.datetime | None:
    lowered = text.lower()
    for word, days in _NAMED_DAYS.items():
        if word in lowered:
            return now - dt.timedelta(days=days)
    match = _RELATIVE.search(text)
    if match is None:
        return None
    unit = (match.group(2) or match.group(3)).lower()
    return now - dt.timedelta(days=int(match.group(1)) * _UNIT_DAYS[unit])
