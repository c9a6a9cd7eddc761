"""The bundled guideline-snippet corpus: layout, ids, languages and coverage of the advice."""

from __future__ import annotations

import re
from collections import Counter

from medrubric.data.language import detect_language
from medrubric.data.models import Case
from medrubric.retrieve import BM25Retriever, Snippet

ID_PATTERN = re.compile(r"^gl-(en|zh)-\d{4}$")
TOP_K = 5


def test_layout_ids_and_languages(snippets: list[Snippet]) -> None:
    assert len(snippets) >= 150
    ids = [s.id for s in snippets]
    assert len(set(ids)) == len(ids)
    for snippet in snippets:
        match = ID_PATTERN.match(snippet.id)
        assert match and match.group(1) == snippet.language, snippet.id
        assert snippet.source == "medrubric-synthetic-guidelines"
        assert snippet.title.strip() and snippet.content.strip()
        assert detect_language(snippet.content) == snippet.language, snippet.id
    languages = Counter(s.language for s in snippets)
    assert languages["en"] >= 50 and languages["zh"] >= 50


def test_every_case_has_advice_that_retrieves_its_evidence(
    sample_cases: list[Case], snippets: list[Snippet]
) -> None:
    retriever = BM25Retriever(snippets)
    supported = total = 0
    for case in sample_cases:
        cited = {e.id for e in case.evidence}
        hits = [
            bool(cited & {e.id for e in found})
            for found in retriever.search_many(case.advice, TOP_K)
        ]
        assert any(hits), case.id
        supported += sum(hits)
        total += len(hits)
    assert supported / total >= 0.85


def test_corpus_contradicts_common_mistakes(snippets: list[Snippet]) -> None:
    retriever = BM25Retriever(snippets)
    top = retriever.search("aspirin for a child with fever from a cold", 3)
    assert any("Reye" in e.content for e in top)
    top = retriever.search("儿童 发热 阿司匹林 退热", 3)
    assert any("瑞氏综合征" in e.content for e in top)
