# Public names of medrubric.prompts, each loaded from its submodule on first access
# (`lazy_loader.attach_stub` in __init__.py reads this file); type checkers read it too.
# A new public name is one line here.

from .catalogue import Prompt as Prompt
from .catalogue import get_prompt as get_prompt
from .catalogue import render as render
