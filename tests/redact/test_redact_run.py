"""`run_redact(RedactOptions) -> RedactResult`: the stage writes the redacted threads and the
threads set aside (beside OUT by default) itself and returns the counts."""

from __future__ import annotations

import json

from medrubric.data.jsonl import load_models, write_jsonl
from medrubric.data.models import Thread
from medrubric.redact.redact_run import RedactOptions, RedactResult, run_redact


def _thread(n: int, patient: str) -> Thread:
    return Thread.model_validate(
        {
            "source": "forum",
            "thread_id": f"t{n}",
            "language": "en",
            "messages": [
                {"author_role": "patient", "text": patient},
                {"author_role": "physician", "text": "Rest and drink fluids."},
            ],
        }
    )


def test_run_redact_writes_the_redacted_threads_and_counts_them(tmp_path):
    source = tmp_path / "kept.jsonl"
    write_jsonl(
        source,
        [
            _thread(1, "I have had a dry cough for two weeks."),
            _thread(2, "Call me on 415-555-0199 or mail jane.doe@example.com about my cough."),
            _thread(3, "My fever started three days ago."),
        ],
    )
    out = tmp_path / "redacted" / "threads.jsonl"
    result = run_redact(RedactOptions(threads=source, out=out, partition_lines=2))
    assert isinstance(result, RedactResult)
    assert result.out == out and result.rejected == out.with_name("threads.rejected.jsonl")
    assert (result.total, result.redacted, result.set_aside, result.unchanged) == (3, 1, 0, 2)
    assert result.counts["PHONE"] == 1 and result.counts["EMAIL"] == 1
    threads = load_models(out, Thread)
    assert [t.thread_id for t in threads] == ["t1", "t2", "t3"]
    text = threads[1].messages[0].text
    assert "415-555-0199" not in text and "jane.doe@example.com" not in text
    assert "[PHONE]" in text and "[EMAIL]" in text
    assert result.rejected.read_text() == ""
    assert sorted(p.name for p in out.parent.iterdir()) == [
        "threads.jsonl",
        "threads.rejected.jsonl",
    ]  # fmt: skip  (the work folder is gone)

    elsewhere = tmp_path / "risk.jsonl"
    again = run_redact(RedactOptions(threads=source, out=out, rejected=elsewhere))
    assert again.rejected == elsewhere and elsewhere.exists()
    assert json.loads(out.read_text().splitlines()[1])["thread_id"] == "t2"
