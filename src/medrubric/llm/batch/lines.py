"""The line formats of batch inference, shared by OpenAI's Batch API and `vllm run-batch`.

A request line is `{"custom_id", "method": "POST", "url": "/v1/chat/completions", "body"}`;
a result line is `{"custom_id", "response": {"status_code", "body"}, "error"}`, in any order.
The custom id is the hash of the request body, so the same request gets the same id in every
run: that is what lets a re-run find its request in a batch submitted before it was killed.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from medrubric.llm.client import completion_exchange
from medrubric.llm.structured import Exchange

CHAT_URL = "/v1/chat/completions"


def custom_id(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "req-" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:32]


def request_line(cid: str, body: dict[str, Any]) -> str:
    line = {"custom_id": cid, "method": "POST", "url": CHAT_URL, "body": body}
    return json.dumps(line, ensure_ascii=False, separators=(",", ":"))


@dataclass
class ParsedResults:
    """What a batch's output and error files said: one Exchange per custom id found, and a
    description of every line that could not be read (whose request therefore has no result)."""

    exchanges: dict[str, Exchange]
    unreadable: list[str]


def _error_text(error: Any) -> str:
    if isinstance(error, dict):
        code = error.get("code")
        message = error.get("message") or json.dumps(error, ensure_ascii=False)
        return f"{code}: {message}" if code else str(message)
    return str(error)


def exchange_from_line(row: dict[str, Any]) -> Exchange:
    """One result line as an Exchange: the reply text and usage, or why there is none."""
    if row.get("error"):
        return Exchange(error=f"batch line failed: {_error_text(row['error'])}", attempts=1)
    response = row.get("response") or {}
    status = response.get("status_code")
    body = response.get("body") or {}
    if status != 200:
        detail = _error_text(body.get("error", body)) if isinstance(body, dict) else str(body)
        return Exchange(error=f"batch line failed: HTTP {status}: {detail}", attempts=1)
    try:
        exchange = completion_exchange(body, attempts=1)
    except ValueError as exc:
        return Exchange(error=f"batch line is not a chat completion: {exc}", attempts=1)
    return exchange


def parse_results(named_texts: Iterable[tuple[str, str]]) -> ParsedResults:
    """Read result files given as (name, text); a line that does not parse is reported with
    its file and line number, never guessed."""
    exchanges: dict[str, Exchange] = {}
    unreadable: list[str] = []
    for name, text in named_texts:
        for number, raw in enumerate(text.splitlines(), 1):
            if not raw.strip():
                continue
            try:
                row = json.loads(raw)
                cid = row["custom_id"]
                if not isinstance(cid, str):
                    raise TypeError("custom_id is not a string")
                exchanges[cid] = exchange_from_line(row)
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                unreadable.append(f"{name}:{number}: unreadable result line ({exc})")
    return ParsedResults(exchanges, unreadable)
