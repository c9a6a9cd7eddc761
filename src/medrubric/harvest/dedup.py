"""Exact and near-duplicate detection over a stream of threads.

Exact duplicates share the hash of their normalised text. Near-duplicates are found with
MinHash LSH: word 3-shingles for English, character 3-grams for Chinese, so reposts with a
changed greeting or a typo fall together. The first thread seen is kept.

The sketches are datasketch's (its `affine32` MinHash over CRC-32 shingle hashes, and the
bands and rows its `MinHashLSH` picks for the threshold), computed for a whole batch at once
in numpy instead of one Python object per thread. Each band is kept as a 64-bit fingerprint
in one open-addressing table: about 12 bytes per band of a kept thread instead of datasketch's
set per bucket, which is what held 3 GB at a million threads. Two different bands share a
fingerprint with probability 2^-64, about one false match in 10^7 million-thread runs.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import chain

import numpy as np
from datasketch import MinHash, MinHashLSH

from medrubric.harvest.text import has_cjk, normalise

SHINGLE_WORDS = 3
SHINGLE_CHARS = 3
SKETCH_CHUNK = 32  # threads per (shingles x permutations) matrix: it stays in the CPU cache
_FMIX32 = (np.uint32(16), np.uint32(0x85EBCA6B), np.uint32(13), np.uint32(0xC2B2AE35))
_FMIX64 = (np.uint64(33), np.uint64(0xFF51AFD7ED558CCD), np.uint64(0xC4CEB9FE1A85EC53))
_EMPTY = np.uint32(0xFFFFFFFF)  # the sketch of an empty shingle set, as in datasketch


def text_hash(text: str) -> str:
    """Stable hash of the normalised text (exact-duplicate key and content hash)."""
    return hashlib.blake2b(normalise(text).encode(), digest_size=16).hexdigest()


def _grams(norm_text: str) -> Iterator[bytes]:
    """Character n-grams (spaces removed) for text with CJK, word n-grams otherwise; a text
    shorter than n units is one gram, an empty one has none."""
    if has_cjk(norm_text):
        chars = norm_text.replace(" ", "")
        if len(chars) < SHINGLE_CHARS:
            return iter([chars.encode()])
        runs = (chars[k:] for k in range(SHINGLE_CHARS))
        return map(str.encode, map("".join, zip(*runs, strict=False)))
    words = norm_text.encode().split()
    if len(words) < SHINGLE_WORDS:
        return iter([b" ".join(words)] if words else [])
    return map(b" ".join, zip(*(words[k:] for k in range(SHINGLE_WORDS)), strict=False))


def shingles(norm_text: str) -> set[bytes]:
    """The set of n-grams that MinHash sketches (see `_grams`)."""
    return set(_grams(norm_text))


def shingle_hashes(norm_text: str) -> list[int]:
    """CRC-32 of every shingle: deterministic across processes and cheap."""
    return list(set(map(zlib.crc32, _grams(norm_text))))


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
            permuted = np.multiply.outer(_fmix32(flat), self._a)
            permuted += self._b
            offsets = np.concatenate(([0], np.cumsum(sizes[filled])[:-1]))
            out[start + filled] = np.minimum.reduceat(permuted, offsets, axis=0)
        return out

    def band_keys(self, hashes: Sequence[Sequence[int]]) -> np.ndarray:
        """(n, bands) uint64 fingerprints, distinct per band index and never 0."""
        bands = self.signatures(hashes).reshape(len(hashes), self.bands, self.rows)
        keys = np.broadcast_to(self._seeds, bands.shape[:2]).copy()
        for row in range(self.rows):
            keys = _fmix64(keys ^ bands[:, :, row].astype(np.uint64))
        keys[keys == 0] = 1
        return keys


class FingerprintTable:
    """Open-addressing hash table from nonzero uint64 fingerprints to int32 values,
    looked up and filled a whole array at a time."""

    def __init__(self, capacity: int = 1 << 16):
        self._keys = np.zeros(capacity, dtype=np.uint64)
        self._values = np.zeros(capacity, dtype=np.int32)
        self.size = 0

    def lookup(self, keys: np.ndarray) -> np.ndarray:
        """The value stored for each key, -1 where there is none."""
        keys = keys.ravel()
        mask = np.uint64(self._keys.size - 1)
        found = np.full(keys.size, -1, dtype=np.int32)
        pending = np.arange(keys.size)
        slots = (keys & mask).astype(np.int64)
        while pending.size:
            stored = self._keys[slots]
            hit = stored == keys[pending]
            found[pending[hit]] = self._values[slots[hit]]
            going = ~hit & (stored != 0)
            pending, slots = pending[going], (slots[going] + 1) & int(mask)
        return found

    def insert(self, keys: np.ndarray, values: np.ndarray) -> None:
        """Add keys that are neither in the table nor repeated among themselves."""
        if self.size + keys.size > self._keys.size // 2:
            self._grow(self.size + keys.size)
        mask = self._keys.size - 1
        slots = (keys & np.uint64(mask)).astype(np.int64)
        while keys.size:
            free = self._keys[slots] == 0
            # of several keys aimed at one free slot, the first takes it
            _, first = np.unique(slots[free], return_index=True)
            take = np.flatnonzero(free)[first]
            self._keys[slots[take]] = keys[take]
            self._values[slots[take]] = values[take]
            rest = np.ones(keys.size, dtype=bool)
            rest[take] = False
            keys, values, slots = keys[rest], values[rest], (slots[rest] + 1) & mask
            self.size += take.size

    def _grow(self, needed: int) -> None:
        capacity = self._keys.size
        while needed > capacity // 2:
            capacity *= 2
        used = self._keys != 0
        keys, values = self._keys[used], self._values[used]
        self._keys = np.zeros(capacity, dtype=np.uint64)
        self._values = np.zeros(capacity, dtype=np.int32)
        self.size = 0
        self.insert(keys, values)


@dataclass
class DuplicateIndex:
    """Remembers every kept thread; `check` says whether a new one duplicates an earlier one."""

    threshold: float = 0.8
    num_perm: int = 128

    def __post_init__(self) -> None:
        self._sketcher = BandSketcher(self.threshold, self.num_perm)
        self._hashes: dict[bytes, str] = {}
        self._keys: list[str] = []
        self._bands = FingerprintTable()

    def check(self, key: str, norm_text: str) -> tuple[str, str] | None:
        """('duplicate' | 'near_duplicate', key of the earlier thread), or None after indexing.

        `norm_text` is the thread's text passed through `text.normalise`."""
        return self.check_batch([key], [norm_text])[0]

    def check_batch(
        self, keys: Sequence[str], norm_texts: Sequence[str]
    ) -> list[tuple[str, str] | None]:
        """`check` for each thread in order, as if they came one by one.

        A near-duplicate names the smallest key among the kept threads it shares a band with."""
        digests = [hashlib.blake2b(t.encode(), digest_size=16).digest() for t in norm_texts]
        bands = self._sketcher.band_keys([shingle_hashes(t) for t in norm_texts])
        earlier = self._bands.lookup(bands).reshape(bands.shape).tolist()
        band_rows = bands.tolist()
        added: dict[int, int] = {}  # bands of threads kept in this batch
        kept_rows: list[int] = []
        outcomes: list[tuple[str, str] | None] = []
        for i, (key, digest) in enumerate(zip(keys, digests, strict=True)):
            if digest in self._hashes:
                outcomes.append(("duplicate", self._hashes[digest]))
                continue
            similar = {j for j in earlier[i] if j >= 0}
            similar.update(added[b] for b in band_rows[i] if b in added)
            if similar:
                outcomes.append(("near_duplicate", min(self._keys[j] for j in similar)))
                continue
            outcomes.append(None)
            self._hashes[digest] = key
            index = len(self._keys)
            self._keys.append(key)
            added.update(dict.fromkeys(band_rows[i], index))
            kept_rows.append(i)
        if kept_rows:
            new = bands[kept_rows]
            first = len(self._keys) - len(kept_rows)
            indexes = np.repeat(np.arange(first, len(self._keys), dtype=np.int32), new.shape[1])
            self._bands.insert(new.ravel(), indexes)
        return outcomes
