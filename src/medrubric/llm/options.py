"""The endpoint settings every model-calling stage takes from the CLI (--timeout, --cache-dir,
--no-cache, --concurrency, --config, --max-tokens, --quiet), declared once."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from pathlib import Path

from pydantic import BaseModel, ConfigDict
from rich.console import Console

from medrubric.llm.config import load_config
from medrubric.llm.spec import ModelSpec, parse_model_spec
from medrubric.llm.types import ChatModel

DEFAULT_CONCURRENCY = 4


class ModelOptions(BaseModel):
    """How a stage opens its models and how hard it drives them."""

    model_config = ConfigDict(extra="forbid")

    timeout: float = 120.0
    cache_dir: Path | None = None
    no_cache: bool = False
    concurrency: int | None = None
    config: Path | None = None
    max_tokens: int | None = None
    show_progress: bool = True

    def spec(self, text: str) -> ModelSpec:
        return parse_model_spec(text, load_config(self.config))

    def open(self, text: str | ModelSpec) -> AbstractAsyncContextManager[ChatModel]:
        """The model behind a spec (or a medrubric.toml name); the client loads only here."""
        from medrubric.llm.factory import open_model

        return open_model(
            text if isinstance(text, ModelSpec) else self.spec(text),
            config=self.config,
            timeout=self.timeout,
            cache_dir=self.cache_dir,
            no_cache=self.no_cache,
            concurrency=self.concurrency,
        )

    def workers(self, spec: ModelSpec | None = None) -> int:
        """Calls to keep in flight: --concurrency, else the spec's own setting, else 4."""
        return self.concurrency or (spec.concurrency if spec else None) or DEFAULT_CONCURRENCY

    def params(self) -> dict[str, float | int]:
        """Deterministic decoding for every call; an optional reply length limit."""
        params: dict[str, float | int] = {"temperature": 0.0}
        if self.max_tokens is not None:
            params["max_tokens"] = self.max_tokens
        return params

    def console(self) -> Console:
        return Console(stderr=True, quiet=not self.show_progress)
