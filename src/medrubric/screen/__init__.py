"""Screening harvested threads: language id, near-duplicate removal, the safety and keyword
rules and their rejection reasons (`medrubric filter`).

The public functions are importable from here; submodules load on first use, so importing
one piece does not pull in the language models and the keyword index.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
