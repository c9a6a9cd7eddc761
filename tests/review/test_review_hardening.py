"""The review app under attack, part two: parallel login bursts over two real servers (on
SQLite and on PostgreSQL), a forged X-Forwarded-For, a database lock held by another
connection, oversized input, out-of-range item ids, a readable database file, spreadsheet
formulas after whitespace and behind a locale's separator."""

from __future__ import annotations

import asyncio
import csv
import hashlib
import hmac
import io
import os
import re
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from medrubric.errors import InputError
from medrubric.review import db
from medrubric.review import project as review_project
from medrubric.review.app import create_app
from medrubric.review.auth import SESSION_COOKIE
from medrubric.review.exports import labels_csv
from medrubric.review.models import Answer
from medrubric.review.secret import KEY_NAME
from medrubric.review.tasks import questions_for
from medrubric.review.throttle import LoginThrottle, ThrottlePolicy

DOCS = Path(__file__).resolve().parents[2] / "docs"
HEADERS = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "cache-control": "no-store",
    "referrer-policy": "same-origin",
}


def assert_secured(reply: httpx.Response) -> None:
    for name, value in HEADERS.items():
        assert reply.headers.get(name) == value, (reply.status_code, name)
    assert "frame-ancestors 'none'" in reply.headers["content-security-policy"]


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def study(
    request: pytest.FixtureRequest, tmp_path: Path, study_factory: Callable[..., Path]
) -> tuple[Path, str | None]:
    """(project, database URL or None): the study on SQLite in its folder, or in a fresh
    database of the test suite's PostgreSQL server."""
    database = request.getfixturevalue("pg_url") if request.param == "postgres" else None
    return study_factory(tmp_path, 2, database), database


# ------------------------------------------------------------------ login throttle
async def _burst(urls: list[str], cookie: str, token: str, passwords: list[str]) -> list[int]:
    """One login for alice per password, all sent at once, alternating between the servers;
    every request carries the same session cookie and CSRF token."""

    async def one(i: int, password: str) -> int:
        headers = {"cookie": f"{SESSION_COOKIE}={cookie}"}
        async with httpx.AsyncClient(base_url=urls[i % 2], headers=headers, timeout=120) as c:
            data = {"name": "alice", "password": password, "csrf_token": token}
            return (await c.post("/login", data=data)).status_code

    return list(await asyncio.gather(*(one(i, p) for i, p in enumerate(passwords))))


def test_a_parallel_burst_over_two_servers_checks_at_most_five_passwords(
    study: tuple[Path, str | None], review_server: Callable[..., Any], web: Any, password: str
) -> None:
    project, database = study
    servers = [review_server(project, *(("--db", database) if database else ())) for _ in "ab"]
    with httpx.Client(base_url=servers[0].url, timeout=60) as client:
        token = web.csrf(client.get("/login").text)
        cookie = client.cookies[SESSION_COOKIE]
    guesses = [f"guess-{i}" for i in range(29)]
    codes = asyncio.run(_burst([s.url for s in servers], cookie, token, [password, *guesses]))
    assert set(codes) <= {303, 401, 429}, codes
    # the account allows 5 failures: at most 5 wrong passwords were checked, and the right
    # one at most once (a success hands its own count back, so it costs no guess)
    assert codes.count(401) <= 5 and codes.count(303) <= 1, codes
    assert codes.count(429) >= 24, codes
    for server in servers:  # and the lock holds on both servers afterwards
        headers = {"cookie": f"{SESSION_COOKIE}={cookie}"}
        data = {"name": "alice", "password": password, "csrf_token": token}
        reply = httpx.post(f"{server.url}/login", data=data, headers=headers, timeout=60)
        assert reply.status_code == 429 and int(reply.headers["retry-after"]) > 0


