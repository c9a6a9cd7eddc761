"""Grading: turn each answer into one Verdict per rubric criterion (LiveMedBench §3.3.2).

`per-criterion` mode makes one grader call per criterion (HealthBench, LiveMedBench);
`batched` makes one call per answer and requires a verdict for every criterion id: a reply
with missing, unknown or repeated ids is re-asked once, then the criteria still without a
verdict are recorded as errors. The answer is fenced as untrusted data with a tag derived from
its own hash, so it cannot close the fence and speak as the prompt.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import BaseModel

from medrubric.data.models import (
    Case,
    CaseGrade,
    Criterion,
    Response,
    Usage,
    Verdict,
    add_costs,
)
from medrubric.errors import InputError
from medrubric.evaluate.jury import Rater, jury_verdict, rater_verdicts
from medrubric.evaluate.profiles import GraderSetup
from medrubric.evaluate.rundir import AnswerKey, GradingCall, RunDir, answer_key, latest_by_key
from medrubric.evaluate.verdicts import (
    BatchedReply,
    CriterionReply,
    batched_schema,
    check_ids,
    criterion_verdict,
    error_verdict,
    parse_reply,
    unambiguous_items,
    verdict,
)
from medrubric.llm.types import CallResult, ChatModel
from medrubric.prompts import render
from medrubric.runtime.concurrency import bounded
from medrubric.runtime.progress import RunProgress
from medrubric.runtime.prompting import conversation_text, fence_tag

Messages = list[dict[str, str]]


@dataclass(frozen=True)
class AnswerPrompt:
    """What every grader prompt about one answer shares, built once per answer rather than
    once per criterion."""

    language: str
    fence: str
    conversation: str
    answer: str


def answer_prompt(case: Case, answer: str) -> AnswerPrompt:
    return AnswerPrompt(
        case.language, fence_tag(answer), conversation_text(case.conversation()), answer
    )


def _render(setup: GraderSetup, shared: AnswerPrompt, **variables: object) -> tuple[Messages, str]:
    text, prompt_id = render(
        setup.prompt_name(shared.language),
        setup.prompt_version,
        fence=shared.fence,
        conversation=shared.conversation,
        answer=shared.answer,
        **variables,
    )
    return [{"role": "user", "content": text}], prompt_id


def criterion_messages(
    setup: GraderSetup, case: Case, answer: str, criterion: Criterion
) -> tuple[Messages, str]:
    return _render(setup, answer_prompt(case, answer), criterion=criterion)


def batched_messages(
    setup: GraderSetup, case: Case, answer: str, criteria: Sequence[Criterion]
) -> tuple[Messages, str]:
    return _render(setup, answer_prompt(case, answer), criteria=list(criteria))


def reask_message(problem: str, expected: Sequence[str]) -> str:
    return (
        f"Your reply did not match the rubric ({problem}). Reply again with one JSON object "
        f"holding exactly one verdict for each of these ids and no others: {', '.join(expected)}."
    )


@dataclass(frozen=True)
class GradingJob:
    """Criteria of one answer still to grade in one call by one rater (a grader at a repeat);
    the jobs of one answer share its prompt parts."""

    case: Case
    response: Response
    criteria: tuple[Criterion, ...]
    shared: AnswerPrompt | None = None
    rater: int = 0  # index into the plan's raters
    repeat: int = 0

    def prompt(self) -> AnswerPrompt:
        return self.shared or answer_prompt(self.case, self.response.response or "")


def _call(
    job: GradingJob,
    grader: ChatModel,
    prompt_id: str,
    verdicts: list[Verdict],
    results: Sequence[CallResult],
) -> GradingCall:
    usage = sum((r.usage for r in results), Usage())
    return GradingCall(
        case_id=job.case.id,
        model=job.response.model,
        epoch=job.response.epoch,
        grader=grader.label,
        prompt_version=prompt_id,
        verdicts=verdicts,
        usage=usage,
        cost_usd=add_costs(*(r.cost_usd for r in results)),
        cached=all(r.cached for r in results),
        calls=len(results),
        repeat=job.repeat,
    )


async def grade_one_criterion(
    grader: ChatModel, setup: GraderSetup, job: GradingJob
) -> GradingCall:
    (criterion,) = job.criteria
    messages, prompt_id = job_messages(setup, job)
    result = await grader.chat(
        messages, prompt_version=prompt_id, schema=CriterionReply, params=setup.params(job.repeat)
    )
    return _call(job, grader, prompt_id, [criterion_verdict(criterion, result)], [result])


async def grade_batch(grader: ChatModel, setup: GraderSetup, job: GradingJob) -> GradingCall:
    """One call for all of `job.criteria`, re-asked once if the ids do not match exactly."""
    expected = [c.id for c in job.criteria]
    messages, prompt_id = job_messages(setup, job)
    params = setup.params(job.repeat)
    schema = job_schema(setup, job)
    result = await grader.chat(messages, prompt_version=prompt_id, schema=schema, params=params)
    results = [result]
    reply = parse_reply(result, BatchedReply)
    found = unambiguous_items(reply, expected) if isinstance(reply, BatchedReply) else {}
    failure = reply if isinstance(reply, str) else None
    if isinstance(reply, BatchedReply) and not (ids := check_ids(expected, reply)).ok:
        followup = [
            *messages,
            {"role": "assistant", "content": result.text or reply.model_dump_json()},
            {"role": "user", "content": reask_message(ids.describe(), expected)},
        ]
        second = await grader.chat(followup, prompt_version=prompt_id, schema=schema, params=params)
        results.append(second)
        again = parse_reply(second, BatchedReply)
        if isinstance(again, BatchedReply):
            found |= unambiguous_items(again, expected)
            still = check_ids(expected, again)
            failure = f"batched reply after re-ask: {still.describe()}" if not still.ok else None
        else:
            failure = f"re-ask failed: {again}"
    verdicts = [
        verdict(c, found[c.id].criteria_met, found[c.id].explanation)
        if c.id in found
        else error_verdict(c, failure or "no verdict for this criterion")
        for c in job.criteria
    ]
    return _call(job, grader, prompt_id, verdicts, results)


async def grade_answer(
    grader: ChatModel, setup: GraderSetup, case: Case, response: Response
) -> list[GradingCall]:
    """Every criterion of one answer, with no run folder (callers that keep their own record,
    such as the Inspect scorer). A failed answer has nothing to grade."""
    if response.error is not None:
        return []
    if setup.mode == "batched":
        criteria = shuffled(case, case.rubric, setup.shuffle_seed)
        return [await grade_batch(grader, setup, GradingJob(case, response, criteria))]
    shared = answer_prompt(case, response.response or "")
    jobs = [GradingJob(case, response, (c,), shared) for c in case.rubric]
    return list(await asyncio.gather(*(grade_one_criterion(grader, setup, j) for j in jobs)))


def case_grade(
    case: Case, response: Response, grader: str, verdicts: Sequence[Verdict]
) -> CaseGrade:
    """The grade record of one answer, carrying the case strata so it can be re-scored alone."""
    by_id = {v.criterion_id: v for v in verdicts}
    return CaseGrade(
        case_id=case.id,
        model=response.model,
        epoch=response.epoch,
        grader=grader,
        language=case.language,
        theme=case.theme,
        specialty=case.specialty,
        published_at=case.published_at,
        tags=list(case.tags),
        response_error=response.error,
        criteria=[by_id[c.id] for c in case.rubric] if response.error is None else [],
    )


def has_error(grade: CaseGrade) -> bool:
    """The answer failed or some verdict is an error."""
    return grade.response_error is not None or any(v.error is not None for v in grade.criteria)


def match_cases(cases: Sequence[Case], responses: Sequence[Response]) -> dict[str, Case]:
    by_id = {c.id: c for c in cases}
    unknown = sorted({r.case_id for r in responses} - set(by_id))
    if unknown:
        shown = ", ".join(unknown[:5]) + (" …" if len(unknown) > 5 else "")
        raise InputError(f"responses refer to {len(unknown)} case id(s) not in --cases: {shown}")
    return by_id


def shuffled(case: Case, criteria: Sequence[Criterion], seed: int | None) -> tuple[Criterion, ...]:
    """The criteria in rubric order, or (with a seed) in an order shuffled per case: the
    same seed and case always give the same order."""
    if seed is None:
        return tuple(criteria)
    order = list(criteria)
    random.Random(f"{seed}:{case.id}").shuffle(order)
    return tuple(order)


@dataclass
class GradingPlan:
    """What grading `responses` in a run still takes: the grades already finished, the
    verdicts already known per rater and answer, and the calls (jobs) still to make. The run
    and its `--dry-run` estimate both follow it, so the estimate counts exactly the calls the
    run makes."""

    graded: dict[AnswerKey, CaseGrade]
    known: list[dict[AnswerKey, dict[str, Verdict]]]  # per rater
    jobs: list[GradingJob]
    ready: list[tuple[Case, Response]]  # answers whose grade needs no call (failed, or done)
    answers: list[Response]
    total: int
    done: int
    stale: bool  # some grades are redone: the grades log is compacted afterwards


def plan_grading(
    cases: Sequence[Case],
    responses: Sequence[Response],
    run: RunDir,
    setup: GraderSetup,
    raters: Sequence[Rater],
    *,
    retry_errors: bool = True,
) -> GradingPlan:
    """The grading still to do in `run`, at the criterion level and per rater; with
    `retry_errors`, verdicts in error (and grades of answers that failed) are redone."""
    by_id = match_cases(cases, responses)
    answers = list(latest_by_key(responses).values())
    recorded = run.load_grades()
    latest = {answer_key(g): g for g in recorded}
    graded = {k: g for k, g in latest.items() if not (retry_errors and has_error(g))}
    calls = run.load_grading_calls()
    single = len({r.label for r in raters}) == 1
    known = [rater_verdicts(calls, rater, only_grader=single) for rater in raters]
    if retry_errors:
        for verdicts in known:
            for found in verdicts.values():
                for cid in [cid for cid, v in found.items() if v.error is not None]:
                    del found[cid]
    jobs: list[GradingJob] = []
    ready: list[tuple[Case, Response]] = []
    total = done = 0
    for response in answers:
        case = by_id[response.case_id]
        key = answer_key(response)
        total += len(case.rubric) * len(raters)
        if response.error is not None:
            if key not in graded:
                ready.append((case, response))
            done += len(case.rubric) * len(raters)
            continue
        pending = [
            tuple(c for c in case.rubric if c.id not in known[i].get(key, {}))
            for i in range(len(raters))
        ]
        if key in graded and (len(raters) == 1 or not any(pending)):
            done += len(case.rubric) * len(raters)
            continue
        if len(raters) > 1 and key in latest and not any(pending):
            # every grader has a verdict: the jury's undecided criteria are its final word
            graded[key] = latest[key]
            done += len(case.rubric) * len(raters)
            continue
        graded.pop(key, None)  # a rater's verdicts are missing: the grade is made again
        done += sum(len(case.rubric) - len(p) for p in pending)
        if not any(pending):
            ready.append((case, response))
            continue
        shared = answer_prompt(case, response.response or "")
        for i, (rater, todo) in enumerate(zip(raters, pending, strict=True)):
            if not todo:
                continue
            if setup.mode == "batched":
                order = shuffled(case, todo, setup.shuffle_seed)
                jobs.append(GradingJob(case, response, order, shared, i, rater.repeat))
            else:
                jobs.extend(GradingJob(case, response, (c,), shared, i, rater.repeat)
                            for c in todo)  # fmt: skip
    stale = len(recorded) > len(graded)
    return GradingPlan(graded, known, jobs, ready, answers, total, done, stale)


def job_messages(setup: GraderSetup, job: GradingJob) -> tuple[Messages, str]:
    """The first request of a job, as `grade_one_criterion` or `grade_batch` sends it."""
    if setup.mode == "batched":
        return _render(setup, job.prompt(), criteria=list(job.criteria))
    (criterion,) = job.criteria
    return _render(setup, job.prompt(), criterion=criterion)


def job_schema(setup: GraderSetup, job: GradingJob) -> type[BaseModel]:
    if setup.mode == "batched":
        return batched_schema(tuple(c.id for c in job.criteria))
    return CriterionReply


def jury_grade(
    case: Case,
    response: Response,
    setup: GraderSetup,
    raters: Sequence[Rater],
    known: Sequence[dict[AnswerKey, dict[str, Verdict]]],
) -> CaseGrade:
    """The grade of one answer: the grader's verdicts, or with a jury (several graders at
    repeat 0) the jury's verdict on each criterion."""
    key = answer_key(response)
    members = [i for i, r in enumerate(raters) if r.repeat == 0]
    if len(members) == 1:
        (only,) = members
        return case_grade(
            case, response, raters[only].label, list(known[only].get(key, {}).values())
        )
    verdicts = [
        jury_verdict([known[i][key][c.id] for i in members], setup.jury) for c in case.rubric
    ] if response.error is None else []  # fmt: skip
    return case_grade(case, response, jury_label(setup.jury, [raters[i].label for i in members]),
                      verdicts)  # fmt: skip


