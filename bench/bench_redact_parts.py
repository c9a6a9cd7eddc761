"""How much of a redacted thread spaCy's English NER costs: the most any change to it can save.

The batched call (`redact_threads`, rules + NER + tagger) over the unique-text threads of
`bench_redact.py` (`make_threads`), in one process, round by round: as it is, and with
spaCy's part (`english_entities`: the ner batch, presidio's mapping and the proper-noun tags)
replaced by one that finds no entity, the two taking turns (the first to go changes every
round) so both are timed in the same minutes. Threads per CPU-second of this process, by
round. Without spaCy the output differs (its names and places are missing): the second
figure bounds what a faster or smaller English NER could give, it is no way to run.
Figures go to bench/RESULTS.md by hand, with the command and the load.

    python bench/bench_redact_parts.py [--threads 2000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench_redact import PII, make_threads

from medrubric.redact import redact
from medrubric.redact.pii_eval import load_snippets
from medrubric.redact.redact_ner import Entity


def no_entities(texts: list[str]) -> list[list[Entity]]:
    return [[] for _ in texts]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    snippets = {path.stem: load_snippets(path) for path in sorted(PII.glob("*.jsonl"))}
    threads = make_threads(snippets, args.threads)
    variants = {"with spaCy": redact.english_entities, "without spaCy": no_entities}
    list(redact.redact_threads(threads[:40]))  # loads the models
    rates: dict[str, list[float]] = {label: [] for label in variants}
    order = list(variants)
    for k in range(args.rounds):
        for label in order if k % 2 == 0 else order[::-1]:
            redact.english_entities = variants[label]
            cpu = time.process_time()
            list(redact.redact_threads(threads))
            rates[label].append(len(threads) / (time.process_time() - cpu))
            print(f"round {k + 1}: {label} {rates[label][-1]:.1f} threads per CPU-second")
    redact.english_entities = variants["with spaCy"]
    for label, found in rates.items():
        print(f"{label}: median {statistics.median(found):.1f} threads per CPU-second")
    share = 1 - statistics.median(
        w / wo for w, wo in zip(rates["with spaCy"], rates["without spaCy"], strict=True)
    )
    print(f"spaCy's share of a thread's CPU (median of the rounds): {share:.0%}")


if __name__ == "__main__":
    main()
