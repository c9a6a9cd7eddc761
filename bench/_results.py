"""bench/RESULTS.md holds one `## ` section per benchmark; each script rewrites only its own."""

from __future__ import annotations

import os
import platform
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


def machine() -> str:
    """The machine a figure was measured on: architecture, CPU model and CPU count. Rates per
    CPU-second move with the CPU model (the same code measured 134 and 193 redacted threads
    per CPU-second on two machines of one kind), so every speed figure names it."""
    model = ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            named = (line for line in fh if line.startswith("model name"))
            model = next((line.split(":", 1)[1].strip() for line in named), "")
    except OSError:  # not Linux
        model = platform.processor()
    return ", ".join(part for part in (platform.machine(), model, f"{os.cpu_count()} CPUs") if part)
