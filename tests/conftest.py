"""Shared fixtures. `local_llm_spec` is the real model every end-to-end test talks to:
SmolLM2-135M behind a real llama.cpp OpenAI-compatible server, started once per session."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from medrubric.llm.cache import CACHE_ENV
from medrubric.llm.local_server import SMOLLM2, LocalServer, resolve_local_model

# A test that uses one of these fixtures (directly or through another) gets the marker:
# `slow` for the real local model, `browser` for Chromium, `postgres` for a PostgreSQL server.
# `make test-fast` leaves all three out. A test that asks for one at run time
# (`request.getfixturevalue`) carries the marker itself.
MARKED_BY_FIXTURE = {"local_llm_spec": "slow", "browser": "browser", "postgres": "postgres"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        used = getattr(item, "fixturenames", ())
        for fixture, marker in MARKED_BY_FIXTURE.items():
            if fixture in used:
                item.add_marker(getattr(pytest.mark, marker))


# `make test` runs `--dist loadfile` on two workers: each test file on one worker, as its module
# and session fixtures assume. The docs blocks are one file but a good part of the suite, so
# they are split by page (pages share nothing but an LLM cache).
DOCS_TEST = "tests/docs/test_docs.py::"


@pytest.hookimpl(optionalhook=True)  # `-p no:xdist` runs without the plugin that defines it
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class FilesAndDocPages(LoadFileScheduling):
        ordered = False

        def _split_scope(self, nodeid: str) -> str:
            if nodeid.startswith(DOCS_TEST) and "[" in nodeid:
                page = nodeid.split("[", 1)[1].rsplit(":", 1)[0]
                return f"{DOCS_TEST}{page}"
            return super()._split_scope(nodeid)

        def _assign_work_unit(self, node: Any) -> None:
            if not self.ordered:  # the queue is whole at the first assignment
                for scope in reversed(LONGEST_FIRST):
                    if scope in self.workqueue:
                        self.workqueue.move_to_end(scope, last=False)
                self.ordered = True
            super()._assign_work_unit(node)

    return FilesAndDocPages(config, log)


# The units that take a minute or more of a worker (`pytest --durations`), longest first: they
# start first, so that the two workers finish together rather than one waiting on the other
# through the last of them. Other units keep xdist's order, after these.
LONGEST_FIRST = (
    f"{DOCS_TEST}docs/evaluation.md",
    "tests/redact/test_redact_pii_eval.py",
    "tests/redact/test_redact_implied_cues_sweep.py",
    "tests/rubric/test_rubric_learned.py",
    "tests/redact/test_redact_scanning_sweep.py",
    "tests/redact/test_redact_admitted_rules_sweep.py",
    "tests/redact/test_redact_rule_classes.py",
    f"{DOCS_TEST}docs/rubrics.md",
    "tests/curate/test_curate_e2e_local_model.py",
    f"{DOCS_TEST}docs/sample.md",
    "tests/scale/test_scale_filter_redact_on_ray.py",
    "tests/evaluate/test_evaluate_local_e2e.py",
    "tests/packaging/test_packaging_wheel.py",
    "tests/evaluate/test_evaluate_openbook_e2e_local_model.py",
)


@pytest.fixture(scope="session")
def local_llm_spec() -> Iterator[str]:
    """`openai:smollm2@http://127.0.0.1:PORT/v1` for a llama.cpp server running SmolLM2-135M.

    A plumbing model: assert schema-valid outputs, provenance and counts, never medicine.
    """
    with LocalServer(resolve_local_model(SMOLLM2), alias=SMOLLM2) as server:
        yield f"openai:{SMOLLM2}@{server.base_url}"


CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")  # Playwright's loop must stop before other modules run asyncio
def browser() -> Iterator[object]:
    """Headless Chromium (Playwright) for the page tests; skipped where it is not installed."""
    if not CHROMIUM.exists():
        pytest.skip("/usr/bin/chromium is missing (install it with `make browser`)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


# a page's layout faults in the browser: how far the page scrolls sideways, and every pair of
# boxes (matching the selector) that overlap on screen although neither holds the other
LAYOUT_FAULTS = """sel => {
  const name = e => `${e.tagName}#${e.id}.${e.className}:${e.textContent.trim().slice(0, 20)}`;
  const boxes = [...document.querySelectorAll(sel)].filter(e => e.checkVisibility())
    .map(e => [e, e.getBoundingClientRect()]);
  const faults = [];
  const over = document.documentElement.scrollWidth - document.documentElement.clientWidth;
  if (over > 0) faults.push(`page overflows by ${over}px`);
  for (const [i, [a, ra]] of boxes.entries()) {
    for (const [b, rb] of boxes.slice(i + 1)) {
      if (a.contains(b) || b.contains(a)) continue;
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (w > 1 && h > 1) faults.push(`${name(a)} / ${name(b)}`);
    }
  }
  return faults;
}"""


@pytest.fixture
def layout_faults() -> Callable[[Any, str], list[str]]:
    """`faults(page, selector)`: the open page's horizontal overflow and overlapping boxes
    (an empty list for a page that fits its window)."""

    def faults(page: Any, selector: str) -> list[str]:
        found: list[str] = page.evaluate(LAYOUT_FAULTS, selector)
        return found

    return faults


@pytest.fixture(scope="session")
def sentence_encoder() -> object:
    """The bundled sentence encoder (USE multilingual v3, the retrieve extra), loaded once per
    session (about 4 s with its first batch); the test is skipped without the extra."""
    from medrubric.rubric.similarity import sentence_encoder as load

    encoder = load()
    if encoder is None:
        pytest.skip("the retrieve extra (sentence encoder) is not installed")
    return encoder


@pytest.fixture
def tmp_cache(tmp_path: Path) -> Path:
    """An empty call-cache folder for one test."""
    path = tmp_path / "llm-cache"
    path.mkdir()
    return path


@pytest.fixture(autouse=True)
def _isolated_call_cache(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Keep tests away from the user's ~/.cache/medrubric unless a test chooses a folder."""
    monkeypatch.setenv(CACHE_ENV, str(tmp_path_factory.mktemp("default-llm-cache")))


class CliResult:
    """What `medrubric ARGS` did in this process: exit code, stdout, stderr (together as
    `output`), through the entry point's own error handling (an InputError is exit 2)."""

    def __init__(self, code: int, stdout: str, stderr: str):
        self.exit_code, self.stdout, self.stderr = code, stdout, stderr
        self.output = stdout + stderr


@pytest.fixture
def medrubric_cli(monkeypatch: pytest.MonkeyPatch):
    """`medrubric_cli([...])` runs the command as `main` does (COLUMNS=200) and returns a
    `CliResult`; nothing is raised for a failed command."""
    import contextlib
    import io

    from medrubric.cli.main import main

    monkeypatch.setenv("COLUMNS", "200")

    def run(args: list[str]) -> CliResult:
        out, err = io.StringIO(), io.StringIO()
        code = 0
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main(args)
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 1
        return CliResult(code, out.getvalue(), err.getvalue())

    return run
