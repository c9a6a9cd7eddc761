"""Freezing is canonical and reproducible; verify catches every changed, lost or added byte."""

import datetime as dt
import hashlib
import json
import shutil
import subprocess

import pytest

from medrubric.data.jsonl import load_models
from medrubric.data.models import SCHEMA_VERSION, Case
from medrubric.errors import InputError
from medrubric.snapshot import check_version, freeze, snapshot_hash, verify

QUERIES = {"zh": "头痛三天，需要去医院吗？", "en": "Is this headache serious?"}
WHEN = dt.datetime(2026, 1, 31, 12, 0, tzinfo=dt.UTC)


def make_case(case_id, language="en", theme="context_seeking", specialty="neurology", day=None):
    return Case.model_validate(
        {
            "id": case_id,
            "language": language,
            "theme": theme,
            "specialty": specialty,
            "published_at": day,
            "query": QUERIES[language],
            "provenance": {"z": 1, "a": {"y": 2, "b": 3}},
            "rubric": [
                {"id": "c1", "text": "Asks about red flags", "axis": "context_awareness",
                 "weight": 6},
                {"id": "c2", "text": "Says it is certainly benign", "axis": "safety",
                 "weight": -9},
                {"id": "c3", "text": "Explains when to seek care", "axis": "accuracy",
                 "weight": 5},
            ],
        }
    )  # fmt: skip


@pytest.fixture
def cases():
    return [
        make_case("b-2", "zh", "response_depth", "neurology", "2024-05-02"),
        make_case("a-1", "en", "context_seeking", "cardiology", "2023-03-01"),
        make_case("c-3", "en", "context_seeking", "neurology", None),
    ]


@pytest.fixture
def snap(tmp_path, cases):
    out = tmp_path / "v2026.01"
    freeze(cases, "v2026.01", out, grader_profile={"model": "gpt-4.1"}, created_at=WHEN)
    return out


def test_freeze_writes_layout_and_manifest(snap, cases):
    assert sorted(p.name for p in snap.iterdir()) == ["README.md", "cases.jsonl", "manifest.json"]
    m = json.loads((snap / "manifest.json").read_text(encoding="utf-8"))
    assert m["version"] == "v2026.01"
    assert m["schema_version"] == SCHEMA_VERSION
    assert (m["n_cases"], m["n_criteria"]) == (3, 9)
    assert m["counts"] == {
        "language": {"en": 2, "zh": 1},
        "theme": {"context_seeking": 2, "response_depth": 1},
        "specialty": {"cardiology": 1, "neurology": 2},
        "axis": {"accuracy": 3, "context_awareness": 3, "safety": 3},
    }
    assert m["published_at"] == {"first": "2023-03-01", "last": "2024-05-02", "n_undated": 1}
    assert m["grader_profile"] == {"model": "gpt-4.1"}
    assert m["created_at"].startswith("2026-01-31T12:00:00")
    readme = (snap / "README.md").read_text(encoding="utf-8")
    assert "3 cases with 9 rubric criteria" in readme and "Context-Seeking 2" in readme


def test_hashes_match_sha256sum_and_snapshot_hash(snap):
    m = json.loads((snap / "manifest.json").read_text(encoding="utf-8"))
    sums = subprocess.run(
        ["sha256sum", "cases.jsonl", "README.md"], cwd=snap, capture_output=True, text=True,
        check=True,
    ).stdout  # fmt: skip
    assert {line.split()[1]: line.split()[0] for line in sums.splitlines()} == m["files"]
    body = {k: v for k, v in m.items() if k != "snapshot_hash"}
    body_hash = hashlib.sha256(json.dumps(body, indent=2, ensure_ascii=False).encode()).hexdigest()
    entries = {**m["files"], "manifest.json": body_hash}
    listing = "".join(f"{entries[k]}  {k}\n" for k in sorted(entries))
    assert m["snapshot_hash"] == hashlib.sha256(listing.encode()).hexdigest()
    assert snapshot_hash(snap) == m["snapshot_hash"]
    report = verify(snap)
    assert report.ok and report.n_files == 3 and report.snapshot_hash == m["snapshot_hash"]


def test_cases_file_is_canonical_and_round_trips(snap, cases):
    raw = (snap / "cases.jsonl").read_bytes()
    assert b"\r" not in raw and raw.endswith(b"\n")
    assert "头痛三天".encode() in raw  # UTF-8, not \u escapes
    rows = [json.loads(line) for line in raw.decode("utf-8").splitlines()]
    assert [r["id"] for r in rows] == ["a-1", "b-2", "c-3"]
    assert list(rows[0]) == sorted(rows[0]) and list(rows[0]["provenance"]["a"]) == ["b", "y"]
    assert load_models(snap / "cases.jsonl", Case) == sorted(cases, key=lambda c: c.id)


def test_refreeze_is_byte_identical(tmp_path, snap, cases):
    again = tmp_path / "again"
    freeze(list(reversed(cases)), "v2026.01", again, grader_profile={"model": "gpt-4.1"},
           created_at=WHEN)  # fmt: skip
    for name in ("cases.jsonl", "README.md", "manifest.json"):
        assert (again / name).read_bytes() == (snap / name).read_bytes()
    later = freeze(cases, "v2026.01", tmp_path / "later")  # new time: same data files
    assert (tmp_path / "later" / "cases.jsonl").read_bytes() == (snap / "cases.jsonl").read_bytes()
    assert later.snapshot_hash != snapshot_hash(snap)


