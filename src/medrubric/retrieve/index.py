"""Build, persist and reload retrieval indexes.

An index folder is self-contained: `manifest.json` (kind, corpus hash, model, created_at),
`snippets.jsonl` (the corpus as indexed) and one sub-folder per retriever (`bm25/`, `dense/`).
Loading never re-tokenizes or re-embeds the corpus.
"""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

from pydantic import ValidationError

from medrubric import __version__
from medrubric.data.jsonl import load_models, write_jsonl
from medrubric.data.models import Record
from medrubric.errors import InputError, input_error_from_validation
from medrubric.llm.cache import resolve_cache_dir
from medrubric.retrieve.base import Retriever
from medrubric.retrieve.bm25 import BM25Retriever
from medrubric.retrieve.corpus import Corpus, Snippet, load_corpus
from medrubric.retrieve.dense import (
    DEFAULT_DENSE_MODEL,
    E5_SPEC,
    DenseRetriever,
    Progress,
    open_encoder,
)
from medrubric.retrieve.fusion import FusedRetriever
from medrubric.retrieve.kinds import INDEX_KINDS, IndexKind
from medrubric.scale.engine import Engine

MANIFEST = "manifest.json"
SNIPPETS = "snippets.jsonl"


class IndexManifest(Record):
    kind: IndexKind
    corpus_sha256: str
    corpus_size: int
    model: str
    dense_model: str | None = None
    created_at: dt.datetime
    medrubric_version: str


def _as_corpus(corpus: Corpus | str | Path) -> Corpus:
    return corpus if isinstance(corpus, Corpus) else load_corpus(corpus)


def build_retriever(
    corpus: Corpus | str | Path,
    kind: str = "bm25",
    dense_model: str = DEFAULT_DENSE_MODEL,
    progress: Progress | None = None,
    engine: Engine | None = None,
) -> Retriever:
    """An in-memory retriever of `kind` over `corpus` (a Corpus, a path, or `default`); with a
    Ray `engine`, the passage embeddings are computed by Ray Data tasks."""
    if kind not in INDEX_KINDS:
        raise InputError(f"unknown index kind {kind!r} (use one of {', '.join(INDEX_KINDS)})")
    snippets = _as_corpus(corpus).snippets
    if kind == "bm25":
        return BM25Retriever(snippets)
    embeddings = None
    if engine is not None and engine.kind == "ray":
        from medrubric.retrieve.embed_run import ray_embeddings

        embeddings = ray_embeddings(engine, dense_model, snippets, progress=progress)
    encoder = open_encoder(dense_model)
    dense = DenseRetriever(snippets, encoder, embeddings, progress=progress)
    return dense if kind == "dense" else FusedRetriever([BM25Retriever(snippets), dense])


def _dense_part(retriever: Retriever) -> DenseRetriever | None:
    parts = retriever.parts if isinstance(retriever, FusedRetriever) else [retriever]
    return next((p for p in parts if isinstance(p, DenseRetriever)), None)


def save_index(retriever: Retriever, corpus_sha256: str, out: str | Path) -> IndexManifest:
    """Write the index to `out` atomically: built in a sibling folder, then renamed."""
    out = Path(out)
    tmp = out.with_name(out.name + ".partial")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    dense = _dense_part(retriever)
    manifest = IndexManifest(
        kind=retriever.kind,  # type: ignore[arg-type]
        corpus_sha256=corpus_sha256,
        corpus_size=len(retriever.snippets),
        model=retriever.model,
        dense_model=dense.model if dense else None,
        created_at=dt.datetime.now(dt.UTC),
        medrubric_version=__version__,
    )
    write_jsonl(tmp / SNIPPETS, retriever.snippets)
    retriever.save(tmp)
    (tmp / MANIFEST).write_text(manifest.model_dump_json(indent=2) + "\n", encoding="utf-8")
    if out.exists():
        shutil.rmtree(out)
    tmp.rename(out)
    return manifest


def build_index(
    corpus: Corpus | str | Path,
    kind: str = "bm25",
    out: str | Path | None = None,
    dense_model: str = DEFAULT_DENSE_MODEL,
    progress: Progress | None = None,
) -> Retriever:
    """Build a retriever and, with `out`, persist it there."""
    corpus = _as_corpus(corpus)
    retriever = build_retriever(corpus, kind, dense_model, progress)
    if out is not None:
        save_index(retriever, corpus.sha256, out)
    return retriever


def read_manifest(folder: str | Path) -> IndexManifest:
    path = Path(folder) / MANIFEST
    if not path.exists():
        raise InputError("not an index folder (no manifest.json)", folder)
    try:
        return IndexManifest.model_validate_json(path.read_text(encoding="utf-8"))
    except ValidationError as exc:
        raise input_error_from_validation(exc, path, None) from None


def load_index(folder: str | Path) -> Retriever:
    """Reload a saved index without rebuilding it."""
    folder = Path(folder)
    manifest = read_manifest(folder)
    snippets = load_models(folder / SNIPPETS, Snippet)
    if len(snippets) != manifest.corpus_size:
        raise InputError(
            f"{SNIPPETS} has {len(snippets)} snippets, manifest says {manifest.corpus_size}",
            folder,
        )
    if manifest.kind == "bm25":
        return BM25Retriever.load(folder, snippets)
    dense = DenseRetriever.load(folder, snippets, open_encoder(manifest.dense_model or E5_SPEC))
    if manifest.kind == "dense":
        return dense
    return FusedRetriever([BM25Retriever.load(folder, snippets), dense])


def cached_index(
    corpus: str | Path = "default",
    kind: str = "bm25",
    cache_dir: str | Path | None = None,
    progress: Progress | None = None,
) -> Retriever:
    """The index of `corpus` from the cache, built there on first use (keyed by corpus hash);
    a cached dense or fused index made with another encoder than the default is rebuilt."""
    loaded = load_corpus(corpus)
    folder = resolve_cache_dir(cache_dir) / "indexes" / f"{kind}-{loaded.sha256[:16]}"
    if (folder / MANIFEST).exists():
        manifest = read_manifest(folder)
        dense_current = kind == "bm25" or manifest.dense_model == DEFAULT_DENSE_MODEL
        if manifest.corpus_sha256 == loaded.sha256 and dense_current:
            return load_index(folder)
    return build_index(loaded, kind, folder, progress=progress)