def test_a_success_takes_back_its_own_count_and_nothing_else(project: Path) -> None:
    throttle = LoginThrottle(ThrottlePolicy(account_failures=3, client_failures=100))
    with db.connect(project) as conn:
        for outcome in ("failed", "succeeded", "failed", "failed"):
            attempt = throttle.reserve(conn, "alice", "10.0.0.1")
            assert attempt.retry_after == 0, outcome
            getattr(throttle, outcome)(conn, attempt)
        # three failures within the window lock the name, the success in between notwithstanding
        assert throttle.reserve(conn, "alice", "10.0.0.9").retry_after > 0
        assert throttle.reserve(conn, "bob", "10.0.0.1").retry_after == 0


def _client_key(project: Path, address: str) -> str:
    """The throttle key of a client address, computed here from the key file (HMAC-SHA256)."""
    key = (project / KEY_NAME).read_text(encoding="utf-8").strip().encode()
    return "client:" + hmac.new(key, f"client:{address}".encode(), hashlib.sha256).hexdigest()


def _throttle_keys(project: Path) -> set[str]:
    with sqlite3.connect(project / db.DB_NAME) as raw:
        return {row[0] for row in raw.execute("SELECT key FROM login_throttle")}


def test_x_forwarded_for_is_trusted_only_from_the_named_proxies(
    project: Path, review_server: Callable[..., Any], web: Any, password: str
) -> None:
    direct = review_server(project)
    with httpx.Client(base_url=direct.url, timeout=60) as client:
        first = client.get("/login")
        assert "server" not in first.headers  # the server does not name itself
        token = web.csrf(first.text)

        def attempt(name: str, password: str, forwarded: str) -> int:
            data = {"name": name, "password": password, "csrf_token": token}
            reply = client.post("/login", data=data, headers={"x-forwarded-for": forwarded})
            return reply.status_code

        for i in range(20):  # a new name and a new forged address each time
            assert attempt(f"user{i}", "guess", f"203.0.113.{i}") == 401
        assert attempt("alice", password, "203.0.113.99") == 429  # the peer 127.0.0.1 is locked
    assert _client_key(project, "127.0.0.1") in _throttle_keys(project)
    assert _client_key(project, "203.0.113.1") not in _throttle_keys(project)

    proxied = review_server(project, "--forwarded-allow-ips", "127.0.0.1")
    with httpx.Client(base_url=proxied.url, timeout=60) as client:
        token = web.csrf(client.get("/login").text)
        assert attempt("bob", "guess", "198.51.100.7") == 401
        assert _client_key(project, "198.51.100.7") in _throttle_keys(project)
        assert attempt("bob", password, "198.51.100.8") == 303  # not the locked proxy address


def test_the_docs_say_the_counts_are_shared_and_name_the_trusted_proxies() -> None:
    scale = (DOCS / "scale.md").read_text(encoding="utf-8")
    review = (DOCS / "review.md").read_text(encoding="utf-8")
    assert "counted per process" not in scale
    assert "Login throttling is shared by every server" in scale
    for text in (scale, review):
        assert "--forwarded-allow-ips" in text


# ------------------------------------------------------------------ database locks
@contextmanager
def held_write_lock(project: Path, database: str | None, at_most_s: float) -> Iterator[None]:
    """Another connection holding the lock a login needs (SQLite's write lock, or the
    throttle table on PostgreSQL) until the block ends, or `at_most_s` passes."""
    taken, release = threading.Event(), threading.Event()

    def hold() -> None:
        if database is None:
            raw = sqlite3.connect(project / db.DB_NAME, isolation_level=None)
            raw.execute("BEGIN IMMEDIATE")
            taken.set()
            release.wait(at_most_s)
            raw.execute("ROLLBACK")
            raw.close()
            return
        import psycopg

        with psycopg.connect(database) as pg:
            pg.execute("LOCK TABLE login_throttle, sessions, labels IN EXCLUSIVE MODE")
            taken.set()
            release.wait(at_most_s)
            pg.rollback()

    holder = threading.Thread(target=hold)
    holder.start()
    assert taken.wait(30)
    try:
        yield
    finally:
        release.set()
        holder.join()


