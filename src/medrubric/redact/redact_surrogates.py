"""Surrogate replacements for `medrubric redact --surrogates`.

Instead of a typed marker, each identifier becomes a realistic fake, consistent within one
thread: the same name always becomes the same fake name (and a surname or given name met on
its own becomes the same part of it: Siân Pritchard -> Ruth Fenwick, then Siân -> Ruth;
王秀英 -> 赵丽华, then 王先生 -> 赵先生); the same phone number, e-mail or place the same fake.
Every date is shifted by one random offset per thread (between 30 and 365 days, either way),
so intervals survive ("admitted 3 March, discharged 8 March" stays five days apart) while the
real dates do not; a date whose form is not understood becomes the marker [DATE]. An age over
89 becomes "90+" (its Safe Harbor category), never a fake age. Fakes of
structured identifiers keep the shape of the original (digits for digits, letters for
letters), phone numbers keep their first digit and e-mails, URLs and IP addresses use
reserved example domains and documentation addresses (example.org, 192.0.2.0/24).

The offset and the fakes come from a generator seeded from the operating system's entropy
unless a seeded `random.Random` is passed (tests), so a published thread does not reveal its
offset. Nothing about the mapping is written anywhere.
"""

from __future__ import annotations

import datetime as dt
import random
import re
import secrets
import string
from collections.abc import Callable
from functools import lru_cache

from medrubric.redact.redact_lexicon import lexicon, word_lines

_CJK = re.compile(r"[\u4e00-\u9fff]")


@lru_cache(maxsize=1)
def pools() -> dict[str, list[str]]:
    """The fake given names, surnames and places of `data/surrogates.tsv`, by pool name."""
    return {
        name: values.split()
        for name, values in (line.split("\t") for line in word_lines("surrogates.tsv"))
    }


_ZH_DIGITS = "〇一二三四五六七八九"
_MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
_ORDINALS = [
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
    "twenty-first",
    "twenty-second",
    "twenty-third",
    "twenty-fourth",
    "twenty-fifth",
    "twenty-sixth",
    "twenty-seventh",
    "twenty-eighth",
    "twenty-ninth",
    "thirtieth",
    "thirty-first",
]
_REFERENCE_YEAR = 2000  # a leap year, for dates written without one


def _suffix(day: int) -> str:
    if day in (11, 12, 13):
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


def _zh_number(n: int) -> str:
    tens, ones = divmod(n, 10)
    if tens == 0:
        return _ZH_DIGITS[ones]
    return ("" if tens == 1 else _ZH_DIGITS[tens]) + "十" + (_ZH_DIGITS[ones] if ones else "")


def _from_zh_number(text: str) -> int:
    if "十" not in text:
        return int("".join(str(_ZH_DIGITS.index("〇" if ch == "零" else ch)) for ch in text))
    tens, _, ones = text.partition("十")
    return (_ZH_DIGITS.index(tens) if tens else 1) * 10 + (_ZH_DIGITS.index(ones) if ones else 0)


def _month_number(name: str) -> int:
    key = name.rstrip(".").lower()[:3]
    return [m.lower()[:3] for m in _MONTHS].index(key) + 1


def _year(text: str | None) -> int | None:
    if not text:
        return None
    digits = text.strip(" ,'’")
    if len(digits) == 2:
        value = int(digits)
        return 2000 + value if value <= dt.date.today().year % 100 + 1 else 1900 + value
    return int(digits)


def _year_text(original: str, year: int) -> str:
    """The shifted year written like the original (2 or 4 digits, apostrophe kept)."""
    body = original.strip(" ,")
    if body.startswith(("'", "’")):
        return body[0] + f"{year % 100:02d}"
    return f"{year % 100:02d}" if len(body) == 2 else str(year)


