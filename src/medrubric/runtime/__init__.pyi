# Public names of medrubric.runtime, each loaded from its submodule on first access
# (`lazy_loader.attach_stub` in __init__.py reads this file); type checkers read it too.
# A new public name is one line here.

from .concurrency import bounded as bounded
from .concurrency import count_finished as count_finished
from .concurrency import run_in_order as run_in_order
from .concurrency import run_unfinished as run_unfinished
from .concurrency import unfinished as unfinished
from .figures import png_base64 as png_base64
from .figures import png_bytes as png_bytes
from .figures import pyplot as pyplot
from .folder import RunFolder as RunFolder
from .folder import drop_torn_tail as drop_torn_tail
from .folder import read_json as read_json
from .folder import read_latest as read_latest
from .folder import read_log as read_log
from .folder import readable_log as readable_log
from .options import ModelOptions as ModelOptions
from .progress import CallTally as CallTally
from .progress import Outcome as Outcome
from .progress import ProgressDisplay as ProgressDisplay
from .progress import RunProgress as RunProgress
from .progress import outcome_progress as outcome_progress
from .prompting import conversation_text as conversation_text
from .prompting import fence_tag as fence_tag
