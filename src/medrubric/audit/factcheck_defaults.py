"""Fact-check defaults that command-line options show, kept apart from the measures so the
CLI reads them without loading the retriever and the statistics."""

from __future__ import annotations

# Combined score = rubric score − DEFAULT_PENALTY × (number of not-supported claims).
DEFAULT_PENALTY = 0.1
