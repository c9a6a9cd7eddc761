"""The Inspect task `medrubric/livemed`: medrubric's cases as samples, answered by Inspect's
model and graded by medrubric's grader with its prompts, verdict parser and error rule.

    inspect eval medrubric/livemed --model openai/gpt-4.1 \\
        -T cases=snapshots/v2026.11 -T grader_profile=livemedbench

Each sample's score carries its CaseGrade (every verdict; a failed verdict is an error, never
Not Met), so the log viewer shows the criteria, and the metrics recompute medrubric's scores
from the grades: with the same answers and verdicts they equal `medrubric eval`'s. Registered
through the `inspect_ai` entry point in pyproject.toml.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageUser,
    GenerateConfig,
)
from inspect_ai.scorer import Metric, Score, Scorer, Target, scorer
from inspect_ai.solver import TaskState, generate

from medrubric.data.formats import load_cases
from medrubric.data.models import Case, CaseGrade, Response
from medrubric.errors import InputError
from medrubric.evaluate.filters import select_cases
from medrubric.evaluate.generate import generation_messages
from medrubric.evaluate.grade import case_grade, grade_answer
from medrubric.evaluate.inspect_metrics import (
    GRADE_KEY,
    cacs,
    grader_errors,
    healthbench,
    livemedbench,
)
from medrubric.evaluate.profiles import GraderSetup, resolve_setup
from medrubric.evaluate.provenance import source_snapshot_hash
from medrubric.runtime.options import ModelOptions
from medrubric.scoring.scored import score_verdicts

DEFAULT_PROFILE = "livemedbench"
_MESSAGES: dict[str, type[ChatMessage]] = {
    "system": ChatMessageSystem,
    "developer": ChatMessageSystem,
    "user": ChatMessageUser,
    "assistant": ChatMessageAssistant,
}


def case_sample(case: Case) -> Sample:
    """The candidate sees exactly what `medrubric generate` sends for this case."""
    messages, prompt_id = generation_messages(case)
    return Sample(
        id=case.id,
        input=[_MESSAGES[m["role"]](content=m["content"]) for m in messages],  # type: ignore[call-arg]
        target=[c.text for c in case.rubric if c.weight > 0],
        metadata={
            "case_id": case.id,
            "language": case.language,
            "theme": case.theme,
            "specialty": case.specialty,
            "published_at": case.published_at.isoformat() if case.published_at else None,
            "prompt_version": prompt_id,
        },
    )


def answer_of(state: TaskState, case: Case) -> Response:
    """The candidate's answer as a Response; an empty one is an error, as in `generate`."""
    text = state.output.completion
    if not text.strip():
        return Response(case_id=case.id, model=str(state.model), error="empty answer")
    return Response(case_id=case.id, model=str(state.model), response=text)


def verdict_table(case: Case, grade: CaseGrade) -> str:
    """Markdown the log viewer shows: one row per criterion with its verdict."""
    if grade.response_error:
        return f"answer failed: {grade.response_error}"
    texts = {c.id: c.text for c in case.rubric}
    rows = ["| verdict | weight | criterion | grader |", "|---|---|---|---|"]
    for v in grade.criteria:
        shown = "ERROR" if v.error else ("Met" if v.met else "Not met")
        why = (v.error or v.explanation).replace("|", "\\|").replace("\n", " ")
        rows.append(f"| {shown} | {v.weight:+d} | {texts[v.criterion_id]} | {why} |")
    return "\n".join(rows)


def grade_value(grade: CaseGrade) -> dict[str, float | int | None]:
    return {
        "score": score_verdicts(grade.criteria, clip=True),
        "ratio": score_verdicts(grade.criteria, clip=False),
        "met": sum(v.met is True for v in grade.criteria),
        "errors": sum(v.error is not None for v in grade.criteria),
    }


