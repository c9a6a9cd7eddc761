"""Where a review project's database lives, and its schema.

SQLite in the project folder (DIR/review.sqlite3) is the embedded default; a team points
every command at one PostgreSQL database with `--db postgresql://USER:PASSWORD@HOST/DB` (or
the `MEDRUBRIC_REVIEW_DB` variable). Both go through SQLAlchemy Core with the same SQL.

SQLite runs in WAL mode with synchronous=FULL and write transactions that take the write
lock first (BEGIN IMMEDIATE), so a label is on disk before the reply goes out. The file is
created with mode 0600 (it holds the password hashes) and refused when others can read it.
Waiting for a lock another connection holds is bounded by `LOCK_WAIT_S` (SQLite's busy
timeout; PostgreSQL's `lock_timeout` and the pool's checkout wait): past it the statement
fails with an `OperationalError` (`TimeoutError` for the pool) instead of hanging. The schema
is versioned in a `schema_version` table: each connection checks it, applies the migrations
it lacks (under an advisory lock on Postgres, so concurrent servers migrate once), and
refuses a database written by a newer medrubric.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import (
    BigInteger,
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    Table,
    Text,
    create_engine,
    event,
    inspect,
    text,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, OperationalError
from sqlalchemy.pool import NullPool

from medrubric.data.sqlite import enable_wal
from medrubric.errors import InputError
from medrubric.review.secret import check_private, create_private

DB_NAME = "review.sqlite3"
DB_ENV = "MEDRUBRIC_REVIEW_DB"
LOCK_WAIT_S = 5.0  # longest wait for another connection's lock
_MIGRATION_LOCK = 7_240_412  # pg_advisory_xact_lock key of review-schema migrations

_META = MetaData()
_meta = Table(
    "meta", _META, Column("key", Text, primary_key=True), Column("value", Text, nullable=False)
)
_reviewers = Table(
    "reviewers",
    _META,
    Column("id", Integer, primary_key=True),
    Column("name", Text, unique=True, nullable=False),
    Column("password_hash", Text),
    Column("is_owner", Integer, nullable=False, server_default="0"),
    Column("created_at", Text, nullable=False),
)
_items = Table(
    "items",
    _META,
    Column("id", Integer, primary_key=True),
    Column("key", Text, unique=True, nullable=False),
    Column("task", Text, nullable=False),
    Column("grp", Text, nullable=False),
    Column("case_id", Text, nullable=False),
    Column("data", Text, nullable=False),
)
_assignments = Table(
    "assignments",
    _META,
    Column("item_id", Integer, ForeignKey("items.id"), primary_key=True),
    Column("reviewer_id", Integer, ForeignKey("reviewers.id"), primary_key=True),
)
_labels = Table(
    "labels",
    _META,
    Column("item_id", Integer, ForeignKey("items.id"), primary_key=True),
    Column("reviewer_id", Integer, ForeignKey("reviewers.id"), primary_key=True),
    Column("answers", Text, nullable=False),
    Column("comment", Text, nullable=False),
    Column("labelled_at", Text, nullable=False),
)
_sessions = Table(
    "sessions",
    _META,
    Column("token_digest", Text, primary_key=True),
    Column("reviewer_id", Integer, ForeignKey("reviewers.id"), nullable=False),
    Column("expires_at", BigInteger, nullable=False),
)
_login_throttle = Table(
    "login_throttle",
    _META,
    Column("key", Text, primary_key=True),  # "account:" or "client:" and an HMAC of the value
    Column("failures", Text, nullable=False),  # JSON list: failure times within the window
    Column("last_at", Float, nullable=False),  # the latest failure (seconds since the epoch)
    Column("locked_until", Float, nullable=False),
)
_version = Table("schema_version", _META, Column("version", Integer, nullable=False))


def _v1_tables(conn: Connection) -> None:
    for table in (_meta, _reviewers, _items, _assignments, _labels):
        table.create(conn, checkfirst=True)


def _v2_sessions(conn: Connection) -> None:
    """Server-side sessions; the signing key moved out of the database into a key file."""
    _sessions.create(conn, checkfirst=True)
    conn.execute(text("DELETE FROM meta WHERE key = 'secret'"))


def _v3_login_throttle(conn: Connection) -> None:
    """Failed-login counts in the database, shared by every server of a project."""
    _login_throttle.create(conn, checkfirst=True)


def _v4_unsure_answers(conn: Connection) -> None:
    """Labels may answer "unsure" (can't judge) besides yes and no. The answers column is
    JSON text, so no table changes; the version step makes an older medrubric, which cannot
    read such a label, refuse the database with "upgrade medrubric" instead of failing on
    the first page that reads labels."""


MIGRATIONS: tuple[Callable[[Connection], None], ...] = (
    _v1_tables,
    _v2_sessions,
    _v3_login_throttle,
    _v4_unsure_answers,
)
SCHEMA_VERSION = len(MIGRATIONS)


def database_url(project: str | Path, db: str | None = None) -> str:
    """The SQLAlchemy URL of a project: `db` (PostgreSQL) or the project's SQLite file."""
    if not db:
        return f"sqlite:///{Path(project).resolve() / DB_NAME}"
    scheme = db.split("://", 1)[0] if "://" in db else ""
    if scheme not in ("postgresql", "postgres", "postgresql+psycopg"):
        raise InputError(
            "--db: use postgresql://USER:PASSWORD@HOST:PORT/DATABASE "
            "(leave it out for SQLite in the project folder)"
        )
    return "postgresql+psycopg://" + db.split("://", 1)[1]


def shown(url: str) -> str:
    """A URL fit for messages: the password masked."""
    try:
        masked = make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "--db"
    return masked.replace("postgresql+psycopg://", "postgresql://", 1)


@functools.cache
def engine(url: str) -> Engine:
    """One engine per database: Postgres connections are pooled; SQLite opens the file per
    connection (NullPool) with its durability pragmas."""
    if not url.startswith("sqlite"):
        wait_ms = round(LOCK_WAIT_S * 1000)
        try:
            return create_engine(
                url,
                pool_pre_ping=True,
                pool_timeout=LOCK_WAIT_S,
                connect_args={"options": f"-c lock_timeout={wait_ms}"},
            )
        except ImportError:
            raise InputError(
                "--db: PostgreSQL needs psycopg (pip install 'medrubric[postgres]')"
            ) from None
    made = create_engine(url, poolclass=NullPool, connect_args={"check_same_thread": False})

    @event.listens_for(made, "connect")
    def _pragmas(dbapi_conn: object, record: object) -> None:
        dbapi_conn.isolation_level = None  # type: ignore[attr-defined]  # we say BEGIN
        cursor = dbapi_conn.cursor()  # type: ignore[attr-defined]
        cursor.execute(f"PRAGMA busy_timeout={round(LOCK_WAIT_S * 1000)}")  # read per file open
        enable_wal(dbapi_conn)  # type: ignore[arg-type]
        for pragma in ("synchronous=FULL", "foreign_keys=ON"):
            cursor.execute(f"PRAGMA {pragma}")
        cursor.close()

    @event.listens_for(made, "begin")
    def _begin(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.info.pop("immediate", False) else "BEGIN")

    return made


@contextmanager
def transaction(conn: Connection) -> Iterator[Connection]:
    """A write transaction, committed on exit; SQLite takes its write lock up front."""
    if conn.in_transaction():
        conn.commit()  # end the read transaction the connection opened by itself
    conn.info["immediate"] = conn.dialect.name == "sqlite"
    with conn.begin():
        yield conn


def _open(url: str) -> Connection:
    """A connection, or one clear line when the server refuses it (wrong password, …)."""
    try:
        return engine(url).connect()
    except OperationalError as exc:
        reason = str(exc.orig or exc).strip().splitlines()[0]
        raise InputError(f"cannot open the review database {shown(url)}: {reason}") from None


def _schema_version(conn: Connection) -> int | None:
    """The stored version; 0 for a project made before versioning; None when empty."""
    tables = set(inspect(conn).get_table_names())
    if "schema_version" in tables:
        return int(conn.execute(text("SELECT MAX(version) FROM schema_version")).scalar() or 0)
    return 0 if "meta" in tables else None


def _migrate(conn: Connection, where: str) -> None:
    with transaction(conn):
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _MIGRATION_LOCK})
        found = _schema_version(conn) or 0
        if found > SCHEMA_VERSION:
            raise InputError(
                f"the review database has schema version {found}, newer than this medrubric "
                f"knows ({SCHEMA_VERSION}): upgrade medrubric",
                where,
            )
        for migration in MIGRATIONS[found:]:
            migration(conn)
        _version.create(conn, checkfirst=True)
        conn.execute(text("DELETE FROM schema_version"))
        conn.execute(text("INSERT INTO schema_version VALUES (:v)"), {"v": SCHEMA_VERSION})


