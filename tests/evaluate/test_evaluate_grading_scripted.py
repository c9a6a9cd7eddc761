"""Verdict parsing and the batched id checks, driven by ScriptedModel."""

from __future__ import annotations

import asyncio
import json
import re
from types import SimpleNamespace

from medrubric.data.models import Response
from medrubric.evaluate.grade import GradingJob, grade_batch, grade_one_criterion
from medrubric.evaluate.profiles import resolve_setup
from medrubric.evaluate.verdicts import (
    BatchedReply,
    batched_schema,
    check_ids,
    criterion_verdict,
    parse_reply,
)
from medrubric.llm.types import CallResult
from medrubric.testing.scripted import ScriptedModel

BATCHED = resolve_setup(None, "scripted", "batched")
PER_CRITERION = resolve_setup(None, "scripted", "per-criterion")


def _job(case, criteria=None):
    answer = Response(case_id=case.id, model="cand", response="Call an ambulance now.")
    return GradingJob(case, answer, tuple(criteria or case.rubric))


def _ids_in(messages):
    return re.findall(r"^\[([^\]]+)\] \(", messages[0]["content"], re.MULTILINE)


def test_parse_reply_reads_fenced_json_and_reports_problems(case):
    fenced = CallResult(text='```json\n{"explanation": "ok", "criteria_met": true}\n```')
    verdict = criterion_verdict(case.rubric[0], fenced)
    assert (verdict.met, verdict.explanation, verdict.error) == (True, "ok", None)
    assert "not JSON" in criterion_verdict(case.rubric[0], CallResult(text="Met.")).error
    off = criterion_verdict(case.rubric[0], CallResult(parsed={"explanation": "x"}))
    assert off.met is None and "criteria_met" in off.error
    failed = criterion_verdict(
        case.rubric[0], CallResult(error="HTTP 500 (gave up after 4 attempts)")
    )
    assert failed.met is None and "HTTP 500" in failed.error
    assert parse_reply(CallResult(text="{}"), BatchedReply).startswith("grader reply off schema")


def test_check_ids_names_missing_unknown_and_repeated():
    reply = BatchedReply.model_validate(
        {"verdicts": [{"criterion_id": i, "criteria_met": True} for i in ("a", "a", "z")]}
    )
    ids = check_ids(["a", "b"], reply)
    assert (ids.missing, ids.extra, ids.repeated) == (["b"], ["z"], ["a"])
    assert not ids.ok and "missing ids: b" in ids.describe()


def test_per_criterion_failure_is_an_error_not_not_met(case):
    def reply(messages, schema):
        raise RuntimeError("endpoint down")

    call = asyncio.run(
        grade_one_criterion(ScriptedModel(reply), PER_CRITERION, _job(case, case.rubric[:1]))
    )
    (verdict,) = call.verdicts
    assert verdict.met is None and "endpoint down" in verdict.error


def test_negative_criterion_met_when_answer_did_the_bad_thing(case):
    model = ScriptedModel(lambda m, s: {"explanation": "it did", "criteria_met": True})
    call = asyncio.run(grade_one_criterion(model, PER_CRITERION, _job(case, case.rubric[2:])))
    assert call.verdicts[0].met is True and call.verdicts[0].weight == -4


def test_batched_complete_reply_takes_one_call(case):
    model = ScriptedModel(
        lambda m, s: {
            "verdicts": [
                {"criterion_id": i, "explanation": "e", "criteria_met": i.endswith("1")}
                for i in _ids_in(m)
            ]
        }
    )
    call = asyncio.run(grade_batch(model, BATCHED, _job(case)))
    assert model.calls == 1 and call.calls == 1
    assert [v.met for v in call.verdicts] == [True, False, False]


def test_batched_missing_id_is_reasked_once_and_fixed(case):
    def reply(messages, schema):
        ids = _ids_in(messages)
        if len(messages) == 1:
            ids = ids[:-1] + ["bogus"]  # one missing, one unknown
        return {
            "verdicts": [{"criterion_id": i, "explanation": "e", "criteria_met": True} for i in ids]
        }

    model = ScriptedModel(reply)
    call = asyncio.run(grade_batch(model, BATCHED, _job(case)))
    assert model.calls == 2 and call.calls == 2
    assert "missing ids: c1-k3" in model.requests[1][-1]["content"]
    assert all(v.met is True and v.error is None for v in call.verdicts)


def test_batched_still_missing_after_reask_records_errors_for_those_only(case):
    def reply(messages, schema):
        ids = _ids_in(messages)[:2]
        return {
            "verdicts": [
                {"criterion_id": i, "explanation": "e", "criteria_met": False} for i in ids
            ]
        }

    model = ScriptedModel(reply)
    call = asyncio.run(grade_batch(model, BATCHED, _job(case)))
    assert model.calls == 2
    assert [v.met for v in call.verdicts[:2]] == [False, False]
    last = call.verdicts[2]
    assert last.met is None and "missing ids: c1-k3" in last.error


