"""A real HTTP server that serves OpenAI's `/v1/files` and `/v1/batches` routes.

Batch runs are tested against it the way they run against a provider: the request file is
uploaded, the batch moves through validating → in_progress → finalizing → completed (one step
per poll) and the output and error files come back with their lines in reverse order. A plan
can make a batch fail or expire (after answering only some lines), fail single lines, or add a
line that is not JSON. Replies come from the same handler as `ReplayServer`'s chat route.
"""

from __future__ import annotations

import itertools
import json
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from medrubric.files import atomic_open
from medrubric.testing.replay_server import Handler, ReplayServer

Outcome = Literal["completed", "failed", "expired"]
STEPS = ("validating", "in_progress", "finalizing")


@dataclass(frozen=True)
class BatchPlan:
    """`outcomes[n]` is how the n-th batch created ends (then 'completed'); `expire_after` lines
    are answered before a batch expires; `fail_line(body)` sends that line to the error file;
    `cut_line(body)` writes that line's result cut in half (not JSON); `polls_in_progress` is
    how many polls a batch stays in_progress; `refuse[n]` is the status (429, 503...) sent,
    with `retry-after: retry_after`, to the n-th request to a files or batches route."""

    outcomes: Sequence[Outcome] = ()
    expire_after: int = 1
    fail_line: Callable[[dict[str, Any]], bool] | None = None
    cut_line: Callable[[dict[str, Any]], bool] | None = None
    polls_in_progress: int = 1
    refuse: Sequence[int] = ()
    retry_after: str = "0.01"


