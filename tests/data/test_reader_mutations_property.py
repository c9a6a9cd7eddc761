"""Mutated inputs of every format medrubric reads, fed to the commands that read them: each
run ends with exit 0, or exit 2 and one `error:` line; never a traceback.

Mutations are both byte-level (a flipped byte, truncation, an inserted NUL, invalid UTF-8,
a BOM, CRLF line endings) and structural (a value of the first record replaced by deep
nesting, a number of thousands of digits, 1e999, a lone surrogate, a wrong type). Commands run
in-process through `medrubric.cli.main.main` for speed; a few run as real processes.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from medrubric.cli.main import main
from medrubric.data.jsonl import MAX_DEPTH, MAX_FILE_BYTES, MAX_LINE_BYTES
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer

FIXTURES = Path(__file__).parent / "fixtures"
THREADS = Path(__file__).parents[1] / "harvest" / "fixtures" / "filter_corpus.jsonl"
EXAMPLES = 12
SLOW_EXAMPLES = {"redact-threads": 4}  # redaction loads its lexicons on each run
PLACEHOLDER = "\u2063MUTATED\u2063"

# Raw JSON text put in place of a value of the first record.
NASTY_VALUES = [
    "[" * 5000 + "]" * 5000,
    '{"a":' * (MAX_DEPTH + 5) + "1" + "}" * (MAX_DEPTH + 5),
    "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
    "1" * 5000,
    "-" + "9" * 4400,
    "1e999",
    "-0.0e-99999",
    "NaN",
    "Infinity",
    '"\\ud800"',
    '"\\u0000"',
    '"' + "x" * 100_000 + '"',
    "null",
    "true",
    "[]",
    "{}",
    '""',
    "0",
    "12.5",
    '["a", 1, null]',
]
INSERTS = [b"\x00", b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xef\xbb\xbf", b"\r\n", b"\n", b"[", b"}"]


@dataclass(frozen=True)
class Target:
    """A command reading one input: `args` with {input} (and {out}, {cases}, {server})."""

    name: str
    source: bytes
    suffix: str
    args: tuple[str, ...]


def _records(source: bytes, suffix: str) -> Any:
    return json.loads(source) if suffix == ".json" else json.loads(source.splitlines()[0])


def _paths(value: Any, here: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield here
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*here, index))


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = _replace(value[path[0]], path[1:], new)
    return copy


@st.composite
def mutations(draw: st.DrawFn, source: bytes, suffix: str) -> bytes:
    kind = draw(st.sampled_from(["flip", "truncate", "insert", "value", "value", "whole"]))
    if kind == "value":
        if suffix == ".json":
            doc = json.loads(source)
            paths = list(_paths(doc[0], (0,)))
        else:
            doc = _records(source, suffix)
            paths = list(_paths(doc))
        path = draw(st.sampled_from(paths))
        raw = draw(st.sampled_from(NASTY_VALUES))
        text = json.dumps(_replace(doc, path, PLACEHOLDER), ensure_ascii=False)
        text = text.replace(json.dumps(PLACEHOLDER, ensure_ascii=False), raw)
        if suffix == ".json":
            return text.encode("utf-8")
        rest = source.split(b"\n", 1)[1] if b"\n" in source else b""
        return text.encode("utf-8") + b"\n" + rest
    if kind == "whole":
        change = draw(st.sampled_from(["bom", "crlf", "no-newline", "empty", "blank", "cr"]))
        return {
            "bom": b"\xef\xbb\xbf" + source,
            "crlf": source.replace(b"\n", b"\r\n"),
            "no-newline": source.rstrip(b"\n"),
            "empty": b"",
            "blank": b"\n \n\t\n",
            "cr": source.replace(b"\n", b"\r"),
        }[change]
    at = draw(st.integers(0, max(len(source) - 1, 0)))
    if kind == "flip":
        mask = draw(st.integers(1, 255))
        return source[:at] + bytes([source[at] ^ mask]) + source[at + 1 :]
    if kind == "truncate":
        return source[:at]
    return source[:at] + draw(st.sampled_from(INSERTS)) + source[at:]


def _run(argv: list[str]) -> tuple[int, str]:
    """Run the command in-process: (exit code, stderr). Any exception is a test failure."""
    err = io.StringIO()
    code: int | str | None = 0
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            main(argv)
        except SystemExit as exc:
            code = exc.code
    return (code if isinstance(code, int) else 1), err.getvalue()


def _check(code: int, stderr: str, argv: list[str]) -> None:
    assert "Traceback" not in stderr, stderr
    assert code in (0, 2), (code, argv, stderr[-2000:])
    if code == 2:
        lines = [line for line in stderr.splitlines() if line.strip()]
        assert lines and lines[-1].startswith("error: "), stderr[-2000:]


def _fill(args: tuple[str, ...], **values: str) -> list[str]:
    return [a.format(**values) for a in args]


@pytest.fixture(scope="module")
def server() -> Iterator[ReplayServer]:
    with ReplayServer(rubric_replay_handler) as replay:
        yield replay


@pytest.fixture(scope="module")
def run_folder(server: ReplayServer, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real run of two sample cases: its responses.jsonl and grades.jsonl are inputs."""
    root = tmp_path_factory.mktemp("run")
    spec = f"openai:replay@{server.base_url}"
    code, err = _run(["eval", "--cases", "sample", "--model", spec, "--grader", spec,
                      "--mode", "batched", "--limit", "2", "--out", str(root / "run"),
                      "--cache-dir", str(root / "cache"), "--quiet"])  # fmt: skip
    assert code == 0, err
    return root / "run"


