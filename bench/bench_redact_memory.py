"""Memory of English NER over a long stream of unique texts, side by side with a baseline.

Each variant (this checkout's src/, and with --baseline-src DIR another commit's src/) runs in
a fresh process over the same generated texts: forum-shaped English posts in which every
word is new (seeded random letters, a fifth capitalised), the worst case for spaCy's
vocabulary, which keeps every string it meets. `english_entities` takes them in batches of
200, as `redact` does; every --every batches the process prints the strings its vocabulary
holds and its peak RSS. Results go to bench/RESULTS.md under "## Redaction: memory on unique
texts".

    python bench/bench_redact_memory.py [--batches 60] [--every 10] [--baseline-src DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from _results import write_section

HEADING = "## Redaction: memory on unique texts"
SRC = Path(__file__).resolve().parents[1] / "src"
WORDS_PER_TEXT = 80

WORKER = """
import json, random, resource, string, sys
from medrubric.redact.redact_ner import english_analyzer, english_entities
batches, every, words = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(7)
def word():
    w = "".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(4, 9)))
    return w.capitalize() if rng.random() < 0.2 else w
def text():
    return " ".join(word() for _ in range(words)) + ". My mother Margaret saw Dr Jones in Leeds."
rows = []
for step in range(1, batches + 1):
    english_entities([text() for _ in range(200)])
    if step % every == 0:
        strings = len(english_analyzer().nlp_engine.nlp["en"].vocab.strings)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
        rows.append([step * 200, strings, peak])
print(json.dumps(rows))
"""


def run(src: Path, args: argparse.Namespace) -> list[list[int]]:
    env = {**os.environ, "PYTHONPATH": str(src.resolve())}
    done = subprocess.run(
        [sys.executable, "-c", WORKER, str(args.batches), str(args.every), str(WORDS_PER_TEXT)],
        env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--batches", type=int, default=60)
    parser.add_argument("--every", type=int, default=10)
    parser.add_argument("--baseline-src", type=Path)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    variants = {"this checkout": SRC}
    if args.baseline_src:
        variants["baseline"] = args.baseline_src
    results = {name: run(src, args) for name, src in variants.items()}
    command = f"python bench/bench_redact_memory.py --batches {args.batches} --every {args.every}"
    if args.baseline_src:
        command += f" --baseline-src {args.baseline_src}"
    names = list(results)
    lines = [
        HEADING,
        "",
        f"Command: `{command}`",
        "",
        f"English NER (`english_entities`) over texts of {WORDS_PER_TEXT} words in which every "
        "word is new, in batches of 200, each variant in a fresh process; strings in spaCy's "
        f"vocabulary and peak RSS (MiB). 1-minute load average {os.getloadavg()[0]:.1f}.",
        "",
        "| texts | " + " | ".join(f"{n}: strings | {n}: peak RSS MiB" for n in names) + " |",
        "|---|" + "---|---|" * len(names),
    ]
    for rows in zip(*results.values(), strict=True):
        cells = " | ".join(f"{strings:,} | {peak}" for _, strings, peak in rows)
        lines.append(f"| {rows[0][0]:,} | {cells} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if not args.no_write:
        write_section(HEADING, text)


if __name__ == "__main__":
    main()
