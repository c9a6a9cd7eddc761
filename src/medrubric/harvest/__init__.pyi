# Public names of medrubric.harvest, each loaded from its submodule on first access
# (`lazy_loader.attach_stub` in __init__.py reads this file); type checkers read it too.
# A new public name is one line here.

from .run import HarvestOptions as HarvestOptions
from .run import HarvestResult as HarvestResult
from .run import run_harvest as run_harvest
from .sites import load_sites as load_sites
from .sites import parse_thread as parse_thread
from .source import HarvestConfig as HarvestConfig
from .source import HarvestReport as HarvestReport
from .source import Source as Source
from .source import SourceSpec as SourceSpec
from .source import harvest_sources as harvest_sources
from .source import load_harvest_config as load_harvest_config
