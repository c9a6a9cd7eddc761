"""Train the identifier tagger (`redact_tagger`) on the labelled sets and write the model and
its training record into the package data.

    python -m medrubric.redact.train [--data tests/data/pii] [--out src/medrubric/redact/data]
        [--leave-out NAME ...] [--check]

Every `*.jsonl` file of `--data` is read in name order (a set named with `--leave-out`, e.g.
`en_blind4`, is skipped, and so is every set named in `--data`'s `awaiting.txt`: a held-out
set committed before its first measurement); `tagger.json` records the files, their snippet
counts, the sets awaiting measurement, the git commit that last changed them, the CRF
parameters and two SHA-256 digests: of every training item (`inputs_sha256`,
`redact_tagger.inputs_digest`) and of the model file (`model_sha256`). `--check` writes
nothing: it retrains in a temporary folder and exits 1, naming what differs, unless the
model and record in `--out` are what this checkout trains. A bad labelled line, or an
awaiting set with no file, exits 2 naming the file and line.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from medrubric.data.labelled import data_commit, sets_to_train
from medrubric.files import write_bytes_atomic, write_text_atomic
from medrubric.redact.pii_eval import Snippet, load_snippets
from medrubric.redact.redact_tagger import MODEL_NAME, PARAMS, RECORD_NAME, train

DATA = Path("tests/data/pii")
OUT = Path(__file__).parent / "data"
# What `--check` compares: the record's fields that follow from the data and the code (its
# `data_commit` names the commit that last changed the data, which the retraining cannot know
# before that commit exists).
CHECKED = ("sets", "awaiting", "params", "inputs_sha256", "model_sha256")


def train_sets(sets: dict[str, list[Snippet]], model: Path) -> str:
    """Train on every snippet of `sets` in order; the digest of the training items."""
    return train(((s.text, s.spans) for snippets in sets.values() for s in snippets), model)


def _check(out: Path, model: Path, record: dict[str, Any]) -> None:
    shipped_model, shipped_record = out / MODEL_NAME, out / RECORD_NAME
    if not shipped_model.is_file() or not shipped_record.is_file():
        sys.exit(f"differs: {out} holds no {MODEL_NAME} and {RECORD_NAME} to check")
    shipped = json.loads(shipped_record.read_text("utf-8"))
    fields = [key for key in CHECKED if shipped.get(key) != record[key]]
    if model.read_bytes() != shipped_model.read_bytes():
        fields.append(MODEL_NAME)
    if fields:
        sys.exit(f"differs: {', '.join(fields)} (retrain: python -m medrubric.redact.train)")
    print(f"{shipped_model}: what this checkout trains, byte for byte")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--leave-out", nargs="*", default=[])
    parser.add_argument("--check", action="store_true", help="retrain and compare; write nothing")
    args = parser.parse_args(argv)
    sets, awaiting = sets_to_train(args.data, load_snippets, args.leave_out)
    with tempfile.TemporaryDirectory() as tmp:
        model = Path(tmp) / MODEL_NAME
        inputs = train_sets(sets, model)
        counts = {name: len(snippets) for name, snippets in sets.items()}
        record = {
            "sets": counts,
            "awaiting": list(awaiting),
            "data_commit": data_commit(args.data),
            "params": PARAMS,
            "inputs_sha256": inputs,
            "model_sha256": hashlib.sha256(model.read_bytes()).hexdigest(),
            "command": "python -m medrubric.redact.train",
        }
        if args.check:
            _check(args.out, model, record)
            return
        args.out.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(args.out / MODEL_NAME, model.read_bytes())
    write_text_atomic(args.out / RECORD_NAME, json.dumps(record, indent=1) + "\n")
    print(f"{args.out / MODEL_NAME}: {sum(counts.values())} snippets")


if __name__ == "__main__":
    main()
