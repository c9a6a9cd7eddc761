"""Train the identifier tagger (`redact_tagger`) on the labelled sets and write the model and
its training record into the package data.

    python -m medrubric.redact.train [--data tests/data/pii] [--out src/medrubric/redact/data]
        [--leave-out NAME ...]

Every `*.jsonl` file of `--data` is read in name order (a set named with `--leave-out`, e.g.
`en_blind4`, is skipped, and so is every set named in `--data`'s `awaiting.txt`: a held-out
set committed before its first measurement); `tagger.json` records the files, their snippet
counts, the sets awaiting measurement, the git commit that last changed them and the CRF
parameters. A bad labelled line, or an awaiting set with no file, exits 2 naming the file
and line.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from medrubric.data.labelled import data_commit, sets_to_train
from medrubric.files import write_bytes_atomic, write_text_atomic
from medrubric.redact.pii_eval import Snippet, load_snippets
from medrubric.redact.redact_tagger import MODEL_NAME, PARAMS, RECORD_NAME, train

DATA = Path("tests/data/pii")
OUT = Path(__file__).parent / "data"


def train_sets(sets: dict[str, list[Snippet]], model: Path) -> None:
    train(((s.text, s.spans) for snippets in sets.values() for s in snippets), model)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--leave-out", nargs="*", default=[])
    args = parser.parse_args(argv)
    sets, awaiting = sets_to_train(args.data, load_snippets, args.leave_out)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        model = Path(tmp) / MODEL_NAME
        train_sets(sets, model)
        write_bytes_atomic(args.out / MODEL_NAME, model.read_bytes())
    counts = {name: len(snippets) for name, snippets in sets.items()}
    record = {
        "sets": counts,
        "awaiting": list(awaiting),
        "data_commit": data_commit(args.data),
        "params": PARAMS,
        "command": "python -m medrubric.redact.train",
    }
    write_text_atomic(args.out / RECORD_NAME, json.dumps(record, indent=1) + "\n")
    print(f"{args.out / MODEL_NAME}: {sum(counts.values())} snippets")


if __name__ == "__main__":
    main()
