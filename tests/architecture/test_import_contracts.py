"""The import direction between packages (pyproject.toml [tool.importlinter], drawn in
docs/architecture.md): each package imports only from the layers below it, with no cycle."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _lint_imports(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    script = "import sys; from importlinter.cli import lint_imports_command as c; sys.exit(c())"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run(
        [sys.executable, "-c", script, "--no-cache", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_package_keeps_its_layers_and_has_no_cycle() -> None:
    done = _lint_imports()
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_an_upward_arrow_is_reported(tmp_path: Path) -> None:
    """The same check, told that evaluate sits below the runtime layer, finds the arrows."""
    config = tmp_path / "inverted.toml"
    config.write_text(
        '[tool.importlinter]\nroot_package = "medrubric"\n\n'
        '[[tool.importlinter.contracts]]\nname = "inverted"\ntype = "layers"\n'
        'layers = ["medrubric.runtime", "medrubric.evaluate"]\n',
        encoding="utf-8",
    )
    done = _lint_imports(str(config))
    assert done.returncode == 1
    assert "medrubric.evaluate" in done.stdout and "BROKEN" in done.stdout
