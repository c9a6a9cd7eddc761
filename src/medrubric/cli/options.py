"""Command-line options shared by the stage commands, declared once so every command spells,
documents and validates a flag the same way.

The model flags come as one stackable group: a command decorated with `@model_flags()` takes
`models: ModelOptions` and gets --timeout, --cache-dir, --no-cache, --concurrency, --config,
--max-tokens and --quiet in its signature, collected into that one typed object at the edge.
Other shared flags are parameter types: ``out: Out``.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from medrubric.errors import InputError
from medrubric.evaluate.profiles import PROFILES

if TYPE_CHECKING:
    from medrubric.llm.endpoint import FanoutSettings

Timeout = Annotated[float, typer.Option("--timeout", help="Seconds per model request.")]
CacheDir = Annotated[Path | None, typer.Option("--cache-dir", help="LLM call cache folder.")]
NoCache = Annotated[bool, typer.Option("--no-cache", help="Neither read nor write the LLM cache.")]
Config = Annotated[Path | None, typer.Option("--config", help="medrubric.toml to use.")]
MaxTokens = Annotated[
    int | None, typer.Option("--max-tokens", min=1, help="Reply length limit per call.")
]
Grader = Annotated[
    str | None, typer.Option("--grader", help="Grader model spec (a profile pins one).")
]
GraderProfile = Annotated[
    str | None,
    typer.Option("--grader-profile", help=f"Pinned grader set-up: {', '.join(PROFILES)}."),
]
GraderMaxTokens = Annotated[
    int | None, typer.Option("--grader-max-tokens", help="Reply length limit for the grader.")
]
Seed = Annotated[
    int, typer.Option("--seed", help="Seed of the bootstrap (and permutation) resampling.")
]
Resamples = Annotated[int, typer.Option("--resamples", min=1, help="Bootstrap resamples.")]
Out = Annotated[Path, typer.Option("--out", help="Output folder (resumable).")]
# Help text is rich markup: a literal "[" is written "\\[".
ENGINE_HELP = "local (this process) or ray (Ray Data tasks; pip install 'medrubric\\[ray]')."
RAY_ADDRESS_HELP = "Head of a running Ray cluster (host:port); default: start a local Ray."
ENDPOINT_HELP = (
    "With --engine ray: a server of the model, URL\\[#N] with N requests in flight "
    "(default 4); repeat for each server."
)
EngineOpt = Annotated[str, typer.Option("--engine", help=ENGINE_HELP)]
RayAddress = Annotated[str | None, typer.Option("--ray-address", help=RAY_ADDRESS_HELP)]
PartitionLines = Annotated[
    int, typer.Option("--partition-lines", min=1, help="Threads per resumable partition.")
]
Endpoints = Annotated[list[str] | None, typer.Option("--endpoint", help=ENDPOINT_HELP)]


def fanout_settings(
    engine: str,
    address: str | None,
    endpoints: list[str] | None,
    batch_api: str | None = None,
) -> FanoutSettings | None:
    """--engine ray with its endpoints, or None for the in-process client."""
    from medrubric.llm.endpoint import Endpoint, FanoutSettings
    from medrubric.scale.engine import Engine

    chosen = Engine.parse(engine, address)
    if chosen.kind == "local":
        if endpoints:
            raise InputError("--endpoint needs --engine ray")
        return None
    if not endpoints:
        raise InputError("--engine ray needs at least one --endpoint URL[#N] serving the model")
    if batch_api is not None:
        raise InputError("--batch-api and --engine ray are two ways to send calls: pick one")
    return FanoutSettings(chosen, tuple(Endpoint.parse(e) for e in endpoints))


F = TypeVar("F", bound=Callable[..., Any])

MODEL_PANEL = "Model options"
# The flags of the group, in the order --help lists them.
MODEL_FLAGS = ("timeout", "cache_dir", "no_cache", "concurrency", "config", "max_tokens", "quiet")


def _flag(name: str, timeout: float, max_tokens: str, concurrency: str) -> inspect.Parameter:
    """One flag of the group, listed under its own --help panel."""
    declared: dict[str, tuple[Any, str, str, Any]] = {
        "timeout": (float, "--timeout", "Seconds per model request.", timeout),
        "cache_dir": (Path | None, "--cache-dir", "LLM call cache folder.", None),
        "no_cache": (bool, "--no-cache", "Neither read nor write the LLM cache.", False),
        "concurrency": (int | None, "--concurrency", concurrency, None),
        "config": (Path | None, "--config", "medrubric.toml to use.", None),
        "max_tokens": (int | None, "--max-tokens", max_tokens, None),
        "quiet": (bool, "--quiet", "No progress display.", False),
    }
    kind, flag, help_text, default = declared[name]
    least = 1 if name in ("concurrency", "max_tokens") else None
    option = typer.Option(flag, help=help_text, rich_help_panel=MODEL_PANEL, min=least)
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=Annotated[kind, option]
    )


def _evaluated(fn: Callable[..., Any], param: inspect.Parameter) -> inspect.Parameter:
    """The parameter with its annotation evaluated (modules use postponed annotations)."""
    if isinstance(param.annotation, str):
        return param.replace(annotation=eval(param.annotation, fn.__globals__))  # noqa: S307
    return param


def _flag_group(
    target: str, flags: list[inspect.Parameter], collect: Callable[[dict[str, Any]], Any]
) -> Callable[[F], F]:
    """Add `flags` to a command's signature; its `target` parameter then receives
    `collect({flag name: value})`. Groups stack: each decorator adds its flags after the
    command's own parameters and those of the groups below it. `@model_flags` goes nearest
    the function: `models: ModelOptions` is a name only type checkers import."""
    names = [flag.name for flag in flags]

    def decorate(fn: F) -> F:
        own = inspect.signature(fn).parameters
        if target not in own:
            raise TypeError(f"{fn.__name__} needs a `{target}` parameter for its flags")
        params = [
            p.replace(kind=inspect.Parameter.KEYWORD_ONLY)
            for p in (_evaluated(fn, p) for p in own.values() if p.name != target)
        ]

        @functools.wraps(fn)
        def command(*args: Any, **kwargs: Any) -> Any:
            kwargs[target] = collect({name: kwargs.pop(name) for name in names})
            return fn(*args, **kwargs)

        command.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
            params + flags, return_annotation=None
        )
        command.__annotations__ = {p.name: p.annotation for p in params + flags}
        return command  # type: ignore[return-value]

    return decorate


def _model_options(values: dict[str, Any]) -> Any:
    from medrubric.runtime.options import ModelOptions

    quiet = values.pop("quiet", False)
    return ModelOptions(**values, show_progress=not quiet)


def model_flags(
    *,
    timeout: float = 120.0,
    max_tokens: str = "Reply length limit per call.",
    concurrency: str = "Calls in flight at once.",
    only: Iterable[str] = MODEL_FLAGS,
) -> Callable[[F], F]:
    """Add the model flags (`only` some of them, defaults as given) to a command whose
    `models` parameter then receives them as one `ModelOptions`."""
    chosen = set(only)
    flags = [_flag(n, timeout, max_tokens, concurrency) for n in MODEL_FLAGS if n in chosen]
    return _flag_group("models", flags, _model_options)


DISPATCH_PANEL = "Batch and cluster options"
BATCH_MODES = ("openai", "vllm")


@dataclass(frozen=True)
class Dispatch:
    """How a command's calls reach the model: one by one from this process, as provider
    batches (`batch_api`), or spread over several servers from Ray tasks (`fanout`)."""

    batch_api: str | None = None
    batch_poll_s: float = 5.0
    fanout: FanoutSettings | None = None

    def run_fields(self) -> dict[str, Any]:
        """The fields of `RunOptions` this sets."""
        return {"batch_api": self.batch_api, "batch_poll_s": self.batch_poll_s,
                "fanout": self.fanout}  # fmt: skip


def _dispatch(values: dict[str, Any]) -> Dispatch:
    batch_api = values["batch_api"]
    if batch_api is not None and batch_api not in BATCH_MODES:
        raise InputError(f"--batch-api: expected openai or vllm, got {batch_api!r}")
    fanout = None
    if "engine" in values:
        fanout = fanout_settings(
            values["engine"], values["ray_address"], values["endpoint"], batch_api
        )
    return Dispatch(batch_api, values["batch_poll"], fanout)


def _dispatch_flag(name: str) -> inspect.Parameter:
    declared: dict[str, tuple[Any, str, str, Any, float | None]] = {
        "batch_api": (
            str | None,
            "--batch-api",
            "Send calls as provider batches: openai (/v1/files + /v1/batches at the model's "
            "URL) or vllm (write the request file for `vllm run-batch`, read its output). "
            "Resumable: a re-run re-attaches to the batches recorded in OUT/batches.",
            None,
            None,
        ),
        "batch_poll": (float, "--batch-poll", "First wait between batch polls (s).", 5.0, 0.01),
        "engine": (str, "--engine", ENGINE_HELP, "local", None),
        "ray_address": (str | None, "--ray-address", RAY_ADDRESS_HELP, None, None),
        "endpoint": (list[str] | None, "--endpoint", ENDPOINT_HELP, None, None),
    }
    kind, flag, help_text, default, least = declared[name]
    option = typer.Option(flag, help=help_text, rich_help_panel=DISPATCH_PANEL, min=least)
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=Annotated[kind, option]
    )


def dispatch_flags(*, engine: bool = True) -> Callable[[F], F]:
    """Add --batch-api and --batch-poll (and with `engine` --engine, --ray-address and
    --endpoint) to a command whose `dispatch` parameter then receives them as one `Dispatch`.
    A command with two models (eval) takes no --endpoint: a server list is for one model."""
    names = ["batch_api", "batch_poll"] + (["engine", "ray_address", "endpoint"] if engine else [])
    return _flag_group("dispatch", [_dispatch_flag(n) for n in names], _dispatch)
