"""De-duplication: the batched numpy sketches and table give datasketch's own decisions."""

from __future__ import annotations

import hashlib
import random
import zlib

import numpy as np
from datasketch import MinHash, MinHashLSH

from medrubric.harvest.dedup import BandSketcher, DuplicateIndex, FingerprintTable, shingles
from medrubric.harvest.text import normalise

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


def test_batched_index_gives_datasketch_lsh_decisions():
    """The reference is the plain datasketch loop: exact hash, LSH query, insert."""
    texts = random_texts(1500, seed=1)
    permutations = MinHash(num_perm=128, scheme="affine32").permutations
    lsh = MinHashLSH(threshold=0.8, num_perm=128)
    seen: dict[str, str] = {}
    expected = []
    for i, text in enumerate(texts):
        key, digest = f"k{i:05d}", hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
        if digest in seen:
            expected.append(("duplicate", seen[digest]))
            continue
        minhash = datasketch_minhash(text, permutations)
        similar = lsh.query(minhash)
        if similar:
            expected.append(("near_duplicate", min(similar)))
            continue
        expected.append(None)
        seen[digest] = key
        lsh.insert(key, minhash)
    index = DuplicateIndex()
    got = []
    for start in range(0, len(texts), 97):  # batches that split runs of related texts
        keys = [f"k{i:05d}" for i in range(start, min(start + 97, len(texts)))]
        got += index.check_batch(keys, texts[start : start + 97])
    assert got == expected
    assert {"duplicate", "near_duplicate"} <= {e[0] for e in expected if e}


def test_fingerprint_table_grows_and_finds_every_key():
    rng = np.random.default_rng(0)
    keys = np.unique(rng.integers(1, 2**63, size=50_000, dtype=np.uint64))
    rng.shuffle(keys)
    table = FingerprintTable(capacity=8)
    for start in range(0, keys.size, 7_000):
        part = keys[start : start + 7_000]
        table.insert(part, np.arange(start, start + part.size, dtype=np.int32))
    assert table.size == keys.size
    assert np.array_equal(table.lookup(keys), np.arange(keys.size, dtype=np.int32))
    absent = rng.integers(1, 2**63, size=1_000, dtype=np.uint64)
    absent = absent[~np.isin(absent, keys)]
    assert (table.lookup(absent) == -1).all()
