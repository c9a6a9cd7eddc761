"""Which answers a run's report draws in full, chosen in one pass over its grades in bounded
memory: the `LISTED_ANSWERS` lowest-scoring answers and the `LISTED_HARMS` heaviest harmful
criteria met (a met criterion of negative weight). summary.json's pass over the grades picks
them as it goes, so the report does not read the grades again."""

from __future__ import annotations

import heapq
from collections.abc import Callable
from typing import Any

from medrubric.data.models import CaseGrade, Verdict
from medrubric.scoring.scored import score_verdicts

LISTED_ANSWERS = 1000  # answers drawn in full in report.html, lowest score first
LISTED_HARMS = 1000  # harmful criteria met listed, heaviest first (their answers are drawn too)
CaseKey = tuple[bool, float, float, str, int]


def is_harm(v: Verdict) -> bool:
    """A verdict that took points off its case: a criterion without a positive weight, met."""
    return v.error is None and bool(v.met) and not v.weight > 0


def grade_key(grade: CaseGrade, clip: bool) -> CaseKey:
    """Lowest score first, ties (many cases clip to 0%) broken by the unclipped score, so the
    answers that lost most come first; answers without a score (failed or unscorable) last."""
    if grade.response_error:
        return (True, 0.0, 0.0, grade.case_id, grade.epoch)
    score = score_verdicts(grade.criteria, clip)
    unclipped = score_verdicts(grade.criteria, clip=False)
    return (
        score is None,
        0.0 if score is None else score,
        0.0 if unclipped is None else unclipped,
        grade.case_id,
        grade.epoch,
    )


class _Largest:
    """Orders the other way, so that heapq's smallest-first heap keeps its largest key on
    top: the entry to drop when a smaller one comes."""

    __slots__ = ("key",)

    def __init__(self, key: tuple[Any, ...]) -> None:
        self.key = key

    def __lt__(self, other: _Largest) -> bool:
        return self.key > other.key


class _Smallest:
    """The `limit` entries with the smallest keys among those offered, in bounded memory."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.heap: list[tuple[_Largest, Any]] = []

    def admits(self, key: tuple[Any, ...]) -> bool:
        """Whether an entry of this key would be kept, as things stand."""
        return len(self.heap) < self.limit or key < self.heap[0][0].key

    def offer(self, key: tuple[Any, ...], item: Any) -> None:
        if len(self.heap) < self.limit:
            heapq.heappush(self.heap, (_Largest(key), item))
        elif key < self.heap[0][0].key:
            heapq.heapreplace(self.heap, (_Largest(key), item))

    def sorted(self) -> list[tuple[tuple[Any, ...], Any]]:
        return sorted(((k.key, item) for k, item in self.heap), key=lambda e: e[0])


class AnswerPicker:
    """Fed every grade of a run (`offer`), keeps the lowest-scoring answers and those with
    the heaviest harms, with the run's counts. What it keeps of an answer is its grade, or
    what `offer`'s `draw` makes of it (drawn only for an answer kept when offered: the
    report's card, drawn while a run grades)."""

    def __init__(self, clip: bool, limit: int | None = None, harm_limit: int | None = None):
        self.clip = clip
        self._lowest = _Smallest(LISTED_ANSWERS if limit is None else limit)
        self._heaviest = _Smallest(LISTED_HARMS if harm_limit is None else harm_limit)
        self.n_answers = 0  # answers in the run
        self.n_harms = 0  # harmful criteria met in the run
        self.n_harm_answers = 0  # answers with at least one

    def offer(self, grade: CaseGrade, draw: Callable[[CaseKey], Any] | None = None) -> None:
        self.n_answers += 1
        key = grade_key(grade, self.clip)
        harms = [(v.weight, key, n) for n, v in enumerate(grade.criteria) if is_harm(v)]
        item: Any = grade
        if draw is not None:
            kept = self._lowest.admits(key) or any(self._heaviest.admits(h) for h in harms)
            item = draw(key) if kept else None  # None: kept by neither, so never placed
        self._lowest.offer(key, item)
        for harm in harms:
            self._heaviest.offer(harm, item)
        self.n_harms += len(harms)
        self.n_harm_answers += bool(harms)

    def lowest(self) -> list[tuple[CaseKey, Any]]:
        """(key, grade or what was drawn of it) of the lowest-scoring answers kept, lowest
        first."""
        return self._lowest.sorted()  # type: ignore[return-value]

    def heaviest(self) -> list[tuple[int, CaseKey, int, Any]]:
        """(weight, key of the answer, position of the verdict, grade or what was drawn of
        it) of the heaviest harms kept, heaviest first (the most negative weight), then the
        lowest case."""
        return [(w, key, position, item) for (w, key, position), item in self._heaviest.sorted()]
