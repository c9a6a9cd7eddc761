"""`read_models` parses and validates each line in one pydantic pass and reads a failing line
again the slow way; the records and errors must be exactly those of validating what
`iter_json_lines` yields (the definition, spelled out here)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from medrubric.data.jsonl import iter_json_lines, read_models
from medrubric.data.models import Response, Thread
from medrubric.errors import InputError, input_error_from_validation

THREAD = {"source": "s", "thread_id": "1", "messages": [{"author_role": "patient", "text": "hi"}]}


def reference(path: Path, model: type) -> list[tuple[int, object]] | str:
    try:
        out = []
        for line, obj in iter_json_lines(path):
            try:
                out.append((line, model.model_validate(obj)))
            except ValidationError as exc:
                raise input_error_from_validation(exc, path, line) from None
        return out
    except InputError as exc:
        return str(exc)


def fast(path: Path, model: type) -> list[tuple[int, object]] | str:
    try:
        return list(read_models(path, model))
    except InputError as exc:
        return str(exc)


LINES = {
    "plain": [json.dumps(THREAD)],
    "bom, crlf and blank lines": ["\ufeff" + json.dumps(THREAD), "", "  ", json.dumps(THREAD)],
    "a line blank only in Unicode": [json.dumps(THREAD), "\u3000\u00a0"],
    "only Unicode blanks": ["\u3000"],
    "non-ASCII text": [json.dumps({**THREAD, "title": "头痛 é"}, ensure_ascii=False)],
    "surrogate escape": [json.dumps(THREAD)[:-1] + ', "title": "\\ud800"}'],
    "invalid JSON": [json.dumps(THREAD), "{not json}"],
    "truncated": [json.dumps(THREAD)[:-5]],
    "not an object": ["[1, 2]"],
    "unknown field": [json.dumps({**THREAD, "extra": 1})],
    "wrong type": [json.dumps({**THREAD, "has_media": "yes"})],
    "duplicate key, last wins": ['{"source": "x", ' + json.dumps(THREAD)[1:]],
}


@pytest.mark.parametrize("lines", LINES.values(), ids=LINES.keys())
def test_threads_match_the_reference(tmp_path, lines):
    path = tmp_path / "t.jsonl"
    path.write_bytes(("\r\n".join(lines) + "\n").encode("utf-8", "surrogatepass"))
    assert fast(path, Thread) == reference(path, Thread)


def test_non_finite_and_huge_numbers_match_the_reference(tmp_path):
    """NaN and a number that overflows to infinity are errors on both paths, naming the line
    and field; a huge integer that is finite as a float is a value on both."""
    base = {"case_id": "c", "model": "m", "response": "r"}
    finite = json.dumps({**base, "cost_usd": 0.25})
    huge = json.dumps(base)[:-1] + ', "cost_usd": 123456789012345678901234567890}'
    for bad in (
        json.dumps({**base, "cost_usd": float("nan")}),
        json.dumps(base)[:-1] + ', "cost_usd": 1e400}',
    ):
        path = tmp_path / "r.jsonl"
        path.write_text("\n".join([finite, bad, huge]) + "\n", encoding="utf-8")
        got, want = fast(path, Response), reference(path, Response)
        assert isinstance(got, str) and got == want
        assert "r.jsonl:2: cost_usd" in got and "finite" in got
    path.write_text("\n".join([finite, huge]) + "\n", encoding="utf-8")
    got, want = fast(path, Response), reference(path, Response)
    assert isinstance(got, list) and isinstance(want, list)
    assert [line for line, _ in got] == [line for line, _ in want] == [1, 2]
    for (_, a), (_, b) in zip(got, want, strict=True):
        assert a.model_dump_json() == b.model_dump_json()
