"""Leave-one-set-out estimate of what the learned tagger adds on text it was not trained on.

For each blind set (blind 9, blind 8, blind 7, blind 6, blind 5, blind 4, then blind 3; EN and
ZH files together), the tagger is trained on every other labelled set in tests/data/pii/ and
the left-out set is redacted twice: rules + NER with the tagger off (`MEDRUBRIC_TAGGER=0`)
and rules + NER + the tagger trained without it. The rules themselves were tuned on blind
sets 1-3 (and blind 3 fixes were made with blind 4 unseen; the seventh freeze's rules after
reading blind 4-6's misses, the eighth's after reading blind 7's, the ninth's after reading
blind 8's, the tenth's after reading blind 9's), so these figures are an estimate of
generalisation, not a held-out measurement.
Also the added CPU time of the tagger per thread, on the speed threads of bench_redact.py.
Results go to bench/RESULTS.md under "## Redaction: learned tagger, leave-one-set-out".

    python bench/bench_redact_tagger.py [--no-write] [--fold "blind 5" ...]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from _results import write_section
from bench_redact import PII, make_threads, ratio, redact_spans, rejected

from medrubric.redact.pii_eval import load_snippets, score
from medrubric.redact.redact import KINDS, redact_threads
from medrubric.redact.train import train_sets, training_sets

HEADING = "## Redaction: learned tagger, leave-one-set-out"
FOLDS = {
    "blind 9": ("en_blind9", "zh_blind9"),
    "blind 8": ("en_blind8", "zh_blind8"),
    "blind 7": ("en_blind7", "zh_blind7"),
    "blind 6": ("en_blind6", "zh_blind6"),
    "blind 5": ("en_blind5", "zh_blind5"),
    "blind 4": ("en_blind4", "zh_blind4"),
    "blind 3": ("en_blind3", "zh_blind3"),
}


def fold_rows(name: str, left_out: tuple[str, ...], model: Path) -> tuple[list[str], list[str]]:
    train_sets(training_sets(PII, left_out), model)
    held = {
        lang: load_snippets(PII / f"{stem}.jsonl")
        for lang, stem in zip(("en", "zh"), left_out, strict=True)
    }
    held["all"] = held["en"] + held["zh"]
    rows, kind_rows = [], []
    for mode, setting in (("rules + NER", "0"), ("rules + NER + tagger", str(model))):
        os.environ["MEDRUBRIC_TAGGER"] = setting
        for lang, snippets in held.items():
            r = score(snippets, redact_spans)
            rows.append(
                f"| {name} {lang} | {mode} | {len(snippets)} | {ratio(r.caught, r.spans)} "
                f"| {ratio(r.kept, r.details)} | {len(r.spurious)}/{r.findings} "
                f"| {ratio(rejected(snippets), len(snippets))} |"
            )
            if lang == "all":
                cells = [ratio(r.caught_by_kind[k], r.spans_by_kind[k]) for k in KINDS]
                kind_rows.append(f"| {name} | {mode} | " + " | ".join(cells) + " |")
    return rows, kind_rows


def tagger_cpu(n: int = 400, repeats: int = 3) -> tuple[float, float]:
    """Threads per CPU-second, rules + NER batched, without and with the shipped tagger:
    the median of `repeats` runs each, the two alternating."""
    names = ("en", "en_heldout", "zh", "zh_heldout")
    threads = make_threads({s: load_snippets(PII / f"{s}.jsonl") for s in names}, n)
    runs: dict[str, list[float]] = {"0": [], "1": []}
    for setting in ("0", "1"):
        os.environ["MEDRUBRIC_TAGGER"] = setting
        list(redact_threads(threads[:32]))  # warm-up: models loaded
    for _ in range(repeats):
        for setting, rates in runs.items():
            os.environ["MEDRUBRIC_TAGGER"] = setting
            cpu = time.process_time()
            list(redact_threads(threads))
            rates.append(n / (time.process_time() - cpu))
    return statistics.median(runs["0"]), statistics.median(runs["1"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--fold", action="append", choices=list(FOLDS), help="default: all")
    args = parser.parse_args()
    rows, kind_rows = [], []
    with tempfile.TemporaryDirectory() as folder:
        for name in args.fold or FOLDS:
            left_out = FOLDS[name]
            r, k = fold_rows(name, left_out, Path(folder) / f"{left_out[0]}.crfsuite")
            rows += r
            kind_rows += k
    without, with_tagger = tagger_cpu()
    text = "\n".join(
        [
            HEADING,
            "",
            "Command: `python bench/bench_redact_tagger.py`. The tagger is trained without the "
            "left-out set (both languages); the rules and NER are the same in both rows.",
            "",
            f"Load average {os.getloadavg()[0]:.1f} at the end, Python {sys.version.split()[0]}.",
            "",
            "| left out | mode | snippets | span recall | clinical details kept "
            "| spurious findings | rejected whole |",
            "|---|---|---|---|---|---|---|",
            *rows,
            "",
            "Span recall per identifier kind, EN and ZH together:",
            "",
            "| left out | mode | " + " | ".join(KINDS) + " |",
            "|---|---|" + "---|" * len(KINDS),
            *kind_rows,
            "",
            "Rules + NER batched, 400 threads, median of 3 alternating runs: "
            f"{without:,.0f} threads per CPU-second without the tagger, "
            f"{with_tagger:,.0f} with it.",
        ]
    )
    print(text)
    if not args.no_write:
        write_section(HEADING, text)


if __name__ == "__main__":
    main()
