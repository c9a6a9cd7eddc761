"""Each stage's word lists sit in its own package's `data/` folder: the screen's (keywords,
stop-list, safety lexicon) in `screen/data/`, redaction's (names, places, surrogates) in
`redact/data/`, and every list is read by the package that holds it, never by the other."""

from __future__ import annotations

from pathlib import Path

import pytest

import medrubric
from medrubric.redact.redact_lexicon import word_lines
from medrubric.screen.keywords import data_path, read_data_lines

SRC = Path(medrubric.__file__).parent


def _code(package: str) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in (SRC / package).glob("*.py"))


@pytest.mark.parametrize(("package", "other"), [("screen", "redact"), ("redact", "screen")])
def test_every_word_list_is_read_by_the_package_that_holds_it(package, other):
    lists = sorted(p.name for p in (SRC / package / "data").iterdir() if p.is_file())
    assert lists
    mine, theirs = _code(package), _code(other)
    for name in lists:
        assert f'"{name}"' in mine, f"{package}/data/{name} is not read by {package}/"
        assert f'"{name}"' not in theirs, f"{other}/ reads {package}/data/{name}"


def test_the_screen_lists_are_screen_data_and_the_redaction_lists_redact_data():
    assert data_path("icd_terms.tsv") == SRC / "screen" / "data" / "icd_terms.tsv"
    assert any("\t" in line for line in read_data_lines("safety_lexicon.tsv"))
    assert not (SRC / "redact" / "data" / "safety_lexicon.tsv").exists()
    assert next(word_lines("us_states.txt"))
    with pytest.raises(FileNotFoundError):
        next(read_data_lines("us_states.txt"))  # redaction's, not the screen's
