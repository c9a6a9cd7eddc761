"""The entry point's promise: usage errors and bad input end with exit 2 and no traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from medrubric.cli.main import COLLECT_EVERY, app, main

MEDRUBRIC = [sys.executable, "-m", "medrubric.cli.main"]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*MEDRUBRIC, *args], capture_output=True, text=True, timeout=120)


def test_usage_errors_are_one_line_naming_the_help_to_read() -> None:
    """A typo'd option or command, a bad or missing value: one line and exit 2, at any depth
    of the command tree, instead of click's usage box."""
    expected = {
        ("score", "--bogus"): "error: No such option: --bogus (Possible options: --out). "
        "See 'medrubric score --help'.",
        ("evl",): "error: No such command 'evl'. Did you mean 'eval'? See 'medrubric --help'.",
        ("review", "create", "rv"): "error: Missing option '--from'. "
        "See 'medrubric review create --help'.",
        ("eval", "--cases", "sample", "--limit", "x"): "error: Invalid value for '--limit': ",
    }
    runner = CliRunner()
    for args, line in expected.items():
        result = runner.invoke(app, list(args), prog_name="medrubric")
        assert result.exit_code == 2, (args, result.output)
        assert len(result.stderr.splitlines()) == 1, (args, result.stderr)
        assert result.stderr.startswith(line), (args, result.stderr)
    # A group named without a command still shows its help.
    result = runner.invoke(app, ["audit"], prog_name="medrubric")
    assert "Usage: medrubric audit" in result.output


def test_input_error_is_one_line_with_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "cases.jsonl"
    bad.write_text(
        '{"id": "a", "query": "q", "rubric": [{"id": "c1", "text": "x", "weight": 11}]}\n'
    )
    result = _run("validate", str(bad))
    assert result.returncode == 2
    assert result.stderr.strip() == f"error: {bad}:1: rubric[0].weight: 11 is outside [-10, 10]"


def test_version_exits_zero() -> None:
    result = _run("--version")
    assert result.returncode == 0
    assert result.stdout.startswith("medrubric ")


def test_bad_input_leaves_no_half_made_output(tmp_path: Path) -> None:
    """A command stopped by bad input removes what it created on the way to --out: the
    folder (with anything begun in it), or the new folders above an output file; never a
    folder that was there before."""
    threads = tmp_path / "threads.jsonl"
    threads.write_text("{not json\n", "utf-8")
    cases = tmp_path / "cases.jsonl"
    rubric = '[{"id": "c", "text": "x", "weight": 11}]'
    cases.write_text(f'{{"id": "a", "query": "q", "rubric": {rubric}}}\n', "utf-8")
    spec = "openai:m@http://127.0.0.1:9/v1"
    runs = {
        "filter": (["filter", str(threads), "--out", str(tmp_path / "filtered")], "filtered"),
        "redact": (["redact", str(threads), f"--out={tmp_path / 'new' / 'deep' / 'r'}"], "new"),
        "eval": (
            ["eval", "--cases", str(cases), "--model", spec, "--grader", spec,
             "--out", str(tmp_path / "runs" / "first")],
            "runs",
        ),
    }  # fmt: skip
    for name, (args, made) in runs.items():
        result = _run(*args)
        assert result.returncode == 2, (name, result.stderr)
        assert result.stderr.splitlines()[-1].startswith("error: "), result.stderr
        assert "Traceback" not in result.stderr
        assert not (tmp_path / made).exists(), (name, sorted(tmp_path.rglob("*")))

    # A folder that was there before the command is never removed, empty or not.
    existing = tmp_path / "existing"
    existing.mkdir()
    (existing / "notes.txt").write_text("mine", "utf-8")
    empty = tmp_path / "empty"
    empty.mkdir()
    for out in (existing, empty):
        assert _run("filter", str(threads), "--out", str(out)).returncode == 2
        assert out.is_dir()
    assert (existing / "notes.txt").read_text("utf-8") == "mine"


