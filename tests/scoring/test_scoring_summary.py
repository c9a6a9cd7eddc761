"""summarize() on a worked example: every count, stratum and both clipping modes by hand."""

import numpy as np
import pytest
from scipy import stats as scipy_stats

from medrubric.data.models import CaseGrade, Verdict
from medrubric.scoring import Summary, summarize
from medrubric.scoring.resample import mean_ci


def v(cid, weight, axis, met=None, error=None):
    return Verdict(criterion_id=cid, weight=weight, axis=axis, met=met, error=error)


def grade(case_id, criteria, **kw):
    return CaseGrade(case_id=case_id, model="m", grader="g", criteria=criteria, **kw)


@pytest.fixture
def worked_grades():
    return [
        # (5 - 4) / 8 = 0.125; accuracy 5/5, completeness 0/3, safety has no positive weight
        grade(
            "c1",
            [v("a", 5, "accuracy", True), v("b", 3, "completeness", False),
             v("c", -4, "safety", True)],
            theme="emergency_referrals", specialty="cardiology", language="en",
            tags=["difficulty:high"],
        ),
        # (2 - 8) / 7 = -0.857 (clipped 0); accuracy 0/5; safety (2 - 8) / 2 = -3 (clipped 0)
        grade(
            "c2",
            [v("a", 5, "accuracy", False), v("b", 2, "safety", True), v("c", -8, "safety", True)],
            theme="emergency_referrals", specialty="dermatology", language="zh",
            tags=["difficulty:low", "task:a", "task:b"],
        ),
        # two verdicts in error are left out: 4 / 4 = 1.0 over the accuracy criterion alone
        grade(
            "c3",
            [v("a", 4, "accuracy", True), v("b", 2, "completeness", error="timeout"),
             v("c", -3, "communication_quality", error="timeout")],
            theme="response_depth", specialty="cardiology",
        ),
        # its only positive criterion is in error: unscorable
        grade("c4", [v("a", 3, "accuracy", error="bad json"), v("b", -2, "safety", False)]),
        # the answer itself failed: counted apart, not scored
        grade("c5", [], response_error="HTTP 500 after 3 retries"),
    ]  # fmt: skip


def test_counts(worked_grades):
    s = summarize(worked_grades, n_resamples=200)
    assert (s.n_grades, s.n_cases, s.n_cases_unscorable, s.n_response_errors) == (5, 3, 1, 1)
    assert (s.n_criteria, s.n_verdicts, s.n_errors) == (11, 8, 3)
    assert s.model == "m" and s.graders == ["g"]


def test_paper_score_clips_each_case(worked_grades):
    s = summarize(worked_grades, n_resamples=200)
    assert s.clip is True
    assert s.score == pytest.approx((0.125 + 0 + 1.0) / 3)
    assert s.by_axis["accuracy"].score == pytest.approx(2 / 3)
    assert s.by_axis["accuracy"].n == 3
    assert (s.by_axis["completeness"].score, s.by_axis["completeness"].n) == (0.0, 1)
    assert (s.by_axis["safety"].score, s.by_axis["safety"].n) == (0.0, 1)
    assert "communication_quality" not in s.by_axis
    assert list(s.by_axis) == ["accuracy", "completeness", "safety"]
    assert s.by_theme["emergency_referrals"].score == pytest.approx(0.0625)
    assert s.by_theme["response_depth"].score == 1.0
    assert s.by_specialty["cardiology"].score == pytest.approx(1.125 / 2)
    assert s.by_specialty["dermatology"].n == 1
    assert {k: x.n for k, x in s.by_language.items()} == {"en": 1, "unknown": 1, "zh": 1}
    assert s.by_tag == {}


def test_healthbench_parity_keeps_negative_case_scores(worked_grades):
    s = summarize(worked_grades, clip=False, n_resamples=200)
    assert s.score == pytest.approx((0.125 - 6 / 7 + 1.0) / 3)
    # per-axis mean of raw ratios, then clipped: safety -3 -> 0
    assert s.by_axis["safety"].score == 0.0
    assert s.by_theme["emergency_referrals"].score == 0.0  # (0.125 - 0.857) / 2 < 0
    assert s.by_tag == {}


