"""numpy's BLAS on the calling thread alone, for work made of many small matrix products
(the bootstraps' dot products of counts, spaCy's layers): a second BLAS thread spends more CPU
waiting for work than it saves, and spins on a core that the work's own threads need."""

from __future__ import annotations

from contextlib import AbstractContextManager
from functools import lru_cache
from typing import Any


@lru_cache(maxsize=1)
def blas_controller() -> Any:
    """threadpoolctl's controller of the libraries loaded (built on first use: a command
    builds it while its calls are in flight, not in its last second)."""
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController()  # reads the BLAS libraries loaded (a few ms), once


def one_blas_thread() -> AbstractContextManager[Any]:
    """A context in which numpy's BLAS runs one thread (the whole process's BLAS: enter it
    where no other thread needs more)."""
    return blas_controller().limit(limits=1, user_api="blas")  # type: ignore[no-any-return]
