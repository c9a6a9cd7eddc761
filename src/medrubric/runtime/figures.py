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
    matplotlib.rcParams["svg.fonttype"] = "none"  # SVG text stays text: sharp, searchable
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


def svg_data_uri(fig: Any) -> str:
    """The figure as an SVG `data:` URI for an `<img src=...>`: one panel that scales with the
    page without its labels blurring (text stays text); the figure is closed."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    pyplot().close(fig)
    return "data:image/svg+xml;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")
