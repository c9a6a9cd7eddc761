"""`analyze errors --classify-with` over real HTTP (the replay server): retries after server
errors, a reply that never fits the schema recorded as an error, and a re-run that makes no
new request because every finished call comes from the LLM cache."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from medrubric.analysis.error_types import Classification
from medrubric.cli.main import app
from medrubric.data.formats import load_cases
from medrubric.data.jsonl import load_models, write_jsonl
from medrubric.testing.replay_server import FaultPlan, ReplayServer

SAMPLE = Path(__file__).parents[2] / "src" / "medrubric" / "data" / "sample"
BROKEN_CASE = "syn-en-001"


def handler(body: dict[str, Any]) -> str | dict[str, Any]:
    prompt = body["messages"][0]["content"]
    if "crushing" in prompt.lower() and "chest pain" in prompt.lower():
        return "I cannot decide."  # never valid JSON: re-asked once, then an error
    return {"rationale": "the answer ignores the stated history", "error_type": "CNIF"}


def test_classification_over_http_with_faults_and_resume(tmp_path: Path) -> None:
    run = tmp_path / "demo-hasty"
    run.mkdir()
    write_jsonl(run / "cases.jsonl", load_cases("sample"))
    for name in ("grades", "responses"):
        (run / f"{name}.jsonl").write_bytes((SAMPLE / f"{name}-demo-hasty.jsonl").read_bytes())
    out = tmp_path / "out"
    with ReplayServer(handler, faults=FaultPlan(schedule=["500"])) as server:
        args = ["analyze", "errors", str(run), "--out", str(out), "--bottom-share", "0.2",
                "--classify-with", f"openai:judge@{server.base_url}", "--quiet",
                "--cache-dir", str(tmp_path / "cache"), "--timeout", "30"]  # fmt: skip
        first = CliRunner().invoke(app, args)
        assert first.exit_code == 0, first.output
        calls = server.total
        rows = load_models(out / "error_types.jsonl", Classification)
        assert len(rows) == round(0.2 * 46)
        broken = [r for r in rows if r.error]
        assert [r.case_id for r in broken] == [BROKEN_CASE]
        assert "after one re-ask" in (broken[0].error or "")
        assert all(r.error_type == "CNIF" for r in rows if not r.error)
        counts = json.loads((out / "error_types.json").read_text())["counts"][0]
        assert (counts["n_failed"], counts["types"]["CNIF"]["n"]) == (1, len(rows) - 1)

        second = CliRunner().invoke(app, args)
        assert second.exit_code == 0, second.output
        again = load_models(out / "error_types.jsonl", Classification)
        assert all(r.cached for r in again if not r.error)
        assert (
            server.total - calls <= 4
        )  # only the failed call is retried (2 tries, each 500 first)
