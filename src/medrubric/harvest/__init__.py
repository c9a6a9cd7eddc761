"""Sources of raw clinical Q&A threads: dumps, site extractors and a polite crawler; filter and redaction."""
