"""Model specs: `<provider>:<model>[@<base_url>]` or a name from the `medrubric.toml` registry.

A spec says which model answers and what it costs; it holds the *name* of the environment
variable with the key, never the key, so `public()` can go into run records as is.
"""

from __future__ import annotations

import datetime as dt
import difflib
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from medrubric.data.models import Usage
from medrubric.errors import InputError
from medrubric.llm.config import (
    DEFAULT_KEY_ENV,
    MedrubricConfig,
    ModelEntry,
    Provider,
    StructuredStyle,
    load_config,
)
from medrubric.llm.known import known_cutoff, known_price, resolve_pricing, row_note

SMOKE_TEST_MODELS = {"smollm2": "SmolLM2-135M (smoke-test model: proves plumbing, not medicine)"}
PROVIDERS: tuple[Provider, ...] = ("openai", "local")


class ModelSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str  # as the user wrote it: a registry name or a spec string
    provider: Provider
    model: str  # model id for `openai`; `smollm2` or a .gguf path for `local`
    base_url: str | None = None  # None with `openai` means api.openai.com
    api_key_env: str = DEFAULT_KEY_ENV
    params: dict[str, Any] = Field(default_factory=dict)
    price_input_per_1m: float | None = None  # None: no source knows what this model costs
    price_output_per_1m: float | None = None
    price_batch_input_per_1m: float | None = None
    price_batch_output_per_1m: float | None = None
    price_source: str | None = None
    knowledge_cutoff: dt.date | None = None
    structured_output: StructuredStyle | None = None
    concurrency: int | None = None
    label: str
    smoke_test: bool = False

    def public(self) -> dict[str, Any]:
        """What run records and reports may show. A local server's port is left out: it is
        different every run and says nothing about the model."""
        exclude = {"base_url"} if self.provider == "local" else set()
        return self.model_dump(mode="json", exclude=exclude)

    @property
    def priced(self) -> bool:
        return self.price_input_per_1m is not None and self.price_output_per_1m is not None

    @property
    def batch_priced(self) -> bool:
        """Whether Batch API prices are known (else batch costs use the standard prices)."""
        return (
            self.price_batch_input_per_1m is not None and self.price_batch_output_per_1m is not None
        )

    def cost_usd(self, usage: Usage, batch: bool = False) -> float | None:
        """USD for `usage`, None when the model's price is unknown (never a cost of zero).
        `batch`: at Batch API prices where known, else at the standard ones."""
        if self.price_input_per_1m is None or self.price_output_per_1m is None:
            return None
        price_in, price_out = self.price_input_per_1m, self.price_output_per_1m
        if batch:
            price_in = _first(self.price_batch_input_per_1m, price_in)
            price_out = _first(self.price_batch_output_per_1m, price_out)
        return (usage.prompt_tokens * price_in + usage.completion_tokens * price_out) / 1_000_000


def _first(value: float | None, fallback: float) -> float:
    return fallback if value is None else value


def smoke_label(model: str) -> str | None:
    """The smoke-test label when `model` (an id or a .gguf path) is a known plumbing model."""
    lowered = model.lower()
    for key, label in SMOKE_TEST_MODELS.items():
        if lowered == key or (lowered.endswith(".gguf") and key in lowered.rsplit("/", 1)[-1]):
            return label
    return None


def _from_entry(
    name: str,
    entry: ModelEntry,
    base_url: str | None = None,
    label: str | None = None,
    where: str = "medrubric.toml",
) -> ModelSpec:
    """The spec of a registry entry; prices and cutoff it leaves unset come from the
    known-models table. `where` names the entry's origin for the price source."""
    smoke = smoke_label(entry.model)
    url = base_url or entry.base_url or None
    pricing = resolve_pricing(entry, url, where)
    dated = known_cutoff(entry.model)
    return ModelSpec(
        name=name,
        provider=entry.provider,
        model=entry.model,
        base_url=url,
        api_key_env=entry.api_key_env,
        params=entry.request_params(),
        price_input_per_1m=pricing.input_per_1m,
        price_output_per_1m=pricing.output_per_1m,
        price_batch_input_per_1m=pricing.batch_input_per_1m,
        price_batch_output_per_1m=pricing.batch_output_per_1m,
        price_source=pricing.source,
        knowledge_cutoff=entry.knowledge_cutoff or (dated.knowledge_cutoff if dated else None),
        structured_output=entry.structured_output,
        concurrency=entry.concurrency,
        label=entry.label or smoke or label or name,
        smoke_test=smoke is not None,
    )


def _spec_hint(text: str, config: MedrubricConfig) -> str:
    """What a spec that names no provider or registry entry was probably meant to be: a
    near-miss of a registry name or a provider, Inspect's `openai/gpt-4.1` spelling, or a
    bare model id served over the OpenAI API."""
    provider, sep, rest = text.partition(":")
    head, slash, tail = text.partition("/")
    if not sep and slash and head in PROVIDERS:
        return f"did you mean '{head}:{tail}'?"
    if close := difflib.get_close_matches(text, sorted(config.models), n=1):
        return f"did you mean {close[0]!r}?"
    if not sep:
        return f"did you mean 'openai:{text}'?"
    if close := difflib.get_close_matches(provider, PROVIDERS, n=1):
        return f"did you mean '{close[0]}:{rest}'?"
    return (
        "another provider's models are reached through its OpenAI-compatible endpoint: "
        "openai:<model>@<base_url>"
    )


def parse_model_spec(text: str, config: MedrubricConfig | None = None) -> ModelSpec:
    """Resolve a registry name or a `provider:model[@base_url]` string.

    A spec string inherits params, prices and knowledge cutoff from a registry entry with the
    same provider, model id and base URL, else from the known-models table's row for it, so
    costs and contamination splits work without repeating them.
    """
    config = load_config() if config is None else config
    text = text.strip()
    if text in config.models:
        return _from_entry(text, config.models[text])
    provider, sep, rest = text.partition(":")
    if not sep or provider not in PROVIDERS:
        known = ", ".join(sorted(config.models)) or "none defined"
        raise InputError(
            f"model spec {text!r}: expected <provider>:<model>[@<base_url>] with provider one of "
            f"{', '.join(PROVIDERS)}, or a model name from medrubric.toml ({known}); "
            f"{_spec_hint(text, config)}"
        )
    base_url: str | None = None
    model = rest
    if provider == "openai" and "@" in rest:
        model, _, base_url = rest.partition("@")
        if not base_url.startswith(("http://", "https://")):
            raise InputError(f"model spec {text!r}: base URL must start with http:// or https://")
        base_url = base_url.rstrip("/")
    if not model:
        raise InputError(f"model spec {text!r}: model is empty")
    registered = next(
        (
            entry
            for entry in config.models.values()
            if (entry.provider, entry.model, entry.base_url) == (provider, model, base_url)
        ),
        None,
    )
    # The label leaves the base URL out so that run records stay comparable across ports.
    label = f"{provider}:{model}"
    if registered is not None:
        return _from_entry(text, registered, base_url, label=label)
    row = known_price(provider, model, base_url)
    if row is not None:  # its key variable too (GEMINI_API_KEY for Gemini's endpoint)
        entry = ModelEntry.model_validate(row.model_dump(exclude={"source", "as_of"}))
        return _from_entry(text, entry, base_url, label=label, where=row_note(row))
    entry = ModelEntry(provider=provider, model=model)  # type: ignore[arg-type]
    return _from_entry(text, entry, base_url, label=label)
