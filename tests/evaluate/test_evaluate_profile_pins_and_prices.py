"""Profiles and prices as a new user meets them: every pinned model is priced, an unknown
price stays unknown (never $0), a replaced pinned grader is said out loud and recorded, and
a release's pinned grader is used when the command names none."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from medrubric.cli.main import app, main
from medrubric.evaluate.profiles import PROFILES, resolve_setup
from medrubric.llm.config import MedrubricConfig
from medrubric.llm.spec import parse_model_spec
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer


def _invoke(args: list[str]):
    return CliRunner().invoke(app, args, env={"COLUMNS": "200"})


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_every_model_a_profile_pins_is_priced(name):
    spec = parse_model_spec(PROFILES[name].grader, MedrubricConfig())
    assert spec.priced and spec.batch_priced, spec
    assert spec.price_source and spec.price_source.startswith("known-models table")


def test_readme_first_command_prints_a_price(tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    result = _invoke(["eval", "--cases", "sample", "--model", "openai:gpt-4.1",
                      "--grader-profile", "livemedbench", "--out", str(tmp_path / "run"),
                      "--dry-run"])  # fmt: skip
    assert result.exit_code == 0, result.output
    total = next(line for line in result.output.splitlines() if line.startswith("│ total"))
    assert "unknown" not in total
    assert "prices of openai:gpt-4.1-2025-04-14: known-models table" in result.output


def test_an_unknown_price_is_unknown_in_console_summary_and_report(tmp_path):
    with ReplayServer(rubric_replay_handler) as server:
        spec = f"openai:unpriced@{server.base_url}"
        result = _invoke(["eval", "--cases", "sample", "--limit", "2", "--model", spec,
                          "--grader", spec, "--out", str(tmp_path / "run"),
                          "--cache-dir", str(tmp_path / "cache")])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "cost unknown" in result.output.splitlines()[-3]  # the run's closing tally
    spent = [line for line in result.output.splitlines() if "$0.0000" in line]
    assert all("calls 0 made" in line for line in spent), spent  # $0 only before any call
    summary = json.loads((tmp_path / "run" / "summary.json").read_text())
    assert summary["cost_usd"] is None and summary["calls"]["made"] > 0
    html = (tmp_path / "run" / "report.html").read_text()
    assert "cost unknown" in html and "$0.0000" not in html


def test_a_missing_batch_price_says_it_falls_back(tmp_path):
    config = tmp_path / "medrubric.toml"
    config.write_text(
        "[models.half]\nprovider = 'openai'\nmodel = 'half'\nbase_url = 'http://127.0.0.1:9/v1'\n"
        "price_input_per_1m = 1.0\nprice_output_per_1m = 2.0\n",
        encoding="utf-8",
    )
    result = _invoke(["eval", "--cases", "sample", "--limit", "1", "--model", "half",
                      "--grader", "half", "--config", str(config), "--out",
                      str(tmp_path / "run"), "--dry-run"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "no Batch API price known for half" in result.output
    assert "uses the standard prices" in result.output


def test_a_replaced_pinned_grader_does_not_carry_the_profile_label(tmp_path):
    with ReplayServer(rubric_replay_handler) as server:
        judge = f"openai:judge@{server.base_url}"
        result = _invoke(["eval", "--cases", "sample", "--limit", "1", "--model", judge,
                          "--grader-profile", "livemedbench", "--grader", judge,
                          "--out", str(tmp_path / "run"),
                          "--cache-dir", str(tmp_path / "c")])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "does not follow the livemedbench profile" in result.output
    grading = json.loads((tmp_path / "run" / "summary.json").read_text())["grading"]
    assert grading["profile"] is None and grading["off_profile"] == "livemedbench"
    assert grading["prompt"] == "grade_criterion" and grading["clip"] is True
    assert "pinned grader was replaced" in (tmp_path / "run" / "report.html").read_text()


def test_the_pinned_model_at_another_endpoint_still_follows_the_profile():
    setup = resolve_setup("livemedbench", "openai:gpt-4.1-2025-04-14@http://proxy:8/v1", None)
    assert setup.profile == "livemedbench" and setup.off_profile is None
    assert setup.profile_note() is None
    other = resolve_setup("healthbench", "openai:judge@http://proxy:8/v1", None)
    assert other.profile is None and other.off_profile == "healthbench"
    assert "replaces the healthbench profile's pinned openai:gpt-4.1-2025-04-14" in (
        other.profile_note() or ""
    )


def _release(tmp_path: Path, profile: str) -> Path:
    """A release of the sample's 10 cases from October 2025 (both languages)."""
    out = tmp_path / "rel"
    main(["release", "sample", "--version", "v2026.11", "--from", "2025-10-01", "--to",
          "2026-11-30", "--out", str(out), "--grader-profile", profile])  # fmt: skip
    return out


def test_eval_on_a_release_uses_its_pinned_grader(tmp_path):
    with ReplayServer(rubric_replay_handler) as server:
        pins = tmp_path / "pins.json"
        pins.write_text(json.dumps({"grader": f"openai:judge@{server.base_url}",
                                    "mode": "batched"}))  # fmt: skip
        release = _release(tmp_path, str(pins))
        for folder in (release, release.with_name("rel-hf")):
            out = tmp_path / f"run-{folder.name}"
            result = _invoke(["eval", "--cases", str(folder), "--limit", "2", "--model",
                              f"openai:cand@{server.base_url}", "--out", str(out),
                              "--cache-dir", str(tmp_path / "c")])  # fmt: skip
            assert result.exit_code == 0, result.output
            grading = json.loads((out / "summary.json").read_text())["grading"]
            assert grading["grader"] == f"openai:judge@{server.base_url}"
            assert grading["mode"] == "batched"


def test_the_dataset_card_command_works_on_a_profile_release(tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    release = _release(tmp_path, "livemedbench")
    result = _invoke(["eval", "--cases", str(release), "--model", "openai:gpt-4.1",
                      "--out", str(tmp_path / "run"), "--dry-run"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "openai:gpt-4.1-2025-04-14" in result.output
