# Public names of medrubric.redact, each loaded from its submodule on first access
# (`lazy_loader.attach_stub` in __init__.py reads this file); type checkers read it too.
# A new public name is one line here.

from .redact import RedactionResult as RedactionResult
from .redact import redact_text as redact_text
from .redact import redact_thread as redact_thread
from .redact import redact_threads as redact_threads
from .redact_run import RedactOptions as RedactOptions
from .redact_run import RedactResult as RedactResult
from .redact_run import run_redact as run_redact
