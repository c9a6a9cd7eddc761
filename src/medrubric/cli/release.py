"""`medrubric release POOL... --version V --from D --to D --out DIR` and
`medrubric release diff A B`: build a dated release snapshot, and compare two releases."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from medrubric.cli.lazy_group import default_command_group
from medrubric.data.jsonl import read_json_object
from medrubric.errors import InputError
from medrubric.evaluate.profiles import PROFILES

if TYPE_CHECKING:
    from medrubric.release import ReleaseDiff

BUILD = "build"
HubOut = Annotated[
    Path | None,
    typer.Option("--hub-out", help="Hugging Face dataset folder to write (default: OUT-hf)."),
]
HubLicense = Annotated[
    str | None,
    typer.Option(
        "--license", help="Hub license id for the dataset card, e.g. cc-by-4.0 (default: other)."
    ),
]


def grader_profile(value: str | None) -> dict[str, Any] | None:
    """A profile name (livemedbench, healthbench) or a JSON file pinning the grader."""
    if value is None:
        return None
    if value in PROFILES:
        return PROFILES[value].model_dump(mode="json")
    if Path(value).suffix.lower() == ".json":
        return read_json_object(Path(value))
    raise InputError(
        f"--grader-profile: {value!r} is neither a profile ({', '.join(PROFILES)}) nor a .json file"
    )


def build_command(
    pools: Annotated[
        list[str],
        typer.Argument(
            metavar="POOL...", help="Case pools, oldest first: cases files or snapshot folders."
        ),
    ],
    version: Annotated[str, typer.Option("--version", help="vYYYY.MM or vYYYY.MM.DD.")],
    date_from: Annotated[
        dt.datetime, typer.Option("--from", formats=["%Y-%m-%d"], help="First day (included).")
    ],
    date_to: Annotated[
        dt.datetime, typer.Option("--to", formats=["%Y-%m-%d"], help="Last day (included).")
    ],
    out: Annotated[Path, typer.Option("--out", help="New snapshot folder.")],
    profile: Annotated[
        str | None,
        typer.Option(
            "--grader-profile", help=f"Pinned grader: {', '.join(PROFILES)} or a JSON file."
        ),
    ] = None,
    hub_out: HubOut = None,
    license: HubLicense = None,
    runs: Annotated[
        list[Path] | None,
        typer.Option(
            "--runs", help="Graded run folder or grades file (repeat): lint with the item analysis."
        ),
    ] = None,
    allow_findings: Annotated[
        bool,
        typer.Option(
            "--allow-findings",
            help="Release despite error-severity rubric lint findings; the manifest lists them.",
        ),
    ] = False,
) -> None:
    """Freeze the cases published in [--from, --to] and write a Hugging Face dataset folder.

    The release is a snapshot in OUT (a case's earliest publication date decides whether it
    falls in the window) and its Hugging Face dataset folder next to it (OUT-hf)."""
    from medrubric.release import ReleaseOptions, run_release
    from medrubric.rubric.similarity import FALLBACK_NOTE, WORDS

    result = run_release(
        ReleaseOptions(
            pools=list(pools), version=version, date_from=date_from.date(),
            date_to=date_to.date(), out=out, grader_profile=grader_profile(profile),
            runs=runs or [], allow_findings=allow_findings, hub_out=hub_out, license=license,
        )
    )  # fmt: skip
    m = result.manifest
    lint = m.extra["rubric_lint"]
    if lint["duplicates"] == WORDS:
        typer.echo(FALLBACK_NOTE)
    typer.echo(
        f"rubric lint: {lint['counts']['error']} errors, {lint['counts']['warning']} warnings, "
        f"{lint['counts']['note']} notes"
        + (f" ({len(lint['allowed_errors'])} errors allowed)" if lint["allowed_errors"] else "")
    )
    typer.echo(
        f"released {m.n_cases} cases ({m.n_criteria} criteria) as {m.version} in {out}: "
        f"{result.n_outside} outside the window, {result.n_undated} undated, "
        f"of {result.n_pool} in the pool"
    )
    typer.echo(f"snapshot hash {m.snapshot_hash}")
    if not result.hub_written:
        typer.echo(
            f"note: no dataset folder written: Parquet needs pyarrow (pip install "
            f"'medrubric[hub]'), then `medrubric snapshot hub {out} --out {result.hub}`",
            err=True,
        )
        return
    typer.echo(f"Hugging Face dataset folder {result.hub}")


def diff_table(diff: ReleaseDiff) -> Table:
    table = Table(
        title=f"{len(diff.added)} added · {len(diff.removed)} removed · "
        f"{len(diff.changed)} changed · {diff.unchanged} unchanged"
    )
    for column in ("change", "case", "details"):
        table.add_column(column)
    for case_id in diff.added:
        table.add_row("added", case_id, "")
    for case_id in diff.removed:
        table.add_row("removed", case_id, "")
    for change in diff.changed:
        details = [f"fields: {', '.join(change.fields)}"]
        details += [f"+criterion {i}" for i in change.criteria_added]
        details += [f"-criterion {i}" for i in change.criteria_removed]
        details += [f"~criterion {c.id}: {', '.join(c.fields)}" for c in change.criteria_changed]
        table.add_row("changed", change.id, "\n".join(details))
    return table


def diff_command(
    a: Annotated[str, typer.Argument(help="The older release (snapshot folder or cases file).")],
    b: Annotated[str, typer.Argument(help="The newer release (snapshot folder or cases file).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the diff as JSON.")] = False,
) -> None:
    """Cases added, removed and changed from A to B; criteria changes by criterion id."""
    from medrubric.data.formats import load_cases
    from medrubric.release import diff_cases

    diff = diff_cases(load_cases(a), load_cases(b))
    if as_json:
        typer.echo(diff.model_dump_json(indent=2))
    else:
        Console().print(diff_table(diff))


def register(app: typer.Typer) -> None:
    release_app = typer.Typer(
        cls=default_command_group(BUILD),
        help="Build dated release snapshots from case pools; diff two releases.",
        no_args_is_help=True,
    )
    release_app.command(BUILD)(build_command)
    release_app.command("diff")(diff_command)
    app.add_typer(release_app, name="release")
