"""The contract between medrubric's stages and any chat model.

Stages (generate, grade, curate, rubric, audit) depend only on `ChatModel`: the real
OpenAI-compatible client and the scripted backend used in unit tests both implement it.
A call never raises for model-side failures: it returns a `CallResult` with `error` set, so
callers record the error instead of guessing a value.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, Field

from medrubric.data.models import Usage


class CallResult(BaseModel):
    """Outcome of one logical call (after retries and at most one schema re-ask)."""

    text: str | None = None
    parsed: dict[str, Any] | None = None  # the reply validated against the schema, if any
    error: str | None = None
    usage: Usage = Field(default_factory=Usage)
    cost_usd: float | None = 0.0  # None: the model's price is unknown
    cached: bool = False
    attempts: int = 0
    model: str = ""
    truncated: bool = False  # the text stopped at the token limit (finish_reason "length")

    @property
    def ok(self) -> bool:
        return self.error is None


@runtime_checkable
class ChatModel(Protocol):
    """Anything that answers chat messages; `label` names it in run records (never a key)."""

    label: str

    async def chat(
        self,
        messages: list[dict[str, str]],
        *,
        prompt_version: str,
        schema: type[BaseModel] | None = None,
        params: dict[str, Any] | None = None,
    ) -> CallResult:
        """One call. With `schema`, the reply must validate as that model (re-asked once)."""
        ...
