"""Retrieval quality on judged queries: recall@k overall, per query language, and for the
relevant snippets written in the other language (English question, Chinese answer)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from medrubric.retrieve.base import Retriever


def recall_at_k(ranked: Sequence[str], relevant: Sequence[str], k: int = 10) -> float:
    """Share of the relevant ids among the first k ranked ids."""
    return len(set(ranked[:k]) & set(relevant)) / len(relevant)


def load_judged_queries(path: Path) -> list[dict]:
    """JSONL rows with `query`, `language` and `relevant` (snippet ids)."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def recall_report(retriever: Retriever, queries: list[dict], k: int = 10) -> dict[str, float]:
    """Mean recall@k over all queries, over each query language, and `cross` (only the relevant
    snippets in another language than the query, over the queries that have some)."""
    languages = {s.id: s.language for s in retriever.snippets}
    hits = retriever.search_many([q["query"] for q in queries], k=k)
    groups: dict[str, list[float]] = {"all": []}
    for query, found in zip(queries, hits, strict=True):
        ranked = [e.id for e in found]
        recall = recall_at_k(ranked, query["relevant"], k)
        groups["all"].append(recall)
        groups.setdefault(query["language"], []).append(recall)
        other = [r for r in query["relevant"] if languages.get(r) != query["language"]]
        if other:
            groups.setdefault("cross", []).append(recall_at_k(ranked, other, k))
    return {name: sum(values) / len(values) for name, values in groups.items()}
