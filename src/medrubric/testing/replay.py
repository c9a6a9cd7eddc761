"""A deterministic stand-in model for load tests and benchmarks of the evaluation engine.

Served by `medrubric.testing.replay_server.ReplayServer`, it answers candidate prompts with a
fixed text and grader prompts with well-formed verdicts (met when a hash of the criterion
id is even), reading the criterion ids from the batched prompt; rubric lint prompts get a
judgement that calls a criterion undesirable only when its wording says so (the text lint's
polarity cues), grounded and verifiable, and an evidence check that finds the claim not
addressed by the evidence. It measures the engine's plumbing (throughput,
resume, faults), never grading quality.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from medrubric.rubric.lint import expected_sign

_LINT_CRITERION = re.compile(r"-CRITERION>\n(?P<text>.*?)\n</", re.DOTALL)
_BATCH_ID = re.compile(r"^\[(?P<id>[^\]]+)\] ?[(（]-?\d+[)）]", re.MULTILINE)
ANSWER = "Seek medical advice promptly; call emergency services if symptoms are severe."


def _met(criterion_id: str) -> bool:
    return hashlib.sha256(criterion_id.encode()).digest()[0] % 2 == 0


def rubric_replay_handler(body: dict[str, Any]) -> str | dict[str, Any]:
    prompt = str(body["messages"][-1]["content"]) if body.get("messages") else ""
    first = str(body["messages"][0]["content"]) if body.get("messages") else ""
    if '"verdicts"' in first:
        ids = [m["id"] for m in _BATCH_ID.finditer(first)]
        return {
            "verdicts": [
                {"criterion_id": i, "explanation": "replayed verdict", "criteria_met": _met(i)}
                for i in ids
            ]
        }
    if _LINT_CRITERION.search(first) is not None and "-EVIDENCE>" in first:
        return {"explanation": "replayed evidence check", "verdict": "not_addressed"}
    if (criterion := _LINT_CRITERION.search(first)) is not None:
        found = expected_sign(criterion["text"])
        return {
            "explanation": "replayed judgement",
            "desirable": found is None or found[0] > 0,
            "grounded": True,
            "verifiable": True,
        }
    if '"criteria_met"' in prompt:
        digest = hashlib.sha256(prompt.encode()).hexdigest()
        return {"explanation": "replayed verdict", "criteria_met": _met(digest)}
    return ANSWER
