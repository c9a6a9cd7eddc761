"""The error gate of `grade`, `eval` and `score`: a run whose verdicts or answers are mostly errors
fails, in one line, instead of printing a score nobody should read. Kept apart from
summary.py so checking a finished run needs no statistics stack."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only: `grade` reads the default gate before its first request
    from medrubric.data.models import CaseGrade
    from medrubric.scoring.records import Summary

# the share of verdicts (or of answers) that may be errors before a run fails (--max-error-rate)
DEFAULT_MAX_ERROR_RATE = 0.1


def error_rate_problem(
    summary: Summary, grades: Iterable[CaseGrade], max_rate: float
) -> str | None:
    """Why a run failed, in one line, when more than `max_rate` of its verdicts (or of its
    answers) are errors; None otherwise. A run that is mostly errors has no score worth
    reading (every case unscorable prints `score —`), so it must not pass as a success."""
    shares = [
        ("verdicts", summary.n_errors, summary.n_criteria),
        ("answers", summary.n_response_errors, summary.n_grades),
    ]
    over = [(what, n, total) for what, n, total in shares if total and n / total > max_rate]
    if not over:
        return None
    counts = Counter(
        text
        for g in grades
        for text in ([g.response_error] if g.response_error else [v.error for v in g.criteria])
        if text
    )
    ((common, times),) = counts.most_common(1) or [("unknown", 0)]
    parts = "; ".join(f"{n} of {total} {what} ({100 * n / total:.1f}%)" for what, n, total in over)
    return (
        f"run failed: {parts} are errors, above --max-error-rate {100 * max_rate:g}%; "
        f"most frequent ({times}x): {common}. Next: fix the cause (endpoint URL, key, model "
        "name) and run the same generate/grade/eval command again with the same --out: calls "
        "that ended in an error are retried and finished ones are kept (--max-error-rate 1 "
        "accepts the errors instead)"
    )
