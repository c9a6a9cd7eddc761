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
from collections.abc import Awaitable, Callable, Container, Iterable, Iterator, Mapping, Sequence
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
from medrubric.evaluate.jury import Rater, jury_label, jury_verdict, rater_verdicts
from medrubric.evaluate.profiles import GraderSetup
from medrubric.evaluate.runcases import RunCases
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
    """What grading `answers` in a run still takes: the answers whose grade is finished, the
    verdicts already known of the others per rater, and (`jobs`) the calls still to make. The
    run and its `--dry-run` estimate both follow it, so the estimate counts exactly the calls
    the run makes. Only keys and the verdicts of unfinished answers are held: cases are looked
    up (from disk, for `RunCases`) as their jobs come up."""

    cases: Mapping[str, Case]
    answers: list[Response]
    setup: GraderSetup
    raters: list[Rater]
    graded: set[AnswerKey]
    reused: set[AnswerKey]  # a jury's grades kept as its final word, errors and all
    known: list[dict[AnswerKey, dict[str, Verdict]]]  # per rater
    total: int
    done: int
    stale: bool  # some grades are redone: the grades log is compacted afterwards
    grades_size: int  # bytes of grades.jsonl when planned: later lines are this run's
    failed: int  # answers whose making failed: nothing to grade, not in `total`

    def unfinished(
        self, answers: Iterable[Response] | None = None
    ) -> Iterator[tuple[Case, Response, list[tuple[Criterion, ...]]]]:
        """Each answer (of `answers`, by default all) without a finished grade, with its
        criteria still to grade per rater."""
        for response in self.answers if answers is None else answers:
            key = answer_key(response)
            if key in self.graded:
                continue
            case = self.cases[response.case_id]
            if response.error is not None:
                yield case, response, [() for _ in self.raters]
                continue
            yield (
                case,
                response,
                [
                    tuple(c for c in case.rubric if c.id not in rated.get(key, {}))
                    for rated in self.known
                ],
            )

    def ready(self) -> Iterator[tuple[Case, Response]]:
        """Answers whose grade needs no call (failed, or every verdict known). Only those that
        can be (failed, with an empty rubric, or with some verdict known) have their case read:
        in a fresh run none of the others is, so each case is read once, when it is graded."""
        could = (
            r for r in self.answers
            if r.error is not None
            or not _rubric_size(self.cases, r.case_id)
            or any(answer_key(r) in rated for rated in self.known)
        )  # fmt: skip
        return ((case, r) for case, r, pending in self.unfinished(could) if not any(pending))

    def jobs(self) -> Iterator[GradingJob]:
        """The calls still to make, one answer at a time."""
        for case, response, pending in self.unfinished():
            if not any(pending):
                continue
            shared = answer_prompt(case, response.response or "")
            for i, (rater, missing) in enumerate(zip(self.raters, pending, strict=True)):
                if not missing:
                    continue
                if self.setup.mode == "batched":
                    order = shuffled(case, missing, self.setup.shuffle_seed)
                    yield GradingJob(case, response, order, shared, i, rater.repeat)
                else:
                    yield from (GradingJob(case, response, (c,), shared, i, rater.repeat)
                                for c in missing)  # fmt: skip


def _rubric_size(cases: Mapping[str, Case], case_id: str) -> int:
    if isinstance(cases, RunCases):
        return cases.rubric_size(case_id)
    return len(cases[case_id].rubric)


