"""Language identification for the filter: lingua, restricted to a fixed candidate set.

Restricting lingua to languages that actually reach medical Q&A sites keeps it fast and
avoids absurd guesses on short posts, while still letting it say "this is Spanish" instead
of forcing every text into en/zh. Text that is mostly Han characters without kana or hangul
is Chinese by its script alone, which skips the model for most Chinese threads.
ASCII text reaches lingua with each distinct lower-cased word once (`lingua_input`): lingua
scores the *set* of a text's trigrams, and in ASCII every word is Latin with no character that
narrows the candidates, so repeats change nothing but the time (about a quarter of it).
Answers for recent lingua inputs are remembered, so a copy of a recent thread costs a look-up.
Lingua's low-accuracy mode (trigram models only) is used:
a whole thread (title and every message) is almost always longer than the ~120 characters
from which it is as accurate as the full mode, and it loads in under a second instead of ~10.

Most ASCII text never reaches lingua as a whole (`TrigramScores`): in low-accuracy mode lingua
scores an ASCII text, for each Latin-script candidate, by the sum over its distinct letter
trigrams of one log-probability per trigram, and answers the highest. Those per-trigram terms
are asked of lingua once per trigram and kept, so a text costs a sum of kept rows; a text whose
two best languages are within `MARGIN` of each other still goes to lingua, which decides it.
"""

from __future__ import annotations

import contextlib
import math
import os
import pickle
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from functools import lru_cache
from itertools import islice
from typing import Any, BinaryIO, NoReturn, TypeVar

import numpy as np
from lingua import Language, LanguageDetector, LanguageDetectorBuilder

from medrubric.errors import PartFailed

CANDIDATES = (
    Language.ENGLISH,
    Language.CHINESE,
    Language.JAPANESE,
    Language.KOREAN,
    Language.SPANISH,
    Language.FRENCH,
    Language.GERMAN,
    Language.PORTUGUESE,
    Language.ITALIAN,
    Language.RUSSIAN,
    Language.ARABIC,
    Language.HINDI,
    Language.INDONESIAN,
    Language.VIETNAMESE,
)
LATIN = tuple(c for c in CANDIDATES if c in Language.all_with_latin_script())
T = TypeVar("T")
SAMPLE_CHARS = 2000
HELPER_MODULE = "medrubric.screen.langid"  # run as the helper process
REMEMBERED = 50_000  # lingua answers kept for repeated inputs (FIFO)
SHARE_STEP = 0.02  # change of the helper's share of a batch when the two are unequal
SHARE_TOLERANCE = 0.05  # CPU seconds per batch this close count as equal
MIN_HAN = 10
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
_KANA_HANGUL = re.compile(r"[\u3040-\u30ff\uac00-\ud7af\u1100-\u11ff]")
_LATIN = re.compile(r"[A-Za-z]")
# lingua's low-accuracy mode answers None below three letters: never cross that by dedup
_THREE_LETTERS = re.compile(r"[A-Za-z](?:[^A-Za-z]*[A-Za-z]){2}")
# lingua's words in ASCII text: runs of letters, lower-cased (every other byte splits them)
_ASCII_WORDS = bytes(b if chr(b).isalpha() else 32 for b in range(128)).lower() + bytes(128)
MARGIN = 3.0  # natural-log score difference below which lingua itself decides (see below)
WORDS_REMEMBERED = 200_000  # words whose trigram rows are kept (then forgotten all at once)
# short texts, a trigram repeated, whose trigram sums must give lingua's confidence values
CHECKS = ("The doctor said the pain in the chest will pass", "tengo dolor de cabeza", "der Arzt")


@lru_cache(maxsize=1)
def detector() -> LanguageDetector:
    return LanguageDetectorBuilder.from_languages(*CANDIDATES).with_low_accuracy_mode().build()


def identify(text: str) -> str | None:
    """ISO 639-1 code of the text's language among the candidates, None if undecidable."""
    found = detector().detect_language_of(lingua_input(text[:SAMPLE_CHARS]))
    return found.iso_code_639_1.name.lower() if found is not None else None


