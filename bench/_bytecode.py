"""Timed child processes read compiled bytecode, as an installed package does.

Where PYTHONDONTWRITEBYTECODE is set (this machine sets it) a process would otherwise compile
the package from source at every start, about 0.1 s of it: the sources are compiled first into
one bytecode folder (PYTHONPYCACHEPREFIX) that every timed process reads.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

PYCACHE = Path(tempfile.gettempdir()) / "medrubric-bench-pycache"


def child_env(src: Path) -> dict[str, str]:
    """The environment of a timed process: `src` first on the path, and bytecode read from (and
    written to) PYCACHE, as an installed package reads its .pyc files."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPATH": str(src), "PYTHONPYCACHEPREFIX": str(PYCACHE)}


def compile_sources(src: Path) -> None:
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(src)], env=child_env(src),
                   check=True, capture_output=True)  # fmt: skip