def _ready(conn: Connection, where: str) -> None:
    if _schema_version(conn) != SCHEMA_VERSION:
        _migrate(conn, where)


@contextmanager
def connect(project: str | Path, db: str | None = None) -> Iterator[Connection]:
    """A connection to an existing project, its schema brought up to date; InputError when
    there is no project there."""
    url = database_url(project, db)
    where = shown(url) if db else str(project)
    if not db and not (Path(project) / DB_NAME).exists():
        raise InputError("not a review project (run `medrubric review create` first)", project)
    if not db:
        check_private(Path(project) / DB_NAME)
    conn = _open(url)
    try:
        if _schema_version(conn) is None:
            raise InputError("not a review project (run `medrubric review create` first)", where)
        _ready(conn, where)
        yield conn
    finally:
        conn.close()


@contextmanager
def create(project: str | Path, db: str | None = None) -> Iterator[Connection]:
    """A connection to a new, empty project database with the current schema; refuses a
    place that already holds a project."""
    url = database_url(project, db)
    where = shown(url) if db else str(project)
    if not db and (Path(project) / DB_NAME).exists():
        raise InputError("already a review project", project)
    Path(project).mkdir(parents=True, exist_ok=True)
    if not db:
        os.close(create_private(Path(project) / DB_NAME))  # before SQLite makes it 0644
    conn = _open(url)
    try:
        if _schema_version(conn) is not None:
            raise InputError("already a review project", where)
        _migrate(conn, where)
        yield conn
    finally:
        conn.close()
