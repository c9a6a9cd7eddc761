"""Injection, judge and retry logic with scripted models (the real server is in the e2e test)."""

from __future__ import annotations

import asyncio

from medrubric.audit.auditdir import AuditDir
from medrubric.audit.headroom import split_by_headroom
from medrubric.audit.inject import (
    InjectionSettings,
    Roles,
    Task,
    inject_one,
)
from medrubric.audit.inject_run import build_funnel, pending_tasks, run_pipeline
from medrubric.audit.pairs import AuditPair, CallFailure, Discard
from medrubric.audit.taxonomy import load_taxonomy
from medrubric.data.formats import load_cases
from medrubric.data.models import CaseGrade, Response, Verdict
from medrubric.runtime.progress import RunProgress
from medrubric.testing.scripted import ScriptedModel

ANSWER = "Chew one 300 mg aspirin now and call emergency services. Do not drive yourself."
GOOD_EDIT = {
    "rationale": "tenfold dose",
    "edits": [{"original": "300 mg", "new": "3000 mg"}],
    "edited_answer": ANSWER.replace("300 mg", "3000 mg"),
}
JUDGE_OK = {
    "reasoning": "dose is now toxic",
    "error_present": True,
    "correct_type": True,
    "could_change_management": True,
    "fluent": True,
}


def case():
    return next(c for c in load_cases("sample") if c.id == "syn-en-001")


def task(code="F1", model="demo"):
    answer = Response(case_id="syn-en-001", model=model, response=ANSWER)
    return Task(case(), answer, load_taxonomy().get(code))


def applicability(applies=True, reasoning="names aspirin 300 mg"):
    return ScriptedModel(lambda m, s: {"reasoning": reasoning, "applies": applies}, label="app")


def scripted(replies, label):
    """A model that returns the next reply of a list on each call."""
    queue = list(replies)

    def reply(messages, schema):
        item = queue.pop(0)
        if isinstance(item, Exception):
            raise item
        return item

    return ScriptedModel(reply, label=label)


def roles(injector, judge, first=None, second=None):
    return Roles((first or applicability(), second or applicability()), injector, judge)


def run(coro):
    return asyncio.run(coro)


def test_accepted_pair_carries_type_checks_reasons_and_provenance():
    injector = scripted([GOOD_EDIT], "inj")
    judge = scripted([JUDGE_OK], "judge")
    pair = run(inject_one(task(), roles(injector, judge), InjectionSettings()))
    assert isinstance(pair, AuditPair)
    assert pair.error_type == "F1" and pair.error_name == "dosage error"
    assert pair.edited == GOOD_EDIT["edited_answer"] and pair.attempts == 1
    assert [(c.name, c.passed) for c in pair.checks] == [("programmatic", True), ("judge", True)]
    assert [v.reasoning for v in pair.applicability] == ["names aspirin 300 mg"] * 2
    assert pair.models == {
        "applicability_1": "app",
        "applicability_2": "app",
        "injector": "inj",
        "judge": "judge",
    }
    assert pair.prompt_versions == {
        "applicability": "audit_applicability@1",
        "injector": "audit_inject@1",
        "judge": "audit_judge@1",
    }
    assert pair.taxonomy == "error_types@1"
    # the applicability reasoning reaches the injector
    assert "names aspirin 300 mg" in injector.requests[0][0]["content"]


def test_one_applicability_model_saying_no_discards_without_injecting():
    injector = scripted([], "inj")
    outcome = run(
        inject_one(
            task(),
            roles(injector, scripted([], "j"), second=applicability(False, "no dose here")),
            InjectionSettings(),
        )
    )
    assert isinstance(outcome, Discard) and outcome.stage == "not_applicable"
    assert "no dose here" in outcome.reason and injector.calls == 0


