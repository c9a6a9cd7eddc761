"""Paired statistics of the audit against hand-computed values and scipy/statsmodels."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as sps
from statsmodels.stats.inter_rater import fleiss_kappa as sm_fleiss
from statsmodels.stats.proportion import proportion_confint

from medrubric.audit.criteria import CriterionLabel, discrimination, verdict_items
from medrubric.audit.factcheck import AnswerCheck, ClaimCheck
from medrubric.audit.factcheck_measures import (
    Rate,
    combined_stats,
    covering_claims,
    detection_stats,
    edited_key,
    original_key,
)
from medrubric.audit.paired_scoring import (
    PairScore,
    compare_reports,
    density_stats,
    outcome_stats,
    summarize_pairs,
)
from medrubric.audit.pairs import AuditPair, Edit
from medrubric.audit.review_io import Rating, summarize_review
from medrubric.data.models import CaseGrade, Verdict
from medrubric.evaluate.profiles import GraderSetup

SETUP = GraderSetup(grader="g", mode="per-criterion", prompt="grade_criterion", prompt_version=1)


def score(pair_id, case_id, error_type, orig, edit, n=5):
    return PairScore(
        pair_id=pair_id,
        case_id=case_id,
        error_type=error_type,
        n_criteria=n,
        original_score=orig,
        edited_score=edit,
        original_grade="o",
        edited_grade="e",
    )


SCORES = [
    score("p1", "q1", "F1", 0.8, 0.5),  # win
    score("p2", "q2", "F1", 0.6, 0.6),  # tie
    score("p3", "q3", "F1", 0.4, 0.7),  # loss
    score("p4", "q4", "F1", 0.9, 0.2),  # win
    score("p5", "q1", "R1", 0.8, 0.8, n=5),  # tie
    score("p6", "q5", "R1", 0.5, 0.5, n=9),  # tie
    score("p7", "q6", "R1", 1.0, 0.1, n=9),  # win
    score("p8", "q7", "R1", None, 0.3),  # grading error: left out
]


def test_win_tie_loss_and_auroc_by_hand():
    report = summarize_pairs(SCORES, SETUP, n_resamples=2000)
    f1 = report.by_type["F1"]
    assert (f1.win, f1.tie, f1.loss) == (0.5, 0.25, 0.25)
    assert f1.auroc == pytest.approx(0.625)
    r1 = report.by_type["R1"]
    assert (r1.win, r1.tie, r1.loss) == pytest.approx((1 / 3, 2 / 3, 0))
    assert r1.auroc == pytest.approx(2 / 3)
    overall = report.overall
    assert overall.n_pairs == 7 and overall.n_questions == 6
    assert overall.auroc == pytest.approx((3 + 0.5 * 3) / 7)
    assert report.n_grading_errors == 1 and report.n_scored == 7
    for s in (f1, r1, overall):
        assert s.auroc_ci[0] <= s.auroc <= s.auroc_ci[1]
        assert 0 <= s.win_ci[0] <= s.win_ci[1] <= 1


def test_point_and_interval_are_the_same_per_pair_quantity():
    # question q0 has 10 winning variants; nine other questions one losing pair each
    orig = [1.0] * 10 + [0.0] * 9
    edit = [0.0] * 10 + [1.0] * 9
    clusters = ["q0"] * 10 + [f"q{i}" for i in range(1, 10)]
    result = outcome_stats(orig, edit, clusters, n_resamples=4000, seed=1)
    assert result.auroc == pytest.approx(10 / 19)  # the point estimate is over pairs
    assert result.auroc_ci[0] <= result.auroc <= result.auroc_ci[1]
    # all pairs of each drawn question: AUROC = 10j / (9j + 10), j ~ Binomial(10, 0.1)
    j = np.random.default_rng(0).binomial(10, 0.1, size=4000)
    draws = 10 * j / (9 * j + 10)
    assert result.auroc_ci == pytest.approx(tuple(np.percentile(draws, [2.5, 97.5])))
    lo, hi = result.auroc_ci
    assert result.win_ci == (lo, hi) and result.loss_ci == pytest.approx((1 - hi, 1 - lo))


def test_tie_rate_against_rubric_density():
    density = density_stats(SCORES)
    rows = {r.n_criteria: (r.n_pairs, r.tie_rate) for r in density.rows}
    assert rows == {5: (5, pytest.approx(0.4)), 9: (2, pytest.approx(0.5))}
    assert density.criteria_per_question == pytest.approx((5 * 5 + 9 * 2 - 5) / 6)
    sizes = [s.n_criteria for s in SCORES if s.scored]
    ties = [float(s.original_score == s.edited_score) for s in SCORES if s.scored]
    assert density.spearman_rho == pytest.approx(sps.spearmanr(sizes, ties).statistic)


def test_rank_agreement_matches_scipy():
    a = summarize_pairs(SCORES, SETUP, n_resamples=200)
    shuffled = [
        score("x1", "q1", "F1", 0.8, 0.8),
        score("x2", "q2", "R1", 0.9, 0.1),
        score("x3", "q3", "R1", 0.9, 0.1),
    ]
    b = summarize_pairs(shuffled, SETUP, n_resamples=200)
    with pytest.raises(Exception, match="at least two error types"):
        compare_reports(a, summarize_pairs(shuffled[:1], SETUP, n_resamples=200))
    agreement = compare_reports(a, b)
    assert agreement.types == ["F1", "R1"]
    expected = sps.kendalltau(agreement.auroc_a, agreement.auroc_b)
    assert agreement.kendall_tau_b == pytest.approx(expected.statistic)
    assert agreement.spearman_rho == pytest.approx(
        sps.spearmanr(agreement.auroc_a, agreement.auroc_b).statistic
    )


def label(case_id, cid, kind):
    return CriterionLabel(
        case_id=case_id, criterion_id=cid, label=kind, classifier="m", prompt_version="v"
    )


def test_criterion_discrimination_ratio_by_hand():
    labels = [label("q1", "a", "FACTCHECK"), label("q1", "b", "OTHER"),
              label("q2", "a", "FACTCHECK"), label("q2", "b", "OTHER"),
              label("q2", "c", "OTHER"), label("q3", "a", "BORDERLINE")]  # fmt: skip
    items = [
        ("q1", "a", True, False),  # FACTCHECK differs
        ("q1", "b", True, True),
        ("q2", "a", True, True),
        ("q2", "b", False, True),  # OTHER differs (reversed)
        ("q2", "c", True, True),
        ("q3", "a", True, False),
    ]
    result = discrimination(labels, items, n_pairs=3, n_resamples=2000)
    assert result.by_kind["FACTCHECK"].rate == pytest.approx(0.5)
    assert result.by_kind["OTHER"].rate == pytest.approx(1 / 3)
    assert result.by_kind["OTHER"].reversed == 1
    assert result.ratio == pytest.approx(1.5)
    assert result.by_kind["BORDERLINE"].items == 1


def test_verdict_items_pair_criteria_and_skip_errors():
    def grade(model, verdicts):
        return CaseGrade(case_id="q1", model=model, criteria=verdicts)

    orig = grade("o", [Verdict(criterion_id="a", weight=5, met=True),
                       Verdict(criterion_id="b", weight=5, error="timeout")])  # fmt: skip
    edit = grade("e", [Verdict(criterion_id="a", weight=5, met=False),
                       Verdict(criterion_id="b", weight=5, met=True)])  # fmt: skip
    assert verdict_items([orig, edit], [("q1", "o", "e")]) == [("q1", "a", True, False)]


def pair(pid, case_id, edits, error_type="F1"):
    original = "Take 300 mg aspirin. Call emergency services now."
    edited = original
    for e in edits:
        edited = edited.replace(e.original, e.new)
    return AuditPair(
        pair_id=pid, case_id=case_id, answer_model="m", error_type=error_type,
        error_name="x", original=original, edited=edited, edits=edits, applicability=[],
        checks=[], attempts=1, models={}, prompt_versions={}, taxonomy="error_types@1",
    )  # fmt: skip


def check(key, claims):
    return AnswerCheck(
        key=key, case_id="q", checker="m", retriever="bm25", prompt_versions={},
        claims=[ClaimCheck(claim=c, query=c, retrieved=[], label=lab) for c, lab in claims],
    )  # fmt: skip


def test_detection_and_false_flag_rates_with_wilson_intervals():
    p1 = pair("p1", "q1", [Edit(original="300 mg", new="3000 mg")])
    p2 = pair("p2", "q1", [Edit(original="300 mg", new="30 mg")])
    p3 = pair("p3", "q1", [Edit(original=" Call emergency services now.", new="")])
    checks = {
        edited_key(p1): check(edited_key(p1), [("Take 3000 mg aspirin", "not_supported")]),
        edited_key(p2): check(edited_key(p2), [("Call emergency services", "supported")]),
        edited_key(p3): check(edited_key(p3), [("Take 300 mg aspirin", "supported")]),
        original_key(p1): check(original_key(p1), [("Take 300 mg aspirin", "not_supported")]),
    }
    assert covering_claims(p1, checks[edited_key(p1)]) == [0]
    stats = detection_stats([p1, p2, p3], checks)
    assert stats.checked_pairs == 3 and stats.deletion_only == 1
    assert (stats.extracted.k, stats.extracted.n) == (1, 2)
    assert (stats.detected.k, stats.detected.n) == (1, 2)
    assert (stats.false_flag.k, stats.false_flag.n) == (1, 1)  # one distinct original answer
    lo, hi = proportion_confint(1, 2, method="wilson")
    assert stats.detected.ci == pytest.approx((lo, hi))
    assert math.isnan(Rate.of(0, 0).rate)


def test_combined_measure_penalises_unsupported_claims():
    p1 = pair("p1", "q1", [Edit(original="300 mg", new="3000 mg")])
    p2 = pair("p2", "q1", [Edit(original="300 mg", new="30 mg")])
    scores = [score("p1", "q1", "F1", 0.5, 0.5), score("p2", "q1", "F1", 0.4, 0.6)]
    checks = {
        edited_key(p1): check(edited_key(p1), [("3000 mg", "not_supported")]),
        edited_key(p2): check(edited_key(p2), [("30 mg", "supported")]),
        original_key(p1): check(original_key(p1), [("300 mg", "supported")]),
    }
    result = combined_stats([p1, p2], scores, checks, penalty=0.25, n_resamples=500)
    assert result.n_pairs == 2
    assert result.rubric_auroc == pytest.approx(0.25)  # one tie, one loss
    assert result.combined_auroc == pytest.approx(0.5)  # the tie becomes a win


def test_review_yes_rate_agreement_and_fleiss_kappa():
    pairs = [pair(f"p{i}", f"q{i}", [Edit(original="300 mg", new="30 mg")],
                  "F1" if i < 3 else "R2") for i in range(5)]  # fmt: skip
    answers = {"p0": ("yes", "yes"), "p1": ("yes", "no"), "p2": ("yes", "yes"),
               "p3": ("no", "no"), "p4": ("no", "yes")}  # fmt: skip
    ratings = [Rating(pair_id=p, rater=r, answer=a) for p, (x, y) in answers.items()
               for r, a in (("A", x), ("B", y))]  # fmt: skip
    ratings.append(Rating(pair_id="zz", rater="A", answer="no"))
    summary = summarize_review(ratings, pairs, n_resamples=2000)
    assert summary.unknown_pairs == ["zz"]
    assert summary.overall.yes_rate == pytest.approx(6 / 10)
    assert summary.overall.raw_agreement == pytest.approx(3 / 5)
    table = np.array([[sum(a == "yes" for a in v), sum(a == "no" for a in v)]
                      for v in answers.values()])  # fmt: skip
    assert summary.overall.fleiss_kappa == pytest.approx(sm_fleiss(table, method="fleiss"))
    f1 = summary.by_type["F1"]
    assert (f1.pairs, f1.ratings, f1.yes_rate) == (3, 6, pytest.approx(5 / 6))
    assert f1.yes_ci[0] <= f1.yes_rate <= f1.yes_ci[1]
