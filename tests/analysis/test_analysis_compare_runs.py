"""`compare`: paired per-case differences, checked against independent computations
(scipy's bootstrap, an explicit binomial sum) on the bundled demo runs."""

from __future__ import annotations

import json
import math
from importlib import resources
from pathlib import Path

import numpy as np
import pytest
from scipy import stats as sps

from medrubric.analysis.compare import compare_runs, sign_test
from medrubric.analysis.runs import load_run
from medrubric.cli.main import main

SAMPLE = resources.files("medrubric.data.sample")
CAREFUL = Path(str(SAMPLE.joinpath("grades-demo-careful.jsonl")))
HASTY = Path(str(SAMPLE.joinpath("grades-demo-hasty.jsonl")))


def exact_sign_pvalue(k: int, n: int) -> float:
    """Two-sided exact binomial(n, 1/2) test: twice the smaller tail, capped at 1."""
    tail = sum(math.comb(n, i) for i in range(0, min(k, n - k) + 1)) / 2**n
    return min(1.0, 2 * tail) if 2 * k != n else 1.0


def test_compare_matches_independent_computations() -> None:
    a, b = load_run(HASTY), load_run(CAREFUL)
    result = compare_runs(a, b, n_resamples=20_000, seed=7)
    shared = sorted(a.scores().keys() & b.scores().keys())
    diffs = np.array([b.scores()[i] - a.scores()[i] for i in shared])
    assert result.n_pairs == len(shared) > 10
    assert result.mean_diff == pytest.approx(diffs.mean())
    assert [p.diff for p in result.pairs] == pytest.approx(list(diffs))

    reference = sps.bootstrap(
        (diffs,), np.mean, n_resamples=20_000, method="percentile", random_state=1
    ).confidence_interval
    assert result.ci is not None
    assert result.ci[0] == pytest.approx(reference.low, abs=0.01)
    assert result.ci[1] == pytest.approx(reference.high, abs=0.01)
    assert result.ci == compare_runs(a, b, n_resamples=20_000, seed=7).ci  # seeded

    k = int((diffs > 0).sum())
    n = int((diffs != 0).sum())
    assert result.sign_test.b_higher == k and result.sign_test.ties == len(diffs) - n
    assert result.sign_test.pvalue == pytest.approx(exact_sign_pvalue(k, n))


@pytest.mark.parametrize(
    ("diffs", "k", "n"), [([0.1] * 6 + [-0.2] * 2, 6, 8), ([0.3, -0.1, 0.0], 1, 2)]
)
def test_sign_test_against_the_binomial_sum(diffs: list[float], k: int, n: int) -> None:
    result = sign_test(diffs)
    assert (result.b_higher, result.b_higher + result.a_higher) == (k, n)
    assert result.pvalue == pytest.approx(exact_sign_pvalue(k, n))
    assert sign_test([0.0, 0.0]).pvalue == 1.0


def test_compare_cli_writes_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "compare.json"
    main(["compare", str(HASTY), str(CAREFUL), "--out", str(out), "--n-resamples", "2000"])
    data = json.loads(out.read_text())
    assert data["n_pairs"] == len(data["pairs"]) and data["n_resamples"] == 2000
    assert "sign test" in capsys.readouterr().out
