"""Build the shipped calendar table `data/calendar_names.tsv`: the names of the months and
weekdays, full and short, in every language dateparser knows that writes them in Latin
letters (Irish déardaoin, Gaelic diciadain, Icelandic febrúar, Indonesian des, Spanish
marzo, French août).

A date is written in the language of the person who writes it, not of the forum: an
English-language post from Connemara books the nurse for Déardaoin, a vaccination card from
French Guiana gives a birth date as 17 août 2019. The redactor's rules (`calendar_rules`)
read this table instead of one hand-made list of month names per language. dateparser
(BSD-3-Clause) carries the CLDR names of 200 languages; its data is read once here, so the
redactor does not depend on it.

Each line: the name (lower case), `month` or `weekday`, and the languages that write it.

    pip install dateparser==1.5.0
    python -m medrubric.redact.redact_calendar   # rewrites the table
"""

from __future__ import annotations

import importlib
import pkgutil
import unicodedata
from collections import defaultdict
from pathlib import Path

from medrubric.files import write_text_atomic

OUT = Path(__file__).parent / "data" / "calendar_names.tsv"
MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def latin_letters(name: str) -> bool:
    """Written in Latin letters, with at most spaces, apostrophes and hyphens between them."""
    return any(c.isalpha() for c in name) and all(
        (c.isalpha() and unicodedata.name(c, "").startswith("LATIN")) or c in " '’-" for c in name
    )


def build() -> list[tuple[str, str, str]]:
    """(name, kind, languages) for every Latin-letter month and weekday name, sorted."""
    import dateparser.data.date_translation_data as data

    found: dict[tuple[str, str], set[str]] = defaultdict(set)
    for module in pkgutil.iter_modules(data.__path__):
        info = importlib.import_module(f"{data.__name__}.{module.name}").info
        for kind, keys in (("month", MONTHS), ("weekday", WEEKDAYS)):
            for key in keys:
                for name in info.get(key, []):
                    name = name.strip().rstrip(".").lower()
                    if latin_letters(name):
                        found[(name, kind)].add(info.get("name", module.name))
    return sorted((name, kind, ",".join(sorted(langs))) for (name, kind), langs in found.items())


def main() -> None:
    import dateparser

    header = (
        "# Month and weekday names in Latin letters, by language: extracted from dateparser "
        f"{dateparser.__version__} (CLDR)\n# by medrubric.redact.redact_calendar.\n"
    )
    rows = "".join(f"{name}\t{kind}\t{langs}\n" for name, kind, langs in build())
    write_text_atomic(OUT, header + rows)


if __name__ == "__main__":
    main()
