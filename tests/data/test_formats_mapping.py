"""How each source format's fields land in a Case, and how formats are detected."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path

import pytest

from medrubric.data.formats import detect as detect_module
from medrubric.data.formats import (
    detect_format,
    import_cases,
    load_cases,
    load_meta_eval,
)
from medrubric.data.formats.clinconsensus import register_of
from medrubric.errors import InputError

FIXTURES = Path(__file__).parent / "fixtures"


def _write_jsonl(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    return path


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("medrubric.jsonl", "medrubric"),
        ("healthbench.jsonl", "healthbench"),
        ("healthbench_meta.jsonl", "healthbench_meta"),
        ("livemedbench.json", "livemedbench"),
        ("livemedbench.jsonl", "livemedbench"),
        ("clinconsensus.jsonl", "clinconsensus"),
        ("rubrichub.jsonl", "rubrichub"),
    ],
)
def test_format_is_detected_from_the_first_record(name: str, fmt: str) -> None:
    assert detect_format(FIXTURES / name) == fmt


@pytest.mark.parametrize(
    ("theme_tag", "theme"),
    [
        ("theme:emergency_referrals", "emergency_referrals"),
        ("theme:context_seeking", "context_seeking"),
        ("theme:communication", "expertise_tailored_communication"),
        ("theme:hedging", "responding_under_uncertainty"),
        ("theme:complex_responses", "response_depth"),
        ("theme:global_health", "unknown"),
        ("theme:health_data_tasks", "unknown"),
    ],
)
def test_healthbench_themes_map_onto_the_five(theme_tag: str, theme: str, tmp_path: Path) -> None:
    row = json.loads((FIXTURES / "healthbench.jsonl").read_text("utf-8").splitlines()[1])
    row["example_tags"] = [theme_tag, "physician_agreed_category:x"]
    result = import_cases(_write_jsonl(tmp_path / "hb.jsonl", [row]))
    (case,) = result.cases
    assert case.theme == theme
    assert case.tags == [theme_tag, "physician_agreed_category:x"]
    assert any(theme_tag in note for note in result.notes) == (theme == "unknown")


def test_healthbench_case_fields() -> None:
    result = import_cases(FIXTURES / "healthbench.jsonl")
    first, second, _ = result.cases
    assert (first.id, first.source, first.language) == ("hb-001", "healthbench", "en")
    assert [c.axis for c in first.rubric] == [
        "accuracy",
        "context_awareness",
        "accuracy",
        "unknown",
    ]
    assert first.rubric[3].tags == ["axis:instruction_following", "level:example"]
    assert [c.weight for c in first.rubric] == [10, 4, -9, 2]
    assert first.extra["healthbench"]["canary"] == "fixture-canary-0001"
    assert first.extra["healthbench"]["ideal_completions_data"]["ideal_completions_group"] == (
        "Group 1"
    )
    assert [m.role for m in second.prompt] == ["system", "user", "assistant", "user"]
    assert second.query == "For my father, he is 70 and has high blood pressure."
    assert "healthbench" not in second.extra
    assert any("axis:instruction_following" in note for note in result.notes)


def test_meta_eval_rows_expose_physician_labels() -> None:
    rows = load_meta_eval(FIXTURES / "healthbench_meta.jsonl")
    assert [r.completion_id for r in rows] == ["cmp-1", "cmp-1", "cmp-2", "cmp-3"]
    assert rows[1].labels() == {"phys-a": True, "phys-c": False}
    assert rows[0].criterion_id == rows[2].criterion_id != rows[1].criterion_id


def test_meta_eval_file_read_as_cases_groups_by_prompt() -> None:
    result = import_cases(FIXTURES / "healthbench_meta.jsonl")
    assert result.format == "healthbench_meta"
    first, second = result.cases
    assert first.id == "hb-101"
    assert [c.text for c in first.rubric] == [
        "Tells the user to seek emergency care immediately.",
        "Advises against inducing vomiting.",
    ]
    assert {c.weight for c in first.rubric} == {1}
    assert len(second.rubric) == 1
    assert "each criterion weight +1" in result.notes[0]


def test_livemedbench_case_fields() -> None:
    first, second, third = load_cases(FIXTURES / "livemedbench.json")
    assert first.published_at == dt.date(2025, 3, 14)
    assert second.published_at is None  # empty post_time
    assert third.published_at == dt.date(2025, 5, 2)  # date-time keeps its date
    assert first.query == "Do I need antibiotics or will it go away?"
    assert len(first.advice) == 3 and second.advice == [
        "建议尽快到心内科就诊，完善心电图和运动负荷试验。"
    ]
    assert third.advice == []
    assert (first.theme, second.theme, third.theme) == (
        "responding_under_uncertainty",
        "emergency_referrals",
        "unknown",
    )
    assert second.extra["livemedbench"]["theme"] == ["Emergency Referrals", "Response Depth"]
    assert [c.axis for c in first.rubric] == ["accuracy", "safety", "accuracy"]
    assert (third.rubric[2].axis, third.rubric[2].tags) == ("unknown", ["axe:Tone"])
    assert (first.specialty, second.language, first.language) == ("urology", "zh", "en")


def test_livemedbench_repeats_keep_the_first_and_are_reported() -> None:
    result = import_cases(FIXTURES / "livemedbench.json")
    assert [c.id for c in result.cases] == ["lmb-0001", "lmb-0002", "lmb-0003"]
    assert result.cases[1].query == "需要做哪些检查？"
    assert "skipped 2 repeated case_id row(s), keeping the first: 'lmb-0001', 'lmb-0002'" in (
        result.notes
    )
    assert "1 repeated row(s) differ from the kept one: 'lmb-0002'" in result.notes


def test_livemedbench_array_and_lines_read_alike() -> None:
    from_array = load_cases(FIXTURES / "livemedbench.json")
    from_lines = load_cases(FIXTURES / "livemedbench.jsonl")
    assert from_lines == from_array[:2]


def test_clinconsensus_binary_criteria_and_strata_tags() -> None:
    lay, professional = load_cases(FIXTURES / "clinconsensus.jsonl")
    assert len(lay.rubric) == 30
    assert {c.weight for c in lay.rubric} == {1}
    assert [c.id for c in lay.rubric][:3] == ["c1", "c2", "c3"]
    assert lay.tag_values("difficulty") == ["low"]
    assert lay.tag_values("task") == ["患者教育", "用药指导"]
    assert lay.tag_values("register") == ["lay"]
    assert lay.specialty == "内分泌科" and lay.language == "zh"
    assert lay.narrative.startswith("女性，45岁") and lay.query.startswith("我需要马上吃药吗")
    assert professional.tag_values("register") == ["professional"]
    assert professional.tag_values("subject") == ["神经内科", "急诊科"]
    assert [(c.id, c.weight) for c in professional.rubric] == [
        ("r1", 1),
        ("r2", 1),
        ("r3", 2),
        ("c4", 1),
    ]


@pytest.mark.parametrize(
    ("role", "register"),
    [
        ("患者本人", "lay"),
        ("患者家属", "lay"),
        ("普通用户", "lay"),
        ("急诊科住院医师", "professional"),
        ("社区护士", "professional"),
        ("医学生", "professional"),
        ("临床药师", "professional"),
        ("a worried parent", "lay"),
        ("Attending Physician", "professional"),
    ],
)
def test_register_follows_the_stated_user_role(role: str, register: str) -> None:
    assert register_of(role) == register


def test_rubrichub_rows() -> None:
    result = import_cases(FIXTURES / "rubrichub.jsonl")
    first, second = result.cases
    assert first.id.startswith("rh-") and len(first.id) == 15
    assert first.id == load_cases(FIXTURES / "rubrichub.jsonl")[0].id  # stable
    assert first.query.startswith("What are the first-line treatments")
    assert first.rubric[2].tags == ["completeness"]
    assert first.extra == {"rubrichub": {"domain": "medical"}}
    assert second.id == "rh-custom-2" and second.prompt[0].role == "user"
    assert second.language == "zh"
    assert "row without id: id derived from the question text" in result.notes


def test_native_case_fields_are_read_as_is() -> None:
    first, second = load_cases(FIXTURES / "medrubric.jsonl")
    assert first.evidence[0].id == "ev-1" and first.provenance["screener"] == "kept"
    assert first.published_at == dt.date(2025, 6, 1)
    assert second.source == "medrubric" and second.rubric[1].weight == 9


def test_forced_format_reports_the_fields_that_format_needs() -> None:
    with pytest.raises(InputError) as info:
        load_cases(FIXTURES / "healthbench.jsonl", format="livemedbench")
    assert str(info.value).endswith(
        "healthbench.jsonl:1: case_id: required field is missing (and 2 more problems)"
    )


def test_unrecognised_records_ask_for_a_format(tmp_path: Path) -> None:
    path = _write_jsonl(tmp_path / "odd.jsonl", [{"title": "x", "body": "y"}])
    with pytest.raises(InputError, match=r"odd.jsonl:1: cannot tell the format .*\(body, title\)"):
        detect_format(path)


def test_unknown_format_name_is_an_input_error() -> None:
    with pytest.raises(InputError, match="unknown format 'jsonlines'"):
        load_cases(FIXTURES / "healthbench.jsonl", format="jsonlines")


def test_snapshot_folder_reads_its_cases_file(tmp_path: Path) -> None:
    shutil.copy(FIXTURES / "medrubric.jsonl", tmp_path / "cases.jsonl")
    assert [c.id for c in load_cases(tmp_path)] == ["mr-0001", "mr-0002"]
    with pytest.raises(InputError, match="folder has no cases.jsonl"):
        load_cases(tmp_path / "..")


def test_sample_word_reads_the_bundled_sample(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(detect_module, "cases_path", lambda: FIXTURES / "medrubric.jsonl")
    assert [c.id for c in load_cases("sample")] == ["mr-0001", "mr-0002"]
