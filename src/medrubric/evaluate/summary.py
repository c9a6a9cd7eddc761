"""summary.json: the score of a run (medrubric.scoring.summarize), what the run cost, and
the provenance needed to reproduce it, as one type, `RunSummary`, with a schema version.
`RunDir.write_summary` is its one writer (for `eval`, `grade` and `score` alike); never any
key: model specs go in as `public()`."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from medrubric.data.models import CaseGrade, Response, RunRecord, add_costs
from medrubric.errors import InputError
from medrubric.evaluate.panel import panel_figures
from medrubric.evaluate.profiles import GraderSetup
from medrubric.evaluate.provenance import prompt_ids
from medrubric.evaluate.rundir import CallHead, GradingCall, RunSummary
from medrubric.scoring import summarize


def holds_calls(setup: GraderSetup, labels: Sequence[str]) -> bool:
    """Whether `build_summary` pairs grades with every rater's verdicts (a jury's or grading
    repeats' figures), so needs the grading calls whole; else their heads (`CallHead`)
    suffice, for the totals."""
    return len(labels) > 1 or setup.repeats > 1


def run_totals(
    responses: Sequence[Response], calls: Iterable[GradingCall | CallHead]
) -> dict[str, Any]:
    """Calls recorded in the run dir, split into endpoint calls and cache hits.

    Tokens and cost count endpoint calls only (a cached answer costs nothing again).
    """
    made = cached = prompt_tokens = completion_tokens = 0
    cost: float | None = 0.0
    generated = [r for r in responses if r.prompt_version is not None]  # not answers made elsewhere
    records = itertools.chain(
        ((r.usage, r.cost_usd, r.cached, 1) for r in generated),
        ((c.usage, c.cost_usd, c.cached, c.calls) for c in calls),
    )
    for call_usage, call_cost, was_cached, n in records:
        if was_cached:
            cached += n
            continue
        made += n
        prompt_tokens += call_usage.prompt_tokens
        completion_tokens += call_usage.completion_tokens
        cost = add_costs(cost, call_cost)
    return {
        "calls": {"made": made, "cached": cached},
        "tokens": {
            "prompt": prompt_tokens,
            "completion": completion_tokens,
            "total": prompt_tokens + completion_tokens,
        },
        "cost_usd": None if cost is None else round(cost, 6),  # None: a price is unknown
    }


def build_summary(
    grades: Iterable[CaseGrade],
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
) -> RunSummary:
    """summary.json of one model's grades; `labels` are the graders' labels in
    `setup.graders` order (default: the set-up's specs as given). With one grader at one
    repeat, `grades` and `calls` are each read once (generators over the run's logs keep
    memory flat); a jury's or repeats' figures pair every grade with each rater's verdicts,
    so then both are held, and `calls` must be whole `GradingCall`s (`holds_calls`; else
    their heads suffice). The calls' prompt versions join `record`'s;
    `validity_by_grader` is each jury grader's agreement with physicians, by label."""
    labels = labels or setup.graders
    held: tuple[list[CaseGrade], list[GradingCall]] = ([], [])
    if holds_calls(setup, labels):
        listed = list(calls)
        whole = [c for c in listed if isinstance(c, GradingCall)]
        assert len(whole) == len(listed), "a jury's or repeats' figures need the calls whole"
        held = (list(grades), whole)
        grades, calls = held
    models: set[str] = set()
    response_errors: list[dict[str, str]] = []

    def noted(grades: Iterable[CaseGrade]) -> Iterator[CaseGrade]:
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
    prompts = set(record.prompt_versions.values())

    def noting_prompts(
        calls: Iterable[GradingCall | CallHead],
    ) -> Iterator[GradingCall | CallHead]:
        for c in calls:
            prompts.add(c.prompt_version)
            yield c

    totals = run_totals(responses, noting_prompts(calls))
    record = record.model_copy(update={"prompt_versions": prompt_ids(prompts)})
    return RunSummary.model_validate(
        {
            **scored.model_dump(),
            **totals,
            "response_errors": response_errors,
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
