"""The run report and the leaderboard in headless Chromium at 800 and 1400 px, opened from
file:// as a reader would: the hasty demo run over the bundled sample cases (46 cases).

Also takes the run report's screenshot for docs/evaluation.md: into a temporary folder, or
into docs/screenshots/ with MEDRUBRIC_UPDATE_SCREENSHOTS=1."""

from __future__ import annotations

import datetime as dt
import json
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from medrubric.cli.main import app
from medrubric.data.jsonl import load_models
from medrubric.data.models import Case, CaseGrade, Response, RunRecord
from medrubric.evaluate.profiles import resolve_setup
from medrubric.evaluate.summary import build_summary
from medrubric.report.html import run_report_html

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "medrubric" / "data" / "sample"
DOC_SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
Page = Any

# tables, charts, headings and banners: no two of them may overlap on screen
BOXES = "h1, h2, h4, .table-box, figure, .headline, .errors, .info, .validity, nav, form, details"
OVERLAPS = """sel => {
  const els = [...document.querySelectorAll(sel)].filter(e => e.checkVisibility());
  const out = [];
  for (let i = 0; i < els.length; i++) for (let j = i + 1; j < els.length; j++) {
    const a = els[i], b = els[j];
    if (a.contains(b) || b.contains(a)) continue;
    const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
    const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
    const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
    const name = e => e.tagName + '.' + e.className;
    if (x > 1 && y > 1) out.push(name(a) + ' / ' + name(b));
  }
  return out;
}"""
VISIBLE = "els => els.filter(e => !e.hidden).map(e => [e.dataset.id, e.dataset.specialty])"


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """RUN/report.html of the hasty demo run and BOARD/leaderboard.html (`medrubric report`)."""
    root = tmp_path_factory.mktemp("pages")
    cases = {c.id: c for c in load_models(SAMPLE / "cases.jsonl", Case)}
    grades = load_models(SAMPLE / "grades-demo-hasty.jsonl", CaseGrade)
    answers = load_models(SAMPLE / "responses-demo-hasty.jsonl", Response)
    record = RunRecord(
        medrubric_version="0.1.0", created_at=dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
        snapshot_hash="sample", models={},
    )  # fmt: skip
    setup = resolve_setup(None, "openai:recorded-example", "batched")
    validity = {"grader": "recorded-example", "registry": "meta-eval registry",
                "validated": False, "measured": False}  # fmt: skip
    summary = build_summary(grades, setup, answers, [], record, validity).model_dump(mode="json")
    run = root / "demo-hasty"
    run.mkdir()
    (run / "summary.json").write_text(json.dumps(summary), encoding="utf-8")
    responses = {(r.case_id, r.epoch): r for r in answers}
    html = run_report_html(summary, grades, cases, responses)
    (run / "report.html").write_text(html, encoding="utf-8")
    result = CliRunner().invoke(app, ["report", str(run), "--out", str(root / "board")])
    assert result.exit_code == 0, result.output
    return run / "report.html", root / "board" / "leaderboard.html"


@pytest.fixture
def open_page(browser: Any) -> Iterator[Callable[[Path, int], Page]]:
    """Open a file at a viewport width in a fresh page; the test fails on any console error."""
    errors: list[str] = []
    contexts: list[Any] = []

    def go(path: Path, width: int) -> Page:
        context = browser.new_context(viewport={"width": width, "height": 900})
        contexts.append(context)
        page = context.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(path.as_uri())
        return page

    yield go
    for context in contexts:
        context.close()
    assert errors == []


def _fits(page: Page) -> None:
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= page.evaluate("innerWidth"), f"page scrolls sideways: {width} px"
    assert page.evaluate(OVERLAPS, BOXES) == []


@pytest.mark.parametrize("width", [800, 1400])
def test_run_report_and_leaderboard_fit_and_read_right(
    open_page: Callable[[Path, int], Page], pages: tuple[Path, Path], width: int
) -> None:
    report, board = pages
    page = open_page(report, width)
    _fits(page)
    # a met negative criterion is harm: red, in a harm row, on the hasty syn-en-001 answer
    page.click("#case-syn-en-001 > summary")
    row = page.locator("#case-syn-en-001 tr", has_text="indigestion")
    assert row.get_attribute("class") == "harm-row"
    verdict = row.locator("span.harm")
    assert verdict.inner_text() == "Harm: met"
    assert verdict.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(192, 57, 43)"
    _fits(page)  # an open case with its table still fits
    # the chart's labels stay readable: at least 11 px on screen
    size = page.evaluate(
        "() => Math.min(...[...document.querySelectorAll('figure.chart text.cat')]"
        ".map(t => t.getBoundingClientRect().height))"
    )
    assert size >= 11
    # the controls: filter by specialty, then sort by id
    assert page.is_visible("#case-controls")
    page.select_option("#case-controls select[name=specialty]", "cardiology")
    shown = page.eval_on_selector_all("#case-list > details", VISIBLE)
    assert shown and {s for _, s in shown} == {"cardiology"}
    assert page.inner_text("#case-count") == f"{len(shown)} of 46 answers shown"
    page.select_option("#case-controls select[name=sort]", "id")
    ids = [i for i, _ in page.eval_on_selector_all("#case-list > details", VISIBLE)]
    assert ids == sorted(ids) and len(ids) == len(shown)
    page.select_option("#case-controls select[name=specialty]", "")
    assert len(page.eval_on_selector_all("#case-list > details", VISIBLE)) == 46
    if width == 1400:
        shots = (
            DOC_SCREENSHOTS
            if os.environ.get("MEDRUBRIC_UPDATE_SCREENSHOTS") == "1"
            else Path(tempfile.gettempdir()) / "medrubric-report-screenshots"
        )
        shots.mkdir(parents=True, exist_ok=True)
        shot = open_page(report, width)
        shot.screenshot(path=str(shots / "run-report.png"), full_page=True)
    page = open_page(board, width)
    _fits(page)
    assert page.get_attribute("a[href$='report.html']", "href") == "../demo-hasty/report.html"
