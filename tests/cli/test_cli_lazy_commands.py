"""`medrubric --help` lists the same commands in the same order as when every stage module was
imported up front, and running one command imports no other command's module."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

import medrubric.cli
from medrubric.cli.lazy_group import module_commands
from medrubric.cli.main import _COMMAND_MODULES, app

HELP_ORDER = [
    "harvest", "filter", "redact", "curate", "refresh", "rubric", "validate", "convert",
    "generate", "grade", "eval", "regrade", "report", "demo", "score", "meta-eval", "compare",
    "factcheck", "index", "release", "snapshot", "analyze", "audit", "review", "site", "serve",
]  # fmt: skip
SAMPLE_CASES = Path(medrubric.cli.__file__).parents[1] / "data" / "sample" / "cases.jsonl"


def test_help_lists_the_commands_in_pipeline_order() -> None:
    output = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "200"}).output
    panel = output.split("Commands", 1)[1]
    rows = [line for line in panel.splitlines() if line.startswith("│ ") and line[2] != " "]
    listed = [row.split()[1] for row in rows]
    assert listed == HELP_ORDER


def test_the_table_names_exactly_what_each_module_registers() -> None:
    registered: dict[str, str] = {}
    for info in pkgutil.iter_modules(medrubric.cli.__path__):
        module = __import__(f"medrubric.cli.{info.name}", fromlist=["register"])
        if hasattr(module, "register"):
            registered.update({name: info.name for name in module_commands(info.name)})
    assert registered == _COMMAND_MODULES


def _command_modules_loaded(argv: list[str]) -> list[str]:
    script = (
        "import json, sys\n"
        "from medrubric.cli.main import _COMMAND_MODULES, main\n"
        f"main({argv!r})\n"
        "names = {f'medrubric.cli.{m}' for m in _COMMAND_MODULES.values()}\n"
        "print(json.dumps(sorted(names & set(sys.modules))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    return list(json.loads(done.stdout.splitlines()[-1]))


def test_one_command_imports_only_its_own_module() -> None:
    assert _command_modules_loaded(["validate", str(SAMPLE_CASES)]) == ["medrubric.cli.data"]
    assert _command_modules_loaded(["grade", "--help"]) == ["medrubric.cli.evaluate"]
    assert _command_modules_loaded(["audit", "inject", "--help"]) == ["medrubric.cli.audit"]


def test_version_imports_no_command_module() -> None:
    assert _command_modules_loaded(["--version"]) == []


def test_a_default_command_group_routes_unknown_first_arguments_to_its_default() -> None:
    import typer

    from medrubric.cli.lazy_group import default_command_group

    seen: list[str] = []
    group = typer.Typer(cls=default_command_group("build"))
    group.command("build")(lambda source: seen.append(f"build {source}"))
    group.command("diff")(lambda a, b: seen.append(f"diff {a} {b}"))
    runner = CliRunner()
    assert runner.invoke(group, ["pool"]).exit_code == 0
    assert runner.invoke(group, ["diff", "x", "y"]).exit_code == 0
    assert "build" in runner.invoke(group, ["--help"]).output
    assert seen == ["build pool", "diff x y"]
    # rubric and release are such groups: `rubric CASES` is `rubric generate CASES`
    missing = runner.invoke(app, ["rubric", "no-such-cases.jsonl", "--model", "m", "--out", "o"])
    assert "no-such-cases.jsonl: file not found" in str(missing.exception)
