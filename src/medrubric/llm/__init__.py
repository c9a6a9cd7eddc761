"""Model specs, the async OpenAI-compatible client, the call cache and the embedded local model."""

from medrubric.llm.accounting import ModelStats
from medrubric.llm.cache import CallCache, cache_key, resolve_cache_dir
from medrubric.llm.client import OpenAIChatModel
from medrubric.llm.config import MedrubricConfig, ModelEntry, load_config
from medrubric.llm.factory import open_model
from medrubric.llm.retry import RetryPolicy
from medrubric.llm.scripted import ScriptedModel
from medrubric.llm.spec import ModelSpec, parse_model_spec
from medrubric.llm.types import CallResult, ChatModel

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
    "ScriptedModel",
    "cache_key",
    "load_config",
    "open_model",
    "parse_model_spec",
    "resolve_cache_dir",
]
