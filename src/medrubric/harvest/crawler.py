"""A polite crawler for public community Q&A pages.

Politeness: robots.txt is honoured (disallowed URLs are skipped and counted), requests to a
host are spaced by at least `min_delay` seconds (or the site's Crawl-delay if longer), the
User-Agent names the tool and its home page, 429/503 responses and network errors are
retried under the one retry policy (`llm/retry.py`: the server's Retry-After, else backoff
with jitter), and pages are fetched conditionally (ETag / Last-Modified) from an on-disk
cache so unchanged pages cost a 304. Pages that turn out to be a login wall or paywall are skipped.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import httpx
from protego import Protego
from pydantic import BaseModel, ConfigDict, Field

from medrubric import __version__
from medrubric.data.models import Thread
from medrubric.harvest.httpcache import HttpCache
from medrubric.harvest.sites import (
    ExtractionError,
    SiteConfig,
    looks_like_login,
    parse_html,
    parse_listing,
    parse_thread,
    thread_id_from_url,
)
from medrubric.harvest.state import HarvestState, Page, Run
from medrubric.llm.retry import RetryPolicy, Transient, retry_after_seconds

PROJECT_URL = "https://github.com/medrubric/medrubric"
DEFAULT_USER_AGENT = f"medrubric/{__version__} (+{PROJECT_URL})"
RETRY_STATUSES = frozenset({429, 503})


class CrawlSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    min_delay: float = Field(2.0, ge=0)
    timeout: float = Field(30.0, gt=0)
    max_retries: int = Field(3, ge=0)
    max_retry_after: float = Field(300.0, ge=0)
    max_pages: int | None = Field(None, ge=1)
    user_agent: str = DEFAULT_USER_AGENT


@dataclass
class FetchResult:
    url: str
    final_url: str
    status: int
    body: bytes = b""
    not_modified: bool = False
    skipped: str | None = None


@dataclass
class PoliteFetcher:
    """Fetches one URL at a time, politely; `stats` counts what happened."""

    settings: CrawlSettings
    cache: HttpCache
    sleep: Callable[[float], None] = time.sleep
    clock: Callable[[], float] = time.monotonic
    transport: httpx.BaseTransport | None = None
    stats: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self._client = httpx.Client(
            headers={"User-Agent": self.settings.user_agent},
            timeout=self.settings.timeout,
            follow_redirects=True,
            transport=self.transport,
        )
        self._retry = RetryPolicy(
            max_attempts=self.settings.max_retries + 1,
            base_delay=max(1.0, self.settings.min_delay),
            max_delay=self.settings.max_retry_after,
        )
        self._robots: dict[str, Protego] = {}
        self._last_request: dict[str, float] = {}

    def close(self) -> None:
        self._client.close()

    def fetch(self, url: str, *, conditional: bool = True, keep_body: bool = True) -> FetchResult:
        """Fetch `url`, conditionally on the cached validators unless `conditional` is False;
        `keep_body=False` caches the validators only (thread pages: no raw text on disk)."""
        robots = self._robots_for(url)
        if not robots.can_fetch(url, self.settings.user_agent):
            self.stats["robots_disallowed"] += 1
            return FetchResult(url, url, 0, skipped="robots")
        cached = self.cache.get(url) if conditional else None
        headers = cached.validators() if cached else {}
        response = self._request(url, headers)
        if response is None:
            self.stats["errors"] += 1
            return FetchResult(url, url, 0, skipped="error")
        final_url = str(response.url)
        if response.status_code == 304 and cached is not None:
            self.stats["not_modified"] += 1
            return FetchResult(url, cached.final_url, 304, cached.body, not_modified=True)
        if response.status_code != 200:
            self.stats[f"http_{response.status_code}"] += 1
            return FetchResult(url, final_url, response.status_code, skipped="error")
        self.stats["fetched"] += 1
        body = response.content
        self.cache.put(
            url,
            final_url,
            response.headers.get("ETag"),
            response.headers.get("Last-Modified"),
            body if keep_body else b"",
        )
        return FetchResult(url, final_url, 200, body)

    def _robots_for(self, url: str) -> Protego:
        parts = urlsplit(url)
        origin = f"{parts.scheme}://{parts.netloc}"
        if origin not in self._robots:
            response = self._request(f"{origin}/robots.txt", {})
            if response is None or response.status_code >= 500:
                text = (
                    "User-agent: *\nDisallow: /"  # unreachable robots.txt: assume complete disallow
                )
            elif response.status_code != 200:
                text = ""  # no robots.txt: everything is allowed
            else:
                text = response.text
            self._robots[origin] = Protego.parse(text)
        return self._robots[origin]

    def _delay_for(self, host: str) -> float:
        origin_robots = [r for o, r in self._robots.items() if urlsplit(o).netloc == host]
        crawl_delay = (
            origin_robots[0].crawl_delay(self.settings.user_agent) if origin_robots else None
        )
        return max(self.settings.min_delay, float(crawl_delay or 0))

    def _wait_turn(self, host: str) -> None:
        last = self._last_request.get(host)
        if last is not None:
            remaining = last + self._delay_for(host) - self.clock()
            if remaining > 0:
                self.sleep(remaining)
        self._last_request[host] = self.clock()

    def _request(self, url: str, headers: dict[str, str]) -> httpx.Response | None:
        """GET `url` under the retry policy: a 429/503 waits its Retry-After (or backs off), a
        network error backs off; the last 429/503 is returned, a network error to the end
        gives None."""
        host = urlsplit(url).netloc
        refused: list[int] = []  # the last try's 429/503: counted as a retry when tried again

        def attempt() -> httpx.Response:
            if refused:
                self.stats[f"retry_{refused.pop()}"] += 1
            self._wait_turn(host)
            try:
                response = self._client.get(url, headers=headers)
            except httpx.TransportError as exc:
                self.stats["network_errors"] += 1
                raise Transient(f"network error: {exc}") from None
            if response.status_code in RETRY_STATUSES:
                refused.append(response.status_code)
                wait = retry_after_seconds(response.headers)
                raise Transient(f"HTTP {response.status_code}", wait, detail=response)
            return response

        try:
            response: httpx.Response = self._retry.retrying(sleep=self.sleep)(attempt)
        except Transient as failed:
            if isinstance(failed.detail, httpx.Response):
                return failed.detail
            return None
        return response


@dataclass
class SiteCrawler:
    """A `Source` that walks listing pages of one site and yields the thread pages it finds.

    The queue lives in `state`, so a crawl that dies is resumed by the next one without
    refetching finished pages; a thread page that answers 304 and is already known is skipped.
    Only listing pages keep their body in the HTTP cache; thread pages keep their validators.
    """

    name: str
    site: SiteConfig
    fetcher: PoliteFetcher
    state: HarvestState
    start_urls: list[str]
    max_pages: int | None = None
    page_counts: Counter[str] = field(default_factory=Counter)

    def iter_threads(self) -> Iterator[Thread]:
        run = self.state.open_run(self.name)
        for url in self.start_urls:
            self.state.enqueue(run, f"listing:{url}", url, "listing")
        fetched = 0
        while (page := self.state.next_pending(run)) is not None:
            if self.max_pages is not None and fetched >= self.max_pages:
                return  # the run stays open: the next crawl continues from here
            fetched += 1
            thread, status = self._visit(run, page)
            if thread is not None:
                yield thread
            self.state.mark(page, status)
            self.page_counts[status] += 1
        self.state.finish_run(run)

    def _visit(self, run: Run, page: Page) -> tuple[Thread | None, str]:
        # Thread pages hold personal text: their body is never cached, so only a thread the
        # state already knows is fetched conditionally (a 304 then means "unchanged").
        known = page.kind == "thread" and self.state.knows_thread(
            self.site.key, thread_id_from_url(page.url, self.site)
        )
        is_listing = page.kind == "listing"
        result = self.fetcher.fetch(page.url, conditional=is_listing or known, keep_body=is_listing)
        if result.skipped:
            return None, result.skipped
        tree = parse_html(result.body)
        if looks_like_login(tree, result.final_url, self.site):
            self.fetcher.stats["login_or_paywall"] += 1
            return None, "login"
        if page.kind == "listing":
            listing = parse_listing(result.body, result.final_url, self.site)
            for url in listing.thread_urls:
                key = f"thread:{thread_id_from_url(url, self.site)}"
                self.state.enqueue(run, key, url, "thread")
            if listing.next_page:
                next_key = f"listing:{listing.next_page}"
                self.state.enqueue(run, next_key, listing.next_page, "listing")
            return None, "done"
        if result.not_modified:
            return None, "unchanged"
        try:
            return parse_thread(result.body, page.url, self.site), "done"
        except ExtractionError:
            self.fetcher.stats["extraction_errors"] += 1
            return None, "error"
