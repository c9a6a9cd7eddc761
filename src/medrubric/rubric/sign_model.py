"""The learned sign model: how likely a good answer is to do what a criterion describes.

A flipped sign is a criterion whose weight says the opposite of what its text describes: a
good answer's act at a negative weight, a harmful or failed one at a positive weight. The
cue rules of `rubric.lint` read the wording; this model reads what the wording leaves to
medical sense ("Recommends giving him loperamide to stop the diarrhoea" is harmful with no
cue word in it). It is a logistic regression over three views of the criterion's text:

- word unigrams and bigrams, TF-IDF (sublinear tf, L2 norm), words seen in two criteria or more;
- character 2-4-grams within word boundaries (`char_wb`), the same weighting: Chinese has no
  spaces, and inflections ("advis-es", "advis-ing") share their stems;
- the sentence encoder's 512-d vector (`rubric.similarity`: USE multilingual v3), which
  carries meaning across wordings and across English and Chinese.

It is trained (`python -m medrubric.rubric.train_sign`) on every criterion of the labelled
parts in tests/data/rubric_lint/ but those awaiting their first measurement; a criterion's
target is whether a good answer does it: a positive weight unless the criterion is labelled
`flipped_sign`. The fitted vocabularies, inverse document frequencies and coefficients ship
as `data/sign_model.npz` with its training record `data/sign_model.json`; applying it needs
scikit-learn's vectorisers and the encoder (both in the `retrieve` extra), and nothing else.
`MEDRUBRIC_SIGN_MODEL` names another model file (trained on a maintainer's own labels with
`--out`), or `0` turns the model off.

How `rubric.lint` uses it: a criterion whose sign the model contradicts at `FLAG` confidence
is reported as a flipped sign at warning severity (the model alone does not stop a release),
and a flip the cue rules find (an error) is withdrawn when the model agrees with the sign at
`1 - VETO` confidence. The two thresholds and `C` were chosen by leaving each held-out part
out in turn, with the bundled sample's false alarms beside them (bench/RESULTS.md), and
frozen before the next parts were written. On rubrics written unlike the labelled parts the
model is less sure of itself than its confidence says: that is why it only warns.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from medrubric.errors import InputError

DATA = Path(__file__).parent / "data"
MODEL_NAME = "sign_model.npz"
RECORD_NAME = "sign_model.json"
VERSION = "sign-model@1"
ENV = "MEDRUBRIC_SIGN_MODEL"  # a model file to apply instead, or 0 for none
C = 16.0  # inverse regularisation strength of the logistic regression
FLAG = 0.95  # P(the sign is wrong) above this flags a criterion the cue rules pass
VETO = 0.05  # P(the sign is wrong) at or below this withdraws a flip the cue rules find
VIEWS: dict[str, dict[str, Any]] = {
    "word": {"analyzer": "word", "ngram_range": (1, 2)},
    "char": {"analyzer": "char_wb", "ngram_range": (2, 4)},
}
MIN_DF = 2


def _vectoriser(view: str, vocabulary: dict[str, int] | None = None) -> Any:
    from sklearn.feature_extraction.text import TfidfVectorizer

    return TfidfVectorizer(
        **VIEWS[view],
        min_df=1 if vocabulary is not None else MIN_DF,
        sublinear_tf=True,
        vocabulary=vocabulary,
    )


@dataclass(frozen=True)
class SignModel:
    """A fitted sign model: per text view its vocabulary (term -> column) and idf, then the
    coefficients over [word columns, char columns, encoder dimensions] and the intercept."""

    vocabularies: dict[str, dict[str, int]]
    idf: dict[str, np.ndarray]
    coef: np.ndarray
    intercept: float
    encoder: str  # the spec of the encoder whose vectors it was trained on

    def features(self, texts: Sequence[str], vectors: np.ndarray) -> Any:
        from scipy.sparse import csr_matrix, hstack

        blocks = []
        for view in VIEWS:
            vectoriser = _vectoriser(view, self.vocabularies[view])
            vectoriser.idf_ = self.idf[view]
            blocks.append(vectoriser.transform(list(texts)))
        blocks.append(csr_matrix(np.asarray(vectors, dtype=np.float64)))
        return hstack(blocks).tocsr()

    def good_probability(self, texts: Sequence[str], vectors: np.ndarray) -> np.ndarray:
        """P(a good answer does what each text describes), one per text; `vectors` are the
        texts' embeddings by the encoder named in `encoder`."""
        if not texts:
            return np.zeros(0)
        logits = self.features(texts, vectors) @ self.coef + self.intercept
        return np.asarray(1.0 / (1.0 + np.exp(-logits)), dtype=np.float64)

    def to_bytes(self) -> bytes:
        """The model as the bytes of an .npz file (written by the caller, atomically)."""
        import io

        arrays: dict[str, np.ndarray] = {
            "coef": self.coef,
            "intercept": np.array([self.intercept]),
            "encoder": np.array([self.encoder]),
        }
        for view in VIEWS:
            terms = sorted(self.vocabularies[view], key=self.vocabularies[view].__getitem__)
            arrays[f"{view}_terms"] = np.array(terms, dtype=str)
            arrays[f"{view}_idf"] = self.idf[view]
        buffer = io.BytesIO()
        np.savez_compressed(buffer, **arrays)  # type: ignore[arg-type]
        return buffer.getvalue()


