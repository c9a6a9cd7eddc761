"""The score line `eval`, `grade` and `demo` print: what the score is the mean of."""

from __future__ import annotations

from medrubric.cli.evaluate import score_line
from medrubric.data.models import CaseGrade, Verdict
from medrubric.scoring.summary import summarize


def _grade(case_id: str, met: list[bool | None]) -> CaseGrade:
    criteria = [
        Verdict(
            criterion_id=f"{case_id}-{i}", weight=5, met=m, error=None if m is not None else "x"
        )
        for i, m in enumerate(met)
    ]
    return CaseGrade(case_id=case_id, model="m", criteria=criteria)


def test_the_score_line_counts_the_answers_left_out_for_errors() -> None:
    """A run of 3 answers, one with every positive criterion in error: the line says 2 cases
    and the one left out, rather than 2 cases alone."""
    grades = [_grade("a", [True, False]), _grade("b", [True, True]), _grade("c", [None, None])]
    summary = summarize(grades, n_resamples=50)
    assert summary.n_cases == 2 and summary.n_cases_unscorable == 1
    line = score_line(summary)
    assert line.startswith("score 75.0% (95% CI [")
    assert line.endswith(
        " · 2 cases (1 answer unscorable: every positive criterion in error) · 4 verdicts"
    )
    whole = score_line(summarize(grades[:2], n_resamples=50))
    assert whole.endswith(" · 2 cases · 4 verdicts")