def lingua_input(sample: str) -> str:
    """The sample with each distinct lower-cased word once when it is ASCII (same trigram
    set, same Latin-only rule outcome, so the same answer), the sample itself otherwise."""
    if not sample.isascii():
        return sample
    distinct = " ".join(dict.fromkeys(sample.lower().split()))
    return distinct if _THREE_LETTERS.search(distinct) else sample


def script_language(text: str) -> str | None:
    """'zh' for text written mostly in Han characters with no kana or hangul (which would make
    it Japanese or Korean); None when the script alone does not decide."""
    sample = text[:SAMPLE_CHARS]
    if sample.isascii():
        return None
    han = _HAN.subn("", sample)[1]
    if han < MIN_HAN or _KANA_HANGUL.search(sample):
        return None
    return "zh" if han * 2 >= _LATIN.subn("", sample)[1] else None


class TrigramScores:
    """Lingua's answer for ASCII text from its per-trigram terms, asked of lingua once each.

    In low-accuracy mode lingua (2.x) gives an ASCII text no rule-based answer (no ASCII letter
    is unique to a language or script) and keeps the Latin-script candidates; each one's score
    is the sum, over the distinct trigrams of the text's words (runs of letters, lower-cased),
    of the log-probability of the trigram or else of its first two letters or else its first
    letter; the highest score wins. Asked about a single trigram, lingua returns these terms
    normalised (softmax), so the difference of their logarithms is the difference of the
    terms, and the sum of a text's rows (relative to English) orders the languages as lingua's
    scores do. Lingua itself still decides a text with no trigram, with a trigram missing for
    some language, or whose two best are within `MARGIN`: a margin of 3 keeps every floating
    point effect in lingua's sums and in its normalisation (whose exponentials of scores below
    about -708 are subnormal, so coarse) from changing which language comes first."""

    def __init__(self) -> None:
        self._rows: dict[bytes, int] = {}  # trigram: row of `_table`, -1 if lingua has none
        self._table = np.empty((0, len(LATIN)))
        self._words: dict[bytes, frozenset[int]] = {}  # word: rows of its trigrams
        self._agrees: bool | None = None  # whether the installed lingua scores as above

    def languages(self, samples: list[str]) -> list[str | None]:
        """The language of each sample, None where lingua has to decide it."""
        if self._agrees is None:
            self._agrees = self._check()
        if not self._agrees:
            return [None] * len(samples)
        words = self._learn(samples)
        return [self._language(ws) for ws in words]

    def _check(self) -> bool:
        """Whether the sums of kept terms reproduce lingua's own confidence values for the
        texts of `CHECKS` (to 1e-9): if the installed lingua scored otherwise, they would not,
        and every text goes to lingua."""
        for text, words in zip(CHECKS, self._learn(list(CHECKS)), strict=True):
            found = self._sums(words)
            values = detector().compute_language_confidence_values(text)
            want = _relative_logs({v.language: v.value for v in values})
            if found is None or want is None or max(map(abs, np.subtract(found, want))) > 1e-9:
                return False
        return True

    def _learn(self, samples: list[str]) -> list[list[bytes]]:
        """Each sample's distinct words (none if it is not ASCII), every word's rows kept."""
        words = [
            list(dict.fromkeys(s.encode().translate(_ASCII_WORDS).split())) if s.isascii() else []
            for s in samples
        ]
        if len(self._words) > WORDS_REMEMBERED:
            self._words.clear()
        grams = {
            w: {w[i : i + 3] for i in range(len(w) - 2)}
            for ws in words
            for w in ws
            if w not in self._words
        }
        new = list({g for gs in grams.values() for g in gs if g not in self._rows})
        if new:
            rows: list[list[float]] = []
            answers = detector().compute_language_confidence_values_in_parallel(
                [g.decode() for g in new]
            )
            for gram, values in zip(new, answers, strict=True):
                row = _relative_logs({v.language: v.value for v in values})
                self._rows[gram] = -1 if row is None else len(self._table) + len(rows)
                if row is not None:
                    rows.append(row)
            if rows:
                self._table = np.concatenate([self._table, np.array(rows)])
        for word, gs in grams.items():
            self._words[word] = frozenset(self._rows[g] for g in gs)
        return words

    def _sums(self, words: list[bytes]) -> list[float] | None:
        """Each Latin candidate's score less English's; None without a trigram or with one
        that lingua lacks for some language."""
        rows = frozenset().union(*map(self._words.__getitem__, words))
        if not rows or -1 in rows:
            return None
        sums: list[float] = self._table.take(list(rows), axis=0).sum(axis=0).tolist()
        return sums

    def _language(self, words: list[bytes]) -> str | None:
        scores = self._sums(words)
        if scores is None:
            return None
        best = max(scores)
        first = scores.index(best)
        scores[first] = -np.inf
        if best - max(scores) < MARGIN:
            return None
        return str(LATIN[first].iso_code_639_1.name.lower())


