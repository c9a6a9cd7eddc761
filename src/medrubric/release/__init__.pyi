# Public names of medrubric.release, each loaded from its submodule on first access
# (`lazy_loader.attach_stub` in __init__.py reads this file); type checkers read it too.
# A new public name is one line here.

from .build import ReleaseOptions as ReleaseOptions
from .build import ReleaseResult as ReleaseResult
from .build import build_release as build_release
from .build import merge_pools as merge_pools
from .build import run_release as run_release
from .build import select_window as select_window
from .diff import CaseChange as CaseChange
from .diff import CriterionChange as CriterionChange
from .diff import ReleaseDiff as ReleaseDiff
from .diff import diff_cases as diff_cases
