"""`collection_paused`: no cyclic collection inside the block, the collector as it was after."""

from __future__ import annotations

import gc
import subprocess
import sys

import pytest

from medrubric.collection import collection_paused


def test_paused_inside_and_on_again_after_even_on_error() -> None:
    assert gc.isenabled()
    with collection_paused():
        assert not gc.isenabled()
        with collection_paused():  # nested: the outer block decides
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(RuntimeError), collection_paused():
        raise RuntimeError("stops the block")
    assert gc.isenabled()


def test_left_off_where_it_was_off() -> None:
    gc.disable()
    try:
        with collection_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_command_process_keeps_what_a_paused_block_made() -> None:
    """After `keep_after_pause` (the command's own process) a block's objects go to the
    permanent generation as it ends, so the next collection does not scan them."""
    script = (
        "import gc\n"
        "from medrubric.collection import collection_paused, keep_after_pause\n"
        "keep_after_pause()\n"
        "before = gc.get_freeze_count()\n"
        "with collection_paused():\n"
        "    made = [[i] for i in range(50_000)]\n"
        "print(gc.get_freeze_count() - before >= 50_000, gc.isenabled())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.split() == ["True", "True"]
