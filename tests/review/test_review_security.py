"""Attacks on the review app: password guessing, timing, stalled event loop, replayed cookies,
DNS rebinding, spreadsheet formulas, a leaked database."""

from __future__ import annotations

import asyncio
import csv
import io
import os
import shutil
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from medrubric.errors import InputError
from medrubric.review import auth, db, store
from medrubric.review import project as review_project
from medrubric.review.app import create_app
from medrubric.review.auth import SESSION_COOKIE
from medrubric.review.exports import labels_csv
from medrubric.review.secret import KEY_NAME, SECRET_ENV, signing_key
from medrubric.review.throttle import LoginThrottle, ThrottlePolicy


class Hasher:
    """argon2's hasher with `verify` replaced (PasswordHasher itself has read-only slots)."""

    def __init__(self, verify: Callable[[str, str], bool]) -> None:
        self.hash = auth._HASHER.hash
        self.verify = verify


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_wrong_passwords_lock_the_account_and_the_right_one_waits(
    web: Any, project: Path, password: str
) -> None:
    clock = Clock()
    policy = ThrottlePolicy(account_failures=5, client_failures=100, lockout_s=600)
    client = web.client(project, throttle=LoginThrottle(policy, clock))
    for _ in range(5):
        assert web.try_login(client, "alice", "guess").status_code == 401
    locked = web.try_login(client, "alice", password)
    assert locked.status_code == 429
    assert int(locked.headers["retry-after"]) == 600
    assert "Too many failed logins" in locked.text
    assert client.get("/queue", follow_redirects=False).headers["location"] == "/login"
    assert web.try_login(client, "bob", password).status_code == 303  # other accounts unaffected
    clock.now += 300
    assert int(web.try_login(client, "alice", password).headers["retry-after"]) == 300
    clock.now += 301
    assert web.try_login(client, "alice", password).status_code == 303


def test_one_client_guessing_many_names_is_locked_out(
    web: Any, project: Path, password: str
) -> None:
    clock = Clock()
    policy = ThrottlePolicy(account_failures=5, client_failures=8, lockout_s=900)
    client = web.client(project, throttle=LoginThrottle(policy, clock))
    for i in range(8):  # unknown names count like known ones: no way to tell them apart
        assert web.try_login(client, f"user{i}", "guess").status_code == 401
    reply = web.try_login(client, "carol", password)
    assert reply.status_code == 429 and int(reply.headers["retry-after"]) == 900


def failed_login(throttle: LoginThrottle, conn: Any, account: str, client: str) -> None:
    """One admitted attempt that fails, as the login handler settles it."""
    attempt = throttle.reserve(conn, account, client)
    assert attempt.retry_after == 0
    throttle.failed(conn, attempt)


def test_failures_older_than_the_window_are_forgotten(project: Path) -> None:
    clock = Clock()
    throttle = LoginThrottle(ThrottlePolicy(account_failures=3, window_s=60), clock)
    with db.connect(project) as conn:
        for _ in range(2):
            failed_login(throttle, conn, "alice", "10.0.0.1")
        clock.now += 61
        for _ in range(3):  # the first two were forgotten: three more are admitted
            failed_login(throttle, conn, "alice", "10.0.0.1")
        assert throttle.reserve(conn, "alice", "10.0.0.2").retry_after > 0  # for every client


def test_a_flood_of_made_up_names_keeps_the_table_bounded_and_locks_in_place(
    project: Path,
) -> None:
    throttle = LoginThrottle(
        ThrottlePolicy(account_failures=2, client_failures=10**6, max_tracked=50)
    )
    with db.connect(project) as conn:
        failed_login(throttle, conn, "alice", "10.0.0.1")
        failed_login(throttle, conn, "alice", "10.0.0.1")
        for i in range(300):
            failed_login(throttle, conn, f"made-up-{i}", f"10.1.{i // 256}.{i % 256}")
            assert db.throttle_tracked(conn) <= 50
        assert throttle.reserve(conn, "alice", "10.9.9.9").retry_after > 0