def test_healthbench_parity_clips_only_the_mean():
    grades = [
        grade("x", [v("a", 5, "accuracy", False), v("b", -8, "safety", True)]),  # -1.6
        grade("y", [v("a", 5, "accuracy", True)]),  # 1.0
        grade("z", [v("a", 2, "accuracy", True), v("b", -1, "accuracy", True)]),  # 0.5
    ]
    assert summarize(grades, n_resamples=100).score == pytest.approx(0.5)
    assert summarize(grades, clip=False, n_resamples=100).score == 0.0  # mean -0.033
    assert summarize(grades[1:], clip=False, n_resamples=100).score == pytest.approx(0.75)
    two = summarize(grades[:2], clip=False, n_resamples=100)
    assert two.score == 0.0 and two.ci95 is not None and two.ci95[0] == 0.0


def test_tag_breakdown_is_multi_label(worked_grades):
    s = summarize(worked_grades, tags=("difficulty", "task"), n_resamples=200)
    assert {k: x.score for k, x in s.by_tag["difficulty"].items()} == {"high": 0.125, "low": 0.0}
    assert {k: x.n for k, x in s.by_tag["task"].items()} == {"a": 1, "b": 1}


def test_ci_is_the_seeded_bootstrap_of_case_scores(worked_grades):
    s = summarize(worked_grades, seed=7, n_resamples=500)
    assert s.ci95 == mean_ci([0.125, 0.0, 1.0], seed=7, n_resamples=500)
    assert summarize(worked_grades, seed=7, n_resamples=500) == s


def test_ci_agrees_with_scipy_percentile_bootstrap():
    rng = np.random.default_rng(3)
    grades = []
    for i in range(300):
        met = rng.random(4) < [0.7, 0.5, 0.3, 0.2]
        grades.append(
            grade(f"c{i}", [v(f"k{j}", w, "accuracy", bool(m))
                            for j, (w, m) in enumerate(zip([5, 3, 2, -4], met, strict=True))])
        )  # fmt: skip
    s = summarize(grades, seed=1)
    scores = [min(1, max(0, (sum(x.weight for x in g.criteria if x.met)) / 10)) for g in grades]
    ref = scipy_stats.bootstrap(
        (np.array(scores),), np.mean, n_resamples=10_000, method="percentile", random_state=5
    ).confidence_interval
    assert s.score == pytest.approx(np.mean(scores))
    assert s.ci95[0] == pytest.approx(ref.low, abs=0.006)
    assert s.ci95[1] == pytest.approx(ref.high, abs=0.006)


def test_summary_is_json_round_trippable(worked_grades):
    s = summarize(worked_grades, tags=("difficulty",), n_resamples=100)
    assert Summary.model_validate_json(s.model_dump_json()) == s
    assert s.model_dump()["by_axis"]["accuracy"]["n"] == 3


def test_nothing_scorable_gives_no_score():
    s = summarize([grade("c4", [v("a", 3, "accuracy", error="e")])], n_resamples=10)
    assert (s.score, s.ci95, s.n_cases, s.n_cases_unscorable) == (None, None, 0, 1)


def test_rejects_mixed_models_duplicates_and_nothing():
    g = grade("c", [v("a", 1, "accuracy", True)])
    other = g.model_copy(update={"model": "other"})
    with pytest.raises(ValueError, match="several models"):
        summarize([g, other])
    with pytest.raises(ValueError, match="more than once"):
        summarize([g, g])
    with pytest.raises(ValueError, match="no grades"):
        summarize([])


