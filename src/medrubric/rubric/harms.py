"""Known harms: the shipped list of actions that first-aid and primary-care guidance widely
recognises as harmful or contraindicated (`known_harms.toml` next to this module).

The lint (`rubric.lint`) uses it for flipped signs that need medical knowledge: a criterion
that recommends a listed action should carry a negative weight ("Recommends rubbing the
fingers with snow"), one that warns against it a positive weight. Each entry names the action
by regular expressions in English and Chinese and, where the action is harmful only in some
circumstances (an NSAID in kidney disease), the circumstance, looked for in the criterion and
the case's question, and, where the action is correct practice in another circumstance
(antibiotics through a drip for a bacterial infection, doubling a steroid on sick days), that
circumstance, which silences the entry when the criterion or the case names it. The file's
header describes the fields.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

HARMS_FILE = "known_harms.toml"
SOURCE_TYPES = frozenset(
    {"first-aid guideline", "clinical guideline", "drug label", "public-health advice"}
)


@dataclass(frozen=True)
class KnownHarm:
    """One listed action: what it is, why it harms, and how to recognise it in text."""

    id: str
    action: str
    reason: str
    source: str
    pattern: re.Pattern[str]  # the action, English or Chinese
    when: re.Pattern[str] | None  # the circumstance that makes it harmful; None: always
    unless: re.Pattern[str] | None = None  # a circumstance that makes it correct practice


def _union(patterns: list[str]) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns))


def parse_harms(text: str) -> tuple[KnownHarm, ...]:
    """The entries of a known-harms TOML document, in file order. A malformed entry raises
    ValueError naming it: the list ships with the package, so this is a packaging error."""
    harms = []
    seen: set[str] = set()
    for number, entry in enumerate(tomllib.loads(text).get("harm", []), start=1):
        name = entry.get("id", f"entry {number}")
        missing = [k for k in ("id", "action", "reason", "source", "en", "zh") if not entry.get(k)]
        if missing:
            raise ValueError(f"{HARMS_FILE}: {name}: missing {', '.join(missing)}")
        if entry["source"] not in SOURCE_TYPES:
            raise ValueError(f"{HARMS_FILE}: {name}: unknown source {entry['source']!r}")
        if name in seen:
            raise ValueError(f"{HARMS_FILE}: {name}: id used twice")
        seen.add(name)
        when = entry.get("when_en", []) + entry.get("when_zh", [])
        unless = entry.get("unless_en", []) + entry.get("unless_zh", [])
        harms.append(
            KnownHarm(
                id=name,
                action=entry["action"],
                reason=entry["reason"],
                source=entry["source"],
                pattern=_union(entry["en"] + entry["zh"]),
                when=_union(when) if when else None,
                unless=_union(unless) if unless else None,
            )
        )
    return tuple(harms)


@cache
def known_harms() -> tuple[KnownHarm, ...]:
    """The shipped list (read once per process)."""
    text = (resources.files("medrubric.rubric") / HARMS_FILE).read_text(encoding="utf-8")
    return parse_harms(text)
