"""The SQLite store of a review project (DIR/review.sqlite3).

WAL journal with synchronous=FULL, and every label written in its own committed
transaction before the reply goes out, so a crash right after a submission loses nothing.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from pydantic import BaseModel

from medrubric.errors import InputError
from medrubric.review.assign import rotation
from medrubric.review.models import TASK_NAMES, Answer, Item, LabelRecord
from medrubric.review.secret import key_path, write_key

DB_NAME = "review.sqlite3"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS reviewers (
    id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, password_hash TEXT,
    is_owner INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS items (
    id INTEGER PRIMARY KEY, key TEXT UNIQUE NOT NULL, task TEXT NOT NULL,
    grp TEXT NOT NULL, case_id TEXT NOT NULL, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS assignments (
    item_id INTEGER NOT NULL REFERENCES items(id), reviewer_id INTEGER NOT NULL
    REFERENCES reviewers(id), PRIMARY KEY (item_id, reviewer_id));
CREATE TABLE IF NOT EXISTS labels (
    item_id INTEGER NOT NULL REFERENCES items(id), reviewer_id INTEGER NOT NULL
    REFERENCES reviewers(id), answers TEXT NOT NULL, comment TEXT NOT NULL,
    labelled_at TEXT NOT NULL, PRIMARY KEY (item_id, reviewer_id));
CREATE TABLE IF NOT EXISTS sessions (
    token_digest TEXT PRIMARY KEY, reviewer_id INTEGER NOT NULL REFERENCES reviewers(id),
    expires_at INTEGER NOT NULL);
"""


class ProjectConfig(BaseModel):
    """What `review create` chose; kept in the meta table."""

    source: str
    tasks: list[str]
    sample: int | None
    seed: int
    reviewers_per_item: int


class Reviewer(BaseModel):
    id: int
    name: str
    is_owner: bool
    password_hash: str | None


class QueueEntry(BaseModel):
    id: int
    key: str
    task: str
    case_id: str
    labelled: bool


class Progress(BaseModel):
    reviewer: str
    task: str
    assigned: int
    labelled: int


def db_path(project: str | Path) -> Path:
    return Path(project) / DB_NAME


