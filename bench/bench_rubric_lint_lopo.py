"""Leave-one-part-out estimate of learned flipped-sign and duplicate checks against the
text-only rules, over the labelled parts in tests/data/rubric_lint/ (all development data).

    python bench/bench_rubric_lint_lopo.py

For each of the eleven parts: train on the other ten, pick the confidence threshold inside
those ten (an inner leave-one-part-out, the smallest threshold whose pooled precision there is
>= 0.9), and measure on the held-back part. The rules (`rubric.lint`) take no training and are
scored on every part as they stand, so their figures on the parts used to develop them are
in-sample; only a part measured once before the rules changed is a fair comparison. The
bundled sample and the fixture rows in tests/data/fixtures/ (signs that agree with their
weights) are extra training negatives for flips; their false alarms are counted with a model
trained without them, at the median of the eleven thresholds.

Flip variants: `rules`; `char` (hashed char_wb 2-4 n-grams + logistic regression predicting
whether the act a criterion describes is desirable, flagged when it disagrees with the sign);
`use` (the same over USE embeddings, with the `retrieve` extra); `char+use` (both feature
sets); `rules or X` (either flags), `rules and X` (both flag), `rules or X at >= max(t, 0.9)`
(X only at high confidence). Duplicates: a pair classifier over word, synonym-normalised and
character overlap, USE cosine, speech acts, axes and weights (a labelled duplicate's partner
taken as its most similar earlier criterion); a criterion is flagged when its best earlier
pair clears the threshold. The flipped-sign half takes about 15 minutes on two cores
(`--check duplicate` about 2).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

import numpy as np
from scipy import sparse
from sklearn.feature_extraction.text import HashingVectorizer
from sklearn.linear_model import LogisticRegression

from medrubric.data.formats import load_cases
from medrubric.data.models import Case
from medrubric.rubric.lint import lint_text
from medrubric.rubric.paraphrase import content, paraphrase_score, speech_act
from medrubric.rubric.similarity import sentence_encoder

DATA = Path("tests/data/rubric_lint")
PARTS = (
    "dev", "dev2", "dev3", "heldout", "heldout2", "heldout3", "heldout4", "heldout5",
    "heldout6", "heldout7", "heldout8",
)  # fmt: skip
EXTRA = ("sample", *sorted(str(p) for p in Path("tests/data/fixtures").glob("*.jsonl")))
TARGET_PRECISION = 0.9


@dataclass
class Item:
    part: str
    case: str
    crit: str
    text: str
    weight: int
    flipped: bool
    duplicate: bool
    rule_flip: bool
    rule_dup: bool


def _expected(tags: list[str]) -> set[str]:
    return {t.removeprefix("expect:") for t in tags if t.startswith("expect:")}


def load(part: str, cases: list[Case], encoder: object) -> list[Item]:
    flagged: dict[tuple[str, str], set[str]] = {}
    for f in lint_text(cases, encoder):  # type: ignore[arg-type]
        if f.criterion_id is not None:
            flagged.setdefault((f.case_id, f.criterion_id), set()).add(f.check)
    items = []
    for case in cases:
        for c in case.rubric:
            truth, found = _expected(c.tags), flagged.get((case.id, c.id), set())
            items.append(
                Item(part, case.id, c.id, c.text, c.weight, "flipped_sign" in truth,
                     "duplicate" in truth, "flipped_sign" in found,
                     bool(found & {"duplicate"})),
            )  # fmt: skip
    return items


def pr(flags: np.ndarray, truth: np.ndarray) -> tuple[int, int, int]:
    tp = int((flags & truth).sum())
    return tp, int((flags & ~truth).sum()), int((~flags & truth).sum())


def threshold(scores: np.ndarray, truth: np.ndarray) -> float:
    """The smallest threshold whose precision on (scores, truth) is >= the target (the
    highest-precision one when none reaches it)."""
    best, best_p = 1.01, -1.0
    for t in np.unique(scores)[::-1]:
        flags = scores >= t
        tp, fp, _ = pr(flags, truth)
        p = tp / (tp + fp) if tp + fp else 0.0
        if p >= TARGET_PRECISION:
            best, best_p = float(t), 2.0
        elif best_p < 2.0 and p > best_p:
            best, best_p = float(t), p
    return best


Fit = Callable[[np.ndarray], Callable[[np.ndarray], np.ndarray]]


def nested(
    groups: np.ndarray, truth: np.ndarray, fit: Fit, extra_neg: np.ndarray | None = None
) -> tuple[np.ndarray, list[float]]:
    """Outer leave-one-part-out scores, and each fold's threshold chosen by an inner
    leave-one-part-out over its ten training parts."""
    scores = np.zeros(len(groups))
    thresholds = []
    for part in PARTS:
        test = groups == part
        train = ~test & (groups != "extra")
        inner = np.zeros(len(groups))
        for other in PARTS:
            if other == part:
                continue
            held = groups == other
            inner[held] = fit(~test & ~held)(held)
        mask = train
        thresholds.append(threshold(inner[mask], truth[mask]))
        predict = fit(~test)
        scores[test] = predict(test)
    return scores, thresholds


def table(
    name: str, groups: np.ndarray, flags: np.ndarray, truth: np.ndarray, extra: bool = True
) -> None:
    cells = []
    rows = []
    for part in PARTS:
        m = groups == part
        tp, fp, fn = pr(flags[m], truth[m])
        p = tp / (tp + fp) if tp + fp else float("nan")
        r = tp / (tp + fn) if tp + fn else float("nan")
        rows.append((p, r))
        cells.append(f"{p:.2f}/{r:.2f}")
    m = groups != "extra"
    tp, fp, fn = pr(flags[m], truth[m])
    ps = np.array([p for p, _ in rows])
    rs = np.array([r for _, r in rows])
    alarms = str(int(flags[groups == "extra"].sum())) if extra else "not scored"
    print(
        f"| {name} | {tp + fp} | {tp / max(tp + fp, 1):.2f} | {tp / max(tp + fn, 1):.2f} | "
        f"{np.nanmin(ps):.2f}-{np.nanmax(ps):.2f} | {rs.min():.2f}-{rs.max():.2f} | "
        f"{alarms} | " + " | ".join(cells) + " |"
    )


def header(what: str) -> None:
    print(f"\n{what}\n")
    print(
        "| variant | flagged | precision | recall | precision range | recall range | "
        "extra false alarms | " + " | ".join(PARTS) + " |"
    )
    print("|---" * (7 + len(PARTS)) + "|")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", choices=("flipped_sign", "duplicate", "both"), default="both",
        help="which check to estimate (flipped signs take ~15 minutes on two cores)",
    )  # fmt: skip
    args = parser.parse_args()
    encoder = sentence_encoder()
    items: list[Item] = []
    case_sets: list[tuple[str, list[Case]]] = [(p, load_cases(DATA / f"{p}.jsonl")) for p in PARTS]
    case_sets += [("extra", load_cases(p)) for p in EXTRA]
    for part, cases in case_sets:
        items += load(part, cases, encoder)
    groups = np.array([i.part for i in items])
    texts = [i.text for i in items]
    sign = np.array([1 if i.weight > 0 else -1 for i in items])
    flipped = np.array([i.flipped for i in items])
    desirable = np.where(flipped, -sign, sign) > 0
    rule_flip = np.array([i.rule_flip for i in items])

    char = HashingVectorizer(
        analyzer="char_wb", ngram_range=(2, 4), n_features=2**18, alternate_sign=False,
        norm="l2", lowercase=True,
    ).transform(texts)  # fmt: skip
    feats: dict[str, sparse.csr_matrix] = {"char": char.tocsr()}
    if encoder is not None:
        use = np.asarray(encoder.encode_queries(texts))
        feats["use"] = sparse.csr_matrix(use)
        feats["char+use"] = sparse.hstack([char, use]).tocsr()

    if args.check != "duplicate":
        flips(feats, groups, flipped, desirable, sign, rule_flip)
    if args.check != "flipped_sign":
        duplicates(items, groups, encoder)


def flips(
    feats: dict[str, sparse.csr_matrix], groups: np.ndarray, flipped: np.ndarray,
    desirable: np.ndarray, sign: np.ndarray, rule_flip: np.ndarray,
) -> None:  # fmt: skip
    def flip_fit(x: sparse.csr_matrix, c: float) -> Fit:
        def fit(train: np.ndarray) -> Callable[[np.ndarray], np.ndarray]:
            model = LogisticRegression(C=c, max_iter=2000)
            model.fit(x[train], desirable[train])

            def predict(rows: np.ndarray) -> np.ndarray:
                p = model.predict_proba(x[rows])[:, 1]
                return np.where(sign[rows] > 0, 1 - p, p)  # confidence the sign is wrong

            return predict

        return fit

    header("Flipped signs, leave-one-part-out (threshold nested in each training fold)")
    table("rules", groups, rule_flip, flipped)
    for name, x in feats.items():
        for c in (1.0, 10.0):
            scores, ths = nested(groups, flipped, flip_fit(x, c))
            # the extra rows: model trained on all eleven parts, median threshold
            model = flip_fit(x, c)(groups != "extra")
            scores[groups == "extra"] = model(groups == "extra")
            th = np.array([ths[PARTS.index(g)] if g in PARTS else np.median(ths) for g in groups])
            learned = scores >= th
            table(f"{name} C={c:g} (thresholds {min(ths):.2f}-{max(ths):.2f})", groups,
                  learned, flipped)  # fmt: skip
            table(f"rules or {name} C={c:g}", groups, rule_flip | learned, flipped)
            table(f"rules and {name} C={c:g}", groups, rule_flip & learned, flipped)
            # rules OR a high-confidence model: threshold nested on the union
            hi = np.maximum(th, 0.9)
            table(f"rules or {name} C={c:g} at >= max(t, 0.9)", groups,
                  rule_flip | (scores >= hi), flipped)  # fmt: skip


def _overlap(a: frozenset[str] | set[str], b: frozenset[str] | set[str]) -> float:
    return len(a & b) / max(1, min(len(a), len(b)))


def _grams(text: str) -> set[str]:
    t = "".join(text.lower().split())
    return {t[k : k + 3] for k in range(len(t) - 2)}


def duplicates(items: list[Item], groups: np.ndarray, encoder: object) -> None:
    by_case: dict[tuple[str, str], list[int]] = {}
    for k, it in enumerate(items):
        by_case.setdefault((it.part, it.case), []).append(k)
    vectors = None
    if encoder is not None:
        vectors = np.asarray(encoder.encode_queries([i.text for i in items]))  # type: ignore[attr-defined]
    rows, pair_of, later = [], [], []
    for ids in by_case.values():
        for a, b in combinations(ids, 2):
            x, y = items[a], items[b]
            score, cover, _ = paraphrase_score(x.text, y.text)
            acts = speech_act(x.text), speech_act(y.text)
            cos = float(vectors[a] @ vectors[b]) if vectors is not None else 0.0
            rows.append([
                cos, score, cover, _overlap(content(x.text), content(y.text)),
                _overlap(_grams(x.text), _grams(y.text)),
                float((x.weight > 0) == (y.weight > 0)), float(x.weight == y.weight),
                abs(x.weight - y.weight) / 20, float(acts[0] == acts[1] and acts[0] is not None),
                float(x.rule_dup or y.rule_dup),
            ])  # fmt: skip
            pair_of.append((a, b))
            later.append(b)
    feats = np.array(rows)
    later_arr = np.array(later)
    dup = np.array([i.duplicate for i in items])
    rule_dup = np.array([i.rule_dup for i in items])
    pair_group = groups[later_arr]
    # a labelled duplicate's partner is its most similar earlier criterion
    best: dict[int, int] = {}
    for k, (_a, b) in enumerate(pair_of):
        if dup[b] and (
            b not in best or feats[k, 0] + feats[k, 1] > feats[best[b], 0] + feats[best[b], 1]
        ):
            best[b] = k
    pair_truth = np.zeros(len(pair_of), bool)
    pair_truth[list(best.values())] = True
    usable = np.array([not dup[b] or pair_truth[k] for k, (_a, b) in enumerate(pair_of)])

    def crit_scores(pair_scores: np.ndarray, rows_mask: np.ndarray) -> np.ndarray:
        out = np.zeros(len(items))
        for k in np.flatnonzero(rows_mask):
            out[later_arr[k]] = max(out[later_arr[k]], pair_scores[k])
        return out

    header("Duplicates, leave-one-part-out (pairs within a rubric; the later criterion scored)")
    table("rules", groups, rule_dup, dup, extra=False)
    for c in (0.3, 1.0, 10.0):
        crit = np.zeros(len(items))
        ths = []
        for part in PARTS:
            test_pairs = pair_group == part
            inner = np.zeros(len(pair_of))
            for other in PARTS:
                if other == part:
                    continue
                held = pair_group == other
                train = ~test_pairs & ~held & usable & (pair_group != "extra")
                m = LogisticRegression(C=c, max_iter=2000).fit(feats[train], pair_truth[train])
                inner[held] = m.predict_proba(feats[held])[:, 1]
            inner_mask = ~test_pairs & (pair_group != "extra")
            ci = crit_scores(inner, inner_mask)
            crit_mask = (groups != part) & (groups != "extra")
            ths.append(threshold(ci[crit_mask], dup[crit_mask]))
            train = ~test_pairs & usable & (pair_group != "extra")
            m = LogisticRegression(C=c, max_iter=2000).fit(feats[train], pair_truth[train])
            outer = np.zeros(len(pair_of))
            outer[test_pairs] = m.predict_proba(feats[test_pairs])[:, 1]
            cs = crit_scores(outer, test_pairs)
            crit[groups == part] = cs[groups == part]
        th = np.array([ths[PARTS.index(g)] if g in PARTS else 2.0 for g in groups])
        learned = crit >= th
        table(
            f"pairs C={c:g} (thresholds {min(ths):.2f}-{max(ths):.2f})", groups, learned, dup, False
        )
        table(f"rules or pairs C={c:g}", groups, rule_dup | learned, dup, extra=False)


if __name__ == "__main__":
    main()
