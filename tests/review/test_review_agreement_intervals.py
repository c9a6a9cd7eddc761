"""The agreement page's CIs against a brute-force cluster bootstrap and irrCAC's analytic
intervals, "can't judge" left out of every figure, and the note on kappa beside AC1."""

from __future__ import annotations

import random

import numpy as np
import pandas as pd
import pytest
from irrCAC.raw import CAC
from statsmodels.stats.inter_rater import aggregate_raters, fleiss_kappa

from medrubric.review.agreement import Unit, agreement_report, facet_agreement
from medrubric.review.models import Item, LabelRecord


def two_raters(n_cases: int, per_case: int, p_yes: float, p_agree: float, seed: int):
    """(units -> {rater: yes?}, item key -> case): each case shares a tendency, so units of
    one case are correlated and only a cluster bootstrap over cases is honest."""
    rng = random.Random(seed)
    units: dict[Unit, dict[str, bool]] = {}
    case_of: dict[str, str] = {}
    for c in range(n_cases):
        lean = min(1.0, max(0.0, p_yes + rng.uniform(-0.15, 0.15)))
        for u in range(per_case):
            key = f"criterion/c{c}/k{u}"
            case_of[key] = f"c{c}"
            a = rng.random() < lean
            b = a if rng.random() < p_agree else rng.random() < lean
            units[(key, "valid")] = {"alice": a, "bob": b}
    return units, case_of


def ac1_two_raters(pairs: np.ndarray) -> float:
    """Gwet's AC1 for two raters, binary, complete data (Gwet 2008, eq. for q = 2)."""
    pa = float(np.mean(pairs[:, 0] == pairs[:, 1]))
    pi = float(pairs.mean())
    pe = 2 * pi * (1 - pi)
    return (pa - pe) / (1 - pe)


def brute_force_cis(units, case_of, n: int = 1500, seed: int = 5):
    """Percentile intervals of AC1 and Fleiss' kappa over resamples of whole cases, one
    resample at a time with statsmodels' kappa and the textbook AC1."""
    by_case: dict[str, list[list[int]]] = {}
    for (key, _), r in units.items():
        by_case.setdefault(case_of[key], []).append([int(r["alice"]), int(r["bob"])])
    cases = sorted(by_case)
    rng = np.random.default_rng(seed)
    ac1s, kappas = [], []
    for _ in range(n):
        drawn = rng.integers(0, len(cases), len(cases))
        pairs = np.array([row for d in drawn for row in by_case[cases[d]]])
        if pairs.min() == pairs.max():
            continue  # one category only: kappa is undefined
        ac1s.append(ac1_two_raters(pairs))
        kappas.append(fleiss_kappa(aggregate_raters(pairs)[0]))
    return tuple(np.percentile(ac1s, [2.5, 97.5])), tuple(np.percentile(kappas, [2.5, 97.5]))


def test_cis_match_a_brute_force_cluster_bootstrap() -> None:
    units, case_of = two_raters(n_cases=30, per_case=3, p_yes=0.55, p_agree=0.7, seed=1)
    figures = facet_agreement("criterion", units, case_of)
    ac1_ci, kappa_ci = brute_force_cis(units, case_of)
    assert figures.n_cases == 30 and figures.n_units == 90
    assert figures.gwet_ac1_ci95 == pytest.approx(ac1_ci, abs=0.025)
    assert figures.fleiss_kappa_ci95 == pytest.approx(kappa_ci, abs=0.025)
    lo, hi = figures.gwet_ac1_ci95
    assert lo is not None and hi is not None and lo < figures.gwet_ac1 < hi  # type: ignore[operator]


def test_with_one_unit_per_case_the_cis_agree_with_irrcac_analytic_intervals() -> None:
    units, case_of = two_raters(n_cases=120, per_case=1, p_yes=0.6, p_agree=0.7, seed=2)
    figures = facet_agreement("criterion", units, case_of)
    table = pd.DataFrame([{k: float(v) for k, v in r.items()} for r in units.values()])
    cac = CAC(table)
    for mine, theirs in (
        (figures.gwet_ac1_ci95, cac.gwet()["est"]["confidence_interval"]),
        (figures.fleiss_kappa_ci95, cac.fleiss()["est"]["confidence_interval"]),
    ):
        assert mine == pytest.approx(tuple(theirs), abs=0.03)


def test_kappa_is_explained_beside_ac1_when_one_answer_dominates() -> None:
    # 36 units both yes, 4 split: raw agreement 0.90 with 95% of answers yes
    rows = [(True, True)] * 36 + [(True, False), (False, True)] * 2
    skewed = {
        (f"criterion/c{i}/k", "valid"): {"alice": a, "bob": b} for i, (a, b) in enumerate(rows)
    }
    case_of = {key: key.split("/")[1] for key, _ in skewed}
    figures = facet_agreement("criterion", skewed, case_of)
    assert figures.yes_share == pytest.approx(0.95)
    assert figures.gwet_ac1 == pytest.approx((0.9 - 0.095) / 0.905)
    assert figures.fleiss_kappa == pytest.approx((0.9 - 0.905) / 0.095)
    assert figures.kappa_note is not None
    assert "95% of the answers are 'yes'" in figures.kappa_note
    assert "its chance agreement is 0.9" in figures.kappa_note  # 0.95² + 0.05²
    balanced, case_of = two_raters(n_cases=40, per_case=2, p_yes=0.5, p_agree=0.8, seed=3)
    assert facet_agreement("criterion", balanced, case_of).kappa_note is None


def _label(key: str, who: str, answer: str) -> LabelRecord:
    return LabelRecord.model_validate(
        {
            "item_key": key,
            "task": "criterion",
            "case_id": key.split("/")[1],
            "reviewer": who,
            "answers": {"valid": answer},
            "labelled_at": "2026-01-01T00:00:00+00:00",
        }
    )


def test_cant_judge_answers_are_counted_and_left_out_of_every_figure() -> None:
    units, case_of = two_raters(n_cases=12, per_case=2, p_yes=0.6, p_agree=0.7, seed=4)
    items = [
        Item(key=k, task="criterion", group=c, case_id=c, language="en", payload={})
        for k, c in case_of.items()
    ]
    labels = [
        _label(key, who, "yes" if yes else "no")
        for (key, _), r in units.items()
        for who, yes in r.items()
    ]
    with_unsure = labels + [_label(key, "carol", "unsure") for key in list(case_of)[:5]]
    plain = agreement_report(items, labels).facets[0]
    mixed = agreement_report(items, with_unsure).facets[0]
    assert (mixed.n_unsure, plain.n_unsure) == (5, 0)
    assert mixed.n_raters == plain.n_raters == 2  # carol gave no yes/no answer
    for figure in ("gwet_ac1", "fleiss_kappa", "raw_agreement", "gwet_ac1_ci95", "n_labels"):
        assert getattr(mixed, figure) == getattr(plain, figure), figure
