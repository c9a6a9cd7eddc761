"""The injected-error task reads the audit's pairs.jsonl rows (whatever provenance fields they
carry) as well as the minimal {pair_id, case_id, error_type, original, edited, edits} shape."""

from __future__ import annotations

from pathlib import Path

import pytest

from medrubric.data.jsonl import write_jsonl
from medrubric.errors import InputError
from medrubric.review.tasks import Source, build_items, read_pairs

MINIMAL = {
    "pair_id": "syn-en-001-F1-0a1b2c3d",
    "case_id": "syn-en-001",
    "error_type": "F1",
    "original": "Chew 300 mg of aspirin now.",
    "edited": "Chew 3000 mg of aspirin now.",
    "edits": [{"original": "300", "new": "3000"}],
}
PROVENANCE = {
    "answer_model": "demo-careful",
    "error_name": "dosage error",
    "applicability": [{"model": "a", "applies": True, "reasoning": "", "error": None}],
    "checks": [{"name": "judge", "attempt": 1, "passed": True, "problems": [], "reasoning": ""}],
    "attempts": 1,
    "models": {"injector": "m"},
    "prompt_versions": {"inject": "1"},
}


@pytest.mark.parametrize("row", [MINIMAL, {**MINIMAL, **PROVENANCE}])
def test_audit_pairs_become_injected_items(tmp_path: Path, row: dict[str, object]) -> None:
    path = tmp_path / "pairs.jsonl"
    write_jsonl(path, [row])
    pairs = read_pairs(path)
    [item] = build_items(Source("sample"), ["injected"], pairs=pairs)
    assert item.key == f"injected/{MINIMAL['pair_id']}" and item.language == "en"
    assert item.payload["query"].startswith("Is this just indigestion?")
    assert item.payload["edited"] == MINIMAL["edited"]
    assert item.payload["edits"] == [{"original": "300", "new": "3000"}]


def test_a_pair_without_its_edit_is_reported_with_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "pairs.jsonl"
    write_jsonl(path, [MINIMAL, {k: v for k, v in MINIMAL.items() if k != "edited"}])
    with pytest.raises(InputError, match=r"pairs.jsonl:2: edited: required field is missing"):
        read_pairs(path)
