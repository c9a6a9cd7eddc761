# Public names of medrubric.screen, each loaded from its submodule on first access
# (`lazy_loader.attach_stub` in __init__.py reads this file); type checkers read it too.
# A new public name is one line here.

from .dedup import DuplicateFinder as DuplicateFinder
from .filter import FilterConfig as FilterConfig
from .filter import FilterResult as FilterResult
from .filter import decision as decision
from .filter import filter_threads as filter_threads
from .filter import iter_decisions as iter_decisions
from .filter import screen_batch as screen_batch
from .filter_run import FilterOptions as FilterOptions
from .filter_run import FilterRunResult as FilterRunResult
from .filter_run import FilterSummary as FilterSummary
from .filter_run import run_filter as run_filter
from .reasons import REASONS as REASONS
from .reasons import Rejection as Rejection
from .safety import screen_thread as screen_thread
