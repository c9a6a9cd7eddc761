"""Evidence retrieval over snippet corpora: BM25, dense and reciprocal-rank fusion.

from medrubric.retrieve import build_index, load_index
retriever = build_index("default", kind="bm25", out="idx/")   # or load_index("idx/")
retriever.search("chest pain radiating to the left arm", k=5)  # -> list[Evidence]
"""

from medrubric.retrieve.base import Retriever
from medrubric.retrieve.bm25 import BM25Retriever
from medrubric.retrieve.corpus import Corpus, Snippet, load_corpus
from medrubric.retrieve.dense import DenseRetriever, E5Encoder, MedCPTEncoder, open_encoder
from medrubric.retrieve.fusion import FusedRetriever, reciprocal_rank_fusion
from medrubric.retrieve.index import (
    INDEX_KINDS,
    IndexManifest,
    build_index,
    build_retriever,
    cached_index,
    load_index,
    read_manifest,
    save_index,
)

__all__ = [
    "INDEX_KINDS",
    "BM25Retriever",
    "Corpus",
    "DenseRetriever",
    "E5Encoder",
    "FusedRetriever",
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
