"""`medrubric.toml`: the model registry and defaults, found by `--config`, `MEDRUBRIC_CONFIG`
or `./medrubric.toml`. It names environment variables for keys, never keys themselves."""

from __future__ import annotations

import datetime as dt
import os
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PositiveInt, ValidationError

from medrubric.errors import InputError, input_error_from_validation

CONFIG_ENV = "MEDRUBRIC_CONFIG"
CONFIG_FILE = "medrubric.toml"

Provider = Literal["openai", "local"]
# How a JSON schema is sent: OpenAI's `json_schema`, llama.cpp's `json_object` + `schema`,
# or plain JSON mode (`json_object`, schema only in the prompt).
StructuredStyle = Literal["json_schema", "llama_cpp", "json_object"]


class ModelEntry(BaseModel):
    """One `[models.NAME]` table. Unknown keys are errors so a typo never goes unnoticed.
    A price or cutoff left unset is taken from the known-models table (llm/known.py)."""

    model_config = ConfigDict(extra="forbid")

    provider: Provider
    model: str = Field(min_length=1)
    base_url: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    params: dict[str, Any] = Field(default_factory=dict)
    price_input_per_1m: float | None = Field(default=None, ge=0)
    price_output_per_1m: float | None = Field(default=None, ge=0)
    price_batch_input_per_1m: float | None = Field(default=None, ge=0)
    price_batch_output_per_1m: float | None = Field(default=None, ge=0)
    knowledge_cutoff: dt.date | None = None
    structured_output: StructuredStyle | None = None
    concurrency: PositiveInt | None = None
    label: str | None = None


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
        raise input_error_from_validation(exc, found, None) from exc
