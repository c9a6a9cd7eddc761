"""Read and write cases in medrubric's own format and in the public rubric formats.

`load_cases` turns any supported file (or a snapshot folder, or "sample") into `Case`s, so
one grader serves every benchmark; `export_cases` writes them back. Every format's rows are
validated by a strict model named after the source's own fields, so a bad row is reported
as `file:line: field: problem`. Fields a `Case` has no place for are kept in
`Case.extra[<format>]`, which makes import -> export -> import lossless per format.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
