"""Screener, Validator and Controller decisions, driven deterministically by ScriptedModel."""

from __future__ import annotations

import asyncio
import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from medrubric.curate.controller import NOT_JUDGED
from medrubric.curate.pipeline import case_id_for, curate_thread
from medrubric.curate.schemas import (
    AdviceCheckReply,
    ControllerReply,
    CurationConfig,
    NarrativeCheckReply,
    QueryCheckReply,
    ScreenerReply,
)
from medrubric.curate.validator import alignment_decision, narrative_decision, query_decision
from medrubric.data.models import Criterion, Thread
from medrubric.retrieve import build_index
from medrubric.testing.scripted import ScriptedModel

FIXTURE = Path(__file__).parents[1] / "retrieve" / "fixtures" / "snippets.jsonl"

THREAD = Thread.model_validate(
    {
        "source": "forum",
        "thread_id": "t1",
        "url": "https://example.org/t1",
        "title": "Chest pain",
        "published_at": "2025-03-04T10:00:00Z",
        "language": "en",
        "messages": [
            {"author_role": "patient", "text": "I am 52 and have chest pain going to my left arm."},
            {
                "author_role": "physician",
                "verified": True,
                "text": "Call emergency services now and chew an aspirin if not allergic.",
            },
        ],
    }
)

SCREENED = {
    "narrative": [
        {"section": "P", "fact": "Took antacids without relief."},
        {"section": "S", "fact": "Chest pain radiating to the left arm."},
        {"section": "O", "fact": "Age 52."},
    ],
    "query": "Is my chest pain a heart attack?",
    "advice": ["Call emergency services now.", "Chew an aspirin if not allergic."],
    "specialty": "Cardiology",
}
ALL_SUPPORTED = [
    {"id": i, "supported": True, "reason": "stated"} for i in ("N1", "N2", "N3", "Q", "A1", "A2")
]


def script(
    screener: dict[str, Any] | None = None,
    meaningful: bool = True,
    present: tuple[bool, ...] = (True, True, False),
    verdicts: dict[str, str] | None = None,
    checks: list[dict[str, Any]] | None = None,
    fail: type[BaseModel] | None = None,
) -> ScriptedModel:
    """A model answering each agent's schema with the given decisions."""

    def reply(messages: list[dict[str, str]], schema: type[BaseModel] | None) -> dict[str, Any]:
        if schema is fail:
            raise TimeoutError("no reply")
        if schema is ScreenerReply:
            return screener or SCREENED
        if schema is QueryCheckReply:
            return {"meaningful_chief_complaint": meaningful, "reason": "a symptom question"}
        if schema is NarrativeCheckReply:
            items = [{"item": f"item {i}", "present": p} for i, p in enumerate(present)]
            return {"required_information": items}
        if schema is AdviceCheckReply:
            advice = messages[-1]["content"].split("Advice to check:\n")[1].split("\n")[0]
            verdict = next((v for key, v in (verdicts or {}).items() if key in advice), "supported")
            return {"verdict": verdict, "evidence_ids": ["sp-001", "bogus"], "rationale": "r"}
        if schema is ControllerReply:
            return {"checks": ALL_SUPPORTED if checks is None else checks, "specialty": "unknown"}
        raise AssertionError(f"unexpected schema {schema}")

    return ScriptedModel(reply, label="scripted-judge")


@pytest.fixture(scope="module")
def retriever():
    return build_index(FIXTURE, "bm25")


def run(model: ScriptedModel, retriever, config: CurationConfig | None = None):
    return asyncio.run(curate_thread(THREAD, model, retriever, config))


def test_full_pass_writes_a_case_with_provenance(retriever):
    record = run(script(), retriever)
    assert record.status == "case" and record.stage is None and record.reason is None
    case = record.case
    assert case is not None and case.id == case_id_for(THREAD) == record.case_id
    assert case.narrative.splitlines() == [
        "Chest pain radiating to the left arm.",
        "Age 52.",
        "Took antacids without relief.",
    ]
    assert case.query == SCREENED["query"] and case.advice == SCREENED["advice"]
    assert case.language == "en" and case.published_at == dt.date(2025, 3, 4)
    assert case.specialty == "cardiology" and case.theme == "unknown"
    assert case.evidence and case.evidence[0].id == "sp-001"
    prov = case.provenance
    assert [c["agent"] for c in prov["calls"]][:1] == ["screener"]
    assert sorted(prov["prompts"]) == [
        "controller.en@1",
        "screener.en@1",
        "validator_advice.en@1",
        "validator_narrative.en@1",
        "validator_query.en@1",
    ]
    assert prov["models"] == ["scripted-judge"]
    validator = prov["validator"]
    assert validator["s_cc"] == 1.0 and validator["s_inf"] == pytest.approx(2 / 3)
    assert validator["s_align"] == 1.0
    assert all(a["evidence_ids"] and a["cited_ids"] == ["sp-001"] for a in validator["advice"])
    assert len(prov["controller"]["kept"]) == 6 and prov["controller"]["removed"] == []
    rubric = [Criterion(id="c1", text="Advises calling emergency services", weight=10)]
    assert case.with_rubric(rubric, theme="emergency_referrals").theme == "emergency_referrals"


