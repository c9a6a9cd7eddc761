"""`medrubric eval --knowledge open-book` end to end through a real llama.cpp server running
SmolLM2-135M: every answer records its mode and evidence ids, and so does the run record."""

from __future__ import annotations

import json
from pathlib import Path

from medrubric.cli.main import main
from medrubric.data.jsonl import load_models
from medrubric.data.models import Response

CORPUS = Path(__file__).parents[1] / "retrieve" / "fixtures" / "snippets.jsonl"


def test_open_book_eval_records_mode_and_evidence(local_llm_spec: str, tmp_path: Path) -> None:
    index = tmp_path / "index"
    main(["index", "build", str(CORPUS), "--kind", "bm25", "--out", str(index)])
    out = tmp_path / "run"
    main(["eval", "--cases", "sample", "--model", local_llm_spec, "--grader", local_llm_spec,
          "--mode", "batched", "--cases-filter", "id=syn-zh-001",
          "--max-tokens", "48", "--grader-max-tokens", "384", "--timeout", "300",
          "--knowledge", "open-book", "--evidence-index", str(index), "--evidence-k", "2",
          "--max-error-rate", "1",  # a plumbing model: errors are recorded, not failed on
          "--out", str(out), "--quiet"])  # fmt: skip

    responses = load_models(out / "responses.jsonl", Response)
    assert [(r.case_id, r.prompt_version) for r in responses] == [
        ("syn-zh-001", "generate_openbook.zh@1")
    ]
    for r in responses:
        assert r.params["knowledge"] == "open-book" and len(r.params["evidence_ids"]) == 2
    provenance = json.loads((out / "summary.json").read_text())["provenance"]
    knowledge = provenance["params"]["knowledge"]
    assert knowledge["mode"] == "open-book" and knowledge["evidence_index"] == str(index)
    assert knowledge["evidence_ids"] == {r.case_id: r.params["evidence_ids"] for r in responses}
    assert provenance["prompt_versions"]["generate_openbook.zh"] == "generate_openbook.zh@1"
