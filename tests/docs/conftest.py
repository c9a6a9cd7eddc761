"""The documentation runs as written: every console and Python block of README.md and docs/*.md.

Sybil lexes the Markdown (fenced blocks, `<!-- docs-test: ... -->` directives); the blocks of
one page run in order in one fresh folder, like a user following the page: console blocks in
bash with `medrubric` and `python` on PATH (this checkout's code), Python blocks in one shared
namespace with that folder as the working directory. A hosted model named in a block
(`openai:MODEL` without a base URL, through OPENAI_BASE_URL, or a self-hosted URL such as
`http://127.0.0.1:8000/v1`) is answered by the replay server (`medrubric.testing.replay`).
The conventions are in docs/contributing.md.
"""

from __future__ import annotations

import ast
import asyncio
import contextlib
import os
import re
import shlex
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from sybil import Document, Region
from sybil.parsers.markdown.lexers import DirectiveInHTMLCommentLexer, FencedCodeBlockLexer

import medrubric
from medrubric.llm.cache import CACHE_ENV
from medrubric.llm.endpoint import BASE_URL_ENV
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SHELL = ("console", "bash", "sh", "shell")
LANGUAGES = (*SHELL, "python")
DIRECTIVES = ("skip", "xfail", "setup", "server", "slow")
# A guard against a hung command, not a speed check: `medrubric demo` (the embedded model
# answering and grading 4 cases under a JSON grammar, slow in Chinese) takes minutes on an
# idle 2-core machine and more beside the suite's other worker.
COMMAND_TIMEOUT_S = 900
# A block that runs the embedded llama.cpp model is `slow` (`make test-fast` leaves it out).
LOCAL_MODEL = re.compile(r"local:smollm2|\bmake demo\b|\bmedrubric demo\b")
# Self-hosted endpoints named in the docs, answered by the replay server.
SELF_HOSTED = re.compile(r"https?://(?:127\.0\.0\.1|localhost|gpu\d+):\d+/v1")
EXIT_CODE = re.compile(r"\s+#\s*exit code (\d+)\s*$")


@dataclass
class Directive:
    kind: str
    reason: str = ""
    url: str = ""
    body: str = ""


