"""The collection filter of LiveMedBench §3.1, with a reason code for every rejection.

Cheap checks run first (media, date, physician reply, character mix); language
identification runs on the survivors, then keywords (so a Spanish post is rejected for its
language, not for lacking English keywords); the safety screen and then
de-duplication over all survivors come last, so a duplicate of a thread that was rejected for
another reason is not counted as a duplicate. Near-duplicates form connected groups and each
group keeps its smallest thread key, so the kept set does not depend on input order or on how
the input is split across processes or machines.

Threads are screened in batches: `screen_batch` applies every per-thread rule to a batch (any
partition of the input will do); the rules after the cheap ones and the de-duplication
signatures (`late_screen`) are shared with a helper process, see `screened_batches`.
De-duplication needs every survivor, so `iter_decisions` holds the decided threads until
the input ends; `medrubric filter` (screen/filter_run.py) keeps them in partition files.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import islice
from typing import NamedTuple

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from medrubric.data.models import Thread
from medrubric.data.vocab import AuthorRole, Language
from medrubric.screen.dedup import DuplicateFinder, sign
from medrubric.screen.keywords import keyword_matcher
from medrubric.screen.langid import (
    SAMPLE_CHARS,
    LanguageHelper,
    detector,
    identify_batch,
    language_helper,
)
from medrubric.screen.reasons import Rejection
from medrubric.screen.safety import screen_text
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


class Screened(NamedTuple):
    """What the per-thread rules say about one thread: its rejection (None if it passed), its
    language, and when it passed (with de-duplication on) the digest of its normalised text
    and its LSH band fingerprints (`dedup.sign`'s, as int64 bytes)."""

    outcome: Outcome
    language: str | None = None
    digest: str = ""
    bands: bytes = b""


@dataclass
class _Pending:
    """A batch whose cheap rules are done and whose survivors await the later rules."""

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

    def late_input(self) -> list[str]:
        return [self.texts[i] for i in self.survivors]

    def finish(self, late: list[Screened]) -> list[Screened]:
        for i, screened in zip(self.survivors, late, strict=True):
            self.screened[i] = screened
        return self.screened


def screen_batch(threads: Sequence[Thread], config: FilterConfig) -> list[Screened]:
    """Every rule except de-duplication, for a batch of threads that need nothing from each
    other: it can run on any partition of the input, in any order."""
    pending = _Pending.start(threads, config)
    return pending.finish(late_screen(pending.late_input(), config))


def late_screen(texts: list[str], config: FilterConfig) -> list[Screened]:
    """The rules after the cheap ones (language, keywords, safety), for the texts of threads
    that passed the cheap ones, and the de-duplication signature of each that passes them: the
    work that `screened_batches` shares between this process and the helper process."""
    languages = identify_batch([t[:SAMPLE_CHARS] for t in texts])
    screened: list[Screened] = []
    passed: dict[int, str] = {}  # position: normalised text
    for text, language in zip(texts, languages, strict=True):
        outcome, norm = _late_rules(text, language, config)
        if outcome is None and config.dedup:
            passed[len(screened)] = norm
        screened.append(Screened(outcome, language))
    if passed:
        threshold, num_perm = config.near_duplicate_threshold, config.num_perm
        digests, bands = sign(list(passed.values()), threshold, num_perm)
        for i, found, row in zip(passed, digests, bands, strict=True):
            screened[i] = screened[i]._replace(digest=found, bands=row.tobytes())
    return screened


def signatures(screened: Sequence[Screened], passed: Sequence[int]) -> tuple[list[str], np.ndarray]:
    """(digests, (n, bands) int64 band fingerprints) of the threads at positions `passed`."""
    rows = b"".join(screened[i].bands for i in passed)
    bands = np.frombuffer(rows, dtype=np.int64).reshape(len(passed), -1)
    return [screened[i].digest for i in passed], bands


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
    finder = DuplicateFinder()
    decided: list[tuple[Thread, Rejection | None]] = []
    with language_helper(helper_process) as helper:
        for batch, screened in screened_batches(threads, config, batch_size, helper):
            passed = [i for i, s in enumerate(screened) if s.outcome is None]
            if config.dedup and passed:
                nodes = [len(decided) + i for i in passed]
                finder.add(nodes, [batch[i].key for i in passed], *signatures(screened, passed))
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

    The rules after the cheap ones are most of the work and hold the GIL (lingua and Python
    code alike), so with a `helper` the helper process runs `late_screen` (language, keywords,
    safety, signatures) on a share of each batch's survivors while this process runs it on the
    rest, reads the next batch and finishes the one before; the share adapts so that neither
    process waits for the other. The helper is first used for a second batch (an input of one
    batch starts no process); once started it shares every batch, first ones included."""
    iterator = iter(threads)
    previous: tuple[_Pending, Callable[[], list[Screened]]] | None = None
    while batch := list(islice(iterator, batch_size)):
        pending = _Pending.start(batch, config)
        receive: Callable[[], list[Screened]]
        if helper is not None and (previous is not None or helper.started):
            receive = helper.split(late_screen, pending.late_input(), config)
        else:
            receive = partial(list, late_screen(pending.late_input(), config))
        if previous is not None:
            yield previous[0].threads, previous[0].finish(previous[1]())
        previous = (pending, receive)
    if previous is not None:
        yield previous[0].threads, previous[0].finish(previous[1]())


def _late_rules(text: str, language: str | None, config: FilterConfig) -> tuple[Outcome, str]:
    """(outcome, normalised text) of the rules after language identification."""
    if language not in config.languages:
        return ("language", f"detected {language or 'undetermined'}"), ""
    norm = normalise(text)
    if config.require_keyword and keyword_matcher().first(norm, normalised=True) is None:
        return ("no_keyword", ""), norm
    if config.screen:
        found = screen_text(norm)
        if found is not None:
            return found, norm
    return None, norm


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
