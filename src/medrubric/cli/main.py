"""The `medrubric` command. Every module in `medrubric.cli` with a `register(app)` adds its
commands, so stages stay independent; user errors become one line on stderr and exit 2."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import typer

from medrubric import __version__
from medrubric.cli.help_style import use_plain_help
from medrubric.errors import InputError

use_plain_help()
app = typer.Typer(
    name="medrubric",
    help="Live, evidence-checked, rubric-graded benchmark toolkit for medical LLMs.",
    no_args_is_help=True,
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


# Help lists commands in pipeline order; a module missing here is listed last.
_PIPELINE_ORDER = (
    "harvest",
    "curate",
    "index",
    "rubric",
    "release",
    "snapshot",
    "data",
    "evaluate",
    "score",
    "analyze",
    "metaeval",
    "compare",
    "audit",
    "factcheck",
    "review",
    "serve",
)


def _order(name: str) -> tuple[int, str]:
    rank = _PIPELINE_ORDER.index(name) if name in _PIPELINE_ORDER else len(_PIPELINE_ORDER)
    return rank, name


def _register_all() -> None:
    import medrubric.cli as pkg

    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: _order(m.name)):
        if info.name == "main":
            continue
        module = importlib.import_module(f"medrubric.cli.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(app)


_register_all()


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
