"""Command-line interface: one module per pipeline stage, each registering its commands."""
