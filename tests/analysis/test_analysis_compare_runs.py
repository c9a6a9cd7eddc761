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


def test_compare_reads_both_length_adjusted_scores_at_the_pooled_median_length() -> None:
    a, b = load_run(HASTY), load_run(CAREFUL)
    assert compare_runs(a, b, n_resamples=50).length_a is None  # grades alone: no texts
    rng = np.random.default_rng(0)
    a = a.model_copy(
        update={"answer_chars": {c: [int(rng.integers(200, 900))] for c in a.scores()}}
    )
    b = b.model_copy(
        update={
            "answer_chars": {c: [int(n) for n in rng.integers(900, 3000, 2)] for c in b.scores()}
        }
    )
    result = compare_runs(a, b, n_resamples=200, seed=1)
    pooled = [n for run in (a, b) for lengths in run.answer_chars.values() for n in lengths]
    reference = float(np.median(pooled))
    for run, bias in ((a, result.length_a), (b, result.length_b)):
        assert bias is not None and bias.reference_chars == reference
        cases = sorted(run.scores())
        x = np.log([np.mean(run.answer_chars[c]) for c in cases])
        slope, intercept = np.polyfit(x, [run.scores()[c] for c in cases], 1)
        assert bias.adjusted_score == pytest.approx(intercept + slope * math.log(reference))


def test_per_theme_and_axis_differences_and_verdict_flips_by_hand() -> None:
    from medrubric.data.models import Response
    from medrubric.scoring.scored import score_verdicts

    a, b = load_run(HASTY), load_run(CAREFUL)
    result = compare_runs(a, b, n_resamples=500, seed=1)
    ga = {g.case_id: g for g in a.grades if g.response_error is None}
    gb = {g.case_id: g for g in b.grades if g.response_error is None}
    shared = sorted(ga.keys() & gb.keys())
    for theme, d in result.by["theme"].items():
        ids = [i for i in shared if ga[i].theme == theme]
        diffs = [score_verdicts(gb[i].criteria) - score_verdicts(ga[i].criteria) for i in ids]
        assert d.n == len(ids) and d.mean_diff == pytest.approx(np.mean(diffs))
    for axis, d in result.by["axis"].items():
        diffs = []
        for i in shared:
            sa = score_verdicts([v for v in ga[i].criteria if v.axis == axis])
            sb = score_verdicts([v for v in gb[i].criteria if v.axis == axis])
            if sa is not None and sb is not None:
                diffs.append(sb - sa)
        assert d.n == len(diffs) and d.mean_diff == pytest.approx(np.mean(diffs))
    assert result.verdict_flips is None and not result.same_answers  # no answers to match
    # the same answers in both runs: grading differences are compared, verdict flips counted
    answers = {i: Response(case_id=i, response="same text") for i in shared}
    a2, b2 = (
        a.model_copy(update={"responses": answers}),
        b.model_copy(update={"responses": answers}),
    )
    flips = compare_runs(a2, b2, n_resamples=500, seed=1).verdict_flips
    pairs = [
        (v.met, {w.criterion_id: w.met for w in gb[i].criteria if w.error is None}[v.criterion_id])
        for i in shared for v in ga[i].criteria
        if v.error is None and any(w.criterion_id == v.criterion_id and w.error is None
                                   for w in gb[i].criteria)
    ]  # fmt: skip
    assert flips.n_compared == len(pairs) and flips.n_flipped == sum(x != y for x, y in pairs)


def test_compare_offsets_registry(tmp_path: Path, medrubric_cli) -> None:
    retired = tmp_path / "retired.jsonl"  # the careful answers, graded by another judge
    rows = [json.loads(line) for line in CAREFUL.read_text().splitlines() if line.strip()]
    retired.write_text("".join(json.dumps(r | {"grader": "openai:gpt-4.1"}) + "\n" for r in rows))
    registry = tmp_path / "offsets.json"
    registry.write_text(json.dumps({"openai:gpt-4.1": 0.02, "recorded-example": {"offset": -0.03}}))
    out = tmp_path / "cmp.json"
    args = ["compare", str(retired), str(CAREFUL), "--allow-mismatch", "--rows", "0",
            "--out", str(out), "--offsets", str(registry)]  # fmt: skip
    result = medrubric_cli(args)
    assert result.exit_code == 0, result.output
    offsets = json.loads(out.read_text())["offsets"]
    assert offsets["expected_diff"] == pytest.approx(-0.05)
    assert "recorded-example sits -5.0 points from openai:gpt-4.1" in result.output

    # the meta-eval registry itself: each grader's recorded meta-eval carries its offset
    def recorded(offset):
        return {"grader": "x", "case_level": [{"judge": "rubric grader", "offset": offset}]}

    registry.write_text(
        json.dumps({"openai:gpt-4.1": recorded(0.1), "recorded-example": recorded(0.04)})
    )
    assert medrubric_cli(args).exit_code == 0
    assert json.loads(out.read_text())["offsets"]["expected_diff"] == pytest.approx(-0.06)
    registry.write_text(json.dumps({"openai:gpt-4.1": "high"}))
    bad = medrubric_cli(args)
    assert bad.exit_code == 2 and "offset must be a number" in bad.output


def test_run_compare_is_the_stage_behind_the_command(tmp_path: Path) -> None:
    from medrubric.analysis.compare import CompareOptions, Comparison, run_compare
    from medrubric.errors import InputError

    offsets = tmp_path / "offsets.json"
    offsets.write_text(json.dumps({"nobody": 0.1}))
    opts = CompareOptions(run_a=HASTY, run_b=CAREFUL, n_resamples=300, offsets=offsets)
    result = run_compare(opts)
    assert isinstance(result, Comparison)
    assert result == compare_runs(load_run(HASTY), load_run(CAREFUL), n_resamples=300).model_copy(
        update={"offsets": result.offsets}
    )
    assert result.offsets is not None and result.offsets.expected_diff is None  # not listed
    assert [p.name for p in tmp_path.iterdir()] == ["offsets.json"]  # computes; writes nothing
    with pytest.raises(InputError, match="between 0 and 1"):
        run_compare(opts.model_copy(update={"confidence": 1.5}))
    with pytest.raises(InputError, match="share no scored case"):
        other = tmp_path / "other.jsonl"
        other.write_text(
            CAREFUL.read_text().splitlines()[0].replace('"case_id": "', '"case_id": "zz-') + "\n"
        )
        run_compare(opts.model_copy(update={"run_b": other, "allow_mismatch": True}))
