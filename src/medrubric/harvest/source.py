"""The `Source` interface, the sources config file and `harvest_sources`, the entry point
used by the CLI and the weekly refresh.

A source yields every thread it can see; `harvest_sources` passes on only the threads that
are new or changed since the last run (per-source state in `state_dir`), and records each
one after the consumer has taken it, so a crash never loses a thread.
"""

from __future__ import annotations

import datetime as dt
import tomllib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Protocol

import httpx
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from medrubric.data.models import Thread
from medrubric.errors import InputError, describe_validation_error
from medrubric.harvest.crawler import CrawlSettings, PoliteFetcher, SiteCrawler
from medrubric.harvest.dumps import CsvSource, HtmlFolderSource, JsonlSource
from medrubric.harvest.httpcache import HttpCache
from medrubric.harvest.sites import SiteConfig, load_sites
from medrubric.harvest.state import HarvestState


class Source(Protocol):
    """Anything with a name that yields threads."""

    name: str

    def iter_threads(self) -> Iterator[Thread]: ...


class SourceSpec(BaseModel):
    """One `[[source]]` table of a sources file."""

    model_config = ConfigDict(extra="forbid")

    name: str
    kind: Literal["crawl", "jsonl", "csv", "html"]
    site: str | None = None
    path: Path | None = None
    start_urls: list[str] = Field(default_factory=list)
    max_pages: int | None = Field(None, ge=1)
    min_delay: float | None = Field(None, ge=0)


class HarvestConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    sites: Path | None = None
    crawl: CrawlSettings = Field(default_factory=CrawlSettings)
    source: list[SourceSpec] = Field(default_factory=list)


@dataclass
class HarvestReport:
    """What a harvest did: when each source last finished a run, threads per source and
    change, and the crawler's counters."""

    last_run: dict[str, str | None] = field(default_factory=dict)
    threads: Counter[str] = field(default_factory=Counter)
    crawl: Counter[str] = field(default_factory=Counter)
    pages: Counter[str] = field(default_factory=Counter)


def load_harvest_config(path: str | Path) -> HarvestConfig:
    """Read a sources TOML file; relative paths are taken from the file's folder."""
    path = Path(path)
    if not path.is_file():
        raise InputError("sources file not found", path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        config = HarvestConfig.model_validate(data)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"invalid TOML: {exc}", path) from None
    except ValidationError as exc:
        raise InputError(describe_validation_error(exc), path) from None
    base = path.parent
    if config.sites is not None and not config.sites.is_absolute():
        config.sites = base / config.sites
    for spec in config.source:
        if spec.path is not None and not spec.path.is_absolute():
            spec.path = base / spec.path
    return config


def site_config(config: HarvestConfig, key: str | None) -> SiteConfig:
    sites = load_sites(config.sites)
    if key is None or key not in sites:
        known = ", ".join(sorted(sites))
        raise InputError(f"unknown site {key!r} (known: {known})", config.sites)
    return sites[key]


def build_source(
    spec: SourceSpec,
    config: HarvestConfig,
    state: HarvestState,
    cache: HttpCache,
    transport: httpx.BaseTransport | None = None,
) -> Source:
    if spec.kind == "crawl":
        site = site_config(config, spec.site or spec.name)
        settings = config.crawl
        if spec.min_delay is not None:
            settings = settings.model_copy(update={"min_delay": spec.min_delay})
        fetcher = PoliteFetcher(settings, cache, transport=transport)
        start_urls = spec.start_urls or site.start_urls
        max_pages = spec.max_pages or settings.max_pages
        return SiteCrawler(spec.name, site, fetcher, state, start_urls, max_pages)
    if spec.path is None:
        raise InputError(f"source {spec.name!r} of kind {spec.kind!r} needs a path")
    if spec.kind == "jsonl":
        return JsonlSource(spec.name, spec.path)
    if spec.kind == "csv":
        return CsvSource(spec.name, spec.path)
    sites = load_sites(config.sites)
    return HtmlFolderSource(spec.name, spec.path, sites, sites[spec.site] if spec.site else None)


def harvest_sources(
    config: HarvestConfig,
    state_dir: str | Path,
    *,
    since: dt.date | None = None,
    report: HarvestReport | None = None,
    transport: httpx.BaseTransport | None = None,
) -> Iterator[Thread]:
    """New or changed threads from every source of `config`, published on/after `since`."""
    state_dir = Path(state_dir)
    state = HarvestState(state_dir / "state.sqlite")
    cache = HttpCache(state_dir / "http-cache.sqlite")
    report = report if report is not None else HarvestReport()
    try:
        for spec in config.source:
            report.last_run[spec.name] = state.last_finished_run(spec.name)
            source = build_source(spec, config, state, cache, transport)
            # a crawler keeps its own run (with its page queue); other sources get a plain one
            dump_run = None if isinstance(source, SiteCrawler) else state.open_run(spec.name)
            try:
                for thread in source.iter_threads():
                    change = state.classify(thread)
                    report.threads[f"{spec.name}:{change}"] += 1
                    if change == "unchanged":
                        continue
                    if since and thread.published_at and thread.published_at.date() < since:
                        report.threads[f"{spec.name}:before_since"] += 1
                        state.record(thread)
                        continue
                    yield thread
                    state.record(thread)
                if dump_run is not None:
                    state.finish_run(dump_run)
            finally:
                if isinstance(source, SiteCrawler):
                    report.crawl.update(source.fetcher.stats)
                    report.pages.update(source.page_counts)
                    source.fetcher.close()
    finally:
        state.close()
        cache.close()
