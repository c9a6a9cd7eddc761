"""On every labelled text, the checks that admit a rule before its pattern runs (cues, digits,
scripts) leave out only rules that find nothing: a sweep of its own, a unit for one worker."""

from __future__ import annotations

import re

from medrubric.redact.redact_rules import admitted_rules, rules


def test_admitted_rules_pass_their_checks_less_only_rules_that_find_nothing(labelled_texts):
    """The cue and digit checks decide as their definition; what the script check leaves
    out besides is a rule that finds nothing in the text."""
    all_rules = rules()
    for text in labelled_texts():
        lowered, digits = text.lower(), len(re.findall(r"\d", text))
        expected = [
            p
            for p, rule in enumerate(all_rules)
            if digits >= rule.min_digits and (not rule.cues or any(c in lowered for c in rule.cues))
        ]
        admitted = admitted_rules(lowered, digits)
        assert set(admitted) <= set(expected), text
        for p in set(expected) - set(admitted):
            assert all_rules[p].pattern.search(text) is None, (p, text)
