"""`run_lint(LintOptions) -> LintResult` (`medrubric rubric lint` in one call): the text and
model checks over a real HTTP endpoint, the files written with `out`, and a typed result the
command only prints."""

from __future__ import annotations

import json
from pathlib import Path

from medrubric.data.formats import load_cases
from medrubric.data.jsonl import load_models
from medrubric.report.lint import LintOptions, LintResult, run_lint
from medrubric.rubric.lint import Finding, lint_text
from medrubric.runtime.options import ModelOptions
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer

CASE = {
    "id": "chest",
    "language": "en",
    "narrative": "I am 60 and have had crushing chest pain for 20 minutes.",
    "query": "What should I do?",
    "rubric": [
        {"id": "c1", "text": "Advises calling an ambulance now", "weight": 10},
        {"id": "c2", "text": "Suggests waiting until tomorrow to see a doctor", "weight": 5},
        {"id": "c3", "text": "Mentions aspirin", "weight": 4},
    ],
}


def test_run_lint_returns_the_findings_and_writes_them(tmp_path: Path) -> None:
    cases = tmp_path / "cases.jsonl"
    cases.write_text(json.dumps(CASE) + "\n", encoding="utf-8")
    out = tmp_path / "lint"
    with ReplayServer(rubric_replay_handler) as server:
        options = LintOptions(
            cases=str(cases), grader=f"openai:judge@{server.base_url}", evidence_k=0, out=out,
            models=ModelOptions(cache_dir=tmp_path / "cache", show_progress=False),
        )  # fmt: skip
        result = run_lint(options)
        assert server.total == 3  # one judgement per criterion, no evidence check
    assert isinstance(result, LintResult)
    assert (result.n_cases, result.n_criteria, result.families) == (1, 3, ["text", "model"])
    assert result.model is not None and result.model.label == "openai:judge"
    assert (result.model.verdicts, result.model.errors, result.model.calls_made) == (3, 0, 3)
    text = lint_text(load_cases(str(cases)))
    assert result.findings[: len(text)] == text  # the text checks first, then the model's
    assert {f.family for f in result.findings[len(text) :]} <= {"model"}
    assert result.files == [out / "lint.jsonl", out / "lint.html"]
    assert load_models(out / "lint.jsonl", Finding) == result.findings
    assert not (out / "items.jsonl").exists()  # no runs, no item analysis

    text_only = run_lint(LintOptions(cases=str(cases)))
    assert text_only.findings == text and text_only.files == [] and text_only.model is None
