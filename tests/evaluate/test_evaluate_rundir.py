"""Run directory logs survive a kill in the middle of an append."""

from __future__ import annotations

from medrubric.data.models import Response
from medrubric.evaluate.rundir import RunDir


def test_torn_last_line_is_cut_and_earlier_lines_kept(tmp_path):
    run = RunDir(tmp_path).create()
    run.append(run.responses, Response(case_id="a", model="m", response="first"))
    with run.responses.open("ab") as fh:
        fh.write(b'{"case_id": "b", "model": "m", "resp')  # killed mid-write
    assert [r.case_id for r in run.load_responses()] == ["a"]
    assert run.responses.read_bytes().endswith(b"}\n")
    run.append(run.responses, Response(case_id="b", model="m", response="second"))
    assert [r.response for r in run.load_responses()] == ["first", "second"]


def test_missing_logs_mean_nothing_finished(tmp_path):
    run = RunDir(tmp_path / "new")
    assert run.load_responses() == [] and run.load_grades() == [] and run.load_grading_calls() == []
