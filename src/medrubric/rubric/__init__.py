"""Rubric generation and validation (SPEC §2, Rubric Generator)."""
