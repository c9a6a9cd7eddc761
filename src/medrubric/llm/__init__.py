"""Model specs, the async OpenAI-compatible client, the call cache and the embedded local model."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medrubric.lazy import lazy_getattr

if TYPE_CHECKING:
    from medrubric.llm.accounting import ModelStats
    from medrubric.llm.cache import CallCache, cache_key, resolve_cache_dir
    from medrubric.llm.client import OpenAIChatModel
    from medrubric.llm.config import MedrubricConfig, ModelEntry, load_config
    from medrubric.llm.factory import open_model
    from medrubric.llm.retry import RetryPolicy
    from medrubric.llm.spec import ModelSpec, parse_model_spec
    from medrubric.llm.types import CallResult, ChatModel

# Public name -> submodule that defines it; loaded on first access.
_EXPORTS = {
    "ModelStats": "accounting",
    "CallCache": "cache",
    "cache_key": "cache",
    "resolve_cache_dir": "cache",
    "OpenAIChatModel": "client",
    "MedrubricConfig": "config",
    "ModelEntry": "config",
    "load_config": "config",
    "open_model": "factory",
    "RetryPolicy": "retry",
    "ModelSpec": "spec",
    "parse_model_spec": "spec",
    "CallResult": "types",
    "ChatModel": "types",
}

__all__ = [
    "CallCache",
    "CallResult",
    "ChatModel",
    "MedrubricConfig",
    "ModelEntry",
    "ModelSpec",
    "ModelStats",
    "OpenAIChatModel",
    "RetryPolicy",
    "cache_key",
    "load_config",
    "open_model",
    "parse_model_spec",
    "resolve_cache_dir",
]

__getattr__ = lazy_getattr(__name__, _EXPORTS)
