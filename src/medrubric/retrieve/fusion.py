"""Reciprocal-rank fusion (Cormack et al., 2009): score(d) = Σ_r 1 / (k + rank_r(d)).

Ranks start at 1 and k = 60 by default. Fusing ranks rather than scores lets BM25 and dense
retrievers, whose scores live on unrelated scales, vote on equal terms.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from medrubric.data.models import Evidence
from medrubric.retrieve.base import Retriever

RRF_K = 60
FUSION_DEPTH = 50


def reciprocal_rank_fusion(
    rankings: Sequence[Sequence[str]], k: int = RRF_K
) -> list[tuple[str, float]]:
    """Fused (id, score) best first; ties go to the id seen at the better rank, then by id."""
    scores: dict[str, float] = {}
    best_rank: dict[str, int] = {}
    for ranking in rankings:
        for rank, doc_id in enumerate(ranking, start=1):
            scores[doc_id] = scores.get(doc_id, 0.0) + 1.0 / (k + rank)
            best_rank[doc_id] = min(best_rank.get(doc_id, rank), rank)
    return sorted(scores.items(), key=lambda item: (-item[1], best_rank[item[0]], item[0]))


class FusedRetriever(Retriever):
    """RRF over any retrievers of the same corpus; each contributes its top `depth` hits."""

    kind = "fused"

    def __init__(self, parts: Sequence[Retriever], k: int = RRF_K, depth: int = FUSION_DEPTH):
        super().__init__(parts[0].snippets)
        self.parts = list(parts)
        self.k = k
        self.depth = depth
        self._by_id = {s.id: s for s in self.snippets}

    @property
    def model(self) -> str:
        return "rrf(" + ", ".join(p.model for p in self.parts) + f"; k={self.k})"

    def search_many(self, queries: Sequence[str], k: int) -> list[list[Evidence]]:
        per_part = [p.search_many(queries, max(k, self.depth)) for p in self.parts]
        results = []
        for qi in range(len(queries)):
            rankings = [[e.id for e in hits[qi]] for hits in per_part]
            fused = reciprocal_rank_fusion(rankings, self.k)[:k]
            results.append([self._by_id[doc_id].evidence(score) for doc_id, score in fused])
        return results

    def save(self, folder: Path) -> None:
        for part in self.parts:
            part.save(folder)