def test_failed_programmatic_check_is_retried_once_with_the_feedback():
    bad = {**GOOD_EDIT, "edited_answer": GOOD_EDIT["edited_answer"] + " Extra text."}
    injector = scripted([bad, GOOD_EDIT], "inj")
    judge = scripted([JUDGE_OK], "judge")
    pair = run(inject_one(task(), roles(injector, judge), InjectionSettings()))
    assert isinstance(pair, AuditPair) and pair.attempts == 2
    assert [(c.name, c.attempt, c.passed) for c in pair.checks] == [
        ("programmatic", 1, False),
        ("programmatic", 2, True),
        ("judge", 2, True),
    ]
    retry = injector.requests[1]
    assert retry[1]["role"] == "assistant" and "does not reproduce" in retry[2]["content"]
    assert judge.calls == 1  # the judge never saw the attempt that failed the edit check


def test_judge_failing_twice_discards_with_its_reasons():
    injector = scripted([GOOD_EDIT, GOOD_EDIT], "inj")
    wrong_type = {**JUDGE_OK, "correct_type": False}
    judge = scripted([wrong_type, {**wrong_type, "fluent": False}], "judge")
    outcome = run(inject_one(task(), roles(injector, judge), InjectionSettings()))
    assert isinstance(outcome, Discard) and outcome.stage == "judge"
    assert "not of the intended type" in outcome.reason and "not fluent" in outcome.reason
    assert [c.name for c in outcome.checks] == ["programmatic", "judge", "programmatic", "judge"]
    assert "not of the intended type" in injector.requests[1][2]["content"]


def test_model_failures_are_call_failures_not_discards():
    injector = scripted([RuntimeError("boom"), RuntimeError("boom")], "inj")
    outcome = run(inject_one(task(), roles(injector, scripted([], "j")), InjectionSettings()))
    assert isinstance(outcome, CallFailure) and outcome.stage == "injector"
    assert "boom" in outcome.error
    broken = scripted([RuntimeError("down"), RuntimeError("down")], "app2")
    outcome = run(
        inject_one(
            task(), roles(scripted([], "i"), scripted([], "j"), second=broken), InjectionSettings()
        )
    )
    assert isinstance(outcome, CallFailure) and outcome.stage == "applicability"


def test_pipeline_appends_as_it_goes_resumes_and_counts_the_funnel(tmp_path):
    audit = AuditDir(tmp_path / "audit").create()
    types = load_taxonomy().select("F1,R1")
    answers = [Response(case_id="syn-en-001", model="demo", response=ANSWER)]
    cases = {c.id: c for c in load_cases("sample")}

    def injector_reply(messages, schema):
        if "under-triage" in messages[0]["content"]:
            raise RuntimeError("rate limited")
        return GOOD_EDIT

    injector = ScriptedModel(injector_reply, label="inj")
    judge = ScriptedModel(lambda m, s: JUDGE_OK, label="judge")
    tasks = pending_tasks(cases, answers, types, audit)
    with RunProgress(enabled=False) as progress:
        run(run_pipeline(tasks, roles(injector, judge), InjectionSettings(), audit, 2, progress))
    assert [p.error_type for p in audit.load_pairs()] == ["F1"]
    assert [f.error_type for f in audit.load_failures()] == ["R1"]
    funnel = build_funnel(answers, types, audit, 1, 0, [], [])
    assert (funnel.accepted, funnel.failed_calls, funnel.pending) == (1, 1, 0)
    # a re-run only retries the failed (answer, type)
    again = pending_tasks(cases, answers, types, audit)
    assert [t.error_type.code for t in again] == ["R1"]


def test_answers_at_the_score_floor_are_excluded():
    c = case()
    answers = [Response(case_id=c.id, model=m, response="text") for m in ("floor", "ok", "errors")]

    def grade(model, met, error=None):
        verdicts = [
            Verdict(criterion_id=k.id, weight=k.weight, met=None if error else met(k), error=error)
            for k in c.rubric
        ]
        return CaseGrade(case_id=c.id, model=model, criteria=verdicts)

    grades = {
        (c.id, "floor"): grade("floor", lambda k: k.weight < 0),
        (c.id, "ok"): grade("ok", lambda k: k.weight > 0),
        (c.id, "errors"): grade("errors", None, error="timeout"),
    }
    kept, at_floor, ungraded = split_by_headroom(answers, {c.id: c}, grades, clip=True)
    assert [a.model for a in kept] == ["ok", "errors"]
    assert at_floor == [f"{c.id}/floor"] and ungraded == [f"{c.id}/errors"]
