"""Project-level operations behind the `medrubric review` commands."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from medrubric.data.jsonl import read_models, write_jsonl
from medrubric.errors import InputError
from medrubric.review import db
from medrubric.review.agreement import AgreementReport, agreement_report
from medrubric.review.auth import hash_password
from medrubric.review.exports import labels_csv, meta_eval_csv
from medrubric.review.models import Item, LabelRecord, TaskName
from medrubric.review.tasks import Source, build_items, questions_for, read_pairs


def create(
    project: Path,
    source: str,
    tasks: Sequence[TaskName],
    sample: int | None = None,
    seed: int = 0,
    reviewers_per_item: int = 2,
    pairs: Path | None = None,
    database: str | None = None,
    lint: Path | None = None,
) -> int:
    """Build the chosen tasks' items from a snapshot, cases file or run directory; with
    `lint`, the criterion task reviews the criteria that `rubric lint` flagged, worst first."""
    if reviewers_per_item < 1:
        raise InputError("--reviewers-per-item: must be at least 1")
    if sample is not None and sample < 1:
        raise InputError("--sample: must be at least 1")
    items = build_items(
        Source(source), tasks, sample, seed, read_pairs(pairs) if pairs else (), lint
    )
    config = db.ProjectConfig(
        source=str(source),
        tasks=list(tasks),
        sample=sample,
        seed=seed,
        reviewers_per_item=reviewers_per_item,
        from_lint=str(lint) if lint is not None else None,
    )
    db.create_project(project, config, items, database)
    return len(items)


def _check_password(password: str) -> None:
    if len(password) < 8:
        raise InputError("password: use at least 8 characters")


def add_reviewer(
    project: Path, name: str, password: str, owner: bool = False, database: str | None = None
) -> db.Reviewer:
    if not name.strip():
        raise InputError("NAME: must not be blank")
    _check_password(password)
    with db.connect(project, database) as conn:
        return db.add_reviewer(conn, name.strip(), hash_password(password), owner)


def set_password(project: Path, name: str, password: str, database: str | None = None) -> None:
    """Change an account's password; its open sessions end."""
    _check_password(password)
    with db.connect(project, database) as conn:
        db.set_password(conn, name, hash_password(password))


def report(project: Path, database: str | None = None) -> AgreementReport:
    with db.connect(project, database) as conn:
        return agreement_report(db.all_items(conn), db.all_labels(conn))


EXPORT_FORMATS = ("jsonl", "csv", "meta-eval")


def export_labels(project: Path, out: Path, fmt: str = "jsonl", database: str | None = None) -> int:
    """Write the labels as the JSONL archive, the flat CSV or the meta-eval CSV."""
    if fmt not in EXPORT_FORMATS:
        raise InputError(f"--format: {fmt!r} is not one of {', '.join(EXPORT_FORMATS)}")
    with db.connect(project, database) as conn:
        labels = db.all_labels(conn)
        if fmt == "jsonl":
            return write_jsonl(out, labels)
        text = labels_csv(labels) if fmt == "csv" else meta_eval_csv(db.all_items(conn), labels)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    return len(labels)


def _check_label(rec: LabelRecord, item: Item | None, path: Path, line: int) -> None:
    """An imported label must name an item of this project, its task, and answer exactly
    the item's questions (a partial label would skew agreement and break the meta-eval CSV)."""
    if item is None:
        raise InputError(f"item_key: {rec.item_key!r} is not an item of this project", path, line)
    if item.task != rec.task:
        raise InputError(f"task: {rec.task!r} but the item is a {item.task!r} item", path, line)
    if rec.case_id != item.case_id:
        raise InputError(
            f"case_id: {rec.case_id!r} but the item is about {item.case_id!r}", path, line
        )
    asked = [q.field for q in questions_for(item)]
    unknown = [f for f in rec.answers if f not in asked]
    if unknown:
        raise InputError(
            f"answers: {', '.join(unknown)} is not a question of this item "
            f"(it asks {', '.join(asked)})",
            path,
            line,
        )
    missing = [f for f in asked if f not in rec.answers]
    if missing:
        raise InputError(
            f"answers: {len(rec.answers)} of {len(asked)} questions answered; "
            f"missing {', '.join(missing)}",
            path,
            line,
        )


def import_labels(project: Path, path: Path, database: str | None = None) -> int:
    """Labels of an export file written into the project; returns how many were new/changed.

    Every line is checked before anything is written, so a bad file changes nothing.
    """
    records = list(read_models(path, LabelRecord))
    with db.connect(project, database) as conn:
        ids = db.item_ids(conn)
        checked: list[tuple[int, LabelRecord]] = []
        for line, rec in records:
            item_id = ids.get(rec.item_key)
            _check_label(rec, None if item_id is None else db.item(conn, item_id), path, line)
            checked.append((ids[rec.item_key], rec))
        return db.import_labels(conn, checked)
