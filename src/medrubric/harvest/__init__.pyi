# Public names of medrubric.harvest, each loaded from its submodule on first access
# (`lazy_loader.attach_stub` in __init__.py reads this file); type checkers read it too.
# A new public name is one line here.

from .dedup import DuplicateFinder as DuplicateFinder
from .filter import FilterConfig as FilterConfig
from .filter import FilterResult as FilterResult
from .filter import decision as decision
from .filter import filter_threads as filter_threads
from .filter import iter_decisions as iter_decisions
from .filter import screen_batch as screen_batch
from .reasons import REASONS as REASONS
from .reasons import Rejection as Rejection
from .redact import RedactionResult as RedactionResult
from .redact import redact_text as redact_text
from .redact import redact_thread as redact_thread
from .redact import redact_threads as redact_threads
from .safety import screen_thread as screen_thread
from .sites import load_sites as load_sites
from .sites import parse_thread as parse_thread
from .source import HarvestConfig as HarvestConfig
from .source import HarvestReport as HarvestReport
from .source import Source as Source
from .source import SourceSpec as SourceSpec
from .source import harvest_sources as harvest_sources
from .source import load_harvest_config as load_harvest_config
