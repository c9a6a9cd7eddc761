"""Evidence retrieval over snippet corpora: BM25, dense and reciprocal-rank fusion.

from medrubric.retrieve import build_index, load_index
retriever = build_index("default", kind="bm25", out="idx/")   # or load_index("idx/")
retriever.search("chest pain radiating to the left arm", k=5)  # -> list[Evidence]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from medrubric.lazy import lazy_getattr

if TYPE_CHECKING:
    from medrubric.retrieve.base import Retriever
    from medrubric.retrieve.bm25 import BM25Retriever
    from medrubric.retrieve.corpus import Corpus, Snippet, load_corpus
    from medrubric.retrieve.dense import (
        DenseRetriever,
        E5Encoder,
        MedCPTEncoder,
        USEEncoder,
        open_encoder,
    )
    from medrubric.retrieve.fusion import FusedRetriever, reciprocal_rank_fusion
    from medrubric.retrieve.index import (
        IndexManifest,
        build_index,
        build_retriever,
        cached_index,
        load_index,
        read_manifest,
        save_index,
    )
    from medrubric.retrieve.kinds import INDEX_KINDS, IndexKind

# Public name -> submodule that defines it; loaded on first access.
_EXPORTS = {
    "Retriever": "base",
    "BM25Retriever": "bm25",
    "Corpus": "corpus",
    "Snippet": "corpus",
    "load_corpus": "corpus",
    "DenseRetriever": "dense",
    "E5Encoder": "dense",
    "USEEncoder": "dense",
    "MedCPTEncoder": "dense",
    "open_encoder": "dense",
    "FusedRetriever": "fusion",
    "reciprocal_rank_fusion": "fusion",
    "INDEX_KINDS": "kinds",
    "IndexKind": "kinds",
    "IndexManifest": "index",
    "build_index": "index",
    "build_retriever": "index",
    "cached_index": "index",
    "load_index": "index",
    "read_manifest": "index",
    "save_index": "index",
}

__all__ = [
    "INDEX_KINDS",
    "BM25Retriever",
    "Corpus",
    "DenseRetriever",
    "E5Encoder",
    "USEEncoder",
    "FusedRetriever",
    "IndexKind",
    "IndexManifest",
    "MedCPTEncoder",
    "Retriever",
    "Snippet",
    "build_index",
    "build_retriever",
    "cached_index",
    "load_corpus",
    "load_index",
    "open_encoder",
    "read_manifest",
    "reciprocal_rank_fusion",
    "save_index",
]

__getattr__ = lazy_getattr(__name__, _EXPORTS)
