"""Importing dumps (JSONL, CSV, saved HTML) and the harvest / filter / redact commands."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import typer

from medrubric.cli.harvest import register
from medrubric.data.jsonl import load_models
from medrubric.data.models import Thread
from medrubric.errors import InputError
from medrubric.harvest.dumps import CsvSource, HtmlFolderSource, JsonlSource
from medrubric.harvest.sites import load_sites
from medrubric.harvest.source import HarvestConfig, SourceSpec, harvest_sources, load_harvest_config

FIXTURES = Path(__file__).parent / "fixtures"


def main(argv: list[str]) -> None:
    """Run this module's commands alone (like `medrubric ...`, without the other stages)."""
    app = typer.Typer()
    register(app)
    app(args=argv, standalone_mode=False)


CSV_HEADER = "thread_id,title,published_at,author_role,verified,posted_at,text,tags\n"


def test_jsonl_source_reads_threads():
    threads = list(JsonlSource("dump", FIXTURES / "filter_corpus.jsonl").iter_threads())
    assert len(threads) == 21 and threads[0].key == "corpus:en-kept-1"


def test_csv_source_groups_rows_into_threads(tmp_path):
    path = tmp_path / "dump.csv"
    path.write_text(
        CSV_HEADER
        + 't1,Cough,2024-02-01,patient,,,"Dry cough for 8 weeks, no fever",pulmonology;cough\n'
        + "t2,Rash,2024-02-02,patient,no,,Itchy rash on arms,\n"
        + "t1,,,physician,true,2024-02-02T10:00:00Z,Get a chest X-ray and spirometry.,\n",
        encoding="utf-8",
    )
    threads = list(CsvSource("mycsv", path).iter_threads())
    assert [t.thread_id for t in threads] == ["t1", "t2"]
    t1 = threads[0]
    assert t1.source == "mycsv" and t1.title == "Cough" and t1.tags == ["pulmonology", "cough"]
    assert [(m.author_role, m.verified) for m in t1.messages] == [
        ("patient", False),
        ("physician", True),
    ]


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("t1,x,2024-01-01,doctor,,,hello,\n", r"dump.csv:2: author_role"),
        ("t1,x,2024-01-01,patient,maybe,,hello,\n", r"dump.csv:2: verified"),
        ("t1,x,yesterday,patient,,,hello,\n", r"dump.csv:2: published_at"),
        (",x,2024-01-01,patient,,,hello,\n", r"dump.csv:2: thread_id"),
    ],
)
def test_csv_errors_name_file_line_and_field(tmp_path, row, message):
    path = tmp_path / "dump.csv"
    path.write_text(CSV_HEADER + row, encoding="utf-8")
    with pytest.raises(InputError, match=message):
        list(CsvSource("c", path).iter_threads())


def test_csv_missing_columns(tmp_path):
    path = tmp_path / "dump.csv"
    path.write_text("thread_id,text\nt1,hi\n", encoding="utf-8")
    with pytest.raises(InputError, match="missing column.*author_role"):
        list(CsvSource("c", path).iter_threads())


def test_html_folder_detects_each_pages_site(tmp_path):
    folder = tmp_path / "saved"
    folder.mkdir()
    shutil.copy(FIXTURES / "sites/dxy/question/38291.html", folder / "a.html")
    shutil.copy(FIXTURES / "sites/medlive/thread-99812-1-1.html", folder / "b.htm")
    threads = list(HtmlFolderSource("saved", folder, load_sites()).iter_threads())
    assert [(t.source, t.thread_id) for t in threads] == [("dxy", "38291"), ("medlive", "b")]
    (folder / "c.html").write_text("<html><body>no site</body></html>", encoding="utf-8")
    with pytest.raises(InputError, match="c.html: cannot tell which site"):
        list(HtmlFolderSource("saved", folder, load_sites()).iter_threads())


