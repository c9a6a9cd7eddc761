"""The reports of one run: leaderboard.md (one row) and the self-contained report.html, with
the grader's validity record added to summary.json first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medrubric.analysis.registry import grader_validity
from medrubric.report.leaderboard import LeaderboardRow, leaderboard_markdown

if TYPE_CHECKING:
    from medrubric.evaluate.runner import RunResult

VALIDITY = "grader_validity"


def attach_grader_validity(result: RunResult) -> bool:
    """Put the grader's agreement with physicians, as the meta-eval registry knows it now, in
    summary.json (`grader_validity`); True when that changed the summary."""
    grader = result.summary.get("grading", {}).get("grader")
    names = [grader, *sorted({g.grader for g in result.grades if g.grader})]
    validity = grader_validity([n for n in names if n], result.run.root)
    if result.summary.get(VALIDITY) == validity:
        return False
    result.summary[VALIDITY] = validity
    result.run.write_json(result.run.summary, result.summary)
    return True


def write_run_reports(result: RunResult) -> None:
    """leaderboard.md and report.html next to the run's summary.json; kept as they are when
    neither the summary nor the grader's validity record changed (drawing the report's
    figures is most of a re-run's time)."""
    run = result.run
    validity_changed = attach_grader_validity(result)
    if (
        not result.summary_changed
        and not validity_changed
        and run.leaderboard.exists()
        and run.report.exists()
    ):
        return
    from medrubric.report.html import run_report_html  # figures and tables, when drawn

    row = LeaderboardRow.from_summary(str(run.root), result.summary)
    run.leaderboard.write_text(leaderboard_markdown([row]), encoding="utf-8")
    html = run_report_html(
        result.summary,
        result.grades,
        {c.id: c for c in result.cases},
        {r.case_id: r for r in result.responses},
    )
    run.report.write_text(html, encoding="utf-8")