def test_a_default_out_is_removed_after_bad_input_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`medrubric demo` writes demo-out without --out on the command line; stopped by bad input
    (here the local extra missing) it leaves no demo-out behind, like a command given --out."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MEDRUBRIC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setitem(sys.modules, "llama_cpp", None)  # not installed
    with pytest.raises(SystemExit) as stop:
        main(["demo", "--quiet"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == (
        "error: the local model needs llama-cpp-python with its server: "
        "pip install 'medrubric[local]'"
    )
    assert not (tmp_path / "demo-out").exists()


def test_the_command_line_entry_skips_the_collections_at_exit_and_a_caller_keeps_its_own() -> None:
    """`medrubric` run as a process collects cycles every COLLECT_EVERY new objects and
    freezes the heap at exit (the last exit handler), so the interpreter's teardown does not
    scan it; `main([...])` called in a process that goes on leaves the caller's garbage
    collector alone."""
    probe = (
        "import atexit, gc, sys\n"
        "atexit.register(lambda: print('frozen at exit', gc.get_freeze_count() > 0))\n"
        "atexit.register(lambda: print('threshold at exit', gc.get_threshold()[0]))\n"
        "from medrubric.cli.main import main\n"
        "main(['--version'])\n"
        "print('frozen after main([...])', gc.get_freeze_count() > 0)\n"
        "print('threshold after main([...])', gc.get_threshold()[0])\n"
        "sys.argv = ['medrubric', '--version']\n"
        "main()\n"
    )
    command = [sys.executable, "-c", probe]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "frozen after main([...]) False" in lines
    assert "threshold after main([...]) 700" in lines  # Python's default
    assert lines[-2:] == [f"threshold at exit {COLLECT_EVERY}", "frozen at exit True"]


@pytest.mark.parametrize(
    ("args", "own_handler", "code", "at_once"),
    [
        (["--version"], False, 0, True),
        (["no-such-command"], False, 2, False),
        (["--version"], True, 0, False),
    ],
)
def test_a_command_that_succeeded_ends_at_once_after_the_exit_handlers(
    args: list[str], own_handler: bool, code: int, at_once: bool
) -> None:
    """A command that succeeded ends without tearing its modules down, its buffered output
    flushed; one that failed ends as usual, and so does one in a process whose own exit
    handlers were registered before `main` (they run after the command's), each run."""
    probe = (
        "import atexit, sys\n"
        f"sys.argv = ['medrubric', *{args!r}]\n"
        "import medrubric.cli.main as cli\n"
        + ("atexit.register(lambda: print('own handler ran'))\n" if own_handler else "")
        + "try:\n"
        "    cli.main()\n"
        "finally:\n"
        "    print('ends at once', cli._end_at_once)\n"  # buffered until the end
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert result.returncode == code, result.stderr
    assert f"ends at once {at_once}" in result.stdout.splitlines()
    assert ("own handler ran" in result.stdout) is own_handler


def test_the_last_exit_handler_ends_the_process_at_once_only_after_success(monkeypatch) -> None:
    import medrubric.cli.main as cli

    done: list[object] = []
    monkeypatch.setattr(cli.logging, "shutdown", lambda: done.append("logging flushed"))
    monkeypatch.setattr(cli.os, "_exit", lambda code: done.append(("exit", code)))
    monkeypatch.setattr(cli.gc, "freeze", lambda: done.append("frozen"))
    monkeypatch.setattr(cli, "_end_at_once", False)
    cli._skip_collection_at_exit()
    assert done == ["frozen"]
    monkeypatch.setattr(cli, "_end_at_once", True)
    cli._skip_collection_at_exit()
    assert done == ["frozen", "frozen", "logging flushed", ("exit", 0)]
    monkeypatch.setattr(cli, "_end_at_once", False)
    main(["--version"])  # in-process: the caller's process goes on
    assert cli._end_at_once is False
    monkeypatch.setattr(cli, "_end_at_once", True)

    class ClosedPipe:
        def flush(self) -> None:
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(cli.sys, "stdout", ClosedPipe())
    cli._skip_collection_at_exit()  # Python's own exit reports the closed pipe
    assert done[-2:] == ["frozen", "logging flushed"]
