"""Mark the changed spans between an original answer and its error-injected edit."""

from __future__ import annotations

import difflib
import re

from pydantic import BaseModel

# One CJK character per token (Chinese has no spaces), words, runs of space, punctuation.
_TOKEN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]|\w+|\s+|[^\w\s]")


class Segment(BaseModel):
    text: str
    changed: bool


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def _append(out: list[Segment], text: str, changed: bool) -> None:
    if not text:
        return
    if out and out[-1].changed == changed:
        out[-1] = Segment(text=out[-1].text + text, changed=changed)
    else:
        out.append(Segment(text=text, changed=changed))


def changed_segments(original: str, edited: str) -> tuple[list[Segment], list[Segment]]:
    """Both texts cut into runs, each flagged when it differs from the other text."""
    a, b = _tokens(original), _tokens(edited)
    left: list[Segment] = []
    right: list[Segment] = []
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        changed = op != "equal"
        _append(left, "".join(a[i1:i2]), changed)
        _append(right, "".join(b[j1:j2]), changed)
    return left, right
