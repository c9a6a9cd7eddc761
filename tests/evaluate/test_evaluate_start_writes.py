"""A fresh `grade` run starts its calls before it hashes and writes its cases (`StartWrites`):
the cases are read and checked first, the source's hash reaches run.json, cases.jsonl and
source.json alongside the first requests, and before any verdict or grade is logged. A run
stopped in between leaves a folder that holds no result, and runs again cleanly."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from medrubric.data.formats import iter_cases
from medrubric.errors import InputError
from medrubric.evaluate.profiles import resolve_setup
from medrubric.evaluate.runcases import RunCases, hash_cases
from medrubric.evaluate.runner import RunOptions, run_grade
from medrubric.llm.client import OpenAIChatModel
from medrubric.runtime.folder import RunFolder
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer

FIXTURES = Path(__file__).parents[1] / "data" / "fixtures"


def _inputs(root: Path, repeat: bool = False) -> tuple[Path, Path]:
    cases = root / "healthbench.jsonl"
    shutil.copy(FIXTURES / "healthbench.jsonl", cases)
    if repeat:  # the first example again, at the end of the file
        first = cases.read_text(encoding="utf-8").splitlines()[0]
        cases.write_text(cases.read_text(encoding="utf-8") + first + "\n", encoding="utf-8")
    answers = root / "answers.jsonl"
    rows = [{"case_id": f"hb-00{i}", "model": "m1", "response": f"Answer {i}."} for i in (1, 2)]
    answers.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return cases, answers


def _grade(root: Path, url: str, out: Path) -> None:
    cases, answers = root / "healthbench.jsonl", root / "answers.jsonl"
    opts = RunOptions(
        cases=str(cases), out=out, cache_dir=root / "cache", show_progress=False,
        setup=resolve_setup(None, f"openai:replay@{url}", "per-criterion"), concurrency=2,
    )  # fmt: skip
    asyncio.run(run_grade(opts, answers))


def _identity(out: Path) -> dict[str, Any]:
    return dict(json.loads((out / "run.json").read_text(encoding="utf-8")))


def _hashed_after_first_request(monkeypatch: pytest.MonkeyPatch, out: Path) -> list[Any]:
    """Hold the cases' hash until the first request is being sent (it would wait in vain if
    the requests waited for it); what the folder held then is appended to the list given."""
    seen: list[dict[str, Any]] = []
    attempt, hash_all = OpenAIChatModel._attempt, RunCases.hash_all

    async def first_sent(self: OpenAIChatModel, *args: Any, **kwargs: Any) -> Any:
        if not seen:
            seen.append({"identity": _identity(out), "cases": (out / "cases.jsonl").exists()})
        return await attempt(self, *args, **kwargs)

    async def after_first_request(self: RunCases, *args: Any, **kwargs: Any) -> str:
        for _ in range(5000):
            if seen:
                return await hash_all(self, *args, **kwargs)
            await asyncio.sleep(0.001)
        raise AssertionError("no request went out before the cases were hashed")

    monkeypatch.setattr(OpenAIChatModel, "_attempt", first_sent)
    monkeypatch.setattr(RunCases, "hash_all", after_first_request)
    return seen


def test_the_cases_are_hashed_and_written_after_the_first_request(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the first request is sent the folder holds run.json without the source's hash
    and no copy of the cases; at the end, the hash an eager pass over the source gives."""
    cases, _ = _inputs(tmp_path)
    out = tmp_path / "run"
    seen = _hashed_after_first_request(monkeypatch, out)
    with ReplayServer(rubric_replay_handler) as server:
        _grade(tmp_path, server.base_url, out)
    (first,) = seen
    assert "cases_sha256" not in first["identity"] and "grader" in first["identity"]
    assert not first["cases"]
    sha = hash_cases(iter_cases(str(cases)))  # what an eager hash of the source gives
    assert _identity(out)["cases_sha256"] == sha
    assert list(_identity(out))[:3] == ["model", "cases_sha256", "grader"]  # claim's order
    assert json.loads((out / "source.json").read_text())["cases_sha256"] == sha
    assert [c.id for c in iter_cases(str(out / "cases.jsonl"))] == [
        c.id for c in iter_cases(str(cases))
    ]


def test_a_run_stopped_before_its_start_writes_end_runs_again_cleanly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stopped (as Ctrl-C would) while recording the source's hash, after its first requests
    were sent: no verdict, grade or case copy is in the folder, and the next run reads the
    source before its calls, records the hash and finishes."""
    cases, _ = _inputs(tmp_path)
    out = tmp_path / "run"
    record = RunFolder.record_identity

    def stopped(self: RunFolder, identity: dict[str, Any]) -> None:
        raise KeyboardInterrupt

    seen = _hashed_after_first_request(monkeypatch, out)
    with ReplayServer(rubric_replay_handler) as server:
        monkeypatch.setattr(RunFolder, "record_identity", stopped)
        with pytest.raises(KeyboardInterrupt):
            _grade(tmp_path, server.base_url, out)
        assert seen  # its first requests were out
        assert "cases_sha256" not in _identity(out)
        kept = {p.name for p in out.iterdir()}
        assert not kept & {"verdicts.jsonl", "grades.jsonl", "cases.jsonl", "source.json"}
        monkeypatch.undo()
        assert RunFolder.record_identity is record
        _grade(tmp_path, server.base_url, out)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["n_cases"] == 2 and summary["n_errors"] == 0
    assert _identity(out)["cases_sha256"] == hash_cases(iter_cases(str(cases)))


def test_a_repeated_case_id_still_stops_before_any_request(tmp_path: Path) -> None:
    _inputs(tmp_path, repeat=True)
    out = tmp_path / "run"
    with ReplayServer(rubric_replay_handler) as server:
        repeated = r"healthbench.jsonl:4: prompt_id: duplicate case id 'hb-001'"
        with pytest.raises(InputError, match=repeated):
            _grade(tmp_path, server.base_url, out)
        assert server.total == 0
    assert not out.exists()


def test_no_preload_thread_outlives_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The summary's preload (imports, the git revision, the bootstrap's tables) starts at the
    first reply; a short run may end before it does, and its thread used to go on beside
    whatever the process did next. Here the preload is made slower than the run."""
    import threading
    import time

    from medrubric.evaluate import runner
    from medrubric.scoring import resample

    started: list[threading.Thread] = []
    preload, draw_ahead = runner.preload_summary, resample.draw_ahead

    def kept(*args: Any) -> threading.Thread:
        started.append(preload(*args))
        return started[-1]

    def slow_draw(*args: Any) -> Any:
        time.sleep(1.0)
        return draw_ahead(*args)

    monkeypatch.setattr(runner, "preload_summary", kept)
    monkeypatch.setattr(resample, "draw_ahead", slow_draw)
    _inputs(tmp_path)
    with ReplayServer(rubric_replay_handler) as server:
        _grade(tmp_path, server.base_url, tmp_path / "run")
    assert len(started) == 1 and not started[0].is_alive()
