"""De-duplication: the batched numpy sketches are datasketch's, and the duplicate groups are the
connected components of datasketch's own LSH collisions, each keeping its smallest key."""

from __future__ import annotations

import random
import zlib

import numpy as np
from datasketch import MinHash, MinHashLSH

from medrubric.screen.dedup import BandSketcher, find_duplicates, shingles, star_edges
from medrubric.screen.text import normalise

WORDS = [
    "pain",
    "fever",
    "cough",
    "since",
    "my",
    "the",
    "a",
    "week",
    "doctor",
    "said",
    "knee",
    "back",
    "sleep",
    "tired",
]
HAN = "头痛发烧咳嗽的了是我在有个这周月年很还"


def random_texts(n: int, seed: int = 0) -> list[str]:
    """Short EN and ZH texts with exact copies and one-word edits of earlier ones."""
    rng = random.Random(seed)
    texts: list[str] = []
    for _ in range(n):
        roll = rng.random()
        if texts and roll < 0.15:
            texts.append(rng.choice(texts))
        elif texts and roll < 0.4:
            words = rng.choice(texts).split(" ")
            words[rng.randrange(len(words))] = rng.choice(WORDS)
            texts.append(" ".join(words))
        elif roll < 0.7:
            texts.append(" ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 14))))
        else:
            texts.append("".join(rng.choice(HAN) for _ in range(rng.randint(1, 20))))
    return [normalise(t) for t in texts]


def datasketch_minhash(norm_text: str, permutations: np.ndarray) -> MinHash:
    minhash = MinHash(
        num_perm=128, hashfunc=zlib.crc32, permutations=permutations, scheme="affine32"
    )
    minhash.update_batch(list(shingles(norm_text)))
    return minhash


def test_signatures_equal_datasketch_minhash():
    texts = random_texts(300) + ["", "a", "头痛"]
    sketcher = BandSketcher(0.8, 128)
    permutations = MinHash(num_perm=128, scheme="affine32").permutations
    signatures = sketcher.signatures([[zlib.crc32(s) for s in shingles(t)] for t in texts])
    used = sketcher.bands * sketcher.rows
    for text, signature in zip(texts, signatures, strict=True):
        expected = datasketch_minhash(text, permutations).hashvalues[:used]
        assert np.array_equal(signature, expected), text


def test_groups_are_connected_components_of_datasketch_lsh_collisions():
    """The reference: datasketch's LSH for the collisions, a plain graph search for the
    groups, then the smallest key of each group kept; keys are shuffled against positions."""
    texts = random_texts(1500, seed=1)
    rng = random.Random(2)
    keys = [f"k{n:05d}" for n in rng.sample(range(100_000), len(texts))]
    permutations = MinHash(num_perm=128, scheme="affine32").permutations
    lsh = MinHashLSH(threshold=0.8, num_perm=128)
    sketches = [datasketch_minhash(t, permutations) for t in texts]
    for i, minhash in enumerate(sketches):
        lsh.insert(i, minhash)
    neighbours = [set(lsh.query(m)) for m in sketches]
    expected: dict[int, tuple[str, str]] = {}
    seen: set[int] = set()
    for start in range(len(texts)):
        if start in seen:
            continue
        group, stack = {start}, [start]
        while stack:
            for other in neighbours[stack.pop()] - group:
                group.add(other)
                stack.append(other)
        seen |= group
        kept = min(group, key=lambda i: keys[i])
        for i in group - {kept}:
            same = texts[i] == texts[kept]
            expected[i] = ("duplicate" if same else "near_duplicate", keys[kept])
    got = find_duplicates(list(zip(keys, texts, strict=True)))
    assert got == expected
    assert {"duplicate", "near_duplicate"} <= {e[0] for e in expected.values()}
    assert any(len(n) > 2 for n in neighbours), "chains must occur for the test to mean much"


def test_star_edges_link_every_node_of_a_band_to_its_first():
    rows = np.array([[7, 5], [3, 9], [7, 2], [3, 4], [1, 8], [7, 6]], dtype=np.int64)
    edges = sorted(map(tuple, star_edges(rows).tolist()))
    assert edges == [(2, 5), (2, 6), (4, 9)]
    shuffled = rows[np.random.default_rng(0).permutation(len(rows))]
    assert sorted(map(tuple, star_edges(shuffled).tolist())) == edges
