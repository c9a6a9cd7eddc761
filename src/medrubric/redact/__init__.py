"""Redacting personal identifiers from screened threads: rules, word lists, NER and
surrogates (`medrubric redact`), and the PII evaluation against labelled snippets.

The public functions are importable from here; submodules load on first use, so importing
one piece does not pull in the NER models. Redaction's word lists (`data/`) are read through
`redact_lexicon.word_lines`; the screen's lists (keywords, safety lexicon) are in
`screen/data/`.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