_Formatter = Callable[[dt.date], str]
_MONTH_RE = (
    r"(?P<month>January|February|March|April|May|June|July|August|September|October|November"
    r"|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)(?P<dot>\.?)"
)
_ORDINAL_RE = "|".join(sorted(_ORDINALS, key=len, reverse=True))
_DAY_RE = rf"(?P<day>\d{{1,2}})(?P<suffix>st|nd|rd|th)?|(?P<word>{_ORDINAL_RE})"
_YEAR_RE = r"(?P<ysep>,?\s+)(?P<year>\d{4}|['’]\d\d)"
_EN_DAY_MONTH = re.compile(
    rf"(?P<the>the\s+)?(?:{_DAY_RE})\s+(?P<of>of\s+)?{_MONTH_RE}(?:{_YEAR_RE})?$"
)
_EN_MONTH_DAY = re.compile(rf"{_MONTH_RE}\s+(?P<the>the\s+)?(?:{_DAY_RE})(?:{_YEAR_RE})?$")
_NUMERIC = re.compile(r"(\d{1,4})([/.-])(\d{1,2})\2(\d{1,4})$")
_ZH_ARABIC = re.compile(r"(?:(\d{2}|\d{4})年)?(\d{1,2})月(\d{1,2})([日号])$")
_ZH_SPELLED = re.compile(
    r"(?:([〇零一二三四五六七八九]{2,4})年)?([一二三四五六七八九十]{1,3})月([一二三四五六七八九十]{1,4})([日号])$"
)
_ZH_SHORT = re.compile(r"(\d{1,2})\.(\d{1,2})$")


def _parse_en(text: str) -> tuple[dt.date, _Formatter] | None:
    m = _EN_DAY_MONTH.match(text) or _EN_MONTH_DAY.match(text)
    if m is None:
        return None
    day = int(m["day"]) if m["day"] else _ORDINALS.index(m["word"]) + 1
    year = _year(m["year"])
    date = dt.date(year or _REFERENCE_YEAR, _month_number(m["month"]), day)
    abbreviated = len(m["month"]) <= 4 and m["month"] not in ("June", "July", "May")
    day_first = m.re is _EN_DAY_MONTH

    def fmt(d: dt.date) -> str:
        month = _MONTHS[d.month - 1]
        month = month[:3] + m["dot"] if abbreviated else month
        if m["word"]:
            day_text = _ORDINALS[d.day - 1]
        else:
            day_text = f"{d.day:0{len(m['day'])}d}" + (_suffix(d.day) if m["suffix"] else "")
        the = m["the"] or ""
        core = (
            f"{the}{day_text} {m['of'] or ''}{month}" if day_first else f"{month} {the}{day_text}"
        )
        return core + (f"{m['ysep']}{_year_text(m['year'], d.year)}" if year else "")

    return date, fmt


def _parse_numeric(text: str) -> tuple[dt.date, _Formatter] | None:
    m = _NUMERIC.match(text)
    if m is None:
        return None
    a, sep, b, c = m.groups()
    if len(a) == 4:
        order, year_text = ("y", "m", "d"), a
    elif int(a) <= 31 and int(b) <= 12:
        order, year_text = ("d", "m", "y"), c
    else:
        order, year_text = ("m", "d", "y"), c
    values = dict(zip(order, (a, b, c), strict=True))
    date = dt.date(_year(year_text) or _REFERENCE_YEAR, int(values["m"]), int(values["d"]))

    def fmt(d: dt.date) -> str:
        out = {"y": _year_text(values["y"], d.year), "m": f"{d.month:0{len(values['m'])}d}"}
        out["d"] = f"{d.day:0{len(values['d'])}d}"
        return sep.join(out[k] for k in order)

    return date, fmt


def _parse_zh(text: str) -> tuple[dt.date, _Formatter] | None:
    if m := _ZH_ARABIC.match(text):
        year_text, month, day, end = m.groups()
        date = dt.date(_year(year_text) or _REFERENCE_YEAR, int(month), int(day))

        def fmt(d: dt.date) -> str:
            year = f"{_year_text(year_text, d.year)}年" if year_text else ""
            return f"{year}{d.month}月{d.day}{end}"

        return date, fmt
    if m := _ZH_SPELLED.match(text):
        year_text, month, day, end = m.groups()
        year = _from_zh_number(year_text) if year_text else None
        if year is not None and year < 100:
            year = _year(f"{year:02d}")
        date = dt.date(year or _REFERENCE_YEAR, _from_zh_number(month), _from_zh_number(day))

        def fmt_spelled(d: dt.date) -> str:
            y = (
                "".join(_ZH_DIGITS[int(ch)] for ch in str(d.year)[-len(year_text) :])
                if year_text
                else ""
            )
            return (f"{y}年" if y else "") + f"{_zh_number(d.month)}月{_zh_number(d.day)}{end}"

        return date, fmt_spelled
    if m := _ZH_SHORT.match(text):
        date = dt.date(_REFERENCE_YEAR, int(m[1]), int(m[2]))
        return date, lambda d: f"{d.month}.{d.day}"
    return None


