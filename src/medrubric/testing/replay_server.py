"""A real OpenAI-compatible HTTP server whose replies come from a Python function.

Fault and load tests need an endpoint that misbehaves on purpose (429 with Retry-After, 500,
hangs, non-JSON replies) and benchmarks need one that answers hundreds of calls a second
with a fixed latency: this is both. It runs uvicorn in a background thread on a free
loopback port and counts requests per request hash and the most requests in flight at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import random
import socket
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Literal, Self

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

Fault = Literal["429", "500", "hang", "malformed"]
Handler = Callable[[dict[str, Any]], str | dict[str, Any]]
MALFORMED_REPLY = '{"this is": not JSON'


@dataclass(frozen=True)
class FaultPlan:
    """Faults to inject. `schedule[n]` is the fault for the n-th request (0-based) with a
    given request hash, so a test can say "every request fails twice, then succeeds" whatever
    the concurrency; after the schedule, faults are drawn at the given rates (seeded)."""

    rate_429: float = 0.0
    rate_500: float = 0.0
    rate_hang: float = 0.0
    rate_malformed: float = 0.0
    seed: int = 0
    retry_after: float | None = 0.05  # seconds sent with 429; None sends no header
    hang_s: float = 60.0
    schedule: Sequence[Fault | None] = ()


def request_hash(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _words(text: str) -> int:
    return len(text.split())


class ReplayServer:
    """`with ReplayServer(handler) as server:` then point a model at `server.base_url`.

    `handler(request_json)` returns the reply text, or a dict sent as JSON text. Token usage
    is reported as whitespace-separated word counts, enough to test accounting. With
    `cut_at_max_tokens`, a text reply longer than the request's `max_tokens` words is cut
    there and ends with `finish_reason: "length"`, as a real server's does.
    """

    def __init__(
        self,
        handler: Handler,
        *,
        latency: float = 0.0,
        faults: FaultPlan | None = None,
        owned_by: str = "medrubric-replay",
        keep_requests: bool = True,
        cut_at_max_tokens: bool = False,
    ):
        self.handler = handler
        self.cut_at_max_tokens = cut_at_max_tokens
        self.latency = latency
        self.faults = faults or FaultPlan()
        self.owned_by = owned_by
        self.counts: Counter[str] = Counter()
        self.requests: list[dict[str, Any]] = []  # every request body, with keep_requests
        self.keep_requests = keep_requests
        self.in_flight = 0
        self.max_in_flight = 0
        self.port = 0
        self._rng = random.Random(self.faults.seed)
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def _fault(self, seen_before: int) -> Fault | None:
        plan = self.faults
        if seen_before < len(plan.schedule):
            return plan.schedule[seen_before]
        draw = self._rng.random()
        for fault, rate in (
            ("429", plan.rate_429),
            ("500", plan.rate_500),
            ("hang", plan.rate_hang),
            ("malformed", plan.rate_malformed),
        ):
            if draw < rate:
                return fault  # type: ignore[return-value]
            draw -= rate
        return None

    async def _chat(self, request: Request) -> Response:
        body = await request.json()
        key = request_hash(body)
        seen_before = self.counts[key]
        self.counts[key] += 1
        if self.keep_requests:
            self.requests.append(body)
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            if self.latency:
                await asyncio.sleep(self.latency)
            return await self._answer(body, self._fault(seen_before))
        finally:
            self.in_flight -= 1

    async def _answer(self, body: dict[str, Any], fault: Fault | None) -> Response:
        if fault == "429":
            headers = (
                {}
                if self.faults.retry_after is None
                else {"retry-after": f"{self.faults.retry_after:g}"}
            )
            return JSONResponse({"error": {"message": "rate limited"}}, 429, headers=headers)
        if fault == "500":
            return JSONResponse({"error": {"message": "injected server error"}}, 500)
        if fault == "hang":
            assert self._stopping is not None
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), self.faults.hang_s)
            return JSONResponse({"error": {"message": "hung"}}, 504)
        reply = MALFORMED_REPLY if fault == "malformed" else self.handler(body)
        return JSONResponse(self.completion(body, reply))

    def completion(self, body: dict[str, Any], reply: str | dict[str, Any]) -> dict[str, Any]:
        """A Chat Completions response body carrying `reply`."""
        text = reply if isinstance(reply, str) else json.dumps(reply, ensure_ascii=False)
        finish = "stop"
        limit = body.get("max_tokens")
        if self.cut_at_max_tokens and isinstance(reply, str) and isinstance(limit, int):
            words = text.split()
            if len(words) > limit:
                text, finish = " ".join(words[:limit]), "length"
        prompt = sum(_words(str(m.get("content", ""))) for m in body.get("messages", []))
        return {
            "id": f"replay-{self.total}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model", "replay"),
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": text},
                    "finish_reason": finish,
                }
            ],
            "usage": {
                "prompt_tokens": prompt,
                "completion_tokens": _words(text),
                "total_tokens": prompt + _words(text),
            },
        }

    async def _models(self, request: Request) -> Response:
        return JSONResponse(
            {
                "object": "list",
                "data": [{"id": "replay", "object": "model", "owned_by": self.owned_by}],
            }
        )

    def _run(self, sock: socket.socket) -> None:
        assert self._server is not None
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._stopping = asyncio.Event()
        loop.run_until_complete(self._server.serve(sockets=[sock]))
        loop.close()

    def routes(self) -> list[Route]:
        """The endpoints served; a subclass adds its own."""
        return [
            Route("/v1/chat/completions", self._chat, methods=["POST"]),
            Route("/v1/models", self._models, methods=["GET"]),
        ]

    def __enter__(self) -> Self:
        app = Starlette(routes=self.routes())
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.port = int(sock.getsockname()[1])
        config = uvicorn.Config(
            app, log_level="warning", lifespan="off", timeout_graceful_shutdown=2, backlog=2048
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._run, args=(sock,), daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("replay server did not start")
            time.sleep(0.01)
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._server is None or self._thread is None or self._loop is None:
            return
        if self._stopping is not None:
            self._loop.call_soon_threadsafe(self._stopping.set)
        self._server.should_exit = True
        self._thread.join(timeout=10)
