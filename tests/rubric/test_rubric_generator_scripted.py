"""Generator logic with a scripted model: re-ask once with the problems, then reject;
failed calls are errors retried on the next run; provenance names model and prompts."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from medrubric.data.jsonl import load_models, write_jsonl
from medrubric.data.models import Case, CuratedCase
from medrubric.errors import InputError
from medrubric.rubric.generator import generate_rubric
from medrubric.rubric.inputs import load_rubric_inputs
from medrubric.rubric.run import generate_rubrics
from medrubric.rubric.schemas import RubricRecord
from medrubric.testing.scripted import ScriptedModel

CASE = CuratedCase(
    id="c-1",
    language="en",
    narrative="58-year-old man, crushing chest pain for 30 minutes, sweating.",
    query="Should I wait and see if the pain goes away?",
    advice=["Call emergency services now.", "Chew 300 mg aspirin unless allergic."],
    provenance={"curation": "kept"},
)

VALID = {
    "theme": "emergency_referrals",
    "selected_advice": [1, 2],
    "criteria": [
        {
            "text": "Advises calling emergency services immediately for the chest pain",
            "axis": "safety",
            "weight": 10,
            "life_critical": True,
            "life_critical_reason": "possible myocardial infarction",
        },
        {
            "text": "Suggests chewing aspirin while waiting for the ambulance",
            "axis": "accuracy",
            "weight": 6,
        },
        {
            "text": "Recommends waiting at home to see whether the pain settles",
            "axis": "safety",
            "weight": -8,
        },
    ],
}
INVALID = {**VALID, "criteria": [{**VALID["criteria"][0], "life_critical": False}]}


def scripted(*replies: dict[str, Any]) -> ScriptedModel:
    queue = list(replies)
    return ScriptedModel(lambda messages, schema: queue.pop(0), label="scripted-rubric")


def run(case: CuratedCase, model: ScriptedModel, **kw: Any) -> RubricRecord:
    return asyncio.run(generate_rubric(case, model, **kw))


def test_valid_first_reply_gives_a_case_with_provenance() -> None:
    model = scripted(VALID)
    record = run(CASE, model)
    assert record.status == "case" and model.calls == 1
    case = record.case
    assert case is not None and case.theme == "emergency_referrals"
    assert [(c.id, c.weight, c.axis) for c in case.rubric] == [
        ("c1", 10, "safety"), ("c2", 6, "accuracy"), ("c3", -8, "safety"),
    ]  # fmt: skip
    assert case.rubric[0].tags == ["life_critical"]
    prov = case.provenance["rubric"]
    assert prov["model"] == "scripted-rubric"
    assert prov["prompts"] == ["rubric_generate.en@1"]
    assert prov["life_critical"] == {"c1": "possible myocardial infarction"}
    assert prov["selected_advice"] == CASE.advice
    assert case.provenance["curation"] == "kept"


def test_invalid_reply_is_reasked_with_its_problems_then_accepted() -> None:
    model = scripted(INVALID, VALID)
    record = run(CASE, model)
    assert record.status == "case" and model.calls == 2
    reask = model.requests[1][-1]["content"]
    assert "[extreme_weight] criterion 1" in reask
    assert "[criteria_count]" in reask
    assert model.requests[1][-2]["role"] == "assistant"
    assert record.case is not None
    assert record.case.provenance["rubric"]["prompts"] == [
        "rubric_generate.en@1",
        "rubric_reask.en@1",
    ]
    first_call = record.case.provenance["rubric"]["calls"][0]
    assert any("extreme_weight" in line for line in first_call["problems"])


def test_twice_invalid_is_rejected_with_the_reason() -> None:
    model = scripted(INVALID, INVALID)
    record = run(CASE, model)
    assert record.status == "rejected" and record.case is None and model.calls == 2
    assert {p.code for p in record.problems} == {"extreme_weight", "criteria_count"}
    assert "extreme_weight" in record.reason
    assert record.provenance["rubric"]["model"] == "scripted-rubric"


def test_fixed_n_prompt_and_binary_weights() -> None:
    criteria = [
        {"text": f"Mentions warning sign number {n} {w}", "axis": "completeness", "weight": 1}
        for n, w in enumerate(["sweating", "breathlessness", "fainting"])
    ]
    model = scripted({**VALID, "criteria": criteria})
    record = run(CASE, model, fixed_n=3)
    assert record.status == "case"
    assert "exactly 3 criteria" in model.requests[0][0]["content"]
    assert record.case is not None and all(c.weight == 1 for c in record.case.rubric)


def test_failed_calls_are_errors_retried_on_the_next_run(tmp_path: Path) -> None:
    def broken(messages: Any, schema: Any) -> dict[str, Any]:
        raise TimeoutError("endpoint timed out")

    other = CASE.model_copy(update={"id": "c-2"})
    records = asyncio.run(generate_rubrics([CASE, other], ScriptedModel(broken), tmp_path))
    assert [r.status for r in records] == ["error", "error"]
    assert "timed out" in records[0].reason
    assert len(load_models(tmp_path / "errors.jsonl", RubricRecord)) == 2
    assert (tmp_path / "cases.jsonl").read_text() == ""

    model = scripted(VALID, INVALID, INVALID)
    records = asyncio.run(generate_rubrics([CASE, other], model, tmp_path, concurrency=1))
    assert [r.status for r in records] == ["case", "rejected"]
    assert [c.id for c in load_models(tmp_path / "cases.jsonl", Case)] == ["c-1"]
    rejected = load_models(tmp_path / "rejected.jsonl", RubricRecord)
    assert [r.case_id for r in rejected] == ["c-2"] and rejected[0].problems
    assert (tmp_path / "errors.jsonl").read_text() == ""

    again = scripted()
    asyncio.run(generate_rubrics([CASE, other], again, tmp_path))
    assert again.calls == 0  # both finished: nothing is asked again


def test_inputs_from_curated_file_and_from_cases_file(tmp_path: Path) -> None:
    curated = tmp_path / "curated.jsonl"
    write_jsonl(curated, [CASE])
    assert load_rubric_inputs(curated) == [CASE]
    sample = load_rubric_inputs("sample")
    assert sample and all(c.advice for c in sample)


def test_cases_without_advice_are_an_input_error(tmp_path: Path) -> None:
    path = tmp_path / "hb.jsonl"
    row = {"prompt_id": "p1", "prompt": [{"role": "user", "content": "My head hurts."}],
           "rubrics": [{"criterion": "Asks about onset", "points": 3, "tags": []}]}  # fmt: skip
    path.write_text(json.dumps(row) + "\n")
    with pytest.raises(InputError, match="advice"):
        load_rubric_inputs(path)
