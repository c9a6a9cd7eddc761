"""Filter throughput: the LiveMedBench collection filter (media, date, physician reply,
character mix, language, ICD/ICF/ICHI keywords, safety screen) plus exact and MinHash LSH
near-duplicate removal, streamed over N generated threads.

Threads are generated deterministically: 60% English, 40% Chinese, built from medical
phrases and random filler words so texts are distinct; 5% are exact copies and 5% light
edits of earlier threads, and a few percent each are too old, have media or lack a
physician reply. Threads are generated in chunks of 50,000 between filtering steps; that time is
measured and excluded from threads/s (the language helper process can overlap a chunk's
generation by at most one batch, a fraction of a second per chunk). The loop is the stage code
both engines run (`screened_batches` and one `DuplicateFinder`), counting outcomes instead of
holding the threads as `iter_decisions` does until its groups are resolved. Peak memory is each
process's maximum resident set size (getrusage): the main process's includes the keyword
automaton, the LSH index and one generated chunk; the helper's the language models. Results
go to bench/RESULTS.md under "## Filter".

With `--command`, the same threads are also written to a JSONL file (not timed) and
`medrubric filter FILE --out DIR` runs on it in a fresh process, end to end as a user runs it
(start-up, reading and validating the file, writing kept.jsonl, rejected.jsonl and
summary.json), and its threads/s is printed next to the stage's, measured in the same run; the
command's outcome counts are checked equal to the stage's.

    python bench/bench_filter.py [--n 1000000] [--command] [--no-write]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from itertools import islice
from pathlib import Path

from _results import write_section

from medrubric.data.models import Message, Thread
from medrubric.screen.dedup import DuplicateFinder
from medrubric.screen.filter import FilterConfig, screened_batches, signatures, warm_up
from medrubric.screen.langid import language_helper

HEADING = "## Filter"
CHUNK = 50_000
EN_PHRASES = (
    "chest pain when I climb stairs",
    "a dry cough for three weeks",
    "high blood pressure",
    "headaches every afternoon",
    "knee pain after running",
    "itchy skin on my arms",
    "trouble sleeping at night",
    "type 2 diabetes",
    "a fever since yesterday",
    "lower back pain",
    "acid reflux after meals",
    "shortness of breath",
    "anxiety before exams",
    "irregular periods",
)
EN_FILLER = [
    "really",
    "often",
    "morning",
    "evening",
    "week",
    "month",
    "doctor",
    "said",
    "told",
    "me",
    "also",
    "still",
    "again",
    "maybe",
    "since",
    "my",
    "mother",
    "father",
    "son",
    "daughter",
    "wife",
    "husband",
    "work",
    "office",
    "school",
    "gym",
    "walk",
    "eat",
    "drink",
    "water",
    "coffee",
    "tea",
    "sleep",
    "tired",
    "worried",
    "scared",
    "better",
    "worse",
    "same",
    "different",
    "small",
    "large",
    "left",
    "right",
]
ZH_PHRASES = (
    "最近两周经常头痛",
    "血压偏高",
    "咳嗽三周了",
    "膝盖疼",
    "皮肤瘙痒",
    "晚上失眠",
    "2型糖尿病",
    "昨天开始发烧",
    "腰痛",
    "饭后反酸",
    "气短",
    "考试前焦虑",
    "月经不调",
    "胃痛",
)
ZH_FILLER = "的了是我在有个这他她们上下午晚早天周月年次很还又也都就要会能想说看吃喝睡走"
REPLIES = {
    "en": "Please see your doctor for an examination and an ECG; rest and drink fluids.",
    "zh": "建议到医院就诊，完善相关检查，注意休息，多喝水。",
}
START = dt.datetime(2023, 1, 1, tzinfo=dt.UTC)


def make_text(rng: random.Random, language: str) -> str:
    if language == "en":
        words = [rng.choice(EN_FILLER) for _ in range(rng.randint(25, 60))]
        words.insert(rng.randrange(len(words)), f"I have {rng.choice(EN_PHRASES)}")
        return " ".join(words) + f" {rng.randint(1, 10**6)}?"
    chars = [rng.choice(ZH_FILLER) for _ in range(rng.randint(40, 90))]
    chars.insert(rng.randrange(len(chars)), rng.choice(ZH_PHRASES))
    return "".join(chars) + f"{rng.randint(1, 10**6)}？"


def generate(n: int, seed: int = 0) -> Iterator[Thread]:
    rng = random.Random(seed)
    recent: list[str] = []
    for i in range(n):
        language = "en" if rng.random() < 0.6 else "zh"
        roll = rng.random()
        if roll < 0.05 and recent:
            text = rng.choice(recent)
        elif roll < 0.10 and recent:
            text = rng.choice(recent).replace("the", "a", 1).replace("的", "得", 1) + "!"
        else:
            text = make_text(rng, language)
            recent = (recent + [text])[-1000:]
        language = "zh" if "\u4e00" <= text[0] <= "\u9fff" else "en"
        published = START + dt.timedelta(days=rng.randint(0, 900))
        if rng.random() < 0.03:
            published = START - dt.timedelta(days=rng.randint(1, 700))
        verified = rng.random() > 0.03
        yield Thread.model_construct(
            source="bench",
            thread_id=str(i),
            url=None,
            title="",
            published_at=published,
            language=None,
            messages=[
                Message.model_construct(
                    author_role="patient", verified=False, posted_at=None, text=text
                ),
                Message.model_construct(
                    author_role="physician",
                    verified=verified,
                    posted_at=None,
                    text=REPLIES[language],
                ),
            ],
            tags=[],
            has_media=rng.random() < 0.02,
        )


class ChunkedSource:
    """Generates the threads a chunk at a time, outside the timed filtering: generation would
    otherwise run while the language helper process works and hide part of its time."""

    def __init__(self, threads: Iterator[Thread]):
        self.threads = threads
        self.seconds = 0.0

    def __iter__(self) -> Iterator[Thread]:
        while True:
            start = time.perf_counter()
            chunk = list(islice(self.threads, CHUNK))
            self.seconds += time.perf_counter() - start
            if not chunk:
                return
            yield from chunk


def peak_rss_mib(who: int) -> float:
    kib = resource.getrusage(who).ru_maxrss
    return kib / (1024 * 1024) if sys.platform == "darwin" else kib / 1024


def run(n: int) -> dict[str, object]:
    warm_up()
    source = ChunkedSource(generate(n))
    counts: Counter[str] = Counter()
    times = os.times()
    start = time.perf_counter()
    config = FilterConfig()
    finder = DuplicateFinder()
    seen = 0
    with language_helper() as helper:
        for batch, screened in screened_batches(source, config, helper=helper):
            passed = [i for i, s in enumerate(screened) if s.outcome is None]
            nodes = [seen + i for i in passed]
            finder.add(nodes, [batch[i].key for i in passed], *signatures(screened, passed))
            counts.update(s.outcome[0] for s in screened if s.outcome is not None)
            seen += len(batch)
    duplicates = finder.resolve()
    counts.update(reason for reason, _ in duplicates.values())
    counts["kept"] = n - sum(counts.values())
    total = time.perf_counter() - start
    after = os.times()
    filtering = total - source.seconds
    return {
        "n": n,
        "seconds": filtering,
        "cpu_seconds": after.user + after.system - times.user - times.system,
        "helper_cpu_seconds": after.children_user
        + after.children_system
        - times.children_user
        - times.children_system,
        "load_average": os.getloadavg()[0],
        "generation_seconds": source.seconds,
        "threads_per_s": n / filtering,
        "peak_rss_mib": peak_rss_mib(resource.RUSAGE_SELF),
        "helper_peak_rss_mib": peak_rss_mib(resource.RUSAGE_CHILDREN),
        "counts": dict(counts.most_common()),
    }


def run_command(n: int, folder: Path) -> dict[str, object]:
    """`medrubric filter` end to end on a file of the same n generated threads."""
    source = folder / "threads.jsonl"
    with source.open("w", encoding="utf-8") as handle:
        for thread in generate(n):
            handle.write(thread.model_dump_json() + "\n")
    out = folder / "out"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    load = os.getloadavg()[0]
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "medrubric.cli.main", "filter", str(source), "--out", str(out)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    return {
        "seconds": seconds,
        "threads_per_s": n / seconds,
        "cpu_seconds": after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime,
        "load_average": [load, os.getloadavg()[0]],
        "summary": summary,
    }


def check_counts(summary: dict[str, object], counts: dict[str, int]) -> None:
    """The command decides every thread as the stage loop does."""
    if summary["counts"] != counts:
        raise SystemExit(f"outcomes differ: command {summary['counts']}, stage {counts}")


def markdown(result: dict[str, object], command: str) -> str:
    counts = result["counts"]
    assert isinstance(counts, dict)
    lines = [
        HEADING,
        "",
        f"Command: `{command}`",
        "",
        f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, load average "
        f"{result['load_average']:.1f} at the end of the run, Python {platform.python_version()}; "
        "default `FilterConfig` (since 2023-01-01, en+zh, verified physician reply, safety "
        "screen, MinHash 128 permutations, threshold 0.8).",
        "",
        "| threads | filter seconds | threads/s | CPU seconds: main (incl. generation) + "
        "language helper | peak RSS MiB: main (incl. a generated chunk) + helper "
        "| generation seconds (excluded) |",
        "|---|---|---|---|---|---|",
        f"| {result['n']:,} | {result['seconds']:.1f} | {result['threads_per_s']:,.0f} "
        f"| {result['cpu_seconds']:.1f} + {result['helper_cpu_seconds']:.1f} "
        f"| {result['peak_rss_mib']:,.0f} + {result['helper_peak_rss_mib']:,.0f} "
        f"| {result['generation_seconds']:.1f} |",
        "",
        "Outcomes: " + ", ".join(f"{k} {v:,}" for k, v in counts.items()) + ".",
        "",
    ]
    cli = result.get("command")
    if isinstance(cli, dict):
        load_start, load_end = cli["load_average"]
        lines += [
            "`medrubric filter FILE --out DIR` end to end on the same threads written to a JSONL "
            f"file, a fresh process, 1-minute load average {load_start:.1f} at its start and "
            f"{load_end:.1f} at its end:",
            "",
            "| threads | command seconds | command threads/s | x the stage's threads/s "
            "| CPU seconds, command and its helper |",
            "|---|---|---|---|---|",
            f"| {result['n']:,} | {cli['seconds']:.1f} | {cli['threads_per_s']:,.0f} "
            f"| {cli['threads_per_s'] / result['threads_per_s']:.2f} "  # type: ignore[operator]
            f"| {cli['cpu_seconds']:.1f} |",
            "",
        ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=1_000_000, help="number of generated threads")
    parser.add_argument(
        "--no-write", action="store_true", help="print only; leave RESULTS.md alone"
    )
    parser.add_argument(
        "--command",
        action="store_true",
        help="also run `medrubric filter` end to end on the same threads written to a file",
    )
    args = parser.parse_args()
    result = run(args.n)
    if args.command:
        with tempfile.TemporaryDirectory() as folder:
            cli = run_command(args.n, Path(folder))
        check_counts(cli["summary"], result["counts"])  # type: ignore[arg-type]
        result["command"] = cli
    command = "python bench/bench_filter.py" + (f" --n {args.n}" if args.n != 1_000_000 else "")
    command += " --command" if args.command else ""
    section = markdown(result, command)
    print(section)
    if not args.no_write:
        write_section(HEADING, section)


if __name__ == "__main__":
    main()
