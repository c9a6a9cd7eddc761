"""`medrubric review ...`: physician review studies (create, accounts, serve, agreement,
export/import)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from medrubric.errors import InputError
from medrubric.runtime.numbers import interval

if TYPE_CHECKING:
    from medrubric.review.agreement import AgreementReport

ProjectArg = Annotated[Path, typer.Argument(metavar="DIR", help="Review project folder.")]
DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        envvar="MEDRUBRIC_REVIEW_DB",
        help="postgresql://USER:PASSWORD@HOST:PORT/DATABASE for a team database "
        "(default: SQLite in DIR).",
    ),
]
LoginArg = Annotated[str, typer.Argument(metavar="NAME", help="Login name.")]
PasswordEnvOption = Annotated[
    str | None,
    typer.Option("--password-env", help="Read the password from this environment variable."),
]


def create_command(
    directory: ProjectArg,
    source: Annotated[
        str,
        typer.Option("--from", help="Snapshot folder, cases file, 'sample', or run directory."),
    ],
    tasks: Annotated[
        str, typer.Option("--tasks", help="Comma list of case,criterion,verdict,injected.")
    ] = "case,criterion",
    sample: Annotated[
        int | None, typer.Option("--sample", help="Groups per task drawn at random (default all).")
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the sample and order.")] = 0,
    reviewers_per_item: Annotated[
        int, typer.Option("--reviewers-per-item", help="Reviewers labelling each item.")
    ] = 2,
    pairs: Annotated[
        Path | None, typer.Option("--pairs", help="Audit pairs JSONL (injected-error task).")
    ] = None,
    from_lint: Annotated[
        Path | None,
        typer.Option(
            "--from-lint",
            help="lint.jsonl of `rubric lint`: the criterion task reviews the flagged criteria, "
            "worst first (--sample keeps the worst N cases).",
        ),
    ] = None,
    database: DbOption = None,
) -> None:
    """Create a review project with the chosen tasks' items."""
    from medrubric.review import project as review_project
    from medrubric.review.tasks import parse_tasks

    n = review_project.create(
        directory,
        source,
        parse_tasks(tasks),
        sample,
        seed,
        reviewers_per_item,
        pairs,
        database,
        from_lint,
    )
    typer.echo(f"created {directory} with {n} items; add reviewers with `review add-reviewer`")


def _has_terminal() -> bool:
    """Whether a password can be typed: the controlling terminal (where getpass reads), else
    an interactive standard input."""
    try:
        with open("/dev/tty"):
            return True
    except OSError:
        return sys.stdin.isatty()


def _password(env_name: str | None) -> str:
    """From the named environment variable, else prompted twice without echo on a terminal."""
    if env_name is None:
        if not _has_terminal():
            raise InputError(
                "no terminal to type the password in: put it in an environment variable and "
                "name that with --password-env NAME"
            )
        return str(typer.prompt("Password", hide_input=True, confirmation_prompt=True))
    password = os.environ.get(env_name)
    if password is None:
        raise InputError(f"--password-env: environment variable {env_name} is not set")
    return password


def add_reviewer_command(
    directory: ProjectArg,
    name: LoginArg,
    owner: Annotated[
        bool, typer.Option("--owner", help="Study owner: sees progress and agreement.")
    ] = False,
    password_env: PasswordEnvOption = None,
    database: DbOption = None,
) -> None:
    """Create an account; the password is prompted unless --password-env names it."""
    from medrubric.review import project as review_project

    who = review_project.add_reviewer(directory, name, _password(password_env), owner, database)
    typer.echo(f"added {'owner' if who.is_owner else 'reviewer'} {who.name}")


def passwd_command(
    directory: ProjectArg,
    name: LoginArg,
    password_env: PasswordEnvOption = None,
    database: DbOption = None,
) -> None:
    """Set a new password; the account's open sessions end at once."""
    from medrubric.review import project as review_project

    review_project.set_password(directory, name, _password(password_env), database)
    typer.echo(f"password of {name} changed; its sessions are logged out")


