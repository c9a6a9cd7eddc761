"""The leaderboard site in headless Chromium, opened from file:// as a reader would."""

from __future__ import annotations

import datetime as dt
import json
import math
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import planted
import pytest
from planted import wait_ready
from typer.testing import CliRunner

from medrubric.cli.main import app
from medrubric.report.render import ci, pct

Page = Any
DOC_SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def order(page: Page) -> list[str]:
    script = "rows => rows.map(r => r.dataset.model)"
    return page.eval_on_selector_all("#leaderboard tbody tr", script)


def row(page: Page, model: str) -> dict[str, float]:
    data = page.eval_on_selector(f'#leaderboard tr[data-model="{model}"]', "r => ({...r.dataset})")
    return {k: float(data[k]) for k in ("score", "lo", "hi", "n")}


def test_moving_the_window_changes_the_ranking_as_planted(open_site: Callable[..., Page]) -> None:
    page = open_site("#/?to=2023-12-31")
    assert order(page)[0] == "model-a" and order(page)[-1] == "model-c"
    page.fill("#from", "2025-01-01")
    page.fill("#to", "2025-12-31")
    page.dispatch_event("#to", "change")
    wait_ready(page)
    assert "from=2025-01-01" in page.url and "to=2025-12-31" in page.url
    assert order(page)[0] == "model-c" and order(page)[-1] == "model-a"
    # model-a's CI lies wholly below model-c's: ranks differ; A and B overlap: a tie
    ranks = page.eval_on_selector_all("#leaderboard td.rank", "c => c.map(x => x.textContent)")
    assert ranks[0].startswith("1") and ranks[-1] == "2"


