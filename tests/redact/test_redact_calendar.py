"""The shipped calendar table (`redact/data/calendar_names.tsv`) and what the rules take from it."""

import pytest

from medrubric.redact import redact_calendar
from medrubric.redact.redact_lexicon import lexicon, word_lines


def test_the_table_is_what_its_command_builds_from_dateparser():
    dateparser = pytest.importorskip("dateparser")
    shipped = list(word_lines("calendar_names.tsv"))
    built = ["\t".join(row) for row in redact_calendar.build()]
    assert shipped == built, f"rebuild with dateparser {dateparser.__version__}"


def test_the_table_holds_latin_names_of_many_languages():
    lex = lexicon()
    assert lex.weekdays["déardaoin"] == ("ga",)
    assert "id" in lex.months["des"] and "is" in lex.months["febrúar"]
    assert all(redact_calendar.latin_letters(name) for name in (*lex.months, *lex.weekdays))
    assert not any("ف" in name or "я" in name for name in lex.months)
