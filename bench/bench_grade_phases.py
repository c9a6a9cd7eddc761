"""Where `medrubric grade` spends its CPU, phase by phase, side by side for two checkouts.

For each round and each checkout (a source folder: this one's `src`, or another revision's
`git archive` unpacked), `medrubric grade` runs in a fresh process on N generated
HealthBench-format examples x 11 criteria against the grading stub (bench/_grading_stub.py,
50 ms latency, concurrency 50). It prints the CPU seconds before the first request, between
the first request and the last reply, in summary.json, in the reports, after the exit
handlers (the interpreter's teardown: the child's rusage minus the CPU seen at exit) and
after the last reply in all, and the wall seconds from the last request's arrival at the stub
to the process's exit, and the wall seconds from its start to the first request's arrival.
CPU seconds, unlike wall seconds, hardly move with other work on the machine (the CPU before
the first request counts every thread's: aiohttp is imported on one while the cases are read).

    python bench/bench_grade_phases.py [--examples 200] [--rounds 2] [--mode per-criterion]
        [--baseline /tmp/old/src] [--instructions]

`--instructions` counts instead the instructions each checkout runs from its start to its first
request, under valgrind's cachegrind (`I refs`, PYTHONHASHSEED=0): unlike seconds, the count
hardly moves with the machine's load (run to run ~0.5 %), so it compares start-ups on a busy
machine. Each count runs ~50x slower than the command.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _bytecode import child_env, compile_sources
from _grading_stub import Stub, write_healthbench
from _results import machine

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"
PHASES = (
    ("before first request", "start", "first_request"),
    ("calls", "first_request", "last_reply"),
    ("summary.json", "summary_start", "summary_end"),
    ("reports", "reports_start", "reports_end"),
)


def one(stub: Stub, src: Path, files: tuple[Path, Path], out: Path, mode: str) -> dict[str, float]:
    cases, answers = files
    command = [
        sys.executable, str(HERE / "_grade_phases_entry.py"), "grade", "--responses",
        str(answers), "--cases", str(cases), "--grader", f"openai:replay@{stub.url}",
        "--mode", mode, "--out", str(out), "--cache-dir", str(out / "cache"),
        "--concurrency", "50", "--quiet",
    ]  # fmt: skip
    env = child_env(src) | {"PHASES_OUT": str(out.parent / f"{out.name}.json")}
    stub.reset()
    with tempfile.TemporaryFile() as err:
        started = time.time()
        proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        ended = time.time()
        if os.waitstatus_to_exitcode(status):
            err.seek(0)
            raise SystemExit(err.read().decode()[-2000:])
    marks = json.loads((out.parent / f"{out.name}.json").read_text())
    row = {name: marks[end] - marks[begin] for name, begin, end in PHASES}
    row["after exit handlers"] = usage.ru_utime + usage.ru_stime - marks["exit_handlers"]
    row["total"] = usage.ru_utime + usage.ru_stime
    row["after last reply"] = row["total"] - marks["last_reply"]
    stats = stub.stats()
    row["last request to exit, wall"] = ended - stats["last"]
    row["start to first request, wall"] = stats["first"] - started
    row["calls made"] = stats["calls"]
    return row


def instructions(stub: Stub, src: Path, files: tuple[Path, Path], out: Path, mode: str) -> int:
    """The instructions `medrubric grade` runs before its first request, under cachegrind."""
    cases, answers = files
    command = [
        "valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}.cg",
        sys.executable, str(HERE / "_grade_phases_entry.py"), "grade", "--responses",
        str(answers), "--cases", str(cases), "--grader", f"openai:replay@{stub.url}",
        "--mode", mode, "--out", str(out), "--cache-dir", str(out / "cache"),
        "--concurrency", "50", "--quiet",
    ]  # fmt: skip
    env = child_env(src) | {"PHASES_STOP_AT_FIRST": "1", "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    counted = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if counted is None:
        raise SystemExit(done.stderr[-2000:])
    return int(counted[1].replace(",", ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--mode", default="per-criterion", choices=("per-criterion", "batched"))
    parser.add_argument("--baseline", type=Path, help="another revision's src folder")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions to the first request"
    )
    args = parser.parse_args()
    sources = {"this checkout": SRC}
    if args.baseline:
        sources = {"baseline": args.baseline.resolve(), **sources}
    for src in sources.values():
        compile_sources(src)
    rows: dict[str, list[dict[str, float]]] = {name: [] for name in sources}
    with tempfile.TemporaryDirectory() as tmp, Stub(0.05) as stub:
        root = Path(tmp)
        files = write_healthbench(root, args.examples, 11, 450, 830)
        if args.instructions:
            for r in range(args.rounds):
                for name, src in sources.items():
                    out = root / f"{name.replace(' ', '-')}-{r}"
                    count = instructions(stub, src, files, out, args.mode)
                    print(f"{name}: {count:,} instructions before the first request")
            return 0
        for r in range(args.rounds):  # alternating, so load falls on both alike
            for name, src in sources.items():
                out = root / f"{name.replace(' ', '-')}-{r}"
                rows[name].append(one(stub, src, files, out, args.mode))
                print(name, {k: round(v, 3) for k, v in rows[name][-1].items()}, file=sys.stderr)
    verdicts = args.examples * 11
    columns = [p[0] for p in PHASES] + ["after exit handlers", "total", "after last reply"]
    walls = ("start to first request, wall", "last request to exit, wall")
    print(
        f"| checkout | {' | '.join(f'{c}, CPU s' for c in columns)} | CPU ms / verdict | "
        f"{' | '.join(f'{w} s' for w in walls)} |"
    )
    print(f"|---|{'---|' * (len(columns) + 1 + len(walls))}")
    for name, runs in rows.items():
        cells = [", ".join(f"{run[c]:.2f}" for run in runs) for c in (*columns,)]
        per = ", ".join(f"{1000 * run['total'] / verdicts:.2f}" for run in runs)
        wall = [", ".join(f"{run[w]:.2f}" for run in runs) for w in walls]
        print(f"| {name} | {' | '.join(cells)} | {per} | {' | '.join(wall)} |")
    print(f"{machine()}; 1-minute load average at the end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
