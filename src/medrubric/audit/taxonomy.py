"""The 13 error types of the blind-spot audit, read from a versioned data file.

Prompts render definitions, example edits and applicability conditions from here, so every
stage speaks about exactly the same types, and a pair records which taxonomy it was made with.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

from pydantic import BaseModel, ConfigDict, Field

from medrubric.errors import InputError

TAXONOMY_VERSION = 1


class ErrorType(BaseModel):
    """One error type: what it is, one edit that shows it, and when it can be injected."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    code: str = Field(pattern=r"^[A-Z][0-9]$")
    name: str
    group: str
    definition: str
    example_edit: str
    applicability: str


class Taxonomy(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    version: int
    types: tuple[ErrorType, ...]

    @property
    def id(self) -> str:
        return f"error_types@{self.version}"

    def get(self, code: str) -> ErrorType:
        for error_type in self.types:
            if error_type.code == code:
                return error_type
        raise InputError(f"unknown error type {code!r} (known: {', '.join(self.codes())})")

    def codes(self) -> list[str]:
        return [t.code for t in self.types]

    def select(self, codes: str | None) -> list[ErrorType]:
        """The types named in a comma-separated list (all types for None or blank)."""
        if codes is None or not codes.strip():
            return list(self.types)
        wanted = [c.strip().upper() for c in codes.split(",") if c.strip()]
        return [self.get(c) for c in dict.fromkeys(wanted)]


@cache
def load_taxonomy(version: int = TAXONOMY_VERSION) -> Taxonomy:
    """The bundled taxonomy file `data/error_types@<version>.toml`."""
    source = resources.files(__package__).joinpath("data", f"error_types@{version}.toml")
    if not source.is_file():
        raise InputError(f"no taxonomy version {version}")
    data = tomllib.loads(source.read_text("utf-8"))
    return Taxonomy.model_validate(data)
