"""Figures for reports: matplotlib on the Agg backend, rendered to PNG bytes or base64.

matplotlib loads on the first figure, not on import, so commands that draw nothing start fast.
"""

from __future__ import annotations

import base64
import functools
import io
from types import ModuleType
from typing import Any


@functools.cache
def pyplot() -> ModuleType:
    """`matplotlib.pyplot` on the Agg backend (no display needed), imported on first use."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def png_bytes(fig: Any) -> bytes:
    """The figure as PNG bytes; the figure is closed so long runs do not accumulate them."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    pyplot().close(fig)
    return buffer.getvalue()


def png_base64(fig: Any) -> str:
    """The figure as base64 PNG, for an inline `<img src="data:image/png;base64,...">`."""
    return base64.b64encode(png_bytes(fig)).decode("ascii")
