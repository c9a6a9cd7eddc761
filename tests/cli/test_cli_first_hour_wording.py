"""What a first run of the README prints: answers files spoken of as answers, the bundled
sample by name, no self-preference line over no score."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from typer.testing import CliRunner

from medrubric.cli.evaluate import panel_lines
from medrubric.cli.main import app


def test_grade_given_a_folder_as_responses_speaks_of_answers(tmp_path: Path, medrubric_cli) -> None:
    run = tmp_path / "run"
    run.mkdir()
    grader = "openai:m@http://127.0.0.1:9/v1"
    args = ["grade", "--responses", str(run), "--cases", "sample", "--grader", grader,
            "--out", str(tmp_path / "out"), "--quiet"]  # fmt: skip
    for dry in ([], ["--dry-run"]):
        result = medrubric_cli([*args, *dry])
        assert result.exit_code == 2, result.output
        said = f"error: {run}: is a folder with no responses.jsonl"
        assert result.stderr.splitlines() == [f"{said} (--responses takes an answers file)"]
    (run / "responses.jsonl").write_text("", encoding="utf-8")
    result = medrubric_cli(args)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"error: {run}: is a folder: give its answers file, {run / 'responses.jsonl'} "
        "(--responses takes an answers file)"
    ]


def test_validate_sample_names_the_bundled_sample_not_its_installed_path() -> None:
    result = CliRunner().invoke(app, ["validate", "sample"], prog_name="medrubric")
    assert result.exit_code == 0, result.output
    first = result.stdout.splitlines()[0]
    assert first.startswith("sample (bundled): 46 cases (medrubric), ")
    assert "site-packages" not in first and "/" not in first


def test_no_self_preference_line_when_nothing_was_scored() -> None:
    pref = SimpleNamespace(flagged=True, same_family=["openai:gpt-4.1"], candidate_family="openai")
    summary = SimpleNamespace(jury=None, grading_noise=None, self_preference=pref, score=0.5)
    assert panel_lines(summary) == [
        "self-preference risk: openai:gpt-4.1 of the candidate's family (openai)"
    ]
    summary.score = None
    assert panel_lines(summary) == []
