"""The rubric lint's learned models: how likely a good answer is to do what a criterion
describes (the sign model), and how likely two criteria are one behaviour counted twice (the
pair model). One file holds both; one command trains both.

**The sign model.**

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

It is trained (`python -m medrubric.rubric.train_learned`) on every criterion of the labelled
parts in tests/data/rubric_lint/ but those awaiting their first measurement; a criterion's
target is whether a good answer does it: a positive weight unless the criterion is labelled
`flipped_sign`. The fitted vocabularies, inverse document frequencies and coefficients ship
as `data/learned.npz` with its training record `data/learned.json`; applying it needs
scikit-learn's vectorisers and the encoder (both in the `retrieve` extra), and nothing else.
`MEDRUBRIC_LEARNED_LINT` names another model file (trained on a maintainer's own labels with
`--out`), or `0` turns the model off.

How `rubric.lint` uses it: a criterion whose sign the model contradicts at `FLAG` confidence
is reported as a flipped sign at warning severity (the model alone does not stop a release),
and a flip the cue rules find (an error) is withdrawn when the model agrees with the sign at
`1 - VETO` confidence. The two thresholds and `C` were chosen by leaving each held-out part
out in turn, with the bundled sample's false alarms beside them (bench/RESULTS.md), and
frozen before the next parts were written. On rubrics written unlike the labelled parts the
model is less sure of itself than its confidence says: that is why it only warns.

**The pair model** (`pair-model@2`). Gradient-boosted trees (scikit-learn's
HistGradientBoostingClassifier, `PAIR_TREES`, stored as node arrays and walked by `Forest`)
over sixteen numbers about two criteria of one sign in one rubric (`PAIR_FEATURES`): their
USE cosine, the cosine of their character n-grams (the sign model's char view), the
word-content Dice and overlap of `rubric.paraphrase`, how much closer they are to each other
than to any third criterion, whether each is the other's closest, whether they share an axis,
a speech act and a weight's size, whether the lint reads either as a flipped sign; and from
a second encoder, multilingual-e5-small (`rubric.similarity.paraphrase_encoder`), their
cosine, its margin over any third criterion, its distance from the rubric's mean cosine in
standard deviations, whether no earlier criterion is closer to the later one, whether each is
the other's closest, and the rubric's size. It is trained on the same parts: for a criterion
labelled `duplicate`, its closest earlier criterion of the same sign is the positive pair (the
label does not name the partner); every pair around a criterion with no such label is a
negative. A criterion whose best earlier pair scores above `PAIR_FLAG` is a duplicate note
unless the two name other numbers; the other rules that hold two criteria apart do not
overrule it (it has read the pair whole). A
reworded or near duplicate the rules find is withdrawn when its best pair scores at most
`PAIR_VETO` (an exact copy always stands). The e5 features and the trees, and `PAIR_FLAG`,
were chosen on two folds of the usual-style held-out parts, each half scored by models
trained without it (bench/RESULTS.md), before the next parts were written. In rubrics of many
closely related criteria the model still reads some neighbours as duplicates, which is why
its findings are notes.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from medrubric.data.models import Criterion
from medrubric.errors import InputError
from medrubric.rubric.paraphrase import paraphrase_score, speech_act

DATA = Path(__file__).parent / "data"
MODEL_NAME = "learned.npz"
RECORD_NAME = "learned.json"
SIGN_VERSION = "sign-model@1"
PAIR_VERSION = "pair-model@2"
ENV = "MEDRUBRIC_LEARNED_LINT"  # a model file to apply instead, or 0 for none
C = 16.0  # inverse regularisation strength of the logistic regression
# lbfgs run to convergence (see `fit`): a tolerance far below scikit-learn's default of 1e-4.
SOLVER = {"max_iter": 50_000, "tol": 1e-10}
FLAG = 0.95  # P(the sign is wrong) above this flags a criterion the cue rules pass
VETO = 0.05  # P(the sign is wrong) at or below this withdraws a flip the cue rules find
PAIR_FEATURES = (
    "cosine", "char_cosine", "dice", "overlap", "margin", "mutual", "same_axis", "same_act",
    "same_size", "either_flipped", "e5_cosine", "e5_margin", "e5_z", "e5_first", "e5_mutual",
    "size",
)  # fmt: skip
# The pair model's gradient-boosted trees (scikit-learn's HistGradientBoostingClassifier).
PAIR_TREES: dict[str, Any] = {
    "max_iter": 200, "learning_rate": 0.05, "max_leaf_nodes": 15, "early_stopping": False,
    "random_state": 0,
}  # fmt: skip
PAIR_FLAG = 0.65  # a criterion whose best earlier pair scores above this is a duplicate
PAIR_VETO = 0.1  # a rule's reworded duplicate whose best pair scores at most this is withdrawn
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


# The node arrays of a `Forest`, as stored (`LearnedModel.to_bytes`): name -> dtype.
FOREST_ARRAYS = {
    "feature": np.int32, "threshold": np.float64, "left": np.int32, "right": np.int32,
    "value": np.float64, "leaf": np.bool_, "missing_left": np.bool_, "roots": np.int32,
}  # fmt: skip


@dataclass(frozen=True)
class Forest:
    """Gradient-boosted trees as flat node arrays (from scikit-learn's
    HistGradientBoostingClassifier, `forest_from`): node k is a leaf worth `value[k]`, or
    sends a row to `left[k]` when its feature `feature[k]` is at most `threshold[k]` (a
    missing value goes left when `missing_left[k]`) and to `right[k]` otherwise; `roots` are
    the trees' first nodes. A row's log-odds are `baseline` plus its leaf's value in every
    tree."""

    feature: np.ndarray
    threshold: np.ndarray
    left: np.ndarray
    right: np.ndarray
    value: np.ndarray
    leaf: np.ndarray
    missing_left: np.ndarray
    roots: np.ndarray
    baseline: float

    def logits(self, rows: np.ndarray) -> np.ndarray:
        """The log-odds of each row, every row walked down each tree at once."""
        rows = np.asarray(rows, dtype=np.float64)
        out = np.full(len(rows), self.baseline)
        at = np.arange(len(rows))
        for root in self.roots:
            node = np.full(len(rows), root)
            while not self.leaf[node].all():
                x = rows[at, self.feature[node]]
                go_left = (x <= self.threshold[node]) | (np.isnan(x) & self.missing_left[node])
                step = np.where(go_left, self.left[node], self.right[node])
                node = np.where(self.leaf[node], node, step)
            out += self.value[node]
        return out


def forest_from(classifier: Any) -> Forest:
    """The trees of a fitted binary HistGradientBoostingClassifier as a `Forest`."""
    arrays: dict[str, list[np.ndarray]] = {name: [] for name in FOREST_ARRAYS if name != "roots"}
    roots, offset = [], 0
    for (tree,) in classifier._predictors:  # one tree per iteration for two classes
        nodes = tree.nodes
        roots.append(offset)
        arrays["feature"].append(nodes["feature_idx"])
        arrays["threshold"].append(nodes["num_threshold"])
        arrays["left"].append(nodes["left"].astype(np.int64) + offset)
        arrays["right"].append(nodes["right"].astype(np.int64) + offset)
        arrays["value"].append(nodes["value"])
        arrays["leaf"].append(nodes["is_leaf"].astype(bool))
        arrays["missing_left"].append(nodes["missing_go_to_left"].astype(bool))
        offset += len(nodes)
    joined = {
        name: np.concatenate(parts).astype(FOREST_ARRAYS[name]) for name, parts in arrays.items()
    }
    baseline = float(np.ravel(classifier._baseline_prediction)[0])
    return Forest(**joined, roots=np.asarray(roots, dtype=np.int32), baseline=baseline)


@dataclass(frozen=True)
class LearnedModel:
    """Both fitted models. The sign model: per text view its vocabulary (term -> column) and
    idf, then the coefficients over [word columns, char columns, encoder dimensions] and the
    intercept. The pair model: gradient-boosted trees over `PAIR_FEATURES` (None until
    `fit_pairs`)."""

    vocabularies: dict[str, dict[str, int]]
    idf: dict[str, np.ndarray]
    coef: np.ndarray
    intercept: float
    encoder: str  # the spec of the encoder whose vectors it was trained on
    pair_trees: Forest | None = None

    def view(self, view: str, texts: Sequence[str]) -> Any:
        """The texts' TF-IDF rows of one view (L2-normalised, sparse)."""
        vectoriser = _vectoriser(view, self.vocabularies[view])
        vectoriser.idf_ = self.idf[view]
        return vectoriser.transform(list(texts))

    def features(self, texts: Sequence[str], vectors: np.ndarray) -> Any:
        from scipy.sparse import csr_matrix, hstack

        blocks = [self.view(view, texts) for view in VIEWS]
        blocks.append(csr_matrix(np.asarray(vectors, dtype=np.float64)))
        return hstack(blocks).tocsr()

    def pair_probability(self, features: np.ndarray) -> np.ndarray:
        """P(two criteria are one behaviour counted twice), one per row of `pair_features`."""
        if self.pair_trees is None or not len(features):
            return np.zeros(len(features))
        logits = self.pair_trees.logits(features)
        return np.asarray(1.0 / (1.0 + np.exp(-logits)), dtype=np.float64)

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
        if self.pair_trees is not None:
            for name in FOREST_ARRAYS:
                arrays[f"pair_{name}"] = getattr(self.pair_trees, name)
            arrays["pair_baseline"] = np.array([self.pair_trees.baseline])
        for view in VIEWS:
            terms = sorted(self.vocabularies[view], key=self.vocabularies[view].__getitem__)
            arrays[f"{view}_terms"] = np.array(terms, dtype=str)
            arrays[f"{view}_idf"] = self.idf[view]
        buffer = io.BytesIO()
        np.savez_compressed(buffer, **arrays)  # type: ignore[arg-type]
        return buffer.getvalue()


