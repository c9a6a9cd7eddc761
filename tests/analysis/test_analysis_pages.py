"""The analysis and compare pages rendered from planted runs: the values, CIs, flags and order
a reader needs, read back from the HTML (and, in Chromium, laid out without overflow)."""

from __future__ import annotations

import base64
import csv
import itertools
import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from markupsafe import escape
from scipy import stats as sps
from typer.testing import CliRunner

from medrubric.analysis.errors import chance_jaccard
from medrubric.cli.main import app
from medrubric.report.analysis_plots import correlation_range
from medrubric.report.leaderboard import ci_ranks
from medrubric.report.render import label, pval, short_label

CUTOFF = "2024-06-01"
JUDGE = "openai:http://127.0.0.1:8080/v1/judge-7b"
WEIGHTS = [5, 3, 2, -4]  # weighted rubrics: CACS does not apply
N = 24


def _published(i: int) -> str:
    if i < 6:
        return f"2024-01-{10 + i}"  # six cases in one pre-cutoff month
    if i < 12:
        return f"2023-{i - 5:02d}-15"  # one case a month
    if i < 18:
        return f"2025-03-{10 + i}"  # six cases in one post-cutoff month
    return f"2025-{i - 14:02d}-15"


def _hits(model: str, i: int) -> int:
    if model == "model-a":  # every completeness criterion right (a 0% error rate); lower after
        return 3 if i % 2 or i < 12 else 2  # the cutoff on accuracy
    if model == "model-b":
        return i % 2
    return 1 + i % 3


def _length(model: str, i: int, hits: int) -> int:
    # within each model, longer answers score lower; model-a writes longest and scores highest
    base = {"model-a": 2000, "model-b": 600, "model-c": 1200}[model]
    return base - 300 * hits + i


def _specs(model: str) -> list[dict[str, Any]]:
    specs = []
    for i in range(N):
        hits = _hits(model, i)
        theme = "response_depth" if i % 2 == 0 else "context_seeking"
        if model == "model-c" and i % 2:
            theme = "emergency_referrals"  # model-c has no context-seeking case
        specs.append(
            {
                "case_id": f"k{i:02d}",
                "hits": hits,
                "n": 4,
                "weights": WEIGHTS,
                "axis": "completeness" if i % 2 else "accuracy",
                "published_at": _published(i),
                "theme": theme,
                "specialty": ("cardiology", "infectious_disease", "neurology")[i % 3],
                "tags": [f"difficulty:{('high', 'low', 'medium')[i % 3]}"],
                "answer": "x" * _length(model, i, hits),
            }
        )
    return specs


