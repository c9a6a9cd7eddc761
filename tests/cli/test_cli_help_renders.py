"""Every command's --help renders: option types and help texts must resolve at import time,
even though the stage code behind them now loads only when the command runs."""

from __future__ import annotations

import inspect
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


def test_help_reads_like_ordinary_cli_help() -> None:
    """Placeholders are TEXT, PATH, INTEGER…; a flag takes none; nothing in <angle brackets>."""
    root = typer.main.get_command(app)
    runner = CliRunner()
    for path in _command_paths(root):
        output = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "200"}).output
        for typer_style in ("<bool>", "<path>", "<str>", "<int>", "<float>", "<list["):
            assert typer_style not in output, (path, typer_style)
    lines = runner.invoke(app, ["eval", "--help"], env={"COLUMNS": "200"}).output.splitlines()
    row = {
        next(word for word in line.split() if word.startswith("--")): line
        for line in lines
        if line.startswith("│") and " --" in line
    }
    assert " PATH " in row["--out"] and " INTEGER " in row["--limit"]
    flag = row["--dry-run"].split("--dry-run", 1)[1].split()
    assert flag[0] == "Print", row["--dry-run"]  # the help text follows the flag directly


def test_bracketed_help_words_survive_rich_markup() -> None:
    """Help text is rich markup, where "[ray]" would vanish as a style tag: every bracketed
    word a help text means literally ("medrubric[ray]", "URL[#N]", "[default: …]") shows."""
    root = typer.main.get_command(app)
    runner = CliRunner()
    for path in _command_paths(root):
        command = root
        for name in path:
            command = command.commands[name]  # type: ignore[attr-defined]
        output = " ".join(
            runner.invoke(app, [*path, "--help"], env={"COLUMNS": "400"}).output.split()
        )
        for param in command.params:
            for word in (getattr(param, "help", None) or "").split():
                if "[" in word:
                    assert word.replace("\\[", "[") in output, (path, param.name, word)


def test_usage_lines_name_arguments_plainly() -> None:
    """`Usage: medrubric redact [OPTIONS] THREADS`: upper-case names, `[NAME]` when optional,
    `POOL...` when repeatable; never typer's `{threads}` or `{POOL...}...`."""
    root = typer.main.get_command(app)
    runner = CliRunner()
    usages = {}
    for path in _command_paths(root):
        output = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "200"}).output
        usage = next(line for line in output.splitlines() if "Usage:" in line).strip()
        assert "{" not in usage and "}" not in usage, (path, usage)
        assert "......" not in usage, (path, usage)
        usages[path] = usage
    assert usages[("redact",)] == "Usage: medrubric redact [OPTIONS] THREADS"
    assert usages[("release", "build")].endswith("[OPTIONS] POOL...")
    assert usages[("review", "add-reviewer")].endswith("[OPTIONS] DIR NAME")
    assert usages[("serve", "local")].endswith("[OPTIONS] [MODEL]")


def test_every_command_summary_is_one_line() -> None:
    """The command list (`medrubric --help`, `medrubric audit --help`) shows each command's
    first help paragraph with its line breaks kept: a summary spread over several source lines
    breaks mid-sentence there, so each is one line, details after a blank line."""
    root = typer.main.get_command(app)
    for path in _command_paths(root):
        command = root
        for name in path:
            command = command.commands[name]  # type: ignore[attr-defined]
        summary = inspect.cleandoc(command.short_help or command.help or "").split("\n\n")[0]
        assert summary and "\n" not in summary, (path, summary)


def test_model_and_grader_flags_say_their_defaults() -> None:
    """An option whose value, when not given, comes from somewhere (the environment,
    medrubric.toml, a built-in number) says where in its help: --cache-dir, --config,
    --concurrency and --mode of the evaluation commands."""
    from medrubric.cli.evaluate import EVAL_CONCURRENCY
    from medrubric.evaluate.runner import DEFAULT_CONCURRENCY

    assert EVAL_CONCURRENCY == DEFAULT_CONCURRENCY
    root = typer.main.get_command(app)
    for name in ("generate", "grade", "eval", "regrade"):
        helps = {p.opts[0]: p.help or "" for p in root.commands[name].params}  # type: ignore[attr-defined]
        assert "$MEDRUBRIC_CACHE_DIR" in helps["--cache-dir"], name
        assert "~/.cache/medrubric" in helps["--cache-dir"], name
        assert "$MEDRUBRIC_CONFIG, else ./medrubric.toml" in helps["--config"], name
        assert f"else {DEFAULT_CONCURRENCY})" in helps["--concurrency"], name
        if "--mode" in helps:
            assert "(default per-criterion;" in helps["--mode"], name


def test_run_commands_help_leaves_room_for_the_text_at_80_columns() -> None:
    """At 80 columns the option help of generate, grade, eval and regrade is at least 24
    characters wide: no flag pair (`--retry-errors/--keep-errors`) adds a column of second
    spellings that squeezes every option's text into a sliver. --keep-errors is the flag."""
    runner = CliRunner()
    for name in ("generate", "grade", "eval", "regrade"):
        output = runner.invoke(app, [name, "--help"], env={"COLUMNS": "80"}).output
        row = next(line for line in output.splitlines() if " --out " in line)
        help_starts = row.index("Output folder")
        assert len(row) - help_starts - 2 >= 24, (name, row)  # 17 with the flag pair
        assert "--keep-errors" in output and "--retry-errors" not in output, name


def test_help_paragraphs_wrap_to_the_terminal() -> None:
    """A paragraph of a command's description fills the width it is shown at: no line of it
    ends early where the docstring's line ended (at 80 columns, every line but a paragraph's
    last reaches past column 60)."""
    root = typer.main.get_command(app)
    runner = CliRunner()
    for path in [("rubric", "lint"), ("redact",), ("curate",), ("regrade",), ("release", "build")]:
        assert path in _command_paths(root)
        output = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "80"}).output
        lines = [line.rstrip() for line in output.split("╭", 1)[0].splitlines()]
        paragraphs = "\n".join(lines).split("\n\n")
        assert len(paragraphs) >= 3, (path, paragraphs)  # usage, summary, description
        for paragraph in paragraphs[2:]:
            text = paragraph.strip("\n").splitlines()
            assert all(len(line) > 60 for line in text[:-1]), (path, text)
