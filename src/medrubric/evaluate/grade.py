"""Grading: turn each answer into one Verdict per rubric criterion (LiveMedBench §3.3.2).

`per-criterion` mode makes one grader call per criterion (HealthBench, LiveMedBench);
`batched` makes one call per answer and requires a verdict for every criterion id: a reply
with missing, unknown or repeated ids is re-asked once, then the criteria still without a
verdict are recorded as errors. The answer is fenced as untrusted data with a tag derived from
its own hash, so it cannot close the fence and speak as the prompt.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Container, Iterator, Mapping, Sequence
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
from medrubric.evaluate.profiles import GraderSetup
from medrubric.evaluate.runcases import RunCases
from medrubric.evaluate.rundir import GradingCall, RunDir, latest_by_key
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
    """Criteria of one answer still to grade in one call; the jobs of one answer share its
    prompt parts."""

    case: Case
    response: Response
    criteria: tuple[Criterion, ...]
    shared: AnswerPrompt | None = None

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
        grader=grader.label,
        prompt_version=prompt_id,
        verdicts=verdicts,
        usage=usage,
        cost_usd=add_costs(*(r.cost_usd for r in results)),
        cached=all(r.cached for r in results),
        calls=len(results),
    )


async def grade_one_criterion(
    grader: ChatModel, setup: GraderSetup, job: GradingJob
) -> GradingCall:
    (criterion,) = job.criteria
    messages, prompt_id = job_messages(setup, job)
    result = await grader.chat(
        messages, prompt_version=prompt_id, schema=CriterionReply, params=setup.params()
    )
    return _call(job, grader, prompt_id, [criterion_verdict(criterion, result)], [result])


async def grade_batch(grader: ChatModel, setup: GraderSetup, job: GradingJob) -> GradingCall:
    """One call for all of `job.criteria`, re-asked once if the ids do not match exactly."""
    expected = [c.id for c in job.criteria]
    messages, prompt_id = job_messages(setup, job)
    params = setup.params()
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
        return [await grade_batch(grader, setup, GradingJob(case, response, tuple(case.rubric)))]
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


def match_cases(
    cases: Sequence[Case] | Mapping[str, Case], responses: Sequence[Response]
) -> Mapping[str, Case]:
    by_id = cases if isinstance(cases, Mapping) else {c.id: c for c in cases}
    check_case_ids(by_id, responses)
    return by_id


def check_case_ids(ids: Container[str], responses: Sequence[Response]) -> None:
    """InputError naming the case ids that `responses` refer to and `ids` lacks."""
    unknown = sorted({r.case_id for r in responses if r.case_id not in ids})
    if unknown:
        shown = ", ".join(unknown[:5]) + (" …" if len(unknown) > 5 else "")
        raise InputError(f"responses refer to {len(unknown)} case id(s) not in --cases: {shown}")


Key = tuple[str, str]


@dataclass
class GradingPlan:
    """What grading `answers` in a run still takes: the answers whose grade is finished, the
    verdicts already known of the others, and (`jobs`) the calls still to make. The run and
    its `--dry-run` estimate both follow it, so the estimate counts exactly the calls the run
    makes. Only keys and the verdicts of unfinished answers are held: cases are looked up
    (from disk, for `RunCases`) as their jobs come up."""

    cases: Mapping[str, Case]
    answers: list[Response]
    mode: str
    graded: set[Key]
    known: dict[Key, dict[str, Verdict]]
    total: int
    done: int
    stale: bool  # some grades are redone: the grades log is compacted afterwards
    grades_size: int  # bytes of grades.jsonl when planned: later lines are this run's

    def unfinished(self) -> Iterator[tuple[Case, Response, tuple[Criterion, ...]]]:
        """Each answer without a finished grade, with its criteria still to grade."""
        for response in self.answers:
            key = (response.case_id, response.model)
            if key in self.graded:
                continue
            case = self.cases[response.case_id]
            if response.error is not None:
                yield case, response, ()
                continue
            verdicts = self.known.get(key, {})
            yield case, response, tuple(c for c in case.rubric if c.id not in verdicts)

    def ready(self) -> Iterator[tuple[Case, Response]]:
        """Answers whose grade needs no call (failed, or every verdict known)."""
        return ((case, r) for case, r, pending in self.unfinished() if not pending)

    def jobs(self) -> Iterator[GradingJob]:
        """The calls still to make, one answer at a time."""
        for case, response, pending in self.unfinished():
            if not pending:
                continue
            if self.mode == "batched":
                yield GradingJob(case, response, pending)
                continue
            shared = answer_prompt(case, response.response or "")
            yield from (GradingJob(case, response, (c,), shared) for c in pending)


def _rubric_size(cases: Mapping[str, Case], case_id: str) -> int:
    if isinstance(cases, RunCases):
        return cases.rubric_size(case_id)
    return len(cases[case_id].rubric)


def plan_grading(
    cases: Sequence[Case] | Mapping[str, Case],
    responses: Sequence[Response],
    run: RunDir,
    mode: str,
    *,
    retry_errors: bool = True,
) -> GradingPlan:
    """The grading still to do in `run`, at the criterion level; with `retry_errors`, verdicts
    in error (and grades of answers that failed) are redone."""
    by_id = match_cases(cases, responses)
    answers = list(latest_by_key(responses).values())
    recorded = 0
    graded: set[Key] = set()
    for _, head in run.grade_heads():
        recorded += 1
        if not (retry_errors and head.has_error()):
            graded.add(head.key())
    grades_size = run.grades.stat().st_size if run.grades.exists() else 0
    wanted = {(r.case_id, r.model) for r in answers} - graded
    known: dict[Key, dict[str, Verdict]] = {}
    if any(r.error is None for r in answers if (r.case_id, r.model) in wanted):
        for call in run.iter_grading_calls():
            key = (call.case_id, call.model)
            if key not in wanted:
                continue
            verdicts = known.setdefault(key, {})
            for v in call.verdicts:
                if retry_errors and v.error is not None:
                    verdicts.pop(v.criterion_id, None)
                else:
                    verdicts[v.criterion_id] = v
    total = done = 0
    for response in answers:
        key = (response.case_id, response.model)
        size = _rubric_size(by_id, response.case_id)
        total += size
        if key in graded or response.error is not None:
            done += size
        elif key in known:
            done += sum(c.id in known[key] for c in by_id[response.case_id].rubric)
    stale = recorded > len(graded)
    return GradingPlan(by_id, answers, mode, graded, known, total, done, stale, grades_size)


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


async def grade_run(
    cases: Sequence[Case] | Mapping[str, Case],
    responses: Sequence[Response],
    grader: ChatModel,
    setup: GraderSetup,
    run: RunDir,
    *,
    concurrency: int,
    progress: RunProgress,
    retry_errors: bool = True,
    on_work: Callable[[], object] | None = None,
) -> None:
    """Grade every answer not yet graded in `run`, resuming at the criterion level; with
    `retry_errors` (the default), verdicts in error (and grades of answers that failed) are
    redone. Each grade goes to grades.jsonl as its last verdict arrives and nothing of a
    finished answer is kept, so memory does not grow with the number of answers.
    `on_work` is called once, before the first call, when there is grading to do."""
    plan = plan_grading(cases, responses, run, setup.mode, retry_errors=retry_errors)
    known = plan.known
    if on_work is not None and plan.done < plan.total:
        on_work()

    def finish(case: Case, response: Response) -> None:
        key = (case.id, response.model)
        grade = case_grade(case, response, grader.label, list(known.pop(key, {}).values()))
        run.append(run.grades, grade, fsync=False)
        plan.graded.add(key)

    for case, response in list(plan.ready()):
        finish(case, response)
    progress.stage("grade", total=plan.total, done=plan.done)
    work = grade_batch if setup.mode == "batched" else grade_one_criterion

    async def run_job(job: GradingJob) -> tuple[GradingJob, GradingCall]:
        return job, await work(grader, setup, job)

    # One short unsynced append per call, in the loop: a thread hop and an fsync per call
    # would cost more than the call itself. A killed process loses no appended row.
    async for job, call in bounded(plan.jobs(), run_job, concurrency):
        run.append(run.verdicts, call, fsync=False)
        key = (job.case.id, job.response.model)
        verdicts = known.setdefault(key, {})
        verdicts.update({v.criterion_id: v for v in call.verdicts})
        progress.tally.add_call(call.usage, call.cost_usd, call.cached, call.calls)
        progress.tally.verdicts += sum(v.error is None for v in call.verdicts)
        progress.tally.errors += sum(v.error is not None for v in call.verdicts)
        progress.advance("grade", len(call.verdicts))
        if key not in plan.graded and all(c.id in verdicts for c in job.case.rubric):
            finish(job.case, job.response)
    await asyncio.to_thread(run.sync)
    if plan.stale:  # one line per answer, so grades.jsonl can be re-scored on its own
        await asyncio.to_thread(run.compact_grades, plan.grades_size, retry_errors)


def answer_grades(run: RunDir, responses: Sequence[Response]) -> Iterator[CaseGrade]:
    """The latest grade of each answer (the latest response per case and model), in order,
    read from grades.jsonl one at a time (nothing is read until the first is asked for)."""
    latest = run.latest_grades()
    yield from run.grades_at(latest[key] for key in latest_by_key(responses))


async def grade_responses(
    cases: Sequence[Case] | Mapping[str, Case],
    responses: Sequence[Response],
    grader: ChatModel,
    setup: GraderSetup,
    run: RunDir,
    *,
    concurrency: int,
    progress: RunProgress,
    retry_errors: bool = True,
) -> list[CaseGrade]:
    """`grade_run`, then the grade of every answer in order (held: for small runs)."""
    await grade_run(
        cases, responses, grader, setup, run,
        concurrency=concurrency, progress=progress, retry_errors=retry_errors,
    )  # fmt: skip
    return list(answer_grades(run, responses))
