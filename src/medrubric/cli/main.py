"""The `medrubric` command. Each module in `medrubric.cli` with a `register(app)` adds its
commands, so stages stay independent; a module is imported only when one of its commands runs or
shows help. User errors become one line on stderr and exit 2, and leave no half-made output.
Ctrl-C, SIGTERM and a full disk also end in one line, saying how to resume."""

from __future__ import annotations

import atexit
import errno
import gc
import logging
import os
import shutil
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any, NoReturn

import typer
from typer._click import Context  # typer vendors click; click.Context is another class
from typer._click.exceptions import NoArgsIsHelpError, UsageError

from medrubric import __version__
from medrubric.cli.help_style import use_plain_help
from medrubric.cli.lazy_group import LazyGroup
from medrubric.cli.options import DEFAULT_OUTS
from medrubric.collection import keep_after_pause
from medrubric.errors import FolderBusy, InputError, PartFailed, missing_extra

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
    "regrade": "evaluate",
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
    "site": "site",
    "serve": "serve",
}


def _one_line(exc: UsageError) -> NoReturn:
    """A usage error (an unknown option or command, a missing or invalid value) as one line on
    stderr with the help to read, instead of click's usage box; exit code 2 as click's."""
    where = exc.ctx.command_path if exc.ctx is not None else "medrubric"
    message = " ".join(exc.format_message().split())
    end = "" if message.endswith((".", "?", "!")) else "."
    print(f"error: {message}{end} See '{where} --help'.", file=sys.stderr)
    raise typer.Exit(exc.exit_code)


class _Commands(LazyGroup):
    """The root group. Every command's parsing and running passes through its make_context
    and invoke, so a usage error anywhere becomes one line there; NoArgsIsHelpError (a
    group named without a command) keeps showing the group's help."""

    modules = _COMMAND_MODULES

    def make_context(self, *args: Any, **kwargs: Any) -> Context:
        try:
            return super().make_context(*args, **kwargs)
        except NoArgsIsHelpError:
            raise
        except UsageError as exc:
            _one_line(exc)

    def invoke(self, ctx: Context) -> Any:
        try:
            return super().invoke(ctx)
        except NoArgsIsHelpError:
            raise
        except UsageError as exc:
            _one_line(exc)


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
    """The paths a command line gives to --out, else the command's default --out, if any."""
    paths = [Path(value) for flag, value in zip(argv, argv[1:], strict=False) if flag == "--out"]
    paths += [Path(arg.removeprefix("--out=")) for arg in argv if arg.startswith("--out=")]
    if not paths and argv and argv[0] in DEFAULT_OUTS:
        paths.append(DEFAULT_OUTS[argv[0]])
    return paths


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


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where Ctrl-C raises KeyboardInterrupt, so both stop a run the same way:
    in-flight calls are cancelled and the run folder's logs are synced as the stack unwinds."""


RESUME = "run the same command again to resume (finished work is kept)"
# A write that failed because the disk (or the process's file size limit) is full.
DISK_FULL = {errno.ENOSPC, errno.EFBIG, errno.EDQUOT}


def _signal_exit_code(signum: int) -> int:
    return 128 + signum


@contextmanager
def _stop_on_signals() -> Iterator[None]:
    """The first SIGINT or SIGTERM raises (KeyboardInterrupt, Terminated) so the command
    unwinds and keeps what it finished; a second one exits at once. Handlers are put back
    afterwards, so `main` can run in-process; outside the main thread nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def again(signum: int, frame: FrameType | None) -> None:
        print(f"error: {signal.Signals(signum).name} again: stopped at once; {RESUME}",
              file=sys.stderr, flush=True)  # fmt: skip
        os._exit(_signal_exit_code(signum))

    def first(signum: int, frame: FrameType | None) -> None:
        signal.signal(signal.SIGINT, again)
        signal.signal(signal.SIGTERM, again)
        raise Terminated() if signum == signal.SIGTERM else KeyboardInterrupt()

    previous = {s: signal.signal(s, first) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _interrupt_behind(exc: BaseException) -> KeyboardInterrupt | None:
    """The Ctrl-C or SIGTERM that typer turned into exit code 130, if that is what this is."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, KeyboardInterrupt):
            return seen
        seen = seen.__cause__ or seen.__context__
    return None


