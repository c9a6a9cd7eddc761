"""Every command's --help renders: option types and help texts must resolve at import time,
even though the stage code behind them now loads only when the command runs."""

from __future__ import annotations

from typing import Any

import typer
from typer.testing import CliRunner

from medrubric.cli.main import app


def _command_paths(group: Any, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    paths = []
    for name, command in group.commands.items():
        paths.append((*prefix, name))
        if hasattr(command, "commands"):  # a group (typer vendors its own click)
            paths.extend(_command_paths(command, (*prefix, name)))
    return paths


def test_every_command_help_renders() -> None:
    root = typer.main.get_command(app)
    paths = _command_paths(root)
    assert {("release", "build"), ("audit", "inject"), ("meta-eval",)} <= set(paths)
    runner = CliRunner()
    for path in paths:
        result = runner.invoke(app, [*path, "--help"])
        assert result.exit_code == 0, (path, result.output)
        assert "--help" in result.output


def test_shared_options_keep_their_spelling() -> None:
    result = CliRunner().invoke(app, ["analyze", "errors", "--help"])
    assert result.exit_code == 0
    for flag in ("--timeout", "--cache-dir", "--no-cache", "--concurrency", "--max-tokens"):
        assert flag in result.output
