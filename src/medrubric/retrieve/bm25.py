"""BM25 over the shared English/Chinese tokenizer, backed by bm25s (sparse, numpy only)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import bm25s

from medrubric.data.models import Evidence
from medrubric.retrieve.base import Retriever
from medrubric.retrieve.corpus import Snippet
from medrubric.retrieve.tokenize import tokenize

TOKENIZER_NAME = "bm25s:lucene+en-zh-bigram@1"


class BM25Retriever(Retriever):
    kind = "bm25"

    def __init__(self, snippets: Sequence[Snippet], index: bm25s.BM25 | None = None):
        super().__init__(snippets)
        if index is None:
            index = bm25s.BM25()
            index.index([tokenize(s.text()) for s in self.snippets], show_progress=False)
        self._index = index

    @property
    def model(self) -> str:
        return TOKENIZER_NAME

    def search_many(self, queries: Sequence[str], k: int) -> list[list[Evidence]]:
        k = min(k, len(self.snippets))
        if not queries or k <= 0:
            return [[] for _ in queries]
        rows, scores = self._index.retrieve(
            [tokenize(q) for q in queries], k=k, show_progress=False, n_threads=0
        )
        return [
            [
                self.snippets[i].evidence(float(s))
                for i, s in zip(row, row_scores, strict=True)
                if s > 0
            ]
            for row, row_scores in zip(rows.tolist(), scores.tolist(), strict=True)
        ]

    def save(self, folder: Path) -> None:
        self._index.save(str(folder / "bm25"), show_progress=False)

    @classmethod
    def load(cls, folder: Path, snippets: Sequence[Snippet]) -> BM25Retriever:
        index = bm25s.BM25.load(str(folder / "bm25"), show_progress=False, verbosity=0)
        return cls(snippets, index)