def load(path: Path) -> LearnedModel:
    """The models stored at `path` (`LearnedModel.to_bytes`); InputError naming the file when
    it is missing or not such a file."""
    try:
        with np.load(path, allow_pickle=False) as stored:
            vocabularies = {
                view: {str(term): i for i, term in enumerate(stored[f"{view}_terms"])}
                for view in VIEWS
            }
            trees = None
            if "pair_roots" in stored.files:
                trees = Forest(
                    **{name: stored[f"pair_{name}"] for name in FOREST_ARRAYS},
                    baseline=float(stored["pair_baseline"][0]),
                )
            return LearnedModel(
                vocabularies=vocabularies,
                idf={view: stored[f"{view}_idf"] for view in VIEWS},
                coef=stored["coef"],
                intercept=float(stored["intercept"][0]),
                encoder=str(stored["encoder"][0]),
                pair_trees=trees,
            )
    except (OSError, ValueError, KeyError) as exc:
        raise InputError(
            f"not a learned lint model ({type(exc).__name__}): set {ENV} to a file "
            "written by python -m medrubric.rubric.train_learned, or to 0",
            path,
        ) from None


def fit(
    texts: Sequence[str], good: Sequence[bool], vectors: np.ndarray, encoder: str
) -> LearnedModel:
    """Fit the sign model on `texts` (with their embeddings `vectors`) and whether a good
    answer does each (lbfgs run to convergence, tol 1e-10: at scikit-learn's default tol of 1e-4
    it stops where the rounding of the processor's vector units has led it, and two machines'
    fits of the same data differed by up to 0.19 in probability; converged, the L2-penalised
    optimum is unique and the fit is a function of the data alone)."""
    from scipy.sparse import csr_matrix, hstack
    from sklearn.linear_model import LogisticRegression

    vocabularies, idf, blocks = {}, {}, []
    for view in VIEWS:
        vectoriser = _vectoriser(view)
        blocks.append(vectoriser.fit_transform(list(texts)))
        vocabularies[view] = {str(t): int(i) for t, i in vectoriser.vocabulary_.items()}
        idf[view] = np.asarray(vectoriser.idf_, dtype=np.float64)
    blocks.append(csr_matrix(np.asarray(vectors, dtype=np.float64)))
    regression = LogisticRegression(C=C, **SOLVER)
    regression.fit(hstack(blocks).tocsr(), np.asarray(good, dtype=bool))
    return LearnedModel(
        vocabularies=vocabularies,
        idf=idf,
        coef=np.asarray(regression.coef_[0], dtype=np.float64),
        intercept=float(regression.intercept_[0]),
        encoder=encoder,
    )


