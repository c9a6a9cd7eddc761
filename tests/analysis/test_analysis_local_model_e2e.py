"""Error-type classification and the holistic judge through the real llama.cpp server running
SmolLM2-135M: plumbing only (schema-valid results or recorded errors, counts, the cache)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from medrubric.analysis.error_types import ERROR_TYPES, Classification
from medrubric.analysis.holistic import HolisticScore
from medrubric.cli.main import app
from medrubric.data.formats import load_cases
from medrubric.data.jsonl import load_models, write_jsonl

SAMPLE = Path(__file__).parents[2] / "src" / "medrubric" / "data" / "sample"
FIXTURE = Path(__file__).parent / "fixtures" / "meta_eval_small.jsonl"
LLM = ["--max-tokens", "160", "--concurrency", "2", "--timeout", "300", "--quiet"]


def test_error_types_through_the_local_model_and_resume(
    local_llm_spec: str, tmp_path: Path
) -> None:
    run = tmp_path / "demo-hasty"
    run.mkdir()
    write_jsonl(run / "cases.jsonl", load_cases("sample"))
    for name in ("grades", "responses"):
        (run / f"{name}.jsonl").write_bytes((SAMPLE / f"{name}-demo-hasty.jsonl").read_bytes())
    out, cache = tmp_path / "out", tmp_path / "cache"
    args = ["analyze", "errors", str(run), "--out", str(out), "--classify-with", local_llm_spec,
            "--bottom-share", "0.05", "--cache-dir", str(cache), *LLM]  # fmt: skip

    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    rows = load_models(out / "error_types.jsonl", Classification)
    assert len(rows) == round(0.05 * 46)
    for row in rows:  # a valid type, or a recorded error and no type: never both, never neither
        assert (row.error_type is None) != (row.error is None)
        assert row.error_type is None or row.error_type in ERROR_TYPES
        assert row.prompt_version == "error_type@1"
    assert any(row.error_type for row in rows), "no call reached the model: " + str(rows[0].error)
    counts = json.loads((out / "error_types.json").read_text())["counts"][0]
    assert counts["n_classified"] + counts["n_failed"] == len(rows)

    second = CliRunner().invoke(app, args)  # served from the LLM cache
    assert second.exit_code == 0, second.output
    again = load_models(out / "error_types.jsonl", Classification)
    assert [r.error_type for r in again] == [r.error_type for r in rows]
    assert all(r.cached for r in again if r.error is None)


def test_holistic_judge_through_the_local_model(
    local_llm_spec: str, meta_grade_files: list[Path], tmp_path: Path
) -> None:
    out = tmp_path / "me"
    args = ["meta-eval", "--labels", str(FIXTURE), "--out", str(out), "--registry",
            str(tmp_path / "registry.json"), "--holistic-judge", local_llm_spec,
            "--cache-dir", str(tmp_path / "cache"), *LLM]  # fmt: skip
    for path in meta_grade_files:
        args += ["--grades", str(path)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    scores = load_models(out / "holistic.jsonl", HolisticScore)
    assert sorted(s.answer_id for s in scores) == ["c1a", "c1b", "c2"]
    for s in scores:
        assert (s.score is None) != (s.error is None)
        assert s.score is None or 0 <= s.score <= 10
    assert any(s.score is not None for s in scores), "no call reached the model: " + str(scores)
    report = json.loads((out / "meta_eval.json").read_text())
    holistic = report["case_level"][1]
    assert holistic["judge"].startswith("holistic: ")
    assert holistic["n_errors"] == sum(s.error is not None for s in scores)
    assert holistic["pearson"]["n"] == sum(s.score is not None for s in scores)