class FakeBatchServer(ReplayServer):
    def __init__(self, handler: Handler, plan: BatchPlan | None = None):
        super().__init__(handler)
        self.plan = plan or BatchPlan()
        self.files: dict[str, dict[str, Any]] = {}
        self.batches: dict[str, dict[str, Any]] = {}
        self._polls: dict[str, int] = {}
        self._ids = itertools.count(1)
        self.answered: Counter[str] = Counter()  # custom id -> times a batch answered it
        self.hold = False  # while set, batches stay in_progress (a test kills the client then)
        self.batch_requests = 0  # requests to the files and batches routes, refused ones too

    def routes(self) -> list[Route]:
        return [
            *super().routes(),
            Route("/v1/files", self._refusing(self._upload), methods=["POST"]),
            Route("/v1/files/{file_id}/content", self._refusing(self._content), methods=["GET"]),
            Route("/v1/batches", self._refusing(self._create), methods=["POST"]),
            Route("/v1/batches/{batch_id}", self._refusing(self._retrieve), methods=["GET"]),
        ]

    def _refusing(
        self, route: Callable[[Request], Awaitable[Response]]
    ) -> Callable[[Request], Awaitable[Response]]:
        """`route`, answered instead with the plan's next refusal while there is one."""

        async def answer(request: Request) -> Response:
            number = self.batch_requests
            self.batch_requests += 1
            if number < len(self.plan.refuse):
                return JSONResponse(
                    {"error": {"message": "try again later"}},
                    self.plan.refuse[number],
                    headers={"retry-after": self.plan.retry_after},
                )
            return await route(request)

        return answer

    def _file(self, content: str, purpose: str, filename: str) -> dict[str, Any]:
        file_id = f"file-{next(self._ids)}"
        meta = {
            "id": file_id,
            "object": "file",
            "bytes": len(content.encode("utf-8")),
            "created_at": int(time.time()),
            "filename": filename,
            "purpose": purpose,
            "status": "processed",
        }
        self.files[file_id] = {**meta, "content": content}
        return meta

    async def _upload(self, request: Request) -> Response:
        form = await request.form()
        upload = form["file"]
        content = (await upload.read()).decode("utf-8")  # type: ignore[union-attr]
        name = getattr(upload, "filename", None) or "input.jsonl"
        return JSONResponse(self._file(content, str(form.get("purpose", "")), name))

    async def _content(self, request: Request) -> Response:
        stored = self.files.get(request.path_params["file_id"])
        if stored is None:
            return JSONResponse({"error": {"message": "no such file"}}, 404)
        return PlainTextResponse(stored["content"])

    async def _create(self, request: Request) -> Response:
        body = await request.json()
        if body.get("input_file_id") not in self.files:
            return JSONResponse({"error": {"message": "input_file_id not found"}}, 400)
        number = len(self.batches)
        batch = {
            "id": f"batch_{number + 1}",
            "object": "batch",
            "endpoint": body["endpoint"],
            "input_file_id": body["input_file_id"],
            "completion_window": body.get("completion_window", "24h"),
            "created_at": int(time.time()),
            "status": "validating",
            "metadata": body.get("metadata"),
        }
        outcomes = self.plan.outcomes
        self.batches[batch["id"]] = {**batch, "_outcome": outcomes[number] if number < len(
            outcomes) else "completed"}  # fmt: skip
        self._polls[batch["id"]] = 0
        return JSONResponse(batch)

    async def _retrieve(self, request: Request) -> Response:
        batch = self.batches.get(request.path_params["batch_id"])
        if batch is None:
            return JSONResponse({"error": {"message": "no such batch"}}, 404)
        self._polls[batch["id"]] += 1
        self._advance(batch, self._polls[batch["id"]])
        return JSONResponse({k: v for k, v in batch.items() if not k.startswith("_")})

    def _advance(self, batch: dict[str, Any], polls: int) -> None:
        """One status step per poll; the last step runs the requests and ends the batch."""
        if batch["status"] not in STEPS:
            return
        schedule = ["validating", *["in_progress"] * self.plan.polls_in_progress, "finalizing"]
        outcome = batch["_outcome"]
        if self.hold and batch["status"] == "in_progress":
            return
        if polls < len(schedule):
            step = schedule[polls]
            if outcome == "failed" and step == "in_progress":
                batch["status"] = "failed"
                batch["errors"] = {
                    "object": "list",
                    "data": [{"code": "invalid_request", "message": "injected batch failure"}],
                }
            elif outcome == "expired" and step == "finalizing":
                self._answer_batch(batch, self.plan.expire_after)
                batch["status"] = "expired"
            else:
                batch["status"] = step
            return
        self._answer_batch(batch, None)
        batch["status"] = "completed"

    def _answer_batch(self, batch: dict[str, Any], limit: int | None) -> None:
        lines = self.files[batch["input_file_id"]]["content"].splitlines()
        output: list[str] = []
        errors: list[str] = []
        for number, raw in enumerate(lines[:limit] if limit is not None else lines):
            request = json.loads(raw)
            body = request["body"]
            self.answered[request["custom_id"]] += 1
            row: dict[str, Any] = {"id": f"line-{number}", "custom_id": request["custom_id"]}
            if self.plan.fail_line is not None and self.plan.fail_line(body):
                row["response"] = {
                    "status_code": 500,
                    "body": {"error": {"message": "injected line failure"}},
                }
                row["error"] = None
                errors.append(json.dumps(row))
                continue
            reply = self.handler(body)
            row["response"] = {"status_code": 200, "body": self.completion(body, reply)}
            row["error"] = None
            line = json.dumps(row, ensure_ascii=False)
            cut = self.plan.cut_line is not None and self.plan.cut_line(body)
            output.append(line[: len(line) // 2] if cut else line)
        output.reverse()  # results come in any order
        if output:
            batch["output_file_id"] = self._file("\n".join(output) + "\n", "batch_output", "out")[
                "id"
            ]
        if errors:
            batch["error_file_id"] = self._file("\n".join(errors) + "\n", "batch_output", "err")[
                "id"
            ]
        batch["request_counts"] = {
            "total": len(lines),
            "completed": len(output),
            "failed": len(errors),
        }


def run_batch_file(source: str, target: str, handler: Handler) -> None:
    """What `vllm run-batch -i SOURCE -o TARGET` does, with `handler` as the model: answer
    every request line of SOURCE into TARGET, in the same line format."""
    server = ReplayServer(handler)
    rows = []
    with open(source, encoding="utf-8") as fh:
        for raw in fh:
            request = json.loads(raw)
            body = server.completion(request["body"], handler(request["body"]))
            response = {"status_code": 200, "body": body}
            rows.append({"custom_id": request["custom_id"], "response": response, "error": None})
    with atomic_open(target) as fh:
        fh.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
