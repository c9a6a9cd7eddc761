"""On every labelled text, each rule's faster scanning pattern finds what its pattern finds: a
sweep of its own, a unit for one worker."""

from __future__ import annotations

import random
import re

from medrubric.redact.redact_rules import rules, scanning


def test_the_scanning_pattern_finds_what_the_rule_pattern_finds(labelled_texts):
    """Every rule's faster pattern (a look-ahead for its first characters before a pattern
    that opens with an assertion) gives the same matches and groups as the rule's pattern
    on every labelled text, and on random strings of the characters patterns start with;
    ignore-case letters fold as in the pattern (ſ, K, ı); a pattern's global flags stay
    first."""
    all_rules = rules()
    scanned = [rule for rule in all_rules if rule.scan is not rule.pattern]
    assert len(scanned) >= 50
    texts = labelled_texts()
    rng = random.Random(7)
    alphabet = "Dr.  MmAa(0712-3\nſKkıİ王李在Qr'"
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40))) for _ in range(300)]
    for rule in scanned:
        for text in texts:
            expected = [(m.span(), m.groups()) for m in rule.pattern.finditer(text)]
            assert [(m.span(), m.groups()) for m in rule.scan.finditer(text)] == expected
    folded = scanning(re.compile(r"(?m)^\s*x|\b(?i:s)k"))
    assert folded.flags & re.MULTILINE
    assert scanning(re.compile(r"\b(?i:s)k")).search("ſk") is not None
    assert scanning(re.compile(r"Dr\b")).pattern == "Dr\\b"  # opens with a literal: kept
