"""`medrubric grade` with the CPU seconds (time.process_time) at which its phases begin and
end, written as JSON to $PHASES_OUT at exit: the first request, the last reply, summary.json
and the reports. Run by bench/bench_grade_phases.py in place of `python -m medrubric.cli.main`;
with $PHASES_STOP_AT_FIRST set it exits as the first request is about to be sent."""

from __future__ import annotations

import atexit
import json
import os
import sys
import time
from typing import Any

import medrubric.cli.main as cli
from medrubric.evaluate import runner
from medrubric.llm import client

T: dict[str, float] = {"start": 0.0}  # process_time counts from the process start
_attempt = client.OpenAIChatModel._attempt
_write_summary = runner.write_summary


async def attempt(self: Any, *args: Any, **kwargs: Any) -> Any:
    if os.environ.get("PHASES_STOP_AT_FIRST"):  # counting the work before the first request
        os._exit(0)
    T.setdefault("first_request", time.process_time())
    try:
        return await _attempt(self, *args, **kwargs)
    finally:
        T["last_reply"] = time.process_time()


def timed(name: str, function: Any) -> Any:
    def run(*args: Any, **kwargs: Any) -> Any:
        T[f"{name}_start"] = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            T[f"{name}_end"] = time.process_time()

    return run


def dump() -> None:
    T["exit_handlers"] = time.process_time()
    with open(os.environ["PHASES_OUT"], "w", encoding="utf-8") as fh:
        json.dump(T, fh)


def summary_then_reports(*args: Any, **kwargs: Any) -> Any:
    """write_summary, timed; then the reports' module (which the command imports after the
    summary, not at its start) is loaded and its write_run_reports timed."""
    try:
        return timed("summary", _write_summary)(*args, **kwargs)
    finally:
        import medrubric.report.run as reports

        if not hasattr(reports.write_run_reports, "timed"):
            reports.write_run_reports = timed("reports", reports.write_run_reports)
            reports.write_run_reports.timed = True  # type: ignore[attr-defined]


client.OpenAIChatModel._attempt = attempt  # type: ignore[method-assign]
runner.write_summary = summary_then_reports
atexit.register(dump)
sys.argv = ["medrubric", *sys.argv[1:]]
cli.main()
