"""Queries of a review project's database (see `store` for where it lives and its schema).

Every label is written in its own committed transaction before the reply goes out, so a
crash right after a submission loses nothing. The SQL is shared by SQLite and PostgreSQL.
"""

from __future__ import annotations

import datetime as dt
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from sqlalchemy import Connection, RowMapping, text

from medrubric.errors import InputError
from medrubric.review.assign import rotation
from medrubric.review.models import TASK_NAMES, UNSURE, Answer, Item, LabelRecord
from medrubric.review.secret import key_path, write_key
from medrubric.review.store import DB_NAME, connect, create, transaction
from medrubric.review.tasks import preview_of

__all__ = ["DB_NAME", "connect", "transaction"]


class ProjectConfig(BaseModel):
    """What `review create` chose; kept in the meta table."""

    source: str
    tasks: list[str]
    sample: int | None
    seed: int
    reviewers_per_item: int
    from_lint: str | None = None  # the lint.jsonl whose flagged criteria are reviewed


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
    unsure: bool  # the reviewer's label answers "can't judge" somewhere
    preview: str  # the first words of what the item asks about


class Progress(BaseModel):
    reviewer: str
    task: str
    assigned: int
    labelled: int
    unsure: int  # labels answering "can't judge" to at least one question


def _rows(conn: Connection, sql: str, **params: Any) -> list[RowMapping]:
    return list(conn.execute(text(sql), params).mappings())


def _row(conn: Connection, sql: str, **params: Any) -> RowMapping | None:
    return conn.execute(text(sql), params).mappings().first()


def _run(conn: Connection, sql: str, params: Any = None) -> None:
    """A write (params: one mapping, or a list of them for many rows)."""
    conn.execute(text(sql), params if params is not None else {})


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def create_project(
    project: Path, config: ProjectConfig, items: Sequence[Item], db: str | None = None
) -> None:
    """A new project (folder with its signing key, database with its items); refuses a
    place that already holds one."""
    with create(project, db) as conn:
        if not key_path(project).exists():
            write_key(project)
        with transaction(conn):
            _run(conn, "INSERT INTO meta VALUES ('config', :v)", {"v": config.model_dump_json()})
            _run(
                conn,
                "INSERT INTO items (key, task, grp, case_id, data) "
                "VALUES (:key, :task, :grp, :case_id, :data)",
                [
                    {
                        "key": i.key,
                        "task": i.task,
                        "grp": i.group,
                        "case_id": i.case_id,
                        "data": i.model_dump_json(),
                    }
                    for i in items
                ],
            )


def meta(conn: Connection, key: str) -> str:
    row = _row(conn, "SELECT value FROM meta WHERE key = :key", key=key)
    if row is None:
        raise InputError(f"the review database has no {key!r} entry")
    return str(row["value"])


def config(conn: Connection) -> ProjectConfig:
    return ProjectConfig.model_validate_json(meta(conn, "config"))


def _reviewer(row: RowMapping | None) -> Reviewer | None:
    if row is None:
        return None
    return Reviewer(
        id=row["id"],
        name=row["name"],
        is_owner=bool(row["is_owner"]),
        password_hash=row["password_hash"],
    )


def reviewer_by_name(conn: Connection, name: str) -> Reviewer | None:
    return _reviewer(_row(conn, "SELECT * FROM reviewers WHERE name = :name", name=name))


def reviewer_by_id(conn: Connection, rid: int) -> Reviewer | None:
    return _reviewer(_row(conn, "SELECT * FROM reviewers WHERE id = :id", id=rid))


def reviewers(conn: Connection) -> list[Reviewer]:
    rows = _rows(conn, "SELECT * FROM reviewers ORDER BY id")
    return [r for r in map(_reviewer, rows) if r is not None]


def add_reviewer(
    conn: Connection, name: str, password_hash: str | None, is_owner: bool
) -> Reviewer:
    """Create an account (owners run the study and label nothing), then rebalance queues."""
    if reviewer_by_name(conn, name) is not None:
        raise InputError(f"reviewer {name!r} already exists")
    with transaction(conn):
        _run(
            conn,
            "INSERT INTO reviewers (name, password_hash, is_owner, created_at) "
            "VALUES (:name, :hash, :owner, :at)",
            {"name": name, "hash": password_hash, "owner": int(is_owner), "at": _now()},
        )
        if not is_owner:
            _reassign(conn)
    created = reviewer_by_name(conn, name)
    assert created is not None
    return created


def set_password(conn: Connection, name: str, password_hash: str) -> None:
    """A new password; every session of the account ends with the old one."""
    who = reviewer_by_name(conn, name)
    if who is None:
        raise InputError(f"NAME: no reviewer {name!r} in this project")
    with transaction(conn):
        _run(
            conn,
            "UPDATE reviewers SET password_hash = :hash WHERE id = :id",
            {"hash": password_hash, "id": who.id},
        )
        _run(conn, "DELETE FROM sessions WHERE reviewer_id = :id", {"id": who.id})
        if not who.password_hash and not who.is_owner:
            _reassign(conn)


