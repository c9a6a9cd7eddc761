# Public names of medrubric.llm, each loaded from its submodule on first access
# (`lazy_loader.attach_stub` in __init__.py reads this file); type checkers read it too.
# A new public name is one line here.

from .accounting import ModelStats as ModelStats
from .cache import CallCache as CallCache
from .cache import cache_key as cache_key
from .cache import resolve_cache_dir as resolve_cache_dir
from .client import OpenAIChatModel as OpenAIChatModel
from .config import MedrubricConfig as MedrubricConfig
from .config import ModelEntry as ModelEntry
from .config import load_config as load_config
from .factory import open_model as open_model
from .retry import RetryPolicy as RetryPolicy
from .spec import ModelSpec as ModelSpec
from .spec import parse_model_spec as parse_model_spec
from .types import CallResult as CallResult
from .types import ChatModel as ChatModel
