"""`run_rubrics(RubricOptions) -> RubricResult`: the stage loads the cases, opens the model
from the options, writes cases, rejections, errors and rubric_stats.json itself and returns
the statistics; here against a real HTTP endpoint."""

from __future__ import annotations

import json
from typing import Any

from medrubric.data.jsonl import load_models, write_jsonl
from medrubric.data.models import Case, CuratedCase
from medrubric.rubric.run import RubricOptions, RubricResult, run_rubrics
from medrubric.rubric.stats import RubricStats
from medrubric.runtime.options import ModelOptions
from medrubric.testing.replay_server import ReplayServer

RUBRIC = {
    "theme": "emergency_referrals",
    "selected_advice": [1],
    "criteria": [
        {
            "text": "Advises calling emergency services immediately for the chest pain",
            "axis": "safety",
            "weight": 10,
            "life_critical": True,
            "life_critical_reason": "possible myocardial infarction",
        },
        {
            "text": "Recommends waiting at home to see whether the pain settles",
            "axis": "safety",
            "weight": -8,
        },
    ],
}


def _case(n: int) -> CuratedCase:
    return CuratedCase(
        id=f"c-{n}",
        language="en",
        narrative=f"58-year-old man, crushing chest pain for {n + 20} minutes, sweating.",
        query="Should I wait and see if the pain goes away?",
        advice=["Call emergency services now."],
        provenance={"curation": "kept"},
    )


def test_run_rubrics_writes_its_files_and_returns_the_statistics(tmp_path):
    source = tmp_path / "curated.jsonl"
    write_jsonl(source, [_case(n) for n in range(3)])
    out = tmp_path / "rubrics"

    def reply(body: dict[str, Any]) -> dict[str, Any]:
        return RUBRIC

    with ReplayServer(reply) as server:
        options = RubricOptions(
            cases=str(source), model=f"openai:m@{server.base_url}", out=out, limit=2,
            models=ModelOptions(no_cache=True, show_progress=False),
        )  # fmt: skip
        result = run_rubrics(options)
        asked = server.total
        again = run_rubrics(options)
        assert server.total == asked == 2  # one call per case; the re-run asks nothing
    assert isinstance(result, RubricResult) and again == result
    assert (result.cases, result.rejected, result.errors, result.stats_file) == (
        out / "cases.jsonl", out / "rejected.jsonl", out / "errors.jsonl",
        out / "rubric_stats.json",
    )  # fmt: skip
    stats = result.stats
    assert (stats.n_cases, stats.n_rejected, stats.n_errors) == (2, 0, 0)
    assert RubricStats.model_validate(json.loads(result.stats_file.read_text())) == stats
    cases = load_models(result.cases, Case)
    assert [c.id for c in cases] == ["c-0", "c-1"] and all(len(c.rubric) == 2 for c in cases)
    assert result.rejected.read_text() == result.errors.read_text() == ""