def fit_pairs(model: LearnedModel, features: np.ndarray, same: Sequence[bool]) -> LearnedModel:
    """`model` with its pair model fitted on rows of `pair_features` and whether each pair is
    one behaviour twice (`PAIR_TREES`: deterministic for the same data)."""
    from sklearn.ensemble import HistGradientBoostingClassifier

    trees = HistGradientBoostingClassifier(**PAIR_TREES)
    trees.fit(np.asarray(features, dtype=np.float64), np.asarray(same, dtype=bool))
    return replace(model, pair_trees=forest_from(trees))


def _similarities(vectors: np.ndarray) -> np.ndarray:
    """Pairwise cosines of unit vectors, -1 on the diagonal (a criterion is no neighbour of
    itself)."""
    sims = np.asarray(vectors, dtype=np.float64) @ np.asarray(vectors, dtype=np.float64).T
    np.fill_diagonal(sims, -1.0)
    return sims


def pair_features(
    criteria: Sequence[Criterion],
    flipped: Sequence[bool],
    vectors: np.ndarray,
    chars: Any,
    paraphrases: np.ndarray,
) -> tuple[list[tuple[int, int]], np.ndarray]:
    """Every pair (i, j), i < j (0-based), of criteria of one sign, and its `PAIR_FEATURES`:
    `vectors` are the criteria's sentence embeddings (USE), `paraphrases` their embeddings by
    the paraphrase encoder (e5, `rubric.similarity.paraphrase_encoder`), `chars` their
    char-view rows (`LearnedModel.view("char", texts)`), `flipped` whether the lint reads each
    as flipped. For each encoder: the pair's cosine and its margin over the closest third
    criterion; for e5 also its distance from the rubric's mean cosine in standard deviations
    (terse rubrics of one topic sit close together), whether no earlier criterion is closer
    to j, and whether each is the other's closest."""
    texts = [c.text for c in criteria]
    sims, e5 = _similarities(vectors), _similarities(paraphrases)
    n = len(criteria)
    if n > 1:
        spread = e5[np.triu_indices(n, 1)]
        e5_mean, e5_sd = float(spread.mean()), float(spread.std()) + 1e-6
    char = np.asarray((chars @ chars.T).toarray())
    acts = [speech_act(t) for t in texts]
    pairs, rows = [], []
    for j in range(n):
        for i in range(j):
            a, b = criteria[i], criteria[j]
            if (a.weight > 0) != (b.weight > 0):
                continue
            dice, overlap, _ = paraphrase_score(a.text, b.text)
            others = [k for k in range(n) if k not in (i, j)]
            closest = max(sims[i, others].max(), sims[j, others].max()) if others else sims[i, j]
            e5_closest = max(e5[i, others].max(), e5[j, others].max()) if others else e5[i, j]
            pairs.append((i, j))
            rows.append([
                sims[i, j], char[i, j], dice, overlap, sims[i, j] - closest,
                sims[i].argmax() == j and sims[j].argmax() == i,
                a.axis == b.axis, acts[i] == acts[j], abs(a.weight) == abs(b.weight),
                flipped[i] or flipped[j],
                e5[i, j], e5[i, j] - e5_closest, (e5[i, j] - e5_mean) / e5_sd,
                not (e5[j, :j] > e5[i, j]).any(), e5[i].argmax() == j and e5[j].argmax() == i,
                n,
            ])  # fmt: skip
    return pairs, np.asarray(rows, dtype=np.float64).reshape(len(rows), len(PAIR_FEATURES))


def active_model() -> LearnedModel | None:
    """The learned models the lint applies: the shipped ones, or the .npz file named by
    `MEDRUBRIC_LEARNED_LINT` (one trained with `--out` on other labels); None when that variable
    is `0` or scikit-learn (the `retrieve` extra) is not installed."""
    chosen = os.environ.get(ENV, "")
    if chosen == "0" or importlib.util.find_spec("sklearn") is None:
        return None
    return _load(chosen or str(DATA / MODEL_NAME))


@cache
def _load(path: str) -> LearnedModel:
    return load(Path(path))
