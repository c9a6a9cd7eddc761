"""numpy's BLAS held to one thread where many small products run (`stats.blas`)."""

from __future__ import annotations

import numpy as np

from medrubric.scoring import summary
from medrubric.stats.blas import blas_controller, one_blas_thread


def _blas_threads() -> list[int]:
    return [p["num_threads"] for p in blas_controller().info() if p["user_api"] == "blas"]


def test_one_blas_thread_inside_and_the_threads_restored_after() -> None:
    np.dot(np.ones((2, 2)), np.ones(2))  # numpy's BLAS loaded
    before = _blas_threads()
    with one_blas_thread():
        assert _blas_threads() and all(n == 1 for n in _blas_threads())
    assert _blas_threads() == before


def test_the_summary_takes_its_dot_products_on_one_blas_thread(monkeypatch) -> None:
    from medrubric.data.models import CaseGrade, Verdict

    seen: list[list[int]] = []
    real = summary.bootstrap_means_of

    def watched(*args, **kwargs):
        seen.append(_blas_threads())
        return real(*args, **kwargs)

    monkeypatch.setattr(summary, "bootstrap_means_of", watched)
    grades = [
        CaseGrade(
            case_id=f"c{i}",
            model="m",
            language="en",
            criteria=[Verdict(criterion_id="a", weight=2, met=i % 3 == 0)],
        )
        for i in range(30)
    ]
    with_threads = _blas_threads()
    summary.summarize(grades, seed=4, n_resamples=200)
    assert seen and all(threads and set(threads) == {1} for threads in seen)
    assert _blas_threads() == with_threads
