"""ClinConsensus analyses against the formulas by hand and scipy / statsmodels."""

from __future__ import annotations

import numpy as np
import pytest
import statsmodels.api as sm
from scipy import stats as sps

from medrubric.analysis.consensus import consensus
from medrubric.analysis.runs import load_runs
from medrubric.scoring import cacs_at_k

N = 30


def _model_specs(
    rng: np.random.Generator, level: int, n_cases: int = 24
) -> list[dict[str, object]]:
    specs = []
    for i in range(n_cases):
        hits = int(np.clip(level + rng.integers(-6, 7), 0, N))
        specs.append(
            {
                "case_id": f"c{i}",
                "hits": hits,
                "n": N,
                "answer": "w" * (100 + 20 * hits + int(rng.integers(0, 200))),
                "tags": [f"difficulty:{['low', 'high'][i % 2]}", "task:diagnosis", "task:triage"][
                    : 1 + i % 3
                ],
            }
        )
    return specs


@pytest.fixture
def runs_ab(make_run):  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(1)
    levels = [8, 11, 14, 17, 20, 23]
    a = [make_run(f"m{lv}", _model_specs(rng, lv), folder=f"a/m{lv}") for lv in levels]
    b = [
        make_run(f"m{lv}", _model_specs(rng, lv + 1), grader="grader-b", folder=f"b/m{lv}")
        for lv in levels
    ]
    return load_runs(a), load_runs(b)


def test_cacs_sensitivity_length_robustness_and_strata(runs_ab) -> None:  # type: ignore[no-untyped-def]
    runs, runs_b = runs_ab
    report = consensus(runs, 10, runs_b=runs_b, n_resamples=500)
    assert report.metric == "cacs" and report.cacs is not None

    # CACS@10 by hand from the hits
    hits = {r.model: [sum(bool(v.met) for v in g.criteria) for g in r.grades] for r in runs}
    means = {m: float(np.mean([cacs_at_k(h, N, 10) for h in hs])) for m, hs in hits.items()}
    assert report.cacs["m14"]["cacs_at_k"] == pytest.approx(means["m14"])

    # threshold sensitivity: k = 6..15, Spearman against the ranking at k = 10
    assert report.sensitivity is not None
    assert [row.k for row in report.sensitivity] == list(range(6, 16))
    row6 = report.sensitivity[0]
    at6 = {m: float(np.mean([cacs_at_k(h, N, 6) for h in hs])) for m, hs in hits.items()}
    models = sorted(means)
    rho = sps.spearmanr([means[m] for m in models], [at6[m] for m in models]).statistic
    assert row6.spearman_vs_main.statistic == pytest.approx(rho)
    top3 = lambda s: set(sorted(s, key=lambda m: -s[m])[:3])  # noqa: E731
    assert row6.top3_overlap == pytest.approx(len(top3(means) & top3(at6)) / 3)
    assert report.sensitivity[4].spearman_vs_main.statistic == pytest.approx(1.0)

    # length diagnostics of one model: Pearson, Spearman; partial via statsmodels residuals
    run = runs[2]
    lengths = [len(run.responses[g.case_id].response or "") for g in run.grades]
    values = [cacs_at_k(h, N, 10) for h in hits[run.model]]
    diag = next(d for d in report.length if d.model == run.model)
    assert diag.pearson.statistic == pytest.approx(sps.pearsonr(lengths, values).statistic)
    assert diag.spearman.statistic == pytest.approx(sps.spearmanr(lengths, values).statistic)
    assert diag.partial.statistic == pytest.approx(diag.pearson.statistic)  # constant N
    assert report.length[-1].model == "all" and report.length[-1].n == 6 * 24

    # cross-grader robustness
    rob = report.robustness
    assert rob is not None and rob.models == models and rob.unmatched == []
    xa = [rob.scores_a[m] for m in models]
    xb = [rob.scores_b[m] for m in models]
    assert rob.spearman.statistic == pytest.approx(sps.spearmanr(xa, xb).statistic)
    assert rob.kendall_tau_b.statistic == pytest.approx(sps.kendalltau(xa, xb).statistic)
    assert rob.mean_abs_diff == pytest.approx(np.mean(np.abs(np.subtract(xa, xb))))
    assert rob.grader_a == "grader-a" and rob.grader_b == "grader-b"

    # strata: multi-label task tags count in each value
    assert set(report.strata) == {"difficulty", "task"}
    assert report.strata["task"]["triage"]["m8"].n == 8


def test_partial_correlation_with_a_varying_covariate_matches_statsmodels(make_run) -> None:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(5)
    specs = []
    for i in range(40):
        n = int(rng.integers(8, 20))
        hits = int(rng.integers(0, n + 1))
        specs.append(
            {"case_id": f"c{i}", "hits": hits, "n": n, "weights": [3] + [1] * (n - 1),
             "answer": "z" * (50 + 10 * n + int(rng.integers(0, 300)))}
        )  # fmt: skip
    runs = load_runs([make_run("weighted", specs)])
    report = consensus(runs, 10, n_resamples=200)
    assert report.metric == "score" and report.cacs is None and report.sensitivity is None
    scores = runs[0].scores()
    ids = [s["case_id"] for s in specs]
    lengths = np.array([len(str(s["answer"])) for s in specs], dtype=float)
    values = np.array([scores[c] for c in ids])
    covar = sm.add_constant(np.array([s["n"] for s in specs], dtype=float))
    res_x = sm.OLS(lengths, covar).fit().resid
    res_y = sm.OLS(values, covar).fit().resid
    assert report.length[0].partial.statistic == pytest.approx(sps.pearsonr(res_x, res_y).statistic)
