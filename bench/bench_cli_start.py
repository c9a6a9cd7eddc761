"""Start-up cost of the `medrubric` command, side by side with an earlier revision in one run.

For each variant (this checkout's src/, and with --baseline REV the src/ of that git revision
unpacked to a temporary folder) it times, in fresh processes and interleaved rounds:
- `medrubric --version` and `medrubric grade --help`,
- `medrubric grade` on N HealthBench-format examples x K criteria against the grading
  benchmark's stub endpoint (bench/_grading_stub.py): seconds from start to the first request
  (fresh cache), and a finished re-run's wall time and calls (0 expected).
Every process reads compiled bytecode, as an installed package does: the sources are compiled
first into a bytecode folder (PYTHONPYCACHEPREFIX) the timed processes share, and
PYTHONDONTWRITEBYTECODE is dropped from their environment (where it is set, every run would
otherwise compile the package from source, about 0.1 s of each start).
Reports mean, standard deviation and minimum per measure, the ratio to the baseline's mean, and
the load average; results go to bench/RESULTS.md under "## Command start-up".

    python bench/bench_cli_start.py [--baseline REV] [--runs 10] [--examples 200] [--criteria 11]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

from _bytecode import child_env, compile_sources
from _grading_stub import Stub, write_healthbench
from _results import write_section

HEADING = "## Command start-up"
REPO = Path(__file__).resolve().parents[1]


def unpack_src(rev: str, folder: Path) -> Path:
    """src/ of git revision `rev`, unpacked under `folder`."""
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", rev, "src"], check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder / "src"


def timed(src: Path, args: list[str]) -> float:
    env = child_env(src)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "medrubric.cli.main", *args], env=env, check=True,
                   capture_output=True)  # fmt: skip
    return time.perf_counter() - start


def grade_args(files: tuple[Path, Path], url: str, out: Path) -> list[str]:
    return [
        "grade", "--responses", str(files[1]), "--cases", str(files[0]),
        "--grader", f"openai:replay@{url}", "--mode", "per-criterion", "--out", str(out / "run"),
        "--cache-dir", str(out / "cache"), "--concurrency", "50", "--quiet",
    ]  # fmt: skip


def first_call(src: Path, stub: Stub, args: list[str]) -> float:
    """Seconds from process start to the stub's first request (a fresh run)."""
    stub.reset()
    env = child_env(src)
    started = time.time()
    subprocess.run([sys.executable, "-m", "medrubric.cli.main", *args], env=env, check=True,
                   capture_output=True)  # fmt: skip
    return stub.stats()["first"] - started


FIRST = "first request (fresh run)"


def measure(
    variants: dict[str, Path], stub: Stub, files: tuple[Path, Path], root: Path, runs: int
) -> tuple[dict[str, dict[str, list[float]]], dict[str, int]]:
    """Seconds per measure and variant, and the calls each variant's finished re-run made."""
    times: dict[str, dict[str, list[float]]] = {name: {FIRST: []} for name in variants}
    rerun_calls: dict[str, int] = {}
    for i, (name, src) in enumerate(variants.items()):  # fills each variant's cache
        argv = grade_args(files, stub.url, root / f"variant{i}")
        times[name][FIRST].append(first_call(src, stub, argv))
        before = stub.stats()["calls"]
        timed(src, argv)
        rerun_calls[name] = int(stub.stats()["calls"] - before)
    for _ in range(runs):  # interleaved, so outside load falls on every variant alike
        for i, (name, src) in enumerate(variants.items()):
            commands = {
                "--version": ["--version"],
                "grade --help": ["grade", "--help"],
                "finished re-run of grade": grade_args(files, stub.url, root / f"variant{i}"),
            }
            for label, argv in commands.items():
                times[name].setdefault(label, []).append(timed(src, argv))
    for r in range(min(runs, 3) - 1):  # more fresh runs, each with an empty cache
        for i, (name, src) in enumerate(variants.items()):
            argv = grade_args(files, stub.url, root / f"fresh{i}-{r}")
            times[name][FIRST].append(first_call(src, stub, argv))
    return times, rerun_calls


def summary(values: list[float]) -> str:
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return f"{statistics.mean(values):.2f} ± {sd:.2f} (min {min(values):.2f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", help="git revision to compare with, e.g. main~3")
    parser.add_argument("--runs", type=int, default=10, help="timed runs per measure")
    parser.add_argument("--examples", type=int, default=200)
    parser.add_argument("--criteria", type=int, default=11)
    parser.add_argument("--no-write", action="store_true", help="print only, leave RESULTS.md")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp, Stub(0.05) as stub:
        root = Path(tmp)
        variants = {"this checkout": REPO / "src"}
        if args.baseline:
            variants = {f"baseline {args.baseline}": unpack_src(args.baseline, root), **variants}
        files = write_healthbench(root, args.examples, args.criteria, 450, 830)
        for src in variants.values():
            compile_sources(src)
        times, rerun_calls = measure(variants, stub, files, root, args.runs)
    load_after = os.getloadavg()[0]
    base = next(iter(variants))
    baseline = f" --baseline {args.baseline}" if args.baseline else ""
    lines = [
        HEADING,
        "",
        f"Command: `python bench/bench_cli_start.py{baseline} --runs {args.runs} "
        f"--examples {args.examples} --criteria {args.criteria}`",
        "",
        "Seconds per fresh `python -m medrubric.cli.main` process, mean ± sd (min) over "
        f"{args.runs} interleaved runs (first request: {min(args.runs, 3)} fresh runs); `grade` "
        f"is per-criterion on {args.examples} x {args.criteria} HealthBench-format examples "
        "against the grading stub (50 ms latency). "
        f"Machine: {os.cpu_count()} CPUs, 1-minute load average "
        f"{load_before:.1f} before, {load_after:.1f} after.",
        "",
        "| measure | " + " | ".join(variants) + (" | x baseline |" if len(variants) > 1 else ""),
        "|---|" + "---|" * len(variants) + ("---|" if len(variants) > 1 else ""),
    ]
    for label in times[base]:
        row = [summary(times[v][label]) for v in variants]
        if len(variants) > 1:
            means = [statistics.mean(times[v][label]) for v in variants]
            row.append(f"{means[-1] / means[0]:.2f}")
        lines.append(f"| {label} | " + " | ".join(row) + " |")
    lines += ["", "Targets: a finished re-run within 1 s, the first request within 0.5 s of start."]
    lines += ["", "Calls made by each finished re-run: "
              + ", ".join(f"{v}: {n}" for v, n in rerun_calls.items()) + "."]  # fmt: skip
    text = "\n".join(lines) + "\n"
    print(text)
    if not args.no_write:
        write_section(HEADING, text)
    return 1 if any(rerun_calls.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
