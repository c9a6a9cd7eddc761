"""On every labelled text, the cues a rule's pattern implies skip only rules that find nothing:
a sweep of its own, a unit for one worker."""

from __future__ import annotations

from medrubric.redact.redact_rules import admitted_rules, cues_implied, rules


def test_implied_cues_skip_only_rules_that_find_nothing_and_never_where_case_folds(labelled_texts):
    """On every labelled text, a rule whose implied cues are all missing finds nothing; a
    text with a character an ignore-case letter matches but does not lower to tries them."""
    implied = [(r, cues_implied(r.pattern)) for r in rules() if not r.cues]
    implied = [(rule, cues) for rule, cues in implied if cues]
    assert len(implied) >= 10
    for text in labelled_texts():
        lowered = text.lower()
        for rule, cues in implied:
            if not any(cue in lowered for cue in cues):
                assert rule.pattern.search(text) is None, text
    text = "my ſons, Tom and Jo"  # (?i)s matches ſ, which lowers to itself
    lowered = text.lower()
    sons = next(r for r in rules() if "sons" in cues_implied(r.pattern))
    assert "sons" not in lowered
    assert rules().index(sons) in admitted_rules(lowered, 0)
