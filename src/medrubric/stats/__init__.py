"""Statistics used across medrubric, each checked against an independent implementation."""
