"""The local server's start-up check, on stand-in servers (fast: no model is loaded): it polls
under the one retry policy until the server answers, it exits, or the start-up time runs out."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from medrubric.errors import InputError
from medrubric.llm.local_server import STARTUP_POLL_S, LocalServer, startup_wait

pytest.importorskip("llama_cpp")  # start() refuses to run without the local extra

# Answers GET /v1/models with 200 once `delay` seconds have passed since it started.
LATE_SERVER = """
import http.server, sys, time
port, delay = int(sys.argv[1]), float(sys.argv[2])
time.sleep(delay)
class Models(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200 if self.path == "/v1/models" else 404)
        self.end_headers()
    def log_message(self, *args):
        pass
http.server.HTTPServer(("127.0.0.1", port), Models).serve_forever()
"""


class StandIn(LocalServer):
    def __init__(self, script: str, *args: str, startup_timeout: float):
        super().__init__(Path("stand-in.gguf"), alias="stand-in", startup_timeout=startup_timeout)
        self.script, self.args = script, args

    def command(self) -> list[str]:
        return [sys.executable, "-c", self.script, str(self.port), *self.args]


def test_start_polls_until_the_server_answers() -> None:
    server = StandIn(LATE_SERVER, "0.5", startup_timeout=20)
    started = time.monotonic()
    try:
        assert server.start() is server
        assert 0.5 <= time.monotonic() - started < 5
    finally:
        server.stop()
    assert server.process is None


def test_a_server_that_never_answers_is_stopped_after_its_startup_time() -> None:
    server = StandIn("import time; time.sleep(60)", startup_timeout=0.6)
    started = time.monotonic()
    with pytest.raises(InputError, match=r"did not answer within 0.6 s"):
        server.start()
    assert 0.6 <= time.monotonic() - started < 5
    assert server.process is None  # stopped, not left running


def test_a_server_that_exits_while_starting_says_so() -> None:
    server = StandIn("import sys; print('bad model'); sys.exit(3)", startup_timeout=20)
    with pytest.raises(InputError, match="exited with code 3") as info:
        server.start()
    assert "bad model" in str(info.value)


def test_the_startup_wait_is_a_shape_of_the_one_policy() -> None:
    policy = startup_wait(42.0)
    assert (policy.max_attempts, policy.max_wait) == (None, 42.0)
    assert STARTUP_POLL_S / 2 <= policy.delay(10) <= STARTUP_POLL_S
