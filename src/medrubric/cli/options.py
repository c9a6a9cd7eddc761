"""Command-line options shared by the stage commands, declared once so every command spells,
documents and validates a flag the same way; plus the JSON-object reader behind file options.

Use them as parameter types: ``timeout: Timeout = 120.0``. Defaults stay at the command,
because they differ between stages (for example how many calls are worth running at once).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypedDict

import typer

from medrubric.errors import InputError

Timeout = Annotated[float, typer.Option("--timeout", help="Seconds per model request.")]
CacheDir = Annotated[Path | None, typer.Option("--cache-dir", help="LLM call cache folder.")]
NoCache = Annotated[bool, typer.Option("--no-cache", help="Neither read nor write the LLM cache.")]
Concurrency = Annotated[
    int | None, typer.Option("--concurrency", min=1, help="Calls in flight at once.")
]
Config = Annotated[Path | None, typer.Option("--config", help="medrubric.toml to use.")]
MaxTokens = Annotated[
    int | None, typer.Option("--max-tokens", min=1, help="Reply length limit per call.")
]
Quiet = Annotated[bool, typer.Option("--quiet", help="No progress display.")]
Seed = Annotated[
    int, typer.Option("--seed", help="Seed of the bootstrap (and permutation) resampling.")
]
Resamples = Annotated[int, typer.Option("--resamples", min=1, help="Bootstrap resamples.")]
Out = Annotated[Path, typer.Option("--out", help="Output folder (resumable).")]

if TYPE_CHECKING:
    from medrubric.runtime.options import ModelOptions


class ModelSettings(TypedDict):
    """The model flags as the keyword arguments of `medrubric.llm.options.ModelOptions`; a
    plain dict, so building it never loads the model client."""

    timeout: float
    cache_dir: Path | None
    no_cache: bool
    concurrency: int | None
    config: Path | None
    max_tokens: int | None
    show_progress: bool


def model_settings(
    *,
    timeout: float,
    cache_dir: Path | None,
    no_cache: bool,
    concurrency: int | None,
    config: Path | None,
    max_tokens: int | None,
    quiet: bool,
) -> ModelSettings:
    """Collect the shared model flags once, as keywords for the evaluation engine's
    `RunOptions`; stages that call a model take `model_options` instead."""
    return ModelSettings(
        timeout=timeout,
        cache_dir=cache_dir,
        no_cache=no_cache,
        concurrency=concurrency,
        config=config,
        max_tokens=max_tokens,
        show_progress=not quiet,
    )


def read_json_object(path: Path) -> dict[str, Any]:
    """The JSON object in PATH (a pinned grader profile, say); anything else is an InputError."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError("file not found", path) from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"not valid JSON: {exc}", path) from None
    if not isinstance(data, dict):
        raise InputError("expected a JSON object", path)
    return data


def model_options(
    timeout: float,
    cache_dir: Path | None,
    no_cache: bool,
    concurrency: int | None,
    config: Path | None,
    max_tokens: int | None,
    quiet: bool,
) -> ModelOptions:
    """The shared model flags as the `ModelOptions` every model-calling stage takes."""
    from medrubric.runtime.options import ModelOptions

    return ModelOptions(
        **model_settings(
            timeout=timeout,
            cache_dir=cache_dir,
            no_cache=no_cache,
            concurrency=concurrency,
            config=config,
            max_tokens=max_tokens,
            quiet=quiet,
        )
    )
