"""Backoff arithmetic and Retry-After parsing."""

from __future__ import annotations

import email.utils
import time

import pytest

from medrubric.llm.retry import RetryPolicy, retry_after_seconds


@pytest.mark.parametrize("attempt", [1, 2, 3, 4, 5])
def test_backoff_is_exponential_with_bounded_jitter(attempt: int) -> None:
    policy = RetryPolicy(base_delay=0.5, max_delay=4.0)
    ceiling = min(0.5 * 2 ** (attempt - 1), 4.0)
    delays = [policy.delay(attempt) for _ in range(200)]
    assert all(ceiling / 2 <= d <= ceiling for d in delays)
    assert len(set(delays)) > 1  # jittered, so clients do not retry in lockstep


def test_retry_after_wins_but_is_capped() -> None:
    policy = RetryPolicy(base_delay=0.5, max_delay=10.0)
    assert policy.delay(1, retry_after=3.0) == 3.0
    assert policy.delay(1, retry_after=500.0) == 10.0


def test_retry_after_header_forms() -> None:
    assert retry_after_seconds({"Retry-After": "2"}) == 2.0
    assert retry_after_seconds({"retry-after-ms": "250", "retry-after": "9"}) == 0.25
    assert retry_after_seconds({}) is None and retry_after_seconds(None) is None
    assert retry_after_seconds({"retry-after": "soon"}) is None
    later = email.utils.formatdate(time.time() + 30, usegmt=True)
    assert 25 <= (retry_after_seconds({"retry-after": later}) or 0) <= 30
