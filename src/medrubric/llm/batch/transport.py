"""Where a batch of request lines goes and how its results come back.

`OpenAIBatches` speaks `/v1/files` + `/v1/batches` (OpenAI and any server copying it).
`RunBatchFiles` is for vLLM, which has no batch route: it writes the request file for
`vllm run-batch -i IN -o OUT` and waits for OUT to appear. Both return the raw result files;
`batch_lines` reads them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Protocol, TypeVar

import openai
from openai import AsyncOpenAI

from medrubric.files import write_text_atomic
from medrubric.llm.batch.lines import CHAT_URL
from medrubric.llm.endpoint import openai_url
from medrubric.llm.retry import RetryPolicy, Transient, retry_after_seconds

T = TypeVar("T")

TERMINAL = frozenset({"completed", "failed", "expired", "cancelled"})
BatchMode = Literal["openai", "vllm"]


class BatchTransportError(Exception):
    """The batch could not be submitted or read; every request in it gets this as its error."""


@dataclass
class BatchState:
    status: str
    problem: str | None = None  # why a failed batch failed, as the endpoint said
    result_files: list[str] = field(default_factory=list)  # ids or paths of output/error files


class BatchTransport(Protocol):
    mode: BatchMode

    async def submit(self, name: str, lines: str) -> str:
        """Send the request lines; return the batch id."""
        ...

    async def poll(self, batch_id: str) -> BatchState: ...

    async def download(self, ref: str) -> str: ...

    async def aclose(self) -> None: ...


class OpenAIBatches:
    """The OpenAI Batch API at `base_url` (None: `OPENAI_BASE_URL`, else api.openai.com).

    Every request runs under the one retry policy (`llm/retry.py`): a 429, a 5xx or a dropped
    connection is tried again after the server's Retry-After or a backoff; the SDK's own
    retries are off."""

    mode: BatchMode = "openai"

    def __init__(
        self,
        base_url: str | None,
        api_key: str,
        timeout: float = 120.0,
        retry: RetryPolicy | None = None,
    ):
        self.where = openai_url(base_url)
        self._client = AsyncOpenAI(
            api_key=api_key, base_url=self.where, max_retries=0, timeout=timeout
        )
        self._retry = retry or RetryPolicy()

    async def _call(self, request: Callable[[], Awaitable[T]]) -> T:
        """`request()` under the retry policy; the last transient failure is raised as the
        SDK raised it."""

        async def attempt() -> T:
            try:
                return await request()
            except (openai.APIConnectionError, openai.APITimeoutError) as exc:
                raise Transient(str(exc), detail=exc) from None
            except openai.APIStatusError as exc:
                if exc.status_code == 429 or exc.status_code >= 500:
                    wait = retry_after_seconds(exc.response.headers)
                    raise Transient(str(exc), wait, exc) from None
                raise

        try:
            return await self._retry.async_retrying()(attempt)
        except Transient as failed:
            raise failed.detail from None

    async def submit(self, name: str, lines: str) -> str:
        try:
            uploaded = await self._call(
                lambda: self._client.files.create(
                    file=(f"{name}.jsonl", lines.encode("utf-8")), purpose="batch"
                )
            )
            batch = await self._call(
                lambda: self._client.batches.create(
                    input_file_id=uploaded.id,
                    endpoint=CHAT_URL,  # type: ignore[arg-type]
                    completion_window="24h",
                    metadata={"medrubric": name},
                )
            )
        except openai.OpenAIError as exc:
            raise BatchTransportError(f"batch submission to {self.where} failed: {exc}") from None
        return batch.id

    async def poll(self, batch_id: str) -> BatchState:
        """The batch's status; a transient failure (connection, 429, 5xx) that outlasts the
        retries reads as 'unknown' so the caller polls again later."""
        try:
            batch = await self._call(lambda: self._client.batches.retrieve(batch_id))
        except (openai.APIConnectionError, openai.APITimeoutError):
            return BatchState("unknown")
        except openai.APIStatusError as exc:
            if exc.status_code == 429 or exc.status_code >= 500:
                return BatchState("unknown")
            raise BatchTransportError(f"batch {batch_id}: HTTP {exc.status_code}") from None
        problems = (
            [e.message or e.code or "" for e in (batch.errors.data or [])] if (batch.errors) else []
        )
        files = [f for f in (batch.output_file_id, batch.error_file_id) if f]
        return BatchState(batch.status, "; ".join(p for p in problems if p) or None, files)

    async def download(self, ref: str) -> str:
        try:
            content = await self._call(lambda: self._client.files.content(ref))
        except openai.OpenAIError as exc:
            raise BatchTransportError(f"result file {ref}: {exc}") from None
        return content.text

    async def aclose(self) -> None:
        await self._client.close()


class RunBatchFiles:
    """`vllm run-batch`'s files in `folder`: NAME.input.jsonl written, NAME.output.jsonl read."""

    mode: BatchMode = "vllm"

    def __init__(self, folder: Path, model: str):
        self.folder = folder
        self.model = model

    def paths(self, name: str) -> tuple[Path, Path]:
        return self.folder / f"{name}.input.jsonl", self.folder / f"{name}.output.jsonl"

    def command(self, name: str) -> str:
        source, target = self.paths(name)
        return f"vllm run-batch -i {source} -o {target} --model {self.model}"

    async def submit(self, name: str, lines: str) -> str:
        source, _ = self.paths(name)
        write_text_atomic(source, lines)
        return name

    async def poll(self, batch_id: str) -> BatchState:
        _, target = self.paths(batch_id)
        if target.exists():
            return BatchState("completed", result_files=[str(target)])
        return BatchState("waiting")

    async def download(self, ref: str) -> str:
        return Path(ref).read_text(encoding="utf-8")

    async def aclose(self) -> None:
        return None
