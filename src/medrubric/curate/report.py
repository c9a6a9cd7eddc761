"""The curation funnel as a console table, a PNG chart and an HTML report section."""

from __future__ import annotations

import base64
import html
from pathlib import Path

from rich.table import Table

from medrubric.curate.schemas import STAGES, Funnel

FUNNEL_PNG = "funnel.png"
REPORT_HTML = "report.html"
FUNNEL_JSON = "funnel.json"


def _share(n: int, of: int) -> str:
    return f"{100 * n / of:.1f}%" if of else "-"


def funnel_table(funnel: Funnel) -> Table:
    table = Table(title="Curation funnel")
    for column in ("step", "threads", "of harvested", "rejected here", "errors here"):
        table.add_column(column, justify="left" if column == "step" else "right")
    for step, count in funnel.steps():
        stage = {"screened": "screener", "validated": "validator", "controlled": "controller"}
        name = stage.get(step)
        rejected = str(funnel.rejected.get(name, 0)) if name else ""
        errors = str(funnel.errors.get(name, 0)) if name else ""
        table.add_row(step, str(count), _share(count, funnel.harvested), rejected, errors)
    if funnel.pending:
        table.add_row("pending", str(funnel.pending), "", "", "")
    return table


def funnel_png(funnel: Funnel) -> bytes:
    from medrubric.runtime.figures import png_bytes, pyplot

    plt = pyplot()

    steps = funnel.steps()
    fig, ax = plt.subplots(figsize=(7, 3.2))
    positions = range(len(steps))
    counts = [n for _, n in steps]
    ax.barh(positions, counts, color="#4c78a8")
    ax.set_yticks(list(positions), [name for name, _ in steps])
    ax.invert_yaxis()
    for pos, n in zip(positions, counts, strict=True):
        ax.text(n, pos, f" {n}", va="center")
    ax.set_xlabel("threads")
    ax.set_title("Curation funnel")
    ax.set_xlim(0, max(counts + [1]) * 1.15)
    return png_bytes(fig)


def funnel_html(funnel: Funnel, png: bytes) -> str:
    """A self-contained HTML section: the chart inline, the counts and the rejection reasons."""
    rows = "".join(
        f"<tr><td>{step}</td><td>{n}</td><td>{_share(n, funnel.harvested)}</td></tr>"
        for step, n in funnel.steps()
    )
    stages = "".join(
        f"<tr><td>{s}</td><td>{funnel.rejected.get(s, 0)}</td>"
        f"<td>{funnel.errors.get(s, 0)}</td></tr>"
        for s in STAGES
    )
    reasons = "".join(
        f"<tr><td>{html.escape(r)}</td><td>{n}</td></tr>"
        for r, n in sorted(funnel.reasons.items(), key=lambda item: -item[1])
    )
    image = base64.b64encode(png).decode("ascii")
    return (
        '<section id="curation-funnel"><h2>Curation funnel</h2>'
        f'<img alt="curation funnel" src="data:image/png;base64,{image}">'
        "<table><tr><th>step</th><th>threads</th><th>of harvested</th></tr>"
        f"{rows}</table>"
        "<h3>Stopped by stage</h3><table><tr><th>stage</th><th>rejected</th><th>errors</th></tr>"
        f"{stages}</table>"
        f"<h3>Reasons</h3><table><tr><th>reason</th><th>threads</th></tr>{reasons}</table>"
        "</section>"
    )


def write_funnel_report(out: Path, funnel: Funnel) -> None:
    """funnel.json, funnel.png and report.html in `out`."""
    png = funnel_png(funnel)
    (out / FUNNEL_JSON).write_text(funnel.model_dump_json(indent=2) + "\n", encoding="utf-8")
    (out / FUNNEL_PNG).write_bytes(png)
    page = (
        '<!doctype html><html><head><meta charset="utf-8"><title>medrubric curation</title>'
        "<style>body{font-family:sans-serif;margin:2em}td,th{padding:2px 10px;text-align:right}"
        "td:first-child,th:first-child{text-align:left}</style></head><body>"
        f"{funnel_html(funnel, png)}</body></html>\n"
    )
    (out / REPORT_HTML).write_text(page, encoding="utf-8")