def test_a_held_database_lock_is_a_503_and_does_not_stall_the_server(
    study: tuple[Path, str | None], web: Any, password: str
) -> None:
    project, database = study
    app = create_app(project, database=database)
    with db.connect(project, database) as conn:
        alice = db.reviewer_by_name(conn, "alice")
        assert alice is not None
        first = db.queue(conn, alice.id)[0].id

    async def scenario() -> None:
        transport = httpx.ASGITransport(app=app)
        base = "http://127.0.0.1"
        async with (
            httpx.AsyncClient(transport=transport, base_url=base) as visitor,
            httpx.AsyncClient(transport=transport, base_url=base) as alice,
        ):
            own = {"name": "alice", "password": password}
            own["csrf_token"] = web.csrf((await alice.get("/login")).text)
            assert (await alice.post("/login", data=own)).status_code == 303
            token = web.csrf((await visitor.get("/login")).text)
            data = {"name": "alice", "password": password, "csrf_token": token}
            page = (await alice.get(f"/items/{first}")).text
            fields = set(re.findall(r'name="(q\.[^"]+)"', page))
            labelled = {f: "yes" for f in fields} | {"csrf_token": web.csrf(page)}
            done: list[str] = []

            async def timed(name: str, request: Any) -> httpx.Response:
                reply = await request
                done.append(name)
                return reply

            async def static() -> None:
                await asyncio.sleep(0.3)  # the writes are waiting for the lock by now
                assert (await visitor.get("/static/style.css")).status_code == 200
                assert (await visitor.get("/login")).status_code == 200
                done.append("static")

            with held_write_lock(project, database, at_most_s=12):
                login, save, logout, _ = await asyncio.gather(
                    timed("login", visitor.post("/login", data=data)),
                    timed("save", alice.post(f"/items/{first}", data=labelled)),
                    timed(
                        "logout", alice.post("/logout", data={"csrf_token": labelled["csrf_token"]})
                    ),
                    static(),
                )
            assert done[0] == "static", done
            for reply in (login, save, logout):
                assert reply.status_code == 503, reply.text
                assert reply.headers["retry-after"] == "5"
                assert "The database is busy" in reply.text
                assert_secured(reply)
            saved = await alice.post(f"/items/{first}", data=labelled)  # the lock is gone
            assert saved.status_code == 303

    asyncio.run(scenario())


# ------------------------------------------------------------------ input limits
def test_oversized_forms_are_refused_before_they_are_parsed(web: Any, project: Path) -> None:
    client = web.client(project)
    token = web.csrf(client.get("/login").text)
    huge = {"name": "alice", "password": "x" * (300 * 1024), "csrf_token": token}
    reply = client.post("/login", data=huge)
    assert reply.status_code == 413 and "The form is larger than 256 KiB." in reply.text
    assert_secured(reply)

    def chunks() -> Iterator[bytes]:  # no Content-Length: the limit holds while streaming
        yield f"csrf_token={token}&name=alice&password=".encode()
        for _ in range(40):
            yield b"x" * 8192

    form_type = {"content-type": "application/x-www-form-urlencoded"}
    assert client.post("/login", content=chunks(), headers=form_type).status_code == 413
    many = {f"field{i}": "1" for i in range(100)} | {"csrf_token": token}
    reply = client.post("/login", data=many)
    assert reply.status_code == 400 and "The form has more than 100 fields." in reply.text
    reply = client.post("/login", data={"csrf_token": token}, files={"f": b"x"})
    assert reply.status_code == 415
    # none of these reached the throttle or the password check
    with db.connect(project) as conn:
        assert db.throttle_tracked(conn) == 0


def test_a_comment_over_the_limit_is_not_saved_and_the_page_says_why(
    web: Any, project: Path, login: Callable[[str], TestClient]
) -> None:
    client = login("alice")
    with db.connect(project) as conn:
        alice = db.reviewer_by_name(conn, "alice")
        assert alice is not None
        first = db.queue(conn, alice.id)[0].id
    form = web.all_yes(client, first)
    reply = client.post(f"/items/{first}", data=form | {"comment": "x" * 10_001})
    assert reply.status_code == 400
    assert "the comment has 10,001 characters; shorten it to at most 10,000" in reply.text
    assert 'maxlength="10000"' in reply.text
    with db.connect(project) as conn:
        assert db.own_label(conn, first, alice.id) is None
    longest = "病" * 10_000  # nine bytes each once percent-encoded: still within the form limit
    saved = client.post(f"/items/{first}", data=form | {"comment": longest}, follow_redirects=False)
    assert saved.status_code == 303
    with db.connect(project) as conn:
        stored = db.own_label(conn, first, alice.id)
        assert stored is not None and stored[1] == longest


