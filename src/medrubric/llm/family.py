"""Provider families of model ids, to flag a grader judging a candidate of its own family
(self-preference). A family is read from the model id (the part after `provider:`, any
`org/` prefix, file suffix and case ignored) by its leading name; an id no row names has no
known family and is never flagged."""

from __future__ import annotations

# leading name of the model id -> family
FAMILY_PREFIXES: tuple[tuple[str, str], ...] = (
    ("gpt-", "openai"), ("chatgpt", "openai"), ("o1", "openai"), ("o3", "openai"),
    ("o4", "openai"), ("text-", "openai"), ("claude", "anthropic"), ("gemini", "google"),
    ("gemma", "google"), ("medgemma", "google"), ("llama", "meta"), ("meta-llama", "meta"),
    ("qwen", "alibaba"), ("qwq", "alibaba"), ("mistral", "mistral"), ("mixtral", "mistral"),
    ("ministral", "mistral"), ("magistral", "mistral"), ("deepseek", "deepseek"),
    ("smollm", "huggingface"), ("phi-", "microsoft"), ("grok", "xai"),
)  # fmt: skip


def model_family(model: str) -> str | None:
    """The provider family of a model label or spec (`openai:gpt-4.1`, `local:smollm2`,
    `vllm:meta-llama/Llama-3.1-8B`), or None when unknown."""
    name = model.strip().partition("@")[0]
    name = name.split(":", 1)[1] if ":" in name else name
    name = name.lower().rsplit("/", 1)[-1]
    for prefix, family in FAMILY_PREFIXES:
        if name.startswith(prefix):
            return family
    return None
