"""`medrubric harvest`, `medrubric filter` and `medrubric redact`: collect raw threads, apply
the LiveMedBench collection filter, and redact personal identifiers."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.table import Table
from rich.text import Text

from medrubric.cli.options import EngineOpt, PartitionLines, RayAddress
from medrubric.data.jsonl import append_jsonl, iter_json_lines, write_json
from medrubric.errors import InputError, describe_validation_error
from medrubric.runtime.progress import NoTally, ProgressDisplay, StatusTally

if TYPE_CHECKING:
    from medrubric.harvest.source import HarvestConfig
    from medrubric.redact.redact_run import RedactOutcome

console = Console(stderr=True, soft_wrap=True)  # whole lines in logs, not cut at 80 columns


def _stage_callbacks(progress: ProgressDisplay) -> dict[str, Callable[..., None]]:
    """on_stage/on_step for a partitioned run: one bar per stage, each finished in turn."""
    current: list[str] = []

    def stage(name: str, total: int) -> None:
        if current:
            progress.complete(current.pop())
        progress.stage(name, total=total)
        current.append(name)

    return {"on_stage": stage, "on_step": lambda n: progress.advance(current[-1], n)}


def _parse_date(value: str | None, option: str) -> dt.date | None:
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise InputError(f"{option}: expected a date like 2023-01-01, got {value!r}") from None


def _select_sources(config: HarvestConfig, names: list[str]) -> HarvestConfig:
    """Keep the named sources of the config; a name that is not there is crawled as a site."""
    from medrubric.harvest.source import SourceSpec

    if not names:
        if not config.source:
            raise InputError(
                "nothing to harvest: pass --source NAME or a --sources file with [[source]]"
            )
        return config
    by_name = {s.name: s for s in config.source}
    chosen = [by_name.get(n) or SourceSpec(name=n, kind="crawl", site=n) for n in names]
    return config.model_copy(update={"source": chosen})


def _count_lines(path: Path) -> int:
    return sum(1 for _ in iter_json_lines(path))


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
    from medrubric.harvest.source import (
        HarvestConfig,
        HarvestReport,
        harvest_sources,
        load_harvest_config,
    )

    cfg = load_harvest_config(config) if config else HarvestConfig()
    if sites is not None:
        cfg = cfg.model_copy(update={"sites": sites})
    crawl = cfg.crawl.model_copy(
        update={
            k: v
            for k, v in {"min_delay": min_delay, "max_pages": max_pages}.items()
            if v is not None
        }
    )
    cfg = _select_sources(cfg.model_copy(update={"crawl": crawl}), source or [])
    report = HarvestReport()
    state = state_dir or out.parent / ".harvest-state"
    written = 0
    per_source = StatusTally([s.name for s in cfg.source])
    with ProgressDisplay(per_source, console) as progress:
        progress.stage("harvest", total=None)
        for thread in harvest_sources(
            cfg, state, since=_parse_date(since, "--since"), report=report
        ):
            append_jsonl(out, thread)
            written += 1
            per_source.counts[thread.source] += 1
            progress.advance("harvest")
    for name, last in report.last_run.items():
        console.print(f"{name}: previous finished run {last or 'none'}")
    table = Table(title=f"harvest: {written} new or changed threads -> {out}")
    table.add_column("what")
    table.add_column("count", justify="right")
    for key, count in sorted(
        {
            **report.threads,
            **report.crawl,
            **{f"pages:{k}": v for k, v in report.pages.items()},
        }.items()
    ):
        table.add_row(key, str(count))
    Console().print(table)


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
    from medrubric.screen.filter_run import run_filter

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
    chosen = Engine.parse(engine, ray_address)
    out.mkdir(parents=True, exist_ok=True)
    with ProgressDisplay(NoTally(), console) as progress:
        outcome = run_filter(
            threads, out, config, chosen, partition_lines=partition_lines,
            **_stage_callbacks(progress),
        )  # fmt: skip
    counts = Counter(outcome.counts)
    summary = {
        "total": outcome.total,
        "counts": dict(counts),
        "config": config.model_dump(mode="json"),
    }
    write_json(out / "summary.json", summary)
    Console().print(summary_table(counts, outcome.total))


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
    """Replace names, places, dates, phones, e-mails, ID numbers, URLs and IP addresses with
    typed markers (or surrogates); set aside threads whose remaining text still risks
    re-identifying someone."""
    from medrubric.redact.redact_ner import ner_note
    from medrubric.redact.redact_run import run_redact
    from medrubric.scale.engine import Engine

    chosen = Engine.parse(engine, ray_address)
    rejected = rejected or out.with_name(out.name.removesuffix(".jsonl") + ".rejected.jsonl")
    if note := ner_note():
        console.print(f"note: {note}", markup=False)
    out.parent.mkdir(parents=True, exist_ok=True)
    rejected.parent.mkdir(parents=True, exist_ok=True)
    with ProgressDisplay(NoTally(), console) as progress:
        outcome = run_redact(
            threads, out, rejected, chosen, partition_lines=partition_lines,
            surrogates=surrogates, **_stage_callbacks(progress),
        )  # fmt: skip
    Console().print(redact_table(outcome, out))
    if outcome.set_aside:
        console.print(f"reidentification_risk: {outcome.set_aside} threads set aside -> {rejected}")


def redact_table(outcome: RedactOutcome, out: Path) -> Table:
    """Where every thread went, then the identifiers replaced by kind."""
    table = Table(title=f"redact: {outcome.total} threads -> {out}")
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
