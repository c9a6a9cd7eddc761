"""The programmatic check of an injection: do the declared edits explain the edited answer?

The injector returns the edited answer and the edits it made (original span -> new span).
The check re-applies those edits to the original and requires the result to be the edited
answer character for character, so nothing outside the declared spans changed; it also bounds
how many edits there are, how long each span is and how much the answer's length changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict, Field

from medrubric.audit.pairs import Edit


class EditLimits(BaseModel):
    """Bounds on an injection (defaults documented in docs/audit.md)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    max_edits: int = Field(default=3, ge=1)
    max_span_chars: int = Field(default=400, ge=1)
    max_length_change: float = Field(default=0.25, ge=0)
    min_length_allowance: int = Field(default=120, ge=0)

    def allowed_length_change(self, original: str) -> int:
        """Characters the answer may grow or shrink: a share of its length, with a floor."""
        return max(self.min_length_allowance, int(self.max_length_change * len(original)))


@dataclass
class EditCheck:
    """Outcome of the programmatic check; `spans` are the new spans' places in the edit."""

    problems: list[str] = field(default_factory=list)
    reconstructed: str | None = None
    spans: list[tuple[int, int]] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.problems


def locate_edits(original: str, edits: Sequence[Edit]) -> tuple[list[int], list[str]]:
    """Start of each edit's span in `original`; a span must occur exactly once."""
    starts: list[int] = []
    problems: list[str] = []
    for i, edit in enumerate(edits, start=1):
        count = original.count(edit.original) if edit.original else 0
        if not edit.original:
            problems.append(f"edit {i}: the original span is empty (quote the text it changes)")
        elif count == 0:
            problems.append(f"edit {i}: original span not found in the answer: {edit.original!r}")
        elif count > 1:
            problems.append(f"edit {i}: original span occurs {count} times (quote more context)")
        starts.append(original.find(edit.original) if count == 1 else -1)
    return starts, problems


def apply_edits(original: str, edits: Sequence[Edit]) -> tuple[str, list[tuple[int, int]]]:
    """The original with every edit applied, and where each new span sits in the result.

    Raises ValueError when the edits cannot be placed unambiguously without overlap.
    """
    starts, problems = locate_edits(original, edits)
    if problems:
        raise ValueError("; ".join(problems))
    order = sorted(range(len(edits)), key=lambda i: starts[i])
    out: list[str] = []
    spans: list[tuple[int, int]] = []
    cursor = length = 0
    for i in order:
        start = starts[i]
        if start < cursor:
            raise ValueError(f"edit {i + 1} overlaps another edit")
        out.append(original[cursor:start])
        length += start - cursor
        out.append(edits[i].new)
        spans.append((length, length + len(edits[i].new)))
        length += len(edits[i].new)
        cursor = start + len(edits[i].original)
    out.append(original[cursor:])
    return "".join(out), spans


def check_edits(
    original: str, edited: str, edits: Sequence[Edit], limits: EditLimits | None = None
) -> EditCheck:
    """Every constraint an accepted injection must meet, with a readable problem for each miss."""
    limits = limits or EditLimits()
    result = EditCheck()
    problems = result.problems
    if not edits:
        problems.append("no edits declared")
    if len(edits) > limits.max_edits:
        problems.append(f"{len(edits)} edits declared, at most {limits.max_edits} allowed")
    for i, edit in enumerate(edits, start=1):
        if edit.original == edit.new:
            problems.append(f"edit {i}: the new span equals the original span")
        longest = max(len(edit.original), len(edit.new))
        if longest > limits.max_span_chars:
            problems.append(
                f"edit {i}: span of {longest} characters exceeds {limits.max_span_chars}"
            )
    change = abs(len(edited) - len(original))
    allowed = limits.allowed_length_change(original)
    if change > allowed:
        problems.append(f"length changed by {change} characters, at most {allowed} allowed")
    if edited == original:
        problems.append("the edited answer is identical to the original")
    if edits:
        try:
            result.reconstructed, result.spans = apply_edits(original, edits)
        except ValueError as exc:
            problems.append(str(exc))
        else:
            if result.reconstructed != edited:
                where = _first_difference(result.reconstructed, edited)
                problems.append(
                    "applying the declared edits to the original does not reproduce the edited "
                    f"answer (first difference at character {where}): text outside the declared "
                    "spans changed"
                )
    return result


def _first_difference(a: str, b: str) -> int:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return i
    return min(len(a), len(b))
