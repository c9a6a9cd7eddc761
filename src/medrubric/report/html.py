"""Self-contained HTML reports: inline CSS, charts as inline SVG (report/charts.py), at most an
inline script, no external links, scripts or fonts, so a report can be mailed or archived as
one file and still open years later."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from markupsafe import Markup

from medrubric.data.models import Case, CaseGrade, Response, Verdict
from medrubric.evaluate.error_rate import DEFAULT_MAX_ERROR_RATE
from medrubric.report.charts import SMALL_N, bar_chart, epochs_chart
from medrubric.report.leaderboard import (
    LeaderboardRow,
    axes_present,
    ci_ranks,
    comparability_notes,
    comparability_section,
)
from medrubric.report.render import MISSING, label, render, render_section, signed, write_page
from medrubric.scoring.listed import AnswerPicker, CaseKey
from medrubric.scoring.scored import score_verdicts

if TYPE_CHECKING:  # the lint page's records: imported by it, not by every report
    from medrubric.rubric.items import ItemStats
    from medrubric.rubric.lint import Finding


def smoke_test_labels(summary: Mapping[str, Any]) -> list[str]:
    """'role: label' for each smoke-test model (candidate or grader) in the run."""
    models = (summary.get("provenance") or {}).get("models") or {}
    return [
        f"{role} {spec.get('label') or spec.get('name')}"
        for role, spec in models.items()
        if spec.get("smoke_test")
    ]


EFFECTS = {
    # (met, positive weight) -> how the verdict moved the case score
    (True, True): ("gain", "Met"),
    (True, False): ("harm", "Harm: met"),
    (False, True): ("missed", "Missed"),
    (False, False): ("avoided", "Avoided"),
}


def verdict_effect(met: bool | None, weight: int, error: str | None) -> tuple[str, str]:
    """(CSS class, label) of a verdict by its effect on the score: a met negative criterion is
    harm, an unmet positive one a missed point, an unmet negative one avoided harm."""
    if error is not None:
        return "error", "ERROR"
    return EFFECTS[(bool(met), weight > 0)]


def _score_text(score: float | None) -> str:
    return "unscorable" if score is None else f"{100 * score:.1f}%"


class VerdictRow(NamedTuple):
    """One verdict of a drawn answer, its cells' texts ready: report.html draws thousands,
    and a tuple's fields are read without the lookups a dict's keys cost in a template."""

    text: str
    axis: str
    weight: int
    points: int | None  # None for an error
    effect: str  # CSS class, `verdict_effect`
    verdict: str
    error: str | None
    explanation: str | None
    axis_label: str
    weight_text: str
    points_text: str


def _verdict_row(text: str, v: Verdict) -> VerdictRow:
    effect, verdict = verdict_effect(v.met, v.weight, v.error)
    points = None if v.error else (v.weight if v.met else 0)
    return VerdictRow(
        text, v.axis, v.weight, points, effect, verdict, v.error, v.explanation,
        label(v.axis), signed(v.weight),
        signed(points) if points else ("0" if points == 0 else MISSING),
    )  # fmt: skip


def _case_view(
    grade: CaseGrade, case: Case | None, response: Response | None, clip: bool
) -> dict[str, Any]:
    texts = {c.id: c.text for c in case.rubric} if case else {}
    score = None if grade.response_error else score_verdicts(grade.criteria, clip)
    unclipped = None if grade.response_error else score_verdicts(grade.criteria, clip=False)
    question = "\n\n".join(m.content for m in case.conversation()) if case else ""
    rows = [_verdict_row(texts.get(v.criterion_id, v.criterion_id), v) for v in grade.criteria]
    return {
        "case_id": grade.case_id,
        "epoch": grade.epoch,
        "anchor": f"case-{grade.case_id}" + (f"-{grade.epoch}" if grade.epoch else ""),
        "score": score,
        "unclipped": unclipped,
        "axes": sorted({r.axis for r in rows}),
        "language": grade.language or "—",
        "theme": grade.theme,
        "specialty": grade.specialty,
        "score_text": "no answer" if grade.response_error else _score_text(score),
        # the score before the per-case clip, shown when the clip changed it
        "unclipped_text": _score_text(unclipped)
        if clip and unclipped is not None and unclipped != score
        else None,
        "n_harm": sum(r.effect == "harm" for r in rows),
        "points": sum(r.points or 0 for r in rows),
        "max_points": sum(r.weight for r in rows if r.weight > 0 and not r.error),
        "has_error": grade.response_error is not None or any(v.error for v in grade.criteria),
        "response_error": grade.response_error,
        "question": question,
        "answer": response.response if response else "",
        "rows": rows,
    }


def case_card(view: dict[str, Any], multi_epoch: bool) -> Markup:
    """One answer's card in report.html (`run_report_card.html.j2`, placed as it is by the
    page), from its view (`_case_view`); `multi_epoch`: the run has several answers a case."""
    return render_section("run_report_card.html.j2", c=view, multi_epoch=multi_epoch)


def harm_row(view: dict[str, Any], position: int) -> Markup:
    """The row of report.html's harmful criteria met for the verdict at `position` of an
    answer's view (`run_report_harm_row.html.j2`)."""
    return render_section("run_report_harm_row.html.j2", c=view, r=view["rows"][position])


