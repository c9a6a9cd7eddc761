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


def _table_text(summary: object) -> str:
    from rich.console import Console

    from medrubric.cli.score import summary_table

    console = Console(width=80, record=True)
    console.print(summary_table(summary, []))  # type: ignore[arg-type]
    return console.export_text()


def test_the_score_table_marks_small_strata() -> None:
    """`medrubric score`: a stratum of fewer than 10 cases has its n starred and the table a
    note under it, as the run report marks "small n"; 10 cases or more, neither."""
    few = [_grade(c, [True, False]) for c in "ab"]
    text = _table_text(summarize(few, n_resamples=50))
    assert "│ 2* │" in text
    note = "* n < 10: interval unreliable; [x, x] means all alike, not certainty"
    assert note in " ".join(text.split())  # the caption wraps at the table's width
    many = [_grade(f"c{i}", [True, i % 2 == 0]) for i in range(10)]
    text = _table_text(summarize(many, n_resamples=50))
    assert "│ 10 │" in text and "*" not in text
