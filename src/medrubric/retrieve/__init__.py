"""Evidence retrieval over snippet corpora: BM25, dense and reciprocal-rank fusion.

from medrubric.retrieve import build_index, load_index
retriever = build_index("default", kind="bm25", out="idx/")   # or load_index("idx/")
retriever.search("chest pain radiating to the left arm", k=5)  # -> list[Evidence]
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
