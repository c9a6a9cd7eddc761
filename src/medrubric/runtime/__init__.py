"""What every model-calling stage runs on: the model options, run folders with resumable
logs, the bounded-concurrency runner with its progress display, prompt helpers and figures."""

from __future__ import annotations

from typing import TYPE_CHECKING

from medrubric.lazy import lazy_getattr

if TYPE_CHECKING:
    from medrubric.runtime.concurrency import (
        bounded,
        count_finished,
        run_in_order,
        run_unfinished,
        unfinished,
    )
    from medrubric.runtime.figures import png_base64, png_bytes, pyplot
    from medrubric.runtime.folder import (
        RunFolder,
        drop_torn_tail,
        read_json,
        read_latest,
        read_log,
        readable_log,
    )
    from medrubric.runtime.options import ModelOptions
    from medrubric.runtime.progress import (
        CallTally,
        Outcome,
        ProgressDisplay,
        RunProgress,
        outcome_progress,
    )
    from medrubric.runtime.prompting import conversation_text, fence_tag

# Public name -> submodule that defines it; loaded on first access.
_EXPORTS = {
    "bounded": "concurrency",
    "count_finished": "concurrency",
    "run_in_order": "concurrency",
    "run_unfinished": "concurrency",
    "unfinished": "concurrency",
    "png_base64": "figures",
    "png_bytes": "figures",
    "pyplot": "figures",
    "RunFolder": "folder",
    "drop_torn_tail": "folder",
    "read_json": "folder",
    "read_latest": "folder",
    "read_log": "folder",
    "readable_log": "folder",
    "ModelOptions": "options",
    "CallTally": "progress",
    "Outcome": "progress",
    "ProgressDisplay": "progress",
    "RunProgress": "progress",
    "outcome_progress": "progress",
    "conversation_text": "prompting",
    "fence_tag": "prompting",
}

__all__ = [
    "CallTally",
    "ModelOptions",
    "Outcome",
    "ProgressDisplay",
    "RunFolder",
    "RunProgress",
    "bounded",
    "conversation_text",
    "count_finished",
    "drop_torn_tail",
    "fence_tag",
    "outcome_progress",
    "png_base64",
    "png_bytes",
    "pyplot",
    "read_json",
    "read_latest",
    "read_log",
    "readable_log",
    "run_in_order",
    "run_unfinished",
    "unfinished",
]

__getattr__ = lazy_getattr(__name__, _EXPORTS)
