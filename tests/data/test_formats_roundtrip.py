"""import -> export -> import keeps every case intact, for every format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from medrubric.data.formats import (
    export_cases,
    export_meta_eval,
    import_cases,
    load_cases,
    load_meta_eval,
)

FIXTURES = Path(__file__).parent / "fixtures"
CASE_FILES = [
    ("medrubric.jsonl", "medrubric"),
    ("healthbench.jsonl", "healthbench"),
    ("livemedbench.json", "livemedbench"),
    ("livemedbench.jsonl", "livemedbench"),
    ("clinconsensus.jsonl", "clinconsensus"),
    ("rubrichub.jsonl", "rubrichub"),
]
TARGETS = ["medrubric", "healthbench", "livemedbench", "clinconsensus", "rubrichub"]


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


@pytest.mark.parametrize(("name", "fmt"), CASE_FILES)
def test_import_export_import_is_lossless(name: str, fmt: str, tmp_path: Path) -> None:
    first = import_cases(FIXTURES / name)
    assert first.format == fmt
    out = tmp_path / name
    assert export_cases(first.cases, out, fmt) == len(first.cases)
    second = import_cases(out)
    assert second.format == fmt
    assert second.cases == first.cases
    # A second pass writes the same bytes: export is a fixed point after one import.
    again = tmp_path / f"again-{name}"
    export_cases(second.cases, again, fmt)
    assert again.read_bytes() == out.read_bytes()


def test_healthbench_rows_come_back_field_for_field(tmp_path: Path) -> None:
    out = tmp_path / "hb.jsonl"
    export_cases(load_cases(FIXTURES / "healthbench.jsonl"), out, "healthbench")
    assert _rows(out) == _rows(FIXTURES / "healthbench.jsonl")


def test_livemedbench_array_is_written_as_an_array(tmp_path: Path) -> None:
    out = tmp_path / "LiveMedBench_v202601.json"
    export_cases(load_cases(FIXTURES / "livemedbench.json"), out, "livemedbench")
    rows = json.loads(out.read_text(encoding="utf-8"))
    assert [r["case_id"] for r in rows] == ["lmb-0001", "lmb-0002", "lmb-0003"]
    assert rows[1]["theme"] == ["Emergency Referrals", "Response Depth"]
    assert rows[2]["theme"] == "Patient Education"
    assert rows[2]["rubric_items"][2]["axe"] == "Tone"
    assert rows[2]["source_url"] == "https://example.org/thread/3"


def test_clinconsensus_source_fields_survive(tmp_path: Path) -> None:
    out = tmp_path / "cc.jsonl"
    export_cases(load_cases(FIXTURES / "clinconsensus.jsonl"), out, "clinconsensus")
    original, written = _rows(FIXTURES / "clinconsensus.jsonl"), _rows(out)
    for before, after in zip(original, written, strict=True):
        for key in ("case_id", "difficulty", "task", "task_labels", "subject", "subject_labels"):
            assert after[key] == before[key]
        for key in ("user_role", "clinical_context", "user_request"):
            assert after[key] == before[key]
    assert written[0]["rubrics"] == original[0]["rubrics"]  # plain strings stay strings
    assert written[1]["release"] == "public-low"
    assert written[1]["rubrics"][0] == {
        "id": "r1",
        "criterion": "指出应立即启动卒中绿色通道。",
        "points": 1,
    }
    assert written[1]["rubrics"][3] == "提及房颤与心源性栓塞的关系。"


def test_meta_eval_rows_round_trip(tmp_path: Path) -> None:
    rows = load_meta_eval(FIXTURES / "healthbench_meta.jsonl")
    out = tmp_path / "meta.jsonl"
    assert export_meta_eval(rows, out) == 4
    assert load_meta_eval(out) == rows
    assert _rows(out) == _rows(FIXTURES / "healthbench_meta.jsonl")


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize(("name", "fmt"), CASE_FILES)
def test_every_conversion_keeps_ids_criteria_and_weights(
    name: str, fmt: str, target: str, tmp_path: Path
) -> None:
    cases = load_cases(FIXTURES / name)
    out = tmp_path / f"converted-{target}.jsonl"
    export_cases(cases, out, target)
    result = import_cases(out)
    assert result.format == target
    assert [c.id for c in result.cases] == [c.id for c in cases]
    for before, after in zip(cases, result.cases, strict=True):
        assert [(c.text, c.weight) for c in after.rubric] == [
            (c.text, c.weight) for c in before.rubric
        ]
        assert after.language == before.language
        assert after.conversation()[-1].content.endswith(before.conversation()[-1].content)


@pytest.mark.parametrize("target", TARGETS)
def test_bundled_sample_converts_to_every_format(target: str, tmp_path: Path) -> None:
    sample = import_cases("sample")
    assert sample.format == "medrubric" and sample.cases
    out = tmp_path / f"sample-{target}.jsonl"
    export_cases(sample.cases, out, target)
    back = load_cases(out)
    assert [c.id for c in back] == [c.id for c in sample.cases]
    assert [[(c.text, c.weight) for c in x.rubric] for x in back] == [
        [(c.text, c.weight) for c in x.rubric] for x in sample.cases
    ]
