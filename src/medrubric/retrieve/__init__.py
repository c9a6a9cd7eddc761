"""Evidence retrieval over snippet corpora: BM25, dense and reciprocal-rank fusion."""
