"""`grade` streams its cases, answers' verdicts and grades through the run folder: what it
writes is what the version that held everything in memory wrote (recorded in
tests/evaluate/fixtures/grade_golden/ by `python tests/evaluate/test_evaluate_grade_streaming.py
OUT` at that version), and a re-run of an unchanged cases file does not read it again."""

from __future__ import annotations

import asyncio
import hashlib
import json
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from medrubric.data.formats import load_cases
from medrubric.data.jsonl import dump_line
from medrubric.errors import InputError
from medrubric.evaluate.profiles import resolve_setup
from medrubric.evaluate.runcases import CaseHash, RunCases
from medrubric.evaluate.runner import RunOptions, RunResult, run_grade
from medrubric.report.run import write_run_reports
from medrubric.snapshot import canonical_cases
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import FaultPlan, ReplayServer

FIXTURES = Path(__file__).parents[1] / "data" / "fixtures"
GOLDEN = Path(__file__).parent / "fixtures" / "grade_golden"
FILES = ("cases.jsonl", "responses.jsonl", "verdicts.jsonl", "grades.jsonl", "leaderboard.md")
VOLATILE = ("created_at", "git_revision", "inputs_sha256")


def _answers(path: Path) -> Path:
    rows = [
        {"case_id": f"hb-00{i}", "model": "m1", "response": f"Answer {i}: see a doctor today."}
        for i in (3, 1, 2)
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _options(tmp_path: Path, server: ReplayServer, concurrency: int = 2) -> RunOptions:
    """Per-criterion grading of the HealthBench fixture (copied into tmp_path) into
    tmp_path/run, against the replay server."""
    cases = tmp_path / "healthbench.jsonl"
    shutil.copy(FIXTURES / "healthbench.jsonl", cases)
    return RunOptions(
        cases=str(cases), out=tmp_path / "run", cache_dir=tmp_path / "cache",
        show_progress=False, concurrency=concurrency,
        setup=resolve_setup(None, f"openai:replay@{server.base_url}", "per-criterion"),
    )  # fmt: skip


def _graded(tmp_path: Path) -> tuple[RunOptions, RunResult]:
    """Three HealthBench answers graded per criterion into tmp_path/run."""
    with ReplayServer(rubric_replay_handler) as server:
        opts = _options(tmp_path, server)
        return opts, asyncio.run(run_grade(opts, _answers(tmp_path / "answers.jsonl")))


def grade_twice(root: Path) -> tuple[dict[str, str], RunOptions]:
    """Grade three HealthBench answers per criterion, one call at a time: first against an
    endpoint that fails every request once (every verdict an error), then again (the errors
    redone, the grades log compacted). The run's files, with the endpoint's address and the
    summary's volatile fields taken out."""
    cases = root / "healthbench.jsonl"
    shutil.copy(FIXTURES / "healthbench.jsonl", cases)
    answers = _answers(root / "answers.jsonl")
    with ReplayServer(rubric_replay_handler, faults=FaultPlan(schedule=("500",))) as server:
        spec = f"openai:replay@{server.base_url}"
        opts = RunOptions(
            cases=str(cases), out=root / "run", cache_dir=root / "cache", show_progress=False,
            setup=resolve_setup(None, spec, "per-criterion"), concurrency=1, max_attempts=1,
            backoff_s=0.01,
        )  # fmt: skip
        for _ in range(2):
            write_run_reports(asyncio.run(run_grade(opts, answers)))
    texts = {
        name: (root / "run" / name).read_text(encoding="utf-8").replace(server.base_url, "URL")
        for name in FILES
    }
    summary = json.loads((root / "run" / "summary.json").read_text(encoding="utf-8"))
    for key in VOLATILE:
        summary.pop(key, None)
        summary["provenance"].pop(key, None)
    summary["provenance"]["params"]["cases"] = "CASES"
    text = json.dumps(summary, indent=2, sort_keys=True).replace(server.base_url, "URL")
    texts["summary.json"] = text + "\n"
    return texts, opts


@pytest.fixture(scope="module")
def graded(tmp_path_factory) -> tuple[Path, dict[str, str], RunOptions]:
    root = tmp_path_factory.mktemp("graded")
    return (root, *grade_twice(root))


def test_grade_writes_what_the_in_memory_version_wrote(graded):
    _, texts, _ = graded
    first_run_errors = '"error":"grader call failed: HTTP 500'
    assert first_run_errors in (GOLDEN / "verdicts.jsonl").read_text()
    for name, text in texts.items():
        assert text == (GOLDEN / name).read_text(encoding="utf-8"), name


def test_a_rerun_of_an_unchanged_cases_file_does_not_read_it(graded, monkeypatch):
    tmp_path, _, opts = graded
    run = tmp_path / "run"
    kept = {name: (run / name).read_bytes() for name in (*FILES, "summary.json", "report.html")}

    def unread(*_args, **_kwargs):
        raise AssertionError("the cases file was read again")

    monkeypatch.setattr("medrubric.evaluate.runner.iter_cases", unread)
    monkeypatch.setattr("medrubric.evaluate.runner.preload_summary", unread)  # nothing to do
    result = asyncio.run(run_grade(opts, tmp_path / "answers.jsonl"))
    assert not result.summary_changed and result.progress.tally.verdicts == 0
    assert [g.case_id for g in result.grades()] == ["hb-003", "hb-001", "hb-002"]
    assert {name: (run / name).read_bytes() for name in kept} == kept
    # A changed file is read again, and names another case set: the folder refuses it.
    monkeypatch.undo()
    source = tmp_path / "healthbench.jsonl"
    source.write_text(source.read_text().replace("stiff", "sore"), encoding="utf-8")
    with pytest.raises(Exception, match="--cases: another case source"):
        asyncio.run(run_grade(opts, tmp_path / "answers.jsonl"))


def test_cases_hashed_and_read_back_one_at_a_time_equal_the_loaded_ones(tmp_path):
    cases = load_cases(FIXTURES / "healthbench.jsonl")
    hasher = CaseHash()
    for case in reversed(cases):  # any order: the hash sorts by id
        hasher.add(case)
    assert hasher.hexdigest() == hashlib.sha256(canonical_cases(cases)).hexdigest()
    staged = RunCases.stage(iter(cases), InputError("none"))
    saved = staged.save(tmp_path / "cases.jsonl")
    assert (tmp_path / "cases.jsonl").read_text() == "".join(dump_line(c) + "\n" for c in cases)
    for found in (saved, RunCases.from_index(tmp_path / "cases.jsonl", saved.index_rows())):
        assert list(found) == [c.id for c in cases]
        assert [found[c.id] for c in reversed(cases)] == list(reversed(cases))
        assert [found.rubric_size(c.id) for c in cases] == [len(c.rubric) for c in cases]
    with pytest.raises(InputError, match="none"):
        RunCases.stage(iter([]), InputError("none"))
    twice = CaseHash()
    twice.add(cases[0])
    twice.add(cases[0])
    with pytest.raises(InputError, match="more than once"):
        twice.hexdigest()


def test_the_answered_cases_hash_from_their_lines_equals_hashing_the_cases(tmp_path):
    """summary.json's `cases_sha256` is taken from the run's cases.jsonl lines without
    validating each case again: the same hash as `hash_cases` of the cases themselves, for
    any subset, with floats, dates and text beyond ASCII in them."""
    import datetime as dt

    from medrubric.evaluate.runcases import hash_cases

    cases = load_cases(FIXTURES / "healthbench.jsonl")
    cases[0] = cases[0].model_copy(update={
        "published_at": dt.date(2024, 2, 29), "query": "头痛三天 — ¿fiebre? \u2028 \"quoted\"",
        "extra": {"p": 0.1, "tiny": 1e-7, "huge": 1.5e300, "neg": -0.0, "n": [1, 2.5, None]},
    })  # fmt: skip
    saved = RunCases.stage(iter(cases), InputError("none")).save(tmp_path / "cases.jsonl")
    for found in (saved, RunCases.from_index(tmp_path / "cases.jsonl", saved.index_rows())):
        for chosen in (cases, cases[:1], cases[1:], list(reversed(cases))):
            assert found.sha256(c.id for c in chosen) == hash_cases(chosen)


def test_a_run_answering_its_whole_source_takes_the_source_hash_for_its_cases(
    tmp_path, monkeypatch
):
    """summary.json's `cases_sha256` of a run that answers every case of its source is the
    source's hash, computed once as the source was read (and, on a re-run of the unchanged
    file, taken from source.json): the cases are not hashed again."""
    from medrubric.evaluate.runcases import hash_cases

    hashed: list[str] = []
    digest = CaseHash.hexdigest

    def counted(self: CaseHash) -> str:
        hashed.append(digest(self))
        return hashed[-1]

    monkeypatch.setattr(CaseHash, "hexdigest", counted)
    answers = _answers(tmp_path / "answers.jsonl")
    with ReplayServer(rubric_replay_handler) as server:
        opts = _options(tmp_path, server)
        first = asyncio.run(run_grade(opts, answers))
        assert len(hashed) == 1  # the source's, while it was read
        first.run.summary.unlink()
        again = asyncio.run(run_grade(opts, answers))
    assert len(hashed) == 1  # an unchanged file is not read, its cases not hashed again
    expected = hash_cases(load_cases(Path(opts.cases)))
    for result in (first, again):
        assert result.summary.provenance is not None
        assert result.summary.provenance.params["cases_sha256"] == expected


def test_the_report_draws_the_answers_summary_json_picked_without_reading_grades_again(
    tmp_path, monkeypatch
):
    """summary.json's pass over grades.jsonl picks the answers report.html draws: the report
    does not read the grades again, and is the page drawn from reading them."""
    from medrubric.evaluate.rundir import RunDir

    _opts, result = _graded(tmp_path)
    read = RunDir.grades_at

    def unread(*_args, **_kwargs):
        raise AssertionError("grades.jsonl was read again")

    monkeypatch.setattr(RunDir, "grades_at", unread)
    write_run_reports(result)
    picked = result.run.report.read_bytes()
    monkeypatch.setattr(RunDir, "grades_at", read)
    result.run.report.unlink()
    write_run_reports(result.model_copy(update={"picked": None}))
    assert result.run.report.read_bytes() == picked and b"hb-001" in picked


def test_one_graders_summary_reads_the_calls_totals_without_their_verdicts(tmp_path, monkeypatch):
    """With one grader at one repeat, summary.json's totals read verdicts.jsonl's heads
    (`CallHead`), not whole grading calls: the same calls, tokens, cost and prompt versions."""
    from medrubric.evaluate.rundir import RunDir
    from medrubric.evaluate.runner import write_summary

    opts, result = _graded(tmp_path)

    def unread(*_args, **_kwargs):
        raise AssertionError("the grading calls were read whole")

    monkeypatch.setattr(RunDir, "iter_grading_calls", unread)
    result.run.summary.unlink()
    summary, changed = write_summary(result.run, opts, result.cases, result.responses)
    fields = {"calls", "tokens", "cost_usd", "score", "n_verdicts"}
    assert changed and summary.model_dump(include=fields) == result.summary.model_dump(
        include=fields
    )
    assert summary.calls is not None and summary.calls.made == 9
    assert summary.provenance is not None and result.summary.provenance is not None
    assert summary.provenance.prompt_versions == result.summary.provenance.prompt_versions


def test_a_fresh_grade_reads_each_case_once_while_grading(tmp_path, monkeypatch):
    """Answers with nothing graded yet are not read to ask whether their grade is ready: each
    case is read from the run's cases.jsonl once before summary.json is written."""
    reads: list[str] = []
    read = RunCases.__getitem__

    def counted(self: RunCases, case_id: str):
        reads.append(case_id)
        return read(self, case_id)

    def stop(*_args, **_kwargs):
        raise SystemExit("graded")

    monkeypatch.setattr(RunCases, "__getitem__", counted)
    monkeypatch.setattr("medrubric.evaluate.runner.write_summary", stop)
    with ReplayServer(rubric_replay_handler) as server:
        opts = _options(tmp_path, server)
        with pytest.raises(SystemExit, match="graded"):
            asyncio.run(run_grade(opts, _answers(tmp_path / "answers.jsonl")))
    assert sorted(reads) == ["hb-001", "hb-002", "hb-003"]
    assert len((tmp_path / "run" / "grades.jsonl").read_text().splitlines()) == 3


def test_the_summary_preload_starts_at_the_first_reply_not_before_it(tmp_path, monkeypatch):
    """summary.json's preload (the git revision, the bootstrap's tables) runs in a thread
    while the calls are in flight; started before the first request it would share the
    interpreter with the command while it is still opening its HTTP client and sending that
    request."""
    answers = _answers(tmp_path / "answers.jsonl")
    answered_before: list[int] = []
    with ReplayServer(rubric_replay_handler) as server:

        def preload(*_args: object) -> threading.Thread:
            answered_before.append(server.total)
            thread = threading.Thread(target=lambda: None)
            thread.start()
            return thread

        monkeypatch.setattr("medrubric.evaluate.runner.preload_summary", preload)
        opts = _options(tmp_path, server, concurrency=1)
        result = asyncio.run(run_grade(opts, answers))
    assert result.progress.tally.verdicts > 1
    assert answered_before == [1]  # once, when the first call had its reply


def test_grades_are_scored_and_drawn_without_the_statistics_stack(tmp_path):
    """The command reaches its first request, and scores and draws each grade as it is
    written, without numpy: the statistics stack loads on the preload thread while the calls
    are in flight, so it is not imported before the first request nor waited for at the
    first grade (`scoring.scored`)."""
    script = """
import sys
import medrubric.cli.evaluate, medrubric.evaluate.runner, medrubric.llm.client
import medrubric.report.html
from medrubric.data.models import CaseGrade, Verdict
from medrubric.scoring.listed import AnswerPicker
from medrubric.scoring.scored import scored_grade
verdict = Verdict(criterion_id="c1", weight=5, axis="accuracy", met=True)
grade = CaseGrade(case_id="a", model="m", criteria=[verdict])
assert scored_grade(grade).score == 1.0
AnswerPicker(True).offer(grade)
print(sorted(m for m in sys.modules if m.split(".")[0] in ("numpy", "scipy")))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_records_a_grade_does_not_use_are_not_built_and_the_summarys_are_built_ahead(tmp_path):
    """The records of the data model, the run folder and the summary are built on first use
    (pydantic's `defer_build`), not when the command imports them: in a fresh process the
    command's modules loaded and a grade run, the records it never used are still unbuilt,
    and summary.json's were built by the preload thread while the calls were in flight, so
    none of them is built after the last reply. A record built late validates, serialises
    and describes its JSON schema as one built at import."""
    script = f"""
import asyncio, json, sys, threading
from pathlib import Path
import medrubric.cli.evaluate, medrubric.llm.client
from medrubric.data import models
from medrubric.data.formats import io, livemedbench
from medrubric.evaluate import panel_records, rundir, runner
from medrubric.evaluate.profiles import resolve_setup
from medrubric.scoring import records
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer
summary_records = (models.RunRecord, records.Stratum, records.Summary,
                   panel_records.SelfPreference, rundir.RunSummary, runner.RunResult)
unused = (models.Thread, models.CuratedCase, panel_records.JuryReport, records.Calibrated,
          rundir.CallCounts, runner.GenerateResult, livemedbench.LiveMedBenchRow,
          io.ImportResult)
built = lambda kinds: [k.__name__ for k in kinds if k.__pydantic_complete__]
seen = {{"imported": built(summary_records + unused)}}
write_summary = runner.write_summary
def summary_with_its_records_built(*args, **kwargs):
    seen["at summary"] = built(summary_records)
    return write_summary(*args, **kwargs)
runner.write_summary = summary_with_its_records_built
tmp = Path({str(tmp_path)!r})
with ReplayServer(rubric_replay_handler) as server:
    setup = resolve_setup(None, f"openai:replay@{{server.base_url}}", "per-criterion")
    opts = runner.RunOptions(cases={str(FIXTURES / "healthbench.jsonl")!r}, out=tmp / "run",
                             cache_dir=tmp / "cache", show_progress=False, setup=setup)
    asyncio.run(runner.run_grade(opts, tmp / "answers.jsonl"))
seen["unused after the grade"] = built(unused)
thread = models.Thread.model_validate(
    {{"source": "s", "thread_id": "t", "messages": [{{"author_role": "patient", "text": "x"}}]}}
)
seen["late record"] = [thread.model_dump(mode="json")["thread_id"],
                       sorted(models.Thread.model_json_schema()["properties"])[:3]]
print(json.dumps(seen))
"""
    _answers(tmp_path / "answers.jsonl")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["imported"] == []
    assert seen["at summary"] == [
        "RunRecord", "Stratum", "Summary", "SelfPreference", "RunSummary", "RunResult"
    ]  # fmt: skip
    assert seen["unused after the grade"] == []
    assert seen["late record"] == ["t", ["has_media", "language", "messages"]]


if __name__ == "__main__":  # record the fixture: python THIS_FILE OUT_FOLDER
    out = Path(sys.argv[1])
    work = out / "work"
    work.mkdir(parents=True)
    for name, text in grade_twice(work)[0].items():
        (out / name).write_text(text, encoding="utf-8")
