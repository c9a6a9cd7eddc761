"""Versioned prompt templates.

Each prompt is a Jinja2 file `templates/<name>@<version>.j2` (e.g. `grade_batched.en@1.j2`).
`render` returns the text and the `name@version` id that every result records, so a changed
prompt is a new file and never silently alters what an old result means.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from medrubric.lazy import lazy_getattr

if TYPE_CHECKING:
    from medrubric.prompts.catalogue import Prompt, get_prompt, render

# Public name -> submodule that defines it; loaded on first access.
_EXPORTS = {"Prompt": "catalogue", "get_prompt": "catalogue", "render": "catalogue"}

__all__ = ["Prompt", "get_prompt", "render"]

__getattr__ = lazy_getattr(__name__, _EXPORTS)
