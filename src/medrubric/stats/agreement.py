"""Inter-rater agreement: Gwet's AC1, Fleiss' and Cohen's kappa, raw pairwise agreement.

Ratings are an items x raters table of any hashable labels; ``None`` or NaN marks a
rating that was not given. Items nobody rated are dropped. The multi-rater coefficients
follow Gwet (2014), *Handbook of Inter-Rater Reliability*, which handles missing ratings:
observed agreement averages over items with at least two ratings, and category shares
average each item's own shares.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from medrubric.stats._arrays import FloatArray, IntArray, factorize, is_missing

__all__ = [
    "AgreementResult",
    "cohen_kappa",
    "fleiss_kappa",
    "fleiss_kappa_from_sums",
    "gwet_ac1",
    "gwet_ac1_from_sums",
    "gwet_ac1_terms",
    "raw_agreement",
]


@dataclass(frozen=True, slots=True)
class AgreementResult:
    """A chance-corrected agreement coefficient (pa - pe) / (1 - pe) and its parts."""

    statistic: float
    observed_agreement: float
    chance_agreement: float
    n_items: int
    n_raters: int

    def __float__(self) -> float:
        return self.statistic


@dataclass(frozen=True, slots=True)
class _CountTable:
    """How many raters gave each category to each (rated) item."""

    counts: FloatArray  # items x categories
    categories: list[Hashable]
    n_raters: int

    @property
    def raters_per_item(self) -> FloatArray:
        return self.counts.sum(axis=1)


def _rows(ratings: Any) -> list[Sequence[Any]]:
    table = np.asarray(ratings, dtype=object)
    if table.ndim != 2:
        raise ValueError(f"ratings must be an items x raters table, got shape {table.shape}")
    return [list(row) for row in table]


def _count_table(
    ratings: Any, categories: Iterable[Hashable] | None, *, keep_unrated: bool = False
) -> _CountTable:
    rows = _rows(ratings)
    given = [(i, value) for i, row in enumerate(rows) for value in row if not is_missing(value)]
    item_of = np.array([i for i, _ in given], dtype=np.intp)
    values = [value for _, value in given]
    if categories is None:
        codes, labels = factorize(values)
    else:
        labels = list(categories)
        codes = _codes_in(labels, values)
    counts = np.zeros((len(rows), len(labels)))
    np.add.at(counts, (item_of, codes), 1.0)
    kept = counts if keep_unrated else counts[counts.sum(axis=1) > 0]
    return _CountTable(kept, labels, len(rows[0]) if rows else 0)


def _codes_in(categories: list[Hashable], values: list[Hashable]) -> IntArray:
    index = {category: j for j, category in enumerate(categories)}
    unknown = [value for value in values if value not in index]
    if unknown:
        raise ValueError(f"rating {unknown[0]!r} is not one of the categories {categories}")
    return np.array([index[value] for value in values], dtype=np.intp)


def _counts_from_table(counts: Any) -> _CountTable:
    table = np.asarray(counts, dtype=float)
    if table.ndim != 2:
        raise ValueError(f"counts must be an items x categories table, got shape {table.shape}")
    if (table < 0).any() or (table != np.round(table)).any():
        raise ValueError("counts must be non-negative whole numbers")
    rated = table.sum(axis=1) > 0
    n_raters = int(table.sum(axis=1).max()) if table.size else 0
    return _CountTable(table[rated], list(range(table.shape[1])), n_raters)


def _item_terms(counts: FloatArray) -> FloatArray:
    """Per item: [rated twice or more (0/1), share of agreeing rater pairs (0 below two
    ratings), rated at all (0/1), share of its ratings in each category]. Observed agreement
    and category shares of any set of items come from the column sums of its rows."""
    r = counts.sum(axis=1)
    multi, rated = r >= 2, r > 0
    agreeing = np.zeros_like(r)
    agreeing[multi] = (counts[multi] * (counts[multi] - 1)).sum(axis=1) / (
        r[multi] * (r[multi] - 1)
    )
    shares = np.zeros_like(counts)
    shares[rated] = counts[rated] / r[rated, None]
    return np.column_stack([multi, agreeing, rated, shares]).astype(float)


def _parts(sums: ArrayLike) -> tuple[FloatArray, FloatArray]:
    """(observed agreement, category shares pi) of each row of summed `_item_terms`: the mean
    over items rated twice or more of their agreeing pair share, and the mean over rated items
    of their share of ratings in each category."""
    s = np.atleast_2d(np.asarray(sums, dtype=float))
    with np.errstate(invalid="ignore", divide="ignore"):
        return s[:, 1] / s[:, 0], s[:, 3:] / s[:, 2:3]


def _observed_agreement(table: _CountTable) -> float:
    return float(_parts(_item_terms(table.counts).sum(axis=0))[0][0])


def _category_shares(table: _CountTable) -> FloatArray:
    return _parts(_item_terms(table.counts).sum(axis=0))[1][0]


def _coefficient(pa: float, pe: float) -> float:
    if math.isnan(pa) or math.isnan(pe) or pe >= 1.0:
        return math.nan
    return (pa - pe) / (1.0 - pe)


def gwet_ac1_terms(ratings: Any, categories: Iterable[Hashable] | None = None) -> FloatArray:
    """One row of additive terms per item of an items x raters table (an unrated item's row
    is zeros): `gwet_ac1_from_sums` of the column sums over any set of rows is that set's
    multi-rater AC1, so a cluster bootstrap can resample groups of items by adding rows."""
    return _item_terms(_count_table(ratings, categories, keep_unrated=True).counts)


def _ac1_chance(pi: FloatArray) -> FloatArray:
    """AC1's chance agreement sum_k pi_k (1 - pi_k) / (q - 1), per row of shares."""
    out: FloatArray = (pi * (1 - pi)).sum(axis=1) / (pi.shape[1] - 1)
    return out


