"""Filter + near-duplicate removal of N generated threads with `--engine ray` against the
in-process engine, side by side in one run, and the throughput a cluster would get.

The threads are `bench_filter`'s generator written to a JSONL file first (not timed). Both
engines run `run_filter` (what `medrubric filter` runs) on that file with the same partitions;
the script checks that they keep the same threads and times each stage. The projection per
added node is a projection, not a measurement: the per-core screening rate of the Ray tasks
(one CPU each) times the cores of a node, with the global de-duplication and the writing step
counted as they were measured here (they run on the driver). Results go to bench/RESULTS.md
under "## Ray".

    python bench/bench_ray.py [--n 1000000] [--partition-lines 50000] [--cores-per-node 16]
"""

from __future__ import annotations

import argparse
import os
import platform
import tempfile
import time
from pathlib import Path

from _results import write_section
from bench_filter import generate

from medrubric.scale.engine import Engine
from medrubric.screen.filter import FilterConfig, warm_up
from medrubric.screen.filter_run import run_filter

HEADING = "## Ray"


class StageClock:
    """Seconds per stage of a run, from the run's own stage callbacks."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self._stage: str | None = None
        self._start = 0.0

    def stage(self, name: str, _total: int) -> None:
        self.stop()
        self._stage, self._start = name, time.perf_counter()

    def stop(self) -> None:
        if self._stage is not None:
            self.seconds[self._stage] = time.perf_counter() - self._start
            self._stage = None


def write_threads(path: Path, n: int) -> float:
    start = time.perf_counter()
    with path.open("w", encoding="utf-8") as fh:
        for thread in generate(n):
            fh.write(thread.model_dump_json() + "\n")
    return time.perf_counter() - start


def timed_run(source: Path, out: Path, engine: Engine, lines: int) -> dict[str, float]:
    clock = StageClock()
    start = time.perf_counter()
    run_filter(source, out, FilterConfig(), engine, partition_lines=lines, on_stage=clock.stage)
    clock.stop()
    return {**clock.seconds, "total": time.perf_counter() - start}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=1_000_000, help="generated threads")
    parser.add_argument("--partition-lines", type=int, default=50_000)
    parser.add_argument("--cores-per-node", type=int, default=16, help="for the projection")
    parser.add_argument("--no-write", action="store_true", help="leave RESULTS.md alone")
    args = parser.parse_args()
    import ray

    warm_up()
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "threads.jsonl"
        generation = write_threads(source, args.n)
        local = timed_run(source, Path(tmp) / "local", Engine("local"), args.partition_lines)
        ray.init(include_dashboard=False, log_to_driver=False)
        remote = timed_run(source, Path(tmp) / "ray", Engine("ray"), args.partition_lines)
        ray_cpus = int(ray.cluster_resources().get("CPU", 0))
        ray.shutdown()
        same = all(
            (Path(tmp) / "local" / f).read_bytes() == (Path(tmp) / "ray" / f).read_bytes()
            for f in ("kept.jsonl", "rejected.jsonl")
        )
    assert same, "the two engines kept different threads"
    # A Ray task screens one partition on one CPU (no helper process): the per-core rate.
    per_core = args.n / (remote["screening"] * max(1, ray_cpus))
    driver_s = local["de-duplicating"] + local["writing"]
    lines = [
        HEADING,
        "",
        f"Command: `python bench/bench_ray.py --n {args.n} --partition-lines "
        f"{args.partition_lines} --cores-per-node {args.cores_per_node}`",
        "",
        f"Machine: {platform.machine()}, {os.cpu_count()} CPUs (Ray saw {ray_cpus}), load "
        f"average {os.getloadavg()[0]:.1f} at the end; {args.n:,} generated threads "
        f"({generation:.0f} s to write, not counted); default `FilterConfig`; kept and rejected "
        f"files identical on both engines: {same}.",
        "",
        "| engine | screening s | de-duplicating s | writing s | total s | threads/s |",
        "|---|---|---|---|---|---|",
    ]
    for name, t in (("in-process", local), ("ray (local, this machine)", remote)):
        lines.append(
            f"| {name} | {t['screening']:.1f} | {t['de-duplicating']:.1f} | "
            f"{t['writing']:.1f} | {t['total']:.1f} | {args.n / t['total']:,.0f} |"
        )
    lines += [
        "",
        f"Ray / in-process wall time: {remote['total'] / local['total']:.2f}×.",
        "",
        f"Projection (not measured): one core screens {per_core:,.0f} threads/s; a node of "
        f"{args.cores_per_node} cores screens ~{per_core * args.cores_per_node:,.0f} threads/s, "
        f"so each added node adds ~{per_core * args.cores_per_node:,.0f} threads/s of "
        f"screening. The driver steps (de-duplication and writing, {driver_s:.0f} s here for "
        f"{args.n:,} threads) do not shrink with nodes; de-duplication's shuffle does, but "
        "its union-find and the ordered write stay on the driver.",
        "",
    ]
    section = "\n".join(lines)
    print(section)
    if not args.no_write:
        write_section(HEADING, section)


if __name__ == "__main__":
    main()
