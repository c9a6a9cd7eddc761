"""On every labelled text, the checks that admit a rule before its pattern runs (cues, digits,
scripts) leave out only rules that find nothing: a sweep of its own, a unit for one worker."""

from __future__ import annotations

import re

from medrubric.redact.redact_rules import admitted_rules, cues_implied, rules


def test_admitted_rules_pass_their_checks_less_only_rules_that_find_nothing(labelled_texts):
    """The cue and digit checks decide as their definition; what the script check leaves
    out besides is a rule that finds nothing in the text. A rule left out because none of
    the cues its pattern implies is in the text is searched by the implied-cues sweep
    (test_redact_implied_cues_sweep.py), not again here."""
    all_rules = rules()
    implied = {p: cues_implied(rule.pattern) for p, rule in enumerate(all_rules) if not rule.cues}
    searched = 0
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
            if implied.get(p) and not any(cue in lowered for cue in implied[p]):
                continue  # the implied-cues sweep's pair
            assert all_rules[p].pattern.search(text) is None, (p, text)
            searched += 1
    assert searched >= 10_000