def _relative_logs(confidence: dict[Language, float]) -> list[float] | None:
    """The logarithm of each Latin candidate's confidence less English's (for a single
    trigram, its terms relative to English's); None unless every Latin candidate has a
    confidence above 0 and no other language has one."""
    if any(confidence.get(c, 0.0) <= 0.0 for c in LATIN) or any(
        value > 0.0 for language, value in confidence.items() if language not in LATIN
    ):
        return None
    english = math.log(confidence[Language.ENGLISH])
    return [math.log(confidence[c]) - english for c in LATIN]


_answers: dict[str, str | None] = {}
_scores = TrigramScores()


def identify_batch(texts: list[str]) -> list[str | None]:
    """`identify` for many texts at once: Chinese decided by script, most ASCII text by
    lingua's per-trigram terms (`TrigramScores`), inputs seen recently by their remembered
    answer, the rest by lingua's thread pool."""
    samples = [t[:SAMPLE_CHARS] for t in texts]
    found: list[str | None] = [script_language(t) for t in samples]
    undecided = [i for i, lang in enumerate(found) if not lang]
    for i, lang in zip(undecided, _scores.languages([samples[i] for i in undecided]), strict=True):
        found[i] = lang
    inputs = {i: lingua_input(samples[i]) for i, lang in enumerate(found) if not lang}
    unseen = list(dict.fromkeys(x for x in inputs.values() if x not in _answers))
    if unseen:
        detected = detector().detect_languages_in_parallel_of(unseen)
        for text, language in zip(unseen, detected, strict=True):
            _answers[text] = language.iso_code_639_1.name.lower() if language is not None else None
    for i, text in inputs.items():
        found[i] = _answers[text]
    for text in list(islice(_answers, max(0, len(_answers) - REMEMBERED))):
        del _answers[text]
    return found


