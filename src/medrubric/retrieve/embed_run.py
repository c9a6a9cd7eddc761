"""`index build --engine ray`: the passage embeddings of a dense index computed by Ray Data.

The corpus goes into Ray's object store once; each task embeds one chunk of `ENCODE_BATCH`
snippets with the same encoder code as the in-process build (`embed_snippets`), held by a
long-lived Ray actor so the model loads once per worker, not once per chunk. The vectors come
back tagged with their snippet's position and are put in corpus order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from medrubric.retrieve.corpus import Snippet
from medrubric.retrieve.dense import ENCODE_BATCH, Progress, embed_snippets, open_encoder
from medrubric.scale.engine import Engine, start_ray


class ChunkEmbedder:
    """Runs in a Ray actor: one encoder, many chunks."""

    def __init__(self, spec: str, snippets_ref: Any):
        import ray

        self.encoder = open_encoder(spec)
        self.snippets: Sequence[Snippet] = ray.get(snippets_ref)

    def __call__(self, batch: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        rows, vectors = [], []
        for start, stop in zip(batch["start"].tolist(), batch["stop"].tolist(), strict=True):
            vectors.append(embed_snippets(self.encoder, self.snippets[start:stop]))
            rows.append(np.arange(start, stop))
        return {"row": np.concatenate(rows), "vector": np.concatenate(vectors)}


def ray_embeddings(
    engine: Engine,
    spec: str,
    snippets: Sequence[Snippet],
    workers: int | None = None,
    progress: Progress | None = None,
) -> np.ndarray:
    """(len(snippets), d) float32 passage embeddings, in corpus order."""
    start_ray(engine)
    import ray

    if not snippets:
        return np.zeros((0, 0), np.float32)
    ref = ray.put(list(snippets))
    size = ENCODE_BATCH  # read at call time: a test makes chunks smaller
    starts = [
        {"start": s, "stop": min(s + size, len(snippets))} for s in range(0, len(snippets), size)
    ]
    actors = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
    dataset = ray.data.from_items(starts, override_num_blocks=len(starts)).map_batches(
        ChunkEmbedder,
        fn_constructor_args=(spec, ref),
        batch_size=1,
        batch_format="numpy",
        compute=ray.data.ActorPoolStrategy(size=min(actors, len(starts))),
    )
    out: np.ndarray | None = None
    for batch in dataset.iter_batches(batch_format="numpy", batch_size=None):
        vectors = batch["vector"]
        if out is None:
            out = np.zeros((len(snippets), vectors.shape[1]), np.float32)
        out[batch["row"]] = vectors
        if progress is not None:
            progress(len(vectors))
    assert out is not None
    return out