def load(path: Path) -> SignModel:
    """The model stored at `path` (`SignModel.to_bytes`); InputError naming the file when it
    is missing or not such a model."""
    try:
        with np.load(path, allow_pickle=False) as stored:
            vocabularies = {
                view: {str(term): i for i, term in enumerate(stored[f"{view}_terms"])}
                for view in VIEWS
            }
            return SignModel(
                vocabularies=vocabularies,
                idf={view: stored[f"{view}_idf"] for view in VIEWS},
                coef=stored["coef"],
                intercept=float(stored["intercept"][0]),
                encoder=str(stored["encoder"][0]),
            )
    except (OSError, ValueError, KeyError) as exc:
        raise InputError(
            f"not a sign model ({type(exc).__name__}): set {ENV} to a file "
            "written by python -m medrubric.rubric.train_sign, or to 0",
            path,
        ) from None


def fit(texts: Sequence[str], good: Sequence[bool], vectors: np.ndarray, encoder: str) -> SignModel:
    """Fit the model on `texts` (with their embeddings `vectors`) and whether a good answer does
    each (lbfgs: deterministic for the same data)."""
    from scipy.sparse import csr_matrix, hstack
    from sklearn.linear_model import LogisticRegression

    vocabularies, idf, blocks = {}, {}, []
    for view in VIEWS:
        vectoriser = _vectoriser(view)
        blocks.append(vectoriser.fit_transform(list(texts)))
        vocabularies[view] = {str(t): int(i) for t, i in vectoriser.vocabulary_.items()}
        idf[view] = np.asarray(vectoriser.idf_, dtype=np.float64)
    blocks.append(csr_matrix(np.asarray(vectors, dtype=np.float64)))
    regression = LogisticRegression(C=C, max_iter=5000)
    regression.fit(hstack(blocks).tocsr(), np.asarray(good, dtype=bool))
    return SignModel(
        vocabularies=vocabularies,
        idf=idf,
        coef=np.asarray(regression.coef_[0], dtype=np.float64),
        intercept=float(regression.intercept_[0]),
        encoder=encoder,
    )


def active_model() -> SignModel | None:
    """The sign model the lint applies: the shipped one, or the .npz file named by
    `MEDRUBRIC_SIGN_MODEL` (one trained with `--out` on other labels); None when that variable
    is `0` or scikit-learn (the `retrieve` extra) is not installed."""
    chosen = os.environ.get(ENV, "")
    if chosen == "0" or importlib.util.find_spec("sklearn") is None:
        return None
    return _load(chosen or str(DATA / MODEL_NAME))


@cache
def _load(path: str) -> SignModel:
    return load(Path(path))
