"""Agreement figures of a seeded label set against irrCAC, scikit-learn, statsmodels, scipy."""

from __future__ import annotations

import itertools
import math
import random
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from irrCAC.raw import CAC
from scipy.stats import pearsonr
from sklearn.metrics import cohen_kappa_score, f1_score
from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa

from medrubric.review import db
from medrubric.review.agreement import agreement_report
from medrubric.review.models import Item, LabelRecord
from medrubric.review.tasks import facet_of, questions_for


def seed_labels(project: Path, seed: int = 11) -> None:
    """Each unit has a latent truth (the grader's verdict where there is one); reviewers
    give it 80% of the time and a coin flip otherwise."""
    rng = random.Random(seed)
    truth: dict[tuple[int, str], bool] = {}
    with db.connect(project) as conn:
        for who in db.reviewers(conn):
            for entry in db.queue(conn, who.id):
                item = db.item(conn, entry.id)
                assert item is not None
                answers = {}
                for q in questions_for(item):
                    if (entry.id, q.field) not in truth:
                        ref = item.reference["met"] if item.reference else None
                        truth[(entry.id, q.field)] = rng.random() < 0.6 if ref is None else ref
                    value = truth[(entry.id, q.field)] if rng.random() < 0.8 else rng.random() < 0.5
                    answers[q.field] = "yes" if value else "no"
                db.save_label(conn, entry.id, who.id, answers, "")


@pytest.fixture(scope="module")
def seeded(
    tmp_path_factory: pytest.TempPathFactory, study_factory: Callable[[Path, int], Path]
) -> tuple[list[Item], list[LabelRecord]]:
    project = study_factory(tmp_path_factory.mktemp("agreement"), 6)
    seed_labels(project)
    with db.connect(project) as conn:
        return db.all_items(conn), db.all_labels(conn)


def unit_table(items: list[Item], labels: list[LabelRecord], facet: str) -> pd.DataFrame:
    """units x reviewers of 1/0, NaN where a reviewer gave no rating."""
    task = {i.key: i.task for i in items}
    cells: dict[tuple[str, str], dict[str, float]] = defaultdict(dict)
    for lab in labels:
        for field, answer in lab.answers.items():
            if facet_of(task[lab.item_key], field) == facet:
                cells[(lab.item_key, field)][lab.reviewer] = 1.0 if answer == "yes" else 0.0
    return pd.DataFrame.from_dict(cells, orient="index").sort_index(axis=1)


def test_every_facet_matches_irrcac_statsmodels_and_sklearn(seeded) -> None:
    items, labels = seeded
    report = agreement_report(items, labels)
    facets = {f.facet: f for f in report.facets}
    assert set(facets) == {
        "case: narrative & query",
        "case: advice",
        "criterion",
        "verdict",
        "injected",
    }
    for name, figures in facets.items():
        table = unit_table(items, labels, name)
        cac = CAC(table)
        assert figures.gwet_ac1 == pytest.approx(cac.gwet()["est"]["coefficient_value"], abs=1e-4)
        assert figures.fleiss_kappa == pytest.approx(
            cac.fleiss()["est"]["coefficient_value"], abs=1e-4
        )
        # every unit here has exactly two ratings, so statsmodels' complete-data Fleiss applies
        pairs = np.array([row.dropna().to_numpy() for _, row in table.iterrows()])
        assert pairs.shape[1] == 2
        assert figures.fleiss_kappa == pytest.approx(fleiss_kappa(aggregate_raters(pairs)[0]))
        assert figures.raw_agreement == pytest.approx(float(np.mean(pairs[:, 0] == pairs[:, 1])))
        kappas = []
        for a, b in itertools.combinations(table.columns, 2):
            shared = table[[a, b]].dropna()
            if len(shared):
                kappas.append(cohen_kappa_score(shared[a], shared[b]))
        finite = [k for k in kappas if not math.isnan(k)]
        assert figures.cohen_kappa_mean == pytest.approx(float(np.mean(finite)))


def test_grader_macro_f1_and_case_pearson_match_sklearn_and_scipy(seeded) -> None:
    items, labels = seeded
    fidelity = agreement_report(items, labels).fidelity
    assert fidelity is not None
    verdict = {i.key: i for i in items if i.task == "verdict"}
    met = {
        (lab.item_key, lab.reviewer): lab.answers["met"] == "yes"
        for lab in labels
        if lab.task == "verdict"
    }
    reviewers = sorted({who for _, who in met})
    expected = []
    for who in reviewers:
        keys = [k for (k, w) in met if w == who]
        grader = [verdict[k].reference["met"] for k in keys]  # type: ignore[index]
        expected.append(f1_score([met[(k, who)] for k in keys], grader, average="macro"))
    assert fidelity.grader_vs_reviewer_mean == pytest.approx(float(np.mean(expected)))
    among = []
    for a, b in itertools.combinations(reviewers, 2):
        keys = [k for (k, w) in met if w == a and (k, b) in met]
        if keys:
            among.append(
                f1_score([met[(k, a)] for k in keys], [met[(k, b)] for k in keys], average="macro")
            )
    assert fidelity.reviewer_vs_reviewer_mean == pytest.approx(float(np.mean(among)))

    def score(weights: list[int], hits: list[bool]) -> float:
        possible = sum(w for w in weights if w > 0)
        return min(
            1.0, max(0.0, sum(w for w, h in zip(weights, hits, strict=True) if h) / possible)
        )

    groups: dict[str, list[Item]] = defaultdict(list)
    for item in verdict.values():
        groups[item.group].append(item)
    grader_scores, reviewer_means = [], []
    for members in groups.values():
        weights = [i.payload["criterion"]["weight"] for i in members]
        raters = [w for w in reviewers if all((i.key, w) in met for i in members)]
        grader_scores.append(score(weights, [i.reference["met"] for i in members]))  # type: ignore[index]
        reviewer_means.append(
            np.mean([score(weights, [met[(i.key, w)] for i in members]) for w in raters])
        )
    assert fidelity.n_answers == len(groups) == 6
    r, p = pearsonr(grader_scores, reviewer_means)
    assert fidelity.pearson == pytest.approx(r)
    assert fidelity.pearson_pvalue == pytest.approx(p)


def test_injected_yes_rate_and_its_cluster_bootstrap_interval(seeded) -> None:
    items, labels = seeded
    injected = agreement_report(items, labels).injected
    assert injected is not None
    answers = [
        lab.answers["changes_management"] == "yes" for lab in labels if lab.task == "injected"
    ]
    assert injected.n_labels == len(answers) == 12
    assert injected.n_cases == 6
    assert injected.yes_rate == pytest.approx(sum(answers) / len(answers))
    lo, hi = injected.ci95
    assert lo is not None and hi is not None and lo <= injected.yes_rate <= hi < 1.0 + 1e-12
