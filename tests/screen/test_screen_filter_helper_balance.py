"""The language helper process shares all the work after the cheap rules: its answers equal
this process's, large requests and answers in flight together do not block each other, and
its share of each batch follows the CPU seconds each process spends."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from medrubric.llm.cache import CACHE_ENV
from medrubric.screen.dedup import sign
from medrubric.screen.filter import FilterConfig, late_screen, screen_batch, signatures
from medrubric.screen.keywords import _cache_key, keyword_matcher
from medrubric.screen.langid import LanguageHelper, identify_batch, next_share
from medrubric.screen.text import normalise

CONFIG = FilterConfig()


def _texts(n: int, start: int = 0) -> list[str]:
    """Chinese threads that pass every rule (decided by script, so cheap), each distinct."""
    text = "医生您好，我最近两周经常头痛，晚上失眠，第{}次来问，需要做什么检查？"
    return [text.format(i) for i in range(start, start + n)]


@pytest.fixture(scope="module")
def helper(tmp_path_factory):
    """One helper for the module, its keyword index read from a cache this process writes
    (building it takes seconds; each test's own cache folder would be empty)."""
    cache = tmp_path_factory.mktemp("keyword-cache")
    with pytest.MonkeyPatch.context() as env:
        env.setenv(CACHE_ENV, str(cache))
        with (cache / f"keywords-{_cache_key()}.pkl").open("wb") as fh:
            pickle.dump(keyword_matcher(), fh)  # this process's, if another test built it
        helper = LanguageHelper()
        try:
            helper.submit(late_screen, _texts(1), CONFIG)()
            yield helper
        finally:
            helper.close()


def test_the_helper_screens_and_signs_as_this_process_does(helper):
    texts = [
        *_texts(3),
        "I have had chest pain when I climb stairs for a week, doctor, should I worry?",
        "Tengo dolor de cabeza desde hace tres días y náuseas.",
        "We went to the market yesterday and bought bread, milk and apples for the family.",
    ]
    remote = helper.submit(late_screen, texts, CONFIG)()
    assert remote == late_screen(texts, CONFIG)
    assert [s.outcome[0] if s.outcome else None for s in remote] == [
        None, None, None, None, "language", "no_keyword"
    ]  # fmt: skip
    digests, bands = signatures(remote, [0, 1, 2, 3])
    want_digests, want_bands = sign([normalise(t) for t in texts[:4]])
    assert digests == want_digests and np.array_equal(bands, want_bands)


@pytest.mark.timeout(60)
def test_large_requests_and_answers_in_flight_do_not_block_each_other(helper):
    """Each request and each answer is larger than a pipe holds (64 KiB): the next request is
    written while the child writes its answer to the one before."""
    batches = [_texts(1500, start) for start in (0, 1500, 3000)]
    receivers = [helper.submit(late_screen, batch, CONFIG) for batch in batches]
    answers = [receive() for receive in receivers]
    assert [len(a) for a in answers] == [1500] * 3
    assert all(s.outcome is None and len(s.digest) == 32 for a in answers for s in a)


def test_the_share_follows_the_cpu_seconds_of_each_process(helper):
    texts = [f"I have had a dry cough for {i} weeks and a fever, doctor" for i in range(400)]
    helper.split(identify_batch, texts[:1])()
    helper.share = 1.0  # everything to the child, nothing done here between the batches
    assert helper.split(identify_batch, texts)() == identify_batch(texts)
    assert helper.child_cpu > helper.main_cpu and helper.share == pytest.approx(0.98)
    helper.share = 0.5
    sum(range(3_000_000))  # this process busy between two batches, the child not
    helper.split(identify_batch, texts[:2])()
    assert helper.main_cpu > helper.child_cpu and helper.share == pytest.approx(0.52)
    assert next_share(0.5, main_cpu=1.0, child_cpu=1.04) == 0.5
    assert next_share(0.1, main_cpu=1.0, child_cpu=2.0) == 0.1
    assert next_share(1.0, main_cpu=2.0, child_cpu=1.0) == 1.0


def test_screen_batch_keeps_the_signature_of_each_pass_only():
    from medrubric.data.models import Message, Thread

    def thread(i: int, text: str) -> Thread:
        reply = Message(author_role="physician", verified=True, text="请到医院做头颅CT检查。")
        return Thread(
            source="t",
            thread_id=str(i),
            published_at="2024-05-01T00:00:00Z",
            messages=[Message(author_role="patient", text=text), reply],
        )

    screened = screen_batch([thread(0, _texts(1)[0]), thread(1, "hello hello")], CONFIG)
    assert screened[0].outcome is None and screened[0].digest and screened[0].bands
    assert screened[1].outcome is not None and not screened[1].digest and not screened[1].bands
