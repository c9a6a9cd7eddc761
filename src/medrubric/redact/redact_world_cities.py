"""Build `data/places_world_zh.txt`: cities outside China as Chinese text writes them, from
the names CLDR gives the example city of every time zone (Babel's `zh` and `zh_Hant` locale
data: 达累斯萨拉姆, 帕拉马里博, 比什凯克, 聖地牙哥), beside the hand-written
`places_foreign_zh.txt`.

Left out: cities of China and its special regions (乌鲁木齐, 上海, 香港: the Chinese
gazetteer and the province rules hold them), names that are also a country's or a
territory's (留尼汪, 巴林: not_identifiers keeps countries), Antarctic stations, and names of
one or two characters (万象, 金边, 昭和, 威克 are also everyday words or parts of names; the
hand-written list holds the two-character capitals a post names, 伦敦, 巴黎).

    pip install babel==2.19.0
    python -m medrubric.redact.redact_world_cities   # rewrites the file
"""

from __future__ import annotations

from pathlib import Path

from medrubric.files import write_text_atomic

OUT = Path(__file__).parent / "data" / "places_world_zh.txt"
LOCALES = ("zh", "zh_Hant")
# Time zones of China and its special regions, whose cities the Chinese gazetteer holds.
CHINA_ZONES = ("Asia/Shanghai", "Asia/Urumqi", "Asia/Hong_Kong", "Asia/Macau", "Asia/Taipei")


def build() -> list[str]:
    """Every kept example city of the time zones in the locales, sorted."""
    from babel import Locale

    cities: set[str] = set()
    for name in LOCALES:
        locale = Locale.parse(name)
        territories = set(locale.territories.values())
        for zone, names in locale.time_zones.items():
            city = names.get("city")
            if (
                city
                and len(city) > 2
                and city not in territories
                and zone not in CHINA_ZONES
                and not zone.startswith("Antarctica/")
            ):
                cities.add(city)
    return sorted(cities)


def main() -> None:
    import babel

    header = (
        "# Cities outside China in Chinese text: the example cities of CLDR's time zones"
        f" (Babel {babel.__version__},\n# zh and zh_Hant), built by"
        " medrubric.redact.redact_world_cities; one a line.\n"
    )
    write_text_atomic(OUT, header + "".join(f"{city}\n" for city in build()))


if __name__ == "__main__":
    main()