def test_sources_file_with_dumps_is_incremental(tmp_path):
    dump = tmp_path / "threads.jsonl"
    shutil.copy(FIXTURES / "filter_corpus.jsonl", dump)
    config_file = tmp_path / "sources.toml"
    config_file.write_text(
        '[crawl]\nmin_delay = 0\n\n[[source]]\nname = "dump"\nkind = "jsonl"\n'
        'path = "threads.jsonl"\n',
        encoding="utf-8",
    )
    config = load_harvest_config(config_file)
    assert config.source[0].path == dump
    first = list(harvest_sources(config, tmp_path / "state"))
    assert len(first) == 21
    assert list(harvest_sources(config, tmp_path / "state")) == []
    lines = dump.read_text(encoding="utf-8").splitlines()
    row = json.loads(lines[0])
    row["messages"][1]["text"] += " Also check your cholesterol."
    dump.write_text(
        "\n".join([json.dumps(row, ensure_ascii=False), *lines[1:]]) + "\n", encoding="utf-8"
    )
    assert [t.thread_id for t in harvest_sources(config, tmp_path / "state")] == ["en-kept-1"]


def test_bad_sources_file(tmp_path):
    bad = tmp_path / "s.toml"
    bad.write_text('[[source]]\nname = "x"\nkind = "ftp"\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"s.toml: source\[0\]\.kind"):
        load_harvest_config(bad)
    with pytest.raises(InputError, match="unknown site 'nope'"):
        list(
            harvest_sources(HarvestConfig(source=[SourceSpec(name="nope", kind="crawl")]), tmp_path)
        )


def test_cli_harvest_filter_redact(serve_site, tmp_path, capsys):
    server = serve_site("dxy")
    config = tmp_path / "sources.toml"
    config.write_text(
        f'[crawl]\nmin_delay = 0\n\n[[source]]\nname = "dxy"\nkind = "crawl"\n'
        f'start_urls = ["{server.base_url}/questions/latest"]\n',
        encoding="utf-8",
    )
    threads = tmp_path / "threads.jsonl"
    main(["harvest", "--sources", str(config), "--out", str(threads), "--since", "2024-01-01"])
    harvested = load_models(threads, Thread)
    assert {t.thread_id for t in harvested} == {"38291", "38300", "38310"}

    out = tmp_path / "filtered"
    main(["filter", str(threads), "--out", str(out)])
    table = capsys.readouterr().out
    assert "has_media" in table and "no_physician_reply" in table and "kept" in table
    kept = load_models(out / "kept.jsonl", Thread)
    assert [t.thread_id for t in kept] == ["38291"]
    rejected = [
        json.loads(line)
        for line in (out / "rejected.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    assert {(r["thread_key"], r["reason"]) for r in rejected} == {
        ("dxy:38300", "no_physician_reply"),
        ("dxy:38310", "has_media"),
    }
    assert all(set(r) == {"thread_key", "reason", "detail"} for r in rejected)  # no thread text
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    assert summary["total"] == 3 and summary["counts"]["kept"] == 1

    redacted = tmp_path / "redacted.jsonl"
    main(["redact", str(out / "kept.jsonl"), "--out", str(redacted)])
    assert "[LOCATION]" not in redacted.read_text(encoding="utf-8")  # nothing to redact here
    assert load_models(redacted, Thread) == kept
    assert "redact: 1 threads" in capsys.readouterr().out


def test_cli_reports_bad_input_with_file_line_and_field(tmp_path):
    bad = tmp_path / "t.jsonl"
    bad.write_text('{"source": "s"}\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"t.jsonl:1: thread_id"):
        main(["filter", str(bad), "--out", str(tmp_path / "o")])
    with pytest.raises(InputError, match="--since: expected a date"):
        main(["filter", str(bad), "--out", str(tmp_path / "o"), "--since", "last year"])
    with pytest.raises(InputError, match="filter options: languages"):
        main(["filter", str(bad), "--out", str(tmp_path / "o"), "--languages", "en,fr"])
    with pytest.raises(InputError, match="nothing to harvest"):
        main(["harvest", "--out", str(tmp_path / "x.jsonl")])
