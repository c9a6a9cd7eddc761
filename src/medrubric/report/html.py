"""Self-contained HTML reports: inline CSS, charts as base64 PNG, no external links, scripts
or fonts, so a report can be mailed or archived as one file and still open years later."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import jinja2

from medrubric.data.models import Case, CaseGrade, Response
from medrubric.data.vocab import LABELS
from medrubric.report.analysis_sections import ci, num_ci, pct, pts
from medrubric.report.leaderboard import LeaderboardRow, axes_present, comparability_notes
from medrubric.report.plots import breakdown_chart, leaderboard_chart
from medrubric.scoring.summary import score_verdicts

if TYPE_CHECKING:  # the lint page's records: imported by it, not by every report
    from medrubric.rubric.items import ItemStats
    from medrubric.rubric.lint import Finding

_env = jinja2.Environment(
    loader=jinja2.PackageLoader("medrubric.report", "templates"),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
)


def _render(template: str, **context: Any) -> str:
    helpers = {
        "pct": pct, "ci": ci, "num_ci": num_ci, "pts": pts,
        "label": lambda key: LABELS.get(key, key),
    }  # fmt: skip
    return _env.get_template(template).render(**helpers, **context)


def smoke_test_labels(summary: Mapping[str, Any]) -> list[str]:
    """'role: label' for each smoke-test model (candidate or grader) in the run."""
    models = summary.get("provenance", {}).get("models", {})
    return [
        f"{role} {spec.get('label') or spec.get('name')}"
        for role, spec in models.items()
        if spec.get("smoke_test")
    ]


def _case_view(
    grade: CaseGrade, case: Case | None, response: Response | None, clip: bool
) -> dict[str, Any]:
    texts = {c.id: c.text for c in case.rubric} if case else {}
    score = None if grade.response_error else score_verdicts(grade.criteria, clip)
    question = "\n\n".join(m.content for m in case.conversation()) if case else ""
    return {
        "case_id": grade.case_id,
        "language": grade.language or "—",
        "theme": grade.theme,
        "specialty": grade.specialty,
        "score_text": (
            "no answer"
            if grade.response_error
            else "unscorable"
            if score is None
            else f"{100 * score:.1f}%"
        ),
        "has_error": grade.response_error is not None or any(v.error for v in grade.criteria),
        "response_error": grade.response_error,
        "question": question,
        "answer": response.response if response else "",
        "rows": [
            {
                "text": texts.get(v.criterion_id, v.criterion_id),
                "axis": v.axis,
                "weight": v.weight,
                "met": v.met,
                "error": v.error,
                "explanation": v.explanation,
            }
            for v in grade.criteria
        ],
    }


def run_report_html(
    summary: Mapping[str, Any],
    grades: Sequence[CaseGrade],
    cases: Mapping[str, Case],
    responses: Mapping[str, Response],
) -> str:
    """One run: overall score with CI, the grader's validity figures (summary.json's
    `grader_validity`), tables per stratum, chart, per-case drill-down."""
    tables = [
        ("By axis", "Axis", summary["by_axis"]),
        ("By theme", "Theme", summary["by_theme"]),
        ("By specialty", "Specialty", summary["by_specialty"]),
        ("By language", "Language", summary["by_language"]),
    ]
    views = [
        _case_view(g, cases.get(g.case_id), responses.get(g.case_id), bool(summary["clip"]))
        for g in grades
    ]
    return _render(
        "run_report.html.j2",
        s=summary,
        smoke_models=smoke_test_labels(summary),
        chart=breakdown_chart(summary),
        tables=tables,
        cases=views,
    )


def leaderboard_html(rows: Sequence[LeaderboardRow]) -> str:
    chart_rows = [(r.model, r.score, r.ci95) for r in rows if r.score is not None and r.ci95]
    return _render(
        "leaderboard.html.j2",
        rows=rows,
        notes=comparability_notes(rows),
        axes=axes_present(rows),
        chart=leaderboard_chart(chart_rows),  # type: ignore[arg-type]
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
) -> str:
    from medrubric.rubric.lint import SEVERITIES, severity_counts

    order = {s: i for i, s in enumerate(SEVERITIES)}
    return _render(
        "rubric_lint.html.j2",
        source=source,
        n_cases=len(cases),
        n_criteria=sum(len(c.rubric) for c in cases),
        families=list(families),
        counts=severity_counts(findings),
        by_check=findings_by_check(findings),
        findings=sorted(findings, key=lambda f: order[f.severity]),
        items=items,
    )
