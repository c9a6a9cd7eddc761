"""Knowledge injection: the open-book prompt carries the retrieved snippets and their ids,
answers record mode and evidence ids, and a run directory never mixes modes."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from medrubric.data.formats import load_cases
from medrubric.data.models import Case
from medrubric.errors import InputError
from medrubric.evaluate.generate import generate_one
from medrubric.evaluate.openbook import (
    Knowledge,
    KnowledgeSource,
    check_run_knowledge,
    knowledge_provenance,
    parse_knowledge,
)
from medrubric.retrieve.index import build_retriever
from medrubric.testing.scripted import ScriptedModel

CORPUS = Path(__file__).parents[1] / "retrieve" / "fixtures" / "snippets.jsonl"

CASE = Case.model_validate(
    {
        "id": "mi-1",
        "language": "en",
        "narrative": "I have chest pain radiating to my left arm and I am sweating.",
        "query": "Is this a heart attack and should I take aspirin?",
        "rubric": [{"id": "c1", "text": "Advises calling emergency services", "weight": 5}],
    }
)


def answer(knowledge: KnowledgeSource, case: Case = CASE) -> tuple[ScriptedModel, object]:
    model = ScriptedModel(lambda messages, schema: "Call an ambulance now.")
    response = asyncio.run(generate_one(model, case, {"temperature": 0.0}, knowledge))
    return model, response


def test_open_book_prompt_contains_the_retrieved_snippet_ids() -> None:
    retriever = build_retriever(CORPUS)
    expected = retriever.search(
        f"{CASE.narrative}\n\n{CASE.query}", k=2
    )  # the closed-book question is the query
    source = KnowledgeSource(Knowledge(mode="open-book", evidence_k=2), retriever)
    model, response = answer(source)
    prompt = model.requests[0][-1]["content"]
    assert [e.id for e in expected] and expected[0].id == "sp-001"
    for evidence in expected:
        assert f"[{evidence.id}]" in prompt and evidence.content in prompt
    assert prompt.rstrip().endswith(CASE.query)
    assert response.prompt_version == "generate_openbook.en@1"
    assert response.params == {
        "temperature": 0.0,
        "knowledge": "open-book",
        "evidence_k": 2,
        "evidence_ids": [e.id for e in expected],
    }


def test_closed_book_is_the_plain_prompt_and_is_recorded() -> None:
    model, response = answer(KnowledgeSource(Knowledge()))
    assert model.requests[0] == [{"role": "user", "content": f"{CASE.narrative}\n\n{CASE.query}"}]
    assert response.prompt_version == "generate.en@1"
    assert response.params == {"temperature": 0.0, "knowledge": "closed-book"}


def test_chinese_and_conversation_cases_keep_their_turns() -> None:
    zh = next(c for c in load_cases("sample") if c.language == "zh")
    source = KnowledgeSource(Knowledge(mode="open-book", evidence_k=1), build_retriever(CORPUS))
    model, response = answer(source, zh)
    assert response.prompt_version == "generate_openbook.zh@1"
    assert "问题：" in model.requests[0][-1]["content"]
    turns = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Chest pain?"}]
    chat = Case.model_validate({**CASE.model_dump(), "prompt": turns})
    model, _ = answer(source, chat)
    sent = model.requests[0]
    assert sent[0] == {"role": "system", "content": "Be brief."}
    assert sent[-1]["content"].rstrip().endswith("Chest pain?")


def test_a_run_holds_one_mode_and_provenance_lists_the_evidence() -> None:
    source = KnowledgeSource(Knowledge(mode="open-book", evidence_k=1), build_retriever(CORPUS))
    _, response = answer(source)
    with pytest.raises(InputError, match="already holds open-book"):
        check_run_knowledge([response], Knowledge())
    check_run_knowledge([response], Knowledge(mode="open-book"))
    record = knowledge_provenance(Knowledge(mode="open-book", evidence_k=1), [response])
    assert record["evidence_ids"] == {"mi-1": response.params["evidence_ids"]}
    assert knowledge_provenance(Knowledge(), []) == {"mode": "closed-book"}


def test_option_parsing() -> None:
    assert parse_knowledge("open-book", None, 3).evidence_k == 3
    with pytest.raises(InputError, match="--knowledge"):
        parse_knowledge("half-open", None, 5)
    with pytest.raises(InputError, match="only used with"):
        parse_knowledge("closed-book", Path("idx"), 5)
    with pytest.raises(InputError, match="open-book generation needs"):
        KnowledgeSource(Knowledge(mode="open-book"))