def test_every_server_of_a_project_shares_the_counts_and_a_restart_keeps_them(
    web: Any, project: Path, password: str
) -> None:
    """The throttle keeps nothing in the server: two apps on one project are two servers."""
    clock = Clock()
    policy = ThrottlePolicy(account_failures=4, client_failures=100, lockout_s=600)
    first, second = (web.client(project, throttle=LoginThrottle(policy, clock)) for _ in "ab")
    for client in (first, second, first, second):
        assert web.try_login(client, "alice", "guess").status_code == 401
    for client in (first, second, web.client(project, throttle=LoginThrottle(policy, clock))):
        assert web.try_login(client, "alice", password).status_code == 429

    # names (a password typed into the name field) and addresses are stored only as HMACs
    assert web.try_login(first, "hunter2-typed-as-name", "guess").status_code == 401
    stored = sqlite3.connect(project / db.DB_NAME).execute("SELECT * FROM login_throttle")
    dump = repr(stored.fetchall())
    for clear in ("alice", "hunter2", "testclient"):
        assert clear not in dump


def test_unknown_names_cost_one_argon2_verification_like_known_ones(
    web: Any, project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = auth._HASHER.verify
    calls: list[str] = []

    def counted(hash_: str, password: str) -> bool:
        calls.append(hash_)
        return real(hash_, password)

    monkeypatch.setattr(auth, "_HASHER", Hasher(counted))
    with db.connect(project) as conn:
        db.add_reviewer(conn, "archived", None, False)
    client = web.client(project)
    for name in ("nobody-by-this-name", "alice", "archived"):
        calls.clear()
        assert web.try_login(client, name, "wrong password").status_code == 401
        assert len(calls) == 1 and calls[0].startswith("$argon2id$"), name


def test_password_hashing_does_not_stall_other_requests(
    web: Any, project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A verification that waits for a static file to be served: it only sees it served when
    the verification runs off the event loop."""
    served = threading.Event()
    seen: list[bool] = []

    def slow_verify(hash_: str, password: str) -> bool:
        seen.append(served.wait(timeout=5))
        return False

    monkeypatch.setattr(auth, "_HASHER", Hasher(slow_verify))
    app = create_app(project)

    async def scenario() -> None:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as c:
            token = web.csrf((await c.get("/login")).text)

            async def static() -> None:
                await asyncio.sleep(0.05)
                assert (await c.get("/static/style.css")).status_code == 200
                served.set()

            data = {"name": "alice", "password": "x", "csrf_token": token}
            login, _ = await asyncio.gather(c.post("/login", data=data), static())
            assert login.status_code == 401

    asyncio.run(scenario())
    assert seen == [True]


def test_logout_revokes_a_replayed_cookie(web: Any, project: Path, password: str) -> None:
    client = web.client(project)
    assert web.try_login(client, "alice", password).status_code == 303
    stolen = client.cookies[SESSION_COOKIE]
    token = web.csrf(client.get("/queue").text)
    client.post("/logout", data={"csrf_token": token}, follow_redirects=False)
    replay = web.client(project)
    replay.cookies.set(SESSION_COOKIE, stolen)
    assert replay.get("/queue", follow_redirects=False).headers["location"] == "/login"


def test_a_password_change_ends_every_session_of_the_account(
    web: Any, project: Path, password: str
) -> None:
    laptop, phone, other = web.client(project), web.client(project), web.client(project)
    for client, name in ((laptop, "alice"), (phone, "alice"), (other, "bob")):
        assert web.try_login(client, name, password).status_code == 303
    review_project.set_password(project, "alice", "a brand new password")
    for client in (laptop, phone):
        assert client.get("/queue", follow_redirects=False).headers["location"] == "/login"
    assert other.get("/queue").status_code == 200
    assert web.try_login(web.client(project), "alice", password).status_code == 401
    assert web.try_login(web.client(project), "alice", "a brand new password").status_code == 303


def test_https_only_sets_a_secure_cookie_and_hsts(web: Any, project: Path) -> None:
    plain = web.client(project).get("/login")
    assert "secure" not in plain.headers["set-cookie"].lower()
    assert "strict-transport-security" not in plain.headers
    tls = TestClient(create_app(project, https_only=True), base_url="https://127.0.0.1")
    reply = tls.get("/login")
    assert "; secure" in reply.headers["set-cookie"].lower()
    assert reply.headers["strict-transport-security"].startswith("max-age=")


def test_unexpected_host_headers_are_refused(web: Any, project: Path) -> None:
    client = web.client(project)
    assert client.get("/login", headers={"host": "rebind.attacker.example:8765"}).status_code == 400
    for host in ("127.0.0.1:8765", "localhost", "[::1]:8765"):
        assert client.get("/login", headers={"host": host}).status_code == 200, host
    named = web.client(project, allowed_hosts=["review.example.org"])
    assert named.get("/login", headers={"host": "review.example.org"}).status_code == 200
    assert named.get("/login", headers={"host": "127.0.0.1"}).status_code == 400


def test_csv_exports_neutralise_formulas_and_download_as_files(
    web: Any, project: Path, password: str, owner_name: str
) -> None:
    comments = ['=HYPERLINK("http://x.example","click")', "+1+1", "-2+3", "@SUM(A1)", "fine"]
    with db.connect(project) as conn:
        alice = db.reviewer_by_name(conn, "alice")
        assert alice is not None
        entries = [e for e in db.queue(conn, alice.id) if e.task == "verdict"]
        for entry, comment in zip(entries, comments, strict=False):
            db.save_label(conn, entry.id, alice.id, {"met": "yes"}, comment)
        labels = db.all_labels(conn)
    rows = list(csv.DictReader(io.StringIO(labels_csv(labels))))
    written = {r["comment"] for r in rows}
    assert written == {"'" + c for c in comments[:4]} | {"fine"}
    client = web.client(project)
    assert web.try_login(client, owner_name, password).status_code == 303
    for url, name in (
        ("/owner/labels.csv", "labels.csv"),
        ("/owner/meta-eval.csv", "meta-eval.csv"),
    ):
        reply = client.get(url)
        assert reply.headers["content-disposition"] == f'attachment; filename="{name}"'
        assert not any(line.split(",")[-2:][0].startswith("=") for line in reply.text.splitlines())
    assert "'=HYPERLINK" in client.get("/owner/labels.csv").text


def test_the_signing_key_lives_in_a_0600_file_not_in_the_database(
    project: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    key_file = project / KEY_NAME
    assert key_file.stat().st_mode & 0o777 == 0o600
    key = key_file.read_text().strip()
    monkeypatch.delenv(SECRET_ENV, raising=False)
    assert signing_key(project) == key
    for path in project.iterdir():
        if path != key_file:
            assert key.encode() not in path.read_bytes(), path
    with db.connect(project) as conn:
        assert conn.execute(text("SELECT key FROM meta")).scalars().all() == ["config"]

    copied = tmp_path / "copied"
    copied.mkdir()
    shutil.copy(project / db.DB_NAME, copied / db.DB_NAME)
    assert signing_key(copied) != key  # a copied database gets a key of its own

    key_file.chmod(0o644)
    with pytest.raises(InputError, match="too open"):
        create_app(project)
    monkeypatch.setenv(SECRET_ENV, "e" * 40)
    assert signing_key(project) == "e" * 40


def test_a_project_of_an_older_version_is_migrated_and_loses_its_stored_key(
    project: Path, web: Any, password: str
) -> None:
    raw = sqlite3.connect(project / db.DB_NAME)
    with raw:  # the layout before schema versions, sessions and the shared login throttle
        raw.execute("DROP TABLE schema_version")
        raw.execute("DROP TABLE sessions")
        raw.execute("DROP TABLE login_throttle")
        raw.execute("INSERT INTO meta VALUES ('secret', 'old-secret-from-an-older-version')")
    raw.close()
    with db.connect(project) as conn:
        assert conn.execute(text("SELECT 1 FROM meta WHERE key = 'secret'")).first() is None
        version = conn.execute(text("SELECT version FROM schema_version")).scalar()
        assert version == store.SCHEMA_VERSION == 4
    client = web.client(project)
    assert web.try_login(client, "bob", "wrong").status_code == 401  # counted in the new table
    assert web.try_login(client, "alice", password).status_code == 303
    with db.connect(project) as conn:
        assert db.throttle_tracked(conn) == 2  # bob's name and the client


def test_a_database_of_a_newer_version_is_refused(project: Path) -> None:
    raw = sqlite3.connect(project / db.DB_NAME)
    with raw:
        raw.execute("UPDATE schema_version SET version = 99")
    raw.close()
    with pytest.raises(InputError, match="schema version 99, newer than this medrubric"):
        review_project.report(project)


def test_serve_refuses_a_wildcard_address_without_allowed_hosts(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from medrubric.cli.main import main

    with pytest.raises(SystemExit) as exc:
        main(["review", "serve", "--project", str(project), "--host", "0.0.0.0"])
    assert exc.value.code == 2
    assert "--allowed-host" in capsys.readouterr().err
    assert os.environ.get(SECRET_ENV) is None
