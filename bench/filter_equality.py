"""Same decisions as before: run the filter over the benchmark's generated threads and compare
every outcome (reason, detail, language of kept threads) with a recorded reference.

The reference `filter_reference.tsv.gz` was re-recorded when near-duplicates became connected
groups keeping their smallest key (the definition `--engine ray` reproduces across
partitions); any change to the filter must leave it unchanged, or change it on purpose and
re-record it with `--record`.

    python bench/filter_equality.py [--n 100000]            # check, exit 1 on a difference
    python bench/filter_equality.py --n 100000 --record     # overwrite the reference
"""

from __future__ import annotations

import argparse
import gzip
import sys
from collections.abc import Iterator
from pathlib import Path

from bench_filter import generate

from medrubric.screen.filter import FilterConfig, iter_decisions

REFERENCE = Path(__file__).with_name("filter_reference.tsv.gz")


def decision_lines(n: int) -> Iterator[str]:
    """One line per thread, in input order: key, outcome, detail, language."""
    for thread, rejection in iter_decisions(generate(n), FilterConfig()):
        if rejection is None:
            yield f"{thread.key}\tkept\t\t{thread.language}"
        else:
            yield f"{rejection.thread_key}\t{rejection.reason}\t{rejection.detail}\t"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=100_000, help="number of generated threads")
    parser.add_argument("--record", action="store_true", help="write the reference instead")
    args = parser.parse_args()
    if args.record:
        with gzip.open(REFERENCE, "wt", encoding="utf-8") as fh:
            for line in decision_lines(args.n):
                fh.write(line + "\n")
        print(f"recorded {args.n:,} decisions in {REFERENCE.name}")
        return 0
    with gzip.open(REFERENCE, "rt", encoding="utf-8") as fh:
        expected = fh.read().splitlines()
    if args.n > len(expected):
        print(f"the reference holds {len(expected):,} decisions, fewer than --n {args.n:,}")
        return 2
    differences = 0
    for i, (got, want) in enumerate(zip(decision_lines(args.n), expected, strict=False)):
        if got != want:
            differences += 1
            if differences <= 10:
                print(f"thread {i}: got {got!r}, reference {want!r}")
    print(f"{args.n:,} threads: {differences} decisions differ from the reference")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
