"""What the redactor's detectors report for a text, in the two shapes the redaction tests
assert on."""

from __future__ import annotations

from medrubric.redact.redact import find_identifiers


def found(text: str) -> list[tuple[str, str]]:
    """(kind, the text found) of every identifier `find_identifiers` reports, in order."""
    return [(f.kind, text[f.start : f.end]) for f in find_identifiers(text)]


def covered(text: str, value: str, kind: str | None = None) -> bool:
    """Some identifier (of `kind`, when given) covers the first `value` in `text`: a
    district may be found with its city, a hospital with its town."""
    start = text.index(value)
    return any(
        (kind is None or f.kind == kind) and f.start <= start and start + len(value) <= f.end
        for f in find_identifiers(text)
    )
