"""Per-model call statistics: what a run asked for, what the cache answered, what it cost."""

from __future__ import annotations

from pydantic import BaseModel

from medrubric.data.models import add_costs
from medrubric.llm.types import CallResult


class ModelStats(BaseModel):
    """Counts for one model. Tokens and cost count fresh calls only: a cached answer is free."""

    model: str
    calls: int = 0  # logical calls answered (cached ones included)
    cached: int = 0
    errors: int = 0
    requests: int = 0  # HTTP requests sent, retries and re-asks included
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float | None = 0.0  # None: some call's price is unknown

    def record(self, result: CallResult) -> None:
        self.calls += 1
        if result.cached:
            self.cached += 1
            return
        self.errors += result.error is not None
        self.requests += result.attempts
        self.prompt_tokens += result.usage.prompt_tokens
        self.completion_tokens += result.usage.completion_tokens
        self.cost_usd = add_costs(self.cost_usd, result.cost_usd)
