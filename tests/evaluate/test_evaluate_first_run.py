"""A first `eval`: what it checks before its first model call (every API key, filters that
match nothing) and a `--dry-run` table that reads at 80 columns."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from medrubric.cli.main import app
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer

# An endpoint that needs no key and answers nothing (the discard port): were it called,
# the run would spend its retries on it before reaching the grader.
NO_KEY_MODEL = "openai:some-model@http://127.0.0.1:9/v1"


@pytest.fixture
def no_openai_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)


@pytest.mark.parametrize("jury", [False, True], ids=["grader", "jury"])
def test_a_grader_key_missing_stops_eval_before_any_answer(
    tmp_path: Path, no_openai_key: None, jury: bool, medrubric_cli
) -> None:
    """The candidate (a server that needs no key) is never called when a grader's key is
    missing: the run used to make the answers first and stop when grading began."""
    with ReplayServer(rubric_replay_handler) as server:
        served = f"openai:m@{server.base_url}"
        graders = ["--grader", "openai:gpt-4o-mini"]
        if jury:
            graders = ["--grader", served, *graders, "--jury", "majority"]
        args = ["eval", "--cases", "sample", "--limit", "1", "--model", served, *graders,
                "--out", str(tmp_path / "run"), "--no-cache", "--quiet"]  # fmt: skip
        result = medrubric_cli(args)
        assert server.total == 0
    assert result.exit_code == 2, result.output
    [line] = result.stderr.splitlines()
    assert line.startswith("error: model '") and "gpt-4o-mini" in line
    assert line.endswith(" needs an API key: set the environment variable OPENAI_API_KEY")


HOSTED = """
[models.claude]
provider = "openai"
model = "claude-3-5-sonnet-20241022"
base_url = "https://api.anthropic.com/v1"
api_key_env = "ANTHROPIC_API_KEY"

[models.gemini]
provider = "openai"
model = "gemini-2.5-flash"
base_url = "https://generativelanguage.googleapis.com/v1beta/openai"
api_key_env = "GEMINI_API_KEY"
"""


@pytest.mark.parametrize(
    ("grader", "variable"), [("claude", "ANTHROPIC_API_KEY"), ("gemini", "GEMINI_API_KEY")]
)
def test_a_hosted_grader_with_its_own_key_variable_unset_stops_before_any_call(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, grader: str, variable: str, medrubric_cli
) -> None:
    """A model entry that names a key variable of its own (the hosted Anthropic and Gemini
    endpoints) needs it: unset, it used to become a dummy key, and the run failed at its
    first grading call instead of before the first answer."""
    monkeypatch.delenv(variable, raising=False)
    config = tmp_path / "medrubric.toml"
    config.write_text(HOSTED, encoding="utf-8")
    monkeypatch.setenv("MEDRUBRIC_CONFIG", str(config))
    with ReplayServer(rubric_replay_handler) as server:
        candidate = f"openai:m@{server.base_url}"
        args = ["eval", "--cases", "sample", "--limit", "1", "--model", candidate, "--grader",
                grader, "--out", str(tmp_path / "run"), "--no-cache", "--quiet"]  # fmt: skip
        result = medrubric_cli(args)
        assert server.total == 0
    assert result.exit_code == 2, result.output
    [line] = result.stderr.splitlines()
    assert line == (
        f"error: model {grader!r} needs an API key: set the environment variable {variable}"
    )


KEYS = "(keys: id, language, theme, specialty, source, published_after, published_before)"


@pytest.mark.parametrize(
    ("expression", "present"),
    [("language=fr", "language: en, zh"),
     ("theme=emergency", "theme: context_seeking, emergency_referrals, "
      "expertise_tailored_communication, responding_under_uncertainty, response_depth")],
)  # fmt: skip
def test_a_filter_matching_no_case_stops_the_dry_run_and_the_run_alike(
    tmp_path: Path, expression: str, present: str, medrubric_cli
) -> None:
    """`--dry-run` used to report 0 calls with exit 0, and the run `no cases left` without
    the values to choose from: both now stop with one line naming the values present."""
    line = f"error: --cases-filter {expression} matches no case; the cases have {present} {KEYS}"
    for dry in (["--dry-run"], []):
        out = tmp_path / f"run{len(dry)}"
        args = ["eval", "--cases", "sample", "--cases-filter", expression, "--model",
                NO_KEY_MODEL, "--grader", NO_KEY_MODEL, "--out", str(out), "--quiet"]  # fmt: skip
        result = medrubric_cli([*args, *dry])
        assert result.exit_code == 2, (dry, result.output)
        assert result.stderr.splitlines() == [line], dry
        assert not out.exists()


def test_the_dry_run_table_fits_80_columns(tmp_path: Path) -> None:
    args = ["eval", "--cases", "sample", "--limit", "2", "--model", NO_KEY_MODEL, "--grader",
            NO_KEY_MODEL, "--out", str(tmp_path / "run"), "--no-cache", "--dry-run"]  # fmt: skip
    result = CliRunner().invoke(app, args, prog_name="medrubric")
    assert result.exit_code == 0, result.output
    table = [line for line in result.stdout.splitlines() if line[:1] in "┏┃┡│└"]
    assert len(table) >= 6 and max(len(line) for line in table) <= 80, table
    header = next(line for line in table if line.startswith("┃"))
    assert [c.strip() for c in header.split("┃")[1:-1]] == [
        "stage", "model", "calls", "cached", "USD", "batch USD"
    ]  # fmt: skip
    tokens = [line for line in result.stdout.splitlines() if line.startswith("tokens of ")]
    assert [line.split(" (")[0] for line in tokens] == ["tokens of generate", "tokens of grade"]
