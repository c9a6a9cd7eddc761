"""`medrubric release` lints the rubrics it freezes: an error-severity finding stops the
release unless --allow-findings, which the manifest records."""

from __future__ import annotations

from pathlib import Path

import pytest

from medrubric.cli.main import main
from medrubric.data.jsonl import write_jsonl
from medrubric.data.models import Case
from medrubric.snapshot import read_manifest

WINDOW = ["--version", "v2025.01", "--from", "2025-01-01", "--to", "2025-01-31"]


def _pool(path: Path) -> Path:
    flipped = Case.model_validate(
        {
            "id": "flip",
            "language": "en",
            "published_at": "2025-01-10",
            "query": "My baby has a fever, what do I do?",
            "rubric": [
                {"id": "c1", "text": "Urges the parents to seek emergency care now", "weight": -9},
                {"id": "c2", "text": "Explains that fever under 3 months is serious", "weight": 6},
            ],
        }
    )
    write_jsonl(path, [flipped])
    return path


def test_an_error_finding_stops_the_release(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pool, out = _pool(tmp_path / "pool.jsonl"), tmp_path / "rel"
    with pytest.raises(SystemExit) as stop:
        main(["release", str(pool), *WINDOW, "--out", str(out)])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "flip c1 flipped_sign" in err and "--allow-findings" in err
    assert not out.exists()


def test_allow_findings_records_the_decision_in_the_manifest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from medrubric.rubric import similarity

    # without the retrieve extra: word overlap only, said once, and recorded
    monkeypatch.setattr("medrubric.release.build.sentence_encoder", lambda: None)
    pool, out = _pool(tmp_path / "pool.jsonl"), tmp_path / "rel"
    main(["release", str(pool), *WINDOW, "--out", str(out), "--allow-findings"])
    assert capsys.readouterr().out.count(similarity.FALLBACK_NOTE) == 1
    lint = read_manifest(out).extra["rubric_lint"]
    assert lint["counts"]["error"] == 1 and lint["families"] == ["text"]
    assert lint["duplicates"] == "words" and lint["signs"] == "cues"
    assert lint["allowed_errors"] == [
        {"case_id": "flip", "criterion_id": "c1", "check": "flipped_sign"}
    ]


def test_the_sample_releases_with_its_lint_recorded(tmp_path: Path) -> None:
    out = tmp_path / "rel"
    window = ["--version", "v2026.11", "--from", "2020-01-01", "--to", "2030-12-31"]
    main(["release", "sample", *window, "--out", str(out), "--hub-out", str(tmp_path / "hf")])
    lint = read_manifest(out).extra["rubric_lint"]
    assert lint["counts"]["error"] == 0 and lint["allowed_errors"] == []
    # "words+use+pair-model@2" with the retrieve extra
    assert lint["duplicates"] in ("words", "words+use+pair-model@2")
    assert lint["signs"] in ("cues", "cues+sign-model@1")  # the sign model: the same extra