def drawn_answer(
    grade: CaseGrade, case: Case | None, response: Response | None, clip: bool, multi_epoch: bool
) -> dict[str, Any]:
    """An answer's view with its card and the rows of its harms met drawn (`case_card`,
    `harm_row`): what `listed_answers` places on the page, made as a run writes the answer's
    grade (`runner.GradeLedger`), so that the page at the end only places them."""
    view = _case_view(grade, case, response, clip)
    view["card"] = case_card(view, multi_epoch)
    view["multi_epoch"] = multi_epoch
    view["harm_rows"] = {
        position: harm_row(view, position)
        for position, row in enumerate(view["rows"])
        if row.effect == "harm"
    }
    return view


@dataclass
class Listed:
    """What report.html draws of a run's answers (`AnswerPicker`): the lowest-scoring answers
    and the heaviest harmful criteria met, with every answer either names."""

    views: list[dict[str, Any]]  # lowest score first
    harms: list[dict[str, Any]]  # heaviest first, then lowest case
    n_answers: int  # answers in the run
    n_harms: int  # harmful criteria met in the run
    n_harm_answers: int  # answers with at least one


def listed_answers(
    grades: Iterable[CaseGrade] | AnswerPicker,
    cases: Mapping[str, Case],
    responses: Mapping[tuple[str, int], Response],
    clip: bool,
    limit: int | None = None,
    harm_limit: int | None = None,
    multi_epoch: bool = False,
) -> Listed:
    """The answers drawn, from the run's grades (read once) or a picker already fed them
    (the grades as a run wrote them, their cards drawn then, or summary.json's pass over
    them: `RunResult.picked`); `multi_epoch`: the run has several answers a case."""
    if isinstance(grades, AnswerPicker):
        picker = grades
    else:
        picker = AnswerPicker(clip, limit, harm_limit)
        for grade in grades:
            picker.offer(grade)
    drawn: dict[tuple[str, int], tuple[CaseKey, dict[str, Any]]] = {}

    def view(key: CaseKey, item: CaseGrade | dict[str, Any]) -> dict[str, Any]:
        at = (key[3], key[4])
        if at not in drawn:
            if isinstance(item, CaseGrade):
                case, response = cases.get(item.case_id), responses.get(at)
                item = drawn_answer(item, case, response, clip, multi_epoch)
            elif item["multi_epoch"] != multi_epoch:  # drawn before the run's epochs were known
                item["card"] = case_card(item, multi_epoch)
                item["multi_epoch"] = multi_epoch
            drawn[at] = (key, item)
        return drawn[at][1]

    harms = []
    for weight, key, position, item in picker.heaviest():
        page = view(key, item)
        row = page["rows"][position]  # a harm to the picker is one to `drawn_answer`
        harms.append({"case": page, "weight": weight, "text": row.text,
                      "axis": row.axis, "row": page["harm_rows"][position]})  # fmt: skip
    for key, item in picker.lowest():
        view(key, item)
    return Listed(
        views=[page for _key, page in sorted(drawn.values(), key=lambda d: d[0])],
        harms=harms,
        n_answers=picker.n_answers,
        n_harms=picker.n_harms,
        n_harm_answers=picker.n_harm_answers,
    )


