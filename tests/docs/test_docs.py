"""Every console and Python block of README.md and docs/*.md runs as written (conftest.py);
a block that cannot run here is marked in its page with the reason."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def test_doc_block(doc_block: tuple[Path, int], page_runs: dict[Path, Any]) -> None:
    page, index = doc_block
    page_runs[page].run_through(index)
