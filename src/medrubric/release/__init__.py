"""Releases: frozen snapshots of a case pool for a publication-date window, and their diffs."""

from medrubric.release.build import ReleaseResult, build_release, merge_pools, select_window
from medrubric.release.diff import CaseChange, CriterionChange, ReleaseDiff, diff_cases

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
