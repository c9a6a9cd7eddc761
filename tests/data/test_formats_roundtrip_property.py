"""Generated rows of each public format survive import -> export -> import unchanged."""

from __future__ import annotations

import datetime as dt
import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from medrubric.data.formats import export_cases, import_cases

TEXT = st.text(min_size=1, max_size=40).filter(lambda s: s.strip() != "")
POSITIVE = st.integers(1, 10)
WEIGHT = st.integers(-10, 10).filter(lambda w: w != 0)
SETTINGS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _round_trip(rows: list[dict[str, Any]], fmt: str, suffix: str = ".jsonl") -> None:
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / f"in{suffix}"
        if suffix == ".json":
            source.write_text(json.dumps(rows, ensure_ascii=False), "utf-8")
        else:
            source.write_text("".join(json.dumps(r) + "\n" for r in rows), "utf-8")
        first = import_cases(source, fmt)
        out = Path(tmp) / f"out{suffix}"
        export_cases(first.cases, out, fmt)
        assert import_cases(out, fmt).cases == first.cases
        if fmt == "healthbench":
            lines = out.read_text("utf-8").split("\n")  # not splitlines: text may hold U+0085
            written = [json.loads(line) for line in lines if line]
            assert written == rows


def _criteria(item: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[list[dict[str, Any]]]:
    """A list whose first criterion is positive, so the rubric is always valid."""
    return st.tuples(item, st.lists(item, max_size=5)).map(
        lambda t: [{**t[0], "points": abs(t[0]["points"])}, *t[1]]
    )


HB_TAGS = st.sampled_from(
    ["axis:accuracy", "axis:completeness", "axis:instruction_following", "level:example"]
)
HB_THEMES = st.sampled_from(
    ["theme:hedging", "theme:communication", "theme:global_health", "physician_agreed:x"]
)
HB_ROW = st.fixed_dictionaries(
    {
        "prompt": st.lists(
            st.fixed_dictionaries(
                {"role": st.sampled_from(["system", "user", "assistant"]), "content": st.text()}
            ),
            min_size=1,
            max_size=4,
        ),
        "rubrics": _criteria(
            st.fixed_dictionaries(
                {"criterion": TEXT, "points": WEIGHT, "tags": st.lists(HB_TAGS, max_size=3)}
            )
        ),
        "example_tags": st.lists(HB_THEMES, max_size=3),
    },
    optional={"ideal_completions_data": st.none() | st.dictionaries(TEXT, st.text())},
)


@SETTINGS
@given(st.lists(HB_ROW, min_size=1, max_size=4))
def test_healthbench_rows_round_trip(rows: list[dict[str, Any]]) -> None:
    _round_trip([{"prompt_id": f"p{i}", **row} for i, row in enumerate(rows)], "healthbench")


AXES = st.sampled_from(["Accuracy", "Safety", "Context Awareness", "Tone", ""])
THEME = st.sampled_from(["Response Depth", "Context-Seeking", "Other", ""])
LMB_ROW = st.fixed_dictionaries(
    {
        "post_time": st.sampled_from(["", None])
        | st.dates(dt.date(2023, 1, 1), dt.date(2026, 12, 31)).map(dt.date.isoformat),
        "narrative": st.text(),
        "core_request": TEXT,
        "doctor_advice": st.text() | st.lists(st.text(), max_size=3),
        "rubric_items": _criteria(
            st.fixed_dictionaries({"criterion": TEXT, "points": WEIGHT, "axe": AXES})
        ),
        "theme": THEME | st.lists(THEME, max_size=3),
    },
    optional={"language": st.sampled_from(["en", "zh", ""]), "source_url": st.text()},
)


@SETTINGS
@given(st.lists(LMB_ROW, min_size=1, max_size=4), st.sampled_from([".json", ".jsonl"]))
def test_livemedbench_rows_round_trip(rows: list[dict[str, Any]], suffix: str) -> None:
    _round_trip([{"case_id": f"c{i}", **row} for i, row in enumerate(rows)], "livemedbench", suffix)


CC_ROW = st.fixed_dictionaries(
    {
        "difficulty": st.sampled_from(["low", "medium", "high", ""]),
        "task_labels": st.lists(TEXT, max_size=3),
        "subject": st.text(),
        "subject_labels": st.lists(TEXT, max_size=2),
        "user_role": st.sampled_from(["患者", "主治医师", "护士", "家属"]),
        "clinical_context": st.text(),
        "user_request": TEXT,
        "rubrics": _criteria(st.fixed_dictionaries({"criterion": TEXT, "points": POSITIVE})).map(
            lambda items: [i["criterion"] if i["points"] == 1 else i for i in items]
        ),
    }
)


@SETTINGS
@given(st.lists(CC_ROW, min_size=1, max_size=4))
def test_clinconsensus_rows_round_trip(rows: list[dict[str, Any]]) -> None:
    _round_trip([{"case_id": f"cc{i}", **row} for i, row in enumerate(rows)], "clinconsensus")
