"""summary.json: the score of a run (medrubric.scoring.summarize), what the run cost, and
the provenance needed to reproduce it, as one type, `RunSummary`, with a schema version.
`RunDir.write_summary` is its one writer (for `eval`, `grade` and `score` alike); never any
key: model specs go in as `public()`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from medrubric.data.models import CaseGrade, Response, RunRecord
from medrubric.errors import InputError
from medrubric.evaluate.panel import panel_figures
from medrubric.evaluate.profiles import GraderSetup, holds_calls
from medrubric.evaluate.provenance import prompt_ids
from medrubric.evaluate.rundir import CallHead, CallTotals, GradingCall, RunSummary
from medrubric.scoring import summarize
from medrubric.scoring.scored import ScoredGrade


def run_totals(
    responses: Sequence[Response],
    calls: Iterable[GradingCall | CallHead],
    later: CallTotals | None = None,
) -> CallTotals:
    """Calls recorded in the run dir (the answers generated, then `calls`, then those
    `later` added up as they were made: `runner.GradeLedger`), split into endpoint calls and
    cache hits; tokens and cost count endpoint calls only."""
    totals = CallTotals()
    for r in responses:
        if r.prompt_version is not None:  # not answers made elsewhere
            totals.add(r.usage, r.cost_usd, r.cached)
    for c in calls:
        totals.add_call(c)
    if later is not None:
        totals.extend(later)
    return totals


def build_summary(
    grades: Iterable[CaseGrade | ScoredGrade],
    setup: GraderSetup,
    responses: Sequence[Response],
    calls: Iterable[GradingCall | CallHead],
    record: RunRecord,
    grader_validity: dict[str, Any] | None = None,
    labels: Sequence[str] | None = None,
    *,
    temperature: float | None = None,
    pass_threshold: float = 0.5,
    validity_by_grader: Mapping[str, dict[str, Any]] | None = None,
    later_calls: CallTotals | None = None,
) -> RunSummary:
    """summary.json of one model's grades (whole, or a run's `scored_grade`s when one grader
    grades once); `labels` are the graders' labels in
    `setup.graders` order (default: the set-up's specs as given). With one grader at one
    repeat, `grades` and `calls` are each read once (generators over the run's logs keep
    memory flat); a jury's or repeats' figures pair every grade with each rater's verdicts,
    so then both are held, and `calls` must be whole `GradingCall`s (`holds_calls`; else
    their heads suffice). The calls' prompt versions join `record`'s;
    `validity_by_grader` is each jury grader's agreement with physicians, by label;
    `later_calls` are calls made after those of `calls`, added up as they came."""
    labels = labels or setup.graders
    held: tuple[list[CaseGrade], list[GradingCall]] = ([], [])
    if holds_calls(setup, labels):
        listed = list(calls)
        whole = [c for c in listed if isinstance(c, GradingCall)]
        assert len(whole) == len(listed), "a jury's or repeats' figures need the calls whole"
        every = list(grades)
        whole_grades = [g for g in every if isinstance(g, CaseGrade)]
        assert len(whole_grades) == len(every), "a jury's or repeats' figures need the grades whole"
        held = (whole_grades, whole)
        grades, calls = held
    models: set[str] = set()
    response_errors: list[dict[str, str]] = []

    def noted(
        grades: Iterable[CaseGrade | ScoredGrade],
    ) -> Iterator[CaseGrade | ScoredGrade]:
        for g in grades:
            models.add(g.model)
            if g.response_error:
                response_errors.append({"case_id": g.case_id, "error": g.response_error})
            yield g

    lengths = {(r.case_id, r.epoch): len(r.response) for r in responses if r.response is not None}
    try:
        scored = summarize(
            noted(grades),
            clip=setup.clip,
            pass_threshold=pass_threshold,
            lengths=lengths,
            temperature=temperature,
        )
    except ValueError:
        if len(models) != 1:
            raise InputError(
                f"a run directory scores one candidate model; these grades hold {len(models)} "
                f"({', '.join(sorted(models)) or 'none'}): grade each model into its own --out"
            ) from None
        raise
    totals = run_totals(responses, calls, later_calls)
    prompts = set(record.prompt_versions.values()) | totals.prompts
    record = record.model_copy(update={"prompt_versions": prompt_ids(prompts)})
    return RunSummary.model_validate(
        {
            **scored.model_dump(),
            **totals.figures(),
            "response_errors": response_errors,
            "truncated_answers": [
                {"case_id": r.case_id, "epoch": r.epoch} for r in responses if r.truncated
            ],
            "grading": setup,
            "provenance": record,
            "grader_validity": grader_validity,
            **panel_figures(
                *held,
                setup,
                labels,
                candidate=scored.model,
                seed=scored.seed,
                n_resamples=scored.n_resamples,
                validity=validity_by_grader,
            ),
        }  # fmt: skip
    )
