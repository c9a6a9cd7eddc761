"""Label exports: a flat CSV, the meta-eval CSV, and the JSONL archive (and its import)."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from medrubric.review.models import UNSURE, Item, LabelRecord

LABEL_COLUMNS = [
    "item_key",
    "task",
    "case_id",
    "reviewer",
    "field",
    "answer",
    "comment",
    "labelled_at",
]
META_EVAL_COLUMNS = ["case_id", "criterion_id", "rater", "met", "model"]


_FORMULA_START = ("=", "+", "-", "@", "＝", "＋", "－", "＠")  # and the full-width forms


def safe_cell(value: object) -> object:
    """A text cell a spreadsheet could run as a formula gets a leading apostrophe, so a
    reviewer's comment cannot execute in the owner's spreadsheet: one starting with =, +, -
    or @ (or their full-width forms), also after leading spaces or line breaks, which some
    spreadsheets skip, and one starting with a tab, carriage return or line feed."""
    if isinstance(value, str) and (
        value.lstrip().startswith(_FORMULA_START) or value.startswith(("\t", "\r", "\n"))
    ):
        return "'" + value
    return value


def _csv(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """Every field quoted, so a separator of any locale inside a comment (`,`, `;`, a tab)
    is always within quotes, whichever one the spreadsheet splits on."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_ALL)
    writer.writerow(header)
    writer.writerows([safe_cell(v) for v in row] for row in rows)
    return out.getvalue()


def labels_csv(labels: Sequence[LabelRecord]) -> str:
    """One row per answered question; `answer` is yes, no or unsure (can't judge)."""
    rows = [
        [
            lab.item_key,
            lab.task,
            lab.case_id,
            lab.reviewer,
            field,
            answer,
            lab.comment,
            lab.labelled_at.isoformat(),
        ]
        for lab in labels
        for field, answer in lab.answers.items()
    ]
    return _csv(LABEL_COLUMNS, rows)


def meta_eval_csv(items: Sequence[Item], labels: Sequence[LabelRecord]) -> str:
    """Verdict labels as (case_id, criterion_id, rater, met) rows for `medrubric meta-eval`.

    `model` names the graded answer, since one criterion can be labelled on several answers.
    A "can't judge" verdict has no met value and is left out.
    """
    by_key = {i.key: i for i in items}
    rows = []
    for lab in labels:
        if lab.task != "verdict" or lab.answers["met"] == UNSURE:
            continue
        item = by_key[lab.item_key]
        criterion = item.payload["criterion"]["id"]
        met = "true" if lab.answers["met"] == "yes" else "false"
        rows.append([lab.case_id, criterion, lab.reviewer, met, item.payload["model"]])
    return _csv(META_EVAL_COLUMNS, rows)