class LanguageHelper:
    """Functions of this package run in a child process (`python -m medrubric.screen.langid`),
    so that the language identification (and the per-thread rules after it) of one batch run
    while this process works on another: they hold the GIL, so a thread would not do.
    Requests are answered in the order they were sent. The process starts with the first
    request and serves every later one, so a run of many partitions loads lingua once."""

    share = 0.75  # of each batch that `split` sends to the child; adapted as it runs

    def __init__(self) -> None:
        self._child: subprocess.Popen[bytes] | None = None
        # answers are read as they come, so that a child writing a large answer never waits
        # for this process while this process waits for it to take the next request
        self._answers: queue.SimpleQueue[tuple[list[Any], float] | None] = queue.SimpleQueue()
        self.child_cpu = 0.0  # CPU seconds the child spent on the request it answered last
        self.main_cpu = 0.0  # CPU seconds this process spent between its last two `split`s
        self._mark: float | None = None

    @property
    def started(self) -> bool:
        return self._child is not None

    @property
    def _process(self) -> subprocess.Popen[bytes]:
        if self._child is None:
            env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
            self._child = subprocess.Popen(
                [sys.executable, "-m", HELPER_MODULE],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                env=env,
            )
            threading.Thread(target=self._read_answers, args=(self._child,), daemon=True).start()
        return self._child

    def _read_answers(self, child: subprocess.Popen[bytes]) -> None:
        assert child.stdout is not None
        try:
            while True:
                self._answers.put(pickle.load(child.stdout))
        except (EOFError, pickle.UnpicklingError, OSError):  # it exited or died mid-answer
            self._answers.put(None)

    def submit(self, function: Callable[..., list[T]], *args: Any) -> Callable[[], list[T]]:
        """Send `function(*args)` (a module-level function, named by reference); the returned
        function waits for its result."""
        assert self._process.stdin is not None
        try:
            pickle.dump((function, args), self._process.stdin, protocol=pickle.HIGHEST_PROTOCOL)
            self._process.stdin.flush()
        except BrokenPipeError:
            self._exited()
        return self._receive

    def split(
        self, function: Callable[..., list[T]], items: list[Any], *args: Any
    ) -> Callable[[], list[T]]:
        """`function(items, *args)` (a list, item for item), its first `share` of the items
        sent to the child and the rest run here, so that both processes stay busy; the
        returned function joins the two. The share follows the CPU seconds each process spends
        per batch (not waits, which other work on a shared machine lengthens): the child gets
        more when it spent fewer than this process between two batches, less otherwise."""
        now = time.process_time()
        if self._mark is not None:
            self.main_cpu = now - self._mark
        self._mark = now
        cut = round(len(items) * self.share)
        remote = self.submit(function, items[:cut], *args)
        local = function(items[cut:], *args)

        def receive() -> list[T]:
            found = remote()
            self.share = next_share(self.share, self.main_cpu, self.child_cpu)
            return found + local

        return receive

    def _receive(self) -> list[Any]:
        answer = self._answers.get()
        if answer is None:  # it died before or while answering
            self._answers.put(None)  # for any later request too
            self._exited()
        found, self.child_cpu = answer
        return found

    def _exited(self) -> NoReturn:
        code = self._process.wait()
        how = f"was killed by {signal.Signals(-code).name}" if code < 0 else f"exited with {code}"
        raise PartFailed(
            f"the language identification helper process (python -m {HELPER_MODULE}, "
            f"pid {self._process.pid}) {how}; run the command again"
        ) from None

    def close(self) -> None:
        if self._child is None:
            return
        if self._child.stdin is not None:
            with contextlib.suppress(BrokenPipeError):
                self._child.stdin.close()
        try:
            self._child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._child.kill()
            self._child.wait()


def next_share(share: float, main_cpu: float, child_cpu: float) -> float:
    """The child's next share of a batch, from the CPU seconds this process spent per batch
    and those the child spent on its share of one: a step towards equal, none within 5%."""
    if child_cpu > main_cpu * (1 + SHARE_TOLERANCE):
        return max(0.1, share - SHARE_STEP)
    if child_cpu < main_cpu * (1 - SHARE_TOLERANCE):
        return min(1.0, share + SHARE_STEP)
    return share


@contextlib.contextmanager
def language_helper(wanted: bool | None = None) -> Iterator[LanguageHelper | None]:
    """A `LanguageHelper` for the block (`wanted` None: when there are two or more CPUs, for
    with one the two processes would only take turns), closed at its end; None otherwise."""
    if wanted is None:
        wanted = (os.cpu_count() or 1) >= 2
    helper = LanguageHelper() if wanted else None
    try:
        yield helper
    finally:
        if helper is not None:
            helper.close()


def serve(requests: BinaryIO, answers: BinaryIO) -> None:
    """The helper's loop: pickled (function, arguments) in, pickled (result, CPU seconds spent
    on the request) out, until the parent closes the pipe (Ctrl-C is the parent's to handle:
    it then closes the pipe)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    detector()
    while True:
        start = time.process_time()
        try:
            function, args = pickle.load(requests)
        except EOFError:
            return
        result = function(*args)
        cpu = time.process_time() - start
        pickle.dump((result, cpu), answers, protocol=pickle.HIGHEST_PROTOCOL)
        answers.flush()


if __name__ == "__main__":
    serve(sys.stdin.buffer, sys.stdout.buffer)
