"""The index kinds, apart from the retrievers, so option lists can name them without loading
bm25s or an embedding model."""

from __future__ import annotations

from typing import Literal, get_args

IndexKind = Literal["bm25", "dense", "fused"]
INDEX_KINDS: tuple[str, ...] = get_args(IndexKind)