def serve_command(
    project: Annotated[Path, typer.Option("--project", help="Review project folder.")],
    host: Annotated[str, typer.Option("--host", help="Interface to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port.")] = 8765,
    allowed_hosts: Annotated[
        list[str] | None,
        typer.Option(
            "--allowed-host",
            help="Host name browsers use to reach the app (repeatable; default: --host).",
        ),
    ] = None,
    https_only: Annotated[
        bool,
        typer.Option("--https-only", help="Behind TLS: Secure cookie and HSTS header."),
    ] = False,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            "--forwarded-allow-ips",
            help="Comma list of the reverse proxies' addresses whose X-Forwarded-For and "
            "X-Forwarded-Proto are trusted (default: none; the client is the TCP peer).",
        ),
    ] = None,
    database: DbOption = None,
) -> None:
    """Run the review web app until Ctrl-C."""
    import uvicorn

    from medrubric.review.app import create_app
    from medrubric.review.hosts import WILDCARD_ADDRESSES, default_hosts

    if not allowed_hosts and host in WILDCARD_ADDRESSES:
        raise InputError(
            f"--allowed-host: name the host names reviewers use when listening on {host!r}"
        )
    app = create_app(
        project,
        database=database,
        allowed_hosts=allowed_hosts or default_hosts(host),
        https_only=https_only,
    )
    scheme = "https" if https_only else "http"
    typer.echo(f"review app on {scheme}://{host}:{port}/ (Ctrl-C stops it)", err=True)
    # uvicorn would trust X-Forwarded-For from 127.0.0.1 unless told otherwise: anyone on the
    # machine could then pick the address the login throttle counts against
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        proxy_headers=bool(forwarded_allow_ips),
        forwarded_allow_ips=forwarded_allow_ips or "",
        server_header=False,
    )


def _fmt(x: float | None) -> str:
    return "–" if x is None else f"{x:.3f}"


def _print_report(report: AgreementReport) -> None:
    console = Console()
    table = Table(title="Inter-rater agreement")
    columns = ("facet", "units", "answers", "can't judge", "raters", "AC1", "AC1 95% CI")
    for column in (*columns, "Fleiss κ", "κ 95% CI", "raw", "Cohen κ"):
        table.add_column(column)
    for f in report.facets:
        table.add_row(
            f.facet,
            str(f.n_units),
            str(f.n_labels),
            str(f.n_unsure),
            str(f.n_raters),
            _fmt(f.gwet_ac1),
            interval(*f.gwet_ac1_ci95, 3),
            _fmt(f.fleiss_kappa),
            interval(*f.fleiss_kappa_ci95, 3),
            _fmt(f.raw_agreement),
            _fmt(f.cohen_kappa_mean),
        )
    console.print(table)
    for f in report.facets:
        if f.kappa_note:
            console.print(f"{f.facet}: {f.kappa_note}")
    if report.fidelity:
        fd = report.fidelity
        console.print(
            f"Macro F1 grader vs reviewers {_fmt(fd.grader_vs_reviewer_mean)}, "
            f"reviewer vs reviewer {_fmt(fd.reviewer_vs_reviewer_mean)}; "
            f"case-level Pearson r {_fmt(fd.pearson)} over {fd.n_answers} answers"
        )
    if report.injected:
        inj = report.injected
        console.print(
            f"Injected errors: yes-rate {_fmt(inj.yes_rate)} "
            f"(95% CI {interval(inj.ci95[0], inj.ci95[1], 3)}, {inj.n_labels} reviews; "
            f"{inj.n_unsure} can't judge left out)"
        )


def agreement_command(
    directory: ProjectArg,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    database: DbOption = None,
) -> None:
    """Agreement figures from the labels stored so far."""
    from medrubric.review import project as review_project

    report = review_project.report(directory, database)
    if as_json:
        typer.echo(report.model_dump_json(indent=2))
    else:
        _print_report(report)


def export_command(
    directory: ProjectArg,
    out: Annotated[Path, typer.Option("--out", help="File to write.")],
    fmt: Annotated[
        str,
        typer.Option("--format", help="jsonl (archive, re-importable), csv, or meta-eval (CSV)."),
    ] = "jsonl",
    database: DbOption = None,
) -> None:
    """Write every label: JSONL to archive with the snapshot, or CSV for analysis."""
    from medrubric.review import project as review_project

    n = review_project.export_labels(directory, out, fmt, database)
    typer.echo(f"wrote {n} labels to {out}")


def import_command(
    directory: ProjectArg,
    labels: Annotated[Path, typer.Argument(metavar="LABELS", help="Labels JSONL from export.")],
    database: DbOption = None,
) -> None:
    """Read exported labels back (importing the same file twice changes nothing)."""
    from medrubric.review import project as review_project

    n = review_project.import_labels(directory, labels, database)
    typer.echo(f"imported {n} new or changed labels")


def register(app: typer.Typer) -> None:
    review_app = typer.Typer(help="Physician review web app and agreement.", no_args_is_help=True)
    review_app.command("create")(create_command)
    review_app.command("add-reviewer")(add_reviewer_command)
    review_app.command("passwd")(passwd_command)
    review_app.command("serve")(serve_command)
    review_app.command("agreement")(agreement_command)
    review_app.command("export")(export_command)
    review_app.command("import")(import_command)
    app.add_typer(review_app, name="review")
