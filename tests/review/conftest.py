"""Fixtures of the review tests: a run directory from the bundled sample, audit pairs, and a
project with three reviewers and an owner."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from medrubric.data.jsonl import load_models, write_jsonl
from medrubric.data.models import Response
from medrubric.review import project as review_project
from medrubric.review.app import create_app

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "medrubric" / "data" / "sample"
PASSWORD = "correct horse battery"
REVIEWERS = ("alice", "bob", "carol")
OWNER = "olivia"


def _concat(out: Path, *names: str) -> None:
    out.write_text("".join((SAMPLE / n).read_text(encoding="utf-8") for n in names), "utf-8")


@pytest.fixture(scope="session")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished run of two demo models over the sample cases (answers and grades)."""
    root = tmp_path_factory.mktemp("run")
    shutil.copy(SAMPLE / "cases.jsonl", root / "cases.jsonl")
    _concat(root / "responses.jsonl", "responses-demo-careful.jsonl", "responses-demo-hasty.jsonl")
    _concat(root / "grades.jsonl", "grades-demo-careful.jsonl", "grades-demo-hasty.jsonl")
    return root


@pytest.fixture(scope="session")
def pairs_file(run_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Audit pairs: a dosage error injected by changing the first number of careful answers."""
    pairs = []
    for r in load_models(run_dir / "responses.jsonl", Response):
        number = re.search(r"\d+", r.response or "")
        if r.model != "demo-careful" or r.response is None or number is None:
            continue
        wrong = str(int(number.group()) * 10)
        pairs.append(
            {
                "pair_id": f"p-{r.case_id}",
                "case_id": r.case_id,
                "error_type": "F1",
                "original": r.response,
                "edited": r.response[: number.start()] + wrong + r.response[number.end() :],
                "edits": [{"original": number.group(), "new": wrong}],
            }
        )
    path = tmp_path_factory.mktemp("pairs") / "pairs.jsonl"
    write_jsonl(path, pairs)
    return path


def make_project(
    root: Path, run_dir: Path, pairs_file: Path, sample: int = 2, database: str | None = None
) -> Path:
    """A project with every task, `sample` groups per task, three reviewers and an owner (in
    `database` when given, else SQLite in the folder)."""
    project = root / "study"
    review_project.create(
        project,
        str(run_dir),
        ["case", "criterion", "verdict", "injected"],
        sample=sample,
        seed=8,
        reviewers_per_item=2,
        pairs=pairs_file,
        database=database,
    )
    for name in REVIEWERS:
        review_project.add_reviewer(project, name, PASSWORD, database=database)
    review_project.add_reviewer(project, OWNER, PASSWORD, owner=True, database=database)
    return project


@pytest.fixture(scope="session")
def template_project(
    run_dir: Path, pairs_file: Path, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    return make_project(tmp_path_factory.mktemp("template"), run_dir, pairs_file)


@pytest.fixture
def project(template_project: Path, tmp_path: Path) -> Path:
    """A fresh copy of the template project (accounts hashed once per session)."""
    return Path(shutil.copytree(template_project, tmp_path / "study"))


class Web:
    """In-process HTTP helpers: a client reaching the app as http://127.0.0.1 (an allowed
    host), the CSRF token of a page, a login attempt."""

    @staticmethod
    def client(project: Path, **options: Any) -> TestClient:
        return TestClient(create_app(project, **options), base_url="http://127.0.0.1")

    @staticmethod
    def csrf(html: str) -> str:
        found = re.search(r'name="csrf_token" value="([^"]+)"', html)
        assert found, "page has no CSRF field"
        return found.group(1)

    @classmethod
    def all_yes(cls, client: TestClient, item_id: int) -> dict[str, str]:
        """A form answering every question of an item with yes."""
        page = client.get(f"/items/{item_id}").text
        fields = set(re.findall(r'name="(q\.[^"]+)"', page))
        return {**{f: "yes" for f in fields}, "csrf_token": cls.csrf(page)}

    @classmethod
    def try_login(cls, client: TestClient, name: str, password: str) -> httpx.Response:
        token = cls.csrf(client.get("/login").text)
        return client.post(
            "/login",
            data={"name": name, "password": password, "csrf_token": token},
            follow_redirects=False,
        )


@pytest.fixture
def web() -> type[Web]:
    return Web


@pytest.fixture
def login(project: Path) -> Callable[[str], TestClient]:
    """Log `name` into the `project` fixture and return their client."""

    def logged_in(name: str) -> TestClient:
        client = Web.client(project)
        reply = Web.try_login(client, name, PASSWORD)
        assert reply.status_code == 303, reply.text
        return client

    return logged_in


@pytest.fixture
def password() -> str:
    return PASSWORD


@pytest.fixture
def owner_name() -> str:
    return OWNER


class ReviewServer:
    """`medrubric review serve` in a subprocess on a free port."""

    def __init__(self, project: Path, *options: str):
        self.project = project
        self.options = options
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60.0) -> ReviewServer:
        command = [sys.executable, "-m", "medrubric.cli.main", "review", "serve"]
        command += ["--project", str(self.project), "--port", str(self.port), *self.options]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                err = self.process.stderr.read().decode() if self.process.stderr else ""
                raise RuntimeError(f"review server exited early:\n{err}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return self
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError("review server did not start in time")

    def kill9(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process is not None and self.process.stderr:
            self.process.stderr.close()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def review_server() -> Iterator[Callable[..., ReviewServer]]:
    """Start servers (project, serve options…) for a test and stop whichever are still
    running at its end."""
    started: list[ReviewServer] = []

    def start(project: Path, *options: str) -> ReviewServer:
        server = ReviewServer(project, *options).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture(scope="module")
def served_study(
    template_project: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Path, str]]:
    """A copy of the template project and the URL of a server on it, for one test module."""
    project = Path(shutil.copytree(template_project, tmp_path_factory.mktemp("served") / "s"))
    server = ReviewServer(project).start()
    yield project, server.url
    server.stop()


@pytest.fixture(scope="session")
def study_factory(run_dir: Path, pairs_file: Path) -> Callable[..., Path]:
    """make_project with the session's run and pairs: (folder, groups per task, database=None)
    -> project."""
    return lambda root, sample, database=None: make_project(
        root, run_dir, pairs_file, sample, database
    )


PG_PASSWORD = "pg-test-secret"


class PostgresServer:
    """A throwaway PostgreSQL server (Debian's binaries: initdb + pg_ctl) in a temp folder,
    on 127.0.0.1 with password (scram) authentication over TCP. As root the server runs as
    the `postgres` user, since PostgreSQL refuses to run as root."""

    def __init__(self, bindir: Path):
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="medrubric-pg-"))
        self.port = _free_port()
        self.data = self.root / "data"

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        done = subprocess.run(prefix + list(command), capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{command[0]} failed:\n{done.stdout}\n{done.stderr}")

    def start(self) -> PostgresServer:
        (self.root / "pw").write_text(PG_PASSWORD + "\n")
        (self.root / "sock").mkdir()
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres")
            for path in self.root.iterdir():
                shutil.chown(path, "postgres")
        initdb, pg_ctl = str(self.bindir / "initdb"), str(self.bindir / "pg_ctl")
        self._run(
            initdb,
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "--pwfile",
            str(self.root / "pw"),
            *("--auth-local=trust", "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C"),
        )
        options = (
            f"-p {self.port} -k {self.root / 'sock'} -c listen_addresses=127.0.0.1 -c fsync=off"
        )
        self._run(
            pg_ctl, "-D", str(self.data), "-l", str(self.root / "log"), "-w", "-o", options, "start"
        )
        return self

    def url(self, database: str, password: str = PG_PASSWORD) -> str:
        return f"postgresql://postgres:{password}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """The URL of a new, empty database."""
        import psycopg

        name = f"review_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """The session's PostgreSQL server; the tests are skipped (saying why) only where the
    server binaries are not installed (`make test` installs Debian's postgresql)."""
    pytest.importorskip("psycopg", reason="psycopg is missing (pip install 'medrubric[postgres]')")
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not found:
        pytest.skip(
            "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): "
            "`make test` installs it"
        )
    server = PostgresServer(found[-1].parent).start()
    yield server
    server.stop()


@pytest.fixture
def pg_url(postgres: PostgresServer) -> str:
    """A fresh PostgreSQL database for one test."""
    return postgres.new_database()
