"""Raw clinical Q&A threads: dumps, site extractors, a polite crawler, filter and redaction.

The public functions are importable from here; submodules load on first use, so importing
one piece does not pull in the language models, the keyword index and the crawler.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "FilterConfig": "filter",
    "FilterResult": "filter",
    "filter_threads": "filter",
    "iter_decisions": "filter",
    "Rejection": "reasons",
    "REASONS": "reasons",
    "RedactionResult": "redact",
    "redact_text": "redact",
    "redact_thread": "redact",
    "screen_thread": "safety",
    "HarvestConfig": "source",
    "HarvestReport": "source",
    "Source": "source",
    "SourceSpec": "source",
    "harvest_sources": "source",
    "load_harvest_config": "source",
    "load_sites": "sites",
    "parse_thread": "sites",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'medrubric.harvest' has no attribute {name!r}")
    return getattr(importlib.import_module(f"medrubric.harvest.{_EXPORTS[name]}"), name)
