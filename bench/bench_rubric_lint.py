"""Precision and recall of the text-only rubric lint checks on the labelled criteria in
tests/data/rubric_lint/ (each criterion tagged `expect:<check>` or `expect:none`).

    python bench/bench_rubric_lint.py tests/data/rubric_lint/dev.jsonl \
        tests/data/rubric_lint/dev2.jsonl tests/data/rubric_lint/dev3.jsonl \
        tests/data/rubric_lint/heldout.jsonl tests/data/rubric_lint/heldout2.jsonl \
        tests/data/rubric_lint/heldout3.jsonl

With several files, a last table sums them (all parts together).

The flipped-sign check applies the learned sign model (`medrubric.rubric.learned`), which
is trained on every labelled part but those awaiting measurement. `--leave-one-out` scores
each part with a model trained without it (`python -m medrubric.rubric.train_learned
--leave-out PART`, into a temporary folder): the figure for text the model has not seen.

Scored per criterion: a check's true positives are criteria labelled with it that it flags;
false positives, criteria it flags that carry another label (or none). Checks the set does
not label (length, compound, notes on the whole rubric) are not scored.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path

from medrubric.data.formats import load_cases
from medrubric.rubric import learned, train_learned
from medrubric.rubric.lint import duplicate_method, lint_text
from medrubric.rubric.similarity import FALLBACK_NOTE, sentence_encoder

SCORED = ("flipped_sign", "duplicate", "vague", "unjudgeable", "low_weight", "extreme_weight")


def expected(tags: list[str]) -> set[str]:
    return {t.removeprefix("expect:") for t in tags if t.startswith("expect:")} - {"none"}


def score(path: Path) -> tuple[int, dict[str, tuple[int, int, int]]]:
    """(criteria, check -> (true positives, false positives, false negatives))."""
    cases = load_cases(path)
    flagged: dict[tuple[str, str], set[str]] = {}
    for f in lint_text(cases, sentence_encoder()):
        if f.criterion_id is not None:
            flagged.setdefault((f.case_id, f.criterion_id), set()).add(f.check)
    counts = {check: [0, 0, 0] for check in SCORED}
    n = 0
    for case in cases:
        for c in case.rubric:
            n += 1
            truth, found = expected(c.tags), flagged.get((case.id, c.id), set())
            for check in SCORED:
                if check in found and check in truth:
                    counts[check][0] += 1
                elif check in found:
                    counts[check][1] += 1
                elif check in truth:
                    counts[check][2] += 1
    return n, {k: (v[0], v[1], v[2]) for k, v in counts.items()}


def _ratio(a: int, b: int) -> str:
    return f"{a / b:.2f}" if b else "—"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="+", type=Path, help="labelled cases files")
    parser.add_argument(
        "--leave-one-out",
        action="store_true",
        help="score each part with a sign model trained without it",
    )
    args = parser.parse_args()
    encoder = sentence_encoder()
    print(f"duplicate method: {duplicate_method(encoder)}")
    if encoder is None:
        print(FALLBACK_NOTE)
    total = 0
    together = {check: (0, 0, 0) for check in SCORED}
    for path in args.sets:
        with left_out(path) if args.leave_one_out else nullcontext():
            n, counts = score(path)
        table(f"{path} ({n} criteria)", counts)
        total += n
        for check, (tp, fp, fn) in counts.items():
            before = together[check]
            together[check] = (before[0] + tp, before[1] + fp, before[2] + fn)
    if len(args.sets) > 1:
        table(f"all {len(args.sets)} parts together ({total} criteria)", together)


@contextmanager
def left_out(path: Path) -> Iterator[None]:
    """The sign model trained on `path`'s folder without `path`, applied inside the block."""
    with tempfile.TemporaryDirectory() as tmp:
        train_learned.main(["--data", str(path.parent), "--out", tmp, "--leave-out", path.stem])
        before = os.environ.get(learned.ENV)
        os.environ[learned.ENV] = str(Path(tmp) / learned.MODEL_NAME)
        try:
            yield
        finally:
            if before is None:
                del os.environ[learned.ENV]
            else:
                os.environ[learned.ENV] = before


def table(title: str, counts: dict[str, tuple[int, int, int]]) -> None:
    print(f"\n{title}\n")
    print("| check | labelled | flagged | precision | recall |")
    print("|---|---|---|---|---|")
    for check, (tp, fp, fn) in counts.items():
        precision, recall = _ratio(tp, tp + fp), _ratio(tp, tp + fn)
        print(f"| {check} | {tp + fn} | {tp + fp} | {precision} | {recall} |")


if __name__ == "__main__":
    main()
