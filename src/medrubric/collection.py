"""Python's cyclic garbage collector paused while a block runs: for importing a command's code.

An import makes modules, classes and functions, which live as long as the process and are
rarely garbage, but every ~700 new objects (20,000 in the command's process, `cli.main`) the
collector scans the young ones, and every tenth scan the older ones again: while `grade` loads
its code before its first request (its command module, the runner, aiohttp) those scans took
~0.06 CPU s and found next to nothing to free. Objects are still freed by reference counting.

In the command's own process (`keep_after_pause`, called by `cli.main.main`) what a paused
block leaves is moved to the collector's permanent generation as the block ends (gc.freeze),
so the first collection afterwards does not scan it all at once; elsewhere (a library caller,
the tests) the collector is only paused and resumed.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_freeze_after = False


def keep_after_pause() -> None:
    """From now on, a paused block's objects are frozen when it ends (the command's process:
    its heap is mostly long-lived, and it freezes every object at exit anyway)."""
    global _freeze_after
    _freeze_after = True


@contextmanager
def collection_paused() -> Iterator[None]:
    """No cyclic collection while the block runs; the collector is as it was afterwards (a
    block inside another, or run where collection is off, changes nothing)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        if _freeze_after:
            gc.freeze()
        gc.enable()
