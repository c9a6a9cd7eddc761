"""`medrubric review create|add-reviewer|agreement|export|import` and their input errors."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from medrubric.cli import review as review_cli
from medrubric.cli.main import main
from medrubric.data.formats import load_cases
from medrubric.review import db
from medrubric.review.models import Answer
from medrubric.snapshot import freeze


@pytest.fixture
def app() -> typer.Typer:
    app = typer.Typer()
    app.callback()(lambda: None)
    review_cli.register(app)
    return app


def invoke(app: typer.Typer, *args: str, env: dict[str, str] | None = None) -> str:
    result = CliRunner().invoke(app, ["review", *args], env=env)
    assert result.exit_code == 0, result.output
    return result.output


def fails(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    with pytest.raises(SystemExit) as exc:
        main(["review", *args])
    assert exc.value.code == 2
    return capsys.readouterr().err.strip()


def test_create_from_a_snapshot_samples_whole_cases_with_a_seed(app, tmp_path: Path) -> None:
    snapshot = tmp_path / "snap"
    freeze(load_cases("sample"), "v2026.01", snapshot)
    first, second, other = (tmp_path / n for n in ("a", "b", "c"))
    for project, seed in ((first, "5"), (second, "5"), (other, "6")):
        invoke(
            app,
            *("create", str(project), "--from", str(snapshot), "--tasks", "case,criterion"),
            *("--sample", "4", "--seed", seed),
        )
    keys = {}
    for project in (first, second, other):
        with db.connect(project) as conn:
            items = db.all_items(conn)
            config = db.config(conn)
        keys[project] = [i.key for i in items]
        assert {i.task for i in items} == {"case", "criterion"}
        assert len({i.case_id for i in items if i.task == "case"}) == 4
        assert config.reviewers_per_item == 2 and config.tasks == ["case", "criterion"]
    cases = {c.id: c for c in load_cases(snapshot)}
    criteria = [k for k in keys[first] if k.startswith("criterion/")]
    sampled = {k.split("/")[1] for k in criteria}
    assert len(criteria) == sum(len(cases[c].rubric) for c in sampled)
    assert keys[first] == keys[second] != keys[other]


def test_accounts_agreement_export_and_idempotent_import(
    app, tmp_path: Path, run_dir: Path, pairs_file: Path
) -> None:
    project, copy = tmp_path / "study", tmp_path / "archive"
    for folder in (project, copy):
        invoke(
            app,
            *("create", str(folder), "--from", str(run_dir), "--tasks", "verdict,injected"),
            *("--sample", "3", "--pairs", str(pairs_file)),
        )
    env = {"REVIEW_PW": "a long password"}
    for name in ("ana", "ben"):
        out = invoke(
            app, "add-reviewer", str(project), name, "--password-env", "REVIEW_PW", env=env
        )
        assert out.strip() == f"added reviewer {name}"
    invoke(
        app, "add-reviewer", str(project), "own", "--owner", "--password-env", "REVIEW_PW", env=env
    )
    with db.connect(project) as conn:
        stored = db.reviewer_by_name(conn, "ana")
        assert stored is not None and stored.password_hash.startswith("$argon2")  # type: ignore[union-attr]
        unsure_given = False
        for who in db.reviewers(conn):
            for entry in db.queue(conn, who.id):
                field = "met" if entry.task == "verdict" else "changes_management"
                answer: Answer = "yes" if (entry.id + who.id) % 3 else "no"
                if entry.task == "injected" and not unsure_given:
                    answer, unsure_given = "unsure", True
                db.save_label(conn, entry.id, who.id, {field: answer}, "中文 note")
        n_labels = len(db.all_labels(conn))
        owner = db.reviewer_by_name(conn, "own")
        assert owner is not None and db.queue(conn, owner.id) == []

    report = json.loads(invoke(app, "agreement", str(project), "--json"))
    assert {f["facet"] for f in report["facets"]} == {"verdict", "injected"}
    assert report["injected"]["n_labels"] == 5 and report["fidelity"]["n_answers"] == 3
    assert report["injected"]["n_unsure"] == 1
    injected = next(f for f in report["facets"] if f["facet"] == "injected")
    assert injected["n_unsure"] == 1 and injected["n_labels"] == 5
    printed = " ".join(invoke(app, "agreement", str(project)).split())  # rich wraps lines
    assert "Inter-rater agreement" in printed and "1 can't judge left out" in printed

    archive = tmp_path / "labels.jsonl"
    invoke(app, "export", str(project), "--out", str(archive))
    assert len(archive.read_text(encoding="utf-8").splitlines()) == n_labels
    assert (
        invoke(app, "import", str(copy), str(archive)).strip()
        == f"imported {n_labels} new or changed labels"
    )
    assert (
        invoke(app, "import", str(copy), str(archive)).strip() == "imported 0 new or changed labels"
    )
    again = tmp_path / "again.jsonl"
    invoke(app, "export", str(copy), "--out", str(again))
    assert again.read_text(encoding="utf-8") == archive.read_text(encoding="utf-8")
    assert json.loads(invoke(app, "agreement", str(copy), "--json")) == report

    flat, meta = tmp_path / "labels.csv", tmp_path / "meta.csv"
    invoke(app, "export", str(project), "--out", str(flat), "--format", "csv")
    invoke(app, "export", str(project), "--out", str(meta), "--format", "meta-eval")
    rows = list(csv.DictReader(io.StringIO(flat.read_text(encoding="utf-8"))))
    assert len(rows) == n_labels and rows[0]["comment"] == "中文 note"
    meta_rows = list(csv.DictReader(io.StringIO(meta.read_text(encoding="utf-8"))))
    assert list(meta_rows[0]) == ["case_id", "criterion_id", "rater", "met", "model"]
    assert len(meta_rows) == sum(1 for r in rows if r["task"] == "verdict")
    assert {r["met"] for r in meta_rows} <= {"true", "false"}


def test_input_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, run_dir: Path
) -> None:
    project = tmp_path / "p"
    assert "'bogus' is not one of" in fails(
        capsys, "create", str(project), "--from", "sample", "--tasks", "bogus"
    )
    assert "needs a run directory" in fails(
        capsys, "create", str(project), "--from", "sample", "--tasks", "verdict"
    )
    assert "needs audit pairs" in fails(
        capsys, "create", str(project), "--from", str(run_dir), "--tasks", "injected"
    )
    assert "not a review project" in fails(capsys, "agreement", str(project))
    main(["review", "create", str(project), "--from", "sample", "--tasks", "case", "--sample", "1"])
    assert "already a review project" in fails(capsys, "create", str(project), "--from", "sample")
    assert "is not set" in fails(
        capsys, "add-reviewer", str(project), "x", "--password-env", "NOPE_UNSET_VAR"
    )
    bad = tmp_path / "bad.jsonl"
    bad.write_text(
        '{"item_key": "case/nope", "task": "case", "case_id": "nope", "reviewer": "x", '
        '"answers": {"narrative_faithful": "yes"}, "labelled_at": "2026-01-01T00:00:00Z"}\n'
    )
    assert fails(capsys, "import", str(project), str(bad)).endswith(
        "bad.jsonl:1: item_key: 'case/nope' is not an item of this project"
    )
    bad.write_text('{"item_key": "case/x", "task": "case", "answers": {"a": "maybe"}}\n')
    assert "bad.jsonl:1:" in fails(capsys, "import", str(project), str(bad))


def _label_line(item_key: str, task: str, case_id: str, answers: dict[str, str]) -> str:
    return json.dumps(
        {
            "item_key": item_key,
            "task": task,
            "case_id": case_id,
            "reviewer": "imported",
            "answers": answers,
            "labelled_at": "2026-01-01T00:00:00Z",
        }
    )


def test_import_refuses_partial_or_foreign_answers_and_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, run_dir: Path, pairs_file: Path
) -> None:
    project = tmp_path / "p"
    main(
        ["review", "create", str(project), "--from", str(run_dir), "--tasks", "case,verdict"]
        + ["--sample", "1", "--seed", "2"]
    )
    with db.connect(project) as conn:
        items = db.all_items(conn)
    case = next(i for i in items if i.task == "case")
    verdict = next(i for i in items if i.task == "verdict")
    n_questions = 3 + len(case.payload["advice"])
    good = _label_line(verdict.key, "verdict", verdict.case_id, {"met": "no"})
    bad = tmp_path / "labels.jsonl"

    bad.write_text(
        good + "\n" + _label_line(case.key, "case", case.case_id, {"narrative_faithful": "yes"})
    )
    err = fails(capsys, "import", str(project), str(bad))
    assert err.startswith(
        f"error: {bad}:2: answers: 1 of {n_questions} questions answered; missing "
    )
    assert "narrative_sufficient" in err and "\n" not in err

    bad.write_text(_label_line(verdict.key, "verdict", verdict.case_id, {"correct": "yes"}))
    assert fails(capsys, "import", str(project), str(bad)) == (
        f"error: {bad}:1: answers: correct is not a question of this item (it asks met)"
    )
    bad.write_text(_label_line(verdict.key, "verdict", "another-case", {"met": "yes"}))
    assert f"{bad}:1: case_id: 'another-case'" in fails(capsys, "import", str(project), str(bad))
    with db.connect(project) as conn:
        assert db.all_labels(conn) == []  # the good first line was not written either

    bad.write_text(good + "\n")
    main(["review", "import", str(project), str(bad)])
    with db.connect(project) as conn:
        assert [lab.answers for lab in db.all_labels(conn)] == [{"met": "no"}]


def test_add_reviewer_without_a_terminal_names_password_env(tmp_path: Path) -> None:
    """No terminal to type a password in (a script, CI): one line naming --password-env,
    exit 2, no getpass warning, no account."""
    import subprocess
    import sys

    project = tmp_path / "study"
    main(["review", "create", str(project), "--from", "sample", "--tasks", "case", "--sample", "1"])
    result = subprocess.run(
        [sys.executable, "-m", "medrubric.cli.main", "review", "add-reviewer", str(project), "x"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        start_new_session=True,  # no controlling terminal, as under cron or CI
    )
    assert result.returncode == 2, result
    assert result.stderr.count("\n") == 1 and "--password-env" in result.stderr, result.stderr
    assert "Warning" not in result.stderr and "Aborted" not in result.stderr + result.stdout
    with db.connect(project) as conn:
        assert db.reviewers(conn) == []
