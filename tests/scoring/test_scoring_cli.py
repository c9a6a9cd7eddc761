"""`medrubric score` end to end on a grades file: summary.json, table and input errors."""

import json

import pytest
import typer
from typer.testing import CliRunner

from medrubric.cli import score as score_cli
from medrubric.cli.main import main
from medrubric.data.jsonl import write_jsonl
from medrubric.data.models import CaseGrade, Verdict
from medrubric.scoring import summarize


def v(cid, weight, axis, met=None, error=None):
    return Verdict(criterion_id=cid, weight=weight, axis=axis, met=met, error=error)


GRADES = [
    CaseGrade(case_id="c1", model="m", grader="g", language="en", theme="context_seeking",
              specialty="cardiology", tags=["difficulty:high"],
              criteria=[v("a", 5, "accuracy", True), v("b", -8, "safety", True)]),
    CaseGrade(case_id="c2", model="m", grader="g", language="zh", theme="response_depth",
              specialty="neurology", tags=["difficulty:low"],
              criteria=[v("a", 4, "accuracy", True), v("b", 2, "completeness", error="timeout")]),
    CaseGrade(case_id="c3", model="m", response_error="connection refused"),
]  # fmt: skip


@pytest.fixture
def app():
    app = typer.Typer()
    app.callback()(lambda: None)
    score_cli.register(app)
    return app


@pytest.fixture
def grades_file(tmp_path):
    path = tmp_path / "grades.jsonl"
    write_jsonl(path, GRADES)
    return path


