"""`medrubric.toml`: the model registry and defaults, found by `--config`, `MEDRUBRIC_CONFIG`
or `./medrubric.toml`. It names environment variables for keys, never keys themselves."""

from __future__ import annotations

import datetime as dt
import difflib
import os
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PositiveInt, ValidationError, field_validator

from medrubric.errors import InputError, describe_validation_error

CONFIG_ENV = "MEDRUBRIC_CONFIG"
CONFIG_FILE = "medrubric.toml"

Provider = Literal["openai", "local"]
# How a JSON schema is sent: OpenAI's `json_schema`, llama.cpp's `json_object` + `schema`,
# or plain JSON mode (`json_object`, schema only in the prompt).
StructuredStyle = Literal["json_schema", "llama_cpp", "json_object"]


# The Chat Completions request fields a `params` table may set. Whatever else a server takes
# (llama.cpp's `top_k`, vLLM's `chat_template_kwargs`, …) goes in the table `params.extra`, whose
# keys are sent as they are, so that a misspelt standard parameter is an error, not a silently
# ignored request field.
CHAT_PARAMS = frozenset({
    "temperature", "top_p", "max_tokens", "max_completion_tokens", "seed", "stop",
    "presence_penalty", "frequency_penalty", "logit_bias", "logprobs", "top_logprobs", "n",
    "reasoning_effort", "verbosity", "service_tier", "user", "safety_identifier",
    "prompt_cache_key", "store", "metadata", "prediction",
})  # fmt: skip
EXTRA_PARAMS = "extra"
# Request fields the client writes itself: set by no table.
CLIENT_FIELDS = frozenset({"model", "messages", "response_format", "stream", "stream_options"})


def _check_params(params: dict[str, Any]) -> dict[str, Any]:
    extra = params.get(EXTRA_PARAMS, {})
    if not isinstance(extra, dict):
        raise ValueError(f"{EXTRA_PARAMS} must be a table of server-specific request fields")
    if clash := sorted(CLIENT_FIELDS & {*params, *extra}):
        raise ValueError(f"{clash[0]!r} is written by medrubric itself and cannot be set")
    if standard := sorted(CHAT_PARAMS & set(extra)):
        raise ValueError(f"{EXTRA_PARAMS}.{standard[0]} is a standard parameter: set it in params")
    if unknown := [key for key in params if key != EXTRA_PARAMS and key not in CHAT_PARAMS]:
        close = difflib.get_close_matches(unknown[0], sorted(CHAT_PARAMS), n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise ValueError(
            f"unknown parameter {unknown[0]!r}: {hint}(parameters only your server knows go in "
            f"params.{EXTRA_PARAMS})"
        )
    return params


DEFAULT_KEY_ENV = "OPENAI_API_KEY"  # where a key is read from when an entry names no variable


class ModelEntry(BaseModel):
    """One `[models.NAME]` table. Unknown keys are errors so a typo never goes unnoticed, in
    `params` too (see `CHAT_PARAMS`).
    A price or cutoff left unset is taken from the known-models table (llm/known.py)."""

    model_config = ConfigDict(extra="forbid")

    provider: Provider
    model: str = Field(min_length=1)
    base_url: str | None = None
    api_key_env: str = DEFAULT_KEY_ENV
    params: dict[str, Any] = Field(default_factory=dict)
    price_input_per_1m: float | None = Field(default=None, ge=0)
    price_output_per_1m: float | None = Field(default=None, ge=0)
    price_batch_input_per_1m: float | None = Field(default=None, ge=0)
    price_batch_output_per_1m: float | None = Field(default=None, ge=0)
    knowledge_cutoff: dt.date | None = None
    structured_output: StructuredStyle | None = None
    concurrency: PositiveInt | None = None
    label: str | None = None

    _params_known = field_validator("params")(_check_params)

    def request_params(self) -> dict[str, Any]:
        """`params` as request fields: the standard ones, then `params.extra` as it is."""
        standard = {k: v for k, v in self.params.items() if k != EXTRA_PARAMS}
        return {**standard, **self.params.get(EXTRA_PARAMS, {})}


class MedrubricConfig(BaseModel):
    """The parsed file. Other top-level tables are kept (extra) for the stages that own them."""

    model_config = ConfigDict(extra="allow")

    path: Path | None = None
    cache_dir: Path | None = None
    models: dict[str, ModelEntry] = Field(default_factory=dict)


def find_config(path: str | Path | None = None) -> Path | None:
    """The config file to use: explicit path, else $MEDRUBRIC_CONFIG, else ./medrubric.toml."""
    if path is not None:
        return Path(path)
    env = os.environ.get(CONFIG_ENV)
    if env:
        return Path(env)
    local = Path.cwd() / CONFIG_FILE
    return local if local.is_file() else None


def load_config(path: str | Path | None = None) -> MedrubricConfig:
    """Parse the discovered config; no file at all means an empty registry."""
    found = find_config(path)
    if found is None:
        return MedrubricConfig()
    if not found.is_file():
        raise InputError("config file not found", found)
    try:
        raw = tomllib.loads(found.read_text("utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"invalid TOML: {exc}", found) from exc
    except UnicodeDecodeError as exc:
        raise InputError("config file is not UTF-8 text", found) from exc
    if "cache_dir" in raw:
        raw["cache_dir"] = Path(str(raw["cache_dir"])).expanduser()
    try:
        return MedrubricConfig.model_validate({**raw, "path": found})
    except ValidationError as exc:
        raise InputError(describe_validation_error(exc) + _did_you_mean(exc), found) from exc


def _did_you_mean(exc: ValidationError) -> str:
    """For a misspelt key of a model entry, the known key it is closest to, or the request
    parameter it names (those go in `params`)."""
    error = exc.errors(include_url=False)[0]
    if error["type"] != "extra_forbidden":
        return ""
    key = str(error["loc"][-1])
    if close := difflib.get_close_matches(key, list(ModelEntry.model_fields), n=1):
        return f" (did you mean {close[0]!r}?)"
    if close := difflib.get_close_matches(key, sorted(CHAT_PARAMS), n=1):
        return f" (request parameters go in params: params = {{ {close[0]} = … }})"
    return ""