def _score_subset(run: Path, keep: set[str], tmp: Path) -> dict[str, Any]:
    grades = planted.subset_grades(run, keep, tmp / f"{run.name}.jsonl")
    out = tmp / f"scored-{run.name}"
    result = CliRunner().invoke(app, ["score", str(grades), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return json.loads((out / "summary.json").read_text())


def _ids(pred: Callable[[Any], bool]) -> set[str]:
    return {c.id for c in map(planted.case, range(planted.N_CASES)) if pred(c)}


def test_numbers_equal_medrubric_score_on_the_same_cases(
    open_site: Callable[..., Page], runs: list[Path], tmp_path: Path
) -> None:
    page = open_site("#/?from=2023-03-01&to=2025-06-30&language=en")
    keep = _ids(
        lambda c: (
            dt.date(2023, 3, 1) <= c.published_at <= dt.date(2025, 6, 30) and c.language == "en"
        )
    )
    for run in runs:
        summary = _score_subset(run, keep, tmp_path)
        shown = row(page, run.name)
        assert shown["n"] == summary["n_cases"]
        assert shown["score"] == pytest.approx(summary["score"], abs=1e-6)
        assert shown["lo"] == pytest.approx(summary["ci95"][0], abs=1e-6)
        assert shown["hi"] == pytest.approx(summary["ci95"][1], abs=1e-6)
    # post-cutoff: each model on the cases after its own cutoff, and one axis
    page = open_site("#/?post=1&axis=accuracy")
    for run in runs:
        cutoff = dt.date.fromisoformat(planted.CUTOFFS[run.name])
        summary = _score_subset(run, _ids(lambda c, d=cutoff: c.published_at > d), tmp_path)
        shown = row(page, run.name)
        axis = summary["by_axis"]["accuracy"]
        assert shown["n"] == axis["n"]
        assert shown["score"] == pytest.approx(axis["score"], abs=1e-6)
        assert [shown["lo"], shown["hi"]] == pytest.approx(axis["ci95"], abs=1e-6)


def test_filters_compose_and_back_restores_the_state(open_site: Callable[..., Page]) -> None:
    page = open_site("#/?to=2023-12-31")
    before = order(page)
    page.select_option("#language", "en")
    wait_ready(page)
    page.select_option("#theme", "emergency_referrals")
    wait_ready(page)
    both = _ids(
        lambda c: (
            c.language == "en"
            and c.theme == "emergency_referrals"
            and c.published_at <= dt.date(2023, 12, 31)
        )
    )
    assert row(page, "model-b")["n"] == len(both)
    heat = page.eval_on_selector_all("#strata tbody tr", "r => r.map(x => x.textContent)")
    # the theme filter holds in the strata table too: the other theme has no case left
    assert heat == ["Context-Seeking———", f"Emergency Referrals{heat[1].split('Referrals')[1]}"]
    assert "(n=4)" in heat[1]
    page.go_back()
    wait_ready(page)
    assert page.input_value("#theme") == "" and page.input_value("#language") == "en"
    page.go_back()
    wait_ready(page)
    assert page.input_value("#language") == "" and page.input_value("#to") == "2023-12-31"
    assert order(page) == before


def test_keyboard_alone_reaches_and_uses_the_controls(open_site: Callable[..., Page]) -> None:
    page = open_site("#/")
    seen = []
    for _ in range(30):
        page.keyboard.press("Tab")
        seen.append(page.evaluate("document.activeElement.id"))
        if seen[-1] == "post":
            break
    assert "from" in seen and "to" in seen and seen[-1] == "post"
    page.keyboard.press("Space")
    wait_ready(page)
    assert "post=1" in page.url
    page.focus("#language")
    page.keyboard.press("ArrowDown")
    wait_ready(page)
    assert "language=en" in page.url
    page.focus('#leaderboard a[href*="model/"]')
    page.keyboard.press("Enter")
    page.wait_for_selector("#model-score")
    assert "post=1" in page.url and "language=en" in page.url  # the state goes with the link


def test_hostile_answer_stays_inert(open_site: Callable[..., Page]) -> None:
    page = open_site("#/case/0")
    assert page.evaluate("window.__pwned") is None
    app_html = page.inner_html("#app")
    assert "<script" not in app_html and "<img" not in app_html
    assert page.eval_on_selector_all('#app a[href^="javascript:"]', "a => a.length") == 0
    assert planted.HOSTILE in page.inner_text('section[data-model="model-b"] pre')
    harm = page.inner_text("#rubric")
    assert "−4" in harm


def test_drill_down_releases_and_methodology_pages(
    open_site: Callable[..., Page], site: Path
) -> None:
    page = open_site("#/model/0")
    assert page.eval_on_selector_all("#worst li", "l => l.length") == 10
    page.click("#worst a")
    page.wait_for_selector("#rubric")
    assert page.eval_on_selector_all("section.answer", "s => s.length") == 3
    page.click("text=Methodology")
    wait_ready(page)
    assert "bootstrap" in page.inner_text("#app")
    page.click("nav >> text=Releases")
    wait_ready(page)
    cards = page.eval_on_selector_all("article[data-release]", "c => c.map(x => x.dataset.release)")
    assert cards == ["v2025.12", "v2024.01"]  # newest first
    diff = page.inner_text('article[data-release="v2025.12"] .diff')
    assert diff == "Against v2024.01: 12 added, 0 removed, 1 changed, 11 unchanged."
    href = page.get_attribute('article[data-release="v2025.12"] a[download="cases.jsonl"]', "href")
    assert (site / str(href)).read_bytes().count(b"\n") == planted.N_CASES
    shots = (
        DOC_SCREENSHOTS
        if os.environ.get("MEDRUBRIC_UPDATE_SCREENSHOTS") == "1"
        else Path(tempfile.gettempdir()) / "medrubric-site-screenshots"
    )
    shots.mkdir(parents=True, exist_ok=True)
    page = open_site("#/?from=2025-01-01")
    page.screenshot(path=str(shots / "site-leaderboard.png"), full_page=True)
    page = open_site(f"#/case/{HARM_CASE}")
    page.screenshot(path=str(shots / "site-case.png"), full_page=True)


def test_repeated_answers_score_as_medrubric_score_with_each_answer_shown(
    open_site: Callable[..., Page], epoch_site: Path, epoch_run: Path, tmp_path: Path
) -> None:
    summary = json.loads((epoch_run / "summary.json").read_text())
    assert summary["epochs"] == planted.EPOCHS
    page = open_site("#/", root=epoch_site)
    shown = row(page, "model-e")
    assert shown["n"] == summary["n_cases"]
    assert shown["score"] == pytest.approx(summary["score"], abs=1e-6)
    # the unfiltered interval is score's nested bootstrap, carried from the build and marked
    assert [shown["lo"], shown["hi"]] == pytest.approx(summary["ci95"], abs=1e-6)
    mark = '#leaderboard tr[data-model="model-e"] .ci-mark'
    assert page.get_attribute(mark, "data-from") == "build"
    assert (
        page.eval_on_selector_all('#leaderboard tr[data-model="model-a"] .ci-mark', "m => m.length")
        == 0
    )
    assert "nested bootstrap" in page.inner_text("#ci-note")
    # under a filter: case means and a cases-only bootstrap, as score's strata
    page = open_site("#/?language=zh", root=epoch_site)
    shown, zh = row(page, "model-e"), summary["by_language"]["zh"]
    assert shown["n"] == zh["n"]
    assert shown["score"] == pytest.approx(zh["score"], abs=1e-6)
    assert [shown["lo"], shown["hi"]] == pytest.approx(zh["ci95"], abs=1e-6)
    assert page.get_attribute(mark, "data-from") == "page"
    keep = _ids(lambda c: c.language == "zh")
    assert _score_subset(epoch_run, keep, tmp_path)["score"] == pytest.approx(
        shown["score"], abs=1e-6
    )
    page = open_site("#/model/1", root=epoch_site)
    for theme, stratum in summary["by_theme"].items():
        if not stratum["n"]:
            continue
        cells = page.eval_on_selector(f'tr[data-stratum="{theme}"]', "r => ({...r.dataset})")
        assert float(cells["score"]) == pytest.approx(stratum["score"], abs=1e-6)
        assert [float(cells["lo"]), float(cells["hi"])] == pytest.approx(stratum["ci95"], abs=1e-6)
    # the case page: every answer, and the case score as their mean (case-001 lost one answer)
    page = open_site("#/case/1", root=epoch_site)
    sections = page.eval_on_selector_all(
        'section[data-model="model-e"]', "s => s.map(x => x.dataset.epoch)"
    )
    assert sections == [str(e) for e in range(planted.EPOCHS)]
    assert "timeout" in page.inner_text('section[data-model="model-e"][data-epoch="1"]')
    assert "answer 3 of 3" in page.inner_text('section[data-model="model-e"][data-epoch="2"] h3')
    grades = [json.loads(line) for line in (epoch_run / "grades.jsonl").read_text().splitlines()]
    answers = [g for g in grades if g["case_id"] == "case-001" and not g["response_error"]]
    ratios = [
        sum(v["weight"] for v in g["criteria"] if v["met"])
        / sum(v["weight"] for v in g["criteria"] if v["weight"] > 0)
        for g in answers
    ]
    expected = sum(max(0.0, min(1.0, r)) for r in ratios) / len(ratios)
    assert len(answers) == planted.EPOCHS - 1
    mean = page.get_attribute('h3.case-score[data-model="model-e"]', "data-score")
    assert float(str(mean)) == pytest.approx(expected, abs=1e-9)


# boxes that must not overlap one another unless one holds the other
OVERLAPS = """() => {
  const boxes = [...document.querySelectorAll(
    "h1, h2, h3, table, .table-box, input, select, button, label, nav a, .headline, pre, .warn, "
    + "ul, ol",
  )].filter((e) => e.getClientRects().length);
  const found = [];
  for (let a = 0; a < boxes.length; a++) for (let b = a + 1; b < boxes.length; b++) {
    const [x, y] = [boxes[a], boxes[b]];
    if (x.contains(y) || y.contains(x)) continue;
    const r = x.getBoundingClientRect(), s = y.getBoundingClientRect();
    const w = Math.min(r.right, s.right) - Math.max(r.left, s.left);
    const h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
    const name = (e) => `${e.tagName}#${e.id}:${e.textContent.slice(0, 20)}`;
    if (w > 1 && h > 1) found.push(`${name(x)} / ${name(y)}`);
  }
  return found;
}"""


def show(page: Page, route: str) -> None:
    """Go to a route in the open page and wait until it is drawn."""
    page.evaluate("r => { location.hash = `#/${r}`; }", route)
    page.wait_for_function("r => document.body.dataset.ready === (r || 'leaderboard')", arg=route)


# a case where some model met the negative criterion c3
HARM_CASE = next(
    i for i in range(planted.N_CASES) if any(planted._met(m, i, "c3") for m in planted.PLANTED)
)
ROUTES = ("", "model/1", "model/2", f"case/{HARM_CASE}", "cases", "releases", "methodology")


def test_pages_fit_800_and_1400_px_without_overlaps(open_site: Callable[..., Page]) -> None:
    page = open_site("#/")
    for width in (800, 1400):
        page.set_viewport_size({"width": width, "height": 900})
        for route in ROUTES:
            show(page, route)
            overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"#/{route} at {width}px overflows by {overflow}px"
            assert page.evaluate(OVERLAPS) == [], f"#/{route} at {width}px"
            assert "null" not in page.inner_text("#app").split(), route  # no stray value
            # every table sits in the shared scrolling box
            loose = "t => t.filter(x => !x.parentElement.matches('.table-box')).length"
            assert page.eval_on_selector_all("table", loose) == 0, route


def test_pages_take_the_shared_stylesheet_and_components(open_site: Callable[..., Page]) -> None:
    """The shared style.css styles the site: tables scroll in their own box, numbers never
    wrap, a met negative criterion reads as harm, a small stratum's CI is flagged."""
    page = open_site(f"#/case/{HARM_CASE}", width=800)
    style = "(e, p) => getComputedStyle(e)[p]"
    assert page.eval_on_selector(".table-box", style, "overflowX") == "auto"
    assert page.eval_on_selector("#rubric td.num", style, "whiteSpace") == "nowrap"
    harm = page.locator("tr.harm-row span.harm").first
    assert harm.inner_text() == "Harm: met"
    assert harm.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(192, 57, 43)"
    assert page.locator("tr.harm-row td.num").first.inner_text() == "−4"
    page = open_site("#/model/0?language=zh", width=800)  # 8 zh cases: every stratum small
    flags = page.locator("td.uncertain span.small-n")
    assert flags.count() > 0 and flags.first.inner_text().startswith("small n")
    assert page.eval_on_selector("#model-score .score", style, "fontWeight") == "700"
    nav = page.eval_on_selector_all("nav.links a", "a => a.map(x => x.getAttribute('href'))")
    assert nav == ["#/", "#/cases", "#/releases", "#/methodology"]
    # scores and CIs read as on every other page (the shared `pct` and `ci` filters)
    page = open_site("#/?language=en")
    for model in planted.PLANTED:
        shown = row(page, model)
        cells = page.eval_on_selector_all(
            f'#leaderboard tr[data-model="{model}"] td.num', "c => c.map(x => x.textContent)"
        )
        assert cells[1] == pct(shown["score"])
        assert cells[2].startswith(ci([shown["lo"], shown["hi"]]))


def test_every_page_is_reachable_by_links_from_the_leaderboard(
    open_site: Callable[..., Page], site: Path
) -> None:
    page = open_site("#/")
    seen, todo, files = {""}, [""], set()
    while todo:
        route = todo.pop()
        show(page, route)
        for href in page.eval_on_selector_all("a[href]", "a => a.map(x => x.getAttribute('href'))"):
            if not href.startswith("#/"):
                files.add(href)
                continue
            target = href[2:].split("?")[0]
            if target not in seen:
                seen.add(target)
                todo.append(target)
    models = {f"model/{m}" for m in range(len(planted.PLANTED))}
    cases = {f"case/{i}" for i in range(planted.N_CASES)}
    assert seen == {"", "cases", "releases", "methodology"} | models | cases
    assert files and all((site / f).is_file() for f in files)


def _wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    p = k / n
    centre, half = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)


def _type_rows(page: Page, table: str) -> dict[str, dict[str, str]]:
    script = "rows => Object.fromEntries(rows.map(r => [r.dataset.type, {...r.dataset}]))"
    return page.eval_on_selector_all(f"#{table} tbody tr", script)


def test_model_pages_show_error_types_where_analysed(
    open_site: Callable[..., Page], site: Path
) -> None:
    page = open_site("#/model/0")  # model-a: classified low answers
    rows, n = _type_rows(page, "error-types"), sum(planted.CLASSIFIED.values())
    assert len(rows) == 7
    for code, row_ in rows.items():
        k = planted.CLASSIFIED.get(code, 0)
        assert float(row_["share"]) == pytest.approx(k / n, abs=1e-12)
        assert [float(row_["lo"]), float(row_["hi"])] == pytest.approx(_wilson(k, n), abs=1e-9)
    assert f"{n} of {n + planted.FAILED_CLASSIFICATIONS} classified" in page.inner_text("#app")
    assert page.query_selector("#audit-types") is None
    page = open_site("#/model/2")  # model-b: the blind-spot audit of its answers
    rows = _type_rows(page, "audit-types")
    score = json.loads(next(site.parent.glob("audit/score/score.json")).read_text())
    assert sorted(rows) == sorted(planted.AUDIT)
    for code, pairs in planted.AUDIT.items():
        caught = sum(o > e for o, e in pairs) / len(pairs)
        assert float(rows[code]["share"]) == pytest.approx(caught, abs=1e-12)
        ci = score["by_type"][code]["win_ci"]
        assert [float(rows[code]["lo"]), float(rows[code]["hi"])] == pytest.approx(ci, abs=1e-12)
    page = open_site("#/model/1")  # model-c: none
    assert "No error-type analysis" in page.inner_text("#no-error-types")
