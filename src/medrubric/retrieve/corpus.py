"""Snippet corpora in the MedRAG layout: one JSON object per line with id, title, content.

MedRAG's published chunks (PubMed, StatPearls, textbooks, guidelines) also carry `contents`
(title and content joined); it is accepted and ignored so those files load unchanged.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from pydantic import Field

from medrubric.data.jsonl import read_models
from medrubric.data.models import Evidence, NonBlank, Record
from medrubric.data.vocab import Language
from medrubric.errors import InputError

DEFAULT_CORPUS_NAME = "default"


class Snippet(Record):
    id: NonBlank
    title: str = ""
    content: NonBlank
    language: Language | None = None
    source: str | None = None
    contents: str | None = Field(default=None, exclude=True)

    def text(self) -> str:
        """What retrievers index: the title carries the topic, the content the facts."""
        return f"{self.title}. {self.content}" if self.title else self.content

    def evidence(self, score: float) -> Evidence:
        return Evidence(
            id=self.id, title=self.title, content=self.content, score=score, source=self.source
        )


@dataclass(frozen=True)
class Corpus:
    """Validated snippets plus the SHA-256 of their file, which index manifests record."""

    snippets: list[Snippet]
    sha256: str
    path: Path | None = None

    def __len__(self) -> int:
        return len(self.snippets)


def default_corpus_path() -> Path:
    return Path(str(resources.files("medrubric.retrieve").joinpath("corpus", "snippets.jsonl")))


def resolve_corpus_path(name_or_path: str | Path) -> Path:
    """`default` names the bundled corpus; anything else is a file path."""
    if str(name_or_path) == DEFAULT_CORPUS_NAME:
        path = default_corpus_path()
        if not path.exists():
            raise InputError("the bundled corpus is not installed", path)
        return path
    return Path(name_or_path)


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def load_corpus(name_or_path: str | Path) -> Corpus:
    """Read and validate a snippet file; a bad row or a repeated id is an InputError at its line."""
    path = resolve_corpus_path(name_or_path)
    snippets: list[Snippet] = []
    first_line: dict[str, int] = {}
    for lineno, snippet in read_models(path, Snippet):
        if snippet.id in first_line:
            raise InputError(
                f"id: duplicate snippet id {snippet.id!r} (first on line {first_line[snippet.id]})",
                path,
                lineno,
            )
        first_line[snippet.id] = lineno
        snippets.append(snippet)
    return Corpus(snippets=snippets, sha256=file_sha256(path), path=path)