@dataclass
class Block:
    """One fenced block and the directives written right before it."""

    page: Path
    line: int
    language: str
    source: str
    directives: list[Directive] = field(default_factory=list)

    @property
    def id(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"

    def directive(self, kind: str) -> Directive | None:
        return next((d for d in self.directives if d.kind == kind), None)

    @property
    def slow(self) -> bool:
        return self.directive("slow") is not None or bool(LOCAL_MODEL.search(self.source))


def _arguments(text: str) -> dict[str, str]:
    return {k: v for k, v in re.findall(r'(\w+)="([^"]*)"', text)}


def _directive_regions(document: Document) -> Iterable[Region]:
    lexer = DirectiveInHTMLCommentLexer(directive="docs-test", arguments=r"\w+[^\n]*?")
    for region in lexer(document):
        words = region.lexemes["arguments"].split(None, 1)
        kind = words[0] if words else ""
        if kind not in DIRECTIVES:
            where = document.line_column(region.start)
            raise ValueError(f"{document.path}, {where}: unknown docs-test directive {kind!r}")
        args = _arguments(words[1] if len(words) > 1 else "")
        if kind in ("skip", "xfail") and not args.get("reason"):
            raise ValueError(f'{document.path}: docs-test {kind} needs reason="..."')
        body = textwrap.dedent(str(region.lexemes.get("source") or ""))
        region.parsed = Directive(kind, args.get("reason", ""), args.get("url", ""), body)
        yield region


def _fence_regions(document: Document) -> Iterable[Region]:
    for region in FencedCodeBlockLexer(language="|".join(LANGUAGES))(document):
        region.parsed = (region.lexemes["language"], str(region.lexemes["source"]))
        yield region


def page_blocks(page: Path) -> list[Block]:
    """The runnable blocks of one page, in order, each with the directives before it."""
    document = Document.parse(str(page), _directive_regions, _fence_regions)
    blocks: list[Block] = []
    pending: list[Directive] = []
    for example in document:
        if isinstance(example.parsed, Directive):
            pending.append(example.parsed)
            continue
        language, source = example.parsed
        blocks.append(Block(page, example.line, language, source, pending))
        pending = []
    if pending:
        raise ValueError(f"{page}: docs-test directive after the last code block")
    return blocks


def all_blocks() -> list[Block]:
    return [block for page in PAGES for block in page_blocks(page)]


# ---------------------------------------------------------------- console blocks


@dataclass
class Command:
    text: str
    expected: list[str] = field(default_factory=list)
    exit_code: int = 0


def parse_console(source: str) -> list[Command]:
    """`$ ` lines are commands (a trailing backslash continues one), the lines under a command
    its expected output; a block without any `$ ` is all commands. `# exit code N` after a
    command or its output is the exit status it must end with."""
    lines = source.splitlines()
    prompted = any(line.startswith("$ ") for line in lines)
    commands: list[Command] = []
    current: Command | None = None
    continuing = False
    for line in lines:
        if continuing and current is not None:
            current.text += "\n" + line
            continuing = line.rstrip().endswith("\\")
            continue
        if prompted and line.startswith("$ ") or not prompted and line.strip():
            text = line[2:] if prompted else line
            if not prompted and text.lstrip().startswith("#"):
                continue
            current = Command(text)
            commands.append(current)
            continuing = text.rstrip().endswith("\\")
        elif current is not None and line.strip() and not line.lstrip().startswith("#"):
            current.expected.append(line)
        elif not line.strip():
            current = None
    for command in commands:
        for index, text in enumerate([command.text, *command.expected]):
            found = EXIT_CODE.search(text)
            if found:
                command.exit_code = int(found.group(1))
                cleaned = text[: found.start()]
                if index == 0:
                    command.text = cleaned
                else:
                    command.expected[index - 1] = cleaned
    return commands


def _line_pattern(expected: str) -> re.Pattern[str]:
    """An expected output line as a pattern: `<name>` and `…` stand for any text, runs of
    spaces for any spacing."""
    parts = re.split(r"(<[\w .,'/-]+>|…|\s+)", expected.strip())
    out = []
    for part in parts:
        if not part:
            continue
        if part == "…" or re.fullmatch(r"<[\w .,'/-]+>", part):
            out.append(".*?")
        elif part.isspace():
            out.append(r"\s+")
        else:
            out.append(re.escape(part))
    return re.compile("".join(out))


def check_output(expected: list[str], output: str) -> str | None:
    """None when every expected line (other than a lone `...`) matches a line of the output,
    in order; else what is missing."""
    actual = output.splitlines()
    position = 0
    for line in expected:
        if line.strip() in ("...", "…"):
            continue
        pattern = _line_pattern(line)
        for index in range(position, len(actual)):
            if pattern.search(actual[index]):
                position = index + 1
                break
        else:
            return f"expected a line like {line.strip()!r} in the output"
    return None


def hosted_to_replay(text: str, url: str) -> str:
    """Point every self-hosted URL of a block at the replay server (`openai:MODEL` specs
    reach it through OPENAI_BASE_URL)."""
    return SELF_HOSTED.sub(url, text)


class PageRun:
    """One page followed by a user: a fresh folder, a shell state and a Python namespace."""

    def __init__(self, folder: Path, replay_url: str, blocks: list[Block], cache: Path):
        self.folder = folder
        self.replay_url = replay_url
        self.blocks = blocks
        self.done: set[int] = set()
        self.namespace: dict[str, object] = {"__name__": "__docs__"}
        self.state = folder.parent / f"{folder.name}.env"
        self.cwd = folder
        bin_dir = folder.parent / f"{folder.name}.bin"
        bin_dir.mkdir()
        for name, argv in (("medrubric", "-m medrubric.cli.main"), ("python", "")):
            shim = bin_dir / name
            shim.write_text(f'#!/bin/sh\nexec {shlex.quote(sys.executable)} {argv} "$@"\n')
            shim.chmod(0o755)
        src = str(Path(medrubric.__file__).resolve().parents[1])
        self.env = {
            **os.environ,
            "PATH": f"{bin_dir}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}"
            + os.environ.get("PATH", ""),
            "PYTHONPATH": os.pathsep.join(p for p in (src, os.environ.get("PYTHONPATH", "")) if p),
            "HOME": str(folder.parent / f"{folder.name}.home"),
            # one LLM cache for every page, as one user has: a page that repeats another's
            # local-model command (`medrubric demo`) is answered from it
            CACHE_ENV: str(cache),
            "COLUMNS": "120",
            "PYTHONUNBUFFERED": "1",
            # small files in the external benchmarks' formats, for `setup` directives
            "DOCS_FIXTURES": str(ROOT / "tests" / "data" / "fixtures"),
            # `openai:MODEL` without a URL goes to OPENAI_BASE_URL (docs/models.md), so a page's
            # commands run as written, at the model's own prices.
            BASE_URL_ENV: replay_url,
            "OPENAI_API_KEY": "dummy",
        }
        self.env.pop("MEDRUBRIC_CONFIG", None)
        self.env.pop("MEDRUBRIC_REVIEW_DB", None)

    def run_through(self, index: int) -> None:
        """Run block `index`, after any earlier block of the page not run yet (their
        failures are their own tests' business). Skipped and slow blocks are not caught up:
        later blocks never depend on them."""
        for earlier in range(index):
            block = self.blocks[earlier]
            if earlier not in self.done and not self._skipped(block) and not block.slow:
                with contextlib.suppress(Exception, pytest.fail.Exception):
                    self._run(earlier)
        self._run(index)

    @staticmethod
    def _skipped(block: Block) -> bool:
        return block.directive("skip") is not None

    def _run(self, index: int) -> None:
        self.done.add(index)
        block = self.blocks[index]
        setup = block.directive("setup")
        if setup is not None:
            for command in parse_console(hosted_to_replay(setup.body, self.replay_url)):
                self.shell(command, block)
        source = hosted_to_replay(block.source, self.replay_url)
        if block.language == "python":
            self.python(source, block)
            return
        server = block.directive("server")
        for command in parse_console(source):
            if server is not None:
                self.serve(command, server.url, block)
            else:
                self.shell(command, block)

    def _script(self, command: str) -> str:
        state = shlex.quote(str(self.state))
        return (
            f"set -a; [ -f {state} ] && . {state}\n"
            f"cd {shlex.quote(str(self.cwd))} || exit 97\n"
            f"{command}\n"
            "__rc=$?; set +a\n"
            f"export -p | grep -v -E '^declare -x (PWD|OLDPWD|SHLVL|_)=' > {state}\n"
            f"pwd > {state}.cwd\n"
            "exit $__rc\n"
        )

    def shell(self, command: Command, block: Block) -> None:
        try:
            done = subprocess.run(
                ["bash", "-c", self._script(command.text)],
                env=self.env,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,  # one stream, in the order a terminal shows it
                text=True,
                timeout=COMMAND_TIMEOUT_S,
                stdin=subprocess.DEVNULL,
            )
        except subprocess.TimeoutExpired:
            pytest.fail(f"{block.id}: `{command.text}` ran over {COMMAND_TIMEOUT_S}s")
        cwd_file = Path(f"{self.state}.cwd")
        if cwd_file.is_file():
            self.cwd = Path(cwd_file.read_text().strip())
        output = done.stdout
        if done.returncode != command.exit_code:
            pytest.fail(
                f"{block.id}: `{command.text}` exited {done.returncode}, "
                f"expected {command.exit_code}\n{output[-4000:]}"
            )
        problem = check_output(command.expected, output)
        if problem:
            pytest.fail(f"{block.id}: `{command.text}`: {problem}\n{output[-4000:]}")

    def serve(self, command: Command, url: str, block: Block) -> None:
        """A server command: it must answer `url` while it runs; then it is stopped."""
        log = self.folder.parent / f"{self.folder.name}.serve.log"
        with log.open("w") as sink:
            process = subprocess.Popen(
                ["bash", "-c", self._script(f"exec {command.text}")],
                env=self.env,
                stdout=sink,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        try:
            deadline = time.monotonic() + 60
            answered = False
            while time.monotonic() < deadline and process.poll() is None:
                with contextlib.suppress(httpx.HTTPError):
                    httpx.get(url, timeout=2)
                    answered = True
                    break
                time.sleep(0.2)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGINT)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        output = log.read_text()
        if not answered:
            pytest.fail(f"{block.id}: `{command.text}` never answered {url}\n{output[-4000:]}")
        problem = check_output(command.expected, output)
        if problem:
            pytest.fail(f"{block.id}: `{command.text}`: {problem}\n{output[-4000:]}")

    def python(self, source: str, block: Block) -> None:
        code = compile(
            "\n" * (block.line) + source,
            str(block.page),
            "exec",
            flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT,
        )
        saved_cwd, saved_env = Path.cwd(), dict(os.environ)
        os.chdir(self.cwd)
        os.environ.update(
            {k: self.env[k] for k in ("HOME", CACHE_ENV, BASE_URL_ENV, "OPENAI_API_KEY")}
        )
        try:
            result = eval(code, self.namespace)  # noqa: S307 - the page's own example
            if asyncio.iscoroutine(result):
                asyncio.run(result)
        finally:
            os.chdir(saved_cwd)
            os.environ.clear()
            os.environ.update(saved_env)


@pytest.fixture(scope="session")
def replay_url() -> Iterator[str]:
    """The stand-in for every hosted model the docs name."""
    with ReplayServer(rubric_replay_handler) as server:
        yield server.base_url


@pytest.fixture(scope="session")
def page_runs(
    tmp_path_factory: pytest.TempPathFactory, replay_url: str
) -> Iterator[dict[Path, PageRun]]:
    cache = tmp_path_factory.mktemp("docs-llm-cache")

    class Runs(dict[Path, PageRun]):
        def __missing__(self, page: Path) -> PageRun:
            folder = tmp_path_factory.mktemp(page.stem)
            run = PageRun(folder, replay_url, page_blocks(page), cache)
            self[page] = run
            return run

    yield Runs()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "doc_block" not in metafunc.fixturenames:
        return
    params = []
    for page in PAGES:
        for index, block in enumerate(page_blocks(page)):
            marks: list[pytest.MarkDecorator] = []
            skip, xfail = block.directive("skip"), block.directive("xfail")
            if skip is not None:
                marks.append(pytest.mark.skip(reason=skip.reason))
            if xfail is not None:
                marks.append(pytest.mark.xfail(reason=xfail.reason, strict=True))
            if block.slow:
                marks.append(pytest.mark.slow)
            params.append(pytest.param((page, index), marks=marks, id=block.id))
    metafunc.parametrize("doc_block", params)
