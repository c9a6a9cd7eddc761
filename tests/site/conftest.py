"""Planted runs and the site built from them, opened in headless Chromium (`browser`, in
tests/conftest.py)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from medrubric.cli.main import app

sys.path.insert(0, str(Path(__file__).parent))
import planted  # noqa: E402


@pytest.fixture(scope="session")
def runs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return planted.write_runs(tmp_path_factory.mktemp("planted"))


@pytest.fixture(scope="session")
def site(runs: list[Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("site")
    releases = [f"--releases={p}" for p in planted.write_releases(root / "releases")]
    out = root / "site"
    args = ["site", "build", *map(str, runs), *planted.cutoff_flags(), *releases, "--out", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture
def open_site(browser: object, site: Path) -> Iterator[Callable[..., object]]:
    """Open the site at a hash in a fresh page; the test fails on any console error."""
    from playwright.sync_api import Browser, Page

    assert isinstance(browser, Browser)
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    errors: list[str] = []

    def go(hash_: str = "#/") -> Page:
        page = context.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{(site / 'index.html').as_uri()}{hash_}")
        planted.wait_ready(page)
        return page

    yield go
    context.close()
    assert errors == []
