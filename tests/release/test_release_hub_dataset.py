"""A release as a Hugging Face dataset folder: `datasets` loads it (cases, criteria, card
metadata), medrubric reads it back (validate, verify, eval) and catches a changed case."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from medrubric.cli.main import main
from medrubric.data.formats import load_cases
from medrubric.snapshot import read_manifest, snapshot_hash, verify
from medrubric.snapshot.hub import size_category
from medrubric.snapshot.manifest import CASES_SHARD
from medrubric.testing.replay import rubric_replay_handler
from medrubric.testing.replay_server import ReplayServer

datasets = pytest.importorskip("datasets")
huggingface_hub = pytest.importorskip("huggingface_hub")


def _hf_offline_in(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_HOME", str(folder / "hf-home"))
    monkeypatch.setenv("HF_DATASETS_CACHE", str(folder / "hf-cache"))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")


@pytest.fixture(autouse=True)
def _offline_hf(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _hf_offline_in(tmp_path, monkeypatch)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One release of the whole sample for the module (its lint gate reads every criterion
    with two sentence encoders); each test gets a copy of its own."""
    folder = tmp_path_factory.mktemp("built")
    with pytest.MonkeyPatch.context() as monkeypatch:
        _hf_offline_in(folder, monkeypatch)
        main(["release", "sample", "--version", "v2026.11", "--from", "2020-01-01", "--to",
              "2026-11-30", "--out", str(folder / "v2026.11"), "--grader-profile",
              "livemedbench", "--license", "cc-by-4.0"])  # fmt: skip
    return folder


@pytest.fixture
def release(built: Path, tmp_path: Path) -> tuple[Path, Path]:
    for name in ("v2026.11", "v2026.11-hf"):
        shutil.copytree(built / name, tmp_path / name)
    return tmp_path / "v2026.11", tmp_path / "v2026.11-hf"


def test_datasets_loads_the_release_and_gives_back_the_same_cases(release, tmp_path) -> None:
    snapshot, hub = release
    manifest = read_manifest(snapshot)
    cases = load_cases(snapshot)
    # a cache of this test's own: `datasets` keys a local folder's cache by its name and its
    # files' names and times, so another release of that name would be read back instead
    fresh = str(tmp_path / "hf-cache")
    loaded = datasets.load_dataset("parquet", data_dir=str(hub), cache_dir=fresh)
    assert list(loaded) == ["test"] and loaded["test"].num_rows == manifest.n_cases
    assert loaded["test"]["id"] == sorted(c.id for c in cases)
    first = loaded["test"][0]
    assert isinstance(first["rubric"], list) and {"id", "text", "axis", "weight"} <= set(
        first["rubric"][0]
    )
    criteria = datasets.load_dataset(str(hub), "criteria", split="test", cache_dir=fresh)
    assert criteria.num_rows == manifest.n_criteria == sum(len(c.rubric) for c in cases)
    assert (
        datasets.load_dataset(str(hub), split="test", cache_dir=fresh).num_rows == manifest.n_cases
    )

    # what `datasets` writes back is still readable as the same cases
    loaded["test"].to_parquet(str(tmp_path / "rewritten.parquet"))
    assert load_cases(tmp_path / "rewritten.parquet") == sorted(cases, key=lambda c: c.id)


def test_the_card_carries_hub_metadata_the_hash_and_the_cutoff_caveat(release) -> None:
    snapshot, hub = release
    manifest = read_manifest(snapshot)
    card = huggingface_hub.DatasetCard.load(hub / "README.md")
    meta = card.data.to_dict()
    assert meta["license"] == "cc-by-4.0" and meta["language"] == ["en", "zh"]
    assert meta["size_categories"] == ["n<1K"] and "question-answering" in meta["task_categories"]
    assert [c["config_name"] for c in meta["configs"]] == ["cases", "criteria"]
    ours = meta["medrubric"]
    assert ours["snapshot_sha256"] == manifest.snapshot_hash
    assert ours["cases_sha256"] == manifest.files["cases.jsonl"]
    assert ours["freeze_date"] == manifest.created_at.date().isoformat()
    assert "## Knowledge-cutoff caveat" in card.text and "after its knowledge cutoff" in card.text
    assert manifest.grader_profile and manifest.grader_profile["grader"] in card.text
    assert (hub / "manifest.json").read_bytes() == (snapshot / "manifest.json").read_bytes()


