"""The portable case bootstrap: the documented generator, re-implemented here from its
docstring with plain Python integers, and its intervals against numpy's generator."""

from __future__ import annotations

import numpy as np
import pytest

from medrubric.scoring import summarize
from medrubric.scoring.resample import (
    bootstrap_means,
    bootstrap_means_of,
    draw_ahead,
    forget_ahead,
    mean_ci,
    resample_counts,
    resample_indices,
)
from medrubric.stats import bootstrap_ci

M = 0xFFFFFFFF


def fmix(h: int) -> int:
    h ^= h >> 16
    h = (h * 0x85EBCA6B) & M
    h ^= h >> 13
    h = (h * 0xC2B2AE35) & M
    return h ^ (h >> 16)


def step(h: int, x: int) -> int:
    return (h + x * 0x9E3779B1 + 0x6A09E667) & M


def scalar_index(seed: int, n: int, r: int, i: int) -> int:
    s = seed % (1 << 64)
    key = fmix(step(fmix(step(0, s >> 32)), s & M))
    v = fmix(step(fmix(step(key, r)), i))
    a = 0
    while (v * n) & M < ((1 << 32) - n) % n:
        a += 1
        v = fmix(step(v, a))
    return (v * n) >> 32


@pytest.mark.parametrize("seed", [0, 7, -3, 2**40 + 5])
@pytest.mark.parametrize("n", [1, 3, 46, 1000])
def test_indices_follow_the_documented_algorithm(seed: int, n: int) -> None:
    got = resample_indices(seed, n, 5, 3)
    want = [[scalar_index(seed, n, r, i) for i in range(n)] for r in range(5, 8)]
    assert got.tolist() == want


def test_rejection_branch_is_taken_and_matches() -> None:
    n = 1_500_000  # 2**32 mod n is large here: about 1 draw in 10,000 is redrawn
    got = resample_indices(1, n, 0, 1)[0]
    s = 1 % (1 << 64)
    row = fmix(step(fmix(step(fmix(step(0, s >> 32)), s & M)), 0))
    threshold = ((1 << 32) - n) % n
    rejected = []
    i = 0
    while len(rejected) < 3:
        if (fmix(step(row, i)) * n) & M < threshold:
            rejected.append(i)
        i += 1
    assert [int(got[i]) for i in rejected] == [scalar_index(1, n, 0, i) for i in rejected]


def test_draws_are_uniform() -> None:
    counts = np.bincount(resample_indices(0, 7, 0, 50_000).ravel(), minlength=7)
    expected = 50_000
    chi2 = float((((counts - expected) ** 2) / expected).sum())
    assert chi2 < 22.5  # 6 degrees of freedom, p = 0.001


def test_interval_agrees_with_numpy_generator_within_monte_carlo_error() -> None:
    values = np.random.default_rng(3).random(200)
    lo, hi = mean_ci(values, seed=0, n_resamples=20_000)
    ref_lo, ref_hi = bootstrap_ci(values, n_resamples=20_000, seed=0)
    assert abs(lo - ref_lo) < 0.004 and abs(hi - ref_hi) < 0.004
    assert bootstrap_means(values, 0, 10).shape == (10,)


def _thirty_grades() -> list:
    """Thirty one-criterion grades, met by every third case."""
    from medrubric.data.models import CaseGrade, Verdict

    return [
        CaseGrade(
            case_id=f"c{i}",
            model="m",
            language="en",
            criteria=[Verdict(criterion_id="a", weight=2, met=i % 3 == 0)],
        )
        for i in range(30)
    ]


def test_summary_uses_the_portable_bootstrap() -> None:
    summary = summarize(_thirty_grades(), seed=4, n_resamples=500)
    values = [1.0 if i % 3 == 0 else 0.0 for i in range(30)]
    assert summary.ci95 == pytest.approx(mean_ci(values, 4, 500), abs=0)


def _plain(values: list[float], seed: int, n_resamples: int) -> list[float]:
    """The bootstrap means straight from the generator, one resample row at a time."""
    indices = resample_indices(seed, len(values), 0, n_resamples)
    return [float(np.mean(np.asarray(values)[row])) for row in indices]


def _means_equal(got: np.ndarray, want: list[float]) -> bool:
    """The means as dot products of counts equal the plain means to rounding (a sum in
    another order), not beyond it."""
    return bool(np.allclose(got, want, rtol=1e-13, atol=1e-15))


