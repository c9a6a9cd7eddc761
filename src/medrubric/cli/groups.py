"""Option groups: flags that travel together, added to a command by one decorator and handed
to it as one typed object, as inspect_ai stacks its option groups.

- `@model_flags()` gives `models: ModelOptions` (--timeout, --cache-dir, --no-cache,
  --concurrency, --config, --max-tokens, --quiet),
- `@grader_flags()` gives `grading: GraderChoice` (--grader, --grader-profile, --mode,
  --grader-max-tokens, --grader-prompt-version),
- `@dispatch_flags()` gives `dispatch: Dispatch` (--batch-api, --batch-poll, --engine,
  --ray-address, --endpoint).
Each group lists its flags under its own --help panel. Groups stack; `@model_flags` goes
nearest the function (`models: ModelOptions` is a name only type checkers import).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from medrubric.cli.options import ENDPOINT_HELP, ENGINE_HELP, RAY_ADDRESS_HELP, fanout_settings
from medrubric.errors import InputError
from medrubric.evaluate.profiles import (
    JURY_RULES,
    MODES,
    PROFILES,
    GraderSetup,
    resolve_setup,
    setup_from_pins,
    spec_model_id,
)

if TYPE_CHECKING:
    from medrubric.llm.endpoint import FanoutSettings

F = TypeVar("F", bound=Callable[..., Any])
Declared = tuple[Any, str, str, Any, float | None]  # type, flag, help, default, minimum


def _option(name: str, declared: Declared, panel: str) -> inspect.Parameter:
    kind, flag, help_text, default, least = declared
    option = typer.Option(flag, help=help_text, rich_help_panel=panel, min=least)
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
    `collect({flag name: value})`. Each decorator adds its flags after the command's own
    parameters and those of the groups below it."""
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


# ------------------------------------------------------------------------------ model
MODEL_PANEL = "Model options"
# The flags of the group, in the order --help lists them.
MODEL_FLAGS = ("timeout", "cache_dir", "no_cache", "concurrency", "config", "max_tokens", "quiet")
# The defaults llm/cache.py (resolve_cache_dir) and llm/config.py (load_config) apply.
CACHE_DIR_HELP = (
    "LLM call cache folder (default: $MEDRUBRIC_CACHE_DIR, else medrubric.toml's cache_dir, "
    "else $XDG_CACHE_HOME/medrubric or ~/.cache/medrubric)."
)
CONFIG_HELP = "medrubric.toml to use (default: $MEDRUBRIC_CONFIG, else ./medrubric.toml)."


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
    declared: dict[str, Declared] = {
        "timeout": (float, "--timeout", "Seconds per model request.", timeout, None),
        "cache_dir": (Path | None, "--cache-dir", CACHE_DIR_HELP, None, None),
        "no_cache": (bool, "--no-cache", "Neither read nor write the LLM cache.", False, None),
        "concurrency": (int | None, "--concurrency", concurrency, None, 1),
        "config": (Path | None, "--config", CONFIG_HELP, None, None),
        "max_tokens": (int | None, "--max-tokens", max_tokens, None, 1),
        "quiet": (bool, "--quiet", "No progress display.", False, None),
    }
    chosen = set(only)
    flags = [_option(n, declared[n], MODEL_PANEL) for n in MODEL_FLAGS if n in chosen]
    return _flag_group("models", flags, _model_options)


# ----------------------------------------------------------------------------- grader
GRADER_PANEL = "Grader options"


@dataclass(frozen=True)
class GraderChoice:
    """The grader flags as given; `setup()` resolves them (a profile pins everything but
    the endpoint)."""

    profile: str | None = None
    grader: str | None = None
    mode: str | None = None
    max_tokens: int | None = None
    prompt_version: int | None = None
    more_graders: tuple[str, ...] = ()  # --grader given again: a jury
    jury: str | None = None
    repeats: int = 1
    shuffle_seed: int | None = None

    @property
    def given(self) -> bool:
        return self.profile is not None or self.grader is not None

    def setup(
        self, cases: str | None = None, model_id: Callable[[str], str] | None = None
    ) -> GraderSetup:
        """The grader set-up; with neither --grader nor --grader-profile, the one pinned by
        the release or snapshot `cases` names (its manifest.json), if any. `model_id` maps a
        spec or medrubric.toml name to `provider:model` (to tell whether --grader replaces a
        profile's pinned model)."""
        if not self.given and cases is not None:
            pinned = pinned_setup(cases)
            if pinned is not None:
                if self.mode is not None or self.prompt_version is not None:
                    raise InputError(
                        f"{cases} pins its grader set-up; drop --mode/--grader-prompt-version "
                        "or give --grader to grade another way"
                    )
                return self._panel(pinned.model_copy(update={"max_tokens": self.max_tokens}))
        return self._panel(resolve_setup(
            self.profile, self.grader, self.mode, self.max_tokens, self.prompt_version,
            model_id or spec_model_id,
        ))  # fmt: skip

    def _panel(self, setup: GraderSetup) -> GraderSetup:
        if self.jury is not None and not self.more_graders:
            raise InputError("--jury needs two graders or more: give --grader once per grader")
        return setup.with_panel(self.more_graders, self.jury, self.repeats, self.shuffle_seed)