def create_session(conn: Connection, token_digest: str, reviewer_id: int, max_age: int) -> None:
    """Store a logged-in session (by the digest of its token); expired ones are dropped."""
    now = int(time.time())
    with transaction(conn):
        _run(conn, "DELETE FROM sessions WHERE expires_at <= :now", {"now": now})
        _run(
            conn,
            "INSERT INTO sessions VALUES (:digest, :rid, :expires)",
            {"digest": token_digest, "rid": reviewer_id, "expires": now + max_age},
        )


def session_reviewer(conn: Connection, token_digest: str) -> Reviewer | None:
    """The reviewer of a live session, None when it ended, expired or never existed."""
    row = _row(
        conn,
        """SELECT r.* FROM sessions s JOIN reviewers r ON r.id = s.reviewer_id
           WHERE s.token_digest = :digest AND s.expires_at > :now""",
        digest=token_digest,
        now=int(time.time()),
    )
    return _reviewer(row)


def end_session(conn: Connection, token_digest: str) -> None:
    with transaction(conn):
        _run(conn, "DELETE FROM sessions WHERE token_digest = :d", {"d": token_digest})


def _reassign(conn: Connection) -> None:
    """Rotate groups nobody has labelled yet over the reviewers who can log in and label."""
    labellers = [r.id for r in reviewers(conn) if not r.is_owner and r.password_hash]
    per_item = config(conn).reviewers_per_item
    started = {
        row["grp"]
        for row in _rows(
            conn, "SELECT DISTINCT i.grp FROM labels l JOIN items i ON i.id = l.item_id"
        )
    }
    offset = 0
    for task in TASK_NAMES:
        members: dict[str, list[int]] = {}
        for row in _rows(conn, "SELECT id, grp FROM items WHERE task = :t ORDER BY id", t=task):
            members.setdefault(row["grp"], []).append(row["id"])
        plan = rotation(list(members), labellers, per_item, offset)
        offset += len(members)
        for group, who in plan.items():
            if group in started:
                continue
            for item_id in members[group]:
                _run(conn, "DELETE FROM assignments WHERE item_id = :i", {"i": item_id})
                _run(
                    conn,
                    "INSERT INTO assignments VALUES (:i, :r)",
                    [{"i": item_id, "r": rid} for rid in who],
                )


def queue(conn: Connection, reviewer_id: int) -> list[QueueEntry]:
    rows = _rows(
        conn,
        """SELECT i.id, i.key, i.task, i.case_id, i.data, l.answers
           FROM assignments a JOIN items i ON i.id = a.item_id
           LEFT JOIN labels l ON l.item_id = a.item_id AND l.reviewer_id = a.reviewer_id
           WHERE a.reviewer_id = :rid ORDER BY i.id""",
        rid=reviewer_id,
    )
    return [
        QueueEntry(
            id=r["id"],
            key=r["key"],
            task=r["task"],
            case_id=r["case_id"],
            labelled=r["answers"] is not None,
            unsure=r["answers"] is not None and UNSURE in json.loads(r["answers"]).values(),
            preview=preview_of(Item.model_validate_json(r["data"])),
        )
        for r in rows
    ]


def case_rubric(conn: Connection, item: Item) -> list[dict[str, Any]]:
    """The criteria of a criterion or verdict item's case as the items of its group hold them
    (a case's criterion items, or the verdict items of one answer), for items made before the
    whole rubric was stored with each item."""
    rows = _rows(
        conn,
        "SELECT data FROM items WHERE task = :t AND grp = :g ORDER BY id",
        t=item.task,
        g=item.group,
    )
    return [Item.model_validate_json(r["data"]).payload["criterion"] for r in rows]


def is_assigned(conn: Connection, item_id: int, reviewer_id: int) -> bool:
    row = _row(
        conn,
        "SELECT 1 FROM assignments WHERE item_id = :i AND reviewer_id = :r",
        i=item_id,
        r=reviewer_id,
    )
    return row is not None


def item(conn: Connection, item_id: int) -> Item | None:
    row = _row(conn, "SELECT data FROM items WHERE id = :i", i=item_id)
    return None if row is None else Item.model_validate_json(row["data"])


def own_label(
    conn: Connection, item_id: int, reviewer_id: int
) -> tuple[dict[str, Answer], str] | None:
    row = _row(
        conn,
        "SELECT answers, comment FROM labels WHERE item_id = :i AND reviewer_id = :r",
        i=item_id,
        r=reviewer_id,
    )
    return None if row is None else (json.loads(row["answers"]), row["comment"])


_UPSERT_LABEL = """INSERT INTO labels VALUES (:i, :r, :answers, :comment, :at)
    ON CONFLICT (item_id, reviewer_id) DO UPDATE SET answers = excluded.answers,
    comment = excluded.comment, labelled_at = excluded.labelled_at"""


