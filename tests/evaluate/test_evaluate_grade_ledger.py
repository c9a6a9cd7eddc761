"""summary.json and report.html made from what a run kept as it graded (`GradeLedger`: the
grades scored, the report's cards drawn and the calls added up while the calls were in
flight) are byte for byte those recomputed from the run's logs, whether the run was fresh,
resumed after a kill or after failed calls, or run again when finished; a failed call stays
an error, never Not Met."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

from medrubric.evaluate.profiles import resolve_setup
from medrubric.evaluate.rundir import RunDir
from medrubric.evaluate.runner import RunOptions, run_grade
from medrubric.report.html import drawn_answer
from medrubric.report.run import write_run_reports
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import FaultPlan, ReplayServer

FIXTURES = Path(__file__).parents[1] / "data" / "fixtures"
OUTPUTS = ("summary.json", "report.html", "leaderboard.md")


def _inputs(root: Path) -> tuple[Path, Path]:
    cases = root / "healthbench.jsonl"
    shutil.copy(FIXTURES / "healthbench.jsonl", cases)
    answers = root / "answers.jsonl"
    rows = [
        {"case_id": f"hb-00{i}", "model": "m1", "response": f"Answer {i}: see a doctor today."}
        for i in (3, 1, 2)
    ]
    answers.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return cases, answers


def _grade(root: Path, url: str, out: Path, draw: bool = True, redo: bool = True) -> None:
    """`medrubric grade` as the command runs it (report.html's cards drawn as grades come),
    one call at a time, a failed call not retried (nor, with `redo` False, redone)."""
    cases, answers = root / "healthbench.jsonl", root / "answers.jsonl"
    opts = RunOptions(
        cases=str(cases), out=out, cache_dir=root / "cache", show_progress=False,
        setup=resolve_setup(None, f"openai:replay@{url}", "per-criterion"), concurrency=1,
        max_attempts=1, backoff_s=0.01, retry_errors=redo,
    )  # fmt: skip
    write_run_reports(asyncio.run(run_grade(opts, answers, drawn_answer if draw else None)))


def _outputs(run: Path) -> dict[str, str]:
    """The run's summary.json, report.html and leaderboard.md, the summary's creation time
    (the one thing two computations of one run differ in) taken out."""
    created = json.loads((run / "summary.json").read_text())["provenance"]["created_at"]
    return {name: (run / name).read_text().replace(created, "CREATED") for name in OUTPUTS}


def _recomputed(root: Path, url: str, run: Path) -> dict[str, str]:
    """The outputs of a copy of `run` recomputed from its logs alone (`--keep-errors`: no
    call made)."""
    again = root / f"{run.name}-recomputed"
    shutil.rmtree(again, ignore_errors=True)
    shutil.copytree(run, again)
    for name in OUTPUTS:
        (again / name).unlink()
    _grade(root, url, again, draw=False, redo=False)
    assert (again / "verdicts.jsonl").read_bytes() == (run / "verdicts.jsonl").read_bytes()
    return _outputs(again)


def test_a_fresh_and_a_resumed_run_equal_their_recomputation_from_disk(tmp_path, monkeypatch):
    _inputs(tmp_path)
    run = tmp_path / "run"
    read: list[int] = []
    grades_at = RunDir.grades_at

    def counted(self, offsets):
        for grade in grades_at(self, offsets):
            read.append(1)
            yield grade

    monkeypatch.setattr(RunDir, "grades_at", counted)
    import medrubric.scoring.length as length

    prepared = length._prepared
    ahead: list[bool] = []

    def noted(*args):
        blocks = prepared(*args)
        ahead.append(blocks is not None)
        return blocks

    monkeypatch.setattr(length, "_prepared", noted)
    with ReplayServer(rubric_replay_handler) as server:
        _grade(tmp_path, server.base_url, run)
        assert read == []  # scored and drawn as each grade was written
        assert ahead == [True]  # the length bias's lengths side computed during the calls
        fresh = _outputs(run)
        assert fresh == _recomputed(tmp_path, server.base_url, run)
        assert len(read) == 3  # the recomputation read every grade
        assert ahead == [True, False]  # ... and computed the lengths side at the end
        kept = {name: (run / name).read_bytes() for name in OUTPUTS}
        _grade(tmp_path, server.base_url, run)  # finished: kept as they are
        assert {name: (run / name).read_bytes() for name in OUTPUTS} == kept
        # Killed after the first grade was written, every call made: that grade is read
        # from disk, the others are made again from their verdicts, as the run goes on.
        lines = (run / "grades.jsonl").read_text().splitlines(keepends=True)
        (run / "grades.jsonl").write_text(lines[0])
        for name in OUTPUTS:
            (run / name).unlink()
        read.clear()
        _grade(tmp_path, server.base_url, run)
        assert len(read) == 1
        assert _outputs(run) == fresh
    summary = json.loads(fresh["summary.json"])
    assert summary["n_cases"] == 3 and summary["n_errors"] == 0
    assert summary["calls"]["made"] == summary["n_criteria"]
    assert fresh["report.html"].count('<details class="case') == 3


def test_failed_calls_stay_errors_and_a_resumed_run_equals_its_recomputation(tmp_path):
    _inputs(tmp_path)
    run = tmp_path / "run"
    with ReplayServer(rubric_replay_handler, faults=FaultPlan(rate_500=0.4, seed=1)) as server:
        _grade(tmp_path, server.base_url, run)
        failed = _outputs(run)
        assert failed == _recomputed(tmp_path, server.base_url, run)
    summary = json.loads(failed["summary.json"])
    grades = [json.loads(line) for line in (run / "grades.jsonl").read_text().splitlines()]
    errors = sum(v["error"] is not None for g in grades for v in g["criteria"])
    assert 0 < errors < summary["n_criteria"]
    assert summary["n_errors"] == errors  # counted as errors ...
    assert summary["n_verdicts"] == summary["n_criteria"] - errors
    assert failed["report.html"].count(">ERROR<") >= 1  # ... and shown as such
    assert summary["calls"]["made"] == summary["n_criteria"]  # failed calls were made

    # Killed after the first grade was written: its verdicts are on disk, the rest redone.
    lines = (run / "grades.jsonl").read_text().splitlines(keepends=True)
    (run / "grades.jsonl").write_text(lines[0])
    for name in OUTPUTS:
        (run / name).unlink()
    with ReplayServer(rubric_replay_handler) as server:
        _grade(tmp_path, server.base_url, run)  # errors redone, grades from disk kept
        resumed = _outputs(run)
        assert resumed == _recomputed(tmp_path, server.base_url, run)
    summary = json.loads(resumed["summary.json"])
    assert summary["n_errors"] == 0 and summary["n_cases"] == 3
    # every call counted once: the first run's (failed ones included) and the redone ones
    calls = (run / "verdicts.jsonl").read_text().count("\n")
    assert summary["calls"]["made"] + summary["calls"]["cached"] == calls


def test_a_length_bias_thread_that_fails_stops_the_run_with_no_summary(tmp_path, monkeypatch):
    """The length bias is computed on threads beside the strata's bootstrap: an error on one
    of them is raised by the command, and no summary.json or report is written from half the
    figures; the run, made again, writes them."""
    import threading

    import pytest

    import medrubric.scoring.length as length

    _inputs(tmp_path)
    run = tmp_path / "run"
    line = length._rho_and_line

    def failing_off_the_main_thread(*args):
        if threading.current_thread() is not threading.main_thread():
            raise MemoryError("length bias thread")
        return line(*args)

    monkeypatch.setattr(length, "_rho_and_line", failing_off_the_main_thread)
    with ReplayServer(rubric_replay_handler) as server:
        with pytest.raises(MemoryError, match="length bias thread"):
            _grade(tmp_path, server.base_url, run)
        assert not any((run / name).exists() for name in OUTPUTS)
        monkeypatch.setattr(length, "_rho_and_line", line)
        _grade(tmp_path, server.base_url, run)
        assert _outputs(run) == _recomputed(tmp_path, server.base_url, run)