def pinned_setup(cases: str) -> GraderSetup | None:
    """The grader set-up pinned in the manifest of a snapshot or release folder."""
    manifest = Path(cases) / "manifest.json"
    if not manifest.is_file():
        return None
    from medrubric.data.jsonl import read_json_object

    pins = read_json_object(manifest).get("grader_profile")
    if not isinstance(pins, dict) or not pins:
        return None
    return setup_from_pins(pins, str(manifest))


def _grader_choice(values: dict[str, Any]) -> GraderChoice:
    given = values["grader"]  # a list in the jury form (--grader repeatable)
    graders = (given or [None]) if isinstance(given, list) else [given]
    return GraderChoice(
        profile=values["grader_profile"],
        grader=graders[0],
        mode=values.get("mode"),
        max_tokens=values["grader_max_tokens"],
        prompt_version=values.get("grader_prompt_version"),
        more_graders=tuple(graders[1:]),
        jury=values.get("jury"),
        repeats=values.get("grader_repeats", 1),
        shuffle_seed=values.get("shuffle_criteria"),
    )


def grader_flags(*, template: bool = True, jury: bool = False) -> Callable[[F], F]:
    """Add --grader, --grader-profile and --grader-max-tokens (and with `template` --mode and
    --grader-prompt-version; with `jury` a repeatable --grader, --jury, --grader-repeats and
    --shuffle-criteria) to a command whose `grading` parameter then receives them as one
    `GraderChoice`."""
    declared: dict[str, Declared] = {
        "grader": (str | None, "--grader", "Grader model spec (a profile pins one).", None, None),
        "jury": (
            str | None,
            "--jury",
            f"How several --grader verdicts make one: {', '.join(JURY_RULES)} (default "
            "majority). A criterion the jury cannot decide is an error, never Not Met.",
            None,
            None,
        ),
        "grader_repeats": (
            int,
            "--grader-repeats",
            "Grade every answer R times with each grader (repeats after the first at "
            "temperature > 0, seed = repeat): reports how often verdicts flip.",
            1,
            1,
        ),
        "shuffle_criteria": (
            int | None,
            "--shuffle-criteria",
            "Batched mode: list each answer's criteria in an order shuffled with this seed.",
            None,
            None,
        ),
        "grader_profile": (
            str | None,
            "--grader-profile",
            f"Pinned grader set-up: {', '.join(PROFILES)}.",
            None,
            None,
        ),
        "mode": (
            str | None,
            "--mode",
            f"Grading mode: {', '.join(MODES)} (default {MODES[0]}; a profile pins its own).",
            None,
            None,
        ),
        "grader_max_tokens": (
            int | None,
            "--grader-max-tokens",
            "Reply length limit for the grader.",
            None,
            None,
        ),
        "grader_prompt_version": (
            int | None,
            "--grader-prompt-version",
            "Grader template version without a profile (default 1; per-criterion 2 is the "
            "short template).",
            None,
            None,
        ),
    }
    if jury:
        declared["grader"] = (
            list[str] | None,
            "--grader",
            "Grader model spec (a profile pins one); repeat it for a jury of graders.",
            None,
            None,
        )
    names = ["grader", "grader_profile", "mode", "grader_max_tokens", "grader_prompt_version"]
    if not template:
        names = [n for n in names if n not in ("mode", "grader_prompt_version")]
    if jury:
        names += ["jury", "grader_repeats", "shuffle_criteria"]
    flags = [_option(n, declared[n], GRADER_PANEL) for n in names]
    return _flag_group("grading", flags, _grader_choice)


# --------------------------------------------------------------------------- dispatch
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


def dispatch_flags(*, engine: bool = True) -> Callable[[F], F]:
    """Add --batch-api and --batch-poll (and with `engine` --engine, --ray-address and
    --endpoint) to a command whose `dispatch` parameter then receives them as one `Dispatch`.
    A command with two models (eval) takes no --endpoint: a server list is for one model."""
    declared: dict[str, Declared] = {
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
    names = ["batch_api", "batch_poll"] + (["engine", "ray_address", "endpoint"] if engine else [])
    return _flag_group(
        "dispatch", [_option(n, declared[n], DISPATCH_PANEL) for n in names], _dispatch
    )
