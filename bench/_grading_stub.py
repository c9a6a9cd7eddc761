"""The grading benchmark's workload and endpoint, shared by every client it compares.

- `write_healthbench`: N synthetic HealthBench-format examples (a three-turn conversation and
  K physician-style criteria each), written as HealthBench JSONL so they go through the real
  importer, plus one answer per example.
- `Stub`: the replay server with a fixed latency in its own process (so client and server do
  not share a GIL), counting calls, estimated prompt tokens, the most requests in flight and
  when the first and last requests arrived. Its verdict depends only on the criterion's
  reference tag and the answer, never on the prompt's wording, so every client and template
  must reach the same decisions.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import random
import re
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from medrubric.evaluate.estimate import message_tokens
from medrubric.testing.replay_server import ReplayServer

VOCABULARY = (
    "patient pain chest fever cough dose aspirin blood pressure week history allergy child "
    "doctor clinic symptoms breathing dizziness nausea swelling rash headache medication "
    "insulin glucose kidney liver heart rhythm infection antibiotic referral urgent emergency "
    "follow-up test result scan advice risk sleep diet exercise pregnancy elderly "
    "tablet daily morning evening severe mild sudden worsening improving"
)
WORDS = VOCABULARY.split()
REF = re.compile(r"\(ref (R\d+-\d+)\)")
BATCH_LINE = re.compile(r"^\[(?P<id>[^\]]+)\] ?[(（]-?\d+[)）].*?\(ref (?P<ref>R\d+-\d+)\)", re.M)


def _text(rng: random.Random, chars: int) -> str:
    words: list[str] = []
    size = 0
    while size < chars:
        n = rng.randint(8, 16)
        sentence = " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."
        words.append(sentence)
        size += len(sentence) + 1
    return " ".join(words)


def write_healthbench(
    folder: Path, examples: int, criteria: int, turn_chars: int, answer_chars: int
) -> tuple[Path, Path]:
    """(cases file, responses file) for `examples` examples of `criteria` criteria each."""
    rng = random.Random(13)
    cases, answers = folder / "healthbench.jsonl", folder / "responses.jsonl"
    with cases.open("w", encoding="utf-8") as fc, answers.open("w", encoding="utf-8") as fa:
        for i in range(examples):
            prompt = [
                {"role": "user", "content": _text(rng, turn_chars)},
                {"role": "assistant", "content": _text(rng, turn_chars)},
                {"role": "user", "content": _text(rng, turn_chars)},
            ]
            rubrics = [
                {
                    "criterion": f"{_text(rng, 90)} (ref R{i}-{j})",
                    "points": rng.choice((-8, -5, -2, 2, 3, 5, 7, 10)) if j else 5,
                    "tags": [f"axis:{rng.choice(('accuracy', 'completeness'))}"],
                }
                for j in range(criteria)
            ]
            row = {
                "prompt_id": f"hb-{i:04d}",
                "prompt": prompt,
                "rubrics": rubrics,
                "example_tags": ["theme:emergency_referrals"],
            }
            fc.write(json.dumps(row) + "\n")
            answer = {
                "case_id": f"hb-{i:04d}",
                "model": "bench",
                "response": _text(rng, answer_chars),
            }
            fa.write(json.dumps(answer) + "\n")
    return cases, answers


def decision(ref: str) -> bool:
    """The stub's verdict for a criterion (its reference tag), the same for every client."""
    return hashlib.sha256(ref.encode()).digest()[0] % 2 == 0


def handler(body: dict[str, Any]) -> dict[str, Any]:
    prompt = str(body["messages"][0]["content"])
    if '"verdicts"' in prompt:
        return {
            "verdicts": [
                {"criterion_id": m["id"], "explanation": "stub", "criteria_met": decision(m["ref"])}
                for m in BATCH_LINE.finditer(prompt)
            ]
        }
    ref = REF.search(prompt)
    return {"explanation": "stub", "criteria_met": decision(ref[1] if ref else "")}


def _serve(conn: Connection, latency: float, keep_requests: bool) -> None:
    arrivals: list[float] = []

    def timed(body: dict[str, Any]) -> dict[str, Any]:
        arrivals.append(time.time() - latency)  # the handler runs after the latency
        return handler(body)

    with ReplayServer(timed, latency=latency, keep_requests=keep_requests) as server:
        conn.send(server.base_url)
        while (command := conn.recv()) != "stop":
            if command == "reset":
                server.requests.clear()
                server.counts.clear()
                server.max_in_flight = 0
                arrivals.clear()
                conn.send(None)
                continue
            tokens = sum(message_tokens(r["messages"]) for r in server.requests)
            first, last = (arrivals[0], arrivals[-1]) if arrivals else (0.0, 0.0)
            conn.send(
                {
                    "calls": server.total,
                    "tokens": tokens,
                    "max_in_flight": server.max_in_flight,
                    "first": first,
                    "last": last,
                }
            )


class Stub:
    """`with Stub(0.05) as stub:` → `stub.url`; `stub.stats()` and `stub.reset()` between runs.
    With `keep_requests=False` (runs of millions of calls) prompt tokens are not counted."""

    def __init__(self, latency: float, keep_requests: bool = True):
        self.latency = latency
        self.keep_requests = keep_requests

    def __enter__(self) -> Stub:
        self._conn, child = multiprocessing.Pipe()
        self._proc = multiprocessing.Process(
            target=_serve, args=(child, self.latency, self.keep_requests), daemon=True
        )
        self._proc.start()
        self.url: str = self._conn.recv()
        return self

    def stats(self) -> dict[str, float]:
        self._conn.send("stats")
        return self._conn.recv()  # type: ignore[no-any-return]

    def reset(self) -> None:
        self._conn.send("reset")
        self._conn.recv()

    def __exit__(self, *exc: object) -> None:
        self._conn.send("stop")
        self._proc.join(timeout=10)