def gwet_ac1_from_sums(sums: ArrayLike) -> FloatArray:
    """Gwet's AC1 of each row of summed `gwet_ac1_terms`: nan where no item was rated twice,
    1.0 on a one-category scale."""
    pa, pi = _parts(sums)
    if pi.shape[1] < 2:
        return np.where(np.isnan(pa), math.nan, 1.0)
    pe = _ac1_chance(pi)
    with np.errstate(invalid="ignore", divide="ignore"):
        out: FloatArray = np.where(pe < 1.0, (pa - pe) / (1.0 - pe), math.nan)
    return out


def fleiss_kappa_from_sums(sums: ArrayLike) -> FloatArray:
    """Fleiss' kappa (pe = sum_k pi_k^2, Gwet's handling of missing ratings) of each row of
    summed `gwet_ac1_terms`, for a cluster bootstrap as `gwet_ac1_from_sums`; nan where
    undefined (no item rated twice, or every rating in one category)."""
    pa, pi = _parts(sums)
    pe = (pi**2).sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        out: FloatArray = np.where(pe < 1.0, (pa - pe) / (1.0 - pe), math.nan)
    return out


def gwet_ac1(ratings: Any, categories: Iterable[Hashable] | None = None) -> AgreementResult:
    """Gwet's AC1 for any number of raters and categories, missing ratings allowed.

    Chance agreement is pe = sum_k pi_k (1 - pi_k) / (q - 1), which stays small when one
    category dominates, so AC1 does not collapse the way kappa does on skewed data.
    ``categories`` lists the full scale (q) when some category was never used. With a
    single category every rating agrees and AC1 is 1.0.
    """
    table = _count_table(ratings, categories)
    sums = _item_terms(table.counts).sum(axis=0)
    pa, pi = _parts(sums)
    pe = float(_ac1_chance(pi)[0]) if pi.shape[1] >= 2 else math.nan
    statistic = float(gwet_ac1_from_sums(sums)[0])
    return AgreementResult(statistic, float(pa[0]), pe, table.counts.shape[0], table.n_raters)


def fleiss_kappa(
    ratings: Any, categories: Iterable[Hashable] | None = None, as_counts: bool = False
) -> AgreementResult:
    """Fleiss' kappa; pe = sum_k pi_k^2. nan when every rating is in one category.

    ``ratings`` is items x raters labels, or with ``as_counts`` an items x categories
    table of how many raters chose each category. Missing ratings use Gwet's extension;
    with complete data this is Fleiss (1971) exactly.
    """
    table = _counts_from_table(ratings) if as_counts else _count_table(ratings, categories)
    pa = _observed_agreement(table)
    pi = _category_shares(table) if table.counts.shape[0] else np.array([])
    pe = float(np.sum(pi**2)) if pi.size else math.nan
    return AgreementResult(_coefficient(pa, pe), pa, pe, table.counts.shape[0], table.n_raters)


def raw_agreement(ratings: Any) -> float:
    """Pairwise percent agreement: share of agreeing rater pairs, averaged over items.

    Items with fewer than two ratings carry no pair and are skipped; nan if none has two.
    """
    return _observed_agreement(_count_table(ratings, None))


def _complete_pairs(a: Iterable[Hashable], b: Iterable[Hashable]) -> tuple[list[Any], list[Any]]:
    first, second = list(a), list(b)
    if len(first) != len(second):
        raise ValueError(f"a and b differ in length: {len(first)} != {len(second)}")
    kept = [
        (x, y) for x, y in zip(first, second, strict=True) if not (is_missing(x) or is_missing(y))
    ]
    return [x for x, _ in kept], [y for _, y in kept]


def cohen_kappa(a: Iterable[Hashable], b: Iterable[Hashable]) -> AgreementResult:
    """Cohen's kappa for two raters; items either rater left blank are dropped.

    pe = sum_k p_a(k) p_b(k) uses each rater's own marginals. nan when both raters used
    one and the same single category (pe = 1) or nothing is left.
    """
    x, y = _complete_pairs(a, b)
    codes, labels = factorize(x + y)
    n = len(x)
    if n == 0:
        return AgreementResult(math.nan, math.nan, math.nan, 0, 2)
    confusion = np.zeros((len(labels), len(labels)))
    np.add.at(confusion, (codes[:n], codes[n:]), 1.0)
    confusion /= n
    pa = float(np.trace(confusion))
    pe = float(confusion.sum(axis=1) @ confusion.sum(axis=0))
    return AgreementResult(_coefficient(pa, pe), pa, pe, n, 2)
