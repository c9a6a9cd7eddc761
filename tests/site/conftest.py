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
    releases += [f"--analysis={p}" for p in planted.write_analysis(root)]
    out = root / "site"
    args = ["site", "build", *map(str, runs), *planted.cutoff_flags(), *releases, "--out", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="session")
def epoch_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return planted.write_epoch_run(tmp_path_factory.mktemp("epochs"))


@pytest.fixture(scope="session")
def epoch_site(runs: list[Path], epoch_run: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A site of model-a and the repeated-answers run model-e."""
    out = tmp_path_factory.mktemp("epoch-site") / "site"
    result = CliRunner().invoke(
        app, ["site", "build", str(runs[0]), str(epoch_run), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture
def open_site(browser: object, site: Path) -> Iterator[Callable[..., object]]:
    """Open the site at a hash in a fresh page; the test fails on any console error."""
    from playwright.sync_api import Browser, Page

    assert isinstance(browser, Browser)
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    errors: list[str] = []

    def go(hash_: str = "#/", *, root: Path = site, width: int = 1400) -> Page:
        page = context.new_page()
        page.set_viewport_size({"width": width, "height": 900})
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{(root / 'index.html').as_uri()}{hash_}")
        planted.wait_ready(page)
        return page

    yield go
    context.close()
    assert errors == []
