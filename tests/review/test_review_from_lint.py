"""`medrubric review create --tasks criterion --from-lint LINT`: physicians review the
criteria `rubric lint` flagged, worst first; a lint that does not match the cases is an
input error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from medrubric.cli.main import app, main
from medrubric.review import db
from medrubric.rubric.lint import Finding

CASES = [
    {
        "id": "k1",
        "language": "en",
        "query": "I have a headache.",
        "rubric": [
            {"id": "c1", "text": "Explains how to take the tablets safely", "weight": 4},
            {"id": "c2", "text": "Recommends rest", "weight": 3},  # length: a note
        ],
    },
    {
        "id": "k2",
        "language": "en",
        "query": "I took too many pills.",
        "rubric": [
            {"id": "c1", "text": "Explains how to take the tablets safely", "weight": 4},
            {"id": "c2", "text": "Fails to warn about an overdose", "weight": 8},  # an error
        ],
    },
    {
        "id": "k3",
        "language": "en",
        "query": "My chest hurts badly.",
        "rubric": [
            {"id": "c1", "text": "Advises calling an ambulance now", "weight": 2},  # a warning
            {"id": "c2", "text": "Explains how to take the tablets safely", "weight": 4},
        ],
    },
]


@pytest.fixture
def linted(tmp_path: Path) -> tuple[Path, Path]:
    """The cases and their lint.jsonl from `rubric lint`, plus a model error and a
    rubric-level finding, neither of which flags a criterion."""
    cases = tmp_path / "cases.jsonl"
    cases.write_text("".join(json.dumps(c) + "\n" for c in CASES), "utf-8")
    out = tmp_path / "lint"
    result = CliRunner().invoke(app, ["rubric", "lint", str(cases), "--out", str(out)])
    assert result.exit_code == 1, result.output
    extra = [
        Finding(case_id="k1", criterion_id="c1", check="model_error", severity="warning",
                family="model", reason="the model could not judge it", evidence="timeout"),
        Finding(case_id="k3", criterion_id=None, check="one_axis", severity="note",
                family="text", reason="all on one axis", evidence="accuracy"),
    ]  # fmt: skip
    with (out / "lint.jsonl").open("a", encoding="utf-8") as fh:
        fh.writelines(f.model_dump_json() + "\n" for f in extra)
    return cases, out / "lint.jsonl"


def _create(project: Path, cases: Path, lint: Path, *extra: str) -> list[db.Item]:
    args = ["review", "create", str(project), "--from", str(cases), "--tasks", "criterion"]
    result = CliRunner().invoke(app, [*args, "--from-lint", str(lint), *extra])
    assert result.exit_code == 0, result.output
    with db.connect(project) as conn:
        assert db.config(conn).from_lint == str(lint)
        return db.all_items(conn)


def test_flagged_criteria_only_worst_first(tmp_path: Path, linted: tuple[Path, Path]) -> None:
    cases, lint = linted
    items = _create(tmp_path / "study", cases, lint)
    assert [i.key for i in items] == ["criterion/k2/c2", "criterion/k3/c1", "criterion/k1/c2"]
    assert items[0].payload["criterion"]["text"] == "Fails to warn about an overdose"
    assert items[0].payload["query"] == "I took too many pills."


def test_sample_keeps_the_worst_cases(tmp_path: Path, linted: tuple[Path, Path]) -> None:
    cases, lint = linted
    items = _create(tmp_path / "study", cases, lint, "--sample", "2", "--seed", "9")
    assert [i.key for i in items] == ["criterion/k2/c2", "criterion/k3/c1"]


def test_case_items_are_unchanged_beside_the_flagged_criteria(
    tmp_path: Path, linted: tuple[Path, Path]
) -> None:
    cases, lint = linted
    args = ["review", "create", str(tmp_path / "s"), "--from", str(cases)]
    result = CliRunner().invoke(app, [*args, "--tasks", "case,criterion", "--from-lint", str(lint)])
    assert result.exit_code == 0, result.output
    with db.connect(tmp_path / "s") as conn:
        items = db.all_items(conn)
    assert sorted(i.case_id for i in items if i.task == "case") == ["k1", "k2", "k3"]
    assert len([i for i in items if i.task == "criterion"]) == 3


def _fails(capsys: pytest.CaptureFixture[str], project: Path, *args: str) -> str:
    with pytest.raises(SystemExit) as stop:
        main(["review", "create", str(project), *args])
    assert stop.value.code == 2
    assert not project.exists(), "no half-made project"
    return capsys.readouterr().err.strip()


def test_a_lint_of_other_cases_is_an_input_error(
    tmp_path: Path, linted: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    cases, lint = linted
    project = tmp_path / "study"
    base = ("--from", str(cases), "--tasks", "criterion", "--from-lint")
    rows = lint.read_text("utf-8").splitlines()

    unknown = tmp_path / "unknown.jsonl"
    unknown.write_text(rows[0] + "\n" + rows[1].replace('"k2"', '"k9"') + "\n", "utf-8")
    assert _fails(capsys, project, *base, str(unknown)) == (
        f"error: {unknown}:2: --from-lint: criterion k9/c2 is not in the --from cases"
    )

    edited = tmp_path / "edited.jsonl"
    edited.write_text(rows[1].replace("Fails to warn", "Forgets to warn") + "\n", "utf-8")
    assert "reads differently in the --from cases" in _fails(capsys, project, *base, str(edited))

    nothing = tmp_path / "nothing.jsonl"
    nothing.write_text("\n".join(rows[-2:]) + "\n", "utf-8")  # a model error, a rubric finding
    assert _fails(capsys, project, *base, str(nothing)).endswith(
        "--from-lint: no finding names a criterion to review"
    )

    bad = tmp_path / "bad.jsonl"
    bad.write_text(rows[0].replace('"note"', '"fatal"') + "\n", "utf-8")
    assert _fails(capsys, project, *base, str(bad)).startswith(f"error: {bad}:1: severity")

    no_criterion_task = ("--from", str(cases), "--tasks", "case", "--from-lint", str(lint))
    assert "add criterion to --tasks" in _fails(capsys, project, *no_criterion_task)
