"""Exact and near-duplicate detection over a stream of threads.

Exact duplicates share the hash of their normalised text. Near-duplicates are found with
MinHash LSH: word 3-shingles for English, character 3-grams for Chinese, so reposts with a
changed greeting or a typo fall together. Threads sharing a band are linked; each connected
group keeps its smallest thread key (`resolve_duplicates`), so the outcome does not depend on
input order, and a cluster that shuffles (band, thread) rows by band finds the same groups.

The sketches are datasketch's (its `affine32` MinHash over CRC-32 shingle hashes, and the
bands and rows its `MinHashLSH` picks for the threshold), computed for a whole batch at once
in numpy instead of one Python object per thread. Each band is kept as a 64-bit fingerprint:
16 bytes per band of a surviving thread in one array, instead of datasketch's set per bucket,
which is what held 3 GB at a million threads. Two different bands share a fingerprint with
probability 2^-64, about one false match in 10^7 million-thread runs.
"""

from __future__ import annotations

import hashlib
import zlib
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import chain

import numpy as np
from datasketch import MinHash, MinHashLSH

from medrubric.screen.text import has_cjk, normalise

SHINGLE_WORDS = 3
SHINGLE_CHARS = 3
SKETCH_CHUNK = 32  # threads per (permutations x shingles) matrix: it stays in the CPU cache
_FMIX32 = (np.uint32(16), np.uint32(0x85EBCA6B), np.uint32(13), np.uint32(0xC2B2AE35))
_FMIX64 = (np.uint64(33), np.uint64(0xFF51AFD7ED558CCD), np.uint64(0xC4CEB9FE1A85EC53))
_EMPTY = np.uint32(0xFFFFFFFF)  # the sketch of an empty shingle set, as in datasketch


def text_hash(text: str) -> str:
    """Stable hash of the normalised text (exact-duplicate key and content hash)."""
    return hashlib.blake2b(normalise(text).encode(), digest_size=16).hexdigest()


def _grams(norm_text: str) -> Iterator[bytes]:
    """Character n-grams (spaces removed) for text with CJK, word n-grams otherwise; a text
    shorter than n units is one gram, an empty one has none. A gram may come more than once."""
    if has_cjk(norm_text):
        chars = norm_text.replace(" ", "")
        if len(chars) < SHINGLE_CHARS:
            return iter([chars.encode()])
        return (
            chars[i : i + SHINGLE_CHARS].encode() for i in range(len(chars) - SHINGLE_CHARS + 1)
        )
    words = norm_text.encode().split()
    if len(words) < SHINGLE_WORDS:
        return iter([b" ".join(words)] if words else [])
    return map(b" ".join, zip(*(words[k:] for k in range(SHINGLE_WORDS)), strict=False))


def shingles(norm_text: str) -> set[bytes]:
    """The set of n-grams that MinHash sketches (see `_grams`)."""
    return set(_grams(norm_text))


def shingle_hashes(norm_text: str) -> list[int]:
    """CRC-32 of every shingle: deterministic across processes and cheap. Repeats are kept:
    a MinHash value is a minimum, which a repeated hash cannot change."""
    return list(map(zlib.crc32, _grams(norm_text)))


def _fmix32(h: np.ndarray) -> np.ndarray:
    """MurmurHash3's 32-bit finalizer, datasketch's pre-mix for the affine32 scheme."""
    s1, m1, s2, m2 = _FMIX32
    h = (h ^ (h >> s1)) * m1
    h = (h ^ (h >> s2)) * m2
    return h ^ (h >> s1)


def _fmix64(h: np.ndarray) -> np.ndarray:
    s, m1, m2 = _FMIX64
    h = (h ^ (h >> s)) * m1
    h = (h ^ (h >> s)) * m2
    return h ^ (h >> s)


