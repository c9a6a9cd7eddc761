"""`medrubric audit inject` end to end: load, exclude answers without headroom, run every
(answer, error type) not yet finished through the pipeline, and write the funnel."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from medrubric.audit.auditdir import AuditDir
from medrubric.audit.edits import EditLimits
from medrubric.audit.headroom import grades_from_file, split_by_headroom
from medrubric.audit.inject import (
    APPLICABILITY_PROMPT,
    INJECT_PROMPT,
    JUDGE_PROMPT,
    InjectionSettings,
    Outcome,
    Roles,
    Task,
    inject_one,
)
from medrubric.audit.pairs import AuditPair, Discard
from medrubric.audit.taxonomy import ErrorType, load_taxonomy
from medrubric.data.formats import load_cases
from medrubric.data.jsonl import load_models, write_json
from medrubric.data.models import Case, CaseGrade, Response
from medrubric.errors import InputError
from medrubric.evaluate.grade import grade_responses, match_cases
from medrubric.evaluate.profiles import GraderSetup
from medrubric.evaluate.provenance import run_record
from medrubric.evaluate.runcases import hash_cases
from medrubric.evaluate.rundir import RunDir, latest_by_key
from medrubric.llm.types import ChatModel
from medrubric.runtime.concurrency import bounded
from medrubric.runtime.options import ModelOptions
from medrubric.runtime.progress import RunProgress


class InjectOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    answers: Path
    benchmark: str
    applicability_models: list[str]
    injector: str
    judge: str
    out: Path
    types: str | None = None
    grades: Path | None = None
    setup: GraderSetup | None = None
    limits: EditLimits = Field(default_factory=EditLimits)
    models: ModelOptions = Field(default_factory=ModelOptions)


class Funnel(BaseModel):
    """Counts of (answer, error type) candidates at each stage, overall and per type."""

    answers: int
    answer_errors: int
    excluded_no_headroom: list[str]
    ungraded_kept: list[str]
    eligible_answers: int
    types: list[str]
    candidates: int
    not_applicable: int
    applicable: int
    accepted: int
    accepted_first_attempt: int
    accepted_after_retry: int
    discarded_programmatic: int
    discarded_judge: int
    failed_calls: int
    pending: int
    by_type: dict[str, dict[str, int]]


def build_funnel(
    eligible: Sequence[Response],
    types: Sequence[ErrorType],
    audit: AuditDir,
    answers: int,
    answer_errors: int,
    at_floor: list[str],
    ungraded: list[str],
) -> Funnel:
    wanted = {(a.case_id, a.model) for a in eligible}
    codes = [t.code for t in types]

    def mine(key: tuple[str, str, str]) -> bool:
        return key[:2] in wanted and key[2] in codes

    pairs = [p for p in audit.load_pairs() if mine(p.key)]
    discards = [d for d in audit.load_discards() if mine(d.key)]
    done = {r.key for r in [*pairs, *discards]}
    failed = {f.key for f in audit.load_failures() if mine(f.key) and f.key not in done}
    stages: Counter[tuple[str, str]] = Counter()
    for p in pairs:
        stages[(p.error_type, "accepted")] += 1
    for d in discards:
        stages[(d.error_type, d.stage)] += 1
    for key in failed:
        stages[(key[2], "failed_calls")] += 1
    by_type = {
        code: {
            "accepted": stages[(code, "accepted")],
            "not_applicable": stages[(code, "not_applicable")],
            "discarded_programmatic": stages[(code, "programmatic")],
            "discarded_judge": stages[(code, "judge")],
            "failed_calls": stages[(code, "failed_calls")],
        }
        for code in codes
    }
    not_applicable = sum(d.stage == "not_applicable" for d in discards)
    candidates = len(eligible) * len(codes)
    return Funnel(
        answers=answers,
        answer_errors=answer_errors,
        excluded_no_headroom=at_floor,
        ungraded_kept=ungraded,
        eligible_answers=len(eligible),
        types=codes,
        candidates=candidates,
        not_applicable=not_applicable,
        applicable=len(pairs) + len(discards) - not_applicable,
        accepted=len(pairs),
        accepted_first_attempt=sum(p.attempts == 1 for p in pairs),
        accepted_after_retry=sum(p.attempts == 2 for p in pairs),
        discarded_programmatic=sum(d.stage == "programmatic" for d in discards),
        discarded_judge=sum(d.stage == "judge" for d in discards),
        failed_calls=len(failed),
        pending=candidates - len(done) - len(failed),
        by_type=by_type,
    )


def load_answers(path: Path, cases: Sequence[Case]) -> tuple[list[Response], int]:
    """Latest answer per (case, model), and how many were generation errors (skipped)."""
    answers = list(latest_by_key(load_models(path, Response)).values())
    match_cases(cases, answers)
    usable = [a for a in answers if a.response is not None and a.response.strip()]
    return usable, len(answers) - len(usable)


async def original_grades(
    opts: InjectOptions,
    cases: Sequence[Case],
    answers: Sequence[Response],
    audit: AuditDir,
    progress: RunProgress,
) -> dict[tuple[str, str], CaseGrade]:
    if opts.grades is not None:
        return grades_from_file(opts.grades, answers)
    if opts.setup is None:
        raise InputError(
            "the originals' grades are needed to exclude answers at the score floor: "
            "give --grades RUN/grades.jsonl or --grader/--grader-profile"
        )
    async with opts.models.open(opts.setup.grader) as grader:
        grades = await grade_responses(
            cases,
            answers,
            [grader],
            opts.setup,
            RunDir(audit.original_grades).create(),
            concurrency=opts.models.workers(),
            progress=progress,
        )
    return {(g.case_id, g.model): g for g in grades}


async def run_pipeline(
    tasks: Sequence[Task],
    roles: Roles,
    settings: InjectionSettings,
    audit: AuditDir,
    concurrency: int,
    progress: RunProgress,
) -> list[Outcome]:
    """Run every task, appending each outcome to its log as soon as it is known."""
    progress.stage("inject", total=len(tasks))

    async def one(task: Task) -> Outcome:
        return await inject_one(task, roles, settings)

    outcomes: list[Outcome] = []
    async for outcome in bounded(tasks, one, concurrency):
        audit.log(outcome)
        outcomes.append(outcome)
        if not isinstance(outcome, AuditPair | Discard):
            progress.tally.errors += 1
        progress.advance("inject")
    return outcomes


def pending_tasks(
    cases: dict[str, Case], answers: Sequence[Response], types: Sequence[ErrorType], audit: AuditDir
) -> list[Task]:
    done = {r.key for r in [*audit.load_pairs(), *audit.load_discards()]}
    return [
        Task(cases[a.case_id], a, t)
        for a in answers
        for t in types
        if (a.case_id, a.model, t.code) not in done
    ]


async def run_inject(opts: InjectOptions) -> Funnel:
    if len(opts.applicability_models) != 2:
        raise InputError(
            f"--applicability-models needs exactly two models, got {len(opts.applicability_models)}"
        )
    audit = AuditDir(opts.out).create()
    taxonomy = load_taxonomy()
    types = taxonomy.select(opts.types)
    cases = load_cases(opts.benchmark)
    answers, answer_errors = load_answers(opts.answers, cases)
    by_id = {c.id: c for c in cases}
    with opts.models.progress() as progress:
        grades = await original_grades(opts, cases, answers, audit, progress)
        clip = opts.setup.clip if opts.setup is not None else True
        eligible, at_floor, ungraded = split_by_headroom(answers, by_id, grades, clip)
        tasks = pending_tasks(by_id, eligible, types, audit)
        settings = InjectionSettings(
            taxonomy=taxonomy.id, limits=opts.limits, params=opts.models.params()
        )
        async with AsyncExitStack() as stack:
            opened: dict[str, ChatModel] = {}
            for spec in [*opts.applicability_models, opts.injector, opts.judge]:
                if spec not in opened:
                    opened[spec] = await stack.enter_async_context(opts.models.open(spec))
            first, second = (opened[s] for s in opts.applicability_models)
            roles = Roles((first, second), opened[opts.injector], opened[opts.judge])
            await run_pipeline(tasks, roles, settings, audit, opts.models.workers(), progress)
    funnel = build_funnel(
        eligible, types, audit, len(answers) + answer_errors, answer_errors, at_floor, ungraded
    )
    write_json(audit.funnel, funnel.model_dump())
    write_json(audit.run, provenance(opts, cases, taxonomy.id))
    return funnel


def provenance(opts: InjectOptions, cases: Sequence[Case], taxonomy: str) -> dict[str, Any]:
    roles = {
        "applicability_1": opts.applicability_models[0],
        "applicability_2": opts.applicability_models[1],
        "injector": opts.injector,
        "judge": opts.judge,
    }
    if opts.setup is not None:
        roles["grader"] = opts.setup.grader
    prompts = [
        f"{name}@{version}" for name, version in (APPLICABILITY_PROMPT, INJECT_PROMPT, JUDGE_PROMPT)
    ]
    record = run_record(
        source=opts.benchmark,
        cases_sha256=hash_cases(cases),
        models={role: opts.models.spec(spec) for role, spec in roles.items()},
        prompts=prompts,
        params={
            "answers": str(opts.answers),
            "types": opts.types,
            "taxonomy": taxonomy,
            "limits": opts.limits.model_dump(),
            "grades": str(opts.grades) if opts.grades else None,
        },
    )
    return record.model_dump(mode="json")
