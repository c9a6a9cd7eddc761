"""What `eval` checks before its first model call: every API key the run needs."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from medrubric.cli.main import app

# An endpoint that needs no key and answers nothing (the discard port): were it called,
# the run would spend its retries on it before reaching the grader.
NO_KEY_MODEL = "openai:some-model@http://127.0.0.1:9/v1"


@pytest.fixture
def no_openai_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)


@pytest.mark.parametrize(
    "graders",
    [["--grader", "openai:gpt-4o-mini"],
     ["--grader", NO_KEY_MODEL, "--grader", "openai:gpt-4o-mini", "--jury", "majority"]],
    ids=["grader", "jury"],
)  # fmt: skip
def test_a_grader_key_missing_stops_eval_before_any_answer(
    tmp_path: Path, no_openai_key: None, graders: list[str]
) -> None:
    out = tmp_path / "run"
    args = ["eval", "--cases", "sample", "--limit", "1", "--model", NO_KEY_MODEL, *graders,
            "--out", str(out), "--no-cache", "--quiet", "--timeout", "5"]  # fmt: skip
    result = CliRunner().invoke(app, args, prog_name="medrubric")
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines() == [
        "error: model 'gpt-4o-mini' needs an API key: set the environment variable OPENAI_API_KEY"
    ]
    assert not (out / "responses.jsonl").exists()