def parse_date(text: str) -> tuple[dt.date, _Formatter] | None:
    """The date written in `text` and a function writing another date the same way, or
    None when the form is not understood (or is no valid date)."""
    try:
        return _parse_en(text.strip()) or _parse_numeric(text.strip()) or _parse_zh(text.strip())
    except ValueError:
        return None


class Surrogates:
    """Consistent fakes for the identifiers of one thread (see the module docstring)."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng or random.Random(secrets.randbits(64))
        self.offset = dt.timedelta(days=self._rng.choice((-1, 1)) * self._rng.randint(30, 365))
        self._fakes: dict[tuple[str, str], str] = {}

    def replace(self, kind: str, original: str) -> str:
        if kind == "AGE":  # no fake age: an age over 89 becomes its category
            return "90+"
        if kind in ("DATE", "DOB"):
            parsed = parse_date(original)
            if parsed is None:
                return f"[{kind}]"
            date, fmt = parsed
            return fmt(date + self.offset)
        if kind == "NAME":
            return self._name(original)
        key = (kind, " ".join(original.casefold().split()))
        if key not in self._fakes:
            self._fakes[key] = self._new(kind, original)
        return self._fakes[key]

    def _pick(self, kind: str, token: str, pool: list[str]) -> str:
        key = (kind, token)
        if key not in self._fakes:
            used = set(self._fakes.values())
            fresh = [p for p in pool if p not in used and p != token] or pool
            self._fakes[key] = self._rng.choice(fresh)
        return self._fakes[key]

    def _name(self, original: str) -> str:
        if _CJK.search(original):
            surname = next(
                (
                    s
                    for s in sorted(lexicon().zh_surnames, key=len, reverse=True)
                    if original.startswith(s)
                ),
                None,
            )
            if surname is None or len(original) > 4:
                return self._pick(
                    "zh-name",
                    original,
                    [s + g for s in pools()["surnames_zh"] for g in pools()["given_zh"]],
                )
            fake = self._pick("zh-surname", surname, pools()["surnames_zh"])
            given = original[len(surname) :]
            return fake + (self._pick("zh-given", given, pools()["given_zh"]) if given else "")
        out = []
        for i, word in enumerate(original.split()):
            # A word already met keeps its fake, whichever part of a name it was.
            kind = next(
                (k for k in ("en-given", "en-family") if (k, word) in self._fakes),
                "en-family" if i > 0 else "en-given",
            )
            out.append(
                self._pick(
                    kind, word, pools()["family_en"] if kind == "en-family" else pools()["given_en"]
                )
            )
        return " ".join(out)

    def _new(self, kind: str, original: str) -> str:
        n = len(self._fakes) + 1
        if kind == "EMAIL":
            return f"user{n}@example.org"
        if kind == "URL":
            return f"https://example.org/page{n}"
        if kind == "IP":
            return f"192.0.2.{n % 254 + 1}"
        if kind == "LOCATION":
            pool = pools()["places_zh"] if _CJK.search(original) else pools()["places_en"]
            return self._pick("place", original, pool)
        return self._reshape(original, keep_first=kind == "PHONE")

    def _reshape(self, original: str, *, keep_first: bool) -> str:
        """Random digits for digits (Chinese numerals for Chinese numerals), letters for
        letters, everything else kept; a phone number keeps its first digit."""
        out = []
        first_digit = True
        for ch in original:
            if ch.isdigit() and ch.isascii():
                out.append(ch if keep_first and first_digit else str(self._rng.randint(0, 9)))
                first_digit = False
            elif ch in "〇零一二三四五六七八九幺":
                out.append(ch if keep_first and first_digit else self._rng.choice(_ZH_DIGITS))
                first_digit = False
            elif ch.isascii() and ch.isalpha():
                letters = string.ascii_uppercase if ch.isupper() else string.ascii_lowercase
                out.append(self._rng.choice(letters))
            else:
                out.append(ch)
        return "".join(out)
