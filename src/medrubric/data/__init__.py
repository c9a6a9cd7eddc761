"""Schema, vocabularies, JSONL I/O and importers/exporters for public rubric formats."""