def test_counts_are_how_often_each_row_draws_each_value() -> None:
    indices = resample_indices(4, 9, 3, 20)
    counts = resample_counts(4, 9, 3, 20)
    assert counts.dtype == np.uint8 and counts.shape == (20, 9)
    assert [row.tolist() for row in counts] == [
        np.bincount(row, minlength=9).tolist() for row in indices
    ]


def test_strata_of_one_size_share_their_blocks_and_keep_their_numbers(monkeypatch) -> None:
    monkeypatch.setattr("medrubric.scoring.resample._ROW_BUDGET", 40)  # blocks of 10 rows
    lists = [[0.1, 0.5, 0.9, 0.3], [1.0, 0.0, 0.0, 0.5], [0.2, 0.2, 0.7, 0.4]]
    drawn: list[tuple[int, int]] = []
    real = resample_indices

    def counted(seed: int, n: int, start: int, rows: int) -> np.ndarray:
        drawn.append((start, rows))
        return real(seed, n, start, rows)

    monkeypatch.setattr("medrubric.scoring.resample._COUNT_BUDGET", 40)  # blocks of 10 rows
    monkeypatch.setattr("medrubric.scoring.resample.resample_indices", counted)
    got = bootstrap_means_of(lists, 3, 25)
    assert drawn == [(0, 10), (10, 10), (20, 5)]  # each block once for the three lists
    assert all(_means_equal(g, _plain(v, 3, 25)) for g, v in zip(got, lists, strict=True))
    assert [g.tolist() for g in got] == [bootstrap_means(v, 3, 25).tolist() for v in lists]
    with pytest.raises(ValueError, match="differ in size"):
        bootstrap_means_of([[1.0], [1.0, 2.0]], 0, 5)


def test_tables_drawn_ahead_give_the_same_means_and_are_used(monkeypatch) -> None:
    rng = np.random.default_rng(5)
    big, small = rng.random(300).tolist(), rng.random(7).tolist()
    want = [bootstrap_means(big, 9, 600).tolist(), bootstrap_means(small, 9, 600).tolist()]
    assert _means_equal(np.array(want[0]), _plain(big, 9, 600))
    try:
        # 300 values: 600 x 300 one-byte counts = 180,000 bytes; 7 values: 600 x 7
        assert draw_ahead(9, [300, 7, 300, 0], 600, 180_000) == [300]
        assert draw_ahead(9, [300, 7], 600, 10_000) == [7]
        monkeypatch.setattr("medrubric.scoring.resample.resample_indices", None)  # not drawn again
        assert bootstrap_means(big, 9, 600).tolist() == want[0]  # to the bit
        assert bootstrap_means(small, 9, 600).tolist() == want[1]
    finally:
        forget_ahead()
    with pytest.raises(TypeError):  # forgotten: drawn again when used (here by nothing)
        bootstrap_means(big, 9, 600)


def test_a_table_that_failed_to_draw_is_drawn_when_used(monkeypatch) -> None:
    def failing(*_args: object) -> np.ndarray:
        raise MemoryError("no room")

    values = [0.3, 0.9, 0.1, 0.6, 0.6]
    monkeypatch.setattr("medrubric.scoring.resample.resample_indices", failing)
    try:
        assert draw_ahead(2, [5, 3], 50, 1 << 20) == []
        monkeypatch.undo()
        assert _means_equal(bootstrap_means(values, 2, 50), _plain(values, 2, 50))
    finally:
        forget_ahead()


def test_the_summary_takes_its_dot_products_on_one_blas_thread(monkeypatch) -> None:
    """summarize's bootstraps run inside `stats.blas.one_blas_thread` (a spinning second BLAS
    thread doubled their CPU), and the process's BLAS threads are as they were after it."""
    from medrubric.scoring import summary
    from medrubric.stats.blas import blas_controller

    def blas_threads() -> list[int]:
        return [p["num_threads"] for p in blas_controller().info() if p["user_api"] == "blas"]

    seen: list[list[int]] = []
    real = summary.bootstrap_means_of

    def watched(*args, **kwargs):
        seen.append(blas_threads())
        return real(*args, **kwargs)

    monkeypatch.setattr(summary, "bootstrap_means_of", watched)
    before = blas_threads()
    summarize(_thirty_grades(), seed=4, n_resamples=200)
    assert seen and all(threads and set(threads) == {1} for threads in seen)
    assert blas_threads() == before
