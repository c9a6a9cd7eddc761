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
"""

from __future__ import annotations

import contextlib
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


_answers: dict[str, str | None] = {}


def identify_batch(texts: list[str]) -> list[str | None]:
    """`identify` for many texts at once: Chinese decided by script, inputs seen recently by
    their remembered answer, the rest by lingua's thread pool."""
    found: list[str | None] = [script_language(t) for t in texts]
    inputs = {i: lingua_input(texts[i][:SAMPLE_CHARS]) for i, lang in enumerate(found) if not lang}
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
    while this process works on another: lingua holds the GIL, so a thread would not do.
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