class BandSketcher:
    """MinHash band fingerprints of datasketch's `MinHashLSH(threshold, num_perm)`."""

    def __init__(self, threshold: float, num_perm: int):
        lsh = MinHashLSH(threshold=threshold, num_perm=num_perm)
        self.bands, self.rows = lsh.b, lsh.r
        used = self.bands * self.rows
        a, b = MinHash(num_perm=num_perm, scheme="affine32").permutations
        self._a, self._b = a[:used].astype(np.uint32), b[:used].astype(np.uint32)
        seeds = np.arange(1, self.bands + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
        self._seeds = seeds

    def signatures(self, hashes: Sequence[Sequence[int]]) -> np.ndarray:
        """(n, bands * rows) uint32: the first `bands * rows` MinHash values of each set."""
        out = np.full((len(hashes), self._a.size), _EMPTY, dtype=np.uint32)
        for start in range(0, len(hashes), SKETCH_CHUNK):
            chunk = hashes[start : start + SKETCH_CHUNK]
            sizes = np.fromiter((len(h) for h in chunk), dtype=np.int64, count=len(chunk))
            filled = np.flatnonzero(sizes)
            if not filled.size:
                continue
            flat = np.fromiter(chain.from_iterable(chunk), dtype=np.uint32, count=int(sizes.sum()))
            # (permutations x shingles): each minimum runs along a contiguous row, about
            # twice as fast as down the columns of the transposed layout
            permuted = self._a[:, None] * _fmix32(flat)
            permuted += self._b[:, None]
            offsets = np.concatenate(([0], np.cumsum(sizes[filled])[:-1]))
            out[start + filled] = np.minimum.reduceat(permuted, offsets, axis=1).T
        return out

    def band_keys(self, hashes: Sequence[Sequence[int]]) -> np.ndarray:
        """(n, bands) uint64 fingerprints, distinct per band index and never 0."""
        bands = self.signatures(hashes).reshape(len(hashes), self.bands, self.rows)
        keys = np.broadcast_to(self._seeds, bands.shape[:2]).copy()
        for row in range(self.rows):
            keys = _fmix64(keys ^ bands[:, :, row].astype(np.uint64))
        keys[keys == 0] = 1
        return keys


Member = tuple[str, str]  # (thread key, digest of the normalised text)


def digest(norm_text: str) -> str:
    return hashlib.blake2b(norm_text.encode(), digest_size=16).hexdigest()


def star_edges(rows: np.ndarray) -> np.ndarray:
    """(band fingerprint, node) int64 rows in, (first node, node) edges out: every node
    sharing a band is linked to the smallest node with it. The same on any block of rows that
    holds all rows of its bands, so a cluster can run it per block after a shuffle by band."""
    if len(rows) == 0:
        return np.empty((0, 2), dtype=np.int64)
    ordered = rows[np.lexsort((rows[:, 1], rows[:, 0]))]
    starts = np.r_[True, ordered[1:, 0] != ordered[:-1, 0]]
    first = ordered[np.maximum.accumulate(np.where(starts, np.arange(len(ordered)), 0)), 1]
    linked = first != ordered[:, 1]
    return np.stack([first[linked], ordered[linked, 1]], axis=1)


def resolve_duplicates(
    members: dict[int, Member], edges: Iterable[tuple[int, int]]
) -> dict[int, tuple[str, str]]:
    """Connected groups of linked threads, each keeping its smallest key (then node).

    `members` maps each node to (key, digest); the result maps every node not kept to
    ('duplicate' | 'near_duplicate', key of the kept thread): 'duplicate' when its normalised
    text is the kept thread's. Only the set of edges matters, so any engine finding the same
    band collisions keeps exactly the same threads.
    """
    parent: dict[int, int] = {}

    def root(node: int) -> int:
        parent.setdefault(node, node)
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    for a, b in edges:
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    groups: dict[int, list[int]] = defaultdict(list)
    for node in parent:
        groups[root(node)].append(node)
    outcome: dict[int, tuple[str, str]] = {}
    for nodes in groups.values():
        kept = min(nodes, key=lambda n: (members[n][0], n))
        kept_key, kept_digest = members[kept]
        for node in nodes:
            if node != kept:
                reason = "duplicate" if members[node][1] == kept_digest else "near_duplicate"
                outcome[node] = (reason, kept_key)
    return outcome


@lru_cache(maxsize=4)
def band_sketcher(threshold: float, num_perm: int) -> BandSketcher:
    return BandSketcher(threshold, num_perm)


def sign(
    norm_texts: Sequence[str], threshold: float = 0.8, num_perm: int = 128
) -> tuple[list[str], np.ndarray]:
    """(digests, (n, bands) int64 band fingerprints) of normalised texts."""
    bands = band_sketcher(threshold, num_perm).band_keys([shingle_hashes(t) for t in norm_texts])
    return [digest(t) for t in norm_texts], bands.view(np.int64)


class DuplicateFinder:
    """Collects surviving threads a batch at a time (their key, digest and band fingerprints,
    not their text) and resolves the duplicate groups once all are in."""

    def __init__(self) -> None:
        self.members: dict[int, Member] = {}
        self._rows: list[np.ndarray] = []

    def add(
        self,
        nodes: Sequence[int],
        keys: Sequence[str],
        digests: Sequence[str],
        bands: np.ndarray,
    ) -> None:
        """Threads numbered `nodes`, with their keys and `sign`'s digests and bands."""
        self.members.update(zip(nodes, zip(keys, digests, strict=True), strict=True))
        self._rows.append(band_rows(np.asarray(nodes, dtype=np.int64), bands))

    def resolve(self) -> dict[int, tuple[str, str]]:
        rows = np.concatenate(self._rows) if self._rows else np.empty((0, 2), dtype=np.int64)
        return resolve_duplicates(self.members, star_edges(rows).tolist())


def band_rows(nodes: np.ndarray, bands: np.ndarray) -> np.ndarray:
    """(band fingerprint, node) rows, one per band of each node."""
    return np.stack([bands.ravel(), np.repeat(nodes, bands.shape[1])], axis=1)


def find_duplicates(
    named_texts: Sequence[tuple[str, str]], threshold: float = 0.8, num_perm: int = 128
) -> dict[int, tuple[str, str]]:
    """`resolve_duplicates` over (key, normalised text) pairs, nodes counted from 0."""
    finder = DuplicateFinder()
    keys = [k for k, _ in named_texts]
    digests, bands = sign([t for _, t in named_texts], threshold, num_perm)
    finder.add(list(range(len(keys))), keys, digests, bands)
    return finder.resolve()
