"""`medrubric eval` reads medrubric.toml once and parses each model spec once, at the edge,
then hands the typed specs to every stage (generate, grade, summary, reports)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from medrubric.cli.main import app
from medrubric.llm import spec as spec_module
from medrubric.runtime import options as options_module
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer


def test_eval_reads_the_config_once_and_parses_each_spec_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[object] = []
    parsed: list[str] = []
    real_load, real_parse = options_module.load_config, spec_module.parse_model_spec

    def counting_load(path: object = None) -> object:
        reads.append(path)
        return real_load(path)  # type: ignore[arg-type]

    def counting_parse(text: str, config: object = None) -> object:
        parsed.append(text)
        return real_parse(text, config)  # type: ignore[arg-type]

    monkeypatch.setattr(options_module, "load_config", counting_load)
    monkeypatch.setattr(options_module, "parse_model_spec", counting_parse)
    monkeypatch.setattr(spec_module, "parse_model_spec", counting_parse)
    config = tmp_path / "medrubric.toml"
    with ReplayServer(rubric_replay_handler) as server:
        url = f"base_url = '{server.base_url}'\n"
        config.write_text(
            f"[models.cand]\nprovider = 'openai'\nmodel = 'replay'\n{url}"
            f"[models.judge]\nprovider = 'openai'\nmodel = 'judge'\n{url}",
            encoding="utf-8",
        )
        args = ["eval", "--cases", "sample", "--limit", "2", "--model", "cand"]
        args += ["--grader", "judge", "--mode", "batched", "--out", str(tmp_path / "run")]
        args += ["--config", str(config), "--cache-dir", str(tmp_path / "cache"), "--quiet"]
        result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert reads == [config]
    assert sorted(parsed) == ["cand", "judge"]
