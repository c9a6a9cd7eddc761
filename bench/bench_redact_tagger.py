"""Leave-one-set-out estimate of what the learned tagger adds on text it was not trained on.

For each blind set (blind 14, blind 13, blind 12, blind 11, blind 10, blind 9, blind 8,
blind 7, blind 6, blind 5, blind 4, then blind 3; EN and ZH files together), the tagger is
trained on every other labelled set in tests/data/pii/ and the left-out set is redacted with
rules + NER with the tagger off (`MEDRUBRIC_TAGGER=0`) and with rules + NER + the tagger
trained without it, decoded by its best path and by its marginals (a unit the best path
leaves O is added where P(O) is under each threshold asked for). The rules themselves were
tuned on blind sets 1-3 (and blind 3 fixes were made with blind 4 unseen; the seventh
freeze's rules after reading blind 4-6's misses, the eighth's after reading blind 7's, the
ninth's after reading blind 8's, the tenth's after reading blind 9's, the thirteenth's after
reading blind 7-11's, the fourteenth's after reading blind 8-12's, the fifteenth's after
reading blind 13 and 14's), so these figures are an estimate of generalisation, not a
held-out measurement.
Also the added CPU time of the tagger per thread, on the speed threads of bench_redact.py.
Results go to bench/RESULTS.md under "## Redaction: learned tagger, leave-one-set-out".

    python bench/bench_redact_tagger.py [--no-write] [--fold "blind 5" ...] [--thresholds T ...]
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
from bench_redact import PII, SPEED_SETS, make_threads, ratio, rejected

from medrubric.data.labelled import labelled_sets
from medrubric.redact import redact_tagger
from medrubric.redact.pii_eval import load_snippets, score
from medrubric.redact.redact import KINDS, redact_text, redact_threads
from medrubric.redact.redact_ner import english_entities
from medrubric.redact.redact_tagger import default_model, tag_spans
from medrubric.redact.train import train_sets

SHIPPED_THRESHOLD = redact_tagger.P_O_BELOW
HEADING = "## Redaction: learned tagger, leave-one-set-out"
FOLDS = {
    "blind 14": ("en_blind14", "zh_blind14"),
    "blind 13": ("en_blind13", "zh_blind13"),
    "blind 12": ("en_blind12", "zh_blind12"),
    "blind 11": ("en_blind11", "zh_blind11"),
    "blind 10": ("en_blind10", "zh_blind10"),
    "blind 9": ("en_blind9", "zh_blind9"),
    "blind 8": ("en_blind8", "zh_blind8"),
    "blind 7": ("en_blind7", "zh_blind7"),
    "blind 6": ("en_blind6", "zh_blind6"),
    "blind 5": ("en_blind5", "zh_blind5"),
    "blind 4": ("en_blind4", "zh_blind4"),
    "blind 3": ("en_blind3", "zh_blind3"),
}


def fold_rows(
    name: str, left_out: tuple[str, ...], model: Path, thresholds: tuple[float, ...]
) -> tuple[list[str], list[str]]:
    """Rows for one left-out set: rules + NER, then with the tagger trained without it,
    decoded by its best path and by marginals at each of `thresholds`."""
    train_sets(labelled_sets(PII, load_snippets, left_out), model)
    held = {
        lang: load_snippets(PII / f"{stem}.jsonl")
        for lang, stem in zip(("en", "zh"), left_out, strict=True)
    }
    held["all"] = held["en"] + held["zh"]
    texts = [s.text for s in held["all"]]
    entities = dict(zip(texts, english_entities(texts), strict=True))

    def spans(text: str) -> tuple[str, list[tuple[int, int]]]:
        redacted, findings = redact_text(text, entities[text])
        return redacted, [(f.start, f.end) for f in findings]

    modes = [("rules + NER", "0", 0.0), ("rules + NER + tagger, best path", str(model), 0.0)]
    modes += [(f"rules + NER + tagger, P(O) < {t:g}", str(model), t) for t in thresholds if t]
    rows, kind_rows = [], []
    for mode, setting, threshold in modes:
        os.environ["MEDRUBRIC_TAGGER"] = setting
        redact_tagger.P_O_BELOW = threshold
        for lang, snippets in held.items():
            r = score(snippets, spans)
            rows.append(
                f"| {name} {lang} | {mode} | {len(snippets)} | {ratio(r.caught, r.spans)} "
                f"| {ratio(r.kept, r.details)} | {len(r.spurious)}/{r.findings} "
                f"| {ratio(rejected(snippets), len(snippets))} |"
            )
            if lang == "all":
                cells = [ratio(r.caught_by_kind[k], r.spans_by_kind[k]) for k in KINDS]
                kind_rows.append(f"| {name} | {mode} | " + " | ".join(cells) + " |")
    redact_tagger.P_O_BELOW = SHIPPED_THRESHOLD
    return rows, kind_rows


def decoding_cpu(threshold: float, repeats: int = 5) -> tuple[float, float]:
    """Milliseconds of CPU per text for the shipped tagger's `tag_spans` on the speed
    snippets, best path against marginals at `threshold`: the median of `repeats` runs each,
    the two alternating (jieba's words cached, as redaction has them)."""
    texts = [s.text for n in SPEED_SETS for s in load_snippets(PII / f"{n}.jsonl")]
    model = default_model()
    runs: dict[float, list[float]] = {0.0: [], threshold: []}
    for setting in runs:
        redact_tagger.P_O_BELOW = setting
        for text in texts:
            list(tag_spans(text, model))  # warm-up: model loaded, jieba's words cached
    for _ in range(repeats):
        for setting, times in runs.items():
            redact_tagger.P_O_BELOW = setting
            cpu = time.process_time()
            for text in texts:
                list(tag_spans(text, model))
            times.append(1000 * (time.process_time() - cpu) / len(texts))
    redact_tagger.P_O_BELOW = SHIPPED_THRESHOLD
    return statistics.median(runs[0.0]), statistics.median(runs[threshold])


def tagger_cpu(n: int = 400, repeats: int = 3) -> tuple[float, float]:
    """Threads per CPU-second, rules + NER batched, without and with the shipped tagger:
    the median of `repeats` runs each, the two alternating."""
    threads = make_threads({s: load_snippets(PII / f"{s}.jsonl") for s in SPEED_SETS}, n)
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
    parser.add_argument(
        "--thresholds",
        type=float,
        nargs="*",
        default=[SHIPPED_THRESHOLD],
        help="P(O) thresholds of the marginal decoding to score beside the best path "
        "(default: the shipped one)",
    )
    parser.add_argument(
        "--cpu-threshold",
        type=float,
        default=SHIPPED_THRESHOLD,
        help="the threshold whose decoding CPU is timed against the best path's",
    )
    parser.add_argument("--no-speed", action="store_true", help="skip the CPU measurements")
    args = parser.parse_args()
    rows, kind_rows = [], []
    with tempfile.TemporaryDirectory() as folder:
        for name in args.fold or FOLDS:
            left_out = FOLDS[name]
            model = Path(folder) / f"{left_out[0]}.crfsuite"
            r, k = fold_rows(name, left_out, model, tuple(args.thresholds))
            rows += r
            kind_rows += k
    speed = []
    if not args.no_speed:
        without, with_tagger = tagger_cpu()
        best_path, marginal = decoding_cpu(args.cpu_threshold)
        speed = [
            "",
            "Rules + NER batched, 400 threads, median of 3 alternating runs: "
            f"{without:,.0f} threads per CPU-second without the tagger, "
            f"{with_tagger:,.0f} with it. The shipped tagger's `tag_spans` alone, per text "
            f"of {', '.join(SPEED_SETS)}, median of 5 alternating runs: {best_path:.3f} ms of "
            f"CPU with the best path, {marginal:.3f} ms with P(O) < {args.cpu_threshold:g}.",
        ]
    text = "\n".join(
        [
            HEADING,
            "",
            "Command: `python bench/bench_redact_tagger.py`. The tagger is trained without the "
            "left-out set (both languages); the rules and NER are the same in every row. "
            "Best path: the tagger's Viterbi labels; P(O) < t: a unit the best path leaves O "
            "is added when its marginal P(O) is under t (the shipped decoding uses "
            f"t = {SHIPPED_THRESHOLD:g}; 0 is the best path alone).",
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
            *speed,
        ]
    )
    print(text)
    if not args.no_write:
        write_section(HEADING, text)


if __name__ == "__main__":
    main()
