"""Model specs, the async OpenAI-compatible client, the call cache and the embedded local model."""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
