"""`--cases-filter` expressions: pick cases by language, theme, specialty, source or date.

Each expression is `key=value` (comma-separated values mean "any of"); several expressions
must all hold, e.g. `language=zh`, `theme=emergency_referrals`, `published_after=2025-01-01`
(on or after), `published_before=2026-01-01` (strictly before), `id=case-1,case-2`.
Cases without a publication date never pass a date filter.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence

from medrubric.data.models import Case
from medrubric.data.vocab import normalise_label
from medrubric.errors import InputError

CasePredicate = Callable[[Case], bool]

_CHOICE_KEYS: dict[str, Callable[[Case], str]] = {
    "id": lambda c: c.id.lower(),
    "language": lambda c: c.language,
    "theme": lambda c: c.theme,
    "specialty": lambda c: c.specialty.lower(),
    "source": lambda c: c.source.lower(),
}
_DATE_KEYS = ("published_after", "published_before")


def _parse_date(key: str, value: str) -> dt.date:
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise InputError(
            f"--cases-filter {key}: {value!r} is not an ISO date (YYYY-MM-DD)"
        ) from None


def parse_filter(expression: str) -> CasePredicate:
    """One `key=value` expression as a predicate over cases."""
    key, sep, value = expression.partition("=")
    key, value = key.strip().lower(), value.strip()
    if not sep or not value:
        raise InputError(f"--cases-filter {expression!r}: expected key=value")
    if key in _CHOICE_KEYS:
        field = _CHOICE_KEYS[key]
        wanted = {
            normalise_label(v) if key == "theme" else v.strip().lower() for v in value.split(",")
        }
        return lambda case: field(case) in wanted
    if key in _DATE_KEYS:
        bound = _parse_date(key, value)
        if key == "published_after":
            return lambda case: case.published_at is not None and case.published_at >= bound
        return lambda case: case.published_at is not None and case.published_at < bound
    known = ", ".join([*_CHOICE_KEYS, *_DATE_KEYS])
    raise InputError(f"--cases-filter {expression!r}: unknown key {key!r} (known: {known})")


def select_cases(
    cases: Iterable[Case], filters: Sequence[str] = (), limit: int | None = None
) -> list[Case]:
    """Cases passing every filter, in file order, at most `limit` of them."""
    return list(iter_selected(cases, filters, limit))


def iter_selected(
    cases: Iterable[Case], filters: Sequence[str] = (), limit: int | None = None
) -> Iterator[Case]:
    """`select_cases` one case at a time (the filters and limit are checked at once); filters
    that match no case raise `InputError` naming the values the cases hold (`no_match`)."""
    predicates = [parse_filter(f) for f in filters]
    if limit is not None and limit < 1:
        raise InputError(f"--limit must be at least 1, got {limit}")
    return itertools.islice(_chosen(cases, filters, predicates), limit)


def _chosen(
    cases: Iterable[Case], filters: Sequence[str], predicates: Sequence[CasePredicate]
) -> Iterator[Case]:
    """The cases passing every predicate; until the first passes, the values of the filtered
    keys are tallied, for the error when none does."""
    seen: dict[str, set[str]] = {key: set() for key in _filter_keys(filters)}
    found = False
    for case in cases:
        if all(p(case) for p in predicates):
            found = True
            yield case
        elif not found:
            for key, values in seen.items():
                value = _value(key, case)
                if value is not None:
                    values.add(value)
    if not found and filters:
        raise no_match(filters, seen)


def _filter_keys(filters: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(f.partition("=")[0].strip().lower() for f in filters))


def _value(key: str, case: Case) -> str | None:
    if key in _CHOICE_KEYS:
        return _CHOICE_KEYS[key](case)
    return None if case.published_at is None else case.published_at.isoformat()


# The most values of one key an error lists (the others are counted).
SHOWN_VALUES = 12


def no_match(filters: Sequence[str], seen: dict[str, set[str]]) -> InputError:
    """`--cases-filter ...` matching no case, in one line: the values each filtered key has in
    the cases (publication dates as their range; ids counted) and the keys accepted."""
    parts = []
    for key, values in seen.items():
        ordered = sorted(values)
        if not ordered:
            parts.append(f"{key}: none")
        elif key in _DATE_KEYS:
            parts.append(f"published: {ordered[0]} to {ordered[-1]}")
        elif key == "id":
            parts.append(f"id: {len(ordered)} ids")
        else:
            more = len(ordered) - SHOWN_VALUES
            shown = ", ".join(ordered[:SHOWN_VALUES]) + (f" and {more} more" if more > 0 else "")
            parts.append(f"{key}: {shown}")
    known = ", ".join([*_CHOICE_KEYS, *_DATE_KEYS])
    return InputError(
        f"--cases-filter {' '.join(filters)} matches no case; the cases have "
        f"{'; '.join(dict.fromkeys(parts))} (keys: {known})"
    )