@scorer(metrics=[livemedbench(), healthbench(), grader_errors()])
def rubric_grader(cases: dict[str, Case], setup: GraderSetup, options: ModelOptions) -> Scorer:
    """Grade each answer criterion by criterion with medrubric's grader set-up."""

    async def score(state: TaskState, target: Target) -> Score:
        case = cases[str(state.metadata["case_id"])]
        response = answer_of(state, case)
        async with options.open(setup.grader) as grader:
            calls = await grade_answer(grader, setup, case, response)
            label = grader.label
        grade = case_grade(case, response, label, [v for call in calls for v in call.verdicts])
        return Score(
            value=grade_value(grade),
            answer=response.response,
            explanation=verdict_table(case, grade),
            metadata={GRADE_KEY: grade.model_dump(mode="json")},
        )

    return score


def check_candidate_endpoint() -> None:
    """Refuse, in one line, a candidate that would ask an OpenAI-compatible server (vLLM,
    llama.cpp, a gateway) for the Responses API: Inspect's `openai/` provider prefers it for
    o-series, codex and gpt-5 ids, such servers answer 404, and every sample would error."""
    from inspect_ai._util.error import PrerequisiteError
    from inspect_ai.model import get_model

    from medrubric.llm.endpoint import is_openai_host, openai_url

    try:
        api = get_model().api
    except Exception:  # no active model (a task listed, not run): nothing to check
        return
    # the openai SDK reads OPENAI_BASE_URL itself when Inspect passes no base URL
    base_url = openai_url(getattr(api, "base_url", None))
    if getattr(api, "responses_api", False) and not is_openai_host(base_url):
        raise PrerequisiteError(
            f"medrubric/livemed: the candidate {api.model_name} would be asked through the "
            f"OpenAI Responses API at {base_url}, which OpenAI-compatible servers do not serve "
            "(404 on /responses): add `-M responses_api=false`, or use the `openai-api/"
            "<service>/<model>` provider with <SERVICE>_BASE_URL"
        )


def _filters(value: str | list[str] | None) -> list[str]:
    return [value] if isinstance(value, str) else list(value or [])


@task
def livemed(
    cases: str = "sample",
    grader: str | None = None,
    grader_profile: str | None = None,
    mode: str | None = None,
    grader_max_tokens: int | None = None,
    filters: str | list[str] | None = None,
    cacs_k: int | None = None,
    max_tokens: int | None = None,
    config: str | None = None,
    cache_dir: str | None = None,
    no_cache: bool = False,
) -> Task:
    """medrubric cases (a snapshot, a dataset folder, any cases file or 'sample'), answered
    zero-shot at temperature 0 and graded against their rubrics by medrubric's grader
    (`grader` is a medrubric model spec; `grader_profile` pins livemedbench or healthbench;
    with neither, the livemedbench profile)."""
    options = ModelOptions(
        config=Path(config) if config else None,
        cache_dir=Path(cache_dir) if cache_dir else None,
        no_cache=no_cache,
        show_progress=False,
    )
    check_candidate_endpoint()
    if grader is None and grader_profile is None:
        grader_profile = DEFAULT_PROFILE  # the paper's pinned grader
    setup = resolve_setup(grader_profile, grader, mode, grader_max_tokens)
    if options.spec(setup.grader).provider == "local":
        raise InputError(
            f"grader {setup.grader}: serve it first (`medrubric serve local`) and pass its "
            "openai:MODEL@URL spec; an Inspect scorer cannot keep an embedded server running"
        )
    selected = select_cases(load_cases(cases), _filters(filters), None)
    metrics: list[Metric | dict[str, list[Metric]]] = [
        livemedbench(),
        healthbench(),
        grader_errors(),
    ]
    if cacs_k is not None:
        metrics.append(cacs(cacs_k))
    metadata: dict[str, Any] = {
        "cases": cases,
        "snapshot_hash": source_snapshot_hash(cases),
        "grader_setup": setup.model_dump(mode="json"),
        "grader_spec": options.spec(setup.grader).public(),
    }
    return Task(
        dataset=MemoryDataset([case_sample(c) for c in selected], name=Path(cases).name),
        solver=generate(),
        scorer=rubric_grader({c.id: c for c in selected}, setup, options),
        metrics=metrics,
        config=GenerateConfig(temperature=0.0, max_tokens=max_tokens),
        metadata=metadata,
    )
