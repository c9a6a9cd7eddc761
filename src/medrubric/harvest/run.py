"""`medrubric harvest` as one call: `run_harvest(HarvestOptions) -> HarvestResult`.

The stage chooses the sources (a sources file, the named sources or sites), crawls or imports
them and appends every new or changed thread to `options.out` as it arrives (an append-only
log: a crash loses no thread, and the harvest state remembers what was taken). It writes
nothing else; the result says what it did."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from medrubric.data.jsonl import append_jsonl
from medrubric.errors import InputError
from medrubric.harvest.source import (
    HarvestConfig,
    HarvestReport,
    SourceSpec,
    harvest_sources,
    load_harvest_config,
)
from medrubric.runtime.progress import ProgressDisplay, StatusTally, log_console

STATE_DIR = ".harvest-state"  # beside OUT unless `state_dir` is given


class HarvestOptions(BaseModel):
    """What to harvest and where the threads go (the `harvest` command's flags)."""

    model_config = ConfigDict(extra="forbid")

    out: Path
    sources: list[str] = Field(default_factory=list)  # source names in the file, or site keys
    sources_file: Path | None = None
    since: dt.date | None = None
    state_dir: Path | None = None
    sites: Path | None = None  # extra sites TOML (adds or replaces sites)
    min_delay: float | None = Field(None, ge=0)
    max_pages: int | None = Field(None, ge=1)

    def state(self) -> Path:
        return self.state_dir or self.out.parent / STATE_DIR


class HarvestResult(BaseModel):
    """Threads appended to `out`, each source's previous finished run, and the counters:
    threads per source and change (`name:new`, `name:changed`, ...), the crawler's counters
    and pages by kind (`pages:KIND`)."""

    out: Path
    written: int
    per_source: dict[str, int]
    last_run: dict[str, str | None]
    counts: dict[str, int]


def select_sources(config: HarvestConfig, names: list[str]) -> HarvestConfig:
    """Keep the named sources of the config; a name that is not there is crawled as a site."""
    if not names:
        if not config.source:
            raise InputError(
                "nothing to harvest: pass --source NAME or a --sources file with [[source]]"
            )
        return config
    by_name = {s.name: s for s in config.source}
    chosen = [by_name.get(n) or SourceSpec(name=n, kind="crawl", site=n) for n in names]
    return config.model_copy(update={"source": chosen})


def harvest_config(options: HarvestOptions) -> HarvestConfig:
    """The sources file (if any) with the options' sites, crawl settings and sources applied."""
    config = load_harvest_config(options.sources_file) if options.sources_file else HarvestConfig()
    if options.sites is not None:
        config = config.model_copy(update={"sites": options.sites})
    settings = {"min_delay": options.min_delay, "max_pages": options.max_pages}
    crawl = config.crawl.model_copy(update={k: v for k, v in settings.items() if v is not None})
    return select_sources(config.model_copy(update={"crawl": crawl}), options.sources)


def run_harvest(options: HarvestOptions) -> HarvestResult:
    """Append new or changed threads from every chosen source to `options.out`."""
    config = harvest_config(options)
    report = HarvestReport()
    per_source = StatusTally([s.name for s in config.source])
    written = 0
    with ProgressDisplay(per_source, log_console(stderr=True)) as bar:
        bar.stage("harvest", total=None)
        for thread in harvest_sources(config, options.state(), since=options.since, report=report):
            append_jsonl(options.out, thread)
            written += 1
            # the source being read is the last one `harvest_sources` started (a thread's own
            # `source` field is the forum's name, which a dump need not share)
            per_source.counts[next(reversed(report.last_run))] += 1
            bar.advance("harvest")
    counts = {
        **report.threads,
        **report.crawl,
        **{f"pages:{kind}": n for kind, n in report.pages.items()},
    }
    return HarvestResult(
        out=options.out,
        written=written,
        per_source={name: per_source.counts[name] for name in per_source.statuses},
        last_run=dict(report.last_run),
        counts=dict(sorted(counts.items())),
    )
