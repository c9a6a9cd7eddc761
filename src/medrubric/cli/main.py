"""The `medrubric` command. Each module in `medrubric.cli` with a `register(app)` adds its
commands, so stages stay independent; a module is imported only when one of its commands runs or
shows help. User errors become one line on stderr and exit 2."""

from __future__ import annotations

import sys

import typer

from medrubric import __version__
from medrubric.cli.help_style import use_plain_help
from medrubric.cli.lazy_group import LazyGroup
from medrubric.errors import InputError

# Every command and the module that registers it, in help order: the stages' commands in pipeline
# order, then the stages' command groups (typer lists plain commands before groups).
_COMMAND_MODULES = {
    "harvest": "harvest",
    "filter": "harvest",
    "redact": "harvest",
    "curate": "curate",
    "refresh": "curate",
    "rubric": "rubric",
    "validate": "data",
    "convert": "data",
    "generate": "evaluate",
    "grade": "evaluate",
    "eval": "evaluate",
    "report": "evaluate",
    "demo": "evaluate",
    "score": "score",
    "meta-eval": "metaeval",
    "compare": "compare",
    "factcheck": "factcheck",
    "index": "index",
    "release": "release",
    "snapshot": "snapshot",
    "analyze": "analyze",
    "audit": "audit",
    "review": "review",
    "serve": "serve",
}


class _Commands(LazyGroup):
    modules = _COMMAND_MODULES


use_plain_help()
app = typer.Typer(
    name="medrubric",
    help="Live, evidence-checked, rubric-graded benchmark toolkit for medical LLMs.",
    no_args_is_help=True,
    cls=_Commands,
    pretty_exceptions_enable=False,
    add_completion=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"medrubric {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True),
) -> None:
    """Harvest, curate, rubric, evaluate, analyse, audit and release medical LLM benchmarks."""


def main(argv: list[str] | None = None) -> None:
    """Entry point. Click reports usage errors itself (exit 2); an InputError becomes one line
    on stderr and exit 2, never a traceback. Success returns, so callers can run it in-process."""
    try:
        app(args=argv, prog_name="medrubric")
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(2)
    except SystemExit as exc:
        if exc.code not in (0, None):
            raise


if __name__ == "__main__":
    main()