def _open(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None, timeout=30, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("PRAGMA foreign_keys=ON")
    return conn


@contextmanager
def connect(project: str | Path) -> Iterator[sqlite3.Connection]:
    """A connection to an existing project; InputError when DIR is not one."""
    path = db_path(project)
    if not path.exists():
        raise InputError("not a review project (run `medrubric review create` first)", project)
    conn = _open(path)
    try:
        _upgrade(conn)
        yield conn
    finally:
        conn.close()


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _upgrade(conn: sqlite3.Connection) -> None:
    """Bring a project made by an older version up to date: a sessions table, and no signing
    key in the database (it lives in a key file now; old cookies stop working)."""
    conn.executescript(_SCHEMA)
    if conn.execute("SELECT 1 FROM meta WHERE key = 'secret'").fetchone():
        conn.execute("DELETE FROM meta WHERE key = 'secret'")


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def create_project(project: Path, config: ProjectConfig, items: Sequence[Item]) -> None:
    """A new project folder with its items and signing key; refuses a folder that already
    holds a project."""
    if db_path(project).exists():
        raise InputError("already a review project", project)
    project.mkdir(parents=True, exist_ok=True)
    if not key_path(project).exists():
        write_key(project)
    conn = _open(db_path(project))
    try:
        conn.executescript(_SCHEMA)
        with transaction(conn):
            conn.execute("INSERT INTO meta VALUES ('config', ?)", (config.model_dump_json(),))
            conn.executemany(
                "INSERT INTO items (key, task, grp, case_id, data) VALUES (?, ?, ?, ?, ?)",
                [(i.key, i.task, i.group, i.case_id, i.model_dump_json()) for i in items],
            )
    finally:
        conn.close()


def meta(conn: sqlite3.Connection, key: str) -> str:
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return str(row["value"])


def config(conn: sqlite3.Connection) -> ProjectConfig:
    return ProjectConfig.model_validate_json(meta(conn, "config"))


def _reviewer(row: sqlite3.Row | None) -> Reviewer | None:
    if row is None:
        return None
    return Reviewer(
        id=row["id"],
        name=row["name"],
        is_owner=bool(row["is_owner"]),
        password_hash=row["password_hash"],
    )


def reviewer_by_name(conn: sqlite3.Connection, name: str) -> Reviewer | None:
    return _reviewer(conn.execute("SELECT * FROM reviewers WHERE name = ?", (name,)).fetchone())


def reviewer_by_id(conn: sqlite3.Connection, rid: int) -> Reviewer | None:
    return _reviewer(conn.execute("SELECT * FROM reviewers WHERE id = ?", (rid,)).fetchone())


def reviewers(conn: sqlite3.Connection) -> list[Reviewer]:
    rows = conn.execute("SELECT * FROM reviewers ORDER BY id").fetchall()
    return [r for r in map(_reviewer, rows) if r is not None]


def add_reviewer(
    conn: sqlite3.Connection, name: str, password_hash: str | None, is_owner: bool
) -> Reviewer:
    """Create an account (owners run the study and label nothing), then rebalance queues."""
    if reviewer_by_name(conn, name) is not None:
        raise InputError(f"reviewer {name!r} already exists")
    with transaction(conn):
        conn.execute(
            "INSERT INTO reviewers (name, password_hash, is_owner, created_at) VALUES (?,?,?,?)",
            (name, password_hash, int(is_owner), _now()),
        )
        if not is_owner:
            _reassign(conn)
    created = reviewer_by_name(conn, name)
    assert created is not None
    return created


def set_password(conn: sqlite3.Connection, name: str, password_hash: str) -> None:
    """A new password; every session of the account ends with the old one."""
    who = reviewer_by_name(conn, name)
    if who is None:
        raise InputError(f"NAME: no reviewer {name!r} in this project")
    with transaction(conn):
        conn.execute("UPDATE reviewers SET password_hash = ? WHERE id = ?", (password_hash, who.id))
        conn.execute("DELETE FROM sessions WHERE reviewer_id = ?", (who.id,))
        if not who.password_hash and not who.is_owner:
            _reassign(conn)


def create_session(
    conn: sqlite3.Connection, token_digest: str, reviewer_id: int, max_age: int
) -> None:
    """Store a logged-in session (by the digest of its token); expired ones are dropped."""
    now = int(time.time())
    with transaction(conn):
        conn.execute("DELETE FROM sessions WHERE expires_at <= ?", (now,))
        conn.execute(
            "INSERT INTO sessions VALUES (?, ?, ?)", (token_digest, reviewer_id, now + max_age)
        )


def session_reviewer(conn: sqlite3.Connection, token_digest: str) -> Reviewer | None:
    """The reviewer of a live session, None when it ended, expired or never existed."""
    row = conn.execute(
        """SELECT r.* FROM sessions s JOIN reviewers r ON r.id = s.reviewer_id
           WHERE s.token_digest = ? AND s.expires_at > ?""",
        (token_digest, int(time.time())),
    ).fetchone()
    return _reviewer(row)


def end_session(conn: sqlite3.Connection, token_digest: str) -> None:
    with transaction(conn):
        conn.execute("DELETE FROM sessions WHERE token_digest = ?", (token_digest,))


def _reassign(conn: sqlite3.Connection) -> None:
    """Rotate groups nobody has labelled yet over the reviewers who can log in and label."""
    labellers = [r.id for r in reviewers(conn) if not r.is_owner and r.password_hash]
    per_item = config(conn).reviewers_per_item
    started = {
        row["grp"]
        for row in conn.execute(
            "SELECT DISTINCT i.grp FROM labels l JOIN items i ON i.id = l.item_id"
        )
    }
    offset = 0
    for task in TASK_NAMES:
        rows = conn.execute("SELECT id, grp FROM items WHERE task = ? ORDER BY id", (task,))
        members: dict[str, list[int]] = {}
        for row in rows:
            members.setdefault(row["grp"], []).append(row["id"])
        plan = rotation(list(members), labellers, per_item, offset)
        offset += len(members)
        for group, who in plan.items():
            if group in started:
                continue
            for item_id in members[group]:
                conn.execute("DELETE FROM assignments WHERE item_id = ?", (item_id,))
                conn.executemany(
                    "INSERT INTO assignments VALUES (?, ?)", [(item_id, rid) for rid in who]
                )


def queue(conn: sqlite3.Connection, reviewer_id: int) -> list[QueueEntry]:
    rows = conn.execute(
        """SELECT i.id, i.key, i.task, i.case_id, l.item_id IS NOT NULL AS labelled
           FROM assignments a JOIN items i ON i.id = a.item_id
           LEFT JOIN labels l ON l.item_id = a.item_id AND l.reviewer_id = a.reviewer_id
           WHERE a.reviewer_id = ? ORDER BY i.id""",
        (reviewer_id,),
    ).fetchall()
    return [QueueEntry(**dict(r)) for r in rows]


def is_assigned(conn: sqlite3.Connection, item_id: int, reviewer_id: int) -> bool:
    row = conn.execute(
        "SELECT 1 FROM assignments WHERE item_id = ? AND reviewer_id = ?", (item_id, reviewer_id)
    ).fetchone()
    return row is not None


def item(conn: sqlite3.Connection, item_id: int) -> Item | None:
    row = conn.execute("SELECT data FROM items WHERE id = ?", (item_id,)).fetchone()
    return None if row is None else Item.model_validate_json(row["data"])


def own_label(
    conn: sqlite3.Connection, item_id: int, reviewer_id: int
) -> tuple[dict[str, Answer], str] | None:
    row = conn.execute(
        "SELECT answers, comment FROM labels WHERE item_id = ? AND reviewer_id = ?",
        (item_id, reviewer_id),
    ).fetchone()
    return None if row is None else (json.loads(row["answers"]), row["comment"])


def save_label(
    conn: sqlite3.Connection,
    item_id: int,
    reviewer_id: int,
    answers: dict[str, Answer],
    comment: str,
    labelled_at: str | None = None,
) -> None:
    """Insert or replace one label in its own committed (fsynced) transaction."""
    with transaction(conn):
        conn.execute(
            "INSERT OR REPLACE INTO labels VALUES (?, ?, ?, ?, ?)",
            (item_id, reviewer_id, json.dumps(answers), comment, labelled_at or _now()),
        )


def progress(conn: sqlite3.Connection) -> list[Progress]:
    rows = conn.execute(
        """SELECT r.name AS reviewer, i.task AS task, COUNT(*) AS assigned,
                  COUNT(l.item_id) AS labelled
           FROM assignments a JOIN reviewers r ON r.id = a.reviewer_id
           JOIN items i ON i.id = a.item_id
           LEFT JOIN labels l ON l.item_id = a.item_id AND l.reviewer_id = a.reviewer_id
           GROUP BY r.id, i.task ORDER BY r.id, i.task"""
    ).fetchall()
    return [Progress(**dict(r)) for r in rows]


def all_items(conn: sqlite3.Connection) -> list[Item]:
    rows = conn.execute("SELECT data FROM items ORDER BY id").fetchall()
    return [Item.model_validate_json(r["data"]) for r in rows]


def all_labels(conn: sqlite3.Connection) -> list[LabelRecord]:
    rows = conn.execute(
        """SELECT i.key, i.task, i.case_id, r.name, l.answers, l.comment, l.labelled_at
           FROM labels l JOIN items i ON i.id = l.item_id JOIN reviewers r ON r.id = l.reviewer_id
           ORDER BY i.id, r.name"""
    ).fetchall()
    return [
        LabelRecord(
            item_key=r["key"],
            task=r["task"],
            case_id=r["case_id"],
            reviewer=r["name"],
            answers=json.loads(r["answers"]),
            comment=r["comment"],
            labelled_at=dt.datetime.fromisoformat(r["labelled_at"]),
        )
        for r in rows
    ]


def item_ids(conn: sqlite3.Connection) -> dict[str, int]:
    """Item key -> row id."""
    return {row["key"]: row["id"] for row in conn.execute("SELECT id, key FROM items")}


def import_labels(conn: sqlite3.Connection, records: Sequence[tuple[int, LabelRecord]]) -> int:
    """Write checked (item id, label) pairs back; the same file twice changes nothing.
    Returns how many labels were new or changed.

    A reviewer missing from the project is created without a password (an archive account
    that cannot log in) and the item is added to their queue.
    """
    changed = 0
    for item_id, rec in records:
        who = reviewer_by_name(conn, rec.reviewer) or add_reviewer(conn, rec.reviewer, None, False)
        if own_label(conn, item_id, who.id) == (rec.answers, rec.comment):
            continue
        with transaction(conn):
            conn.execute("INSERT OR IGNORE INTO assignments VALUES (?, ?)", (item_id, who.id))
            conn.execute(
                "INSERT OR REPLACE INTO labels VALUES (?, ?, ?, ?, ?)",
                (
                    item_id,
                    who.id,
                    json.dumps(rec.answers),
                    rec.comment,
                    rec.labelled_at.isoformat(),
                ),
            )
        changed += 1
    return changed
