"""Build `data/names_given_freq.tsv`, the given-name gazetteer with frequency ranks.

names-dataset (Apache-2.0) holds first-name counts per country but takes ~18 s and ~1.9 GB
of memory to load, too heavy for a redaction worker, so its top names are extracted once
into a small shipped file: a name's rank is its best rank among the countries below (1 = the
most common given name of some country). Names that are everyday English words ("Will",
"Hope", "Mark", "May") are left out, since the rules meet them capitalised at the start of a
sentence. `data/names_given_extra.txt` adds hand-listed names that the extract lacks (Welsh,
Tibetan and Uyghur names; names written with accents).

    pip install names-dataset==3.3.1
    python -m medrubric.redact.redact_gazetteer   # rewrites data/names_given_freq.tsv
"""

from __future__ import annotations

import re
from pathlib import Path

from medrubric.screen.keywords import read_data_lines

COUNTRIES = [
    "GB",
    "IE",
    "US",
    "CA",
    "IN",
    "CN",
    "KZ",
    "TR",
    "BD",
    "NG",
    "PH",
    "ZA",
    "MY",
    "SG",
    "HK",
    "TW",
]  # names-dataset has no AU/NZ/NP
TOP = 400
OUT = Path(__file__).parent / "data" / "names_given_freq.tsv"
_SHAPE = re.compile(r"[A-Z][a-zà-ÿ]+(?:-[A-Z][a-zà-ÿ]+)?")


def build() -> list[tuple[str, int]]:
    from names_dataset import NameDataset

    dataset = NameDataset()
    stop = {word for line in read_data_lines("not_names_en.txt") for word in line.split()}
    best: dict[str, int] = {}
    for country in COUNTRIES:
        for genders in dataset.get_top_names(n=TOP, country_alpha2=country).values():
            for names in genders.values():
                for rank, name in enumerate(names, 1):
                    if _SHAPE.fullmatch(name) and name not in stop and len(name) > 2:
                        best[name] = min(best.get(name, rank), rank)
    return sorted(best.items(), key=lambda item: (item[1], item[0]))


def main() -> None:
    header = (
        "# Given names with their best frequency rank in any of "
        f"{' '.join(COUNTRIES)} (top {TOP} per gender),\n"
        "# extracted from names-dataset 3.3.1 by medrubric.redact.redact_gazetteer.\n"
    )
    OUT.write_text(header + "".join(f"{n}\t{r}\n" for n, r in build()), encoding="utf-8")


if __name__ == "__main__":
    main()
