"""Retrieval speed: BM25 build time and query latency on generated snippets, and dense
(the default encoder) encode throughput and query latency.

Snippets are generated deterministically from a medical word list plus random filler words
(one in five in Chinese), so term statistics resemble a real corpus without shipping one.
Dense numbers are split honestly: passage-encode throughput is *measured* on a sample and the
time to embed the full dense corpus is *extrapolated* from it; query latency is *measured* as
query encoding plus an exact inner-product top-k over a full-size embedding matrix (random unit
vectors: the search cost does not depend on the values). Results go to bench/RESULTS.md under
"## Retrieval".

    python bench/bench_retrieval.py [--n 1000000] [--dense-n 100000] [--encode-sample 1000]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time

import numpy as np
from _results import write_section

from medrubric.retrieve.bm25 import BM25Retriever
from medrubric.retrieve.corpus import Snippet
from medrubric.retrieve.dense import DEFAULT_DENSE_MODEL, open_encoder, top_k

HEADING = "## Retrieval"
FULL_N = 1_000_000
MEDICAL = [
    "fever",
    "cough",
    "chest",
    "pain",
    "headache",
    "migraine",
    "diabetes",
    "insulin",
    "metformin",
    "hypertension",
    "stroke",
    "asthma",
    "inhaler",
    "pneumonia",
    "antibiotic",
    "amoxicillin",
    "infection",
    "urinary",
    "kidney",
    "liver",
    "hepatitis",
    "anaemia",
    "iron",
    "ferritin",
    "thyroid",
    "levothyroxine",
    "pregnancy",
    "contraception",
    "depression",
    "anxiety",
    "sertraline",
    "arthritis",
    "ibuprofen",
    "paracetamol",
    "fracture",
    "rash",
    "eczema",
    "allergy",
    "anaphylaxis",
    "vaccine",
    "child",
    "infant",
    "elderly",
    "dose",
    "tablet",
    "daily",
    "weekly",
    "symptom",
    "diagnosis",
    "treatment",
    "guideline",
    "risk",
    "emergency",
    "referral",
    "blood",
    "pressure",
    "glucose",
    "cholesterol",
    "statin",
    "heart",
]
CHINESE = [
    "发热",
    "咳嗽",
    "胸痛",
    "头痛",
    "糖尿病",
    "高血压",
    "哮喘",
    "肺炎",
    "抗生素",
    "感染",
    "贫血",
    "甲状腺",
    "妊娠",
    "抑郁",
    "焦虑",
    "关节炎",
    "皮疹",
    "过敏",
    "疫苗",
    "儿童",
    "剂量",
    "治疗",
    "诊断",
    "指南",
    "风险",
    "急诊",
]


def generate(n: int, seed: int = 0) -> list[Snippet]:
    rng = random.Random(seed)
    filler = [f"w{i}" for i in range(50_000)]
    snippets = []
    for i in range(n):
        if i % 5 == 4:
            words = rng.choices(CHINESE, k=12)
            content = "，".join("".join(words[j : j + 3]) for j in range(0, 12, 3)) + "。"
        else:
            words = rng.choices(MEDICAL, k=14) + rng.choices(filler, k=16)
            rng.shuffle(words)
            content = " ".join(words) + "."
        snippets.append(
            Snippet(id=f"s{i}", title=" ".join(rng.choices(MEDICAL, k=3)), content=content)
        )
    return snippets


def queries(n: int, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        pool = CHINESE if i % 5 == 4 else MEDICAL
        out.append(("" if pool is CHINESE else " ").join(rng.choices(pool, k=4)))
    return out


def latency_ms(fn, items: list[str]) -> tuple[float, float]:
    times = []
    for item in items:
        start = time.perf_counter()
        fn(item)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(0.95 * (len(times) - 1))]


def bench_bm25(n: int, n_queries: int) -> list[str]:
    start = time.perf_counter()
    snippets = generate(n)
    generated = time.perf_counter() - start
    start = time.perf_counter()
    retriever = BM25Retriever(snippets)
    build = time.perf_counter() - start
    p50, p95 = latency_ms(lambda q: retriever.search(q, 10), queries(n_queries))
    start = time.perf_counter()
    retriever.search_many(queries(n_queries, seed=2), 10)
    batch = (time.perf_counter() - start) / n_queries * 1000
    rows = [
        f"| BM25 build (tokenize + index), {n:,} snippets | {build:.1f} s (measured; "
        f"generating the snippets took another {generated:.1f} s) |",
        f"| BM25 query latency, k=10, {n_queries} single queries | p50 {p50:.1f} ms, "
        f"p95 {p95:.1f} ms (measured) |",
        f"| BM25 `search_many`, {n_queries} queries in one call | {batch:.1f} ms per query "
        "(measured) |",
    ]
    if n < FULL_N:
        # Tokenizing and indexing are linear in the corpus; scoring touches every posting of
        # the query terms, which also grows linearly with the corpus for common terms.
        scale = FULL_N / n
        rows += [
            f"| BM25 build, {FULL_N:,} snippets | {build * scale / 60:.1f} min (extrapolated "
            f"linearly from {n:,}) |",
            f"| BM25 query latency, {FULL_N:,} snippets | p50 {p50 * scale:.0f} ms "
            f"(extrapolated linearly from {n:,}; an upper estimate) |",
        ]
    return rows


def bench_dense(dense_n: int, sample: int, n_queries: int) -> list[str]:
    encoder = open_encoder(DEFAULT_DENSE_MODEL)
    snippets = generate(sample, seed=3)
    dim = encoder.encode_passages(snippets[:8]).shape[1]  # load and warm the model
    start = time.perf_counter()
    for i in range(0, sample, 64):
        encoder.encode_passages(snippets[i : i + 64])
    per_s = sample / (time.perf_counter() - start)
    matrix = np.random.default_rng(0).standard_normal((dense_n, dim), dtype=np.float32)
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)

    def search(query: str) -> None:
        q = encoder.encode_queries([query])
        top_k((q @ matrix.T)[0], 10)

    p50, p95 = latency_ms(search, queries(n_queries))
    s50, _ = latency_ms(lambda _: top_k(matrix @ matrix[0], 10), queries(n_queries))
    hours = dense_n / per_s / 3600
    return [
        f"| `{encoder.spec}` passage encoding, {sample:,} snippets in batches of 64 | {per_s:.1f} "
        "snippets/s (measured) |",
        f"| Embedding {dense_n:,} snippets | {dense_n / per_s / 60:.0f} min = {hours:.2f} h "
        "(extrapolated from the measured rate) |",
        f"| Dense query latency over {dense_n:,} embeddings (random unit vectors: search cost "
        f"does not depend on content), k=10 (query encode + exact "
        f"search) | p50 {p50:.1f} ms, p95 {p95:.1f} ms (measured) |",
        f"| of which exact inner-product top-10 over {dense_n:,} x {dim} | p50 {s50:.1f} ms "
        "(measured) |",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=FULL_N, help="BM25 corpus size")
    parser.add_argument("--dense-n", type=int, default=100_000, help="dense corpus size")
    parser.add_argument("--encode-sample", type=int, default=1_000, help="snippets encoded")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--no-write", action="store_true", help="print, do not update RESULTS.md")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    rows = bench_bm25(args.n, args.queries) + bench_dense(
        args.dense_n, args.encode_sample, args.queries
    )
    command = (
        f"python bench/bench_retrieval.py --n {args.n} --dense-n {args.dense_n} "
        f"--encode-sample {args.encode_sample} --queries {args.queries}"
    )
    section = "\n".join(
        [
            HEADING,
            "",
            f"`{command}` on {platform.machine()} with {len(os.sched_getaffinity(0))} "
            f"CPU cores, Python {platform.python_version()}; 1-minute load average "
            f"{load_before:.1f} at the start and {os.getloadavg()[0]:.1f} at the end (the "
            "cores were shared with other work, so latencies include contention).",
            "",
            "| measure | result |",
            "|---|---|",
            *rows,
            "",
        ]
    )
    print(section)
    if not args.no_write:
        write_section(HEADING, section)


if __name__ == "__main__":
    main()
