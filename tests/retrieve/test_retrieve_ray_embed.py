"""`index build --kind dense --engine ray`: the passage embeddings computed by Ray Data actors
are the in-process ones, in corpus order, and the saved index answers queries the same way."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from medrubric.cli.main import main
from medrubric.retrieve.index import load_index

pytestmark = pytest.mark.slow

SNIPPETS = Path(__file__).parent / "fixtures" / "snippets.jsonl"


@pytest.fixture(scope="module")
def local_ray():
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_embeddings_equal_the_in_process_ones(tmp_path, local_ray, monkeypatch):
    monkeypatch.setattr("medrubric.retrieve.embed_run.ENCODE_BATCH", 3)  # several chunks
    for engine in ("local", "ray"):
        main(["index", "build", str(SNIPPETS), "--out", str(tmp_path / engine), "--kind", "dense",
              "--engine", engine])  # fmt: skip
    local, ray = (np.load(tmp_path / e / "dense" / "embeddings.npy") for e in ("local", "ray"))
    assert local.shape == ray.shape and local.shape[0] == len(SNIPPETS.read_text().splitlines())
    np.testing.assert_allclose(ray, local, rtol=0, atol=1e-6)
    query = "chest pain and sweating"
    hits = [[e.id for e in load_index(tmp_path / e).search(query, 3)] for e in ("local", "ray")]
    assert hits[0] == hits[1] and hits[0][0] == "sp-001"
