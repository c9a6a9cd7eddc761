"""The retriever contract: every index kind answers `search` with scored `Evidence`."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from medrubric.data.models import Evidence
from medrubric.retrieve.corpus import Snippet


class Retriever(ABC):
    """Searches a fixed list of snippets; results are best first with the retriever's score."""

    kind: ClassVar[str]

    def __init__(self, snippets: Sequence[Snippet]):
        self.snippets = list(snippets)

    @property
    @abstractmethod
    def model(self) -> str:
        """What produced the scores (tokenizer or encoder), recorded in manifests and provenance."""

    @abstractmethod
    def search_many(self, queries: Sequence[str], k: int) -> list[list[Evidence]]:
        """Top-k evidence for each query, in query order."""

    @abstractmethod
    def save(self, folder: Path) -> None:
        """Write what `load` needs besides the snippets into `folder`."""

    def search(self, query: str, k: int = 5) -> list[Evidence]:
        return self.search_many([query], k)[0]
