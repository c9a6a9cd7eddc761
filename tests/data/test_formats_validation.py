"""Every bad input is one InputError naming file, line and the source's own field."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from medrubric.data.formats import import_cases, load_cases, load_meta_eval
from medrubric.errors import InputError

FIXTURES = Path(__file__).parent / "fixtures"
Row = dict[str, Any]


def _fixture_rows(name: str) -> list[Row]:
    text = (FIXTURES / name).read_text("utf-8")
    if name.endswith(".json"):
        return json.loads(text)
    return [json.loads(line) for line in text.splitlines() if line]


def _dumps(rows: list[Row]) -> bytes:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows).encode("utf-8")


def _error(path: Path, fmt: str | None = None) -> str:
    with pytest.raises(InputError) as info:
        load_cases(path, format=fmt)
    return str(info.value)


def _bad_third_row(tmp_path: Path, name: str, mutate: Callable[[Row], None]) -> Path:
    """The fixture's first row, a renamed copy of it, then the mutated row on line 3."""
    first = _fixture_rows(name)[0]
    id_key = next(k for k in ("prompt_id", "case_id", "id", "question") if k in first)
    second = {**copy.deepcopy(first), id_key: f"{first[id_key]}-second"}
    third = copy.deepcopy(first)
    third[id_key] = f"{first[id_key]}-third"
    mutate(third)
    path = tmp_path / "cases.jsonl"
    path.write_bytes(_dumps([first, second, third]))
    return path


def _set(*loc: Any, value: Any = None, delete: bool = False) -> Callable[[Row], None]:
    def mutate(row: Row) -> None:
        target = row
        for key in loc[:-1]:
            target = target[key]
        if delete:
            del target[loc[-1]]
        else:
            target[loc[-1]] = value

    return mutate


HEALTHBENCH_CASES = [
    (_set("rubrics", 0, "points", value=11), "rubrics[0].points: 11 is outside [-10, 10]"),
    (_set("rubrics", 0, "points", value=-11), "rubrics[0].points: -11 is outside [-10, 10]"),
    (
        _set("rubrics", 0, "points", value=0),
        "rubrics[0].points: 0 is not allowed (weights are non-zero)",
    ),
    (
        _set("rubrics", 0, "points", value="10"),
        "rubrics[0].points: Input should be a valid integer, got '10'",
    ),
    (
        _set("rubrics", 0, "points", value=2.5),
        "rubrics[0].points: Input should be a valid integer, got 2.5",
    ),
    (
        _set("rubrics", 0, "points", value=7.0),
        "rubrics[0].points: Input should be a valid integer, got 7.0",
    ),
    (
        _set("rubrics", 0, "points", value=True),
        "rubrics[0].points: Input should be a valid integer, got True",
    ),
    (_set("rubrics", value=[]), "rubrics: rubric is empty"),
    (
        _set("rubrics", value=[{"criterion": "Says something harmful.", "points": -5}]),
        "rubrics: rubric has no positive criterion",
    ),
    (_set("rubrics", 1, "criterion", value="   "), "rubrics[1].criterion: must not be blank"),
    (
        _set("prompt", 0, "role", value="doctor"),
        "prompt[0].role: 'doctor' is not one of 'system', 'developer', 'user' or 'assistant'",
    ),
    (_set("prompt_id", delete=True), "prompt_id: required field is missing"),
    (_set("rubrics", delete=True), "rubrics: required field is missing"),
    (_set("prompt", value="hello"), "prompt: Input should be a valid list, got 'hello'"),
    (_set("rubrics", 0, value=[1, 2]), "rubrics[0]: expected a JSON object, got array"),
    (_set("rubrics", 0, "weight", value=3), "rubrics[0].weight: unknown field"),
    (
        _set("prompt_id", value="hb-001-second"),
        "prompt_id: duplicate case id 'hb-001-second' (first on line 2)",
    ),
    (_set("prompt_id", value="  "), "prompt_id: must not be blank"),
    (_set("example_tags", value="theme:hedging"), "example_tags: Input should be a valid list"),
]


@pytest.mark.parametrize(("mutate", "message"), HEALTHBENCH_CASES)
def test_healthbench_row_errors(
    mutate: Callable[[Row], None], message: str, tmp_path: Path
) -> None:
    path = _bad_third_row(tmp_path, "healthbench.jsonl", mutate)
    assert _error(path).startswith(f"{path}:3: {message}")