@pytest.mark.parametrize(("n", "label"), [(0, "n<1K"), (999, "n<1K"), (1000, "1K<n<10K")])
def test_size_categories_follow_the_hub_buckets(n: int, label: str) -> None:
    assert size_category(n) == label


def test_validate_verify_and_eval_read_the_folder_back(release, tmp_path, capsys) -> None:
    snapshot, hub = release
    manifest = read_manifest(snapshot)
    capsys.readouterr()
    main(["validate", str(hub)])
    assert f"{manifest.n_cases} cases (medrubric)" in capsys.readouterr().out
    assert verify(hub).ok and snapshot_hash(hub) == manifest.snapshot_hash
    with ReplayServer(rubric_replay_handler) as server:
        spec = f"openai:replay@{server.base_url}"
        main(["eval", "--cases", str(hub), "--model", spec, "--grader", spec, "--limit", "2",
              "--out", str(tmp_path / "run"), "--cache-dir", str(tmp_path / "cache"),
              "--quiet"])  # fmt: skip
    summary = json.loads((tmp_path / "run" / "summary.json").read_text("utf-8"))
    assert summary["provenance"]["snapshot_hash"] == manifest.snapshot_hash


def test_a_changed_case_in_the_parquet_fails_verify(release) -> None:
    import pyarrow.parquet as pq

    snapshot, hub = release
    table = pq.read_table(hub / CASES_SHARD)
    rows = table.to_pylist()
    rows[0]["rubric"][0]["weight"] = -rows[0]["rubric"][0]["weight"]
    pq.write_table(table.from_pylist(rows, schema=table.schema), hub / CASES_SHARD)
    report = verify(hub)
    assert [(p.file, p.problem) for p in report.problems] == [
        (CASES_SHARD, "changed"),
        ("criteria/test-00000-of-00001.parquet", "changed"),
    ]
    assert snapshot_hash(hub) != read_manifest(snapshot).snapshot_hash
    with pytest.raises(SystemExit) as exit_info:
        main(["snapshot", "verify", str(hub)])
    assert exit_info.value.code == 1


def test_snapshot_hub_writes_the_folder_of_an_existing_snapshot(release, tmp_path) -> None:
    snapshot, _ = release
    main(["snapshot", "hub", str(snapshot), "--out", str(tmp_path / "again")])
    assert verify(tmp_path / "again").ok
    card = huggingface_hub.DatasetCard.load(tmp_path / "again" / "README.md")
    assert card.data.to_dict()["license"] == "other" and "Not stated by the releaser" in card.text


def test_release_without_pyarrow_says_how_to_get_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("medrubric.data.parquet.parquet_available", lambda: False)
    main(["release", "sample", "--version", "v2026.11", "--from", "2025-10-01", "--to",
          "2026-11-30", "--out", str(tmp_path / "r")])  # fmt: skip
    assert (tmp_path / "r" / "manifest.json").is_file() and not (tmp_path / "r-hf").exists()
    assert "pip install 'medrubric[hub]'" in capsys.readouterr().err


def test_run_hub_renders_the_card_through_the_one_renderer(release, tmp_path) -> None:
    from medrubric.report.card import HubOptions, render_card, run_hub

    snapshot, _ = release
    result = run_hub(HubOptions(snapshot=snapshot, out=tmp_path / "hf", license="mit"))
    manifest = result.manifest
    assert manifest == read_manifest(snapshot) and result.out == tmp_path / "hf"
    written = (tmp_path / "hf" / "README.md").read_text("utf-8")
    assert written == render_card(manifest, "mit") and written.endswith("terms also apply.\n\n")
    profile = json.dumps(manifest.grader_profile, ensure_ascii=False, sort_keys=True)
    assert f"`{profile}`" in written and "&#34;" not in written  # Markdown, not HTML-escaped
    assert verify(tmp_path / "hf").ok
