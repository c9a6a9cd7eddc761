"""The polite crawler against a local server over the fixture pages (never the internet)."""

from __future__ import annotations

from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest

from medrubric.harvest.crawler import DEFAULT_USER_AGENT, CrawlSettings, PoliteFetcher
from medrubric.harvest.httpcache import HttpCache
from medrubric.harvest.source import HarvestConfig, HarvestReport, SourceSpec, harvest_sources

FAST = CrawlSettings(min_delay=0, max_retries=2)


def crawl_config(site: str, start: str, **crawl: float) -> HarvestConfig:
    spec = SourceSpec(name=site, kind="crawl", site=site, start_urls=[start])
    return HarvestConfig(crawl=FAST.model_copy(update=crawl), source=[spec])


def test_crawl_follows_pagination_honours_robots_and_identifies_itself(serve_site, tmp_path):
    server = serve_site("icliniq")
    report = HarvestReport()
    config = crawl_config("icliniq", f"{server.base_url}/qa/recent-questions")
    threads = list(harvest_sources(config, tmp_path, report=report))

    assert sorted(t.thread_id for t in threads) == [
        "chest-pain-after-exercise",
        "itchy-red-rash-on-arms",
        "migraine-with-aura-since-teenage",
    ]
    assert server.hits["/qa/recent-questions?page=2"] == 1  # pagination followed
    assert server.hits["/qa/private-area/members-only-thread"] == 0  # robots.txt Disallow
    assert report.crawl["robots_disallowed"] == 1
    assert server.hits["/robots.txt"] == 1
    assert (
        server.hits["/qa/heart-health/chest-pain-after-exercise"] == 1
    )  # '#answers' link deduplicated
    assert server.user_agents == {DEFAULT_USER_AGENT}
    assert DEFAULT_USER_AGENT.startswith("medrubric/") and "(+http" in DEFAULT_USER_AGENT


def test_rate_limit_spaces_requests_to_one_host(serve_site, tmp_path):
    server = serve_site("dxy")
    now = [0.0]
    waits: list[float] = []

    def sleep(seconds: float) -> None:
        waits.append(seconds)
        now[0] += seconds

    fetcher = PoliteFetcher(
        CrawlSettings(min_delay=5),
        HttpCache(tmp_path / "c.sqlite"),
        sleep=sleep,
        clock=lambda: now[0],
    )
    for path in ("/question/38291", "/question/38300"):
        assert fetcher.fetch(server.base_url + path).status == 200
    # robots.txt, then two pages: each request after the first waits the full delay
    assert waits == [5.0, 5.0]


def test_429_with_retry_after_is_waited_out_and_retried(serve_site, tmp_path):
    server = serve_site("dxy")
    waits: list[float] = []

    def too_many_once(handler: BaseHTTPRequestHandler, srv) -> bool:
        if srv.hits[handler.path] > 1:
            return False
        handler.send_response(429)
        handler.send_header("Retry-After", "7.5")
        handler.end_headers()
        return True

    server.overrides["/question/38291"] = too_many_once
    fetcher = PoliteFetcher(FAST, HttpCache(tmp_path / "c.sqlite"), sleep=waits.append)
    result = fetcher.fetch(server.base_url + "/question/38291")
    assert result.status == 200 and "头痛".encode() in result.body
    assert waits == [7.5]  # a decimal Retry-After is honoured, not replaced by a backoff
    assert server.hits["/question/38291"] == 2
    assert fetcher.stats["retry_429"] == 1


def test_503_with_retry_after_ms_then_success_and_waits_are_capped(serve_site, tmp_path):
    server = serve_site("dxy")
    waits: list[float] = []

    def unavailable_twice(handler: BaseHTTPRequestHandler, srv) -> bool:
        if srv.hits[handler.path] > 2:
            return False
        handler.send_response(503)
        if srv.hits[handler.path] == 1:
            handler.send_header("Retry-After-Ms", "1500")
        else:
            handler.send_header("Retry-After", "86400")  # a day: capped at max_retry_after
        handler.end_headers()
        return True

    server.overrides["/question/38291"] = unavailable_twice
    settings = FAST.model_copy(update={"max_retry_after": 30.0})
    fetcher = PoliteFetcher(settings, HttpCache(tmp_path / "c.sqlite"), sleep=waits.append)
    result = fetcher.fetch(server.base_url + "/question/38291")
    assert result.status == 200
    assert waits == [1.5, 30.0]
    assert fetcher.stats["retry_503"] == 2 and server.hits["/question/38291"] == 3