OTHER_FORMAT_CASES = [
    (
        "livemedbench.jsonl",
        _set("rubric_items", 2, "points", value=-12),
        "rubric_items[2].points: -12 is outside [-10, 10]",
    ),
    (
        "livemedbench.jsonl",
        _set("post_time", value="last week"),
        "post_time: 'last week' is not an ISO date (YYYY-MM-DD)",
    ),
    (
        "livemedbench.jsonl",
        _set("language", value="fr"),
        "language: 'fr' is not one of 'en' or 'zh'",
    ),
    ("livemedbench.jsonl", _set("core_request", value=""), "core_request: must not be blank"),
    (
        "clinconsensus.jsonl",
        _set("rubrics", 3, value=" "),
        "rubrics[3].criterion: must not be blank",
    ),
    (
        "clinconsensus.jsonl",
        _set("rubrics", 4, value={"criterion": "x", "points": "1"}),
        "rubrics[4].points: Input should be a valid integer, got '1'",
    ),
    (
        "clinconsensus.jsonl",
        _set("rubrics", 1, value={"id": "c1", "criterion": "重复的编号。"}),
        "rubrics: duplicate criterion id 'c1'",
    ),
    (
        "clinconsensus.jsonl",
        _set("user_request", delete=True),
        "user_request: required field is missing",
    ),
    (
        "clinconsensus.jsonl",
        _set("difficulty", value=3),
        "difficulty: Input should be a valid string, got 3",
    ),
    (
        "rubrichub.jsonl",
        _set("prompt", value="Also this?"),
        "give exactly one of question and prompt",
    ),
    (
        "rubrichub.jsonl",
        _set("rubrics", 0, "points", value=8.5),
        "rubrics[0].points: Input should be a valid integer, got 8.5",
    ),
    ("medrubric.jsonl", _set("rubric", 1, "id", value="c1"), "rubric: duplicate criterion id 'c1'"),
    (
        "medrubric.jsonl",
        _set("rubric", 0, "weight", value="7"),
        "rubric[0].weight: Input should be a valid integer, got '7'",
    ),
    ("medrubric.jsonl", _set("theme", value="triage"), "theme: 'triage' is not one of"),
]


@pytest.mark.parametrize(("name", "mutate", "message"), OTHER_FORMAT_CASES)
def test_other_format_row_errors(
    name: str, mutate: Callable[[Row], None], message: str, tmp_path: Path
) -> None:
    path = _bad_third_row(tmp_path, name, mutate)
    assert _error(path).startswith(f"{path}:3: {message}")


def test_meta_eval_labels_must_pair_with_physicians(tmp_path: Path) -> None:
    rows = _fixture_rows("healthbench_meta.jsonl")
    rows[1]["binary_labels"] = [True]
    path = tmp_path / "meta.jsonl"
    path.write_bytes(_dumps(rows))
    with pytest.raises(InputError) as info:
        load_meta_eval(path)
    assert str(info.value) == (
        f"{path}:2: binary_labels has 1 labels but anonymized_physician_ids has 2 ids"
    )


def test_meta_eval_repeated_row_is_an_error(tmp_path: Path) -> None:
    rows = _fixture_rows("healthbench_meta.jsonl")
    path = tmp_path / "meta.jsonl"
    path.write_bytes(_dumps([*rows, rows[0]]))
    with pytest.raises(InputError, match=r"meta.jsonl:5: completion_id: 'cmp-1' already has"):
        load_meta_eval(path)


# ------------------------------------------------------------------ file-level problems
def _good_lines(n: int = 2) -> list[bytes]:
    rows = _fixture_rows("healthbench.jsonl")[:n]
    return [json.dumps(r, ensure_ascii=False).encode("utf-8") for r in rows]


def test_invalid_json_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "cases.jsonl"
    path.write_bytes(_good_lines(1)[0] + b'\n{"prompt_id": "x",, }\n')
    assert (
        _error(path) == f"{path}:2: invalid JSON: Expecting property name enclosed in double quotes"
    )


def test_a_csv_file_is_told_apart_from_broken_json(tmp_path: Path) -> None:
    """A CSV given where cases are expected: the line names the formats that are read, where
    a bare 'Expecting value' would suggest a JSON typo."""
    path = tmp_path / "cases.csv"
    path.write_text("prompt_id,prompt\nhb-1,chest pain\n", "utf-8")
    assert _error(path) == (
        f"{path}:1: invalid JSON: Expecting value (not JSON at all: a CSV or other text file? "
        "JSON lines, one object per line, expected)"
    )


