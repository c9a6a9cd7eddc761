"""Review app under a password-guessing load: does argon2 stall other requests, and does a
login answer reveal whether the name exists?

One run serves the same project twice with uvicorn, side by side:
- `on the event loop`: argon2 verification called directly inside the async login handler
  (how the app did it before),
- `thread pool`: the app as shipped (verification in Starlette's thread pool),
and for each measures the latency of a static GET while `--attackers` threads loop wrong-
password logins (login throttling is switched off for the measurement), next to the idle
latency. It also times wrong-password logins for an existing name and for an unknown one
(the shipped app verifies unknown names against a dummy hash). Results go to
bench/RESULTS.md under "## Review app login".

    python bench/bench_review_login.py [--attackers 6] [--gets 60]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import uvicorn
from _results import write_section
from rich.console import Console

import medrubric.review.routes.auth as review_auth
from medrubric.review import project as review_project
from medrubric.review.app import create_app
from medrubric.review.auth import verify_password
from medrubric.review.throttle import LoginThrottle, ThrottlePolicy

PASSWORD = "correct horse battery"
NO_THROTTLE = ThrottlePolicy(account_failures=10**9, client_failures=10**9)


async def _on_the_loop(password_hash: str | None, password: str) -> bool:
    return verify_password(password_hash, password)


def _csrf(client: httpx.Client) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/login").text)
    assert found
    return found.group(1)


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def served(project: Path) -> Iterator[str]:
    port = _free_port()
    app = create_app(project, throttle=LoginThrottle(NO_THROTTLE))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join()


def static_latency(url: str, gets: int) -> list[float]:
    times = []
    with httpx.Client(base_url=url) as client:
        for _ in range(gets):
            start = time.perf_counter()
            client.get("/static/style.css").raise_for_status()
            times.append(time.perf_counter() - start)
            time.sleep(0.02)
    return times


def login_times(url: str, name: str, n: int) -> list[float]:
    times = []
    with httpx.Client(base_url=url) as client:
        for _ in range(n):
            data = {"name": name, "password": "wrong password", "csrf_token": _csrf(client)}
            start = time.perf_counter()
            assert client.post("/login", data=data).status_code == 401
            times.append(time.perf_counter() - start)
    return times


@contextmanager
def attacked(url: str, attackers: int) -> Iterator[Callable[[], int]]:
    """`attackers` threads looping wrong-password logins until the block ends."""
    stop = threading.Event()
    attempts = [0] * attackers

    def attack(i: int) -> None:
        with httpx.Client(base_url=url, timeout=60) as client:
            token = _csrf(client)
            while not stop.is_set():
                data = {"name": "alice", "password": f"guess{attempts[i]}", "csrf_token": token}
                client.post("/login", data=data)
                attempts[i] += 1

    threads = [threading.Thread(target=attack, args=(i,)) for i in range(attackers)]
    for t in threads:
        t.start()
    time.sleep(1.0)  # let the guessing reach full speed
    try:
        yield lambda: sum(attempts)
    finally:
        stop.set()
        for t in threads:
            t.join()


def p95(xs: list[float]) -> float:
    return sorted(xs)[int(0.95 * (len(xs) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attackers", type=int, default=6)
    parser.add_argument("--gets", type=int, default=60)
    args = parser.parse_args()
    console = Console()
    load = os.getloadavg()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "study"
        review_project.create(project, "sample", ["case"], sample=2)
        review_project.add_reviewer(project, "alice", PASSWORD)
        shipped = review_auth.verify_password_off_loop
        for label, verify in (("on the event loop", _on_the_loop), ("thread pool", shipped)):
            review_auth.verify_password_off_loop = verify  # type: ignore[assignment]
            try:
                with served(project) as url:
                    idle = static_latency(url, args.gets)
                    with attacked(url, args.attackers) as attempts:
                        before, start = attempts(), time.perf_counter()
                        busy = static_latency(url, args.gets)
                        rate = (attempts() - before) / (time.perf_counter() - start)
                    rows.append((label, idle, busy, rate))
                    if verify is shipped:
                        known = login_times(url, "alice", 20)
                        unknown = login_times(url, "nobody-by-this-name", 20)
            finally:
                review_auth.verify_password_off_loop = shipped
    lines = [
        "## Review app login",
        "",
        f"`python bench/bench_review_login.py --attackers {args.attackers} --gets {args.gets}`"
        f" — {os.cpu_count()} cores, load average {load[0]:.2f} (1 min) / {load[1]:.2f} (5 min)"
        " at the start.",
        "",
        f"Static GET latency while {args.attackers} threads loop wrong-password logins"
        " (throttling off for the measurement):",
        "",
        "| argon2 runs | idle median | under attack median | under attack p95 | slowdown"
        " (median) | guesses/s |",
        "|---|---|---|---|---|---|",
    ]
    for label, idle, busy, rate in rows:
        slow = statistics.median(busy) / statistics.median(idle)
        lines.append(
            f"| {label} | {statistics.median(idle) * 1000:.1f} ms |"
            f" {statistics.median(busy) * 1000:.1f} ms | {p95(busy) * 1000:.1f} ms |"
            f" {slow:.1f}× | {rate:.1f} |"
        )
    ratio = statistics.median(unknown) / statistics.median(known)
    lines += [
        "",
        "Wrong-password login answer time, median of 20 (shipped app, idle):"
        f" existing name {statistics.median(known) * 1000:.0f} ms,"
        f" unknown name {statistics.median(unknown) * 1000:.0f} ms (ratio {ratio:.2f}).",
    ]
    text = "\n".join(lines)
    console.print(text)
    write_section("## Review app login", text)


if __name__ == "__main__":
    main()
