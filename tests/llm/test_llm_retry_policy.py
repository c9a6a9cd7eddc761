"""Backoff arithmetic and Retry-After parsing."""

from __future__ import annotations

import email.utils
import time

import pytest

from medrubric.llm.retry import RetryPolicy, Transient, retry_after_seconds


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


@pytest.mark.parametrize(
    ("headers", "seconds"),
    [
        ({"Retry-After": "2"}, 2.0),
        ({"retry-after": "1.5"}, 1.5),  # a decimal (the crawler's old parser refused it)
        ({"Retry-After": " 3 "}, 3.0),
        ({"retry-after-ms": "250", "retry-after": "9"}, 0.25),  # milliseconds win
        ({"Retry-After-Ms": "1500"}, 1.5),
        ({"retry-after-ms": "soon", "retry-after": "4"}, 4.0),  # unreadable ms: the other
        ({"retry-after": "-5"}, 0.0),  # never negative
        ({"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}, 0.0),  # a date in the past
        ({"retry-after": "Wed, 21 Oct 2015 07:28:00 -0000"}, 0.0),
        ({"retry-after": "soon"}, None),
        ({"retry-after": "nan"}, None),
        ({"retry-after": "inf"}, None),
        ({"retry-after": ""}, None),
        ({}, None),
        (None, None),
    ],
)
def test_retry_after_header_forms(headers: dict[str, str] | None, seconds: float | None) -> None:
    assert retry_after_seconds(headers) == seconds


def test_retry_after_http_date_in_the_future() -> None:
    later = email.utils.formatdate(time.time() + 30, usegmt=True)
    assert 25 <= (retry_after_seconds({"retry-after": later}) or 0) <= 30


def test_loop_retries_transient_failures_then_succeeds_and_waits_what_the_server_asks() -> None:
    waits: list[float] = []
    tries = iter([Transient("HTTP 429", retry_after=2.5), Transient("HTTP 503", 900.0), "ok"])

    def attempt() -> str:
        outcome = next(tries)
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    policy = RetryPolicy(max_attempts=3, base_delay=0.5, max_delay=60.0)
    assert policy.retrying(sleep=waits.append)(attempt) == "ok"
    assert waits == [2.5, 60.0]  # Retry-After honoured, and capped at max_delay


def test_loop_gives_up_with_the_last_failure_and_never_retries_other_errors() -> None:
    calls: list[int] = []

    def refused() -> None:
        calls.append(1)
        raise Transient(f"HTTP 503 #{len(calls)}")

    policy = RetryPolicy(max_attempts=3, base_delay=0.01)
    with pytest.raises(Transient, match="#3"):
        policy.retrying(sleep=lambda s: None)(refused)
    assert len(calls) == 3

    def broken() -> None:
        calls.append(1)
        raise KeyError("not transient")

    calls.clear()
    with pytest.raises(KeyError):
        policy.retrying(sleep=lambda s: None)(broken)
    assert len(calls) == 1


def test_a_deadline_stops_a_loop_without_an_attempt_count() -> None:
    from medrubric.retry import RetryPolicy as Generic

    assert RetryPolicy is Generic  # the client's policy is the one policy
    calls = []

    def never() -> None:
        calls.append(time.monotonic())
        raise Transient("not yet")

    policy = RetryPolicy(max_attempts=None, base_delay=0.02, max_delay=0.02, max_wait=0.2)
    with pytest.raises(Transient, match="not yet"):
        policy.retrying()(never)
    assert 0.2 <= calls[-1] - calls[0] < 1.0
    assert len(calls) >= 5  # polled, not waited out in one sleep


def test_the_coroutine_loop_follows_the_same_policy() -> None:
    """`async_retrying` retries `Transient` with the policy's waits (Retry-After honoured and
    capped), gives up after `max_attempts` with the last failure, and never retries anything
    else: the blocking loop's behaviour, checked side by side."""
    import asyncio

    policy = RetryPolicy(max_attempts=3, base_delay=0.5, max_delay=60.0)
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    def scripted(*outcomes: object):
        tries = iter(outcomes)
        calls: list[int] = []

        async def attempt(tag: str) -> str:
            calls.append(1)
            outcome = next(tries)
            if isinstance(outcome, Exception):
                raise outcome
            return f"{outcome} {tag}"

        return attempt, calls

    attempt, calls = scripted(Transient("HTTP 429", 2.5), Transient("HTTP 503", 900.0), "ok")
    assert asyncio.run(policy.async_retrying(sleep)(attempt, "x")) == "ok x"
    assert waits == [2.5, 60.0] and len(calls) == 3

    attempt, calls = scripted(*(Transient(f"HTTP 503 #{n}") for n in (1, 2, 3, 4)))
    with pytest.raises(Transient, match="#3"):
        asyncio.run(policy.async_retrying(sleep)(attempt, "x"))
    assert len(calls) == 3
    assert all(0.25 <= w <= 0.5 for w in waits[2:3]) and all(0.5 <= w <= 1.0 for w in waits[3:])

    attempt, calls = scripted(KeyError("not transient"), "never")
    with pytest.raises(KeyError):
        asyncio.run(policy.async_retrying(sleep)(attempt, "x"))
    assert len(calls) == 1


def test_the_coroutine_loop_stops_at_the_deadline_without_an_attempt_count() -> None:
    import asyncio

    calls: list[float] = []

    async def never() -> None:
        calls.append(time.monotonic())
        raise Transient("not yet")

    policy = RetryPolicy(max_attempts=None, base_delay=0.02, max_delay=0.02, max_wait=0.2)
    with pytest.raises(Transient, match="not yet"):
        asyncio.run(policy.async_retrying()(never))
    assert 0.2 <= calls[-1] - calls[0] < 1.0
    assert len(calls) >= 5
