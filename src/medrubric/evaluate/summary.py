"""summary.json: the score of a run (medrubric.scoring.summarize), what the run cost, and
the provenance needed to reproduce it, as one type, `RunSummary`, with a schema version.
`RunDir.write_summary` is its one writer (for `eval`, `grade` and `score` alike); never any
key: model specs go in as `public()`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from medrubric.data.models import CaseGrade, Response, RunRecord, Usage, add_costs
from medrubric.errors import InputError
from medrubric.evaluate.panel import panel_figures
from medrubric.evaluate.profiles import GraderSetup
from medrubric.evaluate.rundir import GradingCall, RunSummary
from medrubric.scoring import summarize


def run_totals(responses: Sequence[Response], calls: Sequence[GradingCall]) -> dict[str, Any]:
    """Calls recorded in the run dir, split into endpoint calls and cache hits.

    Tokens and cost count endpoint calls only (a cached answer costs nothing again).
    """
    made = cached = 0
    usage = Usage()
    cost: float | None = 0.0
    generated = [r for r in responses if r.prompt_version is not None]  # not answers made elsewhere
    records = [(r.usage, r.cost_usd, r.cached, 1) for r in generated]
    records += [(c.usage, c.cost_usd, c.cached, c.calls) for c in calls]
    for call_usage, call_cost, was_cached, n in records:
        if was_cached:
            cached += n
            continue
        made += n
        usage = usage + call_usage
        cost = add_costs(cost, call_cost)
    return {
        "calls": {"made": made, "cached": cached},
        "tokens": {
            "prompt": usage.prompt_tokens,
            "completion": usage.completion_tokens,
            "total": usage.prompt_tokens + usage.completion_tokens,
        },
        "cost_usd": None if cost is None else round(cost, 6),  # None: a price is unknown
    }


def build_summary(
    grades: Sequence[CaseGrade],
    setup: GraderSetup,
    responses: Sequence[Response],
    calls: Sequence[GradingCall],
    record: RunRecord,
    grader_validity: dict[str, Any] | None = None,
    labels: Sequence[str] | None = None,
    *,
    temperature: float | None = None,
    pass_threshold: float = 0.5,
) -> RunSummary:
    """summary.json of one model's grades; `labels` are the graders' labels in
    `setup.graders` order (default: the set-up's specs as given)."""
    models = sorted({g.model for g in grades})
    if len(models) != 1:
        raise InputError(
            f"a run directory scores one candidate model; these grades hold {len(models)} "
            f"({', '.join(models) or 'none'}): grade each model into its own --out"
        )
    lengths = {(r.case_id, r.epoch): len(r.response) for r in responses if r.response is not None}
    scored = summarize(
        grades,
        clip=setup.clip,
        pass_threshold=pass_threshold,
        lengths=lengths,
        temperature=temperature,
    )
    return RunSummary.model_validate(
        {
            **scored.model_dump(),
            **run_totals(responses, calls),
            "response_errors": [
                {"case_id": g.case_id, "error": g.response_error}
                for g in grades
                if g.response_error
            ],
            "grading": setup,
            "provenance": record,
            "grader_validity": grader_validity,
            **panel_figures(
                grades,
                calls,
                setup,
                labels or setup.graders,
                seed=scored.seed,
                n_resamples=scored.n_resamples,
            ),
        }  # fmt: skip
    )
