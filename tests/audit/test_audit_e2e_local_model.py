"""End to end through the real llama.cpp server running SmolLM2-135M (a plumbing model):
the pipeline runs on sample answers, every outcome carries its error type, checks and reasons,
and the report renders. Nothing here asserts medical quality."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from medrubric.audit.pairs import AuditPair, CallFailure, Discard
from medrubric.cli.main import app
from medrubric.data.jsonl import load_models, write_jsonl
from medrubric.data.models import Response

SAMPLE = Path(__file__).parents[2] / "src/medrubric/data/sample"


def invoke(*args: str) -> str:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def short_answers(name: str, n: int) -> list[Response]:
    """The first n recorded answers cut to two sentences, so a 135M model can echo them."""
    answers = load_models(SAMPLE / name, Response)[:n]
    return [
        a.model_copy(update={"response": " ".join(re.split(r"(?<=[.!?])\s+", a.response)[:2])})
        for a in answers
        if a.response
    ]


def test_audit_inject_factcheck_and_report_with_local_model(local_llm_spec, tmp_path):
    careful = short_answers("responses-demo-careful.jsonl", 2)
    hasty = short_answers("responses-demo-hasty.jsonl", 1)
    answers = tmp_path / "answers.jsonl"
    write_jsonl(answers, [*careful, *hasty])
    grades = tmp_path / "grades.jsonl"
    grades.write_text(
        (SAMPLE / "grades-demo-careful.jsonl").read_text()
        + (SAMPLE / "grades-demo-hasty.jsonl").read_text()
    )
    out = tmp_path / "audit"
    common = ["--timeout", "300", "--cache-dir", str(tmp_path / "cache"), "--quiet",
              "--max-tokens", "320", "--concurrency", "2"]  # fmt: skip
    invoke("audit", "inject", "--answers", str(answers), "--benchmark", "sample",
           "--applicability-models", f"{local_llm_spec},{local_llm_spec}",
           "--injector", local_llm_spec, "--judge", local_llm_spec, "--out", str(out),
           "--types", "R1", "--grades", str(grades), *common)  # fmt: skip

    funnel = json.loads((out / "funnel.json").read_text())
    pairs = load_models(out / "pairs.jsonl", AuditPair) if (out / "pairs.jsonl").exists() else []
    discards = (
        load_models(out / "discarded.jsonl", Discard) if (out / "discarded.jsonl").exists() else []
    )
    failures = (
        load_models(out / "failures.jsonl", CallFailure)
        if (out / "failures.jsonl").exists()
        else []
    )
    excluded = funnel["excluded_no_headroom"]
    eligible = 3 - len(excluded)
    assert funnel["candidates"] == eligible
    assert len(pairs) + len(discards) + funnel["failed_calls"] == funnel["candidates"]
    assert pairs or discards, "the real model produced no schema-valid reply at all"
    for record in [*pairs, *discards, *failures]:
        assert record.error_type == "R1"
    for pair in pairs:
        assert {c.name for c in pair.checks} == {"programmatic", "judge"}
        assert all(v.reasoning for v in pair.applicability)
    for discard in discards:
        assert discard.reason
        assert len(discard.applicability) == 2
        if discard.stage != "not_applicable":
            assert discard.checks and all(c.passed is False for c in discard.checks[-1:])
    assert json.loads((out / "run.json").read_text())["models"]["injector"]["smoke_test"]

    one = tmp_path / "one.jsonl"
    write_jsonl(one, careful[:1])
    invoke("factcheck", "--answers", str(one), "--model", local_llm_spec, "--out",
           str(tmp_path / "fc"), "--k", "3", "--max-claims", "2", *common)  # fmt: skip
    summary = json.loads((tmp_path / "fc" / "factcheck_summary.json").read_text())
    assert summary["answers"] == 1 and summary["retriever"].startswith("bm25")
    checks = (tmp_path / "fc" / "factcheck.jsonl").read_text().splitlines()
    assert json.loads(checks[-1])["key"] == "answer:syn-en-001/demo-careful"

    report = tmp_path / "report.html"
    invoke("audit", "report", str(out), "--out", str(report))
    html = report.read_text()
    assert "Rubric blind-spot audit" in html and "SMOKE TEST" in html