def test_503_without_end_gives_up_after_max_retries(serve_site, tmp_path):
    server = serve_site("dxy")

    def unavailable(handler: BaseHTTPRequestHandler, srv) -> bool:
        handler.send_response(503)
        handler.send_header("Retry-After", "1")
        handler.end_headers()
        return True

    server.overrides["/question/38291"] = unavailable
    fetcher = PoliteFetcher(FAST, HttpCache(tmp_path / "c.sqlite"), sleep=lambda s: None)
    result = fetcher.fetch(server.base_url + "/question/38291")
    assert result.skipped == "error" and result.status == 503
    assert server.hits["/question/38291"] == FAST.max_retries + 1


def test_weekly_rerun_uses_conditional_requests_and_detects_changed_page(serve_site, tmp_path):
    server = serve_site("dxy")
    config = crawl_config("dxy", f"{server.base_url}/questions/latest")
    first = list(harvest_sources(config, tmp_path))
    assert len(first) == 3

    report = HarvestReport()
    second = list(harvest_sources(config, tmp_path, report=report))
    assert second == []
    assert report.crawl["not_modified"] == 4  # listing + 3 threads answered 304
    assert server.conditional_hits["/question/38300"] == 1

    page = server.file_for("/question/38300").read_text(encoding="utf-8")
    server.bodies["/question/38300"] = page.replace("38.5度", "39.2度").encode()
    report = HarvestReport()
    third = list(harvest_sources(config, tmp_path, report=report))
    assert [t.thread_id for t in third] == ["38300"]
    assert "39.2度" in third[0].text()
    assert report.threads["dxy:changed"] == 1


def test_crash_mid_crawl_resumes_without_refetching_finished_pages(serve_site, tmp_path):
    server = serve_site("dxy")
    config = crawl_config("dxy", f"{server.base_url}/questions/latest")
    out: list[str] = []

    with pytest.raises(RuntimeError):
        for thread in harvest_sources(config, tmp_path):
            out.append(thread.thread_id)
            if len(out) == 2:
                raise RuntimeError("killed")  # the process dies while writing thread 2
    hits_before = dict(server.hits)
    assert hits_before["/question/38291"] == 1

    for thread in harvest_sources(config, tmp_path):
        out.append(thread.thread_id)
    # thread 1 was finished: not fetched again; thread 2 was in flight: delivered again
    assert server.hits["/question/38291"] == 1
    assert server.hits["/questions/latest"] == 1
    assert server.hits["/question/38310"] == 1
    assert sorted(set(out)) == ["38291", "38300", "38310"]
    assert out.count("38291") == 1


def test_login_walls_are_skipped(serve_site, tmp_path):
    server = serve_site("medlive")
    report = HarvestReport()
    config = crawl_config("medlive", f"{server.base_url}/forum-127-1.html")
    threads = list(harvest_sources(config, tmp_path, report=report))
    assert [t.thread_id for t in threads] == ["99812"]
    assert report.crawl["login_or_paywall"] == 1
    assert report.pages["login"] == 1
    assert server.hits["/forum-127-2.html"] == 1


def test_redirect_to_login_page_is_skipped(serve_site, tmp_path):
    server = serve_site("icliniq")

    def to_login(handler: BaseHTTPRequestHandler, srv) -> bool:
        handler.send_response(302)
        handler.send_header("Location", "/login")
        handler.end_headers()
        return True

    server.overrides["/qa/dermatology/itchy-red-rash-on-arms"] = to_login
    report = HarvestReport()
    config = crawl_config("icliniq", f"{server.base_url}/qa/recent-questions")
    ids = {t.thread_id for t in harvest_sources(config, tmp_path, report=report)}
    assert "itchy-red-rash-on-arms" not in ids and len(ids) == 2
    assert report.crawl["login_or_paywall"] == 1


def test_max_pages_stops_and_next_run_continues(serve_site, tmp_path: Path):
    server = serve_site("dxy")
    config = crawl_config("dxy", f"{server.base_url}/questions/latest", max_pages=2)
    first = [t.thread_id for t in harvest_sources(config, tmp_path)]
    assert first == ["38291"]  # listing + one thread page
    second = [t.thread_id for t in harvest_sources(config, tmp_path)]
    assert second == ["38300", "38310"]  # the interrupted run is continued, not restarted
    assert server.hits["/questions/latest"] == 1


def test_http_cache_and_state_hold_no_thread_text(serve_site, tmp_path):
    server = serve_site("dxy")
    config = crawl_config("dxy", f"{server.base_url}/questions/latest")
    threads = list(harvest_sources(config, tmp_path))
    assert len(threads) == 3
    stored = b"".join(p.read_bytes() for p in tmp_path.rglob("*.sqlite*"))
    for thread in threads:
        for message in thread.messages:
            for sentence in message.text.split("。"):
                if len(sentence) >= 6:
                    assert sentence.encode() not in stored, sentence
    # A thread the state does not know is fetched in full even when the cache has validators.
    for path in tmp_path.glob("state.sqlite*"):
        path.unlink()
    assert len(list(harvest_sources(config, tmp_path))) == 3
