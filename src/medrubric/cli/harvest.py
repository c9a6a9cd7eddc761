"""`medrubric harvest`, `medrubric filter` and `medrubric redact`: collect raw threads, apply
the LiveMedBench collection filter, and redact personal identifiers."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.table import Table
from rich.text import Text

from medrubric.cli.options import EngineOpt, PartitionLines, RayAddress
from medrubric.errors import InputError, describe_validation_error

if TYPE_CHECKING:
    from medrubric.harvest.run import HarvestResult
    from medrubric.redact.redact_run import RedactResult

console = Console(stderr=True, soft_wrap=True)  # whole lines in logs, not cut at 80 columns


def _parse_date(value: str | None, option: str) -> dt.date | None:
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise InputError(f"{option}: expected a date like 2023-01-01, got {value!r}") from None


def harvest(
    out: Annotated[
        Path, typer.Option("--out", help="Threads JSONL; new or changed threads are appended.")
    ],
    source: Annotated[
        list[str] | None,
        typer.Option("--source", help="Site key to crawl, or a source name in --sources."),
    ] = None,
    config: Annotated[
        Path | None, typer.Option("--sources", help="Sources TOML file (see docs/harvest.md).")
    ] = None,
    since: Annotated[
        str | None, typer.Option("--since", help="Only threads published on/after this date.")
    ] = None,
    state_dir: Annotated[
        Path | None,
        typer.Option(
            "--state-dir", help="State and HTTP cache \\[default: .harvest-state by OUT]."
        ),
    ] = None,
    sites: Annotated[
        Path | None, typer.Option("--sites", help="Extra sites TOML (adds or replaces sites).")
    ] = None,
    min_delay: Annotated[
        float | None, typer.Option("--min-delay", min=0, help="Seconds between requests to a host.")
    ] = None,
    max_pages: Annotated[
        int | None, typer.Option("--max-pages", min=1, help="Pages per crawl run (then resumed).")
    ] = None,
) -> None:
    """Crawl sites or import dumps; append only new or changed threads to OUT."""
    from medrubric.harvest.run import HarvestOptions, run_harvest

    options = HarvestOptions(
        out=out, sources=source or [], sources_file=config, since=_parse_date(since, "--since"),
        state_dir=state_dir, sites=sites, min_delay=min_delay, max_pages=max_pages,
    )  # fmt: skip
    result = run_harvest(options)
    for name, last in result.last_run.items():
        console.print(f"{name}: previous finished run {last or 'none'}")
    Console().print(harvest_table(result))


def harvest_table(result: HarvestResult) -> Table:
    table = Table(title=f"harvest: {result.written} new or changed threads -> {result.out}")
    table.add_column("what")
    table.add_column("count", justify="right")
    for key, count in result.counts.items():
        table.add_row(key, str(count))
    return table


def summary_table(counts: Counter[str], total: int) -> Table:
    from medrubric.screen.reasons import REASONS

    table = Table(title=f"filter: {counts.get('kept', 0)} of {total} threads kept")
    table.add_column("outcome")
    table.add_column("threads", justify="right")
    table.add_column("share", justify="right")
    table.add_column("meaning")
    for outcome, count in counts.most_common():
        share = f"{count / total:.1%}" if total else "-"
        table.add_row(outcome, str(count), share, REASONS.get(outcome, "passed every rule"))
    return table


def filter_command(
    threads: Annotated[Path, typer.Argument(help="Threads JSONL.")],
    out: Annotated[
        Path, typer.Option("--out", help="Folder for kept.jsonl, rejected.jsonl, summary.json.")
    ],
    since: Annotated[str, typer.Option("--since", help="Earliest publication date kept.")] = (
        "2023-01-01"
    ),
    languages: Annotated[
        str, typer.Option("--languages", help="Comma-separated languages kept (en, zh).")
    ] = "en,zh",
    require_verified: Annotated[
        bool,
        typer.Option("--verified/--any-physician", help="Require a verified physician reply."),
    ] = True,
    reply_roles: Annotated[
        str, typer.Option("--reply-roles", help="Author roles that count as a physician reply.")
    ] = "physician",
    near_duplicate_threshold: Annotated[
        float, typer.Option("--near-duplicate-threshold", help="MinHash Jaccard threshold.")
    ] = 0.8,
    screen: Annotated[
        bool,
        typer.Option("--screen/--no-screen", help="Drop hate speech and discrimination."),
    ] = True,
    engine: EngineOpt = "local",
    ray_address: RayAddress = None,
    partition_lines: PartitionLines = 20_000,
) -> None:
    """Apply the LiveMedBench collection filter; every rejection gets a reason code."""
    from medrubric.scale.engine import Engine
    from medrubric.screen.filter import FilterConfig
    from medrubric.screen.filter_run import FilterOptions, run_filter

    try:
        config = FilterConfig(
            since=_parse_date(since, "--since") or dt.date(2023, 1, 1),
            languages=[x.strip() for x in languages.split(",") if x.strip()],
            require_verified=require_verified,
            reply_roles=[x.strip() for x in reply_roles.split(",") if x.strip()],
            near_duplicate_threshold=near_duplicate_threshold,
            screen=screen,
        )
    except ValidationError as exc:
        raise InputError(f"filter options: {describe_validation_error(exc)}") from None
    options = FilterOptions(
        threads=threads, out=out, config=config, engine=Engine.parse(engine, ray_address),
        partition_lines=partition_lines,
    )  # fmt: skip
    summary = run_filter(options).summary
    Console().print(summary_table(Counter(summary.counts), summary.total))


def redact(
    threads: Annotated[Path, typer.Argument(help="Threads JSONL.")],
    out: Annotated[Path, typer.Option("--out", help="Redacted threads JSONL.")],
    rejected: Annotated[
        Path | None,
        typer.Option(
            "--rejected",
            help="Threads still at risk after redaction (ids and reasons) \\[default: OUT with "
            "the suffix .rejected.jsonl].",
        ),
    ] = None,
    surrogates: Annotated[
        bool,
        typer.Option(
            "--surrogates",
            help="Replace identifiers with fakes consistent within a thread (the same name "
            "becomes the same fake name) and shift every date by one random offset per thread, "
            "instead of typed markers.",
        ),
    ] = False,
    engine: EngineOpt = "local",
    ray_address: RayAddress = None,
    partition_lines: PartitionLines = 20_000,
) -> None:
    """Replace identifiers with typed markers; set aside threads still at risk.

    Names, places, dates, phones, e-mails, ID numbers, URLs and IP addresses become typed
    markers (or surrogates); threads whose remaining text still risks re-identifying someone
    are set aside."""
    from medrubric.redact.redact_ner import ner_note
    from medrubric.redact.redact_run import RedactOptions, run_redact
    from medrubric.scale.engine import Engine

    options = RedactOptions(
        threads=threads, out=out, rejected=rejected, surrogates=surrogates,
        engine=Engine.parse(engine, ray_address), partition_lines=partition_lines,
    )  # fmt: skip
    if note := ner_note():
        console.print(f"note: {note}", markup=False)
    result = run_redact(options)
    Console().print(redact_table(result))
    if result.set_aside:
        console.print(
            f"reidentification_risk: {result.set_aside} threads set aside -> {result.rejected}"
        )


def redact_table(outcome: RedactResult) -> Table:
    """Where every thread went, then the identifiers replaced by kind."""
    table = Table(title=f"redact: {outcome.total} threads -> {outcome.out}")
    table.add_column("outcome")
    table.add_column("count", justify="right")
    table.add_row("threads kept unchanged", str(outcome.unchanged))
    table.add_row("threads kept, redacted", str(outcome.redacted))
    table.add_row("threads rejected (re-identification risk)", str(outcome.set_aside))
    table.add_section()
    for kind, count in outcome.counts.most_common():
        table.add_row(Text(f"identifiers replaced: [{kind}]"), str(count))
    if not outcome.counts:
        table.add_row("identifiers replaced", "0")
    return table


def register(app: typer.Typer) -> None:
    app.command("harvest")(harvest)
    app.command("filter")(filter_command)
    app.command("redact")(redact)