def plan_grading(
    cases: Sequence[Case] | Mapping[str, Case],
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
    recorded = 0
    graded: set[AnswerKey] = set()
    latest: set[AnswerKey] = set()
    for _, head in run.grade_heads():
        recorded += 1
        latest.add(head.key())
        if not (retry_errors and head.has_error()):
            graded.add(head.key())
    grades_size = run.grades.stat().st_size if run.grades.exists() else 0
    jury = len(raters) > 1
    # a jury re-checks finished answers (a grader may have been added); one grader does not
    wanted = {answer_key(r) for r in answers if r.error is None} - (set() if jury else graded)
    single = len({r.label for r in raters}) == 1
    known: list[dict[AnswerKey, dict[str, Verdict]]] = [{} for _ in raters]
    if wanted:
        for i, rater in enumerate(raters):
            calls = (c for c in run.iter_grading_calls() if answer_key(c) in wanted)
            known[i] = rater_verdicts(calls, rater, only_grader=single)
    if retry_errors:
        for verdicts in known:
            for found in verdicts.values():
                for cid in [cid for cid, v in found.items() if v.error is not None]:
                    del found[cid]
    reused: set[AnswerKey] = set()
    total = done = failed = 0
    for response in answers:
        key = answer_key(response)
        size = _rubric_size(by_id, response.case_id)
        if response.error is not None:  # nothing to grade: not counted as grading done
            failed += 1
            continue
        total += size * len(raters)
        if key in graded and not jury:
            done += size * len(raters)
            continue
        if size and not any(key in rated for rated in known):
            graded.discard(key)  # no verdict of any rater: the grade is made again
            continue
        case = by_id[response.case_id]
        pending = [
            tuple(c for c in case.rubric if c.id not in rated.get(key, {})) for rated in known
        ]
        if key in graded and not any(pending):
            done += size * len(raters)
            continue
        if jury and key in latest and not any(pending):
            # every grader has a verdict: the jury's undecided criteria are its final word
            graded.add(key)
            reused.add(key)
            done += size * len(raters)
            continue
        graded.discard(key)  # a rater's verdicts are missing: the grade is made again
        done += sum(size - len(p) for p in pending)
    stale = recorded > len(graded)
    return GradingPlan(
        by_id, answers, setup, list(raters), graded, reused, known, total, done, stale,
        grades_size, failed,
    )  # fmt: skip


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


async def grade_run(
    cases: Sequence[Case] | Mapping[str, Case],
    responses: Sequence[Response],
    graders: Sequence[ChatModel],
    setup: GraderSetup,
    run: RunDir,
    *,
    concurrency: int,
    progress: RunProgress,
    retry_errors: bool = True,
    on_work: Callable[[], object] | None = None,
    on_grade: Callable[[CaseGrade, Case, Response], object] | None = None,
    on_call: Callable[[GradingCall], object] | None = None,
    before_results: Callable[[], Awaitable[object]] | None = None,
) -> None:
    """Grade every answer not yet graded in `run` by each grader (in `setup.graders` order)
    and repeat, resuming at the criterion level; with `retry_errors` (the default), verdicts
    in error (and grades of answers that failed) are redone. Each grade goes to grades.jsonl
    as its last verdict arrives and nothing of a finished answer is kept, so memory does not
    grow with the number of answers. `on_work` is called once, at the first reply, when there
    is grading to do: the first calls are out by then, and the process mostly waits on them.
    `on_grade` is given each grade as it is written (with its case and answer), `on_call`
    each call (`runner.GradeLedger`). `before_results` (the run folder's writes that no
    request needs, `runner.StartWrites`) runs alongside the first calls, and ends before the
    first grade or verdict is logged."""
    raters = plan_raters(setup, [g.label for g in graders])
    plan = plan_grading(cases, responses, run, setup, raters, retry_errors=retry_errors)
    known = plan.known
    # begun now, it runs in the loop's turns between the first calls' sends
    writes = None if before_results is None else asyncio.ensure_future(before_results())

    def finish(case: Case, response: Response) -> None:
        key = answer_key(response)
        grade = jury_grade(case, response, setup, raters, known)
        run.append(run.grades, grade, fsync=False)
        if on_grade is not None:
            on_grade(grade, case, response)
        plan.graded.add(key)
        for rated in known:
            rated.pop(key, None)

    try:
        ready = list(plan.ready())
        if ready and writes is not None:
            await writes
        for case, response in ready:
            finish(case, response)
        progress.tally.ungraded = plan.failed
        progress.stage("grade", total=plan.total, done=plan.done)
        work = grade_batch if setup.mode == "batched" else grade_one_criterion
        by_spec = {r.spec: graders[n] for n, r in enumerate(raters[: len(graders)])}

        async def run_job(job: GradingJob) -> tuple[GradingJob, GradingCall]:
            return job, await work(by_spec[raters[job.rater].spec], setup, job)

        await _grade_jobs(
            plan.jobs(), plan, run_job, concurrency, run, progress, writes, finish, on_work, on_call
        )
        if writes is not None:
            await writes
    finally:
        if writes is not None and not writes.done():  # stopped early: nothing was logged
            writes.cancel()
    await asyncio.to_thread(run.sync)
    if plan.stale:  # one line per answer, so grades.jsonl can be re-scored on its own
        await asyncio.to_thread(run.compact_grades, plan.grades_size, retry_errors, plan.reused)


async def _grade_jobs(
    jobs: Iterator[GradingJob],
    plan: GradingPlan,
    run_job: Callable[[GradingJob], Awaitable[tuple[GradingJob, GradingCall]]],
    concurrency: int,
    run: RunDir,
    progress: RunProgress,
    writes: asyncio.Future[object] | None,
    finish: Callable[[Case, Response], None],
    on_work: Callable[[], object] | None,
    on_call: Callable[[GradingCall], object] | None,
) -> None:
    """`grade_run`'s calls: each call's verdicts logged as it returns, and each answer's grade
    once its last verdict is in; `writes` (if any) ended before the first is logged."""
    known = plan.known
    # One short unsynced append per call, in the loop: a thread hop and an fsync per call
    # would cost more than the call itself. A killed process loses no appended row.
    async for job, call in bounded(jobs, run_job, concurrency):
        if writes is not None:
            await writes
            writes = None
        if on_work is not None:
            on_work()
            on_work = None
        run.append(run.verdicts, call, fsync=False)
        if on_call is not None:
            on_call(call)
        key = answer_key(job.response)
        known[job.rater].setdefault(key, {}).update({v.criterion_id: v for v in call.verdicts})
        progress.tally.add_call(call.usage, call.cost_usd, call.cached, call.calls)
        progress.tally.verdicts += sum(v.error is None for v in call.verdicts)
        progress.tally.errors += sum(v.error is not None for v in call.verdicts)
        progress.advance("grade", len(call.verdicts))
        if key not in plan.graded and all(
            c.id in rated.get(key, {}) for rated in known for c in job.case.rubric
        ):
            finish(job.case, job.response)


def answer_grades(run: RunDir, responses: Sequence[Response]) -> Iterator[CaseGrade]:
    """The latest grade of each answer (the latest response per case, model and epoch), in
    order, read from grades.jsonl one at a time (nothing is read until the first is asked
    for)."""
    latest = run.latest_grades()
    yield from run.grades_at(latest[key] for key in latest_by_key(responses))


async def grade_responses(
    cases: Sequence[Case] | Mapping[str, Case],
    responses: Sequence[Response],
    graders: Sequence[ChatModel],
    setup: GraderSetup,
    run: RunDir,
    *,
    concurrency: int,
    progress: RunProgress,
    retry_errors: bool = True,
) -> list[CaseGrade]:
    """`grade_run`, then the grade of every answer in order (held: for small runs)."""
    await grade_run(
        cases, responses, graders, setup, run,
        concurrency=concurrency, progress=progress, retry_errors=retry_errors,
    )  # fmt: skip
    return list(answer_grades(run, responses))


def plan_raters(setup: GraderSetup, labels: Sequence[str]) -> list[Rater]:
    """The raters of a set-up: each grader (`labels` in `setup.graders` order) at repeat 0,
    then each at every further repeat."""
    return [
        Rater(spec, label, repeat)
        for repeat in range(setup.repeats)
        for spec, label in zip(setup.graders, labels, strict=True)
    ]
