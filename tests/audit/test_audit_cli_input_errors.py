"""User mistakes stop with one clear message (InputError), before any model is called."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from medrubric.audit.taxonomy import load_taxonomy
from medrubric.cli.main import app
from medrubric.errors import InputError

SAMPLE = Path(__file__).parents[2] / "src/medrubric/data/sample"
ANSWERS = str(SAMPLE / "responses-demo-careful.jsonl")
SPEC = "openai:nobody@http://127.0.0.1:9/v1"


def inject(tmp_path: Path, *extra: str) -> BaseException | None:
    args = ["audit", "inject", "--answers", ANSWERS, "--benchmark", "sample",
            "--injector", SPEC, "--judge", SPEC, "--out", str(tmp_path / "a"), *extra]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code != 0
    return result.exception


def test_taxonomy_has_the_13_types_with_all_fields():
    taxonomy = load_taxonomy()
    assert taxonomy.codes() == ["C1", "C2", "C3", "F1", "F2", "F3", "F4",
                                "K1", "K2", "O1", "O2", "R1", "R2"]  # fmt: skip
    assert all(t.definition and t.example_edit and t.applicability for t in taxonomy.types)
    assert [t.code for t in taxonomy.select(" f1, R1,F1 ")] == ["F1", "R1"]


def test_unknown_error_type(tmp_path):
    error = inject(tmp_path, "--applicability-models", f"{SPEC},{SPEC}", "--types", "F1,Z9",
                   "--grades", str(SAMPLE / "grades-demo-careful.jsonl"))  # fmt: skip
    assert isinstance(error, InputError) and "unknown error type 'Z9'" in str(error)


def test_applicability_needs_exactly_two_models(tmp_path):
    error = inject(tmp_path, "--applicability-models", SPEC)
    assert isinstance(error, InputError) and "exactly two models" in str(error)


def test_originals_need_grades_or_a_grader(tmp_path):
    error = inject(tmp_path, "--applicability-models", f"{SPEC},{SPEC}")
    assert isinstance(error, InputError) and "--grades" in str(error)


def test_grades_file_must_cover_every_answer(tmp_path):
    error = inject(tmp_path, "--applicability-models", f"{SPEC},{SPEC}",
                   "--grades", str(SAMPLE / "grades-demo-hasty.jsonl"))  # fmt: skip
    assert isinstance(error, InputError) and "no grade for" in str(error)


@pytest.mark.parametrize("command", ["score", "criteria", "report"])
def test_commands_on_a_folder_without_pairs(tmp_path, command):
    extra = {"score": ["--benchmark", "sample", "--grader", SPEC],
             "criteria": ["--benchmark", "sample", "--model", SPEC],
             "report": ["--out", str(tmp_path / "r.html")]}[command]  # fmt: skip
    result = CliRunner().invoke(app, ["audit", command, str(tmp_path), *extra])
    assert isinstance(result.exception, InputError)
    assert "no pairs.jsonl" in str(result.exception)
