"""Balanced rotation: which reviewers label which group of items.

With R reviewers and k reviewers per item, the k-subsets of reviewers are listed in a fixed
order (itertools.combinations over reviewers sorted by account id) and group i goes to
subset i mod C(R, k). Every pair of reviewers lies in some subset, so once a task has at
least C(R, k) groups every pair shares items and pairwise agreement is defined; the load
differs by at most one subset's worth between reviewers.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence


def rotation(
    groups: Sequence[str], reviewers: Sequence[int], per_item: int, start: int = 0
) -> dict[str, tuple[int, ...]]:
    """Group -> reviewer ids, group i taking subset (start + i) mod C(R, k).

    Fewer reviewers than `per_item` means everyone labels everything. Passing each task
    the running offset of the previous ones spreads small tasks over all subsets too.
    """
    if not reviewers:
        return {}
    k = max(1, min(per_item, len(reviewers)))
    subsets = list(itertools.combinations(sorted(reviewers), k))
    return {group: subsets[(start + i) % len(subsets)] for i, group in enumerate(groups)}