def test_item_ids_a_database_cannot_hold_are_404_with_the_security_headers(
    web: Any, project: Path, login: Callable[[str], TestClient]
) -> None:
    client = login("alice")
    token = web.csrf(client.get("/queue").text)
    for raw in ("99999999999999999999", "2147483648", "0", "-1", "abc", "9" * 5000):
        reply = client.get(f"/items/{raw}")
        assert reply.status_code == 404 and "no such item" in reply.text, raw
        assert_secured(reply)
        assert client.post(f"/items/{raw}", data={"csrf_token": token}).status_code == 404


def test_an_unexpected_error_is_a_plain_500_with_the_security_headers(
    web: Any, project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("secret detail of a failure")

    client = TestClient(
        create_app(project), base_url="http://127.0.0.1", raise_server_exceptions=False
    )
    token = web.csrf(client.get("/login").text)
    monkeypatch.setattr(db, "reviewer_by_name", broken)
    reply = client.post("/login", data={"name": "alice", "password": "x", "csrf_token": token})
    assert reply.status_code == 500 and "Internal error." in reply.text
    assert "secret detail" not in reply.text and "Traceback" not in reply.text
    assert_secured(reply)


# ------------------------------------------------------------------ files and exports
def test_the_database_is_created_0600_and_a_readable_one_is_refused(
    tmp_path: Path, study_factory: Callable[..., Path]
) -> None:
    umask = os.umask(0o022)  # the usual default, under which SQLite would make it 0644
    try:
        project = study_factory(tmp_path, 1)
        with db.connect(project) as conn:
            alice = db.reviewer_by_name(conn, "alice")
            assert alice is not None
            entry = db.queue(conn, alice.id)[0]
            db.save_label(conn, entry.id, alice.id, {"x": "yes"}, "")
            side_files = [p for p in project.iterdir() if p.name.startswith(db.DB_NAME)]
            assert len(side_files) == 3  # the database, its -wal and -shm
            for path in side_files:
                assert path.stat().st_mode & 0o777 == 0o600, path
    finally:
        os.umask(umask)
    (project / db.DB_NAME).chmod(0o644)
    with pytest.raises(InputError, match="permissions 0644 are too open; run `chmod 600"):
        review_project.report(project)


def test_csv_guards_formulas_after_whitespace_and_quotes_every_separator(project: Path) -> None:
    comments = [
        " =1+1",
        '\n=HYPERLINK("http://x.example","click")',
        "\t=cmd",
        "  +SUM(A1)",
        "＝1+1",
        'see note;=HYPERLINK("http://x.example")',
        "a,b\tc",
        "fine",
    ]
    with db.connect(project) as conn:
        alice = db.reviewer_by_name(conn, "alice")
        assert alice is not None
        entries = [e for e in db.queue(conn, alice.id) if e.task == "verdict"]
        assert len(entries) >= len(comments)
        for entry, comment in zip(entries, comments, strict=False):
            item = db.item(conn, entry.id)
            assert item is not None
            answers: dict[str, Answer] = {q.field: "yes" for q in questions_for(item)}
            db.save_label(conn, entry.id, alice.id, answers, comment)  # as `review import` does
        text = labels_csv(db.all_labels(conn))
    written = {row["comment"] for row in csv.DictReader(io.StringIO(text))}
    assert written == {"'" + c for c in comments[:5]} | set(comments[5:])
    assert '"see note;=HYPERLINK(""http://x.example"")"' in text  # the ; within quotes
    assert '"a,b\tc"' in text
    assert text.splitlines()[0] == ",".join(f'"{c}"' for c in next(csv.reader(io.StringIO(text))))
