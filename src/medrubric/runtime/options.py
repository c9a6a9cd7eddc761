"""`ModelOptions`: how a stage opens its models and how hard it drives them.

Built once at the CLI edge from the shared model flags. It reads `medrubric.toml` once and
parses each model spec once, so the typed specs (not strings to re-parse) travel to the stages.
"""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, PrivateAttr
from rich.console import Console

from medrubric.llm.config import MedrubricConfig, load_config
from medrubric.llm.spec import ModelSpec, parse_model_spec
from medrubric.runtime.progress import RunProgress

if TYPE_CHECKING:
    from medrubric.llm.batch.model import BatchSettings
    from medrubric.llm.endpoint import FanoutSettings
    from medrubric.llm.types import ChatModel

DEFAULT_CONCURRENCY = 4


class ModelOptions(BaseModel):
    """The endpoint settings every model-calling stage takes (--timeout, --cache-dir,
    --no-cache, --concurrency, --config, --max-tokens, --quiet) and the retry shape."""

    model_config = ConfigDict(extra="forbid")

    timeout: float = 120.0
    cache_dir: Path | None = None
    no_cache: bool = False
    concurrency: int | None = None
    config: Path | None = None
    max_tokens: int | None = None
    show_progress: bool = True
    max_attempts: int = 4  # per request, retries on 429, 5xx, timeouts included
    backoff_s: float = 0.5

    _registry: MedrubricConfig | None = PrivateAttr(default=None)
    _specs: dict[str, ModelSpec] = PrivateAttr(default_factory=dict)

    def registry(self) -> MedrubricConfig:
        """The parsed medrubric.toml, read on first use and kept."""
        if self._registry is None:
            self._registry = load_config(self.config)
        return self._registry

    def spec(self, text: str) -> ModelSpec:
        """The spec behind a spec string or registry name, parsed once per text."""
        if text not in self._specs:
            self._specs[text] = parse_model_spec(text, self.registry())
        return self._specs[text]

    def open(
        self,
        model: str | ModelSpec,
        batch: BatchSettings | None = None,
        fanout: FanoutSettings | None = None,
    ) -> AbstractAsyncContextManager[ChatModel]:
        """The model behind a spec; the HTTP client loads only here. With `batch`, its calls
        go through provider batches (`--batch-api`); with `fanout`, to several endpoints
        through Ray (`--engine ray --endpoint ...`)."""
        from medrubric.llm.factory import open_model

        return open_model(
            model if isinstance(model, ModelSpec) else self.spec(model),
            batch=batch,
            fanout=fanout,
            config=self.registry(),
            timeout=self.timeout,
            cache_dir=self.cache_dir,
            no_cache=self.no_cache,
            concurrency=self.concurrency,
            max_attempts=self.max_attempts,
            backoff_s=self.backoff_s,
        )

    def model_id(self, text: str) -> str:
        """`provider:model` of a spec string or medrubric.toml name (no endpoint)."""
        spec = self.spec(text)
        return f"{spec.provider}:{spec.model}"

    def workers(self, spec: ModelSpec | None = None, default: int = DEFAULT_CONCURRENCY) -> int:
        """Calls to keep in flight: --concurrency, else the spec's own setting, else `default`."""
        return self.concurrency or (spec.concurrency if spec else None) or default

    def params(self) -> dict[str, Any]:
        """Deterministic decoding for every call; an optional reply length limit."""
        params: dict[str, Any] = {"temperature": 0.0}
        if self.max_tokens is not None:
            params["max_tokens"] = self.max_tokens
        return params

    def console(self) -> Console:
        """Where progress goes: stderr, silent with --quiet."""
        return Console(stderr=True, quiet=not self.show_progress, emoji=False)

    def progress(self) -> RunProgress:
        """The live display of a model-calling run, hidden with --quiet."""
        return RunProgress(self.console(), enabled=self.show_progress)