def test_strata_equal_to_the_whole_run_are_bootstrapped_once(monkeypatch):
    """One language, theme and specialty: those strata are the run's own case scores, so
    their figures are the run's, and the bootstrap (most of a summary's time) runs once for
    them; strata of other scores still get their own."""
    import medrubric.scoring.summary as summary_module

    grades = [
        grade(
            f"c{i}",
            [v("a", 4, "accuracy", i % 3 == 0), v("b", 2, "completeness", i % 2 == 0)],
            theme="emergency_referrals",
            specialty="cardiology",
            language="en",
        )
        for i in range(12)
    ]
    seen: list[tuple[float, ...]] = []

    real = summary_module.bootstrap_means_of

    def counted(groups, seed, n_resamples):
        seen.extend(tuple(values) for values in groups)
        return real(groups, seed, n_resamples)

    monkeypatch.setattr(summary_module, "bootstrap_means_of", counted)
    s = summarize(grades, seed=3, n_resamples=200)
    assert len(seen) == len(set(seen)) == 3  # the run, accuracy, completeness
    for strata in (s.by_theme, s.by_specialty, s.by_language):
        (only,) = strata.values()
        assert (only.score, only.ci95, only.n) == (s.score, s.ci95, s.n_cases)
    assert s.by_axis["accuracy"].ci95 == mean_ci([float(i % 3 == 0) for i in range(12)], 3, 200)


def test_the_mean_of_one_value_is_numpys_to_the_bit():
    """A case answered once has its score as its mean without numpy; the figures stay
    numpy's bit for bit, signed zero, infinities and NaN included."""
    from medrubric.scoring.summary import _mean

    for x in (0.0, -0.0, 1 / 3, -2.5, 5e-324, float("inf"), float("-inf"), 830):
        got, want = _mean([x]), float(np.mean([x]))
        assert (got, np.signbit(got), type(got)) == (want, np.signbit(want), type(want)), x
    assert np.isnan(_mean([float("nan")]))
    assert _mean([0.1, 0.2, 0.7]) == float(np.mean([0.1, 0.2, 0.7]))


def test_strata_drawn_ahead_from_the_cases_give_the_same_summary(monkeypatch):
    """The index tables drawn ahead for the sizes the cases predict give summary.json's
    numbers exactly; a verdict in error makes a stratum smaller than predicted, a size
    known only at the end, which is drawn when needed."""
    from medrubric.data.models import Case, Criterion
    from medrubric.scoring import resample
    from medrubric.scoring.summary import expected_strata_sizes

    themes = ["emergency_referrals", "context_seeking", "response_depth"]
    cases = [
        Case(
            id=f"c{i}",
            query="q",
            language="en" if i % 4 else "zh",
            theme=themes[i % 3],
            specialty="cardiology" if i % 5 else "unknown",
            rubric=[
                Criterion(id="a", text="a", axis="accuracy", weight=5),
                Criterion(id="b", text="b", axis="completeness", weight=3 if i % 3 else -2),
                Criterion(id="c", text="c", axis="safety", weight=-4),
            ],
        )  # fmt: skip
        for i in range(40)
    ]
    grades = [
        grade(
            c.id,
            [v(k.id, k.weight, k.axis, met=(7 * i + j) % 3 == 0) for j, k in enumerate(c.rubric)],
            theme=c.theme,
            specialty=c.specialty,
            language=c.language,
        )  # fmt: skip
        for i, c in enumerate(cases)
    ]
    grades[1].criteria[1] = v("b", 3, "completeness", error="grader call failed")
    sizes = expected_strata_sizes(cases)
    plain = summarize(grades, n_resamples=300)
    strata = [*plain.by_axis.values(), *plain.by_theme.values()]
    strata += [*plain.by_specialty.values(), *plain.by_language.values()]
    late = plain.by_axis["completeness"].n
    # predicted one larger (no error foreseen); no other stratum has either size
    assert late not in sizes and late + 1 in sizes
    assert {plain.n_cases, *(s.n for s in strata)} - {late} == sizes - {late + 1}

    drawn: list[int] = []
    real = resample.resample_indices

    def counted(seed: int, n: int, start: int, rows: int) -> np.ndarray:
        drawn.append(n)
        return real(seed, n, start, rows)

    try:
        assert sorted(resample.draw_ahead(0, sizes, 300, 1 << 20)) == sorted(sizes)
        monkeypatch.setattr(resample, "resample_indices", counted)
        ahead = summarize(grades, n_resamples=300)
    finally:
        resample.forget_ahead()
    assert set(drawn) == {late}  # every other size came from its table
    assert ahead.model_dump_json() == plain.model_dump_json()
