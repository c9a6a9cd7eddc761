"""The collection filter of LiveMedBench §3.1, with a reason code for every rejection.

Cheap checks run first (media, date, physician reply, character mix); language
identification runs in parallel batches on the survivors, then keywords (so a Spanish post is
rejected for its language, not for lacking English keywords); the safety screen and then
de-duplication against everything kept so far come last, so a duplicate of a thread that was
rejected for another reason is not counted as a duplicate.

Threads stream through in batches: `screen_batch` applies every per-thread rule to a batch
(any partition of the input will do), `decide_batch` adds de-duplication against one
`DuplicateIndex` in input order. Memory stays bounded by a batch plus the index.
"""

from __future__ import annotations

import datetime as dt
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import islice

from pydantic import BaseModel, ConfigDict, Field

from medrubric.data.models import Thread
from medrubric.data.vocab import AuthorRole, Language
from medrubric.harvest.dedup import DuplicateIndex
from medrubric.harvest.keywords import keyword_matcher
from medrubric.harvest.langid import SAMPLE_CHARS, LanguageHelper, detector, identify_batch
from medrubric.harvest.reasons import Rejection
from medrubric.harvest.safety import screen_thread
from medrubric.harvest.text import non_alnum_ratio, normalise

BATCH_SIZE = 2048
SUPPORTED_LANGUAGES: tuple[Language, ...] = ("en", "zh")
DEFAULT_REPLY_ROLES: tuple[AuthorRole, ...] = ("physician",)


class FilterConfig(BaseModel):
    """Filter thresholds; the defaults are the paper's rules."""

    model_config = ConfigDict(extra="forbid")

    since: dt.date = dt.date(2023, 1, 1)
    keep_undated: bool = False
    languages: list[Language] = Field(default_factory=lambda: list(SUPPORTED_LANGUAGES))
    max_non_alnum: float = Field(0.5, gt=0, le=1)
    require_keyword: bool = True
    allow_media: bool = False
    reply_roles: list[AuthorRole] = Field(default_factory=lambda: list(DEFAULT_REPLY_ROLES))
    require_verified: bool = True
    screen: bool = True
    dedup: bool = True
    near_duplicate_threshold: float = Field(0.8, gt=0, lt=1)
    num_perm: int = Field(128, ge=16)


class FilterResult(BaseModel):
    kept: list[Thread]
    rejected: list[Rejection]

    def counts(self) -> dict[str, int]:
        """Number of threads per outcome: 'kept' and every reason code seen."""
        counts = Counter(r.reason for r in self.rejected)
        return {"kept": len(self.kept), **dict(counts.most_common())}


def has_physician_reply(thread: Thread, config: FilterConfig) -> bool:
    return any(
        m.author_role in config.reply_roles and (m.verified or not config.require_verified)
        for m in thread.messages
    )


def cheap_rejection(thread: Thread, text: str, config: FilterConfig) -> tuple[str, str] | None:
    """(reason, detail) for the first failed rule that needs no language model."""
    if thread.has_media and not config.allow_media:
        return "has_media", ""
    if thread.published_at is None:
        if not config.keep_undated:
            return "no_date", ""
    elif thread.published_at.date() < config.since:
        return "too_old", f"published {thread.published_at.date()} < {config.since}"
    if not has_physician_reply(thread, config):
        verified = "verified " if config.require_verified else ""
        return "no_physician_reply", f"no {verified}reply by {'/'.join(config.reply_roles)}"
    ratio = non_alnum_ratio(text)
    if ratio >= config.max_non_alnum:
        return "non_alnum", f"{ratio:.0%} non-alphanumeric"
    return None


Outcome = tuple[str, str] | None  # (reason, detail) of a rejection, None for a pass


@dataclass
class Screened:
    """What the per-thread rules say about one thread: its rejection (None if it passed), its
    language, and its normalised text (the input of de-duplication) when it passed."""

    outcome: Outcome
    language: str | None = None
    norm_text: str = ""


@dataclass
class _Pending:
    """A batch whose cheap rules are done and whose survivors await their languages."""

    threads: Sequence[Thread]
    texts: list[str]
    screened: list[Screened]
    survivors: list[int]

    @classmethod
    def start(cls, threads: Sequence[Thread], config: FilterConfig) -> _Pending:
        texts = [t.text() for t in threads]
        screened = [
            Screened(cheap_rejection(t, x, config)) for t, x in zip(threads, texts, strict=True)
        ]
        survivors = [i for i, s in enumerate(screened) if s.outcome is None]
        return cls(threads, texts, screened, survivors)

    def language_input(self) -> list[str]:
        return [self.texts[i][:SAMPLE_CHARS] for i in self.survivors]

    def finish(self, languages: list[str | None], config: FilterConfig) -> list[Screened]:
        for i, language in zip(self.survivors, languages, strict=True):
            self.screened[i] = _late_screen(self.threads[i], self.texts[i], language, config)
        return self.screened


