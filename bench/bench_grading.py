"""Grading engine throughput, prompt size per mode, and the cost of a re-run.

A replay server with a fixed latency, in its own process, answers every grader request.
The engine grades the same answers in per-criterion and in batched mode and reports:
- achieved calls/s against the ideal (concurrency / latency) as a ratio,
- grader prompt tokens per graded answer, estimated from the requests the server received
  (medrubric.evaluate.estimate.estimate_tokens: 1 token per CJK character, 1 per 4 others),
- endpoint calls of a re-run on the finished run directory (must be 0).
Results go to bench/RESULTS.md under "## Grading engine".

    python bench/bench_grading.py [--answers 240] [--latency 0.05] [--concurrency 16]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path

from _results import write_section

from medrubric.data.formats import load_cases
from medrubric.data.models import Case, Response
from medrubric.evaluate.estimate import message_tokens
from medrubric.evaluate.grade import grade_responses
from medrubric.evaluate.profiles import resolve_setup
from medrubric.evaluate.replay_handler import rubric_replay_handler
from medrubric.evaluate.rundir import RunDir
from medrubric.llm.factory import open_model
from medrubric.llm.replay_server import ReplayServer
from medrubric.runtime.progress import RunProgress

HEADING = "## Grading engine"


def workload(n_answers: int) -> tuple[list[Case], list[Response]]:
    """`n_answers` answers over copies of the bundled sample cases."""
    sample = load_cases("sample")
    cases = [
        c.model_copy(update={"id": f"{c.id}~{i // len(sample)}"})
        for i, c in enumerate(sample * (n_answers // len(sample) + 1))
    ][:n_answers]
    answers = [
        Response(case_id=c.id, model="bench", response=f"Answer {i}: see a doctor promptly.")
        for i, c in enumerate(cases)
    ]
    return cases, answers


async def grade(url: str, mode: str, cases, answers, run: RunDir, concurrency: int) -> None:
    spec = f"openai:replay@{url}"
    setup = resolve_setup(None, spec, mode)
    async with open_model(spec, no_cache=True, concurrency=concurrency) as grader:
        with RunProgress(enabled=False) as progress:
            await grade_responses(
                cases, answers, grader, setup, run, concurrency=concurrency, progress=progress
            )


def serve(conn: Connection, latency: float) -> None:
    """Run the replay server in its own process (so client and server do not share a GIL)
    and answer "stats" with the calls and estimated prompt tokens it has received."""
    with ReplayServer(rubric_replay_handler, latency=latency) as server:
        conn.send(server.base_url)
        while conn.recv() == "stats":
            tokens = sum(message_tokens(r["messages"]) for r in server.requests)
            conn.send((server.total, tokens))


def measure(mode: str, args: argparse.Namespace, cases, answers, root: Path) -> dict[str, float]:
    run = RunDir(root / mode).create()
    conn, child = multiprocessing.Pipe()
    server = multiprocessing.Process(target=serve, args=(child, args.latency), daemon=True)
    server.start()
    try:
        url = conn.recv()
        start = time.perf_counter()
        asyncio.run(grade(url, mode, cases, answers, run, args.concurrency))
        elapsed = time.perf_counter() - start
        conn.send("stats")
        calls, tokens = conn.recv()
        asyncio.run(grade(url, mode, cases, answers, run, args.concurrency))
        conn.send("stats")
        rerun_calls = conn.recv()[0] - calls
        conn.send("stop")
    finally:
        server.join(timeout=10)
    ideal = args.concurrency / args.latency
    return {
        "calls": calls,
        "seconds": elapsed,
        "calls_per_s": calls / elapsed,
        "ratio": calls / elapsed / ideal,
        "tokens_per_answer": tokens / len(answers),
        "rerun_calls": rerun_calls,
    }


def section(args: argparse.Namespace, n_criteria: int, rows: dict[str, dict[str, float]]) -> str:
    ideal = args.concurrency / args.latency
    lines = [
        HEADING,
        "",
        f"Command: `python bench/bench_grading.py --answers {args.answers} "
        f"--latency {args.latency:g} --concurrency {args.concurrency}`",
        "",
        f"{args.answers} answers, {n_criteria} criteria, replay server latency "
        f"{1000 * args.latency:g} ms, concurrency {args.concurrency}: ideal {ideal:.0f} calls/s.",
        "Prompt tokens are estimated from the requests (1 per CJK character, 1 per 4 others).",
        f"Machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} when the "
        "benchmark ended (client and server share these CPUs, so load lowers the ratio).",
        "",
        "| mode | calls | seconds | calls/s | ratio to ideal | grader prompt tokens / answer "
        "| calls on re-run |",
        "|---|---|---|---|---|---|---|",
    ]
    for mode, r in rows.items():
        lines.append(
            f"| {mode} | {r['calls']:.0f} | {r['seconds']:.2f} | {r['calls_per_s']:.0f} "
            f"| {r['ratio']:.2f} | {r['tokens_per_answer']:.0f} | {r['rerun_calls']:.0f} |"
        )
    per, batched = rows["per-criterion"], rows["batched"]
    lines += [
        "",
        f"Batched grading sends {per['tokens_per_answer'] / batched['tokens_per_answer']:.1f}x "
        "fewer prompt tokens per answer than per-criterion grading.",
        "",
    ]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=240)
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--concurrency", type=int, default=16)
    args = parser.parse_args()
    cases, answers = workload(args.answers)
    with tempfile.TemporaryDirectory() as tmp:
        rows = {
            m: measure(m, args, cases, answers, Path(tmp)) for m in ("per-criterion", "batched")
        }
    text = section(args, sum(len(c.rubric) for c in cases), rows)
    print(text)
    write_section(HEADING, text)
    failed = [m for m, r in rows.items() if r["rerun_calls"] != 0]
    if failed:
        print(f"FAIL: re-run made calls in {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