def _invoke(args: list[str]) -> str:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module")
def pages(run_writer: Callable[..., Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("pages")
    runs = [
        str(run_writer(root / m, m, _specs(m), grader=JUDGE))
        for m in ("model-a", "model-b", "model-c")
    ]
    out = root / "out"
    fast = ["--resamples", "300"]
    _invoke(["analyze", "contamination", *runs, "--out", str(out), *fast,
             "--cutoff", f"model-a={CUTOFF}", "--cutoff", f"model-b={CUTOFF}"])  # fmt: skip
    _invoke(["analyze", "errors", *runs, "--out", str(out), "--bottom-n", "5"])
    _invoke(["analyze", "consensus", *runs, "--out", str(out), *fast])
    _invoke(["analyze", "export", *runs, "--out", str(out / "export"), *fast])
    terminal = _invoke(["compare", runs[0], runs[1], "--html", str(out / "compare.html"),
                        "--out", str(out / "compare.json"), "--n-resamples", "300"])  # fmt: skip
    (out / "compare.txt").write_text(terminal)
    return out


def _rows(html: str, table_class: str) -> list[str]:
    table = re.search(rf'<table class="{table_class}">(.*?)</table>', html, re.S)
    assert table, table_class
    return re.findall(r"<tr[^>]*>.*?</tr>", table.group(1), re.S)[1:]


def _scores(run: Path) -> dict[str, float]:
    from medrubric.analysis.runs import load_run

    return load_run(run).scores()


def test_contamination_page_shows_month_n_cis_and_a_signed_difference(pages: Path) -> None:
    html = (pages / "contamination.html").read_text()
    scores = _scores(pages.parent / "model-a")
    pre = [scores[f"k{i:02d}"] for i in range(12)]
    post = [scores[f"k{i:02d}"] for i in range(12, N)]
    row = next(r for r in _rows(html, "contamination") if 'data-model="model-a"' in r)
    assert '<th title="mean(post-cutoff) − mean(pre-cutoff); negative' in html
    cell = re.search(r'<td class="num post-minus-pre">(.*?)</td>', row)
    assert cell and cell.group(1).startswith(f"{100 * (np.mean(post) - np.mean(pre)):+.1f} <span")
    assert re.search(r'<span class="muted ci">\[-?\d+\.\d, -?\d+\.\d\]</span>', cell.group(1))
    assert "<td>command line</td>" in row and "--cutoff" not in row
    assert f'<td class="nowrap">{CUTOFF}</td>' in row
    months = re.search(r"model-a: score per month.*?</details>", html, re.S)
    assert months
    month_rows = re.findall(r"<tr( class=\"too-few\")?><td class=\"num\">([+-]\d+)</td>(.*?)</tr>",
                            months.group(0), re.S)  # fmt: skip
    flagged = {int(m): bool(few) for few, m, _ in month_rows}
    # 2024-01 (−5) and 2025-03 (+9) hold six cases each; every other month holds one
    assert flagged[-5] is False and flagged[9] is False
    assert all(flagged[m] for m in flagged if m not in (-5, 9)) and len(flagged) == 14
    for few, _, cells in month_rows:  # a CI only where the month has enough cases
        assert bool(re.search(r"\[\d+\.\d, \d+\.\d\]%", cells)) is not bool(few)
    svg = base64.b64decode(re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', html).group(1))  # type: ignore[union-attr]
    assert b"mean case score (%)" in svg and b"months from the model" in svg


def test_errors_page_draws_cis_a_zero_rate_p_values_and_no_data(pages: Path) -> None:
    html = (pages / "errors.html").read_text()
    row = next(r for r in _rows(html, "error-rates") if 'data-model="model-a"' in r)
    # completeness: 0 errors of 12 cases × 4 criteria; Wilson upper bound z²/(n + z²)
    z2 = sps.norm.ppf(0.975) ** 2
    assert f'0.0% <span class="muted ci">[0.0, {100 * z2 / (48 + z2):.1f}]%, n=48</span>' in row
    svg = base64.b64decode(
        re.search(r'alt="Error rate[^"]*" src="data:image/svg\+xml;base64,([^"]+)"', html).group(1)
    )  # type: ignore[union-attr]
    assert b"error rate (%, Wilson 95% CI)" in svg and b"Completeness" in svg
    # correlations by specialty: 3 groups, 3 pairs, each with its p-value and n = 3 models
    pairs = _rows(html, "correlations")
    assert len(pairs) >= 3 and all('<td class="num">3</td>' in p for p in pairs)
    means: dict[str, list[float]] = {}
    for model in ("model-a", "model-b", "model-c"):
        s = _scores(pages.parent / model)
        for g, spec in enumerate(("Cardiology", "Infectious disease", "Neurology")):
            means.setdefault(spec, []).append(np.mean([s[f"k{i:02d}"] for i in range(g, N, 3)]))
    r, p = sps.pearsonr(means["Cardiology"], means["Neurology"])
    cells = next(x for x in pairs if "Cardiology" in x and "Neurology" in x)
    assert f"{r:.2f}" in cells and pval(p) in cells
    assert "Infectious disease" in html and "infectious_disease</" not in html
    no_data = re.search(r'<p class="no-data">(.*?)</p>', html, re.S)
    assert (
        no_data and f"{label('context_seeking')}</strong> — no data for model-c" in no_data.group(1)
    )
    chance = chance_jaccard(5, N)
    assert f'<strong class="chance">{chance:.3f}</strong>' in html
    assert "Not comparable with LiveMedBench" in html


def test_chance_jaccard_matches_enumeration() -> None:
    fixed = set(range(4))
    subsets = [set(c) for c in itertools.combinations(range(10), 4)]
    exact = np.mean([len(fixed & s) / len(fixed | s) for s in subsets])
    assert chance_jaccard(4, 10) == pytest.approx(exact)
    assert chance_jaccard(5, 5) == 1.0 and chance_jaccard(0, 5) is None


def test_correlation_colours_span_the_values_shown() -> None:
    low, high = correlation_range([[1.0, 0.64], [0.64, 1.0]])
    assert (low, high) == pytest.approx((0.5, 1.0))  # 0.64 and 1.00 at opposite ends
    assert correlation_range([[1.0, -0.2], [-0.2, 1.0]]) == (-1.0, 1.0)


def test_consensus_page_flags_simpsons_paradox_and_orders_difficulty(pages: Path) -> None:
    html = (pages / "consensus.html").read_text()
    assert "(k = " not in html and "CACS does not apply" in html
    rows = _rows(html, "length")
    lengths: dict[str, list[float]] = {}
    values: dict[str, list[float]] = {}
    for model in ("model-a", "model-b", "model-c"):
        s = _scores(pages.parent / model)
        for i in range(N):
            lengths.setdefault(model, []).append(_length(model, i, _hits(model, i)))
            values.setdefault(model, []).append(s[f"k{i:02d}"])
    pooled = sps.pearsonr(sum(lengths.values(), []), sum(values.values(), [])).statistic
    assert pooled > 0  # longer-writing models score higher ...
    for model in lengths:  # ... while within each model, longer answers score lower
        within = sps.pearsonr(lengths[model], values[model]).statistic
        assert within < 0
        row = next(r for r in rows if f'data-model="{model}"' in r)
        assert f"{within:.3f}" in row and "sign differs from pooled" in row
    assert "Simpson&#39;s paradox" in html or "Simpson's paradox" in html
    order = re.findall(r'<tr data-value="(\w+)">', html.split('id="by-difficulty"')[1])[:3]
    assert order == ["low", "medium", "high"]


def test_compare_page_has_cis_on_both_means_and_one_p_value_format(pages: Path) -> None:
    html = (pages / "compare.html").read_text()
    data = json.loads((pages / "compare.json").read_text())
    for run, mean, ci in (("A", "mean_a", "ci_a"), ("B", "mean_b", "ci_b")):
        row = next(r for r in _rows(html, "compare") if f'data-run="{run}"' in r)
        lo, hi = data[ci]
        assert lo <= data[mean] <= hi
        assert (
            f'{100 * data[mean]:.1f}% <span class="muted ci">[{100 * lo:.1f}, {100 * hi:.1f}]%'
            in row
        )
    p = pval(data["sign_test"]["pvalue"])
    assert f'<strong class="pvalue">{escape(p)}</strong>' in html
    terminal = (pages / "compare.txt").read_text()
    assert re.search(rf"sign test p\s*│[│\s]*{re.escape(p)} ", terminal)  # the page's format
    assert 'id="comparability"' in html and "Both runs share" in html


def test_leaderboards_rank_overlapping_cis_as_ties_and_shorten_graders(pages: Path) -> None:
    assert ci_ranks([(0.8, 1.0), (0.8, 1.0), (0.2, 0.4), None]) == [
        (1, True),
        (1, True),
        (3, False),
        (None, False),
    ]
    assert short_label(JUDGE) == "judge-7b"
    html = (pages / "export" / "report.html").read_text()
    rows = _rows(html, "leaderboard")
    ranks = [re.search(r'class="num rank"[^>]*>([^<]*)<', r).group(1) for r in rows]  # type: ignore[union-attr]
    with (pages / "export" / "leaderboard.csv").open(encoding="utf-8") as handle:
        table = list(csv.DictReader(handle))
    cis = [(float(t["ci95_low"]), float(t["ci95_high"])) for t in table]
    expected = [f"{r}{'=' if tied else ''}" for r, tied in ci_ranks(cis)]
    assert ranks == expected
    assert f'<span title="{JUDGE}">judge-7b</span>' in rows[0]
    assert re.search(r"%, n=\d+</span>", rows[0])  # axis columns carry CI and n
    assert 'id="comparability"' in html and "All 3 runs share" in html
    toc = re.search(r'<nav class="toc">(.*?)</nav>', html, re.S)
    assert toc and re.findall(r'href="#([\w-]+)"', toc.group(1))[:2] == [
        "comparability",
        "leaderboard",
    ]


CHROMIUM = Path("/usr/bin/chromium")
DOC_SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
BOXES = "div.table-box, figure, div.warn, div.note, p, h1, h2, h3, details, nav"
LAYOUT = """sel => {
  const name = e => `${e.tagName}.${e.className}`;
  document.querySelectorAll("details").forEach(d => { d.open = true; });
  const boxes = [...document.querySelectorAll(sel)].filter(e => e.checkVisibility())
    .map(e => [e, e.getBoundingClientRect()]);
  const overlaps = [];
  for (const [i, [a, ra]] of boxes.entries()) {
    for (const [b, rb] of boxes.slice(i + 1)) {
      if (a.contains(b) || b.contains(a)) continue;
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (w > 1 && h > 1) overlaps.push(`${name(a)} / ${name(b)}`);
    }
  }
  const width = document.documentElement.clientWidth;
  const wide = boxes.filter(([, r]) => r.right > width + 1).map(([e]) => name(e));
  return {scroll: document.documentElement.scrollWidth, width, overlaps, wide};
}"""


@pytest.fixture(scope="module")
def browser() -> Any:
    if not CHROMIUM.exists():
        pytest.skip("/usr/bin/chromium is missing (install it with `make browser`)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(
            executable_path=str(CHROMIUM), args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        yield launched
        launched.close()


def test_pages_fit_800_and_1400_px_without_overlap(pages: Path, browser: Any) -> None:
    files = ["contamination.html", "errors.html", "consensus.html", "compare.html"]
    shots = DOC_SCREENSHOTS if os.environ.get("MEDRUBRIC_UPDATE_SCREENSHOTS") == "1" else None
    for width in (800, 1400):
        context = browser.new_context(viewport={"width": width, "height": 900})
        page = context.new_page()
        for name in [*files, "export/report.html"]:
            page.goto((pages / name).as_uri())
            layout = page.evaluate(LAYOUT, BOXES)
            where = f"{name} at {width} px"
            assert layout["scroll"] <= layout["width"], f"{where}: the page scrolls sideways"
            assert layout["wide"] == [], f"{where}: boxes wider than the page {layout['wide']}"
            assert layout["overlaps"] == [], f"{where}: overlapping boxes {layout['overlaps']}"
            if shots and width == 1400 and name in files:
                page.screenshot(path=str(shots / f"analysis-{name[:-5]}.png"), full_page=True)
        context.close()
