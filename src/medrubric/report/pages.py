"""The pages report/ writes for other stages' typed results: the curation funnel, rubric
statistics and the leaderboard of several runs. Each output file has one writer here; the
stages below report/ return data and write their own JSON."""

from __future__ import annotations

import base64
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from medrubric.errors import InputError
from medrubric.files import write_bytes_atomic, write_text_atomic
from medrubric.report.render import write_page

if TYPE_CHECKING:
    from medrubric.curate.schemas import Funnel
    from medrubric.report.leaderboard import LeaderboardRow
    from medrubric.rubric.stats import RubricStats

REPORT_HTML = "report.html"
FUNNEL_PNG = "funnel.png"
LEADERBOARD_MD, LEADERBOARD_HTML = "leaderboard.md", "leaderboard.html"


def write_curation_report(out: Path, funnel: Funnel) -> Path:
    """OUT/funnel.png and OUT/report.html (chart, counts, rejection reasons) of a curation run."""
    from medrubric.curate.report import funnel_png
    from medrubric.curate.schemas import STAGES

    png = funnel_png(funnel)
    write_bytes_atomic(out / FUNNEL_PNG, png)
    return write_page(
        out / REPORT_HTML,
        "curate/funnel.html.j2",
        f=funnel,
        stages=STAGES,
        reasons=sorted(funnel.reasons.items(), key=lambda item: -item[1]),
        chart=base64.b64encode(png).decode("ascii"),
    )


def write_rubric_stats_page(out: Path, stats: RubricStats) -> Path:
    """OUT/report.html of a rubric run: theme and axis mix against the paper's."""
    from medrubric.rubric.stats import comparison_rows, mix_chart

    return write_page(
        out / REPORT_HTML,
        "rubric/stats.html.j2",
        s=stats,
        rows=comparison_rows(stats),
        chart=mix_chart(stats),
    )


def run_link(out: Path, run: str) -> str | None:
    """The href of a run's report.html relative to a page in `out`, when the run has one."""
    report = Path(run) / REPORT_HTML
    if not report.is_file():
        return None
    return Path(os.path.relpath(report.resolve(), out.resolve())).as_posix()


def analysis_links(out: Path, folders: Sequence[Path]) -> list[tuple[str, str]]:
    """(href relative to a page in `out`, title) of every HTML page in the analysis folders,
    in folder order then by file name; a folder that is missing or holds no page is an input
    error."""
    entries: list[tuple[str, str]] = []
    for folder in folders:
        pages = sorted(folder.glob("*.html")) if folder.is_dir() else []
        if not pages:
            raise InputError(f"{folder}: --analysis: no .html analysis page in this folder")
        for page in pages:
            href = Path(os.path.relpath(page.resolve(), out.resolve())).as_posix()
            entries.append((href, f"{folder.name}/{page.stem.replace('_', ' ')}"))
    return entries


def write_leaderboard(
    out: Path, rows: Sequence[LeaderboardRow], analysis: Sequence[Path] = ()
) -> tuple[Path, Path]:
    """OUT/leaderboard.md and OUT/leaderboard.html (each run linked to its report.html, and
    every page of the `analysis` folders linked from the top of the page)."""
    from medrubric.report.html import leaderboard_html
    from medrubric.report.leaderboard import leaderboard_markdown

    pages = analysis_links(out, analysis)  # checked before anything is written
    write_text_atomic(out / LEADERBOARD_MD, leaderboard_markdown(rows))
    links = {r.run: run_link(out, r.run) for r in rows}
    write_text_atomic(out / LEADERBOARD_HTML, leaderboard_html(rows, links, pages))
    return out / LEADERBOARD_MD, out / LEADERBOARD_HTML
