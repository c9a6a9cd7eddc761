"""Labelled sets that train a shipped model: which are awaiting their first measurement, and
the commit that last changed them.

A held-out set is committed before it is first measured, and named in its folder's
`awaiting.txt` (one set name a line, `#` starts a comment) from before its file exists: the
trainers (`medrubric.redact.train`, `medrubric.rubric.train_learned`) skip the sets named there,
so no model has seen a set before it is measured. Once measured, the name is removed and the
set becomes training data.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from medrubric.errors import InputError

AWAITING = "awaiting.txt"
T = TypeVar("T")


def awaiting_sets(data: Path) -> tuple[str, ...]:
    """The sets of `data` awaiting their first measurement, from `data/awaiting.txt`; the
    trainers skip them until they are measured. A name with no `*.jsonl` file raises
    InputError naming the line."""
    path = data / AWAITING
    if not path.exists():
        return ()
    names = []
    for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
        name = line.split("#", 1)[0].strip()
        if not name:
            continue
        if not (data / f"{name}.jsonl").is_file():
            raise InputError(f"no labelled set {name}.jsonl", path, number)
        names.append(name)
    return tuple(names)


def data_commit(data: Path) -> str | None:
    """The git commit that last changed `data`, or None outside a git checkout."""
    run = subprocess.run(
        ["git", "log", "-1", "--format=%H", "--", "."],
        cwd=data,
        capture_output=True,
        text=True,
        check=False,
    )
    return run.stdout.strip() or None


def labelled_sets(
    data: Path, load: Callable[[Path], T], leave_out: Sequence[str] = ()
) -> dict[str, T]:
    """The labelled sets of `data` (its `*.jsonl` files) by name, each read by `load`, in name
    order, without those left out."""
    return {
        path.stem: load(path) for path in sorted(data.glob("*.jsonl")) if path.stem not in leave_out
    }


def sets_to_train(
    data: Path, load: Callable[[Path], T], leave_out: Sequence[str] = ()
) -> tuple[dict[str, T], tuple[str, ...]]:
    """A trainer's sets (`labelled_sets` without those left out or awaiting measurement) and
    the names awaiting; a bad set, or none left, ends the command with one line and exit 2."""
    try:
        awaiting = awaiting_sets(data)
        sets = labelled_sets(data, load, (*leave_out, *awaiting))
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    if not sets:
        print(f"error: {data}: no labelled *.jsonl files", file=sys.stderr)
        raise SystemExit(2)
    return sets, awaiting
