"""numpy's BLAS held to one thread where many small products run (`stats.blas`)."""

from __future__ import annotations

import numpy as np

from medrubric.stats.blas import blas_controller, one_blas_thread


def _blas_threads() -> list[int]:
    return [p["num_threads"] for p in blas_controller().info() if p["user_api"] == "blas"]


def test_one_blas_thread_inside_and_the_threads_restored_after() -> None:
    np.dot(np.ones((2, 2)), np.ones(2))  # numpy's BLAS loaded
    before = _blas_threads()
    with one_blas_thread():
        assert _blas_threads() and all(n == 1 for n in _blas_threads())
    assert _blas_threads() == before
