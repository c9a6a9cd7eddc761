"""Evaluate redaction on a labelled set: identifier span recall and clinical-detail survival.

A labelled file is JSONL, one snippet a line: `{"id", "text", "keep"}`. In `text` every
identifier is marked inline as `{KIND:the identifier}` (KIND is a marker kind: NAME,
LOCATION, DOB, DATE, PHONE, EMAIL, ID, URL, IP); `keep` lists clinical details (ages, doses,
vitals, lab values, drug names, eponyms) that must survive redaction verbatim. A span
counts as caught when every non-space character of it lies inside some finding, whatever
kind the finding has; a finding that touches no labelled span is spurious (over-redaction).
Recall is reported overall and per identifier kind.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from medrubric.data.jsonl import iter_json_lines
from medrubric.errors import InputError
from medrubric.redact.redact import KINDS

_MARK = re.compile(r"\{([A-Z]+):([^{}]+)\}")


@dataclass(frozen=True)
class Snippet:
    id: str
    text: str
    spans: tuple[tuple[str, int, int], ...]
    keep: tuple[str, ...]


@dataclass
class PiiScore:
    spans: int = 0
    caught: int = 0
    details: int = 0
    kept: int = 0
    findings: int = 0
    missed: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    spurious: list[str] = field(default_factory=list)
    spans_by_kind: Counter[str] = field(default_factory=Counter)
    caught_by_kind: Counter[str] = field(default_factory=Counter)

    @property
    def recall(self) -> float:
        return self.caught / self.spans if self.spans else 1.0

    def kind_recall(self, kind: str) -> float:
        """Recall over the labelled spans of one identifier kind (1.0 when there are none)."""
        spans = self.spans_by_kind[kind]
        return self.caught_by_kind[kind] / spans if spans else 1.0

    @property
    def survival(self) -> float:
        return self.kept / self.details if self.details else 1.0

    @property
    def spurious_share(self) -> float:
        """Share of findings that touch no labelled identifier (over-redaction)."""
        return len(self.spurious) / self.findings if self.findings else 0.0


def parse_marked(marked: str) -> tuple[str, tuple[tuple[str, int, int], ...]]:
    """The plain text and its (kind, start, end) spans from inline `{KIND:text}` marks."""
    parts: list[str] = []
    spans: list[tuple[str, int, int]] = []
    cursor = length = 0
    for match in _MARK.finditer(marked):
        plain = marked[cursor : match.start()]
        parts.append(plain)
        length += len(plain)
        kind, value = match.groups()
        spans.append((kind, length, length + len(value)))
        parts.append(value)
        length += len(value)
        cursor = match.end()
    parts.append(marked[cursor:])
    return "".join(parts), tuple(spans)


def load_snippets(path: str | Path) -> list[Snippet]:
    """Labelled snippets; a bad line is an InputError naming the file, line and field."""
    snippets = []
    for lineno, obj in iter_json_lines(path):
        marked, keep = obj.get("text"), obj.get("keep", [])
        if not isinstance(marked, str) or not isinstance(keep, list):
            raise InputError("text must be a string and keep a list", path, lineno)
        text, spans = parse_marked(marked)
        for kind, _, _ in spans:
            if kind not in KINDS:
                raise InputError(f"text: unknown identifier kind {kind!r}", path, lineno)
        for detail in keep:
            if detail not in text:
                raise InputError(f"keep: {detail!r} is not in the text", path, lineno)
        snippets.append(Snippet(str(obj.get("id", lineno)), text, spans, tuple(keep)))
    return snippets


def covered(span: tuple[int, int], findings: Iterable[tuple[int, int]], text: str) -> bool:
    start, end = span
    inside: set[int] = set()
    for f_start, f_end in findings:
        inside.update(range(max(start, f_start), min(end, f_end)))
    return all(i in inside or text[i].isspace() for i in range(start, end))


def score(
    snippets: Iterable[Snippet], redact: Callable[[str], tuple[str, list[tuple[int, int]]]]
) -> PiiScore:
    """Span recall and detail survival of `redact(text) -> (redacted text, finding spans)`."""
    result = PiiScore()
    for snippet in snippets:
        redacted, findings = redact(snippet.text)
        for kind, start, end in snippet.spans:
            result.spans += 1
            result.spans_by_kind[kind] += 1
            if covered((start, end), findings, snippet.text):
                result.caught += 1
                result.caught_by_kind[kind] += 1
            else:
                result.missed.append(f"{snippet.id} {kind} {snippet.text[start:end]!r}")
        for f_start, f_end in findings:
            result.findings += 1
            if not any(start < f_end and f_start < end for _, start, end in snippet.spans):
                result.spurious.append(f"{snippet.id} {snippet.text[f_start:f_end]!r}")
        for detail in snippet.keep:
            result.details += 1
            if detail in redacted:
                result.kept += 1
            else:
                result.lost.append(f"{snippet.id} {detail!r}")
    return result
