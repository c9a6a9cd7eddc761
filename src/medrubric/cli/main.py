"""The `medrubric` command. Each module in `medrubric.cli` with a `register(app)` adds its
commands, so stages stay independent; a module is imported only when one of its commands runs or
shows help. User errors become one line on stderr and exit 2, and leave no half-made output."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import typer

from medrubric import __version__
from medrubric.cli.help_style import use_plain_help
from medrubric.cli.lazy_group import LazyGroup
from medrubric.errors import FolderBusy, InputError, missing_extra

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


def _out_paths(argv: list[str]) -> list[Path]:
    """The paths a command line gives to --out."""
    paths = [Path(value) for flag, value in zip(argv, argv[1:], strict=False) if flag == "--out"]
    return paths + [Path(arg.removeprefix("--out=")) for arg in argv if arg.startswith("--out=")]


def _first_missing(path: Path) -> Path | None:
    """The outermost folder (or the file itself) on the way to `path` that does not exist yet:
    what writing `path` creates."""
    missing = None
    for step in [path, *path.absolute().parents]:
        if step.exists() or step.is_symlink():
            return missing
        missing = step
    return missing


@contextmanager
def _no_half_made_output(argv: list[str]) -> Iterator[None]:
    """A command that stops on bad input (InputError, or exit code 2) removes what it created
    on the way to its --out: the folder it made (with whatever is in it) or the file it began.
    A folder or file that was there before the command is never touched, nor one another
    process is writing (FolderBusy: it may have made the folder since this command began)."""
    made = [path for path in map(_first_missing, _out_paths(argv)) if path is not None]
    try:
        yield
    except (InputError, SystemExit) as exc:
        busy = isinstance(exc, FolderBusy)
        if not busy and (isinstance(exc, InputError) or exc.code == 2):
            for path in made:
                if path.is_dir() and not path.is_symlink():
                    shutil.rmtree(path, ignore_errors=True)
                elif path.exists() or path.is_symlink():
                    path.unlink()
        raise


def main(argv: list[str] | None = None) -> None:
    """Entry point. Click reports usage errors itself (exit 2); an InputError becomes one line
    on stderr and exit 2, never a traceback. Success returns, so callers can run it in-process."""
    args = sys.argv[1:] if argv is None else argv
    try:
        with _no_half_made_output(args):
            try:
                app(args=args, prog_name="medrubric")
            except ModuleNotFoundError as exc:
                raise missing_extra(exc) or exc from None
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(2)
    except SystemExit as exc:
        if exc.code not in (0, None):
            raise


if __name__ == "__main__":
    main()
