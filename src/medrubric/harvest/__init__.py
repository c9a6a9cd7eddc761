"""Raw clinical Q&A threads: dumps, site extractors, a polite crawler, filter and redaction.

The public functions are importable from here; submodules load on first use, so importing
one piece does not pull in the language models, the keyword index and the crawler.
"""

from __future__ import annotations

from medrubric.lazy import lazy_getattr

_EXPORTS = {
    "FilterConfig": "filter",
    "FilterResult": "filter",
    "filter_threads": "filter",
    "iter_decisions": "filter",
    "decision": "filter",
    "screen_batch": "filter",
    "DuplicateFinder": "dedup",
    "Rejection": "reasons",
    "REASONS": "reasons",
    "RedactionResult": "redact",
    "redact_text": "redact",
    "redact_thread": "redact",
    "redact_threads": "redact",
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

__getattr__ = lazy_getattr(__name__, _EXPORTS)
