"""How audit commands open their models (the shared `ModelOptions`, imported from here by the
audit stages) and share the engine's resumable-log conventions."""

from __future__ import annotations

from pathlib import Path

from medrubric.evaluate.rundir import drop_torn_tail
from medrubric.llm.options import ModelOptions

__all__ = ["ModelOptions", "readable_log"]


def readable_log(path: Path) -> bool:
    """True when an append-only log holds records (a torn last line is cut off first)."""
    drop_torn_tail(path)
    return path.exists() and path.stat().st_size > 0
