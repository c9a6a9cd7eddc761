"""bench/RESULTS.md holds one `## ` section per benchmark; each script rewrites only its own."""

from __future__ import annotations

import re
from pathlib import Path

RESULTS = Path(__file__).with_name("RESULTS.md")


def write_section(heading: str, text: str) -> None:
    """Replace the section under `heading` (where `text` starts) or append it; others stay."""
    old = RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else "# Benchmark results\n"
    block = text.strip("\n") + "\n\n"
    pattern = re.compile(rf"^{re.escape(heading)}\n.*?(?=^## |\Z)", re.S | re.M)
    if pattern.search(old):
        new = pattern.sub(lambda _: block, old)
    else:
        new = old.rstrip("\n") + "\n\n" + block
    RESULTS.write_text(new.rstrip("\n") + "\n", encoding="utf-8")