def test_batched_repeated_id_is_not_trusted(case):
    def reply(messages, schema):
        ids = _ids_in(messages)
        items = [{"criterion_id": i, "criteria_met": True} for i in ids]
        return {"verdicts": items + [{"criterion_id": ids[0], "criteria_met": False}]}

    call = asyncio.run(grade_batch(ScriptedModel(reply), BATCHED, _job(case)))
    first = call.verdicts[0]
    assert first.met is None and "more than once" in first.error
    assert [v.met for v in call.verdicts[1:]] == [True, True]


def test_one_id_eleven_times_names_the_repeated_and_the_missing_ids(case):
    def reply(messages, schema):
        first = _ids_in(messages)[0]
        return {"verdicts": [{"criterion_id": first, "criteria_met": True}] * 11}

    call = asyncio.run(grade_batch(ScriptedModel(reply), BATCHED, _job(case)))
    ids = [c.id for c in case.rubric]
    assert all(v.met is None for v in call.verdicts) and call.calls == 2
    error = call.verdicts[0].error
    assert f"ids given more than once: {ids[0]}" in error
    assert f"missing ids: {', '.join(ids[1:])}" in error


def test_batched_schema_fixes_one_item_per_id_in_rubric_order():
    from llama_cpp.llama_grammar import json_schema_to_gbnf

    schema = batched_schema(("c2", "c1", "c3")).model_json_schema()
    verdicts = schema["properties"]["verdicts"]
    consts = [item["properties"]["criterion_id"]["const"] for item in verdicts["prefixItems"]]
    assert consts == ["c2", "c1", "c3"] and verdicts["items"] is False
    # llama.cpp turns it into a grammar with exactly these three items, in this order
    grammar = json_schema_to_gbnf(json.dumps(schema))
    root = next(line for line in grammar.splitlines() if line.startswith("verdicts ::="))
    assert root.count("tuple-") == 3 and "*" not in root
    for position, criterion_id in enumerate(consts):
        assert f'verdicts-tuple-{position}-criterion-id ::= "\\"{criterion_id}\\""' in grammar


def test_error_rate_problem_counts_verdicts_and_answers_separately():
    from medrubric.data.models import CaseGrade, Verdict
    from medrubric.evaluate.error_rate import error_rate_problem

    failed = CaseGrade(case_id="a", model="m", grader="g", response_error="HTTP 500")
    ok = CaseGrade(
        case_id="b", model="m", grader="g",
        criteria=[Verdict(criterion_id="c1", weight=1, met=True)],
    )  # fmt: skip
    counts = {"n_errors": 0, "n_criteria": 1, "n_response_errors": 1, "n_grades": 2}
    line = error_rate_problem(SimpleNamespace(**counts), [failed, ok], 0.1)
    assert line is not None and "1 of 2 answers (50.0%)" in line and "(1x): HTTP 500" in line
    assert error_rate_problem(SimpleNamespace(**counts), [failed, ok], 0.5) is None  # at the limit
    clean = SimpleNamespace(**counts | {"n_response_errors": 0})
    assert error_rate_problem(clean, [ok], 0.0) is None


def test_the_failed_run_hint_follows_the_kind_of_error():
    """Replies cut off at the length limit point to the flag that raises it (the grader's or
    the candidate's), other errors to the endpoint, key and model name; `score`, which makes
    no call, points to the command that wrote the grades."""
    from medrubric.data.models import CaseGrade, Verdict
    from medrubric.evaluate.error_rate import error_rate_problem

    def verdicts_failing(error: str) -> CaseGrade:
        verdict = Verdict(criterion_id="c1", weight=1, met=None, error=error)
        return CaseGrade(case_id="a", model="m", grader="g", criteria=[verdict])

    one_verdict = SimpleNamespace(n_errors=1, n_criteria=1, n_response_errors=0, n_grades=1)
    cut = "reply is not valid JSON (Unterminated string starting at character 16) (after one "
    line = error_rate_problem(one_verdict, [verdicts_failing(cut + "re-ask)")], 0.1)
    assert line is not None and "cut off at the length limit: raise --grader-max-tokens" in line
    assert "endpoint URL" not in line
    empty = CaseGrade(case_id="a", model="m", response_error="empty reply (finish_reason=length)")
    one_answer = SimpleNamespace(n_errors=0, n_criteria=0, n_response_errors=1, n_grades=1)
    line = error_rate_problem(one_answer, [empty], 0.1)
    assert line is not None and "raise --max-tokens and run the same generate/grade/eval" in line
    short = "reply is not valid JSON (Expecting ',' delimiter at character 40, the reply's end)"
    line = error_rate_problem(one_verdict, [verdicts_failing(short)], 0.1)
    assert line is not None and "raise --grader-max-tokens" in line
    line = error_rate_problem(one_verdict, [verdicts_failing("HTTP 401")], 0.1)
    assert line is not None and "fix the cause (endpoint URL, key, model name)" in line
    assert "run the same generate/grade/eval command again" in line
    line = error_rate_problem(one_verdict, [verdicts_failing("HTTP 401")], 0.1, rerun=False)
    assert line is not None and "run the grade or eval command that wrote these grades" in line
    assert "generate/grade/eval" not in line