def strata_rows(strata: Mapping[str, Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A table's rows: each stratum, `small` when it has fewer than SMALL_N cases (the template
    then flags its interval, and says so when it collapsed to one value)."""
    return [
        {"key": key, "score": st["score"], "ci95": st.get("ci95"), "n": st["n"],
         "small": st["n"] < SMALL_N}
        for key, st in strata.items()
    ]  # fmt: skip


def error_banner(summary: Mapping[str, Any], max_error_rate: float) -> dict[str, Any] | None:
    """The grader and answer errors with their rates, and whether either rate is above the
    run's --max-error-rate (the one case the banner is red); None without errors."""
    shares = [
        ("grader", "verdicts", summary["n_errors"], summary["n_criteria"]),
        ("answer", "answers", summary["n_response_errors"], summary["n_grades"]),
    ]
    parts = [
        {"kind": kind, "of": of, "n": n, "total": total, "rate": n / total if total else None}
        for kind, of, n, total in shares
        if n
    ]
    if not parts:
        return None
    over = any(p["rate"] is not None and p["rate"] > max_error_rate for p in parts)
    return {"parts": parts, "over": over, "max_rate": max_error_rate}


def _facet(views: Sequence[Mapping[str, Any]], field: str) -> list[str]:
    values = {x for v in views for x in (v[field] if field == "axes" else [v[field]])}
    return sorted(x for x in values if x and x != "—")


def run_report_html(
    summary: Mapping[str, Any],
    grades: Iterable[CaseGrade] | AnswerPicker,
    cases: Mapping[str, Case],
    responses: Mapping[tuple[str, int], Response],
    max_error_rate: float = DEFAULT_MAX_ERROR_RATE,
) -> str:
    """One run: overall score with CI, the grader's validity figures (summary.json's
    `grader_validity`), charts and tables per stratum (small strata flagged), the lowest cases
    and the harmful criteria met, and the answers drawn (`listed_answers`: every answer of a
    run of up to 1,000), lowest score first, sortable and filterable (an inline script;
    without it they are listed in that order)."""
    return render(
        "run_report.html.j2",
        **run_report_context(summary, grades, cases, responses, max_error_rate),
    )


def write_run_report(
    path: Path,
    summary: Mapping[str, Any],
    grades: Iterable[CaseGrade] | AnswerPicker,
    cases: Mapping[str, Case],
    responses: Mapping[tuple[str, int], Response],
    max_error_rate: float = DEFAULT_MAX_ERROR_RATE,
) -> None:
    """`run_report_html` written to `path` atomically as it is drawn (the page is never held
    whole; its cases are, to sort them and pick the lowest)."""
    write_page(
        path,
        "run_report.html.j2",
        **run_report_context(summary, grades, cases, responses, max_error_rate),
    )


def run_report_context(
    summary: Mapping[str, Any],
    grades: Iterable[CaseGrade] | AnswerPicker,
    cases: Mapping[str, Case],
    responses: Mapping[tuple[str, int], Response],
    max_error_rate: float = DEFAULT_MAX_ERROR_RATE,
) -> dict[str, Any]:
    """What `run_report.html.j2` is drawn from."""
    tables = [
        ("By axis", "Axis", summary["by_axis"]),
        ("By theme", "Theme", summary["by_theme"]),
        ("By specialty", "Specialty", summary["by_specialty"]),
        ("By language", "Language", summary["by_language"]),
    ]
    multi_epoch = summary.get("epochs", 1) > 1
    listed = listed_answers(
        grades, cases, responses, bool(summary["clip"]), multi_epoch=multi_epoch
    )
    views = listed.views
    charts = [bar_chart(title, summary[key]) for title, key in (
        ("Score by axis", "by_axis"), ("Score by theme", "by_theme"))]  # fmt: skip
    facets = [
        (field, name, _facet(views, attr))
        for field, name, attr in (
            ("theme", "Theme", "theme"),
            ("specialty", "Specialty", "specialty"),
            ("axis", "Axis", "axes"),
            ("language", "Language", "language"),
        )
    ]
    sections = [("lowest", "Lowest cases"), ("harms", "Harmful criteria met")]
    return dict(
        s=summary,
        smoke_models=smoke_test_labels(summary),
        errors=error_banner(summary, max_error_rate),
        charts=[c for c in charts if c is not None],
        epochs_chart=epochs_chart(summary),
        tables=[(t, column, strata_rows(strata)) for t, column, strata in tables],
        cases=views,
        n_answers=listed.n_answers,
        lowest=[v for v in views if v["score"] is not None][:10],
        harms=listed.harms,
        n_harms=listed.n_harms,
        n_harm_answers=listed.n_harm_answers,
        facets=facets,
        small_n=SMALL_N,
        toc=sections
        + [(title.lower().replace(" ", "-"), title) for title, _, _ in tables]
        + [("cases", "Cases")],
    )


def leaderboard_html(
    rows: Sequence[LeaderboardRow],
    links: Mapping[str, str | None] | None = None,
    pages: Sequence[tuple[str, str]] = (),
) -> str:
    """The leaderboard page; `links` maps a row's run to the href of its report.html, `pages`
    are (href, title) of analysis pages linked from the top."""
    chart = bar_chart("Overall score", {
        r.model: {"score": r.score, "ci95": r.ci95, "n": r.n_cases}
        for r in rows if r.score is not None and r.ci95
    })  # fmt: skip
    return render(
        "leaderboard.html.j2",
        rows=rows,
        notes=[n for n in comparability_notes(rows) if not n.startswith("Not comparable")],
        comparability=comparability_section({r.run: r.setup for r in rows}),
        ranks=ci_ranks([r.ci95 for r in rows]),
        axes=axes_present(rows),
        run_links=links or {},
        pages=list(pages),
        chart=chart,
    )


def findings_by_check(findings: Sequence[Finding]) -> dict[str, dict[str, int]]:
    """Check -> severity -> count, checks in first-seen order."""
    from medrubric.rubric.lint import SEVERITIES

    table: dict[str, dict[str, int]] = {}
    for f in findings:
        table.setdefault(f.check, dict.fromkeys(SEVERITIES, 0))[f.severity] += 1
    return table


def lint_html(
    findings: Sequence[Finding],
    cases: Sequence[Case],
    source: str,
    families: Sequence[str],
    items: Sequence[ItemStats] = (),
    duplicates: str = "",
    signs: str = "",
) -> str:
    from medrubric.rubric.lint import SEVERITIES, severity_counts

    order = {s: i for i, s in enumerate(SEVERITIES)}
    return render(
        "rubric_lint.html.j2",
        source=source,
        n_cases=len(cases),
        n_criteria=sum(len(c.rubric) for c in cases),
        families=list(families),
        duplicates=duplicates,
        signs=signs,
        counts=severity_counts(findings),
        by_check=findings_by_check(findings),
        findings=sorted(findings, key=lambda f: order[f.severity]),
        items=items,
    )
