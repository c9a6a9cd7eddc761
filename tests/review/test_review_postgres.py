"""The review app on a real PostgreSQL server (started by the test suite): the same study
as on SQLite, the web app, `review serve --db`, migrations and connection errors."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import text

from medrubric.cli.main import main
from medrubric.errors import InputError
from medrubric.review import db
from medrubric.review import project as review_project
from medrubric.review.models import Answer
from medrubric.review.store import SCHEMA_VERSION
from medrubric.review.tasks import questions_for
from medrubric.review.throttle import LoginThrottle, ThrottlePolicy

TASKS = ["case", "criterion", "verdict", "injected"]


def make_study(
    folder: Path, run_dir: Path, pairs_file: Path, password: str, database: str | None
) -> Path:
    review_project.create(folder, str(run_dir), TASKS, 2, 8, 2, pairs_file, database)
    for name in ("alice", "bob", "carol"):
        review_project.add_reviewer(folder, name, password, database=database)
    review_project.add_reviewer(folder, "olivia", password, owner=True, database=database)
    return folder


def label_everything(project: Path, database: str | None) -> None:
    """Every assigned item labelled, answers a fixed function of item and reviewer (some of
    them "can't judge")."""
    with db.connect(project, database) as conn:
        for who in db.reviewers(conn):
            for entry in db.queue(conn, who.id):
                item = db.item(conn, entry.id)
                assert item is not None
                answers: dict[str, Answer] = {
                    q.field: ("no", "yes", "yes", "yes", "unsure")[
                        (len(q.field) + entry.id + who.id) % 5
                    ]
                    for q in questions_for(item)
                }
                db.save_label(conn, entry.id, who.id, answers, "note", "2026-01-02T03:04:05+00:00")


def test_a_study_on_postgres_equals_the_same_study_on_sqlite(
    tmp_path: Path, run_dir: Path, pairs_file: Path, password: str, pg_url: str
) -> None:
    on_pg = make_study(tmp_path / "pg", run_dir, pairs_file, password, pg_url)
    on_lite = make_study(tmp_path / "lite", run_dir, pairs_file, password, None)
    assert not (on_pg / db.DB_NAME).exists()
    for project, database in ((on_pg, pg_url), (on_lite, None)):
        label_everything(project, database)
    exports = {}
    for project, database in ((on_pg, pg_url), (on_lite, None)):
        out = tmp_path / f"{project.name}.jsonl"
        review_project.export_labels(project, out, "jsonl", database)
        exports[project.name] = out.read_text(encoding="utf-8")
        for fmt in ("csv", "meta-eval"):
            review_project.export_labels(project, tmp_path / f"{project.name}.{fmt}", fmt, database)
    assert exports["pg"] == exports["lite"] and exports["pg"].count("\n") > 40
    for fmt in ("csv", "meta-eval"):
        assert (tmp_path / f"pg.{fmt}").read_bytes() == (tmp_path / f"lite.{fmt}").read_bytes()
    assert review_project.report(on_pg, pg_url) == review_project.report(on_lite)
    with db.connect(on_pg, pg_url) as conn, db.connect(on_lite) as lite:
        assert conn.execute(text("SELECT version FROM schema_version")).scalar() == SCHEMA_VERSION
        assert db.progress(conn) == db.progress(lite)
        assert sum(p.unsure for p in db.progress(conn)) > 0


def test_import_into_postgres_is_validated_and_idempotent(
    tmp_path: Path, run_dir: Path, pairs_file: Path, password: str, postgres: Any
) -> None:
    source_url, target_url = postgres.new_database(), postgres.new_database()
    source = make_study(tmp_path / "a", run_dir, pairs_file, password, source_url)
    label_everything(source, source_url)
    archive = tmp_path / "labels.jsonl"
    n = review_project.export_labels(source, archive, "jsonl", source_url)
    target = tmp_path / "b"
    review_project.create(target, str(run_dir), TASKS, 2, 8, 2, pairs_file, target_url)
    assert review_project.import_labels(target, archive, target_url) == n
    assert review_project.import_labels(target, archive, target_url) == 0
    again = tmp_path / "again.jsonl"
    review_project.export_labels(target, again, "jsonl", target_url)
    assert again.read_text(encoding="utf-8") == archive.read_text(encoding="utf-8")
    first = json.loads(archive.read_text(encoding="utf-8").splitlines()[0])
    first["answers"] = dict(list(first["answers"].items())[:1]) | {"bogus": "yes"}
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(first) + "\n")
    with pytest.raises(InputError, match="bad.jsonl:1: answers: bogus is not a question"):
        review_project.import_labels(target, bad, target_url)


def test_the_web_app_on_postgres_logs_in_labels_and_revokes(
    tmp_path: Path, run_dir: Path, pairs_file: Path, password: str, pg_url: str, web: Any
) -> None:
    project = make_study(tmp_path / "s", run_dir, pairs_file, password, pg_url)
    client = web.client(project, database=pg_url)
    assert web.try_login(client, "alice", password).status_code == 303
    with db.connect(project, pg_url) as conn:
        alice = db.reviewer_by_name(conn, "alice")
        assert alice is not None
        first = db.queue(conn, alice.id)[0].id
    reply = client.post(f"/items/{first}", data=web.all_yes(client, first), follow_redirects=False)
    assert reply.status_code == 303
    with db.connect(project, pg_url) as conn:
        assert [lab.reviewer for lab in db.all_labels(conn)] == ["alice"]
    review_project.set_password(project, "alice", "another long password", pg_url)
    assert client.get("/queue", follow_redirects=False).headers["location"] == "/login"


def test_login_throttling_on_postgres_is_shared_by_the_servers(
    tmp_path: Path, run_dir: Path, pairs_file: Path, password: str, pg_url: str, web: Any
) -> None:
    project = make_study(tmp_path / "s", run_dir, pairs_file, password, pg_url)
    policy = ThrottlePolicy(account_failures=3, client_failures=100, lockout_s=600)
    first, second = (
        web.client(project, database=pg_url, throttle=LoginThrottle(policy)) for _ in "ab"
    )
    for client in (first, second, first):
        assert web.try_login(client, "alice", "guess").status_code == 401
    locked = web.try_login(second, "alice", password)
    assert locked.status_code == 429 and 595 <= int(locked.headers["retry-after"]) <= 600
    assert web.try_login(first, "bob", password).status_code == 303


def test_review_serve_with_db(
    tmp_path: Path,
    run_dir: Path,
    pairs_file: Path,
    password: str,
    pg_url: str,
    web: Any,
    review_server: Callable[..., Any],
) -> None:
    project = make_study(tmp_path / "s", run_dir, pairs_file, password, pg_url)
    server = review_server(project, "--db", pg_url)
    with httpx.Client(base_url=server.url) as client:
        token = web.csrf(client.get("/login").text)
        data = {"name": "bob", "password": password, "csrf_token": token}
        assert client.post("/login", data=data).status_code == 303
        with db.connect(project, pg_url) as conn:
            bob = db.reviewer_by_name(conn, "bob")
            assert bob is not None
            first = db.queue(conn, bob.id)[0].id
        assert client.post(f"/items/{first}", data=web.all_yes(client, first)).status_code == 303
    server.kill9()
    with db.connect(project, pg_url) as conn:
        assert [(lab.reviewer, set(lab.answers.values())) for lab in db.all_labels(conn)] == [
            ("bob", {"yes"})
        ]


def test_a_wrong_password_is_one_line_and_exit_2(
    tmp_path: Path,
    run_dir: Path,
    pairs_file: Path,
    password: str,
    postgres: Any,
    capsys: pytest.CaptureFixture[str],
) -> None:
    url = postgres.new_database()
    make_study(tmp_path / "s", run_dir, pairs_file, password, url)
    wrong = url.replace(":pg-test-secret@", ":not-the-password@")
    with pytest.raises(SystemExit) as exc:
        main(["review", "agreement", str(tmp_path / "s"), "--db", wrong])
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "password authentication failed" in err
    assert "not-the-password" not in err and "***" in err


def test_an_empty_database_is_not_a_project_and_a_project_is_not_created_twice(
    tmp_path: Path, run_dir: Path, pairs_file: Path, password: str, pg_url: str
) -> None:
    with pytest.raises(InputError, match="not a review project"):
        review_project.report(tmp_path / "x", pg_url)
    make_study(tmp_path / "s", run_dir, pairs_file, password, pg_url)
    with pytest.raises(InputError, match="already a review project"):
        review_project.create(tmp_path / "t", str(run_dir), ["case"], database=pg_url)
    with pytest.raises(InputError, match="--db: use postgresql://"):
        review_project.report(tmp_path / "s", "mysql://u:p@h/d")
