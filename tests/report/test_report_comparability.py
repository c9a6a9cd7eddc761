"""Runs set side by side: `report` names every difference in case set, grader, mode and
prompt version (with the runs that have each value), and `compare` refuses runs that are not
like with like unless told (real runs through the replay server)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from medrubric.cli.main import app
from medrubric.data.formats import load_cases
from medrubric.data.jsonl import write_jsonl
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer


def _invoke(args: list[str]):
    return CliRunner().invoke(app, args, env={"COLUMNS": "200"})


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("runs")
    subset = root / "subset.jsonl"
    write_jsonl(subset, load_cases("sample")[1:5])
    made = {}
    with ReplayServer(rubric_replay_handler) as server:
        url = server.base_url
        plans = {
            "a": ("sample", "m1", "per-criterion"),
            "b": ("sample", "m1", "batched"),
            "c": (str(subset), "m1", "per-criterion"),
            "d": ("sample", "m2", "per-criterion"),
        }
        for name, (cases, model, mode) in plans.items():
            out = root / name
            result = _invoke(["eval", "--cases", cases, "--limit", "3", "--model",
                              f"openai:{model}@{url}", "--grader", f"openai:judge@{url}",
                              "--mode", mode, "--out", str(out), "--cache-dir",
                              str(root / "cache"), "--quiet"])  # fmt: skip
            assert result.exit_code == 0, result.output
            made[name] = out
    return made


def test_report_names_each_difference_and_which_runs_have_it(runs, tmp_path):
    result = _invoke(["report", *(str(p) for p in runs.values()), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    markdown = (tmp_path / "leaderboard.md").read_text()
    html = (tmp_path / "leaderboard.html").read_text()
    mode_note = next(line for line in markdown.splitlines() if "differ in mode" in line)
    assert f"batched ({runs['b']})" in mode_note and "per-criterion (" in mode_note
    assert "differ in case set" in markdown and "differ in prompt" in markdown
    assert "differ in grader" not in markdown  # one grader throughout
    assert "differ in mode" in html
    alike = _invoke(["report", str(runs["a"]), str(runs["d"]), "--out", str(tmp_path / "ad")])
    assert "Not comparable" not in (tmp_path / "ad" / "leaderboard.md").read_text()
    assert alike.exit_code == 0


def test_compare_refuses_runs_graded_differently_or_on_other_cases(runs, medrubric_cli):
    same = _invoke(["compare", str(runs["a"]), str(runs["d"])])
    assert same.exit_code == 0, same.output
    # the same answers graded another way: the grading change is what is compared
    regraded = medrubric_cli(["compare", str(runs["a"]), str(runs["b"]), "--rows", "0"])
    assert regraded.exit_code == 0, regraded.output
    assert "same answers, grading changed: mode" in regraded.output
    for other, what in (("c", "case set"),):
        refused = medrubric_cli(["compare", str(runs["a"]), str(runs[other])])
        assert refused.exit_code == 2, refused.output
        assert "not comparable" in refused.output and what in refused.output
        assert "--allow-mismatch" in refused.output and "Traceback" not in refused.output
        told = _invoke(["compare", str(runs["a"]), str(runs[other]), "--allow-mismatch"])
        assert told.exit_code == 0, told.output
        assert f"not comparable: {what}" in told.output