def screen_batch(threads: Sequence[Thread], config: FilterConfig) -> list[Screened]:
    """Every rule except de-duplication, for a batch of threads that need nothing from each
    other: it can run on any partition of the input, in any order."""
    pending = _Pending.start(threads, config)
    return pending.finish(identify_batch(pending.language_input()), config)


def _deduplicate(
    threads: Sequence[Thread], screened: list[Screened], index: DuplicateIndex | None
) -> list[tuple[Thread, Rejection | None]]:
    passed = [i for i, s in enumerate(screened) if s.outcome is None]
    if index is not None and passed:
        duplicates = index.check_batch(
            [threads[i].key for i in passed], [screened[i].norm_text for i in passed]
        )
        for i, duplicate in zip(passed, duplicates, strict=True):
            if duplicate is not None:
                screened[i].outcome = (duplicate[0], f"of {duplicate[1]}")
    decisions: list[tuple[Thread, Rejection | None]] = []
    for thread, s in zip(threads, screened, strict=True):
        if s.outcome is None:
            decisions.append((thread.model_copy(update={"language": s.language}), None))
        else:
            reason, detail = s.outcome
            decisions.append(
                (thread, Rejection(thread_key=thread.key, reason=reason, detail=detail))
            )
    return decisions


def decide_batch(
    threads: Sequence[Thread], config: FilterConfig, index: DuplicateIndex | None
) -> list[tuple[Thread, Rejection | None]]:
    """(thread, None) for kept threads (language set) and (thread, Rejection) otherwise; the
    threads are checked against `index`, and the kept ones added to it, in order."""
    return _deduplicate(threads, screen_batch(threads, config), index)


def iter_decisions(
    threads: Iterable[Thread],
    config: FilterConfig | None = None,
    *,
    batch_size: int = BATCH_SIZE,
    helper_process: bool | None = None,
) -> Iterator[tuple[Thread, Rejection | None]]:
    """Stream (thread, None) for kept threads (language set) and (thread, Rejection) otherwise,
    holding a couple of batches at a time.

    Language identification is most of the work and holds the GIL, so from the second batch
    on (`helper_process`: by default when there are two or more CPUs) one helper process
    identifies most of the next batch while this process identifies the rest and finishes the
    current one."""
    config = config or FilterConfig()
    index = (
        DuplicateIndex(config.near_duplicate_threshold, config.num_perm) if config.dedup else None
    )
    if helper_process is None:
        helper_process = (os.cpu_count() or 1) >= 2
    iterator = iter(threads)
    helper: LanguageHelper | None = None
    previous: tuple[_Pending, Callable[[], list[str | None]]] | None = None
    try:
        while batch := list(islice(iterator, batch_size)):
            pending = _Pending.start(batch, config)
            receive: Callable[[], list[str | None]]
            if previous is None or not helper_process:
                receive = partial(list, identify_batch(pending.language_input()))
            else:
                helper = helper or LanguageHelper()
                receive = helper.split(pending.language_input())
            if previous is not None:
                yield from _finish(*previous, config, index)
            previous = (pending, receive)
        if previous is not None:
            yield from _finish(*previous, config, index)
    finally:
        if helper is not None:
            helper.close()


def _finish(
    pending: _Pending,
    receive: Callable[[], list[str | None]],
    config: FilterConfig,
    index: DuplicateIndex | None,
) -> list[tuple[Thread, Rejection | None]]:
    return _deduplicate(pending.threads, pending.finish(receive(), config), index)


def _late_screen(thread: Thread, text: str, language: str | None, config: FilterConfig) -> Screened:
    if language not in config.languages:
        return Screened(("language", f"detected {language or 'undetermined'}"), language)
    norm = normalise(text)
    if config.require_keyword and keyword_matcher().first(norm, normalised=True) is None:
        return Screened(("no_keyword", ""), language)
    if config.screen:
        screened = screen_thread(thread, normalised_text=norm)
        if screened is not None:
            return Screened((screened.reason, screened.detail), language)
    return Screened(None, language, norm)


def filter_threads(threads: Iterable[Thread], config: FilterConfig | None = None) -> FilterResult:
    """Apply the collection filter; every dropped thread gets a `Rejection`."""
    kept: list[Thread] = []
    rejected: list[Rejection] = []
    for thread, rejection in iter_decisions(threads, config):
        if rejection is None:
            kept.append(thread)
        else:
            rejected.append(rejection)
    return FilterResult(kept=kept, rejected=rejected)


def warm_up() -> None:
    """Build the keyword automaton and language detector before timing or a progress bar."""
    keyword_matcher()
    detector()