def _stopped(exc: KeyboardInterrupt) -> None:
    signum = signal.SIGTERM if isinstance(exc, Terminated) else signal.SIGINT
    # The signal may have landed inside a task the event loop never awaited again (an HTTP
    # connection being opened, say): it holds the interrupt as its exception, and asyncio
    # would report it at exit as a second message after the one line below.
    logging.getLogger("asyncio").disabled = True
    print(f"error: stopped by {signum.name}; {RESUME}", file=sys.stderr)
    sys.exit(_signal_exit_code(signum))


# Whether the process may end without tearing its modules down (`_skip_collection_at_exit`):
# set by `main` when the process's own command has finished with exit status 0 and no exit
# handler but logging's was registered before its own.
_end_at_once = False


def _skip_collection_at_exit() -> None:
    """Registered first, so it runs after every other exit handler: every object still alive
    moves to the permanent generation, which the collections Python makes while tearing the
    modules down do not scan (with the statistics stack and aiohttp loaded they took ~0.3 s
    of CPU after the command had finished). Objects are still freed by reference counting;
    what the command writes is flushed and closed before it returns.

    After a command that succeeded the process then ends at once, as mypy's hard exit does,
    without freeing its heap object by object (~30 ms at 1,000 answers): Python has joined
    every non-daemon thread and run every other exit handler by then, but logging's, which
    was registered before this one and is run here; the command's logs are flushed row by
    row (a killed process loses no row), its other files closed before it returns, and the
    standard streams are flushed here. When a caller registered exit handlers of its own
    before `main` (they would run after this one), the process ends as usual."""
    gc.freeze()
    if _end_at_once:
        logging.shutdown()
        try:
            for stream in (sys.stdout, sys.stderr):
                stream.flush()
        except (OSError, ValueError):  # a closed pipe: Python's own exit reports it
            return
        os._exit(0)


# The command's process collects reference cycles once per 20,000 new container objects
# rather than Python's 700: its heap is mostly long-lived (modules, cases, answers) and a
# grader call's objects are freed by reference counting, so at the default each call paid
# for a young-generation scan (~0.1 ms of CPU per verdict, about a tenth of a call's work).
# Cycles are still collected; at most the last 20,000 objects' garbage waits for it.
COLLECT_EVERY = 20_000


def main(argv: list[str] | None = None) -> None:
    """Entry point. Click reports usage errors itself (exit 2); an InputError becomes one line
    on stderr and exit 2, never a traceback. Ctrl-C exits 130 and SIGTERM 143, and a full disk
    exits 1, each with one line saying how to resume. Success returns, so callers can run it
    in-process."""
    only_logging = False
    if argv is None:  # the process's own command line: it ends when the command does
        # logging's exit handler alone before ours (`_skip_collection_at_exit`); the count is
        # CPython's, and without it the process ends as usual
        only_logging = getattr(atexit, "_ncallbacks", lambda: -1)() == 1
        atexit.register(_skip_collection_at_exit)
        gc.set_threshold(COLLECT_EVERY, *gc.get_threshold()[1:])
        keep_after_pause()  # the command's code, loaded with collection paused, is kept
    args = sys.argv[1:] if argv is None else argv
    try:
        with _stop_on_signals(), _no_half_made_output(args):
            try:
                app(args=args, prog_name="medrubric")
            except ModuleNotFoundError as exc:
                raise missing_extra(exc) or exc from None
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(2)
    except PartFailed as exc:
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(1)
    except SystemExit as exc:
        interrupt = _interrupt_behind(exc)
        if interrupt is not None:
            _stopped(interrupt)
        if exc.code not in (0, None):
            raise
    except KeyboardInterrupt as exc:
        _stopped(exc)
    except OSError as exc:
        if exc.errno not in DISK_FULL:
            raise
        where = f" writing {exc.filename}" if exc.filename else ""
        print(f"error: disk full{where} ({exc.strerror}): free space, then {RESUME}",
              file=sys.stderr)  # fmt: skip
        sys.exit(1)
    if only_logging:
        global _end_at_once
        _end_at_once = True


if __name__ == "__main__":
    main()
