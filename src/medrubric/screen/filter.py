"""The collection filter of LiveMedBench §3.1, with a reason code for every rejection.

Cheap checks run first (media, date, physician reply, character mix); language
identification runs in parallel batches on the survivors, then keywords (so a Spanish post is
rejected for its language, not for lacking English keywords); the safety screen and then
de-duplication over all survivors come last, so a duplicate of a thread that was rejected for
another reason is not counted as a duplicate. Near-duplicates form connected groups and each
group keeps its smallest thread key, so the kept set does not depend on input order or on how
the input is split across processes or machines.

Threads are screened in batches: `screen_batch` applies every per-thread rule to a batch (any
partition of the input will do). De-duplication needs every survivor, so `iter_decisions`
holds the decided threads until the input ends; `medrubric filter` (screen/filter_run.py)
keeps them in partition files instead.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import islice

from pydantic import BaseModel, ConfigDict, Field

from medrubric.data.models import Thread
from medrubric.data.vocab import AuthorRole, Language
from medrubric.screen.dedup import DuplicateFinder
from medrubric.screen.keywords import keyword_matcher
from medrubric.screen.langid import (
    SAMPLE_CHARS,
    LanguageHelper,
    detector,
    identify_batch,
    language_helper,
)
from medrubric.screen.reasons import Rejection
from medrubric.screen.safety import screen_thread
from medrubric.screen.text import non_alnum_ratio, normalise

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


def decision(thread: Thread, screened: Screened) -> tuple[Thread, Rejection | None]:
    """(thread with its language set, None) for a pass, (thread, Rejection) otherwise."""
    if screened.outcome is None:
        return thread.model_copy(update={"language": screened.language}), None
    reason, detail = screened.outcome
    return thread, Rejection(thread_key=thread.key, reason=reason, detail=detail)


def duplicate_rejection(thread: Thread, found: tuple[str, str]) -> Rejection:
    return Rejection(thread_key=thread.key, reason=found[0], detail=f"of {found[1]}")


def iter_decisions(
    threads: Iterable[Thread],
    config: FilterConfig | None = None,
    *,
    batch_size: int = BATCH_SIZE,
    helper_process: bool | None = None,
) -> Iterator[tuple[Thread, Rejection | None]]:
    """(thread, None) for kept threads (language set) and (thread, Rejection) otherwise, in
    input order, once the whole input is screened (de-duplication links all survivors);
    `helper_process` as in `language_helper`."""
    config = config or FilterConfig()
    finder = DuplicateFinder(config.near_duplicate_threshold, config.num_perm)
    decided: list[tuple[Thread, Rejection | None]] = []
    with language_helper(helper_process) as helper:
        for batch, screened in screened_batches(threads, config, batch_size, helper):
            passed = [i for i, s in enumerate(screened) if s.outcome is None]
            if config.dedup and passed:
                finder.add(
                    [len(decided) + i for i in passed],
                    [batch[i].key for i in passed],
                    [screened[i].norm_text for i in passed],
                )
            decided.extend(map(decision, batch, screened))
    duplicates = finder.resolve()
    for node, (thread, rejection) in enumerate(decided):
        found = duplicates.get(node)
        yield (thread, duplicate_rejection(thread, found)) if found else (thread, rejection)


def screened_batches(
    threads: Iterable[Thread],
    config: FilterConfig,
    batch_size: int = BATCH_SIZE,
    helper: LanguageHelper | None = None,
) -> Iterator[tuple[Sequence[Thread], list[Screened]]]:
    """`screen_batch` over consecutive batches, in order.

    Language identification is most of the work and holds the GIL, so with a `helper` the
    helper process identifies most of each batch while this process identifies the rest and
    finishes the batch before. The helper is first used for a second batch (an input of one
    batch starts no process); once started it shares every batch, first ones included."""
    iterator = iter(threads)
    previous: tuple[_Pending, Callable[[], list[str | None]]] | None = None
    while batch := list(islice(iterator, batch_size)):
        pending = _Pending.start(batch, config)
        receive: Callable[[], list[str | None]]
        if helper is not None and (previous is not None or helper.started):
            receive = helper.split(pending.language_input())
        else:
            receive = partial(list, identify_batch(pending.language_input()))
        if previous is not None:
            yield previous[0].threads, previous[0].finish(previous[1](), config)
        previous = (pending, receive)
    if previous is not None:
        yield previous[0].threads, previous[0].finish(previous[1](), config)


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
