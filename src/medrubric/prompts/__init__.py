"""Versioned prompt templates.

Each prompt is a Jinja2 file `templates/<name>@<version>.j2` (e.g. `grade_batched.en@1.j2`).
`render` returns the text and the `name@version` id that every result records, so a changed
prompt is a new file and never silently alters what an old result means.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
