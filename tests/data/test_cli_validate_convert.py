"""`medrubric validate` and `medrubric convert`: exit codes and the lines users read."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from medrubric.cli.main import main
from medrubric.data.formats import import_cases

FIXTURES = Path(__file__).parent / "fixtures"
MEDRUBRIC = Path(sys.executable).parent / "medrubric"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(MEDRUBRIC), *args], capture_output=True, text=True, timeout=120, check=False
    )


def _bad_file(tmp_path: Path) -> Path:
    rows = [
        json.loads(line)
        for line in (FIXTURES / "healthbench.jsonl").read_text("utf-8").splitlines()
    ]
    rows[2]["rubrics"][0]["points"] = 11
    path = tmp_path / "cases.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), "utf-8")
    return path


def test_validate_in_a_subprocess(tmp_path: Path) -> None:
    good = _run("validate", str(FIXTURES / "livemedbench.json"))
    assert good.returncode == 0, good.stderr
    assert good.stdout.splitlines()[0] == (
        f"{FIXTURES / 'livemedbench.json'}: 3 cases (livemedbench), 9 criteria, "
        "2 languages (en, zh)"
    )
    bad_path = _bad_file(tmp_path)
    bad = _run("validate", str(bad_path))
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr == f"error: {bad_path}:3: rubrics[0].points: 11 is outside [-10, 10]\n"


def test_convert_in_a_subprocess(tmp_path: Path) -> None:
    out = tmp_path / "hb.jsonl"
    done = _run("convert", str(FIXTURES / "livemedbench.json"), str(out), "--to", "healthbench")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == f"{out}: wrote 3 cases (healthbench) from livemedbench"
    assert "note: healthbench has no place for: published_at (2 cases)" in done.stdout
    result = import_cases(out)
    assert (result.format, len(result.cases)) == ("healthbench", 3)
    refused = _run("convert", str(FIXTURES / "healthbench.jsonl"), str(out), "--to", "xml")
    assert refused.returncode == 2
    assert refused.stderr.startswith("error: unknown format 'xml' (known: healthbench,")
    assert "Traceback" not in refused.stderr


def _main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(list(argv))
        raise SystemExit(0)
    out, err = capsys.readouterr()
    return int(info.value.code or 0), out, err


@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("healthbench.jsonl", "3 cases (healthbench), 9 criteria, 1 language (en)"),
        ("clinconsensus.jsonl", "2 cases (clinconsensus), 34 criteria, 1 language (zh)"),
        ("rubrichub.jsonl", "2 cases (rubrichub), 5 criteria, 2 languages (en, zh)"),
        ("medrubric.jsonl", "2 cases (medrubric), 4 criteria, 2 languages (en, zh)"),
        (
            "healthbench_meta.jsonl",
            "4 rows (healthbench_meta), 2 prompts, 3 completions, 9 labels from 3 physicians",
        ),
    ],
)
def test_validate_counts(name: str, line: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _main(capsys, "validate", str(FIXTURES / name))
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == f"{FIXTURES / name}: {line}"


def test_validate_prints_import_notes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _main(capsys, "validate", str(FIXTURES / "healthbench.jsonl"))
    assert code == 0
    assert (
        "note: criterion axis 'axis:instruction_following' has no equivalent: "
        "axis unknown, tag kept"
    ) in out.splitlines()


def test_validate_with_a_forced_format(capsys: pytest.CaptureFixture[str]) -> None:
    path = FIXTURES / "rubrichub.jsonl"
    code, _, err = _main(capsys, "validate", str(path), "--format", "clinconsensus")
    assert code == 2
    assert err == f"error: {path}:1: case_id: required field is missing (and 5 more problems)\n"


def test_validate_a_snapshot_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(FIXTURES / "medrubric.jsonl", tmp_path / "cases.jsonl")
    code, out, _ = _main(capsys, "validate", str(tmp_path))
    assert code == 0
    assert out.startswith(f"{tmp_path / 'cases.jsonl'}: 2 cases (medrubric)")


def test_convert_to_livemedbench_json_and_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    snapshot = tmp_path / "LiveMedBench_v202601.json"
    code, _, err = _main(
        capsys, "convert", str(FIXTURES / "medrubric.jsonl"), str(snapshot), "--to", "livemedbench"
    )
    assert (code, err) == (0, "")
    assert isinstance(json.loads(snapshot.read_text("utf-8")), list)
    back = tmp_path / "cases.jsonl"
    code, out, _ = _main(capsys, "convert", str(snapshot), str(back), "-t", "medrubric")
    assert code == 0 and out.startswith(f"{back}: wrote 2 cases (medrubric) from livemedbench")
    original = import_cases(FIXTURES / "medrubric.jsonl").cases
    returned = import_cases(back).cases
    assert [(c.id, c.narrative, c.query, c.advice, c.theme) for c in returned] == [
        (c.id, c.narrative, c.query, c.advice, c.theme) for c in original
    ]


def test_meta_eval_cannot_be_a_target(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = _main(
        capsys,
        "convert",
        str(FIXTURES / "healthbench.jsonl"),
        str(tmp_path / "x.jsonl"),
        "--to",
        "healthbench_meta",
    )
    assert code == 2
    assert err.startswith("error: healthbench_meta rows are physician labels of completions")
    assert not (tmp_path / "x.jsonl").exists()


def test_convert_refuses_a_parquet_name(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """convert writes JSON lines: a .parquet name would hold text no Parquet reader (nor
    `validate`) can read, so it is refused before anything is written."""
    dst = tmp_path / "cases.parquet"
    code, _, err = _main(capsys, "convert", "sample", str(dst), "--to", "healthbench")
    assert code == 2
    assert err.startswith(f"error: {dst}: cases are written as JSON lines")
    assert len(err.splitlines()) == 1
    assert not dst.exists()
