"""A local HTTP server over the fixture pages, so crawler tests never touch the internet.

URL paths map to files under a root folder: `/a/b` -> `a/b.html`, `/a/b/` -> `a/b/index.html`,
a query `?page=2` -> `_page_2` appended to the file stem. Responses carry an ETag and
Last-Modified and answer conditional requests with 304. Tests can override any path.
"""

from __future__ import annotations

import hashlib
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"
SITES = FIXTURES / "sites"
LAST_MODIFIED = "Tue, 05 Mar 2024 10:00:00 GMT"

Override = Callable[[BaseHTTPRequestHandler, "FixtureServer"], bool]


@dataclass
class FixtureServer:
    root: Path
    hits: Counter[str] = field(default_factory=Counter)
    conditional_hits: Counter[str] = field(default_factory=Counter)
    user_agents: set[str] = field(default_factory=set)
    overrides: dict[str, Override] = field(default_factory=dict)
    bodies: dict[str, bytes] = field(default_factory=dict)
    base_url: str = ""

    def file_for(self, target: str) -> Path:
        path, _, query = target.partition("?")
        if path.endswith("/"):
            path += "index"
        stem = path.lstrip("/")
        if query:
            stem += "_" + query.replace("=", "_").replace("&", "_")
        exact = self.root / stem
        return exact if exact.suffix in {".html", ".txt"} else self.root / f"{stem}.html"

    def body_for(self, target: str) -> bytes | None:
        if target in self.bodies:
            return self.bodies[target]
        file = self.file_for(target)
        return file.read_bytes() if file.is_file() else None


def _handler(server: FixtureServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server API)
            server.hits[self.path] += 1
            server.user_agents.add(self.headers.get("User-Agent", ""))
            override = server.overrides.get(self.path)
            if override is not None and override(self, server):
                return
            body = server.body_for(self.path)
            if body is None:
                self.send_response(404)
                self.end_headers()
                return
            etag = '"' + hashlib.md5(body).hexdigest() + '"'
            if self.headers.get("If-None-Match") == etag:
                server.conditional_hits[self.path] += 1
                self.send_response(304)
                self.send_header("ETag", etag)
                self.end_headers()
                return
            self.send_response(200)
            kind = "text/plain" if self.path.endswith(".txt") else "text/html; charset=utf-8"
            self.send_header("Content-Type", kind)
            self.send_header("ETag", etag)
            self.send_header("Last-Modified", LAST_MODIFIED)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:  # noqa: A002
            return

    return Handler


@pytest.fixture
def serve_site() -> Iterator[Callable[[str], FixtureServer]]:
    """Start a server over fixtures/sites/<site>; stopped at the end of the test."""
    servers: list[ThreadingHTTPServer] = []

    def start(site: str) -> FixtureServer:
        state = FixtureServer(SITES / site)
        httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
        state.base_url = f"http://127.0.0.1:{httpd.server_address[1]}"
        threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True).start()
        servers.append(httpd)
        return state

    yield start
    for httpd in servers:
        httpd.shutdown()
        httpd.server_close()
