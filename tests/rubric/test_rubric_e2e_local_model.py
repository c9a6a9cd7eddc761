"""`medrubric rubric` end to end through a real OpenAI-compatible server running SmolLM2-135M.

A plumbing model cannot write medical rubrics, so this checks what must hold for any model:
the run finishes, every case is either a valid rubric or a rejection with its reason (or a
recorded error), provenance names the model and prompt, and the statistics are written.
"""

from __future__ import annotations

import json
from pathlib import Path

from medrubric.cli.main import main
from medrubric.data.models import Case
from medrubric.rubric.run import read_results
from medrubric.rubric.schemas import RubricDraft
from medrubric.rubric.validate import validate_draft

N_CASES = 2


def test_rubric_cli_through_the_local_model(local_llm_spec: str, tmp_path: Path) -> None:
    out = tmp_path / "rubrics"
    argv = ["rubric", "sample", "--model", local_llm_spec, "--out", str(out)]
    main([*argv, "--limit", str(N_CASES), "--max-tokens", "384", "--timeout", "300"])

    records = read_results(out)
    assert len(records) == N_CASES
    for record in records.values():
        assert record.status in {"case", "rejected", "error"}
        calls = record.provenance["rubric"]["calls"]
        assert calls and all(c["prompt"].startswith("rubric_") for c in calls)
        assert record.provenance["rubric"]["model"]
        if record.status == "case":
            assert record.case is not None and record.case.theme != "unknown"
            assert "rubric_generate.en@1" in record.case.provenance["rubric"]["prompts"] or (
                "rubric_generate.zh@1" in record.case.provenance["rubric"]["prompts"]
            )
            draft = RubricDraft(
                theme=record.case.theme,  # type: ignore[arg-type]
                criteria=[
                    {
                        "text": c.text,
                        "axis": c.axis,
                        "weight": c.weight,
                        "life_critical": "life_critical" in c.tags,
                        "life_critical_reason": "x",
                    }
                    for c in record.case.rubric
                ],  # fmt: skip
            )
            assert validate_draft(draft) == []
        elif record.status == "rejected":
            assert record.reason and record.problems
        else:
            assert record.reason

    lines = (out / "cases.jsonl").read_text(encoding="utf-8").splitlines()
    kept = [Case.model_validate_json(line) for line in lines]
    assert len(kept) == sum(r.status == "case" for r in records.values())
    stats = json.loads((out / "rubric_stats.json").read_text())
    assert stats["n_cases"] == len(kept)
    assert stats["n_rejected"] == sum(r.status == "rejected" for r in records.values())
    assert "data:image/png;base64," in (out / "report.html").read_text()
