"""The reports of one run: leaderboard.md (one row) and the self-contained report.html."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING

from medrubric.evaluate.error_rate import DEFAULT_MAX_ERROR_RATE
from medrubric.files import write_text_atomic
from medrubric.report.leaderboard import LeaderboardRow, leaderboard_markdown

if TYPE_CHECKING:
    from medrubric.data.models import Response
    from medrubric.evaluate.runcases import RunCases
    from medrubric.evaluate.runner import RunResult
    from medrubric.report.html import Listed
    from medrubric.scoring.listed import AnswerPicker


def draw_answers(
    picker: AnswerPicker, cases: RunCases, responses: Sequence[Response]
) -> Future[Listed]:
    """What report.html shows of the answers summary.json's pass over the grades picked
    (`listed_answers`: each drawn case, its answer and verdicts), started on a second thread
    (`OnPicked` of `run_grade` and `run_eval`): it reads the cases and fills the page's rows
    while the summary's bootstraps, numpy without the GIL, run on."""

    def draw() -> Listed:
        from medrubric.report.html import listed_answers

        answers = {(r.case_id, r.epoch): r for r in responses}
        return listed_answers(picker, cases, answers, picker.clip)

    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="medrubric-report")
    drawing = pool.submit(draw)
    pool.shutdown(wait=False)  # its thread ends with this one task
    return drawing


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
        # drawn or picked as summary.json read the grades
        result.drawn or result.picked or result.grades(),
        result.cases,
        {(r.case_id, r.epoch): r for r in result.responses},
        max_error_rate,
    )
