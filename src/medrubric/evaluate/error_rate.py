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
    summary: Summary, grades: Iterable[CaseGrade], max_rate: float, rerun: bool = True
) -> str | None:
    """Why a run failed, in one line, when more than `max_rate` of its verdicts (or of its
    answers) are errors; None otherwise. A run that is mostly errors has no score worth
    reading (every case unscorable prints `score —`), so it must not pass as a success.
    The next step follows the most frequent error (`next_step`); `rerun`: the command can
    be run again to retry them (generate/grade/eval), not `score`, which only reads grades."""
    shares = [
        ("verdicts", summary.n_errors, summary.n_criteria),
        ("answers", summary.n_response_errors, summary.n_grades),
    ]
    over = [(what, n, total) for what, n, total in shares if total and n / total > max_rate]
    if not over:
        return None
    counts = Counter(
        (what, text)
        for g in grades
        for what, text in (
            [("answers", g.response_error)]
            if g.response_error
            else [("verdicts", v.error) for v in g.criteria]
        )
        if text
    )
    ((common, times),) = counts.most_common(1) or [(("verdicts", "unknown"), 0)]
    parts = "; ".join(f"{n} of {total} {what} ({100 * n / total:.1f}%)" for what, n, total in over)
    return (
        f"run failed: {parts} are errors, above --max-error-rate {100 * max_rate:g}%; "
        f"most frequent ({times}x): {common[1]}. Next: {next_step(*common, rerun=rerun)} "
        "(--max-error-rate 1 accepts the errors instead)"
    )


# What an error says when the reply was cut at the length limit: an empty reply that ran
# out of tokens, or JSON ending inside a string or short at its last character
# (`structured.validate_reply`'s wording).
CUT_OFF = ("finish_reason=length", "Unterminated string", "the reply's end")


def next_step(what: str, error: str, rerun: bool = True) -> str:
    """What to do about the most frequent error of a failed run: a reply cut off at the length
    limit names the flag that raises it (the grader's, or the candidate's), anything else the
    endpoint, key and model name; then how to retry the calls."""
    if any(mark in error for mark in CUT_OFF):
        flag = "--grader-max-tokens" if what == "verdicts" else "--max-tokens"
        cause = f"replies were cut off at the length limit: raise {flag}"
    else:
        cause = "fix the cause (endpoint URL, key, model name)"
    if not rerun:
        return (
            f"{cause} and run the grade or eval command that wrote these grades again with "
            "its --out, which retries the calls that ended in an error; then score its grades"
        )
    return (
        f"{cause} and run the same generate/grade/eval command again with the same --out: "
        "calls that ended in an error are retried and finished ones are kept"
    )
