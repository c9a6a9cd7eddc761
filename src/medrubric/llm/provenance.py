"""What a stage records about each model call, so an output can say exactly what produced it."""

from __future__ import annotations

from typing import Any

from medrubric.llm.types import CallResult, ChatModel


def labelled(result: CallResult, model: ChatModel) -> CallResult:
    """The result naming the model that answered (the model's label where the backend left
    the name blank)."""
    return result if result.model else result.model_copy(update={"model": model.label})


def call_provenance(prompt_id: str, result: CallResult) -> dict[str, Any]:
    """The prompt id, model, attempts, cache hit, usage, cost and error of one call."""
    return {
        "prompt": prompt_id,
        "model": result.model,
        "attempts": result.attempts,
        "cached": result.cached,
        "usage": result.usage.model_dump(),
        "cost_usd": result.cost_usd,
        "error": result.error,
    }
