"""Release windows, the earliest-date rule across pools, and release diffs."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from medrubric.cli.main import main
from medrubric.data.jsonl import write_jsonl
from medrubric.data.models import Case
from medrubric.errors import InputError
from medrubric.release import build_release, diff_cases, merge_pools, select_window
from medrubric.snapshot import read_manifest, verify


def case(cid: str, date: str | None, **changes: Any) -> Case:
    data: dict[str, Any] = {
        "id": cid,
        "language": "en",
        "published_at": date,
        "query": f"What should I do about {cid}?",
        "rubric": [
            {"id": "c1", "text": "Advises seeing a doctor within a week", "weight": 5},
            {"id": "c2", "text": "Recommends paracetamol for the pain", "weight": 3},
        ],
    }
    return Case.model_validate({**data, **changes})


def pool(path: Path, *cases: Case) -> Path:
    write_jsonl(path, cases)
    return path


def test_earliest_date_wins_and_content_comes_from_the_last_pool() -> None:
    old = [case("a", "2025-03-01"), case("b", None)]
    new = [case("a", "2025-09-01", specialty="cardiology"), case("b", "2025-05-01")]
    merged = {c.id: c for c in merge_pools([old, new])}
    assert merged["a"].published_at == dt.date(2025, 3, 1)
    assert merged["a"].specialty == "cardiology"
    assert merged["b"].published_at == dt.date(2025, 5, 1)
    assert merge_pools([new, old])[0].published_at == dt.date(2025, 3, 1)  # order-free date


def test_window_includes_both_ends_and_counts_the_rest() -> None:
    cases = [case("a", "2025-01-01"), case("b", "2025-01-31"), case("c", "2025-02-01"),
             case("d", "2024-12-31"), case("e", None)]  # fmt: skip
    inside, outside, undated = select_window(cases, dt.date(2025, 1, 1), dt.date(2025, 1, 31))
    assert [c.id for c in inside] == ["a", "b"] and (outside, undated) == (2, 1)
    with pytest.raises(InputError, match="after"):
        select_window(cases, dt.date(2025, 2, 1), dt.date(2025, 1, 1))


def test_build_release_freezes_the_window_with_the_grader_profile(tmp_path: Path) -> None:
    p1 = pool(tmp_path / "pool1.jsonl", case("a", "2025-03-01"), case("x", "2024-06-01"))
    p2 = pool(tmp_path / "pool2.jsonl", case("a", "2025-12-01"), case("b", "2025-04-10"))
    result = build_release(
        [p1, p2], "v2025.05", dt.date(2025, 1, 1), dt.date(2025, 4, 30), tmp_path / "rel",
        grader_profile={"grader": "openai:gpt-4.1-2025-04-14"},
    )  # fmt: skip
    assert (result.n_pool, result.n_outside, result.n_undated) == (3, 1, 0)
    assert verify(tmp_path / "rel").ok
    manifest = read_manifest(tmp_path / "rel")
    assert manifest.n_cases == 2 and manifest.grader_profile == {
        "grader": "openai:gpt-4.1-2025-04-14"
    }
    assert manifest.extra["window"] == {"from": "2025-01-01", "to": "2025-04-30"}
    rows = [
        json.loads(line) for line in (tmp_path / "rel" / "cases.jsonl").read_text().splitlines()
    ]
    assert {r["id"]: r["published_at"] for r in rows} == {"a": "2025-03-01", "b": "2025-04-10"}


def test_empty_window_is_an_input_error(tmp_path: Path) -> None:
    p = pool(tmp_path / "pool.jsonl", case("a", "2025-03-01"))
    with pytest.raises(InputError, match="no case published"):
        build_release([p], "v2025.01", dt.date(2020, 1, 1), dt.date(2020, 12, 31), tmp_path / "r")


def test_diff_lists_added_removed_and_changed_cases_and_criteria() -> None:
    a = [case("same", "2025-01-01"), case("gone", "2025-01-01"), case("edit", "2025-01-01")]
    edited = case("edit", "2025-01-01", specialty="neurology")
    rubric = [
        {"id": "c1", "text": "Advises seeing a doctor within two days", "weight": 7},
        {"id": "c3", "text": "Asks about the duration of the pain", "weight": 2},
    ]
    edited = Case.model_validate({**edited.model_dump(), "rubric": rubric})
    b = [case("same", "2025-01-01"), edited, case("new", "2025-02-01")]
    diff = diff_cases(a, b)
    assert (diff.added, diff.removed, diff.unchanged) == (["new"], ["gone"], 1)
    [change] = diff.changed
    assert change.id == "edit" and change.fields == ["specialty", "rubric"]
    assert (change.criteria_added, change.criteria_removed) == (["c3"], ["c2"])
    [crit] = change.criteria_changed
    assert crit.id == "c1" and crit.fields == ["text", "weight"]
    assert crit.before["weight"] == 5 and crit.after["weight"] == 7
    assert diff_cases(a, a).identical


def test_release_cli_build_and_diff_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    p1 = pool(tmp_path / "pool1.jsonl", case("a", "2025-01-05"), case("b", "2025-02-05"))
    main(["release", str(p1), "--version", "v2025.01", "--from", "2025-01-01", "--to", "2025-01-31",
          "--out", str(tmp_path / "jan"), "--grader-profile", "livemedbench"])  # fmt: skip
    main(["release", str(p1), "--version", "v2025.02", "--from", "2025-01-01", "--to", "2025-02-28",
          "--out", str(tmp_path / "feb")])  # fmt: skip
    assert read_manifest(tmp_path / "jan").grader_profile["grader"] == "openai:gpt-4.1-2025-04-14"
    capsys.readouterr()
    main(["release", "diff", str(tmp_path / "jan"), str(tmp_path / "feb"), "--json"])
    diff = json.loads(capsys.readouterr().out)
    assert diff["added"] == ["b"] and diff["removed"] == [] and diff["changed"] == []
    main(["release", "diff", str(tmp_path / "jan"), str(tmp_path / "feb")])
    assert "1 added" in capsys.readouterr().out


@pytest.mark.parametrize("parquet", [True, False])
def test_run_release_freezes_and_writes_the_dataset_folder_when_it_can(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parquet: bool
) -> None:
    from medrubric.release import ReleaseOptions, ReleaseResult, run_release

    if parquet:
        pytest.importorskip("pyarrow")
    monkeypatch.setattr("medrubric.data.parquet.parquet_available", lambda: parquet)
    p = pool(tmp_path / "pool.jsonl", case("a", "2025-03-01"), case("x", "2024-06-01"))
    opts = ReleaseOptions(
        pools=[p], version="v2025.05", date_from=dt.date(2025, 1, 1),
        date_to=dt.date(2025, 4, 30), out=tmp_path / "rel", license="mit",
    )  # fmt: skip
    result = run_release(opts)
    assert isinstance(result, ReleaseResult) and result.manifest.n_cases == 1
    assert result.hub == tmp_path / "rel-hf" and result.hub_written is parquet
    assert verify(tmp_path / "rel").ok
    assert (tmp_path / "rel-hf").exists() is parquet
    if parquet:
        assert verify(tmp_path / "rel-hf").ok
        assert 'license: "mit"' in (tmp_path / "rel-hf" / "README.md").read_text("utf-8")
