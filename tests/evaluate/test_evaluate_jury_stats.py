"""The jury and grading-noise figures against independent implementations (irrCAC,
statsmodels) and brute-force enumeration on planted data."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pandas as pd
import pytest
from irrCAC.raw import CAC
from statsmodels.stats.inter_rater import aggregate_raters
from statsmodels.stats.inter_rater import fleiss_kappa as sm_fleiss_kappa

from medrubric.data.models import CaseGrade, Verdict
from medrubric.evaluate.jury import jury_verdict
from medrubric.evaluate.panel import agreement, noise, self_preference, spread
from medrubric.llm.family import model_family
from medrubric.scoring.scored import score_verdicts
from medrubric.stats import gwet_ac1_terms
from medrubric.stats.agreement import fleiss_kappa_from_sums

WEIGHTS = (5, 3, -4, 2)


def _verdict(i: int, met: bool | None) -> Verdict:
    if met is None:
        return Verdict(criterion_id=f"k{i}", weight=WEIGHTS[i], error="planted error")
    return Verdict(criterion_id=f"k{i}", weight=WEIGHTS[i], met=met)


def _grades(table: np.ndarray, rater: int) -> list[CaseGrade]:
    """cases x criteria x raters of True/False/None -> one rater's CaseGrades."""
    return [
        CaseGrade(
            case_id=f"c{n}",
            model="m",
            criteria=[_verdict(i, table[n][i][rater]) for i in range(len(WEIGHTS))],
        )
        for n in range(len(table))
    ]