def test_writes_summary_and_prints_table(app, grades_file, tmp_path, monkeypatch):
    monkeypatch.setenv("MEDRUBRIC_META_EVAL", str(tmp_path / "registry.json"))  # empty
    out = tmp_path / "out"
    args = ["score", str(grades_file), "--out", str(out), "--tag", "difficulty"]
    args += ["--resamples", "300", "--max-error-rate", "0.5"]  # 1 of 4 verdicts, 1 of 3 answers
    result = CliRunner().invoke(app, args, env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    written = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    validity = written.pop("grader_validity")
    expected = summarize(GRADES, tags=["difficulty"], n_resamples=300).model_dump(mode="json")
    assert {k: written[k] for k in expected} == expected
    # the run fields of summary.json: none, a grades file alone records no run
    assert written.pop("schema_version") == 1
    assert {k: v for k, v in written.items() if k not in expected} == {
        "calls": None, "tokens": None, "cost_usd": None, "response_errors": [],
        "grading": None, "provenance": None, "inputs_sha256": None, "jury": None,
        "grading_noise": None, "truncated_answers": None,
        "self_preference": {"candidate_family": None, "same_family": [], "flagged": False,
                            "n_cases": 0, "own_minus_other": None, "ci95": None},
    }  # fmt: skip
    assert validity["validated"] is False and validity["note"].startswith("grader not validated")
    assert f"grader {validity['grader']}: grader not validated" in result.output
    assert written["score"] == 0.5 and written["n_response_errors"] == 1
    for text in ["Accuracy", "Context-Seeking", "neurology", "difficulty", "50.0", "all cases"]:
        assert text in result.output
    assert "grader errors: 1 of 4 criteria" in result.output
    assert "answer generation errors (not scored): 1" in result.output


@pytest.mark.parametrize(
    ("model", "grader", "family", "same"),
    [
        ("openai:gpt-4o", "openai:gpt-4.1-mini", "openai", ["openai:gpt-4.1-mini"]),
        ("openai:gpt-4o", "anthropic:claude-sonnet-4", "openai", []),
        ("local:smollm2", "jury:majority(openai:gpt-4.1, vllm:SmolLM2-360M)", "huggingface",
         ["vllm:SmolLM2-360M"]),
        ("local:smollm2", "jury:any(openai:gpt-4.1, anthropic:claude-sonnet-4)", "huggingface",
         []),
    ],
)  # fmt: skip
def test_score_flags_a_grader_of_the_candidates_family(app, tmp_path, model, grader, family,
                                                       same):  # fmt: skip
    """A bare grades file carries model and grader labels: `score` reads the families from
    them (a jury's label names its members) and writes `self_preference` as a run does."""
    path = tmp_path / "grades.jsonl"
    write_jsonl(path, [CaseGrade(case_id="c1", model=model, grader=grader,
                                 criteria=[v("a", 5, "accuracy", True)])])  # fmt: skip
    out = tmp_path / "out"
    args = ["score", str(path), "--out", str(out), "--resamples", "20"]
    result = CliRunner().invoke(app, args, env={"COLUMNS": "300"})
    assert result.exit_code == 0, result.output
    pref = json.loads((out / "summary.json").read_text(encoding="utf-8"))["self_preference"]
    assert pref["candidate_family"] == family and pref["same_family"] == same
    assert pref["flagged"] is bool(same) and pref["own_minus_other"] is None
    said = f"self-preference risk: {', '.join(same)} of the candidate's family ({family})"
    assert (said in result.output) is bool(same)


def test_a_file_mostly_in_error_writes_its_summary_and_exits_1(app, tmp_path):
    """The gate of grade and eval: with the default --max-error-rate 0.1, 1 of 4 verdicts
    in error fails, in one line naming the shares and the most frequent error."""
    path = tmp_path / "grades.jsonl"
    write_jsonl(path, GRADES[:2])
    out = tmp_path / "o"
    args = ["score", str(path), "--out", str(out), "--resamples", "50"]
    result = CliRunner().invoke(app, args, env={"COLUMNS": "300"})
    assert result.exit_code == 1
    assert "run failed: 1 of 4 verdicts (25.0%) are errors, above --max-error-rate 10%" in (
        result.output
    )
    assert "most frequent (1x): timeout" in result.output
    assert "run the grade or eval command that wrote these grades again" in result.output
    assert json.loads((out / "summary.json").read_text(encoding="utf-8"))["n_errors"] == 1
    assert CliRunner().invoke(app, [*args, "--max-error-rate", "0.3"]).exit_code == 0

    all_failed = [g.model_copy(update={"criteria": [v("a", 5, "accuracy", error="refused")]})
                  for g in GRADES[:2]]  # fmt: skip
    write_jsonl(path, all_failed)
    result = CliRunner().invoke(app, args, env={"COLUMNS": "300"})
    assert result.exit_code == 1 and "no case could be scored" in result.output
    assert "2 of 2 verdicts (100.0%) are errors" in result.output


def test_no_clip_is_healthbench_parity(app, grades_file, tmp_path):
    out = tmp_path / "hb"
    result = CliRunner().invoke(
        app,
        ["score", str(grades_file), "--out", str(out), "--no-clip", "--resamples", "50",
         "--max-error-rate", "1"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    written = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert written["clip"] is False and written["score"] == pytest.approx((-3 / 5 + 1) / 2)


def test_mixed_models_need_a_choice(app, tmp_path):
    path = tmp_path / "mixed.jsonl"
    write_jsonl(path, [GRADES[0], GRADES[0].model_copy(update={"model": "other"})])
    result = CliRunner().invoke(app, ["score", str(path), "--out", str(tmp_path / "o")])
    assert "several models (m, other)" in str(result.exception)
    result = CliRunner().invoke(
        app, ["score", str(path), "--out", str(tmp_path / "o"), "--model", "other"]
    )
    assert result.exit_code == 0, result.output


def test_bad_field_gives_file_line_field(grades_file, tmp_path, capsys):
    rows = grades_file.read_text(encoding="utf-8").splitlines()
    rows[1] = rows[1].replace('"weight": 4', '"weight": "4"')
    grades_file.write_text("\n".join(rows) + "\n", encoding="utf-8")
    with pytest.raises(SystemExit) as exit_info:
        main(["score", str(grades_file), "--out", str(tmp_path / "o")])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert f"{grades_file}:2: criteria[0].weight" in err


def test_repeated_case_is_an_input_error(tmp_path, capsys):
    path = tmp_path / "dup.jsonl"
    write_jsonl(path, [GRADES[0], GRADES[1], GRADES[0]])
    with pytest.raises(SystemExit) as exit_info:
        main(["score", str(path), "--out", str(tmp_path / "o")])
    assert exit_info.value.code == 2
    assert f"{path}:3: case_id: 'c1' graded twice" in capsys.readouterr().err


def test_cacs_for_binary_rubrics(app, tmp_path):
    path = tmp_path / "binary.jsonl"
    rows = [
        CaseGrade(case_id=f"c{hits}", model="m",
                  criteria=[v(f"r{i}", 1, "unknown", bool(i < hits)) for i in range(30)])
        for hits in (9, 10, 15, 30)
    ]  # fmt: skip
    write_jsonl(path, rows)
    out = tmp_path / "o"
    result = CliRunner().invoke(
        app, ["score", str(path), "--out", str(out), "--cacs", "10", "--resamples", "200"]
    )
    assert result.exit_code == 0, result.output
    cacs = json.loads((out / "cacs.json").read_text(encoding="utf-8"))
    assert cacs["cacs_at_k"] == pytest.approx((0 + 1 / 21 + 6 / 21 + 1) / 4)
    assert cacs["pass_at_k"] == 0.75
    assert "CACS@10 33.3%" in result.output and "pass@10 75.0%" in result.output


def test_cacs_on_weighted_rubrics_is_an_input_error(app, grades_file, tmp_path):
    result = CliRunner().invoke(
        app, ["score", str(grades_file), "--out", str(tmp_path / "o"), "--cacs", "1"]
    )
    assert "--cacs: case 'c1': CACS needs equal positive weights" in str(result.exception)
    assert not (tmp_path / "o").exists()


def test_run_score_returns_what_it_wrote_and_reads_the_registry_it_is_given(
    grades_file, tmp_path, monkeypatch
):
    from medrubric.analysis.score import ScoreOptions, ScoreResult, run_score
    from medrubric.evaluate.rundir import RunDir, RunSummary

    monkeypatch.setenv("MEDRUBRIC_META_EVAL", str(tmp_path / "elsewhere.json"))
    given = tmp_path / "given-registry.json"
    opts = ScoreOptions(grades=grades_file, out=tmp_path / "out", resamples=200, registry=given)
    result = run_score(opts)
    assert isinstance(result, ScoreResult) and isinstance(result.summary, RunSummary)
    assert result.written == [tmp_path / "out" / "summary.json"]
    assert RunDir(opts.out).read_summary() == result.summary  # the one typed record, written
    assert result.summary.schema_version >= 1 and result.summary.n_cases == 2
    validity = result.summary.grader_validity
    assert validity is not None and validity["registry"] == str(given)  # the input, not env/cwd
    assert result.cacs is None
    # 1 of 4 verdicts is an error: over a 10% limit the result says why, and still wrote
    strict = run_score(opts.model_copy(update={"max_error_rate": 0.1}))
    assert strict.error_problem is not None and "verdicts" in strict.error_problem
