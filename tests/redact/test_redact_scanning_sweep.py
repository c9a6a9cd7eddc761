"""On every labelled text, each rule the redactor runs there finds with its faster scanning
pattern what its pattern finds: a sweep of its own, a unit for one worker."""

from __future__ import annotations

import random
import re

from medrubric.redact.redact_rules import Rule, admitted_rules, rules, scanning


def test_the_scanning_pattern_finds_what_the_rule_pattern_finds(labelled_texts):
    """Every rule's faster pattern (a look-ahead for its first characters before a pattern
    that opens with an assertion) gives the same matches and groups as the rule's pattern
    on every labelled text whose pre-checks admit the rule (the redactor runs no other rule
    there, and the admitted-rules and implied-cues sweeps show that those find nothing), and
    on random strings of the characters patterns start with, every rule; ignore-case letters
    fold as in the pattern (ſ, K, ı); a pattern's global flags stay first."""
    all_rules = rules()
    scanned = {p: rule for p, rule in enumerate(all_rules) if rule.scan is not rule.pattern}
    assert len(scanned) >= 50

    def same(rule: Rule, text: str) -> None:
        expected = [(m.span(), m.groups()) for m in rule.pattern.finditer(text)]
        assert [(m.span(), m.groups()) for m in rule.scan.finditer(text)] == expected, text

    checked = 0
    for text in labelled_texts():
        for p in admitted_rules(text.lower(), len(re.findall(r"\d", text))):
            if p in scanned:
                same(scanned[p], text)
                checked += 1
    assert checked >= 100_000
    rng = random.Random(7)
    alphabet = "Dr.  MmAa(0712-3\nſKkıİ王李在Qr'"
    for _ in range(300):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        for rule in scanned.values():
            same(rule, text)
    folded = scanning(re.compile(r"(?m)^\s*x|\b(?i:s)k"))
    assert folded.flags & re.MULTILINE
    assert scanning(re.compile(r"\b(?i:s)k")).search("ſk") is not None
    assert scanning(re.compile(r"Dr\b")).pattern == "Dr\\b"  # opens with a literal: kept
