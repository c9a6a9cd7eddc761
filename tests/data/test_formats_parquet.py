"""Parquet sources: medrubric's case table round-trips every field, rows of other formats are
detected as in JSON, and a bad row is named by file and row number."""

from __future__ import annotations

from pathlib import Path

import pytest

from medrubric.data.formats import import_cases, load_cases
from medrubric.data.jsonl import iter_json_lines
from medrubric.data.models import Case
from medrubric.data.parquet import case_row, case_schema, cases_parquet
from medrubric.errors import InputError

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

FIXTURES = Path(__file__).parent / "fixtures"


def _rich_case() -> Case:
    return Case.model_validate(
        {
            "id": "rich-1", "language": "zh", "published_at": "2025-03-04",
            "url": "https://example.org/t/1", "specialty": "cardiology", "theme": "context_seeking",
            "narrative": "胸痛两小时。", "query": "怎么办？",
            "prompt": [{"role": "system", "content": "Be brief."},
                       {"role": "user", "content": "胸痛怎么办？"}],
            "advice": ["立即就医"],
            "evidence": [{"id": "e1", "title": "ACS", "content": "…", "score": 0.5},
                         {"id": "e2", "content": "no score", "source": "guideline"}],
            "provenance": {"screener": {"verdict": "keep", "scores": [1, 2.5, None]}},
            "rubric": [{"id": "c1", "text": "建议急诊", "axis": "safety", "weight": 10,
                        "tags": ["level:critical"]},
                       {"id": "c2", "text": "Suggests waiting", "weight": -7}],
            "tags": ["difficulty:high"],
            "extra": {"healthbench": {"canary": "x", "nested": {"a": [1, {"b": True}]}}},
        }
    )  # fmt: skip


def test_every_case_field_has_a_column() -> None:
    assert set(case_schema().names) == set(Case.model_fields)


def test_a_case_with_every_field_survives_the_round_trip(tmp_path: Path) -> None:
    cases = [_rich_case(), *load_cases("sample")[:3]]
    path = tmp_path / "cases.parquet"
    path.write_bytes(cases_parquet(cases))
    assert load_cases(path) == sorted(cases, key=lambda c: c.id)
    assert pq.read_table(path).schema.field("published_at").type == pa.date32()


def test_a_folder_of_shards_reads_as_one_source_and_names_no_snapshot(tmp_path: Path) -> None:
    from medrubric.evaluate.provenance import source_snapshot_hash

    cases = load_cases("sample")
    (tmp_path / "a.parquet").write_bytes(cases_parquet(cases[:5]))
    (tmp_path / "b.parquet").write_bytes(cases_parquet(cases[5:9]))
    shards = [sorted(c.id for c in cases[:5]), sorted(c.id for c in cases[5:9])]
    assert [c.id for c in load_cases(tmp_path)] == shards[0] + shards[1]  # shard by shard
    assert source_snapshot_hash(str(tmp_path)) is None


def test_rows_of_another_format_are_detected(tmp_path: Path) -> None:
    rows = [obj for _, obj in iter_json_lines(FIXTURES / "healthbench.jsonl")]
    path = tmp_path / "hb.parquet"
    pq.write_table(pa.Table.from_pylist(rows), path)
    result = import_cases(path)
    assert result.format == "healthbench" and len(result.cases) == len(rows)


def test_a_bad_row_names_file_row_and_field(tmp_path: Path) -> None:
    row = case_row(_rich_case())
    bad = {**row, "id": "rich-2", "rubric": [{**row["rubric"][0], "weight": 11, "tags": []}]}
    table = pa.Table.from_pylist([row, bad], schema=case_schema())
    path = tmp_path / "bad.parquet"
    pq.write_table(table, path)
    with pytest.raises(InputError) as info:
        load_cases(path)
    assert str(info.value).startswith(f"{path}:2: rubric[0].weight: 11 is outside")


def test_a_folder_without_parquet_or_cases_is_named(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"no cases.jsonl and no data/\*.parquet"):
        load_cases(tmp_path)
    (tmp_path / "broken.parquet").write_bytes(b"not parquet")
    with pytest.raises(InputError, match="not a readable Parquet file"):
        load_cases(tmp_path)