def save_label(
    conn: Connection,
    item_id: int,
    reviewer_id: int,
    answers: dict[str, Answer],
    comment: str,
    labelled_at: str | None = None,
) -> None:
    """Insert or replace one label in its own committed (fsynced) transaction."""
    with transaction(conn):
        _run(
            conn,
            _UPSERT_LABEL,
            {
                "i": item_id,
                "r": reviewer_id,
                "answers": json.dumps(answers),
                "comment": comment,
                "at": labelled_at or _now(),
            },
        )


def progress(conn: Connection) -> list[Progress]:
    rows = _rows(
        conn,
        """SELECT r.name AS reviewer, i.task AS task, COUNT(*) AS assigned,
                  COUNT(l.item_id) AS labelled,
                  COUNT(CASE WHEN l.answers LIKE :unsure THEN 1 END) AS unsure
           FROM assignments a JOIN reviewers r ON r.id = a.reviewer_id
           JOIN items i ON i.id = a.item_id
           LEFT JOIN labels l ON l.item_id = a.item_id AND l.reviewer_id = a.reviewer_id
           GROUP BY r.id, r.name, i.task ORDER BY r.id, i.task""",
        unsure=f'%"{UNSURE}"%',  # answers are JSON: only a value is a quoted "unsure"
    )
    return [Progress(**dict(r)) for r in rows]


def all_items(conn: Connection) -> list[Item]:
    rows = _rows(conn, "SELECT data FROM items ORDER BY id")
    return [Item.model_validate_json(r["data"]) for r in rows]


def all_labels(conn: Connection) -> list[LabelRecord]:
    rows = _rows(
        conn,
        """SELECT i.key, i.task, i.case_id, r.name, l.answers, l.comment, l.labelled_at
           FROM labels l JOIN items i ON i.id = l.item_id JOIN reviewers r ON r.id = l.reviewer_id
           ORDER BY i.id, r.name""",
    )
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


def item_ids(conn: Connection) -> dict[str, int]:
    """Item key -> row id."""
    return {row["key"]: row["id"] for row in _rows(conn, "SELECT id, key FROM items")}


def import_labels(conn: Connection, records: Sequence[tuple[int, LabelRecord]]) -> int:
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
            _run(
                conn,
                "INSERT INTO assignments VALUES (:i, :r) ON CONFLICT DO NOTHING",
                {"i": item_id, "r": who.id},
            )
            _run(
                conn,
                _UPSERT_LABEL,
                {
                    "i": item_id,
                    "r": who.id,
                    "answers": json.dumps(rec.answers),
                    "comment": rec.comment,
                    "at": rec.labelled_at.isoformat(),
                },
            )
        changed += 1
    return changed


# ------------------------------------------------------------------- login throttle
def throttle_track(conn: Connection, key: str) -> tuple[list[float], float]:
    """(attempt times, locked-until) of a throttle key, created empty if new and locked for
    the rest of the caller's transaction, so servers counting at once add up."""
    _run(
        conn,
        "INSERT INTO login_throttle (key, failures, last_at, locked_until) "
        "VALUES (:key, '[]', 0, 0) ON CONFLICT (key) DO NOTHING",
        {"key": key},
    )
    lock = " FOR UPDATE" if conn.dialect.name == "postgresql" else ""  # SQLite: BEGIN IMMEDIATE
    row = _row(
        conn, f"SELECT failures, locked_until FROM login_throttle WHERE key = :key{lock}", key=key
    )
    assert row is not None
    return [float(t) for t in json.loads(row["failures"])], float(row["locked_until"])


def save_throttle_track(
    conn: Connection, key: str, failures: Sequence[float], last_at: float, locked_until: float
) -> None:
    _run(
        conn,
        "UPDATE login_throttle SET failures = :failures, last_at = :last_at, "
        "locked_until = :locked_until WHERE key = :key",
        {"key": key, "failures": json.dumps(list(failures)), "last_at": last_at,
         "locked_until": locked_until},
    )  # fmt: skip


def drop_throttle_track(conn: Connection, key: str) -> None:
    _run(conn, "DELETE FROM login_throttle WHERE key = :key", {"key": key})


def throttle_tracked(conn: Connection) -> int:
    return int(conn.execute(text("SELECT COUNT(*) FROM login_throttle")).scalar() or 0)


def forget_throttle(conn: Connection, window_start: float, now: float, keep: int) -> None:
    """Bound the table under a flood of made-up names: drop keys with nothing pending, then
    the longest-quiet unlocked ones down to `keep`; locks are never dropped."""
    _run(
        conn,
        "DELETE FROM login_throttle WHERE locked_until <= :now AND last_at <= :start",
        {"now": now, "start": window_start},
    )
    excess = throttle_tracked(conn) - keep
    if excess > 0:
        _run(
            conn,
            "DELETE FROM login_throttle WHERE key IN (SELECT key FROM login_throttle "
            "WHERE locked_until <= :now ORDER BY last_at LIMIT :n)",
            {"now": now, "n": excess},
        )
