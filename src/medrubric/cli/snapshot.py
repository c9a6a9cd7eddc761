"""`medrubric snapshot freeze|verify|hash|hub`: release and check frozen case sets, and
write one as a Hugging Face dataset folder."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from medrubric.cli.release import HubLicense


def freeze_command(
    cases: Annotated[
        str,
        typer.Argument(metavar="CASES", help="Cases file in any supported format, or 'sample'."),
    ],
    version: Annotated[str, typer.Option("--version", help="vYYYY.MM or vYYYY.MM.DD.")],
    out: Annotated[Path, typer.Option("--out", help="New snapshot folder.")],
    grader_profile: Annotated[
        Path | None,
        typer.Option("--grader-profile", help="JSON file pinning the grader (model, prompt)."),
    ] = None,
    input_format: Annotated[
        str | None, typer.Option("--format", help="Input format (default: detected).")
    ] = None,
) -> None:
    """Write cases.jsonl, README.md and manifest.json into a new folder."""
    from medrubric.snapshot import FreezeOptions, run_freeze

    result = run_freeze(
        FreezeOptions(
            cases=cases,
            version=version,
            out=out,
            grader_profile=grader_profile,
            input_format=input_format,
        )
    )
    manifest = result.manifest
    Console().print(
        f"froze {manifest.n_cases} cases ({manifest.n_criteria} criteria) as {manifest.version} "
        f"in {result.out}\nsnapshot hash {manifest.snapshot_hash}"
    )


def verify_command(
    directory: Annotated[
        Path, typer.Argument(metavar="DIR", help="Snapshot folder or its dataset folder.")
    ],
    expect: Annotated[
        str | None, typer.Option("--expect", help="Snapshot hash a run recorded.")
    ] = None,
) -> None:
    """Exit 0 if every byte matches the manifest; otherwise name each offending file, exit 1."""
    from medrubric.snapshot import verify

    report = verify(directory, expected_hash=expect)
    if report.ok:
        typer.echo(f"OK: {report.n_files} files verified, hash {report.snapshot_hash}")
        return
    for problem in report.problems:
        typer.echo(f"FAILED {problem}", err=True)
    raise typer.Exit(1)


def hub_command(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="Snapshot folder.")],
    out: Annotated[Path, typer.Option("--out", help="New dataset folder.")],
    license: HubLicense = None,
) -> None:
    """Write a snapshot as a Hugging Face dataset folder: Parquet, dataset card, manifest."""
    from medrubric.report.card import HubOptions, run_hub

    result = run_hub(HubOptions(snapshot=directory, out=out, license=license))
    typer.echo(
        f"{result.out}: {result.manifest.n_cases} cases of {result.manifest.version} "
        "as a dataset folder"
    )


def hash_command(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="Snapshot folder.")],
) -> None:
    """Print the snapshot hash recomputed from the folder's bytes."""
    from medrubric.snapshot import snapshot_hash

    typer.echo(snapshot_hash(directory))


def register(app: typer.Typer) -> None:
    snapshot_app = typer.Typer(
        help="Freeze case sets into checksummed snapshots and verify them.", no_args_is_help=True
    )
    snapshot_app.command("freeze")(freeze_command)
    snapshot_app.command("verify")(verify_command)
    snapshot_app.command("hub")(hub_command)
    snapshot_app.command("hash")(hash_command)
    app.add_typer(snapshot_app, name="snapshot")
