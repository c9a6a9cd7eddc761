"""The faster paths of redaction decide exactly as the definitions they replace."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from medrubric.redact.pii_eval import load_snippets
from medrubric.redact.redact_rules import admitted_rules, rules

PII = Path(__file__).parents[1] / "data" / "pii"
_HAN = re.compile("[\u4e00-\u9fd5]+")


def _texts(prefix: str = "") -> list[str]:
    return [s.text for p in sorted(PII.glob(f"{prefix}*.jsonl")) for s in load_snippets(p)]


def test_admitted_rules_are_those_whose_cue_and_digit_checks_pass():
    all_rules = rules()
    for text in _texts():
        lowered, digits = text.lower(), len(re.findall(r"\d", text))
        expected = [
            p
            for p, rule in enumerate(all_rules)
            if digits >= rule.min_digits and (not rule.cues or any(c in lowered for c in rule.cues))
        ]
        assert admitted_rules(lowered, digits) == expected, text


def test_viterbi_gives_jieba_posseg_route_and_probability():
    pytest.importorskip("jieba")
    from jieba.posseg import char_state_tab_P, emit_P, start_P, trans_P
    from jieba.posseg.viterbi import viterbi as jieba_viterbi

    from medrubric.redact.redact_ner import viterbi

    blocks = [b for text in _texts("zh") for b in _HAN.findall(text)]
    rng = random.Random(3)
    samples = rng.sample(blocks, 150)
    for block in rng.sample(blocks, 150):  # pieces, as the HMM sees new words
        start = rng.randrange(len(block))
        samples.append(block[start : start + rng.randint(2, 6)])
    for obs in samples:
        expected = jieba_viterbi(obs, char_state_tab_P, start_P, trans_P, emit_P)
        assert viterbi(obs) == expected, obs
