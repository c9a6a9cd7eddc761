"""The shared model flags fill the one ModelOptions that every model-calling stage uses."""

from __future__ import annotations

from pathlib import Path

from medrubric.analysis import llm_tasks
from medrubric.audit import inject_run
from medrubric.cli.options import ModelSettings, model_settings
from medrubric.evaluate.runner import RunOptions
from medrubric.llm.spec import parse_model_spec
from medrubric.runtime.options import ModelOptions


def _settings(**overrides: object) -> ModelSettings:
    flags: dict[str, object] = {
        "timeout": 30.0,
        "cache_dir": Path("cache"),
        "no_cache": True,
        "concurrency": 3,
        "config": None,
        "max_tokens": 64,
        "quiet": True,
    }
    return model_settings(**{**flags, **overrides})  # type: ignore[arg-type]


def test_settings_keys_are_exactly_the_model_options_fields() -> None:
    retry_shape = {"max_attempts", "backoff_s"}  # set by tests and benchmarks, not by flags
    assert set(ModelSettings.__annotations__) == set(ModelOptions.model_fields) - retry_shape
    opts = ModelOptions(**_settings())
    assert (opts.timeout, opts.cache_dir, opts.no_cache) == (30.0, Path("cache"), True)
    assert (opts.concurrency, opts.max_tokens, opts.show_progress) == (3, 64, False)
    assert opts.params() == {"temperature": 0.0, "max_tokens": 64}


def test_every_stage_uses_the_same_class() -> None:
    assert inject_run.ModelOptions is llm_tasks.ModelOptions is ModelOptions
    assert issubclass(RunOptions, ModelOptions)


def test_the_evaluation_engine_takes_the_same_settings() -> None:
    run = RunOptions(cases="sample", out=Path("run"), **_settings(quiet=False))
    assert (run.timeout, run.concurrency, run.max_tokens, run.show_progress) == (30.0, 3, 64, True)


def test_workers_prefer_the_flag_then_the_spec_then_four() -> None:
    spec = parse_model_spec("openai:m@http://127.0.0.1:1/v1").model_copy(update={"concurrency": 6})
    assert ModelOptions(concurrency=2).workers(spec) == 2
    assert ModelOptions().workers(spec) == 6
    assert ModelOptions().workers() == 4


def test_model_options_builds_the_one_model_options_class() -> None:
    from medrubric.cli.options import model_options
    from medrubric.runtime.options import ModelOptions

    opts = model_options(30.0, None, True, 3, None, 256, True)
    assert isinstance(opts, ModelOptions)
    assert (opts.timeout, opts.no_cache, opts.concurrency, opts.max_tokens) == (30.0, True, 3, 256)
    assert opts.show_progress is False
