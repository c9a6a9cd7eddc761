"""The model flags, declared once as an option group, fill the one ModelOptions that every
model-calling stage uses."""

from __future__ import annotations

from pathlib import Path

import typer
from typer.testing import CliRunner

from medrubric.analysis import llm_tasks
from medrubric.audit import inject_run
from medrubric.cli.groups import model_flags
from medrubric.evaluate.runner import RunOptions
from medrubric.llm.spec import parse_model_spec
from medrubric.runtime.options import ModelOptions

FLAGS = ["--timeout", "30", "--cache-dir", "cache", "--no-cache", "--concurrency", "3"]
FLAGS += ["--max-tokens", "64", "--quiet"]


def _received(*args: str, **group: object) -> ModelOptions:
    seen: list[ModelOptions] = []

    @model_flags(**group)  # type: ignore[arg-type]
    def command(name: str, models: ModelOptions, limit: int = 1) -> None:
        assert (name, limit) == ("x", 2)
        seen.append(models)

    app = typer.Typer()
    app.command()(command)
    result = CliRunner().invoke(app, ["x", "--limit", "2", *args])
    assert result.exit_code == 0, result.output
    return seen[0]


def test_the_flags_arrive_as_one_model_options() -> None:
    opts = _received(*FLAGS)
    assert (opts.timeout, opts.cache_dir, opts.no_cache) == (30.0, Path("cache"), True)
    assert (opts.concurrency, opts.max_tokens, opts.show_progress) == (3, 64, False)
    assert opts.params() == {"temperature": 0.0, "max_tokens": 64}


def test_defaults_and_a_subset_of_the_group() -> None:
    assert _received() == ModelOptions()
    opts = _received("--timeout", "5", timeout=300.0, only=("timeout", "quiet"))
    assert opts.timeout == 5.0
    assert _received(timeout=300.0, only=("timeout",)).timeout == 300.0


def test_every_stage_uses_the_same_class() -> None:
    assert inject_run.ModelOptions is llm_tasks.ModelOptions is ModelOptions
    assert issubclass(RunOptions, ModelOptions)


def test_the_evaluation_engine_takes_the_same_settings() -> None:
    models = _received(*FLAGS)
    run = RunOptions(cases="sample", out=Path("run"), **models.model_dump())
    assert (run.timeout, run.concurrency, run.max_tokens, run.show_progress) == (30.0, 3, 64, False)


def test_workers_prefer_the_flag_then_the_spec_then_the_stage_default() -> None:
    spec = parse_model_spec("openai:m@http://127.0.0.1:1/v1").model_copy(update={"concurrency": 6})
    assert ModelOptions(concurrency=2).workers(spec) == 2
    assert ModelOptions().workers(spec) == 6
    assert ModelOptions().workers() == 4
    assert RunOptions(cases="sample", out=Path("run")).workers() == 8


def test_a_spec_is_parsed_once_and_the_config_read_once(tmp_path: Path) -> None:
    config = tmp_path / "medrubric.toml"
    config.write_text("[models.cand]\nprovider = 'openai'\nmodel = 'm'\n", encoding="utf-8")
    opts = ModelOptions(config=config)
    first = opts.spec("cand")
    config.write_text("not toml at all [", encoding="utf-8")  # never read again
    assert opts.spec("cand") is first
    assert opts.spec("openai:other").model == "other"
