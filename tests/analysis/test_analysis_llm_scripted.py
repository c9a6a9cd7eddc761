"""Error-type classification and the holistic judge through a scripted model: prompts,
schema, selection, counts with Wilson CIs, and failures recorded rather than guessed."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel
from statsmodels.stats.proportion import proportion_confint

from medrubric.analysis.error_types import (
    LowSelection,
    classify_runs,
    count_types,
    select_low,
)
from medrubric.analysis.holistic import judge_answers
from medrubric.analysis.labels import load_labels
from medrubric.analysis.runs import load_run
from medrubric.data.formats import load_cases
from medrubric.data.jsonl import write_jsonl
from medrubric.testing.scripted import ScriptedModel

SAMPLE = Path(__file__).parents[2] / "src" / "medrubric" / "data" / "sample"
FIXTURE = Path(__file__).parent / "fixtures" / "meta_eval_small.jsonl"


def sample_run(tmp_path: Path, model: str = "demo-hasty") -> Path:
    """The bundled sample laid out as a run directory."""
    root = tmp_path / model
    root.mkdir()
    write_jsonl(root / "cases.jsonl", load_cases("sample"))
    for name in ("grades", "responses"):
        (root / f"{name}.jsonl").write_bytes((SAMPLE / f"{name}-{model}.jsonl").read_bytes())
    return root


def test_selection_by_share_and_threshold(tmp_path: Path) -> None:
    run = load_run(sample_run(tmp_path))
    scores = sorted(run.scores().values())
    low = select_low(run, LowSelection(share=0.25))
    assert len(low) == round(0.25 * len(scores))
    assert [s for _, s in low] == scores[: len(low)]
    below = select_low(run, LowSelection(threshold=0.3))
    assert all(s < 0.3 for _, s in below) and len(below) == sum(s < 0.3 for s in scores)
    with pytest.raises(ValueError):
        LowSelection(share=0)


def test_classification_counts_and_recorded_failures(tmp_path: Path) -> None:
    run = load_run(sample_run(tmp_path))
    low = select_low(run, LowSelection(share=0.5))
    fail_id = low[0][0].case_id

    def reply(messages: list[dict[str, str]], schema: type[BaseModel] | None) -> Any:
        prompt = messages[0]["content"]
        assert schema is not None and "CNIF" in prompt
        if str(run.responses[fail_id].response) in prompt:
            raise TimeoutError("endpoint timed out")
        return {
            "rationale": "ignores the history",
            "error_type": "CNIF" if "?" in prompt else "KGOC",
        }

    model = ScriptedModel(reply, label="scripted-classifier")
    results = asyncio.run(classify_runs(model, [run], LowSelection(share=0.5), show_progress=False))
    assert len(results) == len(low)
    failed = [r for r in results if r.error]
    assert [r.case_id for r in failed] == [fail_id] and failed[0].error_type is None
    assert all(r.prompt_version == "error_type@1" for r in results)
    counts = count_types(results)[0]
    assert counts.n_failed == 1 and counts.n_classified == len(low) - 1
    k, n = counts.types["CNIF"].n, counts.n_classified
    lo, hi = proportion_confint(k, n, method="wilson")
    assert counts.types["CNIF"].ci95 == pytest.approx((lo, hi))
    assert sum(t.n for t in counts.types.values()) == n


def test_invalid_reply_is_reasked_once_then_recorded(tmp_path: Path) -> None:
    run = load_run(sample_run(tmp_path))
    model = ScriptedModel(lambda m, s: {"rationale": "x", "error_type": "NOT-A-TYPE"})
    results = asyncio.run(classify_runs(model, [run], LowSelection(share=0.1), show_progress=False))
    assert results and all(r.error and "after one re-ask" in r.error for r in results)
    assert model.calls == 2 * len(results)


def test_holistic_judge_scores_and_errors() -> None:
    answers = load_labels(FIXTURE).answers

    def reply(messages: list[dict[str, str]], schema: type[BaseModel] | None) -> Any:
        if "antacid" in messages[0]["content"]:
            return {"rationale": "too high", "score": 11}  # outside 0-10: invalid both times
        return {"rationale": "fine", "score": 7}

    scores = asyncio.run(
        judge_answers(ScriptedModel(reply), list(answers.values()), show_progress=False)
    )
    by_id = {s.answer_id: s for s in scores}
    assert by_id["c1a"].score == 7 and by_id["c1a"].prompt_version == "holistic_judge@1"
    assert by_id["c1b"].score is None and by_id["c1b"].error