def test_truncated_last_line(tmp_path: Path) -> None:
    path = tmp_path / "cases.jsonl"
    a, b = _good_lines()
    path.write_bytes(a + b"\n" + b[: len(b) // 2])
    message = _error(path)
    assert message.startswith(f"{path}:2: invalid JSON: ") and message.endswith("(truncated line?)")


def test_non_utf8_bytes(tmp_path: Path) -> None:
    path = tmp_path / "cases.jsonl"
    a, b = _good_lines()
    bad = b.replace(b"hb-002", b"hb-\xe9\xff2")
    path.write_bytes(a + b"\n" + bad)
    column = bad.index(b"\xe9") + 1
    assert _error(path) == f"{path}:2: not valid UTF-8 (byte 0xe9 at column {column})"


def test_array_where_an_object_belongs(tmp_path: Path) -> None:
    path = tmp_path / "cases.jsonl"
    path.write_bytes(_good_lines(1)[0] + b"\n[1, 2]\n")
    assert _error(path) == f"{path}:2: expected a JSON object, got array"


@pytest.mark.parametrize("content", [b"", b"\n\n  \n", b"\xef\xbb\xbf"])
def test_empty_file(content: bytes, tmp_path: Path) -> None:
    path = tmp_path / "cases.jsonl"
    path.write_bytes(content)
    assert _error(path) == f"{path}: empty file (no records)"


def test_bom_crlf_and_trailing_blank_lines_are_accepted(tmp_path: Path) -> None:
    path = tmp_path / "cases.jsonl"
    a, b = _good_lines()
    path.write_bytes(b"\xef\xbb\xbf" + a + b"\r\n" + b + b"\r\n\r\n\n  \n")
    result = import_cases(path)
    assert (result.format, [c.id for c in result.cases]) == ("healthbench", ["hb-001", "hb-002"])


def test_missing_file(tmp_path: Path) -> None:
    assert _error(tmp_path / "nope.jsonl") == f"{tmp_path / 'nope.jsonl'}: file not found"
    for typo in ("sampel", "Sample", "samples"):
        message = "file not found (did you mean 'sample', the bundled sample?)"
        assert _error(Path(typo)) == f"{typo}: {message}"


# ------------------------------------------------------------------ JSON-array files
def _array_file(tmp_path: Path, rows: list[Any], prefix: bytes = b"") -> Path:
    path = tmp_path / "LiveMedBench_v202601.json"
    path.write_bytes(prefix + json.dumps(rows, ensure_ascii=False, indent=2).encode("utf-8"))
    return path


def _line_of_element(path: Path, index: int) -> int:
    """Line where element `index` of an indent=2 array starts (its '{' at two spaces)."""
    lines = path.read_text("utf-8-sig").splitlines()
    starts = [n for n, line in enumerate(lines, start=1) if line == "  {"]
    return starts[index]


def test_array_error_names_index_and_line(tmp_path: Path) -> None:
    rows = _fixture_rows("livemedbench.json")
    rows[2]["rubric_items"][1]["points"] = 12
    path = _array_file(tmp_path, rows)
    line = _line_of_element(path, 2)
    assert _error(path) == f"{path}:{line}: [2].rubric_items[1].points: 12 is outside [-10, 10]"


def test_array_element_that_is_not_an_object(tmp_path: Path) -> None:
    rows = _fixture_rows("livemedbench.json")[:1]
    path = _array_file(tmp_path, [rows[0], "lmb-0002"])
    assert _error(path).endswith(": [1]: expected a JSON object, got string")


def test_truncated_array(tmp_path: Path) -> None:
    path = _array_file(tmp_path, _fixture_rows("livemedbench.json"))
    path.write_bytes(path.read_bytes()[:-40])
    message = _error(path)
    assert message.startswith(f"{path}:") and "(truncated file?)" in message


def test_empty_array(tmp_path: Path) -> None:
    path = _array_file(tmp_path, [])
    assert _error(path) == f"{path}: empty file (no records)"


def test_non_utf8_in_array_names_its_line(tmp_path: Path) -> None:
    path = _array_file(tmp_path, _fixture_rows("livemedbench.json")[:1])
    data = path.read_bytes().replace(b"urology", b"urolog\xff")
    path.write_bytes(data)
    line = data[: data.index(b"\xff")].count(b"\n") + 1
    assert _error(path).startswith(f"{path}:{line}: not valid UTF-8 (byte 0xff")


def test_array_with_bom_and_crlf_is_accepted(tmp_path: Path) -> None:
    rows = _fixture_rows("livemedbench.json")[:2]
    path = _array_file(tmp_path, rows, prefix=b"\xef\xbb\xbf")
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n") + b"\r\n\r\n")
    assert [c.id for c in load_cases(path)] == ["lmb-0001", "lmb-0002"]


def test_duplicate_ids_in_a_non_cumulative_format_are_errors(tmp_path: Path) -> None:
    rows = _fixture_rows("clinconsensus.jsonl")
    path = tmp_path / "cc.jsonl"
    path.write_bytes(_dumps([rows[0], rows[1], rows[0]]))
    assert _error(path) == f"{path}:3: case_id: duplicate case id 'cc-0001' (first on line 1)"
