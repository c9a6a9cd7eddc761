"""The review app's agreement page (Macro F1 of label lists) and the meta-eval (Macro F1 of
2×2 tables per case) give the same grader-vs-reviewer and reviewer-vs-reviewer Macro F1 on one
label set, and both equal scikit-learn's."""

from __future__ import annotations

import random

import pytest
from sklearn.metrics import f1_score

from medrubric.analysis.metaeval import agreement_tables, summarize_units
from medrubric.review.agreement import grader_fidelity
from medrubric.review.models import Item

REVIEWERS = ("alice", "bob", "carol", "dan")  # dan says yes to everything


def label_set(
    seed: int,
) -> tuple[dict[tuple[str, str], bool], dict[str, dict[tuple[str, str], bool]]]:
    rng = random.Random(seed)
    grader: dict[tuple[str, str], bool] = {}
    labels: dict[str, dict[tuple[str, str], bool]] = {name: {} for name in REVIEWERS}
    for answer in range(6):
        for criterion in range(5):
            item = (f"a{answer}", f"k{criterion}")
            grader[item] = rng.random() < 0.6
            for name in REVIEWERS:
                if rng.random() < 0.8:  # not every reviewer labels every item
                    agree = rng.random() < 0.75
                    labels[name][item] = True if name == "dan" else grader[item] == agree
    return grader, labels


def sklearn_f1(a: dict[tuple[str, str], bool], b: dict[tuple[str, str], bool]) -> float:
    shared = sorted(set(a) & set(b))
    return float(f1_score([a[i] for i in shared], [b[i] for i in shared], average="macro"))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_review_and_metaeval_macro_f1_agree_with_each_other_and_sklearn(seed: int) -> None:
    grader, labels = label_set(seed)

    items = [
        Item(key=f"{a}/{k}", task="verdict", group=a, case_id=f"case-{a}", language="en",
             payload={"criterion": {"weight": 5}}, reference={"met": met})
        for (a, k), met in grader.items()
    ]  # fmt: skip
    units = {(f"{a}/{k}", "met"): {} for a, k in grader}
    for name, rated in labels.items():
        for (a, k), met in rated.items():
            units[(f"{a}/{k}", "met")][name] = met
    review = grader_fidelity(items, units)
    assert review is not None
    review_vs_grader = {p.b: p.value for p in review.grader_vs_reviewer}
    review_pairs = {(p.a, p.b): p.value for p in review.reviewer_vs_reviewer}

    case_of = {a: f"case-{a}" for a, _ in grader}
    tables = agreement_tables(labels, grader, case_of, {})
    meta_vs_grader = {
        p.rater_a: p.macro_f1 for p in summarize_units(tables["grader"], 10, seed).pairs
    }
    meta_pairs = {
        (p.rater_a, p.rater_b): p.macro_f1 for p in summarize_units(tables["pairs"], 10, seed).pairs
    }

    assert set(review_vs_grader) == set(meta_vs_grader) == set(REVIEWERS)
    for name in REVIEWERS:
        expected = sklearn_f1(labels[name], grader)
        assert review_vs_grader[name] == pytest.approx(expected, abs=1e-12), name
        assert meta_vs_grader[name] == pytest.approx(expected, abs=1e-12), name
    assert set(review_pairs) == set(meta_pairs)
    for a, b in review_pairs:
        expected = sklearn_f1(labels[a], labels[b])
        assert review_pairs[(a, b)] == pytest.approx(expected, abs=1e-12), (a, b)
        assert meta_pairs[(a, b)] == pytest.approx(expected, abs=1e-12), (a, b)
