"""The Inspect task end to end through a real llama.cpp server running SmolLM2-135M (a
plumbing model): Inspect answers with it, medrubric's grader grades with it, and every
criterion ends as a verdict or a recorded error. Never a statement about medicine."""

from __future__ import annotations

import math

import pytest

from medrubric.data.formats import load_cases
from medrubric.data.models import CaseGrade

inspect_ai = pytest.importorskip("inspect_ai")

CASE = "syn-en-029"  # the smallest English rubric: a CPU-only model is slow


@pytest.mark.usefixtures("inspect_entry_point")
def test_inspect_task_with_the_local_model(local_llm_spec, tmp_path, monkeypatch) -> None:
    base_url = local_llm_spec.partition("@")[2]
    monkeypatch.setenv("LOCAL_BASE_URL", base_url)
    monkeypatch.setenv("LOCAL_API_KEY", "no-key")
    [log] = inspect_ai.eval(
        "medrubric/livemed", model="openai-api/local/smollm2", max_tokens=32,
        task_args={"grader": local_llm_spec, "mode": "batched", "grader_max_tokens": 256,
                   "filters": f"id={CASE}", "cache_dir": str(tmp_path / "cache")},
        log_dir=str(tmp_path / "logs"), display="none",
    )  # fmt: skip
    assert log.status == "success", log.error
    [sample] = log.samples
    assert sample.output.completion.strip()
    score = sample.scores["rubric_grader"]
    grade = CaseGrade.model_validate(score.metadata["grade"])
    rubric = load_cases("sample")
    expected = [c.id for c in next(c for c in rubric if c.id == CASE).rubric]
    assert [v.criterion_id for v in grade.criteria] == expected
    assert all((v.met is None) != (v.error is None) for v in grade.criteria)
    scores = log.results.scores
    metrics = {m.name.split("/")[-1]: m.value for s in scores for m in s.metrics.values()}
    errors = sum(v.error is not None for v in grade.criteria)
    assert metrics["grader_errors"] == errors
    assert math.isnan(metrics["livemedbench"]) == (score.value["score"] is None)
    assert grade.grader.startswith("SmolLM2-135M (smoke-test model")
    assert score.explanation.count("\n") == len(expected) + 1  # a header and a row each