async def grade_responses(
    cases: Sequence[Case],
    responses: Sequence[Response],
    graders: Sequence[ChatModel],
    setup: GraderSetup,
    run: RunDir,
    *,
    concurrency: int,
    progress: RunProgress,
    retry_errors: bool = True,
) -> list[CaseGrade]:
    """Grade every answer not yet graded in `run` by each grader (in `setup.graders` order)
    and repeat, resuming at the criterion level; with `retry_errors` (the default), verdicts
    in error (and grades of answers that failed) are redone."""
    raters = plan_raters(setup, [g.label for g in graders])
    plan = plan_grading(cases, responses, run, setup, raters, retry_errors=retry_errors)
    graded, known = plan.graded, plan.known

    def finish(case: Case, response: Response) -> None:
        grade = jury_grade(case, response, setup, raters, known)
        run.append(run.grades, grade, fsync=False)
        graded[answer_key(response)] = grade

    for case, response in plan.ready:
        finish(case, response)
    progress.stage("grade", total=plan.total, done=plan.done)
    work = grade_batch if setup.mode == "batched" else grade_one_criterion
    by_spec = {r.spec: graders[n] for n, r in enumerate(raters[: len(graders)])}

    async def run_job(job: GradingJob) -> tuple[GradingJob, GradingCall]:
        return job, await work(by_spec[raters[job.rater].spec], setup, job)

    # One short unsynced append per call, in the loop: a thread hop and an fsync per call
    # would cost more than the call itself. A killed process loses no appended row.
    async for job, call in bounded(plan.jobs, run_job, concurrency):
        run.append(run.verdicts, call, fsync=False)
        key = answer_key(job.response)
        known[job.rater].setdefault(key, {}).update({v.criterion_id: v for v in call.verdicts})
        progress.tally.add_call(call.usage, call.cost_usd, call.cached, call.calls)
        progress.tally.verdicts += sum(v.error is None for v in call.verdicts)
        progress.tally.errors += sum(v.error is not None for v in call.verdicts)
        progress.advance("grade", len(call.verdicts))
        if key not in graded and all(
            c.id in rated.get(key, {}) for rated in known for c in job.case.rubric
        ):
            finish(job.case, job.response)
    await asyncio.to_thread(run.sync)
    if plan.stale:  # one line per answer, so grades.jsonl can be re-scored on its own
        await asyncio.to_thread(run.rewrite, run.grades, list(graded.values()))
    return [graded[answer_key(r)] for r in plan.answers]


def plan_raters(setup: GraderSetup, labels: Sequence[str]) -> list[Rater]:
    """The raters of a set-up: each grader (`labels` in `setup.graders` order) at repeat 0,
    then each at every further repeat."""
    return [
        Rater(spec, label, repeat)
        for repeat in range(setup.repeats)
        for spec, label in zip(setup.graders, labels, strict=True)
    ]


def jury_label(rule: str, labels: Sequence[str]) -> str:
    """The grader name a jury's grades carry: `jury:majority(a, b, c)`."""
    return f"jury:{rule}({', '.join(labels)})"
