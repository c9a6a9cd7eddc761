"""`medrubric grade` at scale: peak memory against the number of answers, and a finished re-run.

For each size N it writes N HealthBench-format examples x K criteria and one answer each
(bench/_grading_stub.py's generator), runs `medrubric grade` on them in a fresh process
against the stub endpoint (no latency, its request bodies not kept), then runs the same
command again on the finished run. It reports the peak RSS of each process (the child's own
rusage) and the re-run's verdicts per second. Results go to bench/RESULTS.md under
"## Grading at scale".

    python bench/bench_grade_scale.py [--answers 5000,20000] [--criteria 11]
        [--mode per-criterion] [--concurrency 50] [--no-write]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _bytecode import child_env, compile_sources
from _grading_stub import Stub, write_healthbench
from _results import write_section

HEADING = "## Grading at scale"
SRC = Path(__file__).resolve().parents[1] / "src"
TURN_CHARS, ANSWER_CHARS = 450, 830  # as bench_grading.py


def timed_run(command: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, peak RSS MiB) of one command in its own process."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.perf_counter() - start
        err.seek(0)
        tail = err.read().decode("utf-8", "replace")[-2000:]
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(command[:4])} … exited {proc.returncode}:\n{tail}")
    print(tail.strip().splitlines()[-2] if tail.strip() else "", file=sys.stderr)
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def measure(stub: Stub, n: int, args: argparse.Namespace, root: Path) -> dict[str, float]:
    folder = root / str(n)
    folder.mkdir()
    cases, answers = write_healthbench(folder, n, args.criteria, TURN_CHARS, ANSWER_CHARS)
    command = [
        sys.executable, "-m", "medrubric.cli.main", "grade", "--responses", str(answers),
        "--cases", str(cases), "--grader", f"openai:replay@{stub.url}", "--mode", args.mode,
        "--out", str(folder / "run"), "--cache-dir", str(folder / "cache"),
        "--concurrency", str(args.concurrency), "--quiet",
    ]  # fmt: skip
    env = child_env(SRC)
    stub.reset()
    load = os.getloadavg()[0]
    seconds, cpu, rss = timed_run(command, env)
    calls = stub.stats()["calls"]
    rerun_s, rerun_cpu, rerun_rss = timed_run(command, env)
    rerun_calls = stub.stats()["calls"] - calls
    verdicts = n * args.criteria
    row = {
        "answers": n,
        "verdicts": verdicts,
        "load": load,
        "seconds": seconds,
        "cpu": cpu,
        "calls": calls,
        "rss": rss,
        "rerun_s": rerun_s,
        "rerun_cpu": rerun_cpu,
        "rerun_rss": rerun_rss,
        "rerun_calls": rerun_calls,
        "rerun_rate": verdicts / rerun_s,
        "load_after": os.getloadavg()[0],
    }
    print(row, file=sys.stderr)
    for path in (cases, answers):
        path.unlink()
    return row


def section(args: argparse.Namespace, rows: list[dict[str, float]]) -> str:
    sizes = ",".join(str(r["answers"]) for r in rows)
    lines = [
        HEADING,
        "",
        f"Command: `python bench/bench_grade_scale.py --answers {sizes} --criteria "
        f"{args.criteria} --mode {args.mode} --concurrency {args.concurrency}`",
        "",
        f"`medrubric grade --mode {args.mode}` in a fresh process on N generated "
        f"HealthBench-format examples x {args.criteria} criteria (bench/_grading_stub.py), "
        "against the stub endpoint with no latency; then the same command again on the "
        f"finished run. Peak RSS is each process's own (rusage). Machine: {os.cpu_count()} "
        "CPUs shared with other work (1-minute load average at the start of each run shown); "
        "memory does not depend on the load, seconds do.",
        "",
        "| answers | verdicts | load | grade s (CPU s) | calls | peak RSS MiB "
        "| finished re-run s (CPU s) | re-run peak RSS MiB | re-run calls | re-run verdicts/s "
        "| re-run verdicts per CPU-second |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['answers']:,} | {r['verdicts']:,} | {r['load']:.1f} | {r['seconds']:.1f} "
            f"({r['cpu']:.1f}) | {r['calls']:,} | {r['rss']:.0f} | {r['rerun_s']:.2f} "
            f"({r['rerun_cpu']:.2f}) | {r['rerun_rss']:.0f} | {r['rerun_calls']} "
            f"| {r['rerun_rate']:,.0f} | {r['verdicts'] / r['rerun_cpu']:,.0f} |"
        )
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", default="5000,20000", help="sizes, comma-separated")
    parser.add_argument("--criteria", type=int, default=11)
    parser.add_argument("--mode", default="per-criterion", choices=("per-criterion", "batched"))
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--no-write", action="store_true", help="print only, leave RESULTS.md")
    args = parser.parse_args()
    compile_sources(SRC)
    with tempfile.TemporaryDirectory() as tmp, Stub(0.0, keep_requests=False) as stub:
        rows = [measure(stub, int(n), args, Path(tmp)) for n in args.answers.split(",")]
    text = section(args, rows)
    print(text)
    if not args.no_write:
        write_section(HEADING, text)
    return 1 if any(r["rerun_calls"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
