"""Set overlap, e.g. of two models' bottom-100 cases."""

from __future__ import annotations

from collections.abc import Hashable, Iterable

__all__ = ["jaccard"]


def jaccard(a: Iterable[Hashable], b: Iterable[Hashable]) -> float:
    """|A ∩ B| / |A ∪ B| of the distinct elements; 1.0 when both sets are empty.

    Two empty sets are identical, so they get the similarity of identical sets (as
    ``1 - scipy.spatial.distance.jaccard`` of two all-false vectors).
    """
    left, right = set(a), set(b)
    union = left | right
    if not union:
        return 1.0
    return len(left & right) / len(union)
