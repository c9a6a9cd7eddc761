"""Releases: frozen snapshots of a case pool for a publication-date window, and their diffs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medrubric.lazy import lazy_getattr

if TYPE_CHECKING:
    from medrubric.release.build import ReleaseResult, build_release, merge_pools, select_window
    from medrubric.release.diff import CaseChange, CriterionChange, ReleaseDiff, diff_cases

# Public name -> submodule that defines it; loaded on first access.
_EXPORTS = {
    "ReleaseResult": "build",
    "build_release": "build",
    "merge_pools": "build",
    "select_window": "build",
    "CaseChange": "diff",
    "CriterionChange": "diff",
    "ReleaseDiff": "diff",
    "diff_cases": "diff",
}

__all__ = [
    "CaseChange",
    "CriterionChange",
    "ReleaseDiff",
    "ReleaseResult",
    "build_release",
    "diff_cases",
    "merge_pools",
    "select_window",
]

__getattr__ = lazy_getattr(__name__, _EXPORTS)
