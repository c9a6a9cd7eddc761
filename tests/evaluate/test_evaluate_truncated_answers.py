"""An answer that stopped at the token limit is recorded as cut off, counted in the run's
console line, listed in summary.json and named in report.html; it is graded as written,
never passed off as a complete answer."""

from __future__ import annotations

import json
from pathlib import Path

from medrubric.data.jsonl import load_models
from medrubric.data.models import Response
from medrubric.testing.replay import ANSWER, rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer


def _eval(server: ReplayServer, out: Path, max_tokens: int, medrubric_cli):
    spec = f"openai:replay@{server.base_url}"
    args = ["eval", "--cases", "sample", "--limit", "2", "--model", spec, "--grader", spec,
            "--max-tokens", str(max_tokens), "--out", str(out), "--no-cache"]  # fmt: skip
    return medrubric_cli(args)


def test_answers_cut_at_max_tokens_are_marked_and_counted(tmp_path: Path, medrubric_cli) -> None:
    words = len(ANSWER.split())
    with ReplayServer(rubric_replay_handler, cut_at_max_tokens=True) as server:
        cut = _eval(server, tmp_path / "cut", 3, medrubric_cli)
        whole = _eval(server, tmp_path / "whole", words + 5, medrubric_cli)
    assert cut.exit_code == 0 == whole.exit_code, cut.output + whole.output
    responses = load_models(tmp_path / "cut" / "responses.jsonl", Response)
    assert len(responses) == 2
    assert all(r.truncated and len((r.response or "").split()) == 3 for r in responses)
    assert "2 cut off at --max-tokens" in cut.output
    assert "2 answers stopped at --max-tokens and were graded as written" in cut.output
    listed = json.loads((tmp_path / "cut" / "summary.json").read_text())["truncated_answers"]
    assert sorted(listed, key=str) == sorted(
        ({"case_id": r.case_id, "epoch": 0} for r in responses), key=str
    )
    report = (tmp_path / "cut" / "report.html").read_text()
    assert "2 answers stopped at the token limit" in report
    assert all(r.case_id in report.split("stopped at the token limit")[1] for r in responses)
    complete = load_models(tmp_path / "whole" / "responses.jsonl", Response)
    assert [r.truncated for r in complete] == [False, False]
    assert all(r.response == ANSWER for r in complete)
    assert "cut off" not in whole.output and "--max-tokens" not in whole.output
    assert json.loads((tmp_path / "whole" / "summary.json").read_text())["truncated_answers"] == []
    assert "stopped at the token limit" not in (tmp_path / "whole" / "report.html").read_text()
