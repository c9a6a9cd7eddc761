"""Statistics used across medrubric, each checked against an independent implementation.

See docs/statistics.md for definitions and the conventions for degenerate input.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