def _answers(run: Path) -> dict[str, bytes]:
    """The same two answers in every shape `grade --responses` reads."""
    rows = [json.loads(line) for line in (run / "responses.jsonl").read_text().splitlines()]

    def lines(items: list[dict[str, Any]]) -> bytes:
        return "".join(json.dumps(item) + "\n" for item in items).encode()

    return {
        "medrubric": (run / "responses.jsonl").read_bytes(),
        "simple-evals": lines(
            [{"prompt_id": r["case_id"], "completion": r["response"]} for r in rows]
        ),  # fmt: skip
        "simple-evals-messages": lines(
            [
                {
                    "prompt_id": r["case_id"],
                    "completion": [{"role": "assistant", "content": r["response"]}],
                }
                for r in rows
            ]
        ),  # fmt: skip
        "healthbench-ideal": lines(
            [
                {"prompt_id": r["case_id"], "ideal_completions_data": {"ideal_completion": "x"}}
                for r in rows
            ]
        ),  # fmt: skip
        "livemedbench": lines(
            [{"case_id": r["case_id"], "model_response": r["response"]} for r in rows]
        ),  # fmt: skip
        "json-array": json.dumps(
            [{"case_id": r["case_id"], "response": r["response"]} for r in rows]
        ).encode(),
    }


def _targets(run: Path) -> list[Target]:
    validate = ("validate", "{input}")
    targets = [
        Target(f"validate-{name}", (FIXTURES / name).read_bytes(), Path(name).suffix, validate)
        for name in sorted(os.listdir(FIXTURES))
    ]
    grade = ("grade", "--cases", "{cases}", "--responses", "{input}", "--grader",
             "openai:replay@{server}", "--mode", "batched", "--out", "{out}/run",
             "--cache-dir", "{out}/cache", "--quiet")  # fmt: skip
    for shape, source in _answers(run).items():
        suffix = ".json" if shape == "json-array" else ".jsonl"
        targets.append(Target(f"grade-responses-{shape}", source, suffix, grade))
    grades = (run / "grades.jsonl").read_bytes()
    targets += [
        Target(
            "score",
            grades,
            ".jsonl",
            ("score", "{input}", "--out", "{out}/score", "--resamples", "50"),
        ),  # fmt: skip
        Target(
            "meta-eval-labels",
            (FIXTURES / "healthbench_meta.jsonl").read_bytes(),
            ".jsonl",
            ("meta-eval", "--labels", "{input}", "--grades", str(run), "--out", "{out}/meta"),
        ),  # fmt: skip
        Target(
            "meta-eval-grades",
            grades,
            ".jsonl",
            (
                "meta-eval",
                "--labels",
                str(FIXTURES / "healthbench_meta.jsonl"),
                "--grades",
                "{input}",
                "--out",
                "{out}/meta",
            ),
        ),  # fmt: skip
        Target(
            "convert",
            (FIXTURES / "healthbench.jsonl").read_bytes(),
            ".jsonl",
            ("convert", "{input}", "{out}/out.jsonl", "--to", "medrubric"),
        ),
        Target(
            "grade-cases",
            (FIXTURES / "medrubric.jsonl").read_bytes(),
            ".jsonl",
            (
                "grade",
                "--cases",
                "{input}",
                "--responses",
                str(run / "responses.jsonl"),
                "--grader",
                "openai:replay@{server}",
                "--mode",
                "batched",
                "--out",
                "{out}/run",
                "--cache-dir",
                "{out}/cache",
                "--quiet",
            ),
        ),  # fmt: skip
        Target(
            "redact-threads",
            THREADS.read_bytes(),
            ".jsonl",
            ("redact", "{input}", "--out", "{out}/redacted.jsonl"),
        ),
        Target(
            "filter-threads",
            THREADS.read_bytes(),
            ".jsonl",
            ("filter", "{input}", "--out", "{out}/filtered"),
        ),
    ]
    return targets


