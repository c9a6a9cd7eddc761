"""BM25 over English and Chinese snippets, the tokenizer, and corpus validation."""

from pathlib import Path

import pytest

from medrubric.cli.main import main
from medrubric.errors import InputError
from medrubric.retrieve import build_index, cached_index, load_corpus, load_index, read_manifest
from medrubric.retrieve.tokenize import stem, tokenize

FIXTURE = Path(__file__).parent / "fixtures" / "snippets.jsonl"


@pytest.fixture(scope="module")
def bm25():
    return build_index(FIXTURE, "bm25")


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("What HbA1c target should an adult with type 2 diabetes aim for?", "sp-002"),
        ("crushing chest pain spreading to my left arm and sweating", "sp-001"),
        ("burning when I urinate", "sp-005"),
        ("糖尿病患者的糖化血红蛋白目标是多少", "zh-001"),
        ("胸痛向左臂放射，出汗", "zh-002"),
        ("婴儿发热怎么办", "zh-005"),
    ],
)
def test_bm25_ranks_the_matching_snippet_first(bm25, query, expected):
    hits = bm25.search(query, k=3)
    assert hits[0].id == expected
    assert all(a.score >= b.score for a, b in zip(hits, hits[1:], strict=False))


def test_bm25_returns_nothing_for_unknown_terms_and_caps_k(bm25):
    assert bm25.search("zzzz qqqq", k=5) == []
    assert bm25.search("的", k=5) == []
    assert len(bm25.search("pain", k=500)) <= 16
    assert [len(r) for r in bm25.search_many(["pain", "偏头痛"], k=2)] == [2, 2]


def test_tokenizer_handles_english_and_chinese():
    assert tokenize("The Diagnoses of Infections") == ["diagnose", "infection"]
    assert tokenize("血糖") == ["血", "糖", "血糖"]
    assert tokenize("HbA1c糖尿") == ["hba1c", "糖", "尿", "糖尿"]
    assert [stem(w) for w in ("babies", "glass", "virus", "tests", "goes")] == [
        "baby",
        "glass",
        "virus",
        "test",
        "goe",
    ]


def test_index_persists_and_reloads_without_rebuilding(tmp_path, bm25):
    out = tmp_path / "idx"
    built = build_index(FIXTURE, "bm25", out=out)
    manifest = read_manifest(out)
    assert manifest.kind == "bm25" and manifest.corpus_size == 16
    assert manifest.corpus_sha256 == load_corpus(FIXTURE).sha256
    reloaded = load_index(out)
    for query in ("iron tablets for anaemia", "高血压 饮食"):
        assert reloaded.search(query, 4) == built.search(query, 4)
    assert read_manifest(out).created_at == manifest.created_at


def test_load_index_rejects_a_folder_without_manifest(tmp_path):
    with pytest.raises(InputError, match="manifest"):
        load_index(tmp_path)


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ('{"id": "x", "title": "t"}', "content: required field is missing"),
        ('{"id": "", "content": "c"}', "id: must not be blank"),
        ('{"id": "x", "content": "c", "lang": "en"}', "lang: unknown field"),
        ('{"id": "x", "content": "c", "language": "fr"}', "language"),
        ('{"id": "sp-001", "content": "again"}', "duplicate snippet id 'sp-001'"),
    ],
)
def test_bad_corpus_row_is_an_input_error_with_line(tmp_path, row, message):
    path = tmp_path / "corpus.jsonl"
    path.write_text('{"id": "sp-001", "content": "fine", "contents": "MedRAG joined"}\n' + row)
    with pytest.raises(InputError, match=message) as info:
        load_corpus(path)
    assert info.value.line == 2 and info.value.path == str(path)


def test_cached_index_is_built_once_and_reused(tmp_path):
    first = cached_index(FIXTURE, "bm25", cache_dir=tmp_path)
    (folder,) = (tmp_path / "indexes").iterdir()
    assert folder.name.startswith("bm25-") and (folder / "manifest.json").exists()
    stamp = read_manifest(folder).created_at
    second = cached_index(FIXTURE, "bm25", cache_dir=tmp_path)
    assert read_manifest(folder).created_at == stamp
    assert second.search("migraine", 2) == first.search("migraine", 2)


def test_index_cli_builds_and_queries(tmp_path, capsys):
    out = tmp_path / "idx"
    main(["index", "build", str(FIXTURE), "--kind", "bm25", "--out", str(out)])
    main(["index", "query", str(out), "血压高怎么办", "-k", "2"])
    printed = capsys.readouterr().out
    assert "16 snippets" in printed and "zh-003" in printed


def test_index_build_prints_its_result_on_one_line_in_a_pipe(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")  # a narrow pipe: the line must not wrap at 80
    out = tmp_path / "a-rather-long-folder-name-for-the-index"
    main(["index", "build", str(FIXTURE), "--kind", "bm25", "--out", str(out)])
    lines = [line for line in capsys.readouterr().out.splitlines() if "written to" in line]
    assert len(lines) == 1 and lines[0].startswith("bm25 index of 16 snippets (corpus sha256 ")
    assert lines[0].split(" written to ")[1].startswith(f"{out} in ")
