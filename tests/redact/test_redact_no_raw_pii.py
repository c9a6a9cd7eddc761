"""No raw personal identifiers on disk: filter and redact write thread ids, reasons and
redacted text only, whatever the reason a thread was dropped."""

from __future__ import annotations

import datetime as dt
import json

from medrubric.cli.main import main
from medrubric.data.jsonl import write_jsonl
from medrubric.data.models import Message, Thread

IDENTIFIERS = ["Mary Hollis", "617-555-0142", "mary.hollis@example.com", "Leeds"]
PERSONAL = (
    "My name is Mary Hollis, call 617-555-0142 or write to mary.hollis@example.com. "
    "I live in Leeds and my asthma is worse at night."
)


def thread(thread_id: str, text: str, *, year: int = 2024, reply: bool = True) -> Thread:
    messages = [Message(author_role="patient", text=text)]
    if reply:
        messages.append(
            Message(author_role="physician", verified=True, text="Use the inhaler for asthma.")
        )
    return Thread(
        source="forum",
        thread_id=thread_id,
        title="Asthma at night",
        published_at=dt.datetime(year, 3, 5, tzinfo=dt.UTC),
        messages=messages,
    )


def test_filter_and_redact_write_no_raw_identifiers(tmp_path, monkeypatch):
    # The rules and NER without the learned tagger, which each retraining teaches to find more
    # numbers: "numbered" must keep one the redactor leaves, to be set aside as a risk.
    monkeypatch.setenv("MEDRUBRIC_TAGGER", "0")
    raw = tmp_path / "raw" / "threads.jsonl"
    raw.parent.mkdir()
    write_jsonl(
        raw,
        [
            thread("kept", PERSONAL),
            thread("old", PERSONAL, year=2019),
            thread("unanswered", PERSONAL, reply=False),
            thread("hateful", PERSONAL + " Gays are sick, my uncle says."),
            thread("repost", PERSONAL),  # the same text as "kept", whose key is smaller
            thread("numbered", PERSONAL + " The photos came out as 58473920116 somehow."),
        ],
    )
    out = tmp_path / "out"
    main(["filter", str(raw), "--out", str(out / "filtered")])
    main(["redact", str(out / "filtered" / "kept.jsonl"), "--out", str(out / "redacted.jsonl")])

    rejected = [
        json.loads(line)
        for line in (out / "filtered" / "rejected.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    reasons = {r["reason"] for r in rejected}
    assert reasons >= {"too_old", "no_physician_reply", "discriminatory", "duplicate"}
    at_risk = (out / "redacted.rejected.jsonl").read_text(encoding="utf-8")
    assert json.loads(at_risk)["reason"] == "reidentification_risk"
    assert '"thread_id": "kept"' in (out / "redacted.jsonl").read_text(encoding="utf-8")

    # Only the pipeline's input holds raw text; everything the commands wrote is clean,
    # except the filter's kept.jsonl, which is the input of `redact`.
    written = [p for p in out.rglob("*") if p.is_file() and p.name != "kept.jsonl"]
    assert {p.name for p in written} == {
        "rejected.jsonl",
        "summary.json",
        "redacted.jsonl",
        "redacted.rejected.jsonl",
    }
    for path in written:
        text = path.read_text(encoding="utf-8")
        for identifier in [*IDENTIFIERS, "58473920116"]:
            assert identifier not in text, (path.name, identifier)
        assert "asthma is worse" not in text or path.name == "redacted.jsonl", path.name
