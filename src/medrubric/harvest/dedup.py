"""Exact and near-duplicate detection over a stream of threads.

Exact duplicates share the hash of their normalised text. Near-duplicates are found with
MinHash LSH (datasketch): word 3-shingles for English, character 3-grams for Chinese, so
reposts with a changed greeting or a typo fall together. The first thread seen is kept.
"""

from __future__ import annotations

import hashlib
import zlib
from dataclasses import dataclass

from datasketch import MinHash, MinHashLSH

from medrubric.harvest.text import has_cjk, normalise

SHINGLE_WORDS = 3
SHINGLE_CHARS = 3


def text_hash(text: str) -> str:
    """Stable hash of the normalised text (exact-duplicate key and content hash)."""
    return hashlib.blake2b(normalise(text).encode(), digest_size=16).hexdigest()


def shingles(norm_text: str) -> set[bytes]:
    """Character n-grams (spaces removed) for text with CJK, word n-grams otherwise."""
    if has_cjk(norm_text):
        chars = norm_text.replace(" ", "")
        n = SHINGLE_CHARS
        grams = {chars[i : i + n] for i in range(max(1, len(chars) - n + 1))}
    else:
        words = norm_text.split()
        n = SHINGLE_WORDS
        grams = {" ".join(words[i : i + n]) for i in range(max(1, len(words) - n + 1))}
    return {g.encode() for g in grams if g}


def _crc32(data: bytes) -> int:
    """32-bit shingle hash: deterministic across processes and far cheaper than SHA-1."""
    return zlib.crc32(data)


@dataclass
class DuplicateIndex:
    """Remembers every kept thread; `check` says whether a new one duplicates an earlier one."""

    threshold: float = 0.8
    num_perm: int = 128

    def __post_init__(self) -> None:
        self._hashes: dict[str, str] = {}
        self._lsh = MinHashLSH(threshold=self.threshold, num_perm=self.num_perm)
        # Generating the permutations costs more than hashing a thread: do it once.
        self._permutations = MinHash(num_perm=self.num_perm, scheme="affine32").permutations

    def check(self, key: str, norm_text: str) -> tuple[str, str] | None:
        """('duplicate' | 'near_duplicate', key of the earlier thread), or None after indexing.

        `norm_text` is the thread's text passed through `text.normalise`."""
        digest = hashlib.blake2b(norm_text.encode(), digest_size=16).hexdigest()
        if digest in self._hashes:
            return "duplicate", self._hashes[digest]
        minhash = MinHash(
            num_perm=self.num_perm,
            hashfunc=_crc32,
            permutations=self._permutations,
            scheme="affine32",
        )
        minhash.update_batch(list(shingles(norm_text)))
        similar = self._lsh.query(minhash)
        if similar:
            return "near_duplicate", str(min(similar))
        self._hashes[digest] = key
        self._lsh.insert(key, minhash, check_duplication=False)
        return None
