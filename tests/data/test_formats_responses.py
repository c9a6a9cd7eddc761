"""Answers made elsewhere: simple-evals/HealthBench completions, HealthBench reference
answers, LiveMedBench outputs and Inspect logs read into Responses; an unknown shape names
the accepted mappings; `grade --responses` grades them over real HTTP."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from medrubric.cli.main import app
from medrubric.data.formats.responses import IDEAL_MODEL, load_responses
from medrubric.errors import InputError
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer

FIXTURES = Path(__file__).parent / "fixtures"


def _jsonl(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    return path


def test_simple_evals_completions_in_every_spelling(tmp_path: Path) -> None:
    path = _jsonl(tmp_path / "completions.jsonl", [
        {"prompt_id": "syn-en-001", "completion": "Call an ambulance."},
        {"prompt_id": "syn-en-002", "completion": {"role": "assistant", "content": "Rest."}},
        {"prompt_id": "syn-zh-001", "completion": [
            {"role": "user", "content": "?"}, {"role": "assistant", "content": "请尽快就医。"}]},
        {"prompt_id": "syn-zh-001", "completion": "请尽快就医。", "completion_id": "again"},
    ])  # fmt: skip
    responses, shape, notes = load_responses(path)
    assert shape == "simple-evals"
    assert [(r.case_id, r.response) for r in responses] == [
        ("syn-en-001", "Call an ambulance."),
        ("syn-en-002", "Rest."),
        ("syn-zh-001", "请尽快就医。"),
    ]
    assert notes == ["skipped repeated row(s) with the same answer"]


def test_two_different_answers_for_one_case_are_an_error() -> None:
    # the meta-eval fixture holds two completions (cmp-1, cmp-2) of prompt hb-101
    path = FIXTURES / "healthbench_meta.jsonl"
    with pytest.raises(InputError, match=r"healthbench_meta.jsonl:3: a second, different answer"):
        load_responses(path)


def test_healthbench_rows_give_their_reference_answers() -> None:
    responses, shape, notes = load_responses(FIXTURES / "healthbench.jsonl")
    assert shape == "healthbench-ideal" and responses
    assert all(r.model == IDEAL_MODEL for r in responses)
    assert responses[0].response == "Please go to an emergency department now."
    assert len(responses) == 1  # the fixture's other two rows carry no reference answer
    skipped = "skipped row(s) without ideal_completions_data (no reference answer)"
    assert notes == [f"{skipped} (2 times)"]


def test_livemedbench_outputs_with_errors_kept_as_errors(tmp_path: Path) -> None:
    path = tmp_path / "gpt_results.json"
    path.write_text(json.dumps([
        {"case_id": 17, "post_time": "2025-10-01", "narrative": "n", "core_request": "q",
         "model_response": "Go to the ER.", "finish_reason": "stop", "doctor_advice": "ER"},
        {"case_id": 18, "model_response": "ERROR: timeout", "finish_reason": "error"},
    ]), "utf-8")  # fmt: skip
    responses, shape, _ = load_responses(path)
    assert shape == "livemedbench"
    assert [(r.case_id, r.response, r.error) for r in responses] == [
        ("17", "Go to the ER.", None),
        ("18", None, "ERROR: timeout"),
    ]


def test_an_unknown_shape_names_the_accepted_mappings(tmp_path: Path) -> None:
    path = _jsonl(tmp_path / "x.jsonl", [{"id": "a", "answer": "b"}])
    with pytest.raises(InputError) as info:
        load_responses(path)
    message = str(info.value)
    assert message.startswith(f"{path}:1: cannot tell which answers these are")
    for shape in ("prompt_id + completion", "case_id + model_response", "case_id + response",
                  "ideal_completions_data", "Inspect log"):  # fmt: skip
        assert shape in message


def test_a_bad_row_names_line_and_field(tmp_path: Path) -> None:
    path = _jsonl(tmp_path / "c.jsonl", [
        {"prompt_id": "a", "completion": "x"}, {"prompt_id": "b", "completion": 3}])  # fmt: skip
    with pytest.raises(InputError, match=r"c.jsonl:2: completion"):
        load_responses(path)


def test_an_inspect_log_is_read_by_sample(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    inspect_ai = pytest.importorskip("inspect_ai")
    from inspect_ai.dataset import Sample
    from inspect_ai.solver import generate

    samples = [Sample(id="syn-en-001", input="Chest pain, what now?"),
               Sample(id=7, input="x", metadata={"case_id": "syn-zh-001"})]  # fmt: skip
    with ReplayServer(rubric_replay_handler) as server:
        monkeypatch.setenv("REPLAY_BASE_URL", server.base_url)
        monkeypatch.setenv("REPLAY_API_KEY", "not-a-key")
        [log] = inspect_ai.eval(
            inspect_ai.Task(dataset=samples, solver=generate()),
            model="openai-api/replay/replay-model", log_dir=str(tmp_path / "logs"),
            display="none",
        )  # fmt: skip
    responses, shape, _ = load_responses(log.location)
    assert shape == "inspect"
    assert {r.case_id for r in responses} == {"syn-en-001", "syn-zh-001"}
    model = "inspect:openai-api/replay/replay-model"
    assert all(r.model == model and r.response for r in responses)


def test_grade_accepts_simple_evals_completions(tmp_path: Path) -> None:
    path = _jsonl(tmp_path / "completions.jsonl", [
        {"prompt_id": "syn-en-001", "completion": "Call an ambulance now."}])  # fmt: skip
    with ReplayServer(rubric_replay_handler) as server:
        spec = f"openai:replay@{server.base_url}"
        args = ["grade", "--responses", str(path), "--cases", "sample", "--grader", spec,
                "--out", str(tmp_path / "run"), "--quiet",
                "--cache-dir", str(tmp_path / "c")]  # fmt: skip
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, result.output
        assert server.total > 0
    summary = json.loads((tmp_path / "run" / "summary.json").read_text())
    assert summary["n_cases"] == 1 and summary["n_verdicts"] == server.total


def test_a_number_that_overflows_to_infinity_is_an_error(tmp_path: Path) -> None:
    """JSON's 1e999 parses to inf: a record refuses it (and NaN) rather than carry it into sums."""
    path = tmp_path / "r.jsonl"
    path.write_text(
        '{"case_id": "a", "response": "x"}\n{"case_id": "b", "response": "y", "cost_usd": 1e999}\n'
    )
    with pytest.raises(InputError, match=r"r.jsonl:2: cost_usd: .*finite"):
        load_responses(path)