@pytest.mark.parametrize("name", ["cases.jsonl", "README.md", "manifest.json"])
def test_one_changed_byte_is_caught(snap, name):
    path = snap / name
    data = bytearray(path.read_bytes())
    at = data.index(b"2026") if name == "manifest.json" else len(data) // 2
    data[at] ^= 0x01
    path.write_bytes(bytes(data))
    report = verify(snap)
    assert not report.ok
    assert [(p.file, p.problem) for p in report.problems] == [(name, "changed")]


def test_reformatted_manifest_is_caught(snap):
    path = snap / "manifest.json"
    path.write_text(json.dumps(json.loads(path.read_text(encoding="utf-8"))), encoding="utf-8")
    assert [(p.file, p.problem) for p in verify(snap).problems] == [("manifest.json", "changed")]


def test_deleted_and_added_files_are_named(snap):
    (snap / "README.md").unlink()
    (snap / "notes.txt").write_text("extra")
    (snap / "sub").mkdir()
    (snap / "sub" / ".hidden").write_text("x")
    problems = [(p.file, p.problem) for p in verify(snap).problems]
    assert problems == [("README.md", "missing"), ("notes.txt", "added"), ("sub/.hidden", "added")]


def test_missing_or_broken_manifest(snap):
    (snap / "manifest.json").write_text("{not json")
    report = verify(snap)
    assert [(p.file, p.problem) for p in report.problems] == [("manifest.json", "invalid")]
    (snap / "manifest.json").unlink()
    report = verify(snap)
    assert [(p.file, p.problem) for p in report.problems] == [("manifest.json", "missing")]
    with pytest.raises(InputError, match="not a snapshot folder"):
        snapshot_hash(snap)


def test_expected_hash_is_checked(snap):
    good = snapshot_hash(snap)
    assert verify(snap, expected_hash=good).ok
    assert not verify(snap, expected_hash="0" * 64).ok


@pytest.mark.parametrize(
    "version", ["2026.01", "v2026.1", "v2026.13", "v2026.00", "v2026.02.30", "v26.01", "v2026.01 "]
)
def test_bad_version_strings(tmp_path, cases, version):
    with pytest.raises(ValueError):
        check_version(version)
    with pytest.raises(InputError, match="version"):
        freeze(cases, version, tmp_path / "x")
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("version", ["v2026.01", "v2026.12.31", "v2024.02.29"])
def test_good_version_strings(version):
    assert check_version(version) == version


def test_refuses_overwrite_duplicates_and_secrets(tmp_path, snap, cases):
    with pytest.raises(InputError, match="never overwritten"):
        freeze(cases, "v2026.01", snap)
    with pytest.raises(InputError, match="more than once"):
        freeze([*cases, cases[0]], "v2026.01", tmp_path / "dup")
    with pytest.raises(InputError, match="credential"):
        freeze(cases, "v2026.01", tmp_path / "s", grader_profile={"auth": {"api_key": "sk-1"}})
    allowed = {"model": "m", "params": {"max_tokens": 512, "token_budget": 9}}
    assert freeze(cases, "v2026.01", tmp_path / "ok", grader_profile=allowed).grader_profile
    with pytest.raises(InputError, match="no cases"):
        freeze([], "v2026.01", tmp_path / "empty")
    assert not any(p.name.startswith(".") for p in tmp_path.iterdir())


def test_copied_snapshot_keeps_its_hash(tmp_path, snap):
    copy = tmp_path / "copy"
    shutil.copytree(snap, copy)
    assert snapshot_hash(copy) == snapshot_hash(snap) and verify(copy).ok


def test_manifest_cannot_point_outside_the_folder(snap):
    path = snap / "manifest.json"
    m = json.loads(path.read_text(encoding="utf-8"))
    m["files"]["../outside.txt"] = "0" * 64
    path.write_text(json.dumps(m, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    problems = verify(snap).problems
    assert [(p.file, p.problem) for p in problems] == [("manifest.json", "invalid")]
    assert "outside.txt" in problems[0].detail


def test_run_freeze_loads_the_cases_and_the_pinned_grader_it_is_given(tmp_path, snap, cases):
    from medrubric.data.jsonl import write_jsonl
    from medrubric.snapshot import FreezeOptions, FreezeResult, run_freeze

    source, profile = tmp_path / "pool.jsonl", tmp_path / "grader.json"
    write_jsonl(source, list(reversed(cases)))
    profile.write_text('{"model": "gpt-4.1"}', encoding="utf-8")
    out = tmp_path / "again"
    options = FreezeOptions(
        cases=source, version="v2026.01", out=out, grader_profile=profile, created_at=WHEN
    )
    result = run_freeze(options)
    assert isinstance(result, FreezeResult) and result.out == out
    assert result.manifest.grader_profile == {"model": "gpt-4.1"}
    assert result.manifest.snapshot_hash == snapshot_hash(snap)  # the same bytes as `freeze`
    profile.write_text("[1]", encoding="utf-8")
    with pytest.raises(InputError, match="grader.json"):
        run_freeze(options.model_copy(update={"out": tmp_path / "bad"}))
    assert not (tmp_path / "bad").exists()