TARGET_NAMES = [
    *(f"validate-{name}" for name in sorted(os.listdir(FIXTURES))),
    *(f"grade-responses-{shape}" for shape in ("medrubric", "simple-evals",
      "simple-evals-messages", "healthbench-ideal", "livemedbench", "json-array")),
    "score", "meta-eval-labels", "meta-eval-grades", "convert", "grade-cases",
    "redact-threads", "filter-threads",
]  # fmt: skip


@pytest.mark.parametrize("name", TARGET_NAMES)
def test_mutated_input_ends_in_one_error_line_never_a_traceback(name, run_folder, server):
    target = {t.name: t for t in _targets(run_folder)}[name]
    cases = str(run_folder / "cases.jsonl") if (run_folder / "cases.jsonl").exists() else "sample"

    @settings(
        max_examples=SLOW_EXAMPLES.get(name, EXAMPLES),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        derandomize=True,
    )
    @given(data=mutations(target.source, target.suffix))
    def check(data: bytes) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            source = Path(tmp) / f"input{target.suffix}"
            source.write_bytes(data)
            argv = _fill(target.args, input=str(source), out=tmp, cases=cases,
                         server=server.base_url)  # fmt: skip
            _check(*_run(argv), argv)

    check()


def test_deep_nesting_is_refused_by_every_reader_with_the_limit(tmp_path, run_folder):
    """The failures this guards against: deep arrays raised RecursionError in validate, score
    and grade --responses."""
    deep = "[" * 50_000 + "]" * 50_000
    cases = tmp_path / "cases.jsonl"
    cases.write_text('{"id": "x", "extra": ' + deep + "}\n")
    hb = tmp_path / "hb.jsonl"
    hb.write_text('{"prompt_id": "x", "rubrics": ' + deep + "}\n")
    grades = tmp_path / "grades.jsonl"
    grades.write_text('{"case_id": "x", "model": "m", "criteria": ' + deep + "}\n")
    answers = tmp_path / "answers.jsonl"
    answers.write_text('{"case_id": "x", "response": ' + deep + "}\n")
    array = tmp_path / "lmb.json"
    array.write_text('[{"case_id": 1, "x": ' + deep + "}]")
    runs = [
        (["validate", str(cases)], cases),
        (["validate", str(hb)], hb),
        (["validate", str(array)], array),
        (["score", str(grades), "--out", str(tmp_path / "s")], grades),
        (
            [
                "grade",
                "--cases",
                "sample",
                "--responses",
                str(answers),
                "--grader",
                "openai:x@http://127.0.0.1:9",
                "--out",
                str(tmp_path / "g"),
            ],
            answers,
        ),  # fmt: skip
    ]
    for argv, path in runs:
        code, err = _run(argv)
        assert code == 2, err
        too_deep = f"nested more than {MAX_DEPTH} levels deep (the limit)"
        assert err.strip() == f"error: {path}:1: {too_deep}"
        assert not (tmp_path / "s").exists() and not (tmp_path / "g").exists()


def test_a_line_longer_than_the_limit_is_refused_without_reading_it_whole(tmp_path):
    path = tmp_path / "cases.jsonl"
    with path.open("wb") as fh:
        fh.write((FIXTURES / "medrubric.jsonl").read_bytes().splitlines(keepends=True)[0])
        fh.write(b'{"id": "' + b"x" * (MAX_LINE_BYTES + 1) + b'"}\n')
    code, err = _run(["validate", str(path)])
    assert code == 2
    limit = MAX_LINE_BYTES // 2**20
    assert err.strip() == f"error: {path}:2: line is longer than {limit} MiB (the limit)"


def test_a_json_file_larger_than_the_limit_is_refused_before_reading(tmp_path):
    path = tmp_path / "big.json"
    with path.open("wb") as fh:
        fh.write(b"[")
        fh.truncate(MAX_FILE_BYTES + 1)  # sparse: costs no disk
    code, err = _run(["validate", str(path)])
    assert code == 2
    assert re.fullmatch(rf"error: {re.escape(str(path))}: file is 2\.0 GiB, more than the "
                        r"2 GiB a JSON file read whole may have; write it as JSON lines "
                        r"\(\.jsonl\)\n", err), err  # fmt: skip


@pytest.mark.parametrize(
    "text",
    ['{"id": ' + "1" * 5000 + "}\n", "[" * 5000 + "]" * 5000 + "\n", '{"id": "a"}\n\x00\n'],
    ids=["huge-int", "deep-array", "nul"],
)
def test_a_real_process_answers_pathological_input_with_one_line(tmp_path, text):
    path = tmp_path / "cases.jsonl"
    path.write_text(text)
    proc = subprocess.run(
        [sys.executable, "-m", "medrubric.cli.main", "validate", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith(f"error: {path}:"), proc.stderr


def test_every_case_fixture_is_mutated_here():
    """A new fixture format is fuzzed as soon as it is added."""
    assert {n.removeprefix("validate-") for n in TARGET_NAMES if n.startswith("validate-")} == set(
        os.listdir(FIXTURES)
    )
