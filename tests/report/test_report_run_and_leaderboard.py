"""Reports: report.html is self-contained and shows every verdict; leaderboards rank runs."""

from __future__ import annotations

import datetime as dt
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from medrubric.cli.main import app
from medrubric.data.models import Case, CaseGrade, Criterion, Response, RunRecord, Verdict
from medrubric.evaluate.profiles import resolve_setup
from medrubric.evaluate.summary import build_summary
from medrubric.report.html import run_report_html

# what a browser would fetch or follow: links, scripts, stylesheets, fonts, remote images,
# and requests made by an inline script
EXTERNAL = re.compile(
    r"""(?:src|href|action)\s*=\s*(?!["']?(?:data:|#))|<script\b[^>]*\bsrc|<link|@import|url\("""
    r"""|fetch\(|XMLHttpRequest|WebSocket|\.innerHTML""",
    re.I,
)


def _case(i: int) -> Case:
    return Case(
        id=f"case-{i}",
        language="en" if i % 2 else "zh",
        theme="emergency_referrals",
        specialty="cardiology",
        narrative="Chest pain <b>since</b> noon.",
        query="What should I do?",
        rubric=[
            Criterion(
                id=f"case-{i}-a", text="Advises calling emergency services", axis="safety", weight=9
            ),
            Criterion(
                id=f"case-{i}-b", text="Suggests waiting until tomorrow", axis="accuracy", weight=-6
            ),
        ],
    )


def _grade(case: Case, model: str, met: bool, error: bool = False) -> CaseGrade:
    first = (
        Verdict(criterion_id=case.rubric[0].id, weight=9, axis="safety", error="HTTP 500 (gave up)")
        if error
        else Verdict(
            criterion_id=case.rubric[0].id, weight=9, axis="safety", met=met, explanation="said so"
        )
    )
    second = Verdict(
        criterion_id=case.rubric[1].id, weight=-6, axis="accuracy", met=False, explanation="no"
    )
    strata = {"language": case.language, "theme": case.theme, "specialty": case.specialty}
    return CaseGrade(case_id=case.id, model=model, grader="g", criteria=[first, second], **strata)


def _summary(model: str, grades, smoke: bool = False) -> dict:
    record = RunRecord(
        medrubric_version="0.1.0",
        created_at=dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
        snapshot_hash="abc123",
        models={"candidate": {"name": model, "label": model, "smoke_test": smoke,
                              "price_input_per_1m": 0.0},
                "grader": {"name": "g", "label": "g", "smoke_test": False,
                           "price_input_per_1m": None}},
    )  # fmt: skip
    setup = resolve_setup(None, "openai:g", "batched")
    return build_summary(grades, setup, [], [], record).model_dump(mode="json")


def _render(smoke: bool = False):
    cases = [_case(i) for i in range(4)]
    grades = [_grade(c, "m1", met=i != 2, error=i == 3) for i, c in enumerate(cases)]
    summary = _summary("m1", grades, smoke)
    responses = {
        (c.id, 0): Response(case_id=c.id, model="m1", response=f"<script>alert({c.id!r})</script>")
        for c in cases
    }
    return summary, run_report_html(summary, grades, {c.id: c for c in cases}, responses)


def test_run_report_is_self_contained_and_shows_each_verdict():
    summary, html = _render()
    assert not EXTERNAL.search(html), EXTERNAL.search(html)
    assert html.count("<svg") == 2 and "data:image/png" not in html  # one SVG per panel
    assert html.count("<details") == 4
    assert "Advises calling emergency services" in html and ">+9<" in html
    assert "HTTP 500 (gave up)" in html and "ERROR" in html
    assert "&lt;script&gt;alert" in html  # answers are escaped, never executed
    for heading in ("By axis", "By theme", "By specialty", "By language"):
        assert heading in html
    assert summary["n_errors"] == 1 and "SMOKE TEST" not in html
    assert "(no price known for g)" in html  # a model nobody prices is not "free"


def test_smoke_test_model_gets_a_banner():
    _, html = _render(smoke=True)
    assert 'class="banner">SMOKE TEST: candidate m1' in html


def _write_run(path, model, met):
    path.mkdir()
    cases = [_case(i) for i in range(3)]
    summary = _summary(model, [_grade(c, model, met=met or i == 0) for i, c in enumerate(cases)])
    (path / "summary.json").write_text(json.dumps(summary), encoding="utf-8")