def test_screener_incomplete_is_rejected_before_validation(retriever):
    model = script(screener={**SCREENED, "advice": ["  "]})
    record = run(model, retriever)
    assert (record.status, record.stage, record.reason) == (
        "rejected",
        "screener",
        "screener_incomplete",
    )
    assert record.detail == "missing: advice" and model.calls == 1


def test_any_contradicted_advice_vetoes_even_with_high_mean(retriever):
    record = run(script(verdicts={"aspirin": "contradicted"}), retriever)
    assert (record.status, record.reason) == ("rejected", "validator_veto")
    assert record.provenance["validator"]["s_align"] == 0.5
    no_veto = CurationConfig(veto_on_contradiction=False, s_align_min=0.4)
    assert run(script(verdicts={"aspirin": "contradicted"}), retriever, no_veto).status == "case"


def test_thresholds_are_strict_and_configurable(retriever):
    neutral = run(script(verdicts={"emergency": "neutral", "aspirin": "neutral"}), retriever)
    assert neutral.reason == "validator_alignment"  # S_align = 0.5 is not > 0.5
    half = run(script(present=(True, False)), retriever)
    assert half.reason == "validator_narrative"  # S_inf = 0.5 is not > 0.5
    assert run(script(present=(True, False)), retriever, CurationConfig(s_inf_min=0.4)).status == (
        "case"
    )
    not_cc = script(meaningful=False)
    assert run(not_cc, retriever).reason == "validator_query"
    assert not any(c for c in not_cc.requests if "Advice to check" in c[-1]["content"])


def test_decision_functions_match_the_seed_rules():
    config = CurationConfig()
    assert query_decision(1.0, config) is None and query_decision(0.0, config)
    assert narrative_decision(0.51, config) is None and narrative_decision(0.5, config)
    assert alignment_decision([1.0, 0.5], config) is None
    assert alignment_decision([1.0, 0.0, 1.0, 1.0], config)[0] == "validator_veto"
    assert alignment_decision([0.5, 0.5], config)[0] == "validator_alignment"
    assert alignment_decision([1.0, 0.5, 0.5, 0.5], CurationConfig(s_align_min=0.7))[0] == (
        "validator_alignment"
    )


def test_controller_removes_unsupported_and_unjudged_elements(retriever):
    checks = [c for c in ALL_SUPPORTED if c["id"] not in {"N3", "A2"}]
    checks.append({"id": "A2", "supported": False, "reason": "no physician said this"})
    record = run(script(checks=checks), retriever)
    assert record.status == "case" and record.case is not None
    assert record.case.advice == ["Call emergency services now."]
    assert "Age 52." not in record.case.narrative
    removed = {r["id"]: r["reason"] for r in record.provenance["controller"]["removed"]}
    assert removed == {"N3": NOT_JUDGED, "A2": "no physician said this"}


def test_controller_rejects_unsupported_query_and_empty_advice(retriever):
    no_query = [c for c in ALL_SUPPORTED if c["id"] != "Q"]
    assert run(script(checks=no_query), retriever).reason == "controller_query_unsupported"
    no_advice = [c for c in ALL_SUPPORTED if not c["id"].startswith("A")]
    record = run(script(checks=no_advice), retriever)
    assert (record.stage, record.reason) == ("controller", "controller_empty")


@pytest.mark.parametrize(
    ("schema", "stage"),
    [(ScreenerReply, "screener"), (AdviceCheckReply, "validator"), (ControllerReply, "controller")],
)
def test_failed_call_is_an_error_not_a_rejection(retriever, schema, stage):
    record = run(script(fail=schema), retriever)
    assert (record.status, record.stage, record.reason) == ("error", stage, "call_failed")
    assert "no reply" in record.detail and record.case is None
    assert record.provenance["calls"][-1]["error"]


def test_chinese_thread_uses_chinese_prompts(retriever):
    thread = Thread.model_validate(
        {
            "source": "forum",
            "thread_id": "t2",
            "title": "胸痛",
            "messages": [
                {"author_role": "patient", "text": "我胸痛向左臂放射。"},
                {"author_role": "physician", "text": "请立即拨打急救电话。"},
            ],
        }
    )
    record = asyncio.run(curate_thread(thread, script(), retriever))
    assert record.provenance["thread"]["language"] == "zh"
    assert "screener.zh@1" in record.provenance["prompts"]
