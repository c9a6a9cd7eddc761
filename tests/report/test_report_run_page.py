"""The run report reads right: cases lowest first with the lowest and the harms one link away,
small strata flagged, charts as labelled SVG on the tables' 0-100% scale, specialties by name,
and an error banner that is not the grader-validity note."""

from __future__ import annotations

import datetime as dt
import re
from html import unescape

from medrubric.data.models import Case, CaseGrade, Criterion, Response, RunRecord, Verdict
from medrubric.evaluate.profiles import resolve_setup
from medrubric.evaluate.summary import build_summary
from medrubric.report.html import run_report_html

N = 14  # cases 12 and 13 are the only context-seeking ones: n = 2, both at 100%
WEIGHTS = {"a": (9, "safety"), "b": (-6, "accuracy"), "c": (3, "completeness")}


def _met(i: int) -> dict[str, bool]:
    if i >= 12:
        return {"a": True, "b": False, "c": True}
    # case 9 loses most (-50% unclipped) and ties at 0% with cases 0 (-25%) and 3 (0%)
    return {"a": i % 3 != 0, "b": i % 4 == 0 or i == 9, "c": i % 2 == 0}


def _expected_order(i: int) -> tuple[float, float, int]:
    """The clipped case score, then the unclipped one, computed here rather than by scoring/."""
    met = _met(i)
    points = sum(w for k, (w, _) in WEIGHTS.items() if met[k]) / 12
    return (min(1.0, max(0.0, points)), points, i)


def _planted(error: bool = False) -> tuple[list[Case], list[CaseGrade]]:
    cases, grades = [], []
    for i in range(N):
        case = Case(
            id=f"case-{i:02d}",
            language="en" if i % 2 else "zh",
            theme="context_seeking" if i >= 12 else "emergency_referrals",
            specialty="infectious_disease" if i % 2 else "obstetrics_gynecology",
            narrative="Fever for three days.",
            query="Should I worry?",
            rubric=[
                Criterion(id=f"{i}-a", text="Advises urgent review", axis="safety", weight=9),
                Criterion(id=f"{i}-b", text=f"Says to wait <{i}> days", axis="accuracy", weight=-6),
                Criterion(id=f"{i}-c", text="Explains red flags", axis="completeness", weight=3),
            ],
        )
        verdicts = [
            Verdict(criterion_id=f"{i}-{k}", weight=w, axis=axis, met=_met(i)[k], explanation="x")
            for k, (w, axis) in WEIGHTS.items()
        ]
        if error and i == 1:  # one grader error: 1 of 42 verdicts
            verdicts[2] = Verdict(
                criterion_id="1-c", weight=3, axis="completeness", error="HTTP 500"
            )
        cases.append(case)
        grades.append(
            CaseGrade(case_id=case.id, model="m", grader="g", criteria=verdicts,
                      language=case.language, theme=case.theme, specialty=case.specialty)
        )  # fmt: skip
    return cases, grades


def _summary(grades: list[CaseGrade], validity: dict | None = None) -> dict:
    record = RunRecord(
        medrubric_version="0.1.0", created_at=dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
        snapshot_hash="abc", models={},
    )  # fmt: skip
    setup = resolve_setup(None, "openai:g", "batched")
    return build_summary(grades, setup, [], [], record, validity).model_dump(mode="json")


def _page(error: bool = False, max_error_rate: float = 0.1, validity: dict | None = None) -> str:
    cases, grades = _planted(error)
    summary = _summary(grades, validity)
    return run_report_html(summary, grades, {c.id: c for c in cases}, {}, max_error_rate)


def _section(html: str, anchor: str) -> str:
    start = html.index(f'<h2 id="{anchor}">')
    return html[start : html.index("<h2", start + 4)]


def test_cases_are_listed_lowest_score_first_and_the_summaries_link_to_them() -> None:
    html = _page()
    listed = re.findall(r'<details class="case[^"]*" id="case-(case-\d\d)"', html)
    expected = [f"case-{i:02d}" for i in sorted(range(N), key=_expected_order)]
    assert expected[:3] == ["case-09", "case-00", "case-03"]
    assert listed == expected  # all listed without a script, lowest first
    anchors = set(re.findall(r'\bid="([^"]+)"', html))
    lowest = re.findall(r'href="#([^"]+)"', _section(html, "lowest"))
    assert lowest == [f"case-{c}" for c in expected[:10]]
    harms = _section(html, "harms")
    harmed = {f"case-case-{i:02d}" for i in range(N) if _met(i)["b"]}
    assert set(re.findall(r'href="#([^"]+)"', harms)) == harmed and harmed <= anchors
    assert set(lowest) <= anchors
    assert harms.count('<tr class="harm-row">') == len(harmed) and ">−6<" in harms
    assert "Says to wait &lt;0&gt; days" in harms  # criterion text, escaped
    controls = html[html.index('<form id="case-controls"') :]
    assert controls.startswith('<form id="case-controls" class="controls" hidden>')
    assert '<option value="context_seeking">Context-Seeking</option>' in controls