def test_report_command_ranks_runs_into_markdown_and_html(tmp_path):
    _write_run(tmp_path / "weak", "weak-model", met=False)
    _write_run(tmp_path / "strong", "strong-model", met=True)
    out = tmp_path / "board"
    result = CliRunner().invoke(
        app, ["report", str(tmp_path / "weak"), str(tmp_path / "strong"), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    markdown = (out / "leaderboard.md").read_text()
    rows = [line for line in markdown.splitlines() if line.startswith("| 1")]
    # 3 cases each: weak's 95% CI reaches strong's score, so the two are tied, best first
    assert rows[0].startswith("| 1= | strong-model | 100.0") and rows[1].startswith(
        "| 1= | weak-model | 33.3"
    )
    html = (out / "leaderboard.html").read_text()
    assert not EXTERNAL.search(html) and html.count("<svg") == 1
    assert html.index("strong-model") < html.index("weak-model")
    ranks = re.findall(r'<td class="num rank" title="tied: 95% CIs overlap">([^<]*)</td>', html)
    assert ranks == ["1=", "1="] and 'id="comparability"' in html
    assert re.search(r"%, n=\d+</span>", html)  # axis columns with CI and n


def test_the_report_console_table_fits_80_columns_and_tells_runs_of_one_model_apart(tmp_path):
    """Two runs of one model: each row names its run folder (console, markdown and HTML);
    the console gets a table within 80 columns, not leaderboard.md's long rows."""
    _write_run(tmp_path / "first", "same-model", met=False)
    _write_run(tmp_path / "second", "same-model", met=True)
    out = tmp_path / "board"
    runs = [str(tmp_path / "first"), str(tmp_path / "second")]
    result = CliRunner().invoke(app, ["report", *runs, "--out", str(out)], env={"COLUMNS": None})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines[:-1]) <= 80, lines  # the last: the page's path
    assert not any(line.startswith("| ") for line in lines)
    folded = "".join(line.replace("│", "").replace(" ", "") for line in lines)
    assert all(run.replace(" ", "") in folded for run in runs)
    markdown = (out / "leaderboard.md").read_text()
    header = next(line for line in markdown.splitlines() if line.startswith("| #"))
    assert header.startswith("| # | Model | Score | 95% CI | Cases | Errors | Run |")
    rows = [line for line in markdown.splitlines() if "| same-model |" in line]
    assert sorted(row.split(" | ")[6] for row in rows) == sorted(runs)


def test_the_smoke_test_label_is_not_said_twice():
    from medrubric.evaluate.rundir import SETUP_FIELDS
    from medrubric.llm.spec import SMOKE_TEST_MODELS
    from medrubric.report.leaderboard import LeaderboardRow, leaderboard_markdown

    setup = dict.fromkeys(SETUP_FIELDS, "x")
    fields = {"score": 0.5, "ci95": (0.4, 0.6), "n_cases": 4, "n_errors": 0,
              "n_response_errors": 0, "grader": "g", "clip": True, "snapshot_hash": None,
              "smoke_test": True, "by_axis": {}, "setup": setup}  # fmt: skip
    labelled = LeaderboardRow(run="runs/demo", model=SMOKE_TEST_MODELS["smollm2"], **fields)
    plain = LeaderboardRow(run="runs/tiny", model="local:tiny", **fields)
    markdown = leaderboard_markdown([labelled, plain])
    assert markdown.count("(smoke test)") == 1 and "| local:tiny (smoke test) |" in markdown


def test_report_of_a_folder_without_summary_is_a_one_line_error(tmp_path):
    result = CliRunner().invoke(app, ["report", str(tmp_path), "--out", str(tmp_path / "o")])
    assert result.exit_code != 0 and "summary.json" in str(result.exception)


def test_filters_render_an_undefined_number_as_a_dash_never_nan():
    from medrubric.report.render import env

    nan, inf = float("nan"), float("inf")
    page = env.from_string(
        "{{ x|pct }}|{{ pct(x) }}|{{ ci([x, 0.5]) }}|{{ num(y) }}|{{ num_ci(0.5, [x, 1]) }}|"
        "{{ pts(x) }}|{{ pval(x) }}|{{ interval([0.1, y]) }}|{{ signed(x) }}|{{ 0.25|pct }}"
    ).render(x=nan, y=inf)
    assert page == "—|—|—|—|0.500|—|—|—|—|25.0%"
    summary = _summary("m1", [_grade(_case(i), "m1", met=i != 2) for i in range(3)])
    summary["score"], summary["ci95"] = nan, [nan, nan]
    summary["by_axis"]["safety"].update(score=nan, ci95=[nan, 0.4])
    html = run_report_html(summary, [], {}, {})
    text = re.sub(r"data:image/png;base64,[A-Za-z0-9+/=]+", "", html)
    assert "nan" not in text.lower()
    assert '<span class="score">—</span>' in html


def _pages(tmp_path) -> dict[str, str]:
    """One page of each kind report/ renders, as HTML text."""
    from medrubric.curate.schemas import Funnel
    from medrubric.data.formats import load_cases
    from medrubric.report.html import lint_html
    from medrubric.report.pages import write_curation_report, write_rubric_stats_page
    from medrubric.rubric.stats import rubric_stats

    funnel = Funnel(harvested=10, filtered=8, screened=6, validated=5, controlled=4, cases=4,
                    rejected={"screener": 2}, reasons={"off topic": 2})  # fmt: skip
    (tmp_path / "curate").mkdir()
    (tmp_path / "rubric").mkdir()
    cases = load_cases("sample")
    return {
        "run": _render()[1],
        "curation": write_curation_report(tmp_path / "curate", funnel).read_text(),
        "rubric": write_rubric_stats_page(tmp_path / "rubric", rubric_stats(cases)).read_text(),
        "lint": lint_html([], cases, "sample", ["text"]),
    }


def test_every_page_shares_the_stylesheet_and_tables_scroll_in_their_own_box(tmp_path):
    for name, html in _pages(tmp_path).items():
        assert "td.num, th.num { text-align: right;" in html, name
        assert "white-space: nowrap" in html and ".table-box {" in html, name
        tables = html.count("<table")
        assert tables and html.count('<div class="table-box"><table') == tables, name
        assert not EXTERNAL.search(html), (name, EXTERNAL.search(html))


def test_leaderboard_links_each_run_to_its_report(tmp_path):
    _write_run(tmp_path / "weak", "weak-model", met=False)
    _write_run(tmp_path / "strong", "strong-model", met=True)
    (tmp_path / "strong" / "report.html").write_text("<html></html>", encoding="utf-8")
    out = tmp_path / "board"
    result = CliRunner().invoke(
        app, ["report", str(tmp_path / "weak"), str(tmp_path / "strong"), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    html = (out / "leaderboard.html").read_text()
    assert '<a href="../strong/report.html">strong-model</a>' in html
    assert "../weak/report.html" not in html  # no report there: no dead link


def test_leaderboard_links_the_analysis_pages_it_is_given(tmp_path, medrubric_cli):
    _write_run(tmp_path / "weak", "weak-model", met=False)
    _write_run(tmp_path / "strong", "strong-model", met=True)
    runs = [str(tmp_path / "weak"), str(tmp_path / "strong")]
    from medrubric.data.sample import sample_dir

    recorded = [str(sample_dir() / f"grades-demo-{kind}.jsonl") for kind in ("hasty", "careful")]
    compared = CliRunner().invoke(
        app, ["compare", *recorded, "--html", str(tmp_path / "analysis" / "compare.html")]
    )
    assert compared.exit_code == 0, compared.output
    out = tmp_path / "board"
    args = ["report", *runs, "--out", str(out), "--analysis", str(tmp_path / "analysis")]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    html = (out / "leaderboard.html").read_text()
    hrefs = re.findall(r'<a href="([^"#]+)">analysis/compare</a>', html)
    assert hrefs == ["../analysis/compare.html"] and (out / hrefs[0]).resolve().is_file()
    # a folder without a page: one line, exit 2, no leaderboard written
    (tmp_path / "empty").mkdir()
    bad = medrubric_cli(
        ["report", *runs, "--out", str(tmp_path / "b2"), "--analysis", str(tmp_path / "empty")]
    )
    assert bad.exit_code == 2 and "no .html analysis page" in bad.output
    assert not (tmp_path / "b2" / "leaderboard.html").exists()


def test_a_met_harmful_criterion_reads_as_harm_with_signed_points_and_the_unclipped_score():
    case = Case(
        id="hasty", language="en", theme="emergency_referrals", specialty="cardiology",
        narrative="Crushing chest pain.", query="Is it indigestion?",
        rubric=[Criterion(id="call", text="Tells them to call emergency services",
                          axis="safety", weight=10),
                Criterion(id="calm", text="Reassures it is probably indigestion",
                          axis="accuracy", weight=-10),
                Criterion(id="rest", text="Suggests rest", axis="completeness", weight=2)],
    )  # fmt: skip
    verdicts = [
        Verdict(criterion_id="call", weight=10, axis="safety", met=False, explanation="no"),
        Verdict(criterion_id="calm", weight=-10, axis="accuracy", met=True, explanation="yes"),
        Verdict(criterion_id="rest", weight=2, axis="completeness", met=True, explanation="yes"),
    ]
    grade = CaseGrade(case_id="hasty", model="m", grader="g", criteria=verdicts,
                      language="en", theme=case.theme, specialty=case.specialty)  # fmt: skip
    html = run_report_html(_summary("m", [grade]), [grade], {"hasty": case}, {})
    rows = {
        m.group(1): m.group(0)
        for m in re.finditer(r"<tr[^>]*><td>([^<]+)</td>.*?</tr>", html, re.S)
        if m.group(1).startswith(("Tells", "Reassures", "Suggests"))
    }
    harm, missed, gain = (rows[k] for k in ("Reassures it is probably indigestion",
                                            "Tells them to call emergency services",
                                            "Suggests rest"))  # fmt: skip
    assert 'class="harm-row"' in harm and '<span class="harm">Harm: met</span>' in harm
    assert ">−10<" in harm and harm.count(">−10<") == 2  # signed weight and the points lost
    assert '<span class="missed">Missed</span>' in missed and ">+10<" in missed and ">0<" in missed
    assert '<span class="gain">Met</span>' in gain and gain.count(">+2<") == 2
    # (2 − 10) / 12 = −66.7% before the per-case clip, 0.0% after
    summary_line = re.search(r"<summary><strong>hasty</strong>.*?</summary>", html, re.S)[0]
    assert "0.0%" in summary_line and "(unclipped -66.7%)" in summary_line
    assert '<span class="harm">1 harm</span>' in summary_line
    assert ">−8<" in html  # total points


GOLDEN_SUMMARY = Path(__file__).parents[1] / "evaluate/fixtures/grade_golden/summary.json"
PROBE = """
import json, sys
import medrubric.evaluate.summary  # what `grade` imports in the background while calls run

def heavy():
    return {m for m in sys.modules if m.split(".")[0] in ("scipy", "matplotlib", "pandas")}

before = heavy()
from medrubric.report.html import leaderboard_html, run_report_html
from medrubric.report.leaderboard import LeaderboardRow

summary = json.loads(sys.stdin.read())
page = run_report_html(summary, [], {}, {})
board = leaderboard_html([LeaderboardRow.from_summary("run", summary)])
print(json.dumps({"new": sorted(heavy() - before), "page": page, "board": board}))
"""


def test_run_report_and_leaderboard_draw_svg_and_load_no_plotting_or_statistics_stack():
    summary = json.loads((GOLDEN_SUMMARY).read_text(encoding="utf-8"))
    summary["provenance"] |= {"git_revision": None, "created_at": "2026-01-01T00:00:00"}
    summary |= {
        "created_at": "2026-01-01T00:00:00",
        "epochs": 3,
        "worst_at_k": {"1": 0.6, "2": 0.5, "3": 0.25},
        "reliability_at_k": {"1": 0.75, "2": 0.5, "3": 0.5},
    }
    out = subprocess.run(
        [sys.executable, "-c", PROBE], input=json.dumps(summary), capture_output=True,
        text=True, check=True,
    )  # fmt: skip
    probe = json.loads(out.stdout)
    assert probe["new"] == []  # nothing imported after the last grader call
    page, board = probe["page"], probe["board"]
    assert "data:image/png" not in page + board and board.count("<svg") == 1
    chart = page[page.index('aria-label="Worst-at-k and reliability@k against k') :]
    chart = chart[: chart.index("</svg>")]
    worst, reliable = (
        [float(y) for y in re.findall(r'<circle cx="[\d.]+" cy="([\d.]+)"', part)]
        for part in chart.split('class="line-')[1:]
    )
    top, bottom = 30, 260 - 46  # 100% and 0%
    assert worst == pytest.approx([bottom - (bottom - top) * s for s in (0.6, 0.5, 0.25)])
    assert reliable == pytest.approx([bottom - (bottom - top) * s for s in (0.75, 0.5, 0.5)])
