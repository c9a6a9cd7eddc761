"""Fact check on a planted claim that contradicts a snippet of the bundled corpus."""

from __future__ import annotations

import asyncio
import re

import pytest

from medrubric.audit.factcheck import AnswerToCheck, ClaimJudgeReply, ClaimsReply, FactChecker
from medrubric.retrieve import build_retriever
from medrubric.testing.scripted import ScriptedModel

PLANTED = "In a suspected heart attack, chew a 3000 mg loading dose of enteric-coated aspirin."
QUERY = "aspirin loading dose suspected myocardial infarction"
SNIPPET = "gl-en-0002"  # 150-325 mg of non-enteric-coated aspirin, chewed
ANSWER = f"Call emergency services now. {PLANTED}"


@pytest.fixture(scope="module")
def bm25():
    return build_retriever("default", "bm25")


def test_bm25_finds_the_contradicting_snippet_for_the_claim_query(bm25):
    hits = bm25.search(QUERY, k=3)
    assert hits[0].id == SNIPPET
    assert "150-325 mg" in hits[0].content


def checker_model():
    def reply(messages, schema):
        prompt = messages[0]["content"]
        if schema is ClaimsReply:
            first = {"claim": "Call emergency services now.", "query": "chest pain emergency"}
            blank = {"claim": "  ", "query": "blank claims are dropped"}
            return {"claims": [first, {"claim": PLANTED, "query": QUERY}, blank]}
        assert schema is ClaimJudgeReply
        ids = re.findall(r"^\[([^\]]+)\]", prompt, re.M)
        if "3000 mg" in prompt and SNIPPET in ids:
            return {"reasoning": "the guideline says 150-325 mg", "label": "not_supported",
                    "evidence_ids": [SNIPPET, "invented-id"]}  # fmt: skip
        if "emergency" in prompt:
            return {"reasoning": "guideline agrees", "label": "supported", "evidence_ids": ids[:1]}
        raise RuntimeError("judge unavailable")

    return ScriptedModel(reply, label="checker")


def test_planted_claim_is_flagged_with_the_snippet_as_evidence(bm25):
    checker = FactChecker(checker_model(), bm25, k=5)
    answer = AnswerToCheck(key="answer:x/m", case_id="syn-en-001", text=ANSWER)
    result = asyncio.run(checker.check(answer, None))
    assert [c.claim for c in result.claims] == ["Call emergency services now.", PLANTED]
    planted = result.claims[1]
    assert SNIPPET in planted.retrieved and planted.label == "not_supported"
    assert planted.evidence_ids == [SNIPPET]  # ids the retriever did not return are dropped
    assert result.unsupported == [PLANTED] and result.complete
    assert result.retriever.startswith("bm25:")
    assert result.prompt_versions == {
        "factcheck_claims": "factcheck_claims@1",
        "factcheck_judge": "factcheck_judge@1",
    }


def test_a_failed_judge_call_is_an_error_not_a_label(bm25):
    def reply(messages, schema):
        if schema is ClaimsReply:
            return {"claims": [{"claim": "Drink water.", "query": "hydration"}]}
        raise RuntimeError("judge unavailable")

    checker = FactChecker(ScriptedModel(reply), bm25)
    answer = AnswerToCheck(key="k", case_id="c", text="Drink water.")
    result = asyncio.run(checker.check(answer, None))
    assert result.claims[0].label is None and "judge unavailable" in result.claims[0].error
    assert not result.complete and result.unsupported == []
