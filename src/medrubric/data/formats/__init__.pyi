# Public names of medrubric.data.formats, each loaded from its submodule on first access
# (`lazy_loader.attach_stub` in __init__.py reads this file); type checkers read it too.
# A new public name is one line here.

from .detect import detect_format as detect_format
from .io import ImportResult as ImportResult
from .io import export_cases as export_cases
from .io import export_meta_eval as export_meta_eval
from .io import import_cases as import_cases
from .io import iter_cases as iter_cases
from .io import load_cases as load_cases
from .io import load_meta_eval as load_meta_eval
from .io import unwritten_fields as unwritten_fields
from .meta_eval import MetaEvalRow as MetaEvalRow
from .registry import FORMAT_NAMES as FORMAT_NAMES
