"""Agreement of two rankings at the top, e.g. model leaderboards under two graders or two k."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TypeVar

__all__ = ["top_k", "top_k_overlap"]

K = TypeVar("K", bound=Hashable)


def top_k(scores: Mapping[K, float], k: int) -> list[K]:
    """The `k` best-scoring keys, highest first; equal scores are ordered by key so the
    result never depends on dict order."""
    if k < 1:
        raise ValueError(f"k must be at least 1, got {k}")
    ranked = sorted(scores, key=lambda key: (-scores[key], str(key)))
    return ranked[:k]


def top_k_overlap(a: Mapping[K, float], b: Mapping[K, float], k: int) -> float:
    """|top-k(a) ∩ top-k(b)| / k over the keys both rankings score (ClinConsensus's top-3 and
    top-5 overlap); k is capped at the number of shared keys, and no shared key gives nan."""
    shared = set(a) & set(b)
    if not shared:
        return float("nan")
    k_eff = min(k, len(shared))
    left = top_k({key: a[key] for key in shared}, k_eff)
    right = top_k({key: b[key] for key in shared}, k_eff)
    return len(set(left) & set(right)) / k_eff
