"""The curation funnel as a console table and a PNG chart (report/ renders its page)."""

from __future__ import annotations

from rich.table import Table

from medrubric.curate.schemas import Funnel


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
