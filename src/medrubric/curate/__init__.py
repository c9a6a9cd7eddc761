"""Screener, Validator and Controller agents that turn threads into evidence-checked cases."""
