"""The reports of one run: leaderboard.md (one row) and the self-contained report.html."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medrubric.evaluate.error_rate import DEFAULT_MAX_ERROR_RATE
from medrubric.files import write_text_atomic
from medrubric.report.leaderboard import LeaderboardRow, leaderboard_markdown

if TYPE_CHECKING:
    from medrubric.evaluate.runner import RunResult


def write_run_reports(result: RunResult, max_error_rate: float = DEFAULT_MAX_ERROR_RATE) -> None:
    """leaderboard.md and report.html next to the run's summary.json; kept as they are when
    the summary did not change (drawing the report's figures is most of a re-run's time).
    `max_error_rate` is the run's --max-error-rate: the report's error banner is red above it."""
    run = result.run
    if not result.summary_changed and run.leaderboard.exists() and run.report.exists():
        return
    from medrubric.report.html import write_run_report  # figures and tables, when drawn

    summary = result.summary.model_dump(mode="json")
    row = LeaderboardRow.from_summary(str(run.root), summary)
    write_text_atomic(run.leaderboard, leaderboard_markdown([row]))
    write_run_report(
        run.report,
        summary,
        result.picked or result.grades(),  # picked as summary.json read the grades
        result.cases,
        {(r.case_id, r.epoch): r for r in result.responses},
        max_error_rate,
    )
