"""How audit commands open their models and share the engine's resumable-log conventions."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict
from rich.console import Console

from medrubric.evaluate.rundir import drop_torn_tail
from medrubric.llm.config import load_config
from medrubric.llm.factory import open_model
from medrubric.llm.spec import ModelSpec, parse_model_spec

DEFAULT_CONCURRENCY = 4


class ModelOptions(BaseModel):
    """Endpoint settings shared by every audit command (the CLI's --timeout, --cache-dir, …)."""

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

    def open(self, text: str) -> AbstractAsyncContextManager[Any]:
        return open_model(
            self.spec(text),
            config=self.config,
            timeout=self.timeout,
            cache_dir=self.cache_dir,
            no_cache=self.no_cache,
            concurrency=self.concurrency,
        )

    def workers(self) -> int:
        return self.concurrency or DEFAULT_CONCURRENCY

    def params(self) -> dict[str, float | int]:
        """Deterministic decoding for every audit call; an optional reply length limit."""
        params: dict[str, float | int] = {"temperature": 0.0}
        if self.max_tokens is not None:
            params["max_tokens"] = self.max_tokens
        return params

    def console(self) -> Console:
        return Console(stderr=True, quiet=not self.show_progress)


def readable_log(path: Path) -> bool:
    """True when an append-only log holds records (a torn last line is cut off first)."""
    drop_torn_tail(path)
    return path.exists() and path.stat().st_size > 0