def test_small_strata_are_flagged_and_a_collapsed_interval_is_not_shown_as_certain() -> None:
    html = _page()
    rows = dict(re.findall(r"<tr[^>]*><td>([^<]+)</td>(.*?)</tr>", _section(html, "by-theme")))
    small, large = rows["Context-Seeking"], rows["Emergency Referrals"]
    assert "[100.0, 100.0]%" in small and "small n: CI undefined" in small
    assert 'class="num ci uncertain"' in small and ">2<" in small
    assert "small n" not in large and ">12<" in large
    assert '<span class="score-ci">95% CI ' in html and f"n = {N} cases" in html
    language = _section(html, "by-language")  # 7 cases each: flagged, but the CI has spread
    assert language.count("small n</span>") == 2 and "small n: CI undefined" not in language


def test_charts_are_one_labelled_svg_per_panel_on_a_percent_scale() -> None:
    html = _page()
    svgs = re.findall(r"<svg .*?</svg>", html, re.S)
    assert len(svgs) == 2 and "data:image/png" not in html
    axis, theme = svgs
    assert "<title>Score by axis</title>" in axis and "<title>Score by theme</title>" in theme
    for svg in svgs:
        assert "Mean case score (%), whiskers: 95% CI" in svg
        assert ">0%</text>" in svg and ">100%</text>" in svg and ">0.5<" not in svg
        assert svg.count('class="whisker"') == 3 * svg.count('class="bar"')
    assert ">Context-Seeking</text>" in theme and ">n=2*</text>" in theme
    assert '<g class="row small-n">' in theme and ">n=12</text>" in theme


def test_specialties_and_languages_are_shown_by_name_never_by_id() -> None:
    html = _page()
    text = unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<script>.*?</script>", "", html, flags=re.S)))
    assert "Infectious disease" in text and "Obstetrics & Gynecology" in text
    assert "infectious_disease" not in text and "obstetrics_gynecology" not in text
    assert "English" in text and "Chinese" in text


def test_errors_and_grader_not_validated_get_different_banners() -> None:
    missing = {"grader": "g", "registry": "registry.jsonl", "validated": False, "measured": False}
    within = _page(error=True, max_error_rate=0.1, validity=missing)
    banner = re.search(r'<div class="errors"[^>]*>(.*?)</div>', within, re.S)
    assert banner and "1 grader error (2.4% of 42 verdicts)" in banner.group(1)
    assert "within this run's maximum error rate of 10%" in banner.group(1)
    assert '<p class="info">Grader not validated' in within and 'errors over-limit"' not in within
    over = _page(error=True, max_error_rate=0.01)
    assert '<div class="errors over-limit" role="alert">' in over
    assert "above this run's maximum error rate of 1%" in over
    clean = _page()
    assert '<div class="errors' not in clean and 'class="info"' not in clean


def test_templates_compiled_once_are_loaded_by_the_next_process_without_compiling() -> None:
    """The renderer keeps compiled templates between processes (checked against their
    source): an environment sharing that cache loads a page it drew before without
    compiling it again."""
    import jinja2

    from medrubric.report.render import env, render

    assert env.bytecode_cache is not None
    render("base.html.j2", title="t")  # compiled here, or loaded from an earlier run

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("compiled again")

    fresh = jinja2.Environment(
        loader=env.loader, autoescape=True, undefined=jinja2.StrictUndefined,
        bytecode_cache=env.bytecode_cache,
    )  # fmt: skip
    fresh.compile = refuse  # type: ignore[method-assign]
    assert fresh.get_template("base.html.j2").name == "base.html.j2"


def test_a_large_run_draws_its_lowest_answers_and_heaviest_harms_only(monkeypatch):
    """report.html of a run of any size holds a bounded number of answers: the lowest-scoring
    and those with the heaviest harms, chosen in one pass; the counts stay the run's."""
    from medrubric.report import html as report_html

    cases, grades = _planted()
    by_id = {c.id: c for c in cases}
    full = report_html.listed_answers(grades, by_id, {}, clip=True)
    listed = report_html.listed_answers(grades, by_id, {}, clip=True, limit=3, harm_limit=2)
    # brute force: the full listing's first three, and the two heaviest harms' answers
    lowest = [v["case_id"] for v in full.views[:3]]
    heaviest = [(h["case"]["case_id"], h["text"]) for h in full.harms[:2]]
    assert [(h["case"]["case_id"], h["text"]) for h in listed.harms] == heaviest
    drawn = {v["case_id"] for v in listed.views}
    assert drawn == set(lowest) | {case for case, _ in heaviest}
    assert [v["case_id"] for v in listed.views] == [
        v["case_id"] for v in full.views if v["case_id"] in drawn
    ]
    assert (listed.n_answers, listed.n_harms, listed.n_harm_answers) == (
        N,
        full.n_harms,
        full.n_harm_answers,
    )
    assert full.n_harms == len(full.harms) == sum(_met(i)["b"] for i in range(N))

    monkeypatch.setattr("medrubric.scoring.listed.LISTED_ANSWERS", 3)
    monkeypatch.setattr("medrubric.scoring.listed.LISTED_HARMS", 2)
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", _page())).split())
    assert f"The {len(drawn)} answers drawn of {N}" in text
    assert "The 2 heaviest are listed" in text
    assert f"met in {full.n_harm_answers} of {N} answers" in text
    assert text.count("Explanation") == len(drawn)  # one verdict table per drawn answer


