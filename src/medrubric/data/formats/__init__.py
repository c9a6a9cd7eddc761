"""Read and write cases in medrubric's own format and in the public rubric formats.

`load_cases` turns any supported file (or a snapshot folder, or "sample") into `Case`s, so
one grader serves every benchmark; `export_cases` writes them back. Every format's rows are
validated by a strict model named after the source's own fields, so a bad row is reported
as `file:line: field: problem`. Fields a `Case` has no place for are kept in
`Case.extra[<format>]`, which makes import -> export -> import lossless per format.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from medrubric.lazy import lazy_getattr

if TYPE_CHECKING:
    from medrubric.data.formats.detect import detect_format
    from medrubric.data.formats.io import (
        ImportResult,
        export_cases,
        export_meta_eval,
        import_cases,
        iter_cases,
        load_cases,
        load_meta_eval,
        unwritten_fields,
    )
    from medrubric.data.formats.meta_eval import MetaEvalRow
    from medrubric.data.formats.registry import FORMAT_NAMES

# Public name -> submodule that defines it; loaded on first access.
_EXPORTS = {
    "detect_format": "detect",
    "ImportResult": "io",
    "export_cases": "io",
    "export_meta_eval": "io",
    "import_cases": "io",
    "iter_cases": "io",
    "load_cases": "io",
    "load_meta_eval": "io",
    "unwritten_fields": "io",
    "MetaEvalRow": "meta_eval",
    "FORMAT_NAMES": "registry",
}

__all__ = [
    "FORMAT_NAMES",
    "ImportResult",
    "MetaEvalRow",
    "detect_format",
    "export_cases",
    "export_meta_eval",
    "import_cases",
    "iter_cases",
    "load_cases",
    "load_meta_eval",
    "unwritten_fields",
]

__getattr__ = lazy_getattr(__name__, _EXPORTS)
