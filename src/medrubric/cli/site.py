"""`medrubric site build`: runs and releases to a static leaderboard site."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console


def build_cmd(
    runs: Annotated[
        list[Path], typer.Argument(metavar="RUN...", help="Run directories (one model each).")
    ],
    out: Annotated[Path, typer.Option("--out", help="Folder for the site (created).")],
    releases: Annotated[
        list[Path] | None,
        typer.Option("--releases", metavar="REL", help="Release folder (repeatable)."),
    ] = None,
    cutoff: Annotated[
        list[str] | None,
        typer.Option("--cutoff", metavar="MODEL=YYYY-MM-DD", help="Knowledge cutoff (repeatable)."),
    ] = None,
    analysis: Annotated[
        list[Path] | None,
        typer.Option(
            "--analysis",
            metavar="DIR",
            help="Error types: an `analyze errors` or audit folder (repeatable).",
        ),
    ] = None,
    title: Annotated[str, typer.Option("--title", help="Page title.")] = "medrubric leaderboard",
) -> None:
    """A static site: leaderboard with a publication window, filters, drill-down, releases."""
    from medrubric.analysis.cutoffs import parse_overrides
    from medrubric.site.build import SiteOptions, run_site

    result = run_site(
        SiteOptions(
            runs=runs,
            out=out,
            releases=releases or [],
            cutoffs=parse_overrides(cutoff or []),
            analysis=analysis or [],
            title=title,
        )
    )
    Console().print(
        f"wrote {result.out}/index.html: models {result.n_models}, cases {result.n_cases}, "
        f"releases {result.n_releases}, files {result.n_files}, "
        f"{result.n_bytes / 1_000_000:.1f} MB",
        soft_wrap=True,
        highlight=False,
    )


def register(app: typer.Typer) -> None:
    site = typer.Typer(help="The leaderboard site (static files).", no_args_is_help=True)
    site.command("build")(build_cmd)
    app.add_typer(site, name="site")