def _planted(n_cases: int, n_raters: int, missing: float, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    truth = rng.random((n_cases, len(WEIGHTS), 1)) < 0.6
    noisy = truth ^ (rng.random((n_cases, len(WEIGHTS), n_raters)) < 0.2)
    out = noisy.astype(object)
    out[rng.random(out.shape) < missing] = None
    return out


def _irr_frame(table: np.ndarray) -> pd.DataFrame:
    flat = table.reshape(-1, table.shape[2])
    return pd.DataFrame(
        [[np.nan if x is None else float(x) for x in row] for row in flat],
        columns=[f"r{j}" for j in range(table.shape[2])],
    )


@pytest.mark.parametrize(("n_raters", "missing"), [(2, 0.0), (3, 0.0), (3, 0.15), (4, 0.1)])
def test_agreement_equals_irrcac_and_statsmodels(n_raters, missing):
    table = _planted(60, n_raters, missing, seed=n_raters)
    by_rater = [_grades(table, r) for r in range(n_raters)]
    got = agreement(by_rater, n_resamples=400, seed=0)
    cac = CAC(_irr_frame(table))
    assert got.fleiss_kappa == pytest.approx(cac.fleiss()["est"]["coefficient_value"], abs=1e-4)
    assert got.gwet_ac1 == pytest.approx(cac.gwet()["est"]["coefficient_value"], abs=1e-4)
    if missing == 0:
        flat = table.reshape(-1, n_raters).astype(int)
        counts, _ = aggregate_raters(flat)
        assert got.fleiss_kappa == pytest.approx(sm_fleiss_kappa(counts), abs=1e-12)
    for low_high, point in ((got.fleiss_kappa_ci95, got.fleiss_kappa),
                            (got.gwet_ac1_ci95, got.gwet_ac1)):  # fmt: skip
        assert low_high[0] < point < low_high[1]


def test_agreement_ci_close_to_irrcac_when_each_case_has_one_item():
    """With one criterion per case the bootstrap over cases is a bootstrap over items, whose
    CI should sit near irrCAC's analytic one."""
    rng = np.random.default_rng(5)
    truth = rng.random((400, 1, 1)) < 0.6
    table = (truth ^ (rng.random((400, 1, 3)) < 0.2)).astype(object)
    by_rater = [
        [CaseGrade(case_id=f"c{n}", model="m", criteria=[_verdict(0, table[n][0][r])])
         for n in range(400)]
        for r in range(3)
    ]  # fmt: skip
    got = agreement(by_rater, n_resamples=2000, seed=1)
    cac = CAC(_irr_frame(table))
    for ours, theirs in ((got.fleiss_kappa_ci95, cac.fleiss()), (got.gwet_ac1_ci95, cac.gwet())):
        lo, hi = theirs["est"]["confidence_interval"]
        assert ours[0] == pytest.approx(lo, abs=0.03) and ours[1] == pytest.approx(hi, abs=0.03)


def test_fleiss_from_sums_matches_statsmodels_on_a_resample():
    table = _planted(30, 3, 0.0, seed=9).reshape(-1, 3)
    terms = gwet_ac1_terms(table, (True, False))
    rows = np.random.default_rng(2).integers(0, len(table), size=len(table))
    counts, _ = aggregate_raters(table[rows].astype(int))
    ours = fleiss_kappa_from_sums(terms[rows].sum(axis=0))[0]
    assert ours == pytest.approx(sm_fleiss_kappa(counts), abs=1e-12)


def _rule(rule: str, votes: tuple[bool | None, ...]) -> bool | None:
    """The rules written out as counting statements, independently of jury.py's branches."""
    n, met = len(votes), votes.count(True)
    not_met = votes.count(False)
    if rule == "majority":
        return {2 * met > n: True, 2 * not_met > n: False}.get(True)
    if rule == "unanimous":
        return True if met == n else (False if not_met else None)
    return True if met else (False if not_met == n else None)


@pytest.mark.parametrize("rule", ["majority", "unanimous", "any"])
def test_jury_rules_over_every_vote_combination(rule):
    for n in range(1, 5):
        for votes in itertools.product((True, False, None), repeat=n):
            got = jury_verdict([_verdict(0, v) for v in votes], rule)
            expected = _rule(rule, votes)
            if expected is None:
                assert got.error is not None and got.met is None, votes
            else:
                assert got.met is expected and got.error is None, votes


def test_mean_jury_score_is_the_mean_of_the_graders_scores():
    """Without clipping and errors, the mean jury's case score equals the mean of its
    graders' case scores, over every verdict combination of a 4-criterion rubric."""
    combos = list(itertools.product((True, False), repeat=len(WEIGHTS)))
    for a, b, c in itertools.islice(itertools.product(combos, repeat=3), 0, None, 7):
        raters = [[_verdict(i, m) for i, m in enumerate(r)] for r in (a, b, c)]
        jury = [jury_verdict(list(votes), "mean") for votes in zip(*raters, strict=True)]
        mean = np.mean([score_verdicts(r, clip=False) for r in raters])
        assert score_verdicts(jury, clip=False) == pytest.approx(mean)
    # two errors of three leave no majority with a verdict: an error, not Not Met
    undecided = jury_verdict([_verdict(0, True), _verdict(0, None), _verdict(0, None)], "mean")
    assert undecided.error is not None


def test_noise_flip_rate_and_score_sd_by_hand():
    table = _planted(25, 3, 0.05, seed=3)
    by_repeat = [_grades(table, r) for r in range(3)]
    got = noise(by_repeat, clip=True, n_resamples=200, seed=0)
    flips, variances = [], []
    for case in table:
        for votes in case:
            given = [v for v in votes if v is not None]
            if len(given) >= 2:
                flips.append(len(set(given)) > 1)
        scores = []
        for r in range(3):
            usable = [(w, m[r]) for w, m in zip(WEIGHTS, case, strict=True) if m[r] is not None]
            if not any(w > 0 for w, _ in usable):
                break
            possible = sum(w for w, _ in usable if w > 0)
            scores.append(min(1, max(0, sum(w for w, m in usable if m) / possible)))
        else:
            variances.append(np.var(scores, ddof=1))
    assert got.n_items == len(flips) and got.flip_rate == pytest.approx(np.mean(flips))
    assert got.n_cases == len(variances)
    assert got.case_sd == pytest.approx(math.sqrt(np.mean(variances)))
    assert got.score_sd == pytest.approx(math.sqrt(np.mean(variances) / len(variances)))


def test_spread_and_self_preference_by_hand():
    table = _planted(40, 3, 0.0, seed=4)
    by_rater = [_grades(table, r) for r in range(3)]
    scores = np.array([[score_verdicts(g.criteria) for g in grades] for grades in by_rater])
    means = scores.mean(axis=1)
    got = spread(by_rater, clip=True, n_resamples=4000, seed=0)
    assert got.range == pytest.approx(means.max() - means.min())
    assert got.sd == pytest.approx(np.std(means, ddof=1))
    rng = np.random.default_rng(11)  # the range's CI by a plain loop over resampled cases
    ranges = []
    for _ in range(4000):
        drawn = scores[:, rng.integers(0, scores.shape[1], scores.shape[1])].mean(axis=1)
        ranges.append(drawn.max() - drawn.min())
    assert got.range_ci95 == pytest.approx(tuple(np.percentile(ranges, [2.5, 97.5])), abs=0.015)
    labels = ["openai:gpt-4.1", "anthropic:claude-x", "google:gemini-2.5-pro"]
    pref = self_preference("openai:gpt-4o", labels, by_rater, True, 500, 0)
    assert pref.flagged and pref.same_family == ["openai:gpt-4.1"]
    assert pref.own_minus_other == pytest.approx(np.mean(scores[0] - scores[1:].mean(axis=0)))
    assert not self_preference("local:smollm2", labels, by_rater, True, 10, 0).flagged


@pytest.mark.parametrize(
    ("model", "family"),
    [("openai:gpt-4.1-2025-04-14", "openai"), ("vllm:meta-llama/Llama-3.1-8B", "meta"),
     ("openai:claude-sonnet@http://x", "anthropic"), ("local:smollm2", "huggingface"),
     ("openai:replay", None)],
)  # fmt: skip
def test_model_family(model, family):
    assert model_family(model) == family