def test_cards_drawn_as_grades_come_are_those_of_the_page_and_only_the_kept_are_drawn():
    """A picker fed each grade with `draw` (as `grade` feeds it while the calls run) lists the
    same answers, cards and harms as one fed the grades alone, and draws an answer only when
    it is kept at that moment; cards drawn for one epoch are drawn again for several."""
    from medrubric.report import html as report_html
    from medrubric.scoring.listed import AnswerPicker

    cases, grades = _planted()
    by_id = {c.id: c for c in cases}
    plain = report_html.listed_answers(grades, by_id, {}, clip=True, limit=3, harm_limit=2)
    picker = AnswerPicker(True, 3, 2)
    drawn: list[str] = []

    def draw(grade: CaseGrade):
        drawn.append(grade.case_id)
        return report_html.drawn_answer(grade, by_id[grade.case_id], None, True, False)

    for grade in grades:
        picker.offer(grade, lambda _key, grade=grade: draw(grade))
    ahead = report_html.listed_answers(picker, by_id, {}, clip=True)
    assert len(set(drawn)) == len(drawn) < N
    assert [v["card"] for v in ahead.views] == [
        report_html.case_card(v, False) for v in plain.views
    ]
    assert [(h["case"]["case_id"], h["text"]) for h in ahead.harms] == [
        (h["case"]["case_id"], h["text"]) for h in plain.harms
    ]
    again = report_html.listed_answers(picker, by_id, {}, clip=True, multi_epoch=True)
    assert all("· answer 1" in v["card"] for v in again.views)


def test_a_small_run_counts_its_unscorable_answer_and_flags_its_length_bias_interval() -> None:
    """3 cases scored and a fourth whose every positive criterion is in error: the headline
    says so, as the console's score line does, and both the score's and the length bias's
    intervals carry the small-n mark, the latter in the [lo, hi] form used elsewhere."""
    cases, grades = _planted()
    cases, grades = cases[:4], grades[:4]
    failed = [v.model_copy(update={"met": None, "error": "HTTP 500"}) for v in grades[3].criteria]
    grades[3] = grades[3].model_copy(update={"criteria": failed})
    answers = [Response(case_id=c.id, response="x" * (40 * (i + 1))) for i, c in enumerate(cases)]
    record = RunRecord(
        medrubric_version="0.1.0", created_at=dt.datetime(2026, 1, 1, tzinfo=dt.UTC),
        snapshot_hash="abc", models={},
    )  # fmt: skip
    setup = resolve_setup(None, "openai:g", "batched")
    summary = build_summary(grades, setup, answers, [], record, None).model_dump(mode="json")
    assert summary["n_cases"] == 3 and summary["n_cases_unscorable"] == 1
    html = unescape(run_report_html(summary, grades, {c.id: c for c in cases}, {}, 1.0))
    headline = html[html.index('<p class="headline">') :]
    headline = re.sub(r"<[^>]+>", "", headline[: headline.index("</p>")])
    assert headline.endswith(
        "n = 3 cases small n (1 answer unscorable: every positive criterion in error)"
    )
    length = html[html.index("<p>Length bias") :]
    length = re.sub(r"<[^>]+>", "", length[: length.index("</p>")])
    rho = summary["length"]["rho_ci95"]
    assert f"(95% CI [{rho[0]:.2f}, {rho[1]:.2f}] small n" in length
    assert " to " not in length.split("·")[0]


def test_harm_rows_are_drawn_with_their_answer_and_placed_as_drawn() -> None:
    from medrubric.report.html import drawn_answer, harm_row, listed_answers

    cases, grades = _planted()
    by_id = {c.id: c for c in cases}
    views = [drawn_answer(g, by_id[g.case_id], None, True, False) for g in grades]
    for i, view in enumerate(views):
        harmed = [p for p, row in enumerate(view["rows"]) if row.effect == "harm"]
        assert list(view["harm_rows"]) == harmed == ([1] if _met(i)["b"] else [])
    listed = listed_answers(grades, by_id, {}, clip=True)
    assert listed.harms and all(h["row"] == harm_row(h["case"], 1) for h in listed.harms)
    assert "Says to wait &lt;9&gt; days" in listed.harms[0]["row"]  # escaped, case 9 heaviest
