"""Contamination split: a planted post-cutoff drop is found, a flat model shows none."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import numpy as np
import pytest
from scipy import stats as sps

from medrubric.analysis.contamination import contamination, months_between
from medrubric.analysis.cutoffs import Cutoff, parse_overrides, resolve_cutoffs
from medrubric.analysis.runs import load_runs
from medrubric.errors import InputError
from medrubric.llm.config import MedrubricConfig


def _specs(pre_hits: list[int], post_hits: list[int]) -> list[dict[str, object]]:
    pre = [
        {"case_id": f"pre{i}", "hits": h, "published_at": f"2023-{1 + i % 12:02d}-15"}
        for i, h in enumerate(pre_hits)
    ]
    post = [
        {"case_id": f"post{i}", "hits": h, "published_at": f"2025-{1 + i % 12:02d}-15"}
        for i, h in enumerate(post_hits)
    ]
    return pre + post + [{"case_id": "undated", "hits": 5}]


@pytest.fixture
def two_runs(make_run):  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(3)
    dropping = _specs(list(rng.integers(6, 11, 20)), list(rng.integers(1, 6, 20)))
    flat_hits = list(rng.integers(2, 10, 20))
    flat = _specs(flat_hits, list(reversed(flat_hits)))  # same scores on both sides
    return [
        make_run("dropper", dropping, cutoff="2024-06-01"),
        make_run("steady", flat, cutoff="2024-06-01"),
    ]


def test_planted_drop_is_significant_and_flat_model_is_not(two_runs: list[Path]) -> None:
    runs = load_runs(two_runs)
    report = contamination(runs, resolve_cutoffs(runs), n_resamples=2000)
    by_model = {m.model: m for m in report.models}
    dropper, steady = by_model["dropper"], by_model["steady"]
    assert dropper.significant and dropper.pvalue is not None and dropper.pvalue < 0.01
    assert dropper.drop is not None and dropper.drop > 0.1
    assert not steady.significant and steady.pre_minus_post == pytest.approx(0.0)
    assert steady.pvalue is not None and steady.pvalue > 0.3
    assert (dropper.n_undated, dropper.pre.n, dropper.post.n) == (1, 20, 20)  # type: ignore[union-attr]
    assert (report.n_models_with_post, report.n_drop, report.n_significant) == (2, 1, 1)


def test_numbers_match_hand_computation_and_scipy(two_runs: list[Path]) -> None:
    runs = load_runs(two_runs)
    scores = runs[0].scores()
    pre = [v for c, v in scores.items() if c.startswith("pre")]
    post = [v for c, v in scores.items() if c.startswith("post")]
    result = contamination(runs, resolve_cutoffs(runs), n_resamples=4000).models[0]
    assert result.pre.score == pytest.approx(np.mean(pre))  # type: ignore[union-attr]
    assert result.full.score == pytest.approx(np.mean(pre + post))  # type: ignore[union-attr]
    assert result.drop == pytest.approx(np.mean(pre + post) - np.mean(post))
    reference = sps.permutation_test(
        (pre, post),
        lambda a, b, axis: np.mean(a, axis=axis) - np.mean(b, axis=axis),
        permutation_type="independent",
        alternative="greater",
        n_resamples=4000,
        random_state=0,
    )
    assert result.pvalue == pytest.approx(reference.pvalue, abs=0.01)
    months = {p.months_from_cutoff: p.n for p in result.by_month}
    assert sum(months.values()) == 40 and min(months) == months_between(
        dt.date(2024, 6, 1), dt.date(2023, 1, 15)
    )


def test_cutoff_sources_in_order_of_precedence(make_run) -> None:  # type: ignore[no-untyped-def]
    specs = [{"case_id": "a", "hits": 5, "published_at": "2024-01-01"}]
    runs = load_runs(
        [
            make_run("gpt-4o", specs),  # only the known-models table knows it
            make_run("recorded", specs, cutoff="2024-02-01"),
            make_run("in-config", specs, cutoff="2024-02-01"),
            make_run("overridden", specs, cutoff="2024-02-01"),
        ]
    )
    config = MedrubricConfig.model_validate(
        {
            "models": {
                "x": {"provider": "openai", "model": "in-config", "knowledge_cutoff": "2023-03-01"}
            }
        }
    )
    got = resolve_cutoffs(runs, parse_overrides(["overridden=2022-05-06"]), config)
    assert got == {
        "gpt-4o": Cutoff(date=dt.date(2023, 10, 1), source="known-models table"),
        "recorded": Cutoff(date=dt.date(2024, 2, 1), source="run record"),
        "in-config": Cutoff(date=dt.date(2023, 3, 1), source="medrubric.toml"),
        "overridden": Cutoff(date=dt.date(2022, 5, 6), source="--cutoff"),
    }


def test_unknown_cutoff_is_skipped_and_bad_overrides_are_input_errors(make_run) -> None:  # type: ignore[no-untyped-def]
    runs = load_runs(
        [make_run("mystery", [{"case_id": "a", "hits": 5, "published_at": "2024-01-01"}])]
    )
    report = contamination(runs, resolve_cutoffs(runs, config=MedrubricConfig()))
    assert report.models == [] and "mystery" in report.skipped
    with pytest.raises(InputError, match="MODEL=YYYY-MM-DD"):
        parse_overrides(["no-equals-sign"])
    with pytest.raises(InputError, match="not a YYYY-MM-DD"):
        parse_overrides(["m=June"])
    with pytest.raises(InputError, match="names no model"):
        resolve_cutoffs(runs, {"other": dt.date(2024, 1, 1)}, MedrubricConfig())
